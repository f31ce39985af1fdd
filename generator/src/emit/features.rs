//! The generated crate's cargo features: one per API group and one for the
//! apply configurations, all on by default, so a program that uses one group
//! of a big API compiles that group only (k8s-openapi and the AWS SDK crates
//! let their users choose what to compile the same way).
//!
//! A group's feature gates its types (`apis::<group>`), clients, informers,
//! listers, apply configurations, CRD constants, conversions and entries in the
//! crate-wide lists (`crds::all()`, `apis::known_kinds()`, the accessors of
//! `clientset::Interface` and `informers::SharedInformerFactoryExt`).
//! `applyconfigurations` gates that module. The features are declared in the
//! crate's `Cargo.toml` by `generate` ([`crate::cargo_features`]); code
//! generated into a `build.rs`'s `OUT_DIR` has none (the including crate has
//! its own features), see [`EmitOptions::cargo_features`].

use std::collections::BTreeSet;

use crate::emit::EmitOptions;
use crate::emit::code::{Code, lit};
use crate::model::{Api, Group};

/// The feature of the apply configurations.
pub const APPLY_CONFIGURATIONS: &str = "applyconfigurations";

/// Names a group's feature cannot take: cargo's `default` and the other
/// features the generator declares.
const TAKEN: &[&str] = &["default", APPLY_CONFIGURATIONS];

/// One feature of the generated crate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Feature {
    /// The feature's name (`myapp`).
    pub name: String,
    /// The features it turns on too (a group whose code names another's).
    pub enables: Vec<String>,
    /// What it compiles, for the comment above it in `Cargo.toml`.
    pub doc: String,
}

/// The feature of `group`: its module's name (`myapp` for `myapp.k8s.io`), or
/// `<module>-group` where that is a name the generator already uses.
pub fn group_feature(group: &Group) -> String {
    let module = group.module.trim_start_matches("r#");
    if TAKEN.contains(&module) {
        format!("{module}-group")
    } else {
        module.to_owned()
    }
}

/// The features of the crate generated for `api`: one per group (in the
/// model's order), then `applyconfigurations` when it has them.
pub fn features(api: &Api, opts: &EmitOptions) -> Vec<Feature> {
    let mut out: Vec<Feature> = api
        .groups
        .iter()
        .map(|group| Feature {
            name: group_feature(group),
            enables: references(api, group)
                .into_iter()
                .map(group_feature)
                .collect(),
            doc: if group.name.is_empty() {
                "The legacy core API group.".to_owned()
            } else {
                format!("The API group `{}`.", group.name)
            },
        })
        .collect();
    if opts.apply_configurations && !api.groups.is_empty() {
        out.push(Feature {
            name: APPLY_CONFIGURATIONS.to_owned(),
            enables: Vec::new(),
            doc: "The apply configurations (`applyconfigurations`) of the enabled groups."
                .to_owned(),
        });
    }
    out
}

/// The other groups whose modules the hand-written items and `use`s of
/// `group`'s files name (`crate::<module>::...`): their features come with it.
fn references<'a>(api: &'a Api, group: &Group) -> Vec<&'a Group> {
    let texts: Vec<&str> = group
        .versions
        .iter()
        .flat_map(|v| &v.files)
        .flat_map(|f| f.uses.iter().chain(&f.items))
        .map(String::as_str)
        .collect();
    let named: BTreeSet<&str> = texts
        .iter()
        .flat_map(|text| text.match_indices("crate::").map(|(at, _)| &text[at + 7..]))
        .map(|rest| {
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            &rest[..end]
        })
        .collect();
    api.groups
        .iter()
        .filter(|other| other.module != group.module && named.contains(other.module.as_str()))
        .collect()
}

/// `#[cfg(feature = "<group>")]` above an item of `group`, when the crate has features.
pub(crate) fn gate(code: &mut Code, opts: &EmitOptions, group: &Group) {
    if opts.cargo_features {
        code.line(format_args!(
            "#[cfg(feature = {})]",
            lit(&group_feature(group))
        ));
    }
}

/// `#[cfg(feature = "applyconfigurations")]`, when the crate has features.
pub(crate) fn gate_apply(code: &mut Code, opts: &EmitOptions) {
    if opts.cargo_features {
        code.line(format_args!(
            "#[cfg(feature = {})]",
            lit(APPLY_CONFIGURATIONS)
        ));
    }
}
