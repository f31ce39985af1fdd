//! `metadata.managedFields`: who owns which fields, read from and written to
//! the wire format as the API server does (`managedfields/internal`).

use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{FieldsV1, ManagedFieldsEntry, Time};
use serde_json::Value;

use crate::set::Set;

/// `Apply` or `Update`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Operation {
    /// Server-side apply.
    Apply,
    /// Create, update or a non-apply patch.
    Update,
}

impl Operation {
    /// The wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            Operation::Apply => "Apply",
            Operation::Update => "Update",
        }
    }
}

/// Who a managed fields entry belongs to (`BuildManagerIdentifier`): the
/// manager, the operation, the subresource, and for updates the API version
/// (an applier is one manager whatever version it applies with).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ManagerId {
    /// The field manager name.
    pub manager: String,
    /// Apply or Update.
    pub operation: Operation,
    /// For `Update` only: the API version of the request.
    pub api_version: String,
    /// `""` or `"status"`, ...
    pub subresource: String,
}

impl ManagerId {
    /// How conflicts name the manager (`printManager`): `"name"`, `"name"
    /// with subresource "status"`, `"name" using group/v1`.
    pub fn describe(&self) -> String {
        let mut s = crate::go::go_quote(&self.manager);
        if !self.subresource.is_empty() {
            s = format!(
                "{s} with subresource {}",
                crate::go::go_quote(&self.subresource)
            );
        }
        if self.operation == Operation::Update {
            s = format!("{s} using {}", self.api_version);
        }
        s
    }
}

/// The fields one manager owns, at the API version it used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VersionedSet {
    /// The owned fields.
    pub set: Set,
    /// The API version the set is expressed in.
    pub api_version: String,
    /// Whether the manager applied (else updated).
    pub applied: bool,
}

/// All managers of an object with their fields and times.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ManagedFields {
    /// Fields by manager.
    pub fields: BTreeMap<ManagerId, VersionedSet>,
    /// Time of each manager's last change.
    pub times: BTreeMap<ManagerId, Option<Time>>,
}

/// Why `metadata.managedFields` cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct DecodeError(pub String);

impl ManagedFields {
    /// Reads `metadata.managedFields` (`DecodeManagedFields`).
    pub fn decode(entries: &[ManagedFieldsEntry]) -> Result<ManagedFields, DecodeError> {
        let mut out = ManagedFields::default();
        for (i, e) in entries.iter().enumerate() {
            let operation = match e.operation.as_deref() {
                Some("Apply") => Operation::Apply,
                Some("Update") => Operation::Update,
                _ => return Err(DecodeError("operation must be `Apply` or `Update`".into())),
            };
            let api_version = e.api_version.clone().unwrap_or_default();
            if api_version.is_empty() {
                return Err(DecodeError("apiVersion must not be empty".into()));
            }
            match e.fields_type.as_deref() {
                Some("FieldsV1") => {}
                None | Some("") => {
                    return Err(DecodeError(format!(
                        "missing fieldsType in managed fields entry {i}"
                    )));
                }
                Some(other) => {
                    return Err(DecodeError(format!(
                        "invalid fieldsType {other:?} in managed fields entry {i}"
                    )));
                }
            }
            let id = ManagerId {
                manager: e.manager.clone().unwrap_or_default(),
                operation,
                api_version: if operation == Operation::Apply {
                    String::new()
                } else {
                    api_version.clone()
                },
                subresource: e.subresource.clone().unwrap_or_default(),
            };
            let empty = Value::Object(Default::default());
            let set = Set::from_fields_v1(e.fields_v1.as_ref().map_or(&empty, |f| &f.0))
                .map_err(|m| DecodeError(format!("error decoding set: {m}")))?;
            out.fields.insert(
                id.clone(),
                VersionedSet {
                    set,
                    api_version,
                    applied: operation == Operation::Apply,
                },
            );
            out.times.insert(id, e.time.clone());
        }
        Ok(out)
    }

    /// Writes the entries, sorted as the API server sorts them: appliers
    /// first, then by time, manager, API version and subresource.
    pub fn encode(&self) -> Vec<ManagedFieldsEntry> {
        let mut entries: Vec<ManagedFieldsEntry> = self
            .fields
            .iter()
            .map(|(id, vs)| ManagedFieldsEntry {
                manager: Some(id.manager.clone()).filter(|m| !m.is_empty()),
                operation: Some(
                    if vs.applied {
                        "Apply"
                    } else {
                        id.operation.as_str()
                    }
                    .to_owned(),
                ),
                api_version: Some(vs.api_version.clone()),
                subresource: Some(id.subresource.clone()).filter(|s| !s.is_empty()),
                fields_type: Some("FieldsV1".to_owned()),
                fields_v1: Some(FieldsV1(vs.set.to_fields_v1())),
                time: self.times.get(id).cloned().flatten(),
            })
            .collect();
        entries.sort_by(|p, q| {
            let seconds = |e: &ManagedFieldsEntry| e.time.as_ref().map_or(0, |t| t.0.as_second());
            p.operation
                .cmp(&q.operation)
                .then_with(|| seconds(p).cmp(&seconds(q)))
                .then_with(|| p.manager.cmp(&q.manager))
                .then_with(|| p.api_version.cmp(&q.api_version))
                .then_with(|| p.subresource.cmp(&q.subresource))
        });
        entries
    }
}
