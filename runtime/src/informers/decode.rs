//! Decoding a list or watch object by object: an object that does not decode as
//! the informer's type becomes a [`DecodeError`] instead of failing the whole
//! list (which kube-runtime's watcher would retry forever, so the informer
//! would never sync).
//!
//! Objects stop decoding when they were written through another version of a
//! kind without conversion, by an older schema, or by a client that skipped
//! validation; the rest of the list is still worth serving.

use std::borrow::Cow;
use std::fmt;

use k8s_openapi::api::core::v1::ObjectReference;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use kube::core::{DynamicResourceScope, Resource};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};
use serde_json::Value;

/// One object of a list or watch: decoded as `K`, or the report of why it does
/// not decode.
///
/// Informers watch `Decoded<K>` (it is a `Resource` with `K`'s URL, so
/// kube-runtime's watcher lists and watches it as it would `K`) and cache only
/// the decoded objects. Build one from JSON with `serde_json::from_value` to
/// script an informer in a test
/// ([`SharedInformer::from_decoded_stream`](super::SharedInformer::from_decoded_stream)).
#[derive(Debug, Clone)]
pub enum Decoded<K> {
    /// The object, decoded.
    Object(K),
    /// An object that does not decode as `K`.
    Undecodable(Box<DecodeError>),
}

/// An object an informer could not decode as its Rust type: which object (kind,
/// namespace/name, resourceVersion, uid), where in it decoding failed and why.
///
/// Its `Display` is the report the informer logs:
/// `cannot decode App default/web (resourceVersion 42) as my_api::App: at
/// spec.replicas: invalid type: string "three", expected i32`.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error(
    "cannot decode {kind} {key} (resourceVersion {rv}) as {rust_type}: at {path}: {message}",
    key = self.key(),
    rv = self.resource_version().unwrap_or("unknown"),
)]
pub struct DecodeError {
    api_version: String,
    kind: String,
    metadata: ObjectMeta,
    rust_type: &'static str,
    path: String,
    message: String,
}

impl DecodeError {
    /// Why `value` does not decode as `K`.
    fn new<K: DeserializeOwned>(value: &Value) -> Self {
        let text = |pointer: &str| value.pointer(pointer).and_then(Value::as_str);
        let owned = |pointer: &str| text(pointer).map(str::to_owned);
        let (path, message) = match serde_path_to_error::deserialize::<_, K>(value) {
            Err(error) => (error.path().to_string(), error.inner().to_string()),
            // Not reached: it just failed without the path tracking.
            Ok(_) => (".".to_owned(), "does not decode".to_owned()),
        };
        DecodeError {
            api_version: owned("/apiVersion").unwrap_or_default(),
            kind: owned("/kind").unwrap_or_default(),
            metadata: ObjectMeta {
                name: owned("/metadata/name"),
                namespace: owned("/metadata/namespace"),
                resource_version: owned("/metadata/resourceVersion"),
                uid: owned("/metadata/uid"),
                ..ObjectMeta::default()
            },
            rust_type: std::any::type_name::<K>(),
            path,
            message,
        }
    }

    /// Names the kind the informer watches (list items of built-in kinds carry
    /// no `kind`, and a watch of another version would carry its own).
    pub(crate) fn set_kind(&mut self, api_version: &str, kind: &str) {
        api_version.clone_into(&mut self.api_version);
        kind.clone_into(&mut self.kind);
    }

    /// The object's name, namespace, resourceVersion and uid.
    pub(crate) fn meta(&self) -> &ObjectMeta {
        &self.metadata
    }

    /// The kind of the object, as the informer watches it.
    pub fn kind(&self) -> &str {
        &self.kind
    }

    /// The `apiVersion` the informer watches the object in.
    pub fn api_version(&self) -> &str {
        &self.api_version
    }

    /// The object's namespace (`None` for a cluster-scoped kind).
    pub fn namespace(&self) -> Option<&str> {
        self.metadata.namespace.as_deref()
    }

    /// The object's name.
    pub fn name(&self) -> &str {
        self.metadata.name.as_deref().unwrap_or_default()
    }

    /// `namespace/name`, or `name` for a cluster-scoped object.
    pub fn key(&self) -> String {
        match self.namespace() {
            Some(namespace) => format!("{namespace}/{}", self.name()),
            None => self.name().to_owned(),
        }
    }

    /// The resourceVersion of the state that does not decode.
    pub fn resource_version(&self) -> Option<&str> {
        self.metadata.resource_version.as_deref()
    }

    /// The object's uid.
    pub fn uid(&self) -> Option<&str> {
        self.metadata.uid.as_deref()
    }

    /// The Rust type the object does not decode as.
    pub fn rust_type(&self) -> &'static str {
        self.rust_type
    }

    /// Where in the object decoding failed, as serde saw it: `spec.replicas`,
    /// `spec.ports[2].port`, or `.` for the object itself.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// Serde's message: `invalid type: string "three", expected i32`.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// A reference to the object, for a Kubernetes Event about it
    /// (`kube::runtime::events::Recorder::publish`).
    pub fn object_ref(&self) -> ObjectReference {
        ObjectReference {
            api_version: Some(self.api_version.clone()),
            kind: Some(self.kind.clone()),
            name: self.metadata.name.clone(),
            namespace: self.metadata.namespace.clone(),
            resource_version: self.metadata.resource_version.clone(),
            uid: self.metadata.uid.clone(),
            field_path: None,
        }
    }
}

impl<K: DeserializeOwned> Decoded<K> {
    /// Decodes `value` as `K`, or reports why it does not decode.
    pub fn from_value(value: &Value) -> Self {
        // Without path tracking first: it costs on every object, and is only
        // needed for the rare one that fails.
        match K::deserialize(value) {
            Ok(object) => Decoded::Object(object),
            Err(_) => Decoded::Undecodable(Box::new(DecodeError::new::<K>(value))),
        }
    }
}

impl<'de, K: DeserializeOwned> Deserialize<'de> for Decoded<K> {
    /// Never fails for a JSON value: an object that does not decode as `K` is
    /// [`Decoded::Undecodable`]. The value is read once, then decoded from
    /// memory, because a streaming decoder cannot go back to report a failure.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Self::from_value(&Value::deserialize(deserializer)?))
    }
}

impl<K> From<K> for Decoded<K> {
    fn from(object: K) -> Self {
        Decoded::Object(object)
    }
}

/// `K`'s resource: lists and watches of `Decoded<K>` go to `K`'s URL.
impl<K: Resource> Resource for Decoded<K> {
    type DynamicType = K::DynamicType;
    // Any scope: the informer builds its `Api` from one already scoped for `K`.
    type Scope = DynamicResourceScope;

    fn kind(dt: &K::DynamicType) -> Cow<'_, str> {
        K::kind(dt)
    }

    fn group(dt: &K::DynamicType) -> Cow<'_, str> {
        K::group(dt)
    }

    fn version(dt: &K::DynamicType) -> Cow<'_, str> {
        K::version(dt)
    }

    fn api_version(dt: &K::DynamicType) -> Cow<'_, str> {
        K::api_version(dt)
    }

    fn plural(dt: &K::DynamicType) -> Cow<'_, str> {
        K::plural(dt)
    }

    fn metadata_api() -> bool {
        K::metadata_api()
    }

    fn url_path(dt: &K::DynamicType, namespace: Option<&str>) -> String {
        K::url_path(dt, namespace)
    }

    fn meta(&self) -> &ObjectMeta {
        match self {
            Decoded::Object(object) => object.meta(),
            Decoded::Undecodable(error) => &error.metadata,
        }
    }

    fn meta_mut(&mut self) -> &mut ObjectMeta {
        match self {
            Decoded::Object(object) => object.meta_mut(),
            Decoded::Undecodable(error) => &mut error.metadata,
        }
    }
}

/// What the informer does with an object it cannot decode, for its log line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Not cached: listers and handlers do not see it.
    LeftOut,
    /// An earlier state that decoded stays cached.
    KeptStale,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::LeftOut => {
                "the informer leaves it out of its cache until it decodes; fix the object \
                 or convert it to the schema of this version"
            }
            Outcome::KeptStale => {
                "the informer keeps the last state that decoded in its cache until it \
                 decodes again; fix the object or convert it to the schema of this version"
            }
        })
    }
}
