//! Server-side apply with typed apply configurations, the machinery behind the
//! `applyconfigurations` module of generated crates (client-go's
//! `applyconfiguration-gen` output and `managedfields.ExtractInto`).
//!
//! An apply configuration is a kind's type with every field optional: it
//! serializes only what was set, so a field manager sends exactly the fields it
//! means to own, and stops owning (and, if nobody else owns it, removes) a field
//! by leaving it out of its next apply. Generated crates write one per kind and
//! per struct type a kind uses (`AppApply`, `AppSpecApply`, ...), with `with_*`
//! builders; this module holds what is the same for all of them:
//!
//! - [`ApplyConfiguration`]: what the typed verbs
//!   ([`TypedClient::apply_config`](crate::TypedClient::apply_config) and
//!   [`TypedClient::apply_status_config`](crate::TypedClient::apply_status_config))
//!   need from a configuration: its kind, name and namespace.
//! - [`ObjectMetaApply`]: the `metadata` of every configuration, and its
//!   builders on every configuration ([`MetadataBuilders`], with
//!   [`NamespaceBuilder`] for namespaced kinds).
//! - [`Extractor`]: client-go's `ExtractX`, the configuration a field manager
//!   owns on an object, read from its `metadata.managedFields` with the kind's
//!   CRD schema (list types, map keys) by `kube_codegen_merge`.
//!
//! Kubernetes types embedded in a kind (`PodTemplateSpec`, `Condition`,
//! `Quantity`, ...) appear in configurations as k8s-openapi's own types, which
//! have required fields and cannot leave them out: set such a field and the
//! whole value is sent.

mod builders;
mod extract;
mod meta;

use std::fmt::Debug;

use serde::Serialize;
use serde::de::DeserializeOwned;

pub use builders::{MetadataBuilders, NamespaceBuilder};
pub use extract::{ExtractError, Extractor};
pub use kube_codegen_merge::Subresource;
pub use meta::ObjectMetaApply;

use crate::error::{Error, ErrorKind, Result};
use crate::kind::Kind;

/// The apply configuration of a kind: what the typed apply verbs send.
/// Implemented by the `<Kind>Apply` types of generated crates.
pub trait ApplyConfiguration: Serialize + DeserializeOwned + Debug + Send + Sync {
    /// The kind the configuration applies to.
    type Kind: Kind;

    /// The configuration's `metadata`, where the object's name and namespace are.
    fn metadata(&self) -> Option<&ObjectMetaApply>;
}

/// The name a configuration applies to, checked against the namespace of the
/// client that sends it: the name is required, as client-go requires it, and a
/// namespace other than the client's would be refused by the server.
pub(crate) fn target<'a, A: ApplyConfiguration>(config: &'a A, namespace: &str) -> Result<&'a str> {
    let meta = config.metadata();
    let name = meta
        .and_then(|m| m.name.as_deref())
        .filter(|name| !name.is_empty())
        .ok_or_else(|| {
            Error::api(
                ErrorKind::BadRequest,
                format!(
                    "{}: metadata.name must be provided to apply",
                    A::Kind::INFO.kind
                ),
            )
        })?;
    if let Some(theirs) = meta.and_then(|m| m.namespace.as_deref())
        && theirs != namespace
    {
        return Err(Error::api(
            ErrorKind::BadRequest,
            format!(
                "the namespace of the provided object ({theirs}) does not match the namespace \
                 of the client ({namespace:?})"
            ),
        ));
    }
    Ok(name)
}
