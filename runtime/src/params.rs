//! Parameter and result types of the typed clients: kube's own `PostParams`,
//! `ListParams`, `PatchParams`, `DeleteParams`, `WatchParams` (re-exported, so
//! generated code needs no direct `kube` dependency for them), and the few this
//! crate adds.

use futures::stream::BoxStream;
use kube::core::Status;

use crate::error::{Error, Result};

pub use kube::api::{
    DeleteParams, ListParams, ObjectList, Patch, PatchParams, PostParams, Preconditions,
    PropagationPolicy, WatchEvent, WatchParams,
};

/// `""`: passed as the namespace of a namespaced kind, lists and watches objects in
/// every namespace (client-go's `metav1.NamespaceAll`).
pub const NAMESPACE_ALL: &str = "";

/// The stream a `watch` call returns: events until the server (or the fake) ends the
/// watch, by default after `WatchParams::timeout` (290 s on the real server).
pub type WatchStream<K> = BoxStream<'static, Result<WatchEvent<K>>>;

/// Options of a server-side apply: unlike a plain `PatchParams`, the field manager is
/// required, because the API server rejects an apply without one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApplyParams {
    /// The field manager that owns the applied fields (usually the controller's name).
    pub field_manager: String,
    /// Take ownership of fields other managers own instead of failing with a conflict.
    pub force: bool,
    /// Validate and compute the result without persisting it.
    pub dry_run: bool,
}

impl ApplyParams {
    /// Apply as `field_manager`, without forcing and without dry-run.
    pub fn new(field_manager: impl Into<String>) -> ApplyParams {
        ApplyParams {
            field_manager: field_manager.into(),
            force: false,
            dry_run: false,
        }
    }

    /// Force ownership of conflicting fields.
    #[must_use]
    pub fn force(mut self) -> ApplyParams {
        self.force = true;
        self
    }

    /// Only validate and compute the result; nothing is persisted.
    #[must_use]
    pub fn dry_run(mut self) -> ApplyParams {
        self.dry_run = true;
        self
    }

    /// The `PatchParams` kube sends for this apply.
    pub fn to_patch_params(&self) -> PatchParams {
        let mut params = PatchParams::apply(&self.field_manager);
        if self.force {
            params = params.force();
        }
        if self.dry_run {
            params = params.dry_run();
        }
        params
    }
}

/// What a `delete` (or `delete_collection`) call returned.
#[derive(Clone, Debug)]
pub enum DeleteResponse<T> {
    /// The server returned the object: its last state when it is gone, or the object
    /// with `metadata.deletionTimestamp` set while finalizers still hold it.
    Object(T),
    /// The server returned a `Status` instead of the object.
    Status(Box<Status>),
}

impl<T> DeleteResponse<T> {
    /// A response carrying a `Status`.
    pub fn from_status(status: Status) -> Self {
        DeleteResponse::Status(Box::new(status))
    }

    /// The returned object, if the server sent one.
    pub fn into_object(self) -> Option<T> {
        match self {
            DeleteResponse::Object(object) => Some(object),
            DeleteResponse::Status(_) => None,
        }
    }

    /// The returned object, if the server sent one.
    pub fn object(&self) -> Option<&T> {
        match self {
            DeleteResponse::Object(object) => Some(object),
            DeleteResponse::Status(_) => None,
        }
    }
}

/// The `metadata.name` an update puts in the request URL; like client-go, an empty
/// name fails before anything is sent.
pub fn object_name<K: kube::Resource>(object: &K) -> Result<&str> {
    object
        .meta()
        .name
        .as_deref()
        .filter(|name| !name.is_empty())
        .ok_or_else(|| Error::other("resource name may not be empty"))
}
