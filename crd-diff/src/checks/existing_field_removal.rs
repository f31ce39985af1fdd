//! `existingFieldRemoval`: a schema node of a version that both CRDs have is
//! gone from the new one. Stored values of it are pruned on the next write,
//! and clients that set it are refused or silently lose it.

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::{
    CustomResourceDefinition, CustomResourceDefinitionVersion,
};

use super::{Change, Check, CheckInfo, CrdCheck, Level, Origin, no_settings};
use crate::schema;

pub(super) const INFO: CheckInfo = CheckInfo {
    name: "existingFieldRemoval",
    level: Level::Crd,
    catches: "a field (any schema node) of a version both CRDs have is removed",
    ratcheted: "",
    settings: "",
    origin: Origin::Crdify,
    build: |configuration| {
        no_settings(configuration)?;
        Ok(Check::Crd(Box::new(ExistingFieldRemoval)))
    },
};

struct ExistingFieldRemoval;

impl CrdCheck for ExistingFieldRemoval {
    fn compare(
        &self,
        old: &CustomResourceDefinition,
        new: &CustomResourceDefinition,
    ) -> Vec<Change> {
        let mut changes = Vec::new();
        for new_version in &new.spec.versions {
            let Some(old_version) = old
                .spec
                .versions
                .iter()
                .find(|v| v.name == new_version.name)
            else {
                continue;
            };
            let before = schema::paths(&root(old_version));
            let after = schema::paths(&root(new_version));
            for (key, path) in before {
                if !after.contains_key(&key) {
                    changes.push(Change {
                        at: Some((new_version.name.clone(), path)),
                        ..Change::new(format!("removed field : {}.{key}", new_version.name))
                    });
                }
            }
        }
        changes
    }
}

/// A version's root schema as JSON (`{}` when it has none).
pub(crate) fn root(version: &CustomResourceDefinitionVersion) -> serde_json::Value {
    version
        .schema
        .as_ref()
        .and_then(|s| s.open_api_v3_schema.as_ref())
        .and_then(|s| serde_json::to_value(s).ok())
        .unwrap_or_else(|| serde_json::Value::Object(serde_json::Map::new()))
}
