//! `storedVersionRemoval`: a version listed in the old CRD's
//! `status.storedVersions` is gone from the new CRD. The API server refuses
//! such a CRD until the objects are migrated and the version is taken out of
//! `storedVersions`. Only an installed CRD (`cluster:<name>`) has a status.

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;

use super::{Change, Check, CheckInfo, CrdCheck, Level, Origin, no_settings};
use crate::gofmt::list;

pub(super) const INFO: CheckInfo = CheckInfo {
    name: "storedVersionRemoval",
    level: Level::Crd,
    catches: "a version in the old CRD's `status.storedVersions` is removed",
    ratcheted: "",
    settings: "",
    origin: Origin::Crdify,
    build: |configuration| {
        no_settings(configuration)?;
        Ok(Check::Crd(Box::new(StoredVersionRemoval)))
    },
};

struct StoredVersionRemoval;

impl CrdCheck for StoredVersionRemoval {
    fn compare(
        &self,
        old: &CustomResourceDefinition,
        new: &CustomResourceDefinition,
    ) -> Vec<Change> {
        let stored = old
            .status
            .as_ref()
            .and_then(|s| s.stored_versions.as_deref())
            .unwrap_or_default();
        let removed: Vec<&str> = stored
            .iter()
            .filter(|v| !new.spec.versions.iter().any(|n| &n.name == *v))
            .map(String::as_str)
            .collect();
        if removed.is_empty() {
            return Vec::new();
        }
        vec![Change::new(format!(
            "stored versions removed : {}",
            list(&removed)
        ))]
    }
}
