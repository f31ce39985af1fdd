//! `scope`: the CRD's scope changed (Namespaced ↔ Cluster). Objects cannot
//! move between scopes: every client and every stored object breaks.

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;

use super::{Change, Check, CheckInfo, CrdCheck, Level, Origin, no_settings};
use crate::gofmt::quote;

pub(super) const INFO: CheckInfo = CheckInfo {
    name: "scope",
    level: Level::Crd,
    catches: "the scope changed (`Namespaced` ↔ `Cluster`)",
    ratcheted: "",
    settings: "",
    origin: Origin::Crdify,
    build: |configuration| {
        no_settings(configuration)?;
        Ok(Check::Crd(Box::new(Scope)))
    },
};

struct Scope;

impl CrdCheck for Scope {
    fn compare(
        &self,
        old: &CustomResourceDefinition,
        new: &CustomResourceDefinition,
    ) -> Vec<Change> {
        if old.spec.scope == new.spec.scope {
            return Vec::new();
        }
        vec![Change::new(format!(
            "scope changed : {} -> {}",
            quote(&old.spec.scope),
            quote(&new.spec.scope)
        ))]
    }
}
