//! Typed defaulting and validation, controller-runtime's `CustomDefaulter`
//! and `CustomValidator` for Rust types: a [`Defaulter`] sets the defaults of
//! an object (the server answers the API server with the JSON patch that
//! makes them), a [`Validator`] admits or denies creates, updates and
//! deletes, with warnings.
//!
//! Both are async and get the [`Request`] (operation, user, dry run, ...);
//! what they look up (other objects, a clientset, a lister) they hold, as a
//! controller-runtime webhook holds its `client.Client`.

use std::future::Future;

use k8s_openapi::api::authentication::v1::UserInfo;
use kube::core::DynamicObject;
use kube::core::admission::{AdmissionRequest, Operation};

use super::denied::{Denied, Warnings};
use super::review::Incoming;

/// Sets the defaults of objects of kind `K`: a mutating admission webhook.
///
/// Called on creates and updates (never on deletes, as in
/// controller-runtime). What `default` changes is sent back as a JSON patch
/// computed through `K`'s own serialization: a field `K` does not have is
/// never added, and a `None` is left out rather than written as `null`.
/// An error denies the request.
///
/// ```
/// use kube_codegen_manager::webhook::{Defaulter, Denied, Request};
/// use k8s_openapi::api::core::v1::ConfigMap;
///
/// /// Every ConfigMap gets a `team` label.
/// struct TeamLabel;
///
/// impl Defaulter<ConfigMap> for TeamLabel {
///     async fn default(&self, _: &Request<'_>, map: &mut ConfigMap) -> Result<(), Denied> {
///         map.metadata
///             .labels
///             .get_or_insert_default()
///             .entry("team".to_owned())
///             .or_insert_with(|| "platform".to_owned());
///         Ok(())
///     }
/// }
/// ```
pub trait Defaulter<K>: Send + Sync + 'static {
    /// Sets the defaults of `object`; `Err` denies the request.
    fn default(
        &self,
        request: &Request<'_>,
        object: &mut K,
    ) -> impl Future<Output = Result<(), Denied>> + Send;
}

/// Admits or denies writes of objects of kind `K`: a validating admission
/// webhook.
///
/// `Ok(warnings)` admits (the warnings reach the client), `Err(denied)`
/// denies: [`Denied::invalid`] with field errors gives the API server's
/// `Invalid` status (422, one cause per field), [`Denied::new`] a plain
/// denial (403). Deletes are admitted unless `validate_delete` says
/// otherwise (and the webhook's configuration includes the `delete` verb).
///
/// ```
/// use kube_codegen_manager::webhook::{Denied, FieldError, Request, Validator, Warnings};
/// use k8s_openapi::api::core::v1::ConfigMap;
///
/// /// ConfigMaps hold at most 10 keys, and `mode` never changes.
/// struct Limits;
///
/// impl Validator<ConfigMap> for Limits {
///     async fn validate_create(&self, _: &Request<'_>, map: &ConfigMap) -> Result<Warnings, Denied> {
///         let keys = map.data.as_ref().map_or(0, |d| d.len());
///         if keys > 10 {
///             let name = map.metadata.name.as_deref().unwrap_or_default();
///             let error = FieldError::too_many("data", keys, 10);
///             return Err(Denied::invalid::<ConfigMap>(name, [error]));
///         }
///         Ok(Warnings::new())
///     }
///
///     async fn validate_update(&self, r: &Request<'_>, old: &ConfigMap, new: &ConfigMap) -> Result<Warnings, Denied> {
///         let mode = |m: &ConfigMap| m.data.as_ref().and_then(|d| d.get("mode")).cloned();
///         if mode(old) != mode(new) {
///             let name = new.metadata.name.as_deref().unwrap_or_default();
///             let error = FieldError::forbidden("data.mode", "may not change");
///             return Err(Denied::invalid::<ConfigMap>(name, [error]));
///         }
///         self.validate_create(r, new).await
///     }
/// }
/// ```
pub trait Validator<K>: Send + Sync + 'static {
    /// Judges a new object.
    fn validate_create(
        &self,
        request: &Request<'_>,
        object: &K,
    ) -> impl Future<Output = Result<Warnings, Denied>> + Send;

    /// Judges a change from `old` (stored) to `new`.
    fn validate_update(
        &self,
        request: &Request<'_>,
        old: &K,
        new: &K,
    ) -> impl Future<Output = Result<Warnings, Denied>> + Send;

    /// Judges the deletion of `object` (the stored object); admits it by
    /// default.
    fn validate_delete(
        &self,
        request: &Request<'_>,
        object: &K,
    ) -> impl Future<Output = Result<Warnings, Denied>> + Send {
        let _ = (request, object);
        std::future::ready(Ok(Warnings::new()))
    }
}

/// The admission request a defaulter or validator is called for, without
/// its objects (those come typed): controller-runtime's `admission.Request`.
#[derive(Clone, Copy)]
pub struct Request<'a> {
    incoming: &'a Incoming<'a>,
}

impl std::fmt::Debug for Request<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Request")
            .field("uid", &self.uid())
            .field("operation", self.operation())
            .field("namespace", &self.namespace())
            .field("name", &self.name())
            .finish_non_exhaustive()
    }
}

impl<'a> Request<'a> {
    pub(crate) fn new(incoming: &'a Incoming<'a>) -> Self {
        Request { incoming }
    }

    /// `CREATE`, `UPDATE` or `DELETE`.
    pub fn operation(&self) -> &'a Operation {
        self.incoming.operation()
    }

    /// The object's name (empty on a create with `generateName`).
    pub fn name(&self) -> &'a str {
        self.incoming.name()
    }

    /// The request's namespace (`None` for cluster-scoped kinds).
    pub fn namespace(&self) -> Option<&'a str> {
        self.incoming.namespace()
    }

    /// A dry run: the result will not be stored, so the webhook must cause
    /// no side effects (its configuration says `sideEffects: None`).
    pub fn dry_run(&self) -> bool {
        self.incoming.dry_run()
    }

    /// Who made the request (read from the review when first asked for).
    pub fn user_info(&self) -> &'a UserInfo {
        self.incoming.user_info()
    }

    /// The review's uid.
    pub fn uid(&self) -> &'a str {
        self.incoming.uid()
    }

    /// The whole admission request as the API server sent it (objects
    /// untyped, options, sub-resource, ...), read from the review when first
    /// asked for: the server reads only what a typed webhook needs.
    pub fn review(&self) -> &'a AdmissionRequest<DynamicObject> {
        self.incoming.whole()
    }
}
