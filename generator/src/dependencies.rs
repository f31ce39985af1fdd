//! The crates generated code and a scaffolded operator use, in one list.
//! `kube-codegen init` writes them into a new workspace: every version once, in
//! the root `Cargo.toml`'s `[workspace.dependencies]` ([`workspace`], and the
//! [`ProjectCrate`]s from where `kube-codegen-scaffold`'s `source` says), and each
//! crate's own list ([`generated_crate`], [`api_crate`], [`operator_crate`]) as
//! `{ workspace = true }` plus the features that crate adds. When what the
//! emitters or the scaffold's templates produce needs another crate, change it
//! here and nowhere else.

use crate::model::{Api, Field, FieldType, Location, TypeBody, TypeDef};

/// One `[dependencies]` entry of a crate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dependency {
    /// The package name (`serde-saphyr`).
    pub name: &'static str,
    /// The version requirement (`"0.29.0"`).
    pub version: &'static str,
    /// Cargo features to enable.
    pub features: &'static [&'static str],
    /// Whether the crate's default features stay on.
    pub default_features: bool,
    /// Why generated code needs it (written as a comment).
    pub why: &'static str,
}

impl Dependency {
    /// The line of a workspace member that inherits this dependency from
    /// `[workspace.dependencies]` (whose entry is [`workspace`]'s), adding the
    /// features the workspace entry lacks.
    pub fn inherited_line(&self) -> String {
        let base = workspace()
            .into_iter()
            .find(|w| w.name == self.name)
            .map_or(&[][..], |w| w.features);
        let extra: Vec<String> = self
            .features
            .iter()
            .filter(|f| !base.contains(f))
            .map(|f| format!("\"{f}\""))
            .collect();
        if extra.is_empty() {
            format!("{} = {{ workspace = true }}", self.name)
        } else {
            format!(
                "{} = {{ workspace = true, features = [{}] }}",
                self.name,
                extra.join(", ")
            )
        }
    }

    /// The line of a crate that inherits this dependency from its workspace,
    /// whatever the workspace's entry enables, with this one's features:
    /// `name = { workspace = true[, features = [...]] }`.
    pub fn inherited_line_with_features(&self) -> String {
        if self.features.is_empty() {
            return format!("{} = {{ workspace = true }}", self.name);
        }
        let list: Vec<String> = self.features.iter().map(|f| format!("\"{f}\"")).collect();
        format!(
            "{} = {{ workspace = true, features = [{}] }}",
            self.name,
            list.join(", ")
        )
    }

    /// The `name = { ... }` line of a `Cargo.toml`.
    pub fn toml_line(&self) -> String {
        let mut fields = vec![format!("version = \"{}\"", self.version)];
        if !self.default_features {
            fields.push("default-features = false".to_owned());
        }
        if !self.features.is_empty() {
            let list: Vec<String> = self.features.iter().map(|f| format!("\"{f}\"")).collect();
            fields.push(format!("features = [{}]", list.join(", ")));
        }
        format!("{} = {{ {} }}", self.name, fields.join(", "))
    }
}

/// The Kubernetes version feature of k8s-openapi that applications (and the
/// `apis` input crate) enable; libraries such as a generated crate leave it
/// to the application.
pub const K8S_OPENAPI_VERSION_FEATURE: &str = "v1_34";

/// `K8S_OPENAPI_ENABLED_VERSION` matching [`K8S_OPENAPI_VERSION_FEATURE`], for
/// commands that build a generated crate on its own (`cargo doc -p generated`).
pub const K8S_OPENAPI_ENABLED_VERSION: &str = "1.34";

const K8S_OPENAPI: Dependency = Dependency {
    name: "k8s-openapi",
    version: "0.29.0",
    features: &[],
    default_features: true,
    why: "the Kubernetes types (ObjectMeta, Condition, CustomResourceDefinition)",
};

const SERDE: Dependency = Dependency {
    name: "serde",
    version: "1",
    features: &["derive"],
    default_features: true,
    why: "(de)serialising the types",
};

/// The runtime crate generated code stands on.
pub const RUNTIME_CRATE: &str = "kube-codegen-runtime";

/// The release series of the runtime this generator writes code for: the
/// requirement written into a generated crate's `Cargo.toml`. Generated code
/// checks it at compile time through [`RUNTIME_VERSION_CONST`], and `generate`
/// refuses an output crate that asks for an incompatible runtime
/// ([`crate::runtime_version`]).
pub const RUNTIME_VERSION_REQ: &str = "0.1";

/// The constant of the runtime that generated code names to pin
/// [`RUNTIME_VERSION_REQ`] (`const _: () = kube_codegen_runtime::VERSION_0_1;`).
pub const RUNTIME_VERSION_CONST: &str = "VERSION_0_1";

const KUBE: Dependency = Dependency {
    name: "kube",
    version: "5.0.0",
    features: &["client", "rustls-tls", "ring", "runtime"],
    default_features: false,
    why: "the client the clientsets and informers talk through",
};

const SERDE_JSON: Dependency = Dependency {
    name: "serde_json",
    version: "1",
    features: &[],
    default_features: true,
    why: "JSON values in the types (free-form fields, raw extensions)",
};

const TOKIO: Dependency = Dependency {
    name: "tokio",
    version: "1",
    features: &[],
    default_features: true,
    why: "the async runtime",
};

/// What the code `kube-codegen generate` writes needs at run time.
pub fn generated_crate() -> Vec<Dependency> {
    vec![
        Dependency {
            name: RUNTIME_CRATE,
            version: RUNTIME_VERSION_REQ,
            features: &[],
            default_features: true,
            why: "the typed and fake clientsets, informers, listers and errors generated code is a typed surface over",
        },
        KUBE,
        K8S_OPENAPI,
        SERDE,
        SERDE_JSON,
    ]
}

/// The registry crates of a scaffolded workspace, as its root `Cargo.toml`'s
/// `[workspace.dependencies]` states them (with the features every member
/// needs; members add their own).
pub fn workspace() -> Vec<Dependency> {
    vec![
        KUBE,
        K8S_OPENAPI,
        SERDE,
        SERDE_JSON,
        TOKIO,
        Dependency {
            why: "structured logs",
            ..TRACING
        },
        Dependency {
            why: "command-line flags",
            ..CLAP
        },
        ANYHOW,
        THISERROR,
    ]
}

const THISERROR: Dependency = Dependency {
    name: "thiserror",
    version: "2",
    features: &[],
    default_features: true,
    why: "the controllers' error types",
};

const ANYHOW: Dependency = Dependency {
    name: "anyhow",
    version: "1",
    features: &[],
    default_features: true,
    why: "the error `main` reports",
};

const TRACING: Dependency = Dependency {
    name: "tracing",
    version: "0.1",
    features: &[],
    default_features: true,
    why: "structured logs",
};

const CLAP: Dependency = Dependency {
    name: "clap",
    version: "4",
    features: &["derive", "env"],
    default_features: true,
    why: "the operator's flags",
};

/// What a scaffolded operator (the workspace's root package, `src/main.rs`
/// and `src/controllers/`) uses, besides the generated crate.
pub fn operator_crate() -> (Vec<ProjectCrate>, Vec<Dependency>) {
    (
        vec![MANAGER, RUNTIME],
        vec![
            KUBE,
            Dependency {
                features: &[K8S_OPENAPI_VERSION_FEATURE],
                why: "the Kubernetes types, for the Kubernetes version the operator talks to",
                ..K8S_OPENAPI
            },
            Dependency {
                features: &["macros", "rt-multi-thread"],
                why: "the async runtime the manager runs on",
                ..TOKIO
            },
            Dependency {
                why: "JSON patches (the status writes)",
                ..SERDE_JSON
            },
            TRACING,
            CLAP,
            ANYHOW,
            THISERROR,
        ],
    )
}

/// What the generated code needs besides [`generated_crate`] when a kind is
/// converted by a webhook (`+kubebuilder:conversion:strategy=Webhook`): its
/// `conversion` module registers the kinds with this crate's webhook.
pub fn conversion() -> Dependency {
    Dependency {
        name: CONVERSION.name,
        version: "0.1.0",
        features: &[],
        default_features: true,
        why: "the conversion webhook the `conversion` module registers its kinds with",
    }
}

/// One crate of this project a scaffolded workspace depends on, and the
/// release series of it this kube-codegen writes code for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProjectCrate {
    /// The package name (`kube-codegen-runtime`).
    pub name: &'static str,
    /// The release series (`"0.1"`): the requirement written when the crate
    /// comes from the registry.
    pub series: &'static str,
    /// What the scaffold uses it for (written as a comment).
    pub why: &'static str,
}

/// The runtime, as a [`ProjectCrate`].
pub const RUNTIME: ProjectCrate = ProjectCrate {
    name: RUNTIME_CRATE,
    series: RUNTIME_VERSION_REQ,
    why: "the typed and fake clientsets, informers and listers generated code stands on",
};

/// The controller manager a scaffolded operator runs its controllers on.
pub const MANAGER: ProjectCrate = ProjectCrate {
    name: "kube-codegen-manager",
    series: "0.1",
    why: "the controller manager: controllers on shared informers, leader election, health, metrics",
};

/// The conversion webhook, for kinds converted by a webhook.
pub const CONVERSION: ProjectCrate = ProjectCrate {
    name: "kube-codegen-conversion",
    series: "0.1",
    why: "the conversion webhook, for kinds with `+kubebuilder:conversion:strategy=Webhook` (`create api` adds it to generated/Cargo.toml when a kind converts)",
};

/// Every crate of this project a scaffolded workspace names, in the order
/// `init` writes them.
pub const PROJECT_CRATES: [ProjectCrate; 3] = [RUNTIME, MANAGER, CONVERSION];

/// `jiff`, for `jiff::Timestamp` fields.
const JIFF: Dependency = Dependency {
    name: "jiff",
    version: "0.2",
    features: &["serde"],
    default_features: true,
    why: "`jiff::Timestamp` fields (RFC 3339 with its serde feature)",
};

/// `chrono`, for `chrono::DateTime<Utc>` fields.
const CHRONO: Dependency = Dependency {
    name: "chrono",
    version: "0.4",
    features: &["serde"],
    default_features: true,
    why: "`chrono::DateTime<Utc>` fields (RFC 3339 with its serde feature)",
};

/// A crate the code generated for an API uses, and the first field that needs
/// it (none for what every generated crate needs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Needed {
    pub dependency: Dependency,
    /// The field and the type it names.
    pub because: Option<(Location, String)>,
}

/// Every crate the code generated for `api` uses, except the runtime (whose
/// release [`crate::runtime_version`] checks): kube, k8s-openapi and serde
/// always, serde_json for JSON values, the time crates of timestamp fields
/// (named through k8s-openapi's re-export, `k8s_openapi::jiff::Timestamp`,
/// jiff is not needed), and the conversion webhook's crate when a kind
/// converts between versions.
pub fn needed_by(api: &Api) -> Vec<Needed> {
    let always = |dependency: Dependency| Needed {
        dependency,
        because: None,
    };
    let mut out: Vec<Needed> = generated_crate()
        .into_iter()
        .filter(|d| matches!(d.name, "kube" | "k8s-openapi" | "serde"))
        .map(always)
        .collect();
    let mut seen = std::collections::BTreeSet::new();
    for (_, _, ty) in api.types() {
        for (location, field_type) in type_fields(ty) {
            walk(field_type, &mut |t| {
                let needed = match t {
                    FieldType::Json => Some((
                        generated_crate()
                            .into_iter()
                            .find(|d| d.name == "serde_json")
                            .expect("serde_json is in the list"),
                        "serde_json::Value".to_owned(),
                    )),
                    FieldType::External(ext) => {
                        let path = ext.rust_path();
                        match path.split("::").next() {
                            Some("jiff") => Some((JIFF, path.to_owned())),
                            Some("chrono") => Some((CHRONO, path.to_owned())),
                            _ => None,
                        }
                    }
                    _ => None,
                };
                if let Some((dependency, what)) = needed
                    && seen.insert(dependency.name)
                {
                    out.push(Needed {
                        dependency,
                        because: Some((location.clone(), what)),
                    });
                }
            });
        }
    }
    if crate::emit::conversion::converts(api) {
        out.push(always(conversion()));
    }
    out
}

/// Where the fields of a type are and their types: a struct's, its
/// variants', a newtype's one.
fn type_fields(ty: &TypeDef) -> Vec<(&Location, &FieldType)> {
    let on_the_wire = |f: &&Field| !f.skip;
    match &ty.body {
        TypeBody::Struct(def) => def
            .fields
            .iter()
            .filter(on_the_wire)
            .map(|f| (&f.location, &f.ty))
            .collect(),
        TypeBody::Enum(def) => def
            .wire_variants()
            .flat_map(|v| v.data.fields())
            .filter(on_the_wire)
            .map(|f| (&f.location, &f.ty))
            .collect(),
        TypeBody::Newtype(def) => vec![(&ty.location, &def.inner)],
    }
}

/// `ty` and every type inside it.
fn walk(ty: &FieldType, visit: &mut impl FnMut(&FieldType)) {
    visit(ty);
    match ty {
        FieldType::Option(inner)
        | FieldType::Vec(inner)
        | FieldType::Boxed(inner)
        | FieldType::Array { item: inner, .. } => walk(inner, visit),
        FieldType::Map { key, value, .. } => {
            walk(key, visit);
            walk(value, visit);
        }
        _ => {}
    }
}

/// What a generated crate's own tests need: its README's examples run on a
/// Tokio runtime.
pub fn generated_crate_dev() -> Vec<Dependency> {
    vec![Dependency {
        features: &["macros", "rt"],
        why: "the README's examples run on a Tokio runtime",
        ..TOKIO
    }]
}

/// What the input types (the `apis` crate) need to compile: the types they
/// name and their derives.
pub fn api_crate() -> Vec<Dependency> {
    vec![
        Dependency {
            features: &[K8S_OPENAPI_VERSION_FEATURE],
            ..K8S_OPENAPI
        },
        SERDE,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toml_lines_spell_features_and_default_features() {
        let kube = generated_crate()
            .into_iter()
            .find(|d| d.name == "kube")
            .unwrap();
        assert_eq!(
            kube.toml_line(),
            r#"kube = { version = "5.0.0", default-features = false, features = ["client", "rustls-tls", "ring", "runtime"] }"#
        );
        assert_eq!(
            api_crate()[0].toml_line(),
            r#"k8s-openapi = { version = "0.29.0", features = ["v1_34"] }"#
        );
    }

    /// The crates a field's type needs follow how the generated code names
    /// it: through k8s-openapi's re-export, jiff is not needed.
    #[test]
    fn type_crates_follow_the_spelling() {
        let api = |ty: &str| {
            let files = [
                (
                    std::path::PathBuf::from("ops/v1/mod.rs"),
                    "//! +groupName=ops.example.com\nmod run;\npub use run::*;\n".to_owned(),
                ),
                (
                    std::path::PathBuf::from("ops/v1/run.rs"),
                    format!(
                        "use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;\n\
                         // +genclient\n\
                         #[derive(serde::Serialize, serde::Deserialize)]\n\
                         pub struct Run {{ pub metadata: ObjectMeta, pub spec: RunSpec }}\n\
                         #[derive(serde::Serialize, serde::Deserialize)]\n\
                         pub struct RunSpec {{ pub at: {ty} }}\n"
                    ),
                ),
            ];
            crate::parse::parse_sources(&files, &crate::parse::ParseOptions::default())
                .unwrap()
                .api
        };
        let names = |ty: &str| -> Vec<&'static str> {
            needed_by(&api(ty))
                .into_iter()
                .map(|n| n.dependency.name)
                .collect()
        };
        assert_eq!(names("String"), ["kube", "k8s-openapi", "serde"]);
        assert_eq!(
            names("jiff::Timestamp"),
            ["kube", "k8s-openapi", "serde", "jiff"]
        );
        assert_eq!(
            names("k8s_openapi::jiff::Timestamp"),
            ["kube", "k8s-openapi", "serde"]
        );
        assert_eq!(
            names("Option<kube::core::Duration>"),
            ["kube", "k8s-openapi", "serde"]
        );
        assert_eq!(
            names("std::collections::BTreeMap<String, Vec<serde_json::Value>>"),
            ["kube", "k8s-openapi", "serde", "serde_json"]
        );
    }

    /// The committed generated crates are the reference users of the list:
    /// each must name exactly these packages.
    #[test]
    fn matches_the_generated_crates_of_this_repository() {
        // The fixture has converted kinds, the App API none.
        let manifests = [
            (
                "generated",
                include_str!("../../generated/Cargo.toml"),
                false,
            ),
            (
                "fixture-generated",
                include_str!("../../tests/fixture-generated/Cargo.toml"),
                true,
            ),
        ];
        for (name, manifest, converts) in manifests {
            let mut expected: Vec<&str> = generated_crate().iter().map(|d| d.name).collect();
            if converts {
                expected.push(conversion().name);
            }
            expected.sort_unstable();
            let deps = manifest
                .split("[dependencies]")
                .nth(1)
                .and_then(|rest| rest.split("\n[").next())
                .unwrap();
            let mut names: Vec<&str> = deps
                .lines()
                .filter_map(|l| l.split_once(" = ").map(|(name, _)| name.trim()))
                .filter(|n| !n.starts_with('#'))
                .collect();
            names.sort_unstable();
            assert_eq!(names, expected, "{name}/Cargo.toml");
        }
    }
}
