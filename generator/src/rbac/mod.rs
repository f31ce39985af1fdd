//! RBAC from `+kubebuilder:rbac` markers: controller-gen's `rbac` generator for
//! Rust sources.
//!
//! The controller says next to each API call what permission it needs:
//!
//! ```text
//! // +kubebuilder:rbac:groups=apps,resources=deployments,verbs=list;watch;create;patch
//! ```
//!
//! and this module turns every such marker under a source directory into a
//! ClusterRole named `role_name` plus one Role per `namespace=` (and per
//! `roleName=`), with the rules merged and sorted exactly as controller-gen
//! merges and sorts them.
//!
//! The pieces: `scan` finds the markers in every `.rs` file, `marker` checks one
//! marker and turns it into a typed [`Rule`], `normalize` merges the rules into
//! roles, `yaml` writes them.

mod marker;
mod normalize;
mod scan;
mod yaml;

use std::path::{Path, PathBuf};

use crate::diag::Diagnostics;
use crate::model::Location;

pub use normalize::{PolicyRule, Role, roles};
pub use yaml::render;

/// The `+kubebuilder:rbac` marker, for the marker reference ([`crate::docs`]).
pub(crate) fn marker_def() -> &'static crate::parse::marker_registry::MarkerDef {
    &marker::DEF
}

/// What an argument of `+kubebuilder:rbac` takes beyond its type, in
/// Markdown, for the marker reference.
pub(crate) fn argument_values(arg: &str) -> Option<String> {
    (arg == "verbs").then(|| {
        format!(
            "{}; with `urls`, {}",
            crate::prose::code_list(marker::VERBS),
            crate::prose::code_list(marker::URL_VERBS)
        )
    })
}

/// controller-gen's generator option `roleName` as kubebuilder projects set it
/// (`rbac:roleName=manager-role`): the name of the ClusterRole, and of every Role
/// whose marker has no `roleName=`.
pub const DEFAULT_ROLE_NAME: &str = "manager-role";

/// controller-gen's default output file name.
pub const DEFAULT_FILE_NAME: &str = "role.yaml";

/// One `+kubebuilder:rbac` marker, checked: what it grants, and to which role.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    /// API groups as written, `core` already turned into the empty group.
    pub groups: Vec<String>,
    pub resources: Vec<String>,
    pub resource_names: Vec<String>,
    pub verbs: Vec<String>,
    /// Non-resource URLs (`urls=`).
    pub urls: Vec<String>,
    /// `namespace=`: a Role in this namespace; empty: the ClusterRole.
    pub namespace: String,
    /// `roleName=`: this role instead of the generator's role name.
    pub role_name: Option<String>,
    pub location: Location,
}

/// What the markers under a directory produce.
#[derive(Debug)]
pub struct Generated {
    /// The roles, in controller-gen's order (by namespace, then name).
    pub roles: Vec<Role>,
    /// Things worth knowing that did not stop generation.
    pub warnings: Diagnostics,
    /// The `.rs` files read.
    pub files: Vec<PathBuf>,
}

/// Reads every marker of every `.rs` file under `source_dir` and builds the roles.
/// Any bad marker is an error (all of them are reported) and nothing is produced.
pub fn generate(source_dir: &Path, role_name: &str) -> Result<Generated, Diagnostics> {
    let scanned = scan::scan_dir(source_dir)?;
    let mut warnings = scanned.warnings;
    if scanned.rules.is_empty() {
        warnings.push(crate::diag::Diagnostic::warning(
            format!(
                "no `+kubebuilder:rbac` markers in {}; the RBAC output grants nothing",
                source_dir.display()
            ),
            Location {
                file: source_dir.to_path_buf(),
                line: 0,
                column: 0,
            },
        ));
    }
    Ok(Generated {
        roles: roles(&scanned.rules, role_name),
        warnings,
        files: scanned.files,
    })
}
