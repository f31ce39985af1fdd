//! The text of the files scaffolding writes. Placeholders are `{name}`-style
//! and filled with `str::replace`, so the templates read like the files.

/// `hack/update-codegen.sh` of a new workspace: `{generate_flags}`.
pub const UPDATE_CODEGEN: &str = include_str!("templates/update-codegen.sh");

/// `hack/verify-codegen.sh` of a new workspace: `{generate_flags}`.
pub const VERIFY_CODEGEN: &str = include_str!("templates/verify-codegen.sh");

/// `hack/boilerplate.rs.txt`: `{project}`.
pub const BOILERPLATE: &str = "// Copyright The {project} Authors.\n";

pub const GITIGNORE: &str = include_str!("templates/gitignore");

pub const DOCKERIGNORE: &str = include_str!("templates/dockerignore");

/// `{project}`, `{build_context}` (`--build-context kube-codegen=<tree> `, or
/// nothing).
pub const MAKEFILE: &str = include_str!("templates/Makefile");

/// `{project}`, `{source_copy}` (the `COPY` lines of a kube-codegen source
/// tree, or nothing).
pub const DOCKERFILE: &str = include_str!("templates/Dockerfile");

/// `{project}`.
pub const README: &str = include_str!("templates/README.md");

/// The workspace's root `Cargo.toml`, the operator's package:
/// `{project}`, `{dependencies}`, `{project_crates}`, `{workspace_dependencies}`.
pub const WORKSPACE_MANIFEST: &str = r#"[package]
name = "{project}"
version = "0.1.0"
description = "The {project} Kubernetes operator"
edition = "2024"
publish = false

[dependencies]
# The typed API: clients, listers, informers (generated from apis/).
generated = { path = "generated" }
{dependencies}

[workspace]
resolver = "3"
members = ["apis", "generated"]

# `kube-codegen lint` (and `make lint`, `make verify`): kube-api-linter's rules
# for CRDs on apis/; its keys are KAL's (`linters.enable`/`disable`,
# `lintersConfig`), as a `.golangci-kal.yml` writes them.
[workspace.metadata.kube-codegen.lint]
profile = "crd"

# Every version in one place: the crates of the workspace inherit them with
# `{ workspace = true }`.
[workspace.dependencies]
{project_crates}
{workspace_dependencies}
"#;

/// `.cargo/config.toml`: `{k8s_version}`, `{k8s_feature}`.
pub const CARGO_CONFIG: &str = include_str!("templates/cargo_config.toml");

/// `config/`: `{project}` where named.
pub const CONFIG_DEFAULT: &str = include_str!("templates/config/default_kustomization.yaml");
pub const CONFIG_MANAGER: &str = include_str!("templates/config/manager_kustomization.yaml");
pub const CONFIG_MANAGER_DEPLOYMENT: &str = include_str!("templates/config/manager.yaml");
pub const CONFIG_RBAC: &str = include_str!("templates/config/rbac_kustomization.yaml");
pub const CONFIG_SERVICE_ACCOUNT: &str = include_str!("templates/config/service_account.yaml");
pub const CONFIG_ROLE_BINDING: &str = include_str!("templates/config/role_binding.yaml");
pub const CONFIG_LEADER_ELECTION_ROLE: &str =
    include_str!("templates/config/leader_election_role.yaml");
pub const CONFIG_LEADER_ELECTION_ROLE_BINDING: &str =
    include_str!("templates/config/leader_election_role_binding.yaml");
pub const CONFIG_SAMPLES: &str = include_str!("templates/config/samples_kustomization.yaml");

/// `config/webhook/` (`create webhook`): the kustomization and the Service.
pub const CONFIG_WEBHOOK: &str = include_str!("templates/config/webhook_kustomization.yaml");
pub const CONFIG_WEBHOOK_SERVICE: &str = include_str!("templates/config/webhook_service.yaml");
/// `config/default/manager_webhook_patch.yaml`: the webhook server's port
/// and certificate in the manager's Deployment.
pub const CONFIG_MANAGER_WEBHOOK_PATCH: &str =
    include_str!("templates/config/manager_webhook_patch.yaml");
/// What `create webhook` appends to `config/default/kustomization.yaml`.
pub const CONFIG_DEFAULT_WEBHOOK: &str = include_str!("templates/config/default_webhook.yaml");
/// `config/certmanager/`, a kustomize component: `{namespace}`, `{prefix}`
/// (config/default's `namespace` and `namePrefix`).
pub const CONFIG_CERTMANAGER: &str =
    include_str!("templates/config/certmanager_kustomization.yaml");
pub const CONFIG_CERTMANAGER_CERTIFICATE: &str =
    include_str!("templates/config/certmanager_certificate.yaml");

/// `src/main.rs`: `{project}`.
pub const MAIN: &str = include_str!("templates/main.rs");

/// `src/controllers/mod.rs`, with the marker lines `create api` adds at.
pub const CONTROLLERS_MOD: &str = include_str!("templates/controllers_mod.rs");

/// A controller of a kind whose status has `conditions` and
/// `observed_generation` (the kind template's): `{kind}`, `{var}`,
/// `{type_path}`, `{rbac_markers}`, `{tests}`.
pub const CONTROLLER: &str = include_str!("templates/controller.rs");

/// A controller of any other kind (built-in kinds): the same placeholders.
pub const CONTROLLER_PLAIN: &str = include_str!("templates/controller_plain.rs");

/// The unit test of a [`CONTROLLER`]: `{kind}`, `{var}`, `{namespace}`,
/// `{namespace_line}`.
pub const CONTROLLER_TEST: &str = include_str!("templates/controller_test.rs");

/// The unit test of a [`CONTROLLER_PLAIN`]: the same, and `{with_crds}`.
pub const CONTROLLER_PLAIN_TEST: &str = include_str!("templates/controller_plain_test.rs");

/// `src/webhooks/mod.rs`, with the marker lines `create webhook` adds at.
pub const WEBHOOKS_MOD: &str = include_str!("templates/webhooks_mod.rs");

/// A kind's admission webhooks: `{kind}`, `{var}`, `{type_path}`,
/// `{api_version}`, `{what}`, `{imports}`, `{defaulter}`, `{validator}`,
/// `{registrations}`, `{tests}`.
pub const WEBHOOK: &str = include_str!("templates/webhook.rs");

/// The [`WEBHOOK`]'s defaulter: `{kind}`, `{var}`, `{mutate_path}`,
/// `{marker_group}`, `{plural}`, `{version}`, `{lower_kind}`.
pub const WEBHOOK_DEFAULTER: &str = include_str!("templates/webhook_defaulter.rs");

/// The [`WEBHOOK`]'s validator: the same, with `{validate_path}`.
pub const WEBHOOK_VALIDATOR: &str = include_str!("templates/webhook_validator.rs");

/// The [`WEBHOOK`]'s unit test: `{kind}`, `{var}`, `{namespace}`,
/// `{namespace_line}`, `{with_crds}`, `{test_body}`.
pub const WEBHOOK_TEST: &str = include_str!("templates/webhook_test.rs");

/// A sample object: `{api_version}`, `{kind}`, `{name}`.
pub const SAMPLE: &str = r#"apiVersion: {api_version}
kind: {kind}
metadata:
  name: {name}
spec:
  # The fields of {kind}Spec; `kubectl explain {plural}.spec` lists them.
  replicas: 1
"#;

/// `apis/Cargo.toml`: `{dependencies}`.
pub const APIS_MANIFEST: &str = r#"[package]
name = "apis"
version = "0.1.0"
description = "The input API types (plain Rust types with markers) of kube-codegen"
edition = "2024"
publish = false

[dependencies]
{dependencies}
"#;

pub const APIS_LIB: &str = r#"//! The API types, written as plain Rust with Go-style `// +marker` comments.
//!
//! This crate is the *input* of `kube-codegen`: `hack/update-codegen.sh` reads
//! `src/<group>/<version>/*.rs` and writes the `generated` crate. Add a kind
//! with `kube-codegen create api --group <group> --version <version> --kind <Kind>`.
"#;

/// `generated/Cargo.toml`: `{dependencies}`.
pub const GENERATED_MANIFEST: &str = r#"[package]
name = "generated"
version = "0.1.0"
description = "Typed Kubernetes clients, listers, informers and CRDs, generated by kube-codegen"
edition = "2024"

# What the generated code needs. k8s-openapi enables no Kubernetes version
# feature: a library leaves that choice to the application that uses it.
[dependencies]
{dependencies}

[dev-dependencies]
{dev_dependencies}
"#;

/// The top-level module of a group: `{group}`, `{version}`.
pub const GROUP_MODULE: &str = r#"//! The `{group}` API group.

pub mod {version};
"#;

/// A version module: `{group}`, `{version}`, `{kind_module}`.
pub const VERSION_MODULE: &str = r#"//! Version {version} of the `{group}` API group.
//!
//! +k8s:deepcopy-gen=package
//! +groupName={group}

mod {kind_module};

pub use {kind_module}::*;
"#;

/// A new kind: `{kind}`, `{scope_markers}`.
pub const KIND: &str = r#"//! The {kind} kind: a starting point to edit. Markers are the comment lines
//! starting with `+`; `kube-codegen generate` turns them into the CRD (schema,
//! validation, defaults, printer columns) and the clients. kube-codegen's book lists them ("The marker contract").

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ObjectMeta};
use serde::{Deserialize, Serialize};

/// {kind} is ... (say what it is: this text becomes the CRD's description).
// +genclient{scope_markers}
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name=Replicas,type=integer,JSONPath=`.spec.replicas`
// +kubebuilder:printcolumn:name=Ready,type=string,JSONPath=`.status.conditions[?(@.type=="Ready")].status`
// +kubebuilder:printcolumn:name=Age,type=date,JSONPath=`.metadata.creationTimestamp`
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct {kind} {
    /// metadata is the object's standard metadata.
    // +optional
    pub metadata: ObjectMeta,
    /// spec is the desired state of the {kind}.
    // +required
    pub spec: {kind}Spec,
    /// status is the observed state of the {kind}, written by its controller.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<{kind}Status>,
}

/// {kind}Spec is the desired state of a {kind}.
// +kubebuilder:validation:MinProperties=0
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct {kind}Spec {
    /// replicas is how many instances to run (an example field: a validation
    /// marker and a default the API server applies when it is left out).
    // +kubebuilder:validation:Minimum=0
    // +default=1
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replicas: Option<i32>,
}

/// {kind}Status is the observed state of a {kind}.
// +kubebuilder:validation:MinProperties=0
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct {kind}Status {
    /// conditions are the latest observations of the {kind}'s state, one per
    /// `type` (such as `Ready`).
    // +optional
    // +listType=map
    // +listMapKey=type
    // +kubebuilder:validation:MinItems=0
    // +kubebuilder:validation:MaxItems=32
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
    /// observedGeneration is the `metadata.generation` this status describes.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observed_generation: Option<i64>,
}
"#;

/// Fills `{name}` placeholders.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    values
        .iter()
        .fold(template.to_owned(), |text, (name, value)| {
            text.replace(&format!("{{{name}}}"), value)
        })
}
