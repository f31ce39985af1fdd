//! `crdRemoval`: a CRD of the old set is missing from the new one (crdify
//! compares one CRD to one CRD and has no such case). Applying the new set
//! leaves the old CRD installed and unmaintained; deleting it deletes every
//! object of the kind.

use super::{Change, Check, CheckInfo, Level, Origin, no_settings};

pub(super) const INFO: CheckInfo = CheckInfo {
    name: "crdRemoval",
    level: Level::Crd,
    catches: "a CRD of the old set is missing from the new set",
    ratcheted: "",
    settings: "",
    origin: Origin::KubeCodegen,
    build: |configuration| {
        no_settings(configuration)?;
        Ok(Check::Removal)
    },
};

/// The finding for a CRD that is gone.
pub(crate) fn change(name: &str) -> Change {
    Change::new(format!("CustomResourceDefinition removed : {name}"))
}
