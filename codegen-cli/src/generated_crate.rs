//! What a generated crate depends on, in one place.
//!
//! Scaffolding (a new generated crate's `Cargo.toml`), the README and the
//! `build.rs` docs all list the same crates; they take them from
//! [`dependencies`] so the list cannot drift from what the emitters use.

use std::fmt::Write as _;

/// One crate the generated code uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dependency {
    /// The crate's name on crates.io.
    pub name: &'static str,
    /// The version requirement the generated code is written against.
    pub version: &'static str,
    /// Cargo features the generated code needs.
    pub features: &'static [&'static str],
    /// Whether the crate's default features are wanted (kube's choose a TLS
    /// stack, which belongs to the application, not to a library).
    pub default_features: bool,
    /// Why the generated code needs it.
    pub used_for: &'static str,
}

/// The crates generated code depends on, in the order a `Cargo.toml` lists them.
///
/// k8s-openapi comes without a version feature: a library leaves the choice of
/// the Kubernetes version to the application (k8s-openapi's rule).
pub fn dependencies() -> &'static [Dependency] {
    &[
        Dependency {
            name: "kube",
            version: "5.0.0",
            features: &["client", "runtime"],
            default_features: false,
            used_for: "the typed clientsets (client) and the informers (runtime)",
        },
        Dependency {
            name: "k8s-openapi",
            version: "0.29.0",
            features: &[],
            default_features: true,
            used_for: "ObjectMeta, ListMeta and the Resource trait",
        },
        Dependency {
            name: "serde",
            version: "1",
            features: &["derive"],
            default_features: true,
            used_for: "(de)serialising the API types",
        },
        Dependency {
            name: "serde_json",
            version: "1",
            features: &[],
            default_features: true,
            used_for: "patches and the fake clientset's object store",
        },
        Dependency {
            name: "serde-saphyr",
            version: "2.1",
            features: &[],
            default_features: true,
            used_for: "parsing the embedded CRD YAML (`crds::all()`)",
        },
        Dependency {
            name: "futures",
            version: "0.3",
            features: &[],
            default_features: true,
            used_for: "watch streams of the clientset, the fake and the informers",
        },
        Dependency {
            name: "tokio",
            version: "1",
            features: &["macros", "rt", "sync", "time"],
            default_features: true,
            used_for: "the informers' tasks, resync timers and readiness signals",
        },
    ]
}

/// The `[dependencies]` table of a new generated crate's `Cargo.toml`.
pub fn dependencies_toml() -> String {
    let mut out = String::from("[dependencies]\n");
    for dep in dependencies() {
        let mut fields = vec![format!("version = \"{}\"", dep.version)];
        if !dep.default_features {
            fields.push("default-features = false".to_owned());
        }
        if !dep.features.is_empty() {
            let features: Vec<String> = dep.features.iter().map(|f| format!("\"{f}\"")).collect();
            fields.push(format!("features = [{}]", features.join(", ")));
        }
        // Writing to a String cannot fail.
        let _ = writeln!(out, "{} = {{ {} }}", dep.name, fields.join(", "));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toml_lists_every_dependency_with_its_features() {
        let toml = dependencies_toml();
        assert!(toml.starts_with("[dependencies]\n"));
        assert!(toml.contains(
            "kube = { version = \"5.0.0\", default-features = false, features = [\"client\", \"runtime\"] }\n"
        ));
        assert!(toml.contains("k8s-openapi = { version = \"0.29.0\" }\n"));
        assert_eq!(toml.lines().count(), dependencies().len() + 1);
    }
}
