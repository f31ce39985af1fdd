//! Where things are in a workspace `init` writes: one list that the scaffolded
//! scripts, the Makefile and the commands that regenerate after scaffolding
//! (`init`, `create api`) all follow.
//!
//! ```text
//! Cargo.toml            the workspace, and the operator's package
//! src/main.rs           the operator: the manager and its flags
//! src/controllers/      one reconciler per kind, registered in mod.rs
//! apis/src/             the API types (input of kube-codegen)
//! generated/            the code generated from them, and their CRDs
//! src/webhooks/         admission webhooks per kind (`create webhook`), registered in mod.rs
//! config/               kustomize manifests: crd/bases, rbac, manager, default, samples,
//!                       webhook and certmanager (`create webhook`)
//! hack/                 update-codegen.sh, verify-codegen.sh, the boilerplate
//! Makefile, Dockerfile
//! ```
//!
//! The operator is the workspace's root package, as a kubebuilder project's
//! `main` is its module's: `cargo run` and `cargo build` at the root are the
//! operator's, `cargo run -p` is never needed, and the `+kubebuilder:rbac`
//! markers of everything it runs are under one directory, `src/`.

use std::ffi::OsString;
use std::path::Path;

/// The API types: `create api` writes kinds here.
pub const INPUT_DIR: &str = "apis/src";
/// The generated crate.
pub const OUTPUT_DIR: &str = "generated";
/// Where the CRDs are copied for kustomize and `make install`.
pub const CRD_DIR: &str = "config/crd/bases";
/// The operator's sources, whose `+kubebuilder:rbac` markers make the ClusterRole.
pub const RBAC_SOURCE_DIR: &str = "src";
/// The generated ClusterRole.
pub const RBAC_OUTPUT: &str = "config/rbac/role.yaml";
/// The controllers' registry: its presence makes a workspace an operator's.
pub const CONTROLLERS_MOD: &str = "src/controllers/mod.rs";
/// The controllers.
pub const CONTROLLERS_DIR: &str = "src/controllers";
/// The sample objects and their kustomization.
pub const SAMPLES_DIR: &str = "config/samples";
/// The operator's `main`, where `create webhook` registers the webhooks.
pub const MAIN: &str = "src/main.rs";
/// The webhooks' registry (`create webhook` writes it).
pub const WEBHOOKS_MOD: &str = "src/webhooks/mod.rs";
/// The admission webhooks, one file per kind and version.
pub const WEBHOOKS_DIR: &str = "src/webhooks";
/// The webhook configurations of the `+kubebuilder:webhook` markers in src/.
pub const WEBHOOK_OUTPUT: &str = "config/webhook/manifests.yaml";
/// The webhook Service and configurations, as kustomize reads them.
pub const WEBHOOK_CONFIG_DIR: &str = "config/webhook";
/// cert-manager's Issuer, Certificate and CA injection (a kustomize component).
pub const CERTMANAGER_DIR: &str = "config/certmanager";
/// The operator as `make deploy` installs it.
pub const DEFAULT_DIR: &str = "config/default";

/// The licence header of generated files.
pub const BOILERPLATE: &str = "hack/boilerplate.rs.txt";

/// The flags of `kube-codegen generate` (and `verify`) for the workspace,
/// paths relative to its root.
pub const GENERATE_FLAGS: [(&str, &str); 8] = [
    ("--input-dir", INPUT_DIR),
    ("--output-dir", OUTPUT_DIR),
    ("--crd-dir", CRD_DIR),
    ("--rbac-source-dir", RBAC_SOURCE_DIR),
    ("--rbac-output", RBAC_OUTPUT),
    ("--webhook-source-dir", RBAC_SOURCE_DIR),
    ("--webhook-output", WEBHOOK_OUTPUT),
    ("--boilerplate", BOILERPLATE),
];

/// [`GENERATE_FLAGS`] as a shell script writes them.
pub fn generate_flags_text() -> String {
    GENERATE_FLAGS
        .iter()
        .map(|(flag, value)| format!("{flag} {value}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `generate` as `hack/update-codegen.sh` runs it in the workspace at `root`,
/// as command-line arguments: the API in `input_dir` into `output_dir`, and
/// for an `operator`'s workspace its CRDs and ClusterRole too; the
/// boilerplate when the workspace has one.
pub fn generate_args(
    root: &Path,
    operator: bool,
    input_dir: &Path,
    output_dir: &Path,
) -> Vec<OsString> {
    let mut args: Vec<OsString> = vec!["kube-codegen".into(), "generate".into()];
    let mut flag = |name: &str, value: &Path| {
        args.push(name.into());
        args.push(value.as_os_str().to_owned());
    };
    flag("--input-dir", input_dir);
    flag("--output-dir", output_dir);
    if operator {
        flag("--crd-dir", &root.join(CRD_DIR));
        flag("--rbac-source-dir", &root.join(RBAC_SOURCE_DIR));
        flag("--rbac-output", &root.join(RBAC_OUTPUT));
        flag("--webhook-source-dir", &root.join(RBAC_SOURCE_DIR));
        flag("--webhook-output", &root.join(WEBHOOK_OUTPUT));
    }
    let boilerplate = root.join(BOILERPLATE);
    if boilerplate.is_file() {
        flag("--boilerplate", &boilerplate);
    }
    args
}

/// Whether the workspace at `root` has an operator (`init` wrote it), so
/// that regenerating also writes its manifests.
pub fn is_operator(root: &Path) -> bool {
    root.join(CONTROLLERS_MOD).is_file()
}
