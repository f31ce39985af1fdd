//! Command-line arguments of `kube-codegen`. Flag names follow `kube_codegen.sh`
//! where they mean the same thing.

use std::collections::BTreeMap;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use kube_codegen::emit::crd::{CrdOptions, KubeVersion};
use kube_codegen::model::WebhookClient;
use kube_codegen_upgrade_check as crd_diff;

/// Generate Kubernetes clients, listers, informers, deep-copy and CRDs from
/// plain Rust types annotated with `// +marker` comments.
///
/// Exit status: 0 success, 1 generated output is stale (`verify`), 2 bad input
/// or an error reading or writing files.
#[derive(Debug, Parser)]
#[command(name = "kube-codegen", version, about, long_about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

// No `///` doc: clap would show it as the program's description in `--help`.
#[allow(missing_docs)]
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Regenerate the output crate: write files that changed (atomically) and
    /// remove generated files the input no longer produces.
    Generate(GenerateArgs),
    /// Check that the output crate is up to date; write nothing. Prints a unified
    /// diff and exits 1 when it is stale. With `--since <ref>`, also fails on
    /// an incompatible change to the CRDs since that commit.
    Verify(VerifyArgs),
    /// Print the CustomResourceDefinitions for the input to standard output;
    /// `crd diff OLD NEW` compares two sets of them (upgrade safety).
    Crd(CrdCommandArgs),
    /// Check the API types against kube-api-linter's rules (the Kubernetes
    /// API conventions), by KAL's rule names, defaults and configuration
    /// (`.golangci-kal.yml`, or `[workspace.metadata.kube-codegen.lint]` in
    /// Cargo.toml; without one, the `crd` profile). Exit status: 0 clean (or
    /// `--warn-only`), 1 findings, 2 bad input or configuration.
    Lint(LintArgs),
    /// Print the RBAC roles granted by the `+kubebuilder:rbac` markers of Rust
    /// sources to standard output (controller-gen's `rbac` generator).
    Rbac(RbacArgs),
    /// Print to standard output the MutatingWebhookConfiguration and
    /// ValidatingWebhookConfiguration that the `+kubebuilder:webhook` markers of
    /// Rust sources declare (controller-gen's `webhook` generator).
    Webhook(WebhookArgs),
    /// Turn an empty (or new) directory into an operator's workspace: the
    /// operator (`src/main.rs` on kube-codegen's manager, `src/controllers/`),
    /// an `apis` crate for the input types, a `generated` crate, the hack
    /// scripts, a Makefile with kubebuilder's targets, a Dockerfile and
    /// `config/` for kustomize; then generate. Refuses to overwrite anything
    /// (exit 2).
    Init(InitArgs),
    /// Scaffold something new in a workspace.
    #[command(subcommand)]
    Create(CreateCommand),
    /// Bring a Go API's types over: read Go API packages (kubebuilder's
    /// `api/<version>`, code-generator's `apis/<group>/<version>`, and shared
    /// packages) and write this input, one Rust module per Go file with every
    /// doc comment and marker in place. Checked by the generator before
    /// anything is written; files it wrote before are replaced, others never.
    Import(ImportArgs),
}

/// Flags of `import`.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// A directory of Go packages: an API tree (`api/`, `apis/`, one version
    /// package) or a shared package its types name. Repeat for several.
    /// Packages of other modules are also found through the project's
    /// `go.mod` and the Go module cache.
    #[arg(long = "go", value_name = "DIR", required = true)]
    pub go_dirs: Vec<PathBuf>,

    /// The input directory to write.
    #[arg(long, value_name = "DIR", default_value = "apis/src")]
    pub output_dir: PathBuf,

    /// Write nothing; exit 1 with a diff when the Rust input differs from
    /// what the Go source makes (for projects that keep Go as their source).
    #[arg(long)]
    pub check: bool,

    /// How the imported input's CRDs are checked (as the Go project runs
    /// controller-gen: `--allow-dangerous-types` for `allowDangerousTypes`).
    #[command(flatten)]
    pub crd: CrdArgs,
}

/// Flags of `lint`.
#[derive(Debug, Args)]
pub struct LintArgs {
    /// Directory holding the API modules.
    #[arg(long, value_name = "DIR", default_value = "apis/src")]
    pub input_dir: PathBuf,

    /// `Kind:plural` pairs, as for `generate`.
    #[arg(long, value_name = "LIST", value_parser = parse_plural_exceptions, default_value = "")]
    pub plural_exceptions: PluralExceptions,

    /// The lint configuration: a KAL or golangci-lint YAML file, or a
    /// Cargo.toml with `[workspace.metadata.kube-codegen.lint]`. Default: the
    /// first found from the input directory up (`.golangci-kal.yml`,
    /// `.golangci-kal.yaml`, `.kube-api-linter.yml`, `.kube-api-linter.yaml`,
    /// a Cargo.toml with the table), else the `crd` profile.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,

    /// Run this profile's rules instead of the configuration's: `crd` (for
    /// CRDs: KAL's defaults without `nonpointerstructs`, with `maxlength`,
    /// `minlength`, `statusoptional`, `statussubresource`) or `native`
    /// (KAL's defaults).
    #[arg(long, value_name = "PROFILE", value_parser = ["crd", "native"])]
    pub profile: Option<String>,

    /// Also run these rules (comma-separated KAL names, or `*`).
    #[arg(long, value_name = "RULES", value_delimiter = ',')]
    pub enable: Vec<String>,

    /// Do not run these rules (comma-separated KAL names, or `*`).
    #[arg(long, value_name = "RULES", value_delimiter = ',')]
    pub disable: Vec<String>,

    /// Rewrite the sources with the fixes of the rules that have them
    /// (editing the text where a fix applies; formatting and comments are
    /// kept), then report what remains.
    #[arg(long)]
    pub fix: bool,

    /// How to report: `text` (rustc-style), `json`, or `sarif` (SARIF 2.1.0,
    /// for GitHub code scanning).
    #[arg(long, value_enum, default_value = "text")]
    pub format: LintFormat,

    /// Report the findings as warnings and exit 0 (a summary, for adopting
    /// the rules step by step).
    #[arg(long, alias = "exit-zero")]
    pub warn_only: bool,
}

/// How `verify` runs the lint.
#[derive(Debug, Args)]
pub struct VerifyLintArgs {
    /// Do not lint the API types (`verify` runs `kube-codegen lint` with the
    /// workspace's configuration: its findings fail `verify`; without a
    /// configuration they are shown as warnings and do not).
    #[arg(long)]
    pub no_lint: bool,

    /// The lint configuration file `verify` uses (see `lint --config`).
    #[arg(long, value_name = "FILE")]
    pub lint_config: Option<PathBuf>,
}

/// `crd`: print the input's CRDs, or `crd diff`.
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct CrdCommandArgs {
    /// `diff`; without it, the CRDs are printed.
    #[command(subcommand)]
    pub command: Option<CrdSubcommand>,
    /// Where the input is and how it is read.
    #[command(flatten)]
    pub input: InputArgs,
}

// No `///` doc: clap would show it as the command's description in `--help`.
#[allow(missing_docs)]
#[derive(Debug, Subcommand)]
pub enum CrdSubcommand {
    /// Compare the CRDs of OLD with those of NEW for upgrade safety with
    /// crdify's checks (and their names, configuration, output formats and
    /// exit status): a scope change, a removed field or stored version, a
    /// new or tightened validation, a changed default or type, a new
    /// required field, a changed CEL rule, and anything else that changed
    /// (`unhandled`). A tightening is an error even where the API server
    /// ratchets it (Kubernetes 1.30 and later: stored objects keep
    /// validating, but new objects with the old values are refused);
    /// `ratcheting: Enabled` in the configuration makes those warnings.
    /// Findings in CRDs generated from Rust input
    /// name the Rust field. Exit status: 0 compatible (warnings allowed),
    /// 1 incompatible, 2 a side or the configuration could not be read.
    Diff(CrdDiffArgs),
}

/// Flags of `crd diff`.
#[derive(Debug, Args)]
pub struct CrdDiffArgs {
    /// The CRDs before: a CRD YAML file or directory (`config/crd/bases`),
    /// a directory of Rust input (`apis/src`), `git:<ref>` (the CRDs
    /// generated from `--input-dir` as it was at that commit),
    /// `cluster:<name>` (the installed CRD; `cluster:` alone: the installed
    /// CRDs named in NEW), or crdify's `file://`, `kube://<name>` and
    /// `git://<ref>?path=<file>`.
    #[arg(value_name = "OLD", value_parser = parse_spec)]
    pub old: crd_diff::Spec,

    /// The CRDs after, in the same forms (typically `apis/src`, whose
    /// findings then name the Rust field).
    #[arg(value_name = "NEW", value_parser = parse_spec)]
    pub new: crd_diff::Spec,

    /// crdify's configuration file: `validations` (each check's
    /// `enforcement`: Error, Warn, None, and `configuration`),
    /// `unhandledEnforcement`, `conversion` (None, Ignore), and
    /// `ratcheting` (Disabled, the default; Enabled: ratcheted tightenings
    /// are warnings).
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,

    /// The report's format: plaintext, markdown, json or yaml.
    #[arg(short = 'o', long = "output", value_name = "FORMAT", default_value = "plaintext", value_parser = parse_format)]
    pub output: kube_codegen_crd_diff::Format,

    /// How a side of Rust input (or `git:<ref>`) is read and generated.
    #[command(flatten)]
    pub input: InputArgs,
}

fn parse_spec(s: &str) -> Result<crd_diff::Spec, String> {
    s.parse()
}

fn parse_format(s: &str) -> Result<kube_codegen_crd_diff::Format, String> {
    s.parse()
}

/// Flags of `verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// What is generated, as `generate` takes it.
    #[command(flatten)]
    pub generate: GenerateArgs,

    /// Also compare the CRDs with those generated from the input as it was
    /// at this git commit (`HEAD`, `main`, a tag): an incompatible change
    /// fails (exit 1), reported at the Rust field (`crd diff` has the checks).
    #[arg(long, value_name = "REF")]
    pub since: Option<String>,

    /// crdify's configuration file for `--since` (as `crd diff --config`).
    #[arg(long, value_name = "FILE", requires = "since")]
    pub since_config: Option<PathBuf>,

    /// The lint `verify` runs (`generate` does not lint).
    #[command(flatten)]
    pub lint: VerifyLintArgs,
}

/// Flags of `rbac`.
#[derive(Debug, Args)]
pub struct RbacArgs {
    /// Directory whose `.rs` files (recursively) hold `+kubebuilder:rbac`
    /// markers in comments, e.g. `controller/src`.
    #[arg(long, value_name = "DIR")]
    pub source_dir: PathBuf,

    /// `--role-name`.
    #[command(flatten)]
    pub role: RoleNameArg,
}

/// Flags of `webhook`.
#[derive(Debug, Args)]
pub struct WebhookArgs {
    /// Directory whose `.rs` files (recursively) hold `+kubebuilder:webhook`
    /// markers in comments, e.g. `controller/src`.
    #[arg(long, value_name = "DIR")]
    pub source_dir: PathBuf,
}

/// The `--role-name` flag, shared by `rbac`, `generate` and `verify`.
#[derive(Debug, Args)]
pub struct RoleNameArg {
    /// Name of the generated ClusterRole, and of every Role whose marker has no
    /// `roleName=` (controller-gen's `rbac:roleName=`).
    #[arg(long, value_name = "NAME", default_value = kube_codegen::rbac::DEFAULT_ROLE_NAME)]
    pub role_name: String,
}

/// Flags of `init`.
#[derive(Debug, Args)]
pub struct InitArgs {
    /// The directory to set up (created when missing).
    #[arg(value_name = "DIR", default_value = ".")]
    pub dir: PathBuf,

    /// The project's name: the operator's package and binary, and the prefix
    /// of its objects in the cluster (default: the directory's name).
    #[arg(long, value_name = "NAME")]
    pub project_name: Option<String>,

    /// Where the workspace takes kube-codegen's crates (runtime, manager,
    /// conversion webhook) from: a kube-codegen source tree (`../kube-codegen`),
    /// a git repository (`git+https://host/kube-codegen?tag=v0.1.0`, also
    /// `?rev=`, `?branch=`), or a registry version (`0.1`). Default: where
    /// this kube-codegen came from (the source tree or git commit it was
    /// installed from), else the registry.
    #[arg(long, value_name = "SOURCE")]
    pub runtime: Option<String>,
}

// No `///` doc: clap would show it as the program's description in `--help`.
#[allow(missing_docs)]
#[derive(Debug, Subcommand)]
pub enum CreateCommand {
    /// Add a kind and its controller: a type file with spec, status and common
    /// markers as a starting point, wired into its group and version modules,
    /// a sample object; a reconciler with the kind's RBAC markers in
    /// `src/controllers/`, registered with the manager; then regenerate (as
    /// `hack/update-codegen.sh` does). Refuses to overwrite anything (exit 2).
    Api(CreateApiArgs),
    /// Add the admission webhooks of a kind (kubebuilder's `create webhook`):
    /// `src/webhooks/<kind>_<version>.rs` with a Defaulter and a Validator,
    /// their `+kubebuilder:webhook` markers and a unit test, registered with
    /// the manager; the first time, the webhook Service, the certificate's
    /// mount and cert-manager's manifests in config/; then regenerate (the
    /// webhook configurations in config/webhook/manifests.yaml). Refuses to
    /// overwrite anything, and a kind that does not exist (exit 2).
    Webhook(CreateWebhookArgs),
}

/// Flags of `create webhook`.
#[derive(Debug, Args)]
pub struct CreateWebhookArgs {
    /// API group of the kind (e.g. `cache.example.com`, or `apps`, `core` for a
    /// built-in kind).
    #[arg(long)]
    pub group: String,
    /// API version of the kind.
    #[arg(long)]
    pub version: String,
    /// The kind, which must exist (`create api` first).
    #[arg(long)]
    pub kind: String,
    /// A mutating webhook: a Defaulter that sets what objects leave out.
    #[arg(long)]
    pub defaulting: bool,
    /// A validating webhook: a Validator that admits or refuses creates and
    /// updates (and deletes, if you ask it to).
    #[arg(long)]
    pub programmatic_validation: bool,
    /// Serve the generated crate's conversions between the kind's versions at
    /// `/convert` (the kind needs `+kubebuilder:conversion:strategy=Webhook`).
    #[arg(long)]
    pub conversion: bool,
    /// Directory holding the API modules.
    #[arg(long, value_name = "DIR", default_value = "apis/src")]
    pub input_dir: PathBuf,
    /// The generated crate to regenerate afterwards.
    #[arg(long, value_name = "DIR", default_value = "generated")]
    pub output_dir: PathBuf,
    /// Only write the files; do not regenerate.
    #[arg(long)]
    pub no_generate: bool,
}

/// Flags of `create api`.
#[derive(Debug, Args)]
pub struct CreateApiArgs {
    /// API group, a DNS subdomain with a dot (e.g. `cache.example.com`); its
    /// first label names the Rust module.
    #[arg(long)]
    pub group: String,
    /// API version: `v1`, `v1beta1`, `v2alpha3`, ...
    #[arg(long)]
    pub version: String,
    /// Kind, UpperCamelCase (e.g. `Memcached`).
    #[arg(long)]
    pub kind: String,
    /// Whether objects of the kind live in a namespace (`false`: cluster-scoped).
    #[arg(long, value_name = "BOOL", default_value_t = true, action = clap::ArgAction::Set)]
    pub namespaced: bool,
    /// Write the kind's type (`false`: only a controller, for a kind that
    /// exists: the API's own, or a built-in one such as `--group apps
    /// --version v1 --kind Deployment`).
    #[arg(long, value_name = "BOOL", default_value_t = true, action = clap::ArgAction::Set, num_args = 0..=1, default_missing_value = "true")]
    pub resource: bool,
    /// Write the kind's controller (`false`: only the type).
    #[arg(long, value_name = "BOOL", default_value_t = true, action = clap::ArgAction::Set, num_args = 0..=1, default_missing_value = "true")]
    pub controller: bool,
    /// Directory holding the API modules.
    #[arg(long, value_name = "DIR", default_value = "apis/src")]
    pub input_dir: PathBuf,
    /// The generated crate to regenerate afterwards.
    #[arg(long, value_name = "DIR", default_value = "generated")]
    pub output_dir: PathBuf,
    /// Only write the files; do not regenerate.
    #[arg(long)]
    pub no_generate: bool,
}

/// Where the input is and how it is read.
#[derive(Debug, Args)]
pub struct InputArgs {
    /// Directory holding the API modules, `<group>/<version>/mod.rs` each with
    /// a `//! +groupName=` marker.
    #[arg(long, value_name = "DIR", default_value = "apis/src")]
    pub input_dir: PathBuf,

    /// Plural names the pluraliser would get wrong, as `Kind:plural` pairs
    /// separated by commas (e.g. `Endpoints:endpoints,Chassis:chassis`).
    #[arg(long, value_name = "LIST", value_parser = parse_plural_exceptions, default_value = "")]
    pub plural_exceptions: PluralExceptions,

    /// How the CRDs are generated.
    #[command(flatten)]
    pub crd: CrdArgs,
}

/// How CRDs are generated (controller-gen's `crd:` options).
#[derive(Debug, Args)]
pub struct CrdArgs {
    /// Kubernetes version whose built-in type schemas (PodTemplateSpec,
    /// Container, ...) fields of k8s-openapi types get: 1.33 to 1.37.
    /// Default: the version kube-codegen is built for.
    #[arg(long, value_name = "VERSION", value_parser = parse_kube_version)]
    pub kube_version: Option<KubeVersion>,

    /// Cut CRD descriptions to N bytes, at the last sentence end before the
    /// limit; 0 drops them (controller-gen's `maxDescLen`). Keeps large CRDs
    /// under the 256 KiB client-side `kubectl apply` limit.
    #[arg(long, value_name = "N")]
    pub max_description_length: Option<usize>,

    /// Leave `ObjectMeta` below a CRD's root (a pod template's metadata) a bare
    /// object, which the API server prunes, instead of keeping name, namespace,
    /// labels, annotations and finalizers (controller-gen's
    /// `generateEmbeddedObjectMeta=false`).
    #[arg(long)]
    pub no_embedded_object_meta: bool,

    /// Accept `f32`/`f64` fields (`type: number`), which are refused by default
    /// as controller-gen refuses Go floats (controller-gen's `allowDangerousTypes`).
    #[arg(long)]
    pub allow_dangerous_types: bool,

    /// Where the API server reaches the conversion webhook of kinds marked
    /// `+kubebuilder:conversion:strategy=Webhook` (unless their own
    /// `+kubebuilder:conversion:webhook` marker says): a Service, as
    /// `NAMESPACE/NAME[:PORT][/PATH]` (e.g. `system/webhook-service/convert`).
    #[arg(long, value_name = "SERVICE", value_parser = parse_webhook_service, conflicts_with = "conversion_webhook_url")]
    pub conversion_webhook_service: Option<WebhookClient>,

    /// Like `--conversion-webhook-service`, for a webhook outside the
    /// cluster: `https://HOST[:PORT][/PATH]`.
    #[arg(long, value_name = "URL", value_parser = parse_webhook_url)]
    pub conversion_webhook_url: Option<String>,
}

impl InputArgs {
    /// How `crd diff` and `verify --since` generate a side from this input.
    pub fn generation(&self) -> crd_diff::Generation {
        crd_diff::Generation {
            input_dir: self.input_dir.clone(),
            parse: kube_codegen::parse::ParseOptions {
                plural_exceptions: self.plural_exceptions.clone(),
            },
            crd: self.crd.options(),
        }
    }
}

impl CrdArgs {
    /// The options these flags ask for.
    pub fn options(&self) -> CrdOptions {
        CrdOptions {
            kube_version: self.kube_version.unwrap_or_default(),
            max_description_length: self.max_description_length,
            embedded_object_meta: !self.no_embedded_object_meta,
            allow_dangerous_types: self.allow_dangerous_types,
            conversion_webhook: self.conversion_webhook(),
        }
    }

    /// The webhook `--conversion-webhook-service` or `--conversion-webhook-url` names.
    fn conversion_webhook(&self) -> Option<WebhookClient> {
        match (
            &self.conversion_webhook_service,
            &self.conversion_webhook_url,
        ) {
            (Some(service), _) => Some(service.clone()),
            (None, Some(url)) => Some(WebhookClient::Url(url.clone())),
            (None, None) => None,
        }
    }
}

/// `NAMESPACE/NAME[:PORT][/PATH]` → a service reference.
fn parse_webhook_service(s: &str) -> Result<WebhookClient, String> {
    let (namespace, rest) = s
        .split_once('/')
        .ok_or_else(|| format!("`{s}` is not `NAMESPACE/NAME[:PORT][/PATH]`"))?;
    let (name_port, path) = match rest.find('/') {
        Some(i) => (&rest[..i], Some(&rest[i..])),
        None => (rest, None),
    };
    let (name, port) = match name_port.split_once(':') {
        Some((name, port)) => {
            let port: i64 = port
                .parse()
                .map_err(|_| format!("`{port}` is not a port number"))?;
            (name, Some(port))
        }
        None => (name_port, None),
    };
    kube_codegen::parse::conversion::service_client(&format!("{namespace}/{name}"), path, port)
        .map_err(|(_, message, help)| format!("{message}: {help}"))
}

fn parse_webhook_url(s: &str) -> Result<String, String> {
    kube_codegen::parse::conversion::check_url(s)
        .map(|()| s.to_owned())
        .map_err(|why| format!("`{s}` {why}; the API server calls `https://HOST[:PORT][/PATH]`"))
}

fn parse_kube_version(s: &str) -> Result<KubeVersion, String> {
    s.parse()
        .map_err(|e: kube_codegen::emit::crd::UnknownKubeVersion| e.to_string())
}

/// Flags of `generate` and `verify`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// Where the input is and how it is read.
    #[command(flatten)]
    pub input: InputArgs,

    /// The generated crate's root directory; files go to `src/` and `crds/` in it.
    /// Its `Cargo.toml`, README and tests are never touched.
    #[arg(long, value_name = "DIR", default_value = "generated")]
    pub output_dir: PathBuf,

    /// Also keep a copy of every CRD in this directory (repeatable), e.g.
    /// `manifests/crd`. Stale generated CRDs there are removed too.
    #[arg(long = "crd-dir", value_name = "DIR")]
    pub crd_dirs: Vec<PathBuf>,

    /// File whose text (licence header) starts every generated file.
    /// Default: `hack/boilerplate.rs.txt` when it exists, else none.
    #[arg(long, value_name = "FILE")]
    pub boilerplate: Option<PathBuf>,

    /// Name users import the generated crate by, for its doc examples.
    /// Default: the package name in `<output-dir>/Cargo.toml`, else `generated`.
    #[arg(long, value_name = "NAME")]
    pub crate_name: Option<String>,

    /// Set the generated crate's version: `[package] version` in
    /// `<output-dir>/Cargo.toml`, the only line of that file the generator
    /// touches (`verify` reports a different version as stale). Default: leave it.
    #[arg(long, value_name = "SEMVER", value_parser = kube_codegen::crate_version::parse)]
    pub crate_version: Option<String>,

    /// Also generate RBAC: read the `+kubebuilder:rbac` markers of every `.rs`
    /// file under DIR (e.g. `controller/src`) and write the roles to
    /// `--rbac-output`.
    #[arg(long, value_name = "DIR", requires = "rbac_output")]
    pub rbac_source_dir: Option<PathBuf>,

    /// The file the RBAC roles are written to (a ClusterRole and a Role per
    /// namespace, one YAML document each), e.g. `manifests/rbac/role.yaml`.
    #[arg(long, value_name = "FILE", requires = "rbac_source_dir")]
    pub rbac_output: Option<PathBuf>,

    /// `--role-name`.
    #[command(flatten)]
    pub role: RoleNameArg,

    /// Also generate webhook configurations: read the `+kubebuilder:webhook`
    /// markers of every `.rs` file under DIR (e.g. `controller/src`) and write
    /// them to `--webhook-output`.
    #[arg(long, value_name = "DIR", requires = "webhook_output")]
    pub webhook_source_dir: Option<PathBuf>,

    /// The file the webhook configurations are written to (a
    /// MutatingWebhookConfiguration and a ValidatingWebhookConfiguration, one
    /// YAML document each), e.g. `manifests/webhook/manifests.yaml`.
    #[arg(long, value_name = "FILE", requires = "webhook_source_dir")]
    pub webhook_output: Option<PathBuf>,

    /// Generate `src/applyconfigurations`: typed server-side apply
    /// configurations and `extract_<kind>` (client-go's
    /// `applyconfiguration-gen`). `false` leaves them out, as `kube_codegen.sh`
    /// does without `--with-applyconfig`: a large API's crate then builds in
    /// about half the time.
    #[arg(long, value_name = "BOOL", default_value_t = true, action = clap::ArgAction::Set)]
    pub apply_configurations: bool,
}

/// `Kind → plural` overrides.
pub type PluralExceptions = BTreeMap<String, String>;

fn parse_plural_exceptions(s: &str) -> Result<PluralExceptions, String> {
    s.split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|pair| match pair.split_once(':') {
            Some((kind, plural)) if !kind.trim().is_empty() && !plural.trim().is_empty() => {
                Ok((kind.trim().to_owned(), plural.trim().to_owned()))
            }
            _ => Err(format!(
                "`{pair}` is not a `Kind:plural` pair (example: `Endpoints:endpoints`)"
            )),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn plural_exceptions_parse_and_reject_garbage() {
        let ok = parse_plural_exceptions("Endpoints:endpoints, Chassis:chassis").unwrap();
        assert_eq!(ok["Chassis"], "chassis");
        let err = parse_plural_exceptions("Endpoints").unwrap_err();
        assert!(err.contains("Kind:plural"), "{err}");
    }
}

/// The output formats of `kube-codegen lint --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LintFormat {
    /// rustc-style diagnostics, each naming its rule.
    Text,
    /// A JSON object: the findings with their fixes, and the counts.
    Json,
    /// SARIF 2.1.0, for GitHub code scanning.
    Sarif,
}
