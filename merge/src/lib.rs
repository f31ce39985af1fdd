//! Server-side apply for custom resources, as the Kubernetes API server does
//! it: the Rust counterpart of [structured-merge-diff] (field sets, merge,
//! conflicts) and of the API server's field manager (`metadata.managedFields`
//! on create, update, patch and apply).
//!
//! A [`FieldManager`] compiles the schemas of a CRD's versions once; then
//! [`FieldManager::apply`] merges an applied configuration into a live
//! object following the schema's list and map types (`x-kubernetes-list-type`
//! `atomic`/`set`/`map` with `x-kubernetes-list-map-keys`,
//! `x-kubernetes-map-type`), records who owns what, raises conflicts between
//! managers (unless forced), and removes fields a manager stops applying when
//! nobody else owns them; [`FieldManager::update`] keeps ownership up to date
//! after other writes. Objects are `serde_json::Value`s.
//!
//! [structured-merge-diff]: https://github.com/kubernetes-sigs/structured-merge-diff

mod cap;
mod error;
pub mod go;
mod managed;
mod manager;
mod path;
mod schema;
mod set;
pub mod typed;
mod updater;
mod value;

pub use cap::MAX_UPDATE_MANAGERS;
pub use error::Error;
pub use managed::{DecodeError, ManagedFields, ManagerId, Operation, VersionedSet};
pub use manager::{BEFORE_FIRST_APPLY, FieldManager, Subresource};
pub use path::{Path, PathElement};
pub use schema::{Schema, TypeId};
pub use set::Set;
pub use updater::Conflict;

#[cfg(test)]
mod tests;
