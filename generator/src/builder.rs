//! Code generation from a build script: the generated code lives in `OUT_DIR`,
//! nothing generated is checked in.
//!
//! ```no_run
//! // build.rs (with `kube-codegen` under [build-dependencies])
//! fn main() -> Result<(), kube_codegen::builder::BuildError> {
//!     kube_codegen::builder::Builder::new("apis").generate()?;
//!     Ok(())
//! }
//! ```
//!
//! and at the root of the crate (`src/lib.rs` or `src/main.rs`; the generated
//! code refers to itself through `crate::`):
//!
//! ```ignore
//! include!(concat!(env!("OUT_DIR"), "/kube_codegen.rs"));
//! ```
//!
//! The input directory has the CLI's layout (`<group>/<version>/mod.rs` with
//! `//! +groupName=...`, plus the type files). The output is the CLI's output
//! as one file: `apis`, `crds`, `clientset`, `informers` and `listers` become
//! inline modules of the including crate (see [`Builder::crds`] and friends to
//! leave some out), and the CRD YAML files go to `OUT_DIR/kube_codegen/crds/`,
//! from where `crds::all()` includes them. The including crate needs the
//! generated code's dependencies, listed (with versions and features) by
//! [`generated_crate`]: `kube` (with `runtime` for
//! informers), `k8s-openapi`, `serde`, `serde_json`, `serde-saphyr` (CRDs),
//! `futures` and `tokio` (clientset, informers).
//!
//! The file is formatted (prettyplease over the whole of it) unless
//! [`Builder::format`] turns that off, as prost-build's `Config::format` does:
//! only the compiler reads it.
//!
//! Cargo re-runs the build script when a file the parser read changes or a file
//! is added to the input directory, and only then: the script prints a
//! `cargo::rerun-if-changed` line for each. Files whose content did not change
//! are not rewritten, so nothing downstream recompiles needlessly.
//!
//! Bad input fails the build. Each diagnostic is printed as a `cargo::error=`
//! line (cargo shows it as `error: ...`) and in full, with the source line and a
//! hint, on stderr (cargo shows it under `--- stderr`).

mod cargo;
pub mod single_file;

use std::collections::BTreeMap;
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::diag::Diagnostics;
use crate::emit::EmitOptions;
use crate::emit::crd::{CrdOptions, KubeVersion};
use crate::parse::ParseOptions;
use crate::pipeline::{self, Artifacts};
use crate::write::{self, Boilerplate, RenderError};

pub use crate::dependencies::{Dependency, generated_crate};

pub use single_file::InlineError;

/// The file name the generated code is written to when none is given.
pub const DEFAULT_FILE_NAME: &str = "kube_codegen.rs";

/// Configures and runs the generator for a build script. See the [module
/// docs](self).
#[derive(Clone, Debug)]
pub struct Builder {
    input_dir: PathBuf,
    output_dir: Option<PathBuf>,
    file_name: String,
    artifacts: Artifacts,
    boilerplate: BoilerplateSource,
    plural_exceptions: BTreeMap<String, String>,
    crate_name: Option<String>,
    cargo_directives: bool,
    /// Format the output file (prettyplease), prost-build's `Config::format`.
    format: bool,
    crd: CrdOptions,
    /// Where to read `+kubebuilder:rbac` markers, and the role name.
    rbac: Option<(PathBuf, String)>,
    /// Where to read `+kubebuilder:webhook` markers.
    webhook: Option<PathBuf>,
}

#[derive(Clone, Debug)]
enum BoilerplateSource {
    None,
    Text(String),
    File(PathBuf),
}

/// What a successful [`Builder::generate`] did.
#[derive(Debug)]
pub struct Generated {
    /// The Rust file to `include!`.
    pub file: PathBuf,
    /// Every input file the parser read.
    pub inputs: Vec<PathBuf>,
    /// The paths printed as `cargo::rerun-if-changed`: the inputs, then the input
    /// directory (so that new files are noticed) and the boilerplate file.
    pub rerun_if_changed: Vec<PathBuf>,
    /// Files written because they were new or their content changed.
    pub written: Vec<PathBuf>,
    /// Stale generated files removed from the output directory.
    pub removed: Vec<PathBuf>,
    /// Warnings about the input (also printed as `cargo::warning=` lines).
    pub warnings: Diagnostics,
    /// The RBAC roles (`<OUT_DIR>/kube_codegen/rbac/role.yaml`), with [`Builder::rbac`].
    pub rbac: Option<PathBuf>,
    /// The webhook configurations (`<OUT_DIR>/kube_codegen/webhook/manifests.yaml`),
    /// with [`Builder::webhook`].
    pub webhook: Option<PathBuf>,
}

/// Why [`Builder::generate`] failed.
///
/// `Display` says everything. `Debug` (what `fn main() -> Result<(),
/// BuildError>` prints) says the same, except that diagnostics the builder
/// already printed to stderr are not repeated.
#[derive(thiserror::Error)]
pub enum BuildError {
    /// The input API is wrong; the diagnostics say where and how to fix it.
    #[error("{}{} in the API under {}; nothing was generated", .diagnostics, count(.diagnostics.error_count(), "error"), .input_dir.display())]
    Input {
        /// The directory of the API that was read.
        input_dir: PathBuf,
        /// Every error and warning found, each with its file, line and fix.
        diagnostics: Diagnostics,
        /// The diagnostics were printed to stderr already.
        reported: bool,
    },
    /// Reading the boilerplate, or writing the output, failed.
    #[error("{}: {source}", .path.display())]
    Io {
        /// The file or directory that could not be read or written.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The builder was used outside a build script without an output directory.
    #[error("{0}")]
    Config(String),
    /// A generator bug: an emitter produced something that is not valid Rust.
    #[error(transparent)]
    Render(#[from] RenderError),
    /// A generator bug: the emitted module tree is incomplete.
    #[error(transparent)]
    Inline(#[from] InlineError),
}

impl fmt::Debug for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Input {
                input_dir,
                diagnostics,
                reported: true,
            } => write!(
                f,
                "{} in the API under {} (shown above); nothing was generated",
                count(diagnostics.error_count(), "error"),
                input_dir.display()
            ),
            other => fmt::Display::fmt(other, f),
        }
    }
}

fn count(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

impl Builder {
    /// A builder for the API under `input_dir` (relative paths are relative to
    /// the package root, where cargo runs build scripts). Every artifact is
    /// generated, into `OUT_DIR`, without a boilerplate header.
    pub fn new(input_dir: impl Into<PathBuf>) -> Self {
        Builder {
            input_dir: input_dir.into(),
            output_dir: None,
            file_name: DEFAULT_FILE_NAME.to_owned(),
            // A README is a published crate's front page; OUT_DIR has no reader.
            artifacts: Artifacts {
                readme: false,
                ..Artifacts::ALL
            },
            boilerplate: BoilerplateSource::None,
            plural_exceptions: BTreeMap::new(),
            crate_name: None,
            cargo_directives: true,
            format: true,
            crd: CrdOptions::default(),
            rbac: None,
            webhook: None,
        }
    }

    /// Kubernetes version whose built-in type schemas (PodTemplateSpec, ...) the
    /// CRDs embed; default the workspace's (see [`KubeVersion::available`]).
    pub fn kube_version(mut self, version: KubeVersion) -> Self {
        self.crd.kube_version = version;
        self
    }

    /// Cuts CRD descriptions to `max_len` bytes at a sentence end, 0 drops them
    /// (controller-gen's `maxDescLen`). Default: descriptions kept whole.
    pub fn max_description_length(mut self, max_len: usize) -> Self {
        self.crd.max_description_length = Some(max_len);
        self
    }

    /// Whether `ObjectMeta` below a CRD's root (a pod template's metadata) keeps
    /// name, namespace, labels, annotations and finalizers (controller-gen's
    /// `generateEmbeddedObjectMeta`). Default on; off leaves a bare object that the
    /// API server prunes.
    pub fn embedded_object_meta(mut self, on: bool) -> Self {
        self.crd.embedded_object_meta = on;
        self
    }

    /// Accepts `f32`/`f64` fields as `type: number` (controller-gen's
    /// `allowDangerousTypes`). Default off: such fields are errors.
    pub fn allow_dangerous_types(mut self, on: bool) -> Self {
        self.crd.allow_dangerous_types = on;
        self
    }

    /// Where the API server reaches the conversion webhook of kinds with
    /// `+kubebuilder:conversion:strategy=Webhook` whose own
    /// `+kubebuilder:conversion:webhook` marker does not say
    /// (`--conversion-webhook-service` / `--conversion-webhook-url`).
    pub fn conversion_webhook(mut self, client: crate::model::WebhookClient) -> Self {
        self.crd.conversion_webhook = Some(client);
        self
    }

    /// Writes to `dir` instead of `OUT_DIR`.
    pub fn output_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.output_dir = Some(dir.into());
        self
    }

    /// The name of the generated Rust file (default [`DEFAULT_FILE_NAME`]). Data
    /// files go to a directory named after its stem. Give two builders writing
    /// to one directory different names.
    pub fn file_name(mut self, name: impl Into<String>) -> Self {
        self.file_name = name.into();
        self
    }

    /// Whether to generate the CRDs (`crds` module and YAML files). Default on.
    pub fn crds(mut self, on: bool) -> Self {
        self.artifacts.crds = on;
        self
    }

    /// Whether to generate the typed and fake clientsets. Default on. Informers
    /// need the clientset, so it is generated whenever they are.
    pub fn clientset(mut self, on: bool) -> Self {
        self.artifacts.clientset = on;
        self
    }

    /// Whether to generate listers and informers. Default on.
    pub fn informers(mut self, on: bool) -> Self {
        self.artifacts.informers = on;
        self
    }

    /// Whether to generate the apply configurations (`applyconfigurations`
    /// module, applyconfiguration-gen's output). Default on.
    pub fn apply_configurations(mut self, on: bool) -> Self {
        self.artifacts.apply_configurations = on;
        self
    }

    /// Whether to format the generated file, as prost-build's `Config::format`.
    /// Default on. Code a build script writes into `OUT_DIR` is read by the
    /// compiler only: off, the script skips formatting it (prettyplease over
    /// the whole file) and writes the same code on few lines, which compiles
    /// to the same crate.
    ///
    /// ```no_run
    /// // build.rs
    /// fn main() -> Result<(), kube_codegen::builder::BuildError> {
    ///     kube_codegen::builder::Builder::new("apis").format(false).generate()?;
    ///     Ok(())
    /// }
    /// ```
    pub fn format(mut self, on: bool) -> Self {
        self.format = on;
        self
    }

    /// Only the types with their deep-copy `Clone` and `Resource` impls.
    pub fn types_only(self) -> Self {
        self.crds(false)
            .clientset(false)
            .informers(false)
            .apply_configurations(false)
    }

    /// Starts every generated file with this text (licence header), as
    /// `hack/boilerplate.rs.txt` does for the CLI.
    pub fn boilerplate(mut self, text: impl Into<String>) -> Self {
        self.boilerplate = BoilerplateSource::Text(text.into());
        self
    }

    /// Like [`Builder::boilerplate`], read from a file (which is then watched
    /// for changes as well).
    pub fn boilerplate_file(mut self, path: impl Into<PathBuf>) -> Self {
        self.boilerplate = BoilerplateSource::File(path.into());
        self
    }

    /// The plural resource name of `kind` where the pluraliser gets it wrong,
    /// like the CLI's `--plural-exceptions Kind:plural`.
    pub fn plural_exception(mut self, kind: impl Into<String>, plural: impl Into<String>) -> Self {
        self.plural_exceptions.insert(kind.into(), plural.into());
        self
    }

    /// The crate name that doc examples in the generated code use (default: the
    /// package being built, `CARGO_PKG_NAME` with `-` as `_`).
    pub fn crate_name(mut self, name: impl Into<String>) -> Self {
        self.crate_name = Some(name.into());
        self
    }

    /// Also generate RBAC from the `+kubebuilder:rbac` markers of every `.rs`
    /// file under `source_dir` (e.g. `src`), as `kube-codegen generate
    /// --rbac-source-dir` does; the roles are written to `rbac/role.yaml` next
    /// to the CRDs ([`Generated::rbac`]), with `role_name` as the ClusterRole's
    /// name ([`crate::rbac::DEFAULT_ROLE_NAME`] is controller-gen's usual one).
    pub fn rbac(mut self, source_dir: impl Into<PathBuf>, role_name: impl Into<String>) -> Self {
        self.rbac = Some((source_dir.into(), role_name.into()));
        self
    }

    /// Also generate webhook configurations from the `+kubebuilder:webhook`
    /// markers of every `.rs` file under `source_dir`, as `kube-codegen
    /// generate --webhook-source-dir` does; they are written to
    /// `webhook/manifests.yaml` next to the CRDs ([`Generated::webhook`]).
    pub fn webhook(mut self, source_dir: impl Into<PathBuf>) -> Self {
        self.webhook = Some(source_dir.into());
        self
    }

    /// Whether to print `cargo::` directives to stdout and diagnostics to stderr
    /// (default on; turn off when calling the builder outside a build script).
    pub fn cargo_directives(mut self, on: bool) -> Self {
        self.cargo_directives = on;
        self
    }

    /// Parses and validates the input, generates, and writes what changed.
    ///
    /// # Errors
    ///
    /// Bad input ([`BuildError::Input`], every diagnostic found), I/O errors,
    /// and no `OUT_DIR` without [`Builder::output_dir`].
    pub fn generate(&self) -> Result<Generated, BuildError> {
        let mut stdout = std::io::stdout().lock();
        let mut stderr = std::io::stderr().lock();
        let mut sink = Sink {
            on: self.cargo_directives,
            stdout: &mut stdout,
            stderr: &mut stderr,
        };
        let mut result = self.run(&mut sink);
        if let Err(BuildError::Input {
            diagnostics,
            reported,
            ..
        }) = &mut result
        {
            sink.diagnostics(diagnostics);
            *reported = sink.on;
        }
        result
    }

    fn run(&self, sink: &mut Sink<'_>) -> Result<Generated, BuildError> {
        let output_dir = self.resolved_output_dir()?;
        // In a build script (output into OUT_DIR), the generated code becomes part
        // of the crate being built: its manifest must ask for the right runtime.
        if self.output_dir.is_none()
            && let Some(dir) = std::env::var_os("CARGO_MANIFEST_DIR")
            && let Err(diagnostics) =
                crate::runtime_version::check(&Path::new(&dir).join("Cargo.toml"))
        {
            return Err(BuildError::Input {
                input_dir: self.input_dir.clone(),
                diagnostics,
                reported: false,
            });
        }
        let mut rerun = vec![self.input_dir.clone()];
        let boilerplate = match &self.boilerplate {
            BoilerplateSource::None => Boilerplate::default(),
            BoilerplateSource::Text(text) => Boilerplate::from_text(text),
            BoilerplateSource::File(path) => {
                rerun.push(path.clone());
                let text = std::fs::read_to_string(path).map_err(|source| BuildError::Io {
                    path: path.clone(),
                    source,
                })?;
                Boilerplate::from_text(&text)
            }
        };
        let parse_opts = ParseOptions {
            plural_exceptions: self.plural_exceptions.clone(),
        };
        let input_error = |diagnostics| BuildError::Input {
            input_dir: self.input_dir.clone(),
            diagnostics,
            reported: false,
        };
        let rbac = (self.rbac.as_ref())
            .map(|(dir, role_name)| {
                from_sources(
                    dir,
                    |d| crate::rbac::generate(d, role_name),
                    &mut rerun,
                    sink,
                )
            })
            .transpose()?;
        let webhook = (self.webhook.as_ref())
            .map(|dir| from_sources(dir, crate::webhook::generate, &mut rerun, sink))
            .transpose()?;
        let crd_opts = self.artifacts.crds.then_some(&self.crd);
        let (mut parsed, crds) =
            match pipeline::parse_and_check(&self.input_dir, &parse_opts, crd_opts, true) {
                Ok(checked) => (checked.parsed, checked.crds),
                Err(diagnostics) => {
                    // Fixing the input must re-run the script.
                    sink.directives(&cargo::rerun_if_changed(&rerun));
                    return Err(input_error(diagnostics));
                }
            };
        // The files first: cargo names the first changed path as the reason to
        // re-run, and a file says more than its directory.
        rerun.splice(0..0, parsed.inputs.iter().cloned());
        // The crate the code lands in (this build script's, or the output
        // directory's) must depend on what the code uses.
        let manifest = match (&self.output_dir, std::env::var_os("CARGO_MANIFEST_DIR")) {
            (None, Some(dir)) => Some(Path::new(&dir).join("Cargo.toml")),
            (Some(dir), _) => Some(dir.join("Cargo.toml")),
            (None, None) => None,
        };
        if let Some(manifest) = manifest
            && let Err(diagnostics) = crate::manifest_dependencies::check(&manifest, &parsed.api)
        {
            rerun.push(manifest);
            sink.directives(&cargo::rerun_if_changed(&rerun));
            return Err(input_error(diagnostics));
        }
        if let Some(rbac) = &rbac {
            rerun.extend(rbac.files.iter().cloned());
            parsed.warnings.extend(rbac.warnings.0.iter().cloned());
        }
        if let Some(webhook) = &webhook {
            rerun.extend(webhook.files.iter().cloned());
            parsed.warnings.extend(webhook.warnings.0.iter().cloned());
        }
        sink.directives(&cargo::rerun_if_changed(&rerun));
        sink.diagnostics(&parsed.warnings);
        let parsed_warning_count = parsed.warnings.0.len();

        let emit_opts = EmitOptions {
            crate_name: self.resolved_crate_name(),
            crd: self.crd.clone(),
            apply_configurations: self.artifacts.apply_configurations,
            // The including crate has features of its own.
            cargo_features: false,
        };
        let (files, size_warnings) =
            pipeline::emit_artifacts_with(&parsed.api, &crds, &emit_opts, &self.artifacts)
                .map_err(input_error)?;
        let mut warnings = parsed.warnings;
        warnings.0.extend(size_warnings);
        sink.diagnostics(&Diagnostics(warnings.0[parsed_warning_count..].to_vec()));
        let data_dir = PathBuf::from(self.data_dir_name());
        let files = single_file::single_file(&files, &self.file_name, &data_dir, self.format)?;
        let mut desired = BTreeMap::new();
        for file in &files {
            desired.insert(
                output_dir.join(&file.path),
                write::render(file, &boilerplate)?,
            );
        }
        let rbac_path = rbac.as_ref().map(|_| {
            output_dir
                .join(&data_dir)
                .join("rbac")
                .join(crate::rbac::DEFAULT_FILE_NAME)
        });
        if let (Some(path), Some(generated)) = (&rbac_path, &rbac) {
            let file =
                crate::emit::GeneratedFile::text(path, crate::rbac::render(&generated.roles));
            desired.insert(path.clone(), write::render(&file, &boilerplate)?);
        }
        let webhook_path = webhook.as_ref().map(|_| {
            output_dir
                .join(&data_dir)
                .join("webhook")
                .join(crate::webhook::DEFAULT_FILE_NAME)
        });
        if let (Some(path), Some(generated)) = (&webhook_path, &webhook) {
            let file = crate::emit::GeneratedFile::text(
                path,
                crate::webhook::render(&generated.configurations),
            );
            desired.insert(path.clone(), write::render(&file, &boilerplate)?);
        }
        let io_error = |source| BuildError::Io {
            path: output_dir.clone(),
            source,
        };
        let plan = write::plan(&[output_dir.join(&data_dir)], &desired).map_err(io_error)?;
        plan.apply().map_err(io_error)?;
        let (mut written, mut removed) = (Vec::new(), Vec::new());
        for change in &plan.changes {
            match change {
                write::Change::Remove { path, .. } => removed.push(path.clone()),
                other => written.push(other.path().to_owned()),
            }
        }
        Ok(Generated {
            file: output_dir.join(&self.file_name),
            inputs: parsed.inputs,
            rerun_if_changed: rerun,
            written,
            removed,
            warnings,
            rbac: rbac_path,
            webhook: webhook_path,
        })
    }

    fn resolved_output_dir(&self) -> Result<PathBuf, BuildError> {
        match &self.output_dir {
            Some(dir) => Ok(dir.clone()),
            None => std::env::var_os("OUT_DIR")
                .map(PathBuf::from)
                .ok_or_else(|| {
                    BuildError::Config(
                        "OUT_DIR is not set: run the builder from a build script, or give it \
                     an output directory with `Builder::output_dir`"
                            .to_owned(),
                    )
                }),
        }
    }

    fn resolved_crate_name(&self) -> String {
        self.crate_name
            .clone()
            .or_else(|| std::env::var("CARGO_PKG_NAME").ok())
            .unwrap_or_else(|| "crate".to_owned())
            .replace('-', "_")
    }

    /// `kube_codegen` for `kube_codegen.rs`.
    fn data_dir_name(&self) -> &str {
        Path::new(&self.file_name)
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("kube_codegen")
    }
}

/// Runs a generator of controller-code markers (RBAC, webhooks) on
/// `source_dir`, which the script then watches; bad markers fail the build,
/// after the directives that make fixing them re-run the script.
fn from_sources<T>(
    source_dir: &Path,
    generate: impl FnOnce(&Path) -> Result<T, Diagnostics>,
    rerun: &mut Vec<PathBuf>,
    sink: &mut Sink<'_>,
) -> Result<T, BuildError> {
    rerun.push(source_dir.to_path_buf());
    generate(source_dir).map_err(|diagnostics| {
        sink.directives(&cargo::rerun_if_changed(rerun));
        BuildError::Input {
            input_dir: source_dir.to_path_buf(),
            diagnostics,
            reported: false,
        }
    })
}

/// Where the cargo directives and rendered diagnostics go.
struct Sink<'a> {
    on: bool,
    stdout: &'a mut dyn Write,
    stderr: &'a mut dyn Write,
}

impl Sink<'_> {
    fn directives(&mut self, lines: &[String]) {
        if self.on {
            // A build script whose stdout is gone cannot report anything anyway.
            let _ = cargo::emit(self.stdout, lines);
        }
    }

    fn diagnostics(&mut self, diags: &Diagnostics) {
        if self.on && !diags.is_empty() {
            let _ = write!(self.stderr, "{diags}");
            self.directives(&cargo::directives(diags));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MOD: &str = "//! +groupName=shop.example.com\n\nmod widget;\npub use widget::*;\n";
    const WIDGET: &str = "use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

/// A widget.
// +genclient
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Widget {
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// Size.
    // +kubebuilder:validation:Minimum=1
    pub size: i32,
}
";

    fn input(dir: &Path, widget: &str) {
        std::fs::create_dir_all(dir.join("shop/v1")).unwrap();
        std::fs::write(dir.join("shop/v1/mod.rs"), MOD).unwrap();
        std::fs::write(dir.join("shop/v1/widget.rs"), widget).unwrap();
    }

    fn run(builder: &Builder) -> (Result<Generated, BuildError>, String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut sink = Sink {
            on: true,
            stdout: &mut out,
            stderr: &mut err,
        };
        let mut result = builder.run(&mut sink);
        if let Err(BuildError::Input {
            diagnostics,
            reported,
            ..
        }) = &mut result
        {
            sink.diagnostics(diagnostics);
            *reported = true;
        }
        let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
        (result, text(out), text(err))
    }

    #[test]
    fn writes_one_includable_file_and_watches_exactly_the_inputs() {
        let tmp = tempfile::tempdir().unwrap();
        let (apis, out) = (tmp.path().join("apis"), tmp.path().join("out"));
        input(&apis, WIDGET);
        let builder = Builder::new(&apis).output_dir(&out).crate_name("shop");
        let (result, stdout, _) = run(&builder);
        let generated = result.unwrap();
        assert_eq!(
            stdout,
            format!(
                "cargo::rerun-if-changed={0}/shop/v1/mod.rs\ncargo::rerun-if-changed={0}/shop/v1/widget.rs\ncargo::rerun-if-changed={0}\n",
                apis.display()
            )
        );
        let code = std::fs::read_to_string(&generated.file).unwrap();
        assert!(code.contains("pub mod apis {"), "{code}");
        assert!(code.contains("impl Clone for Widget"), "{code}");
        assert!(
            code.contains("\"kube_codegen/crds/shop.example.com_widgets.yaml\""),
            "{code}"
        );
        assert!(
            !code.contains("#![forbid"),
            "crate attributes must be dropped"
        );
        assert!(
            out.join("kube_codegen/crds/shop.example.com_widgets.yaml")
                .is_file()
        );
        assert!(generated.written.len() >= 2);

        // Nothing changed: nothing is rewritten (mtimes stay, nothing recompiles).
        let (again, ..) = run(&builder);
        let again = again.unwrap();
        assert!(
            again.written.is_empty() && again.removed.is_empty(),
            "{again:?}"
        );

        // A changed input changes the output.
        input(&apis, &WIDGET.replace("Minimum=1", "Minimum=2"));
        let (changed, ..) = run(&builder);
        let changed = changed.unwrap();
        assert_eq!(
            changed.written,
            [out.join("kube_codegen/crds/shop.example.com_widgets.yaml")]
        );
    }

    #[test]
    fn artifacts_can_be_left_out_and_stale_data_files_go() {
        let tmp = tempfile::tempdir().unwrap();
        let (apis, out) = (tmp.path().join("apis"), tmp.path().join("out"));
        input(&apis, WIDGET);
        run(&Builder::new(&apis).output_dir(&out)).0.unwrap();
        let (result, ..) = run(&Builder::new(&apis).output_dir(&out).types_only());
        let generated = result.unwrap();
        let code = std::fs::read_to_string(&generated.file).unwrap();
        assert!(code.contains("pub mod apis {"));
        for module in [
            "pub mod crds",
            "pub mod clientset",
            "pub mod informers",
            "pub mod listers",
            "pub mod applyconfigurations",
        ] {
            assert!(!code.contains(module), "{module} should be left out");
        }
        assert_eq!(
            generated.removed,
            [out.join("kube_codegen/crds/shop.example.com_widgets.yaml")]
        );
    }

    #[test]
    fn bad_input_is_reported_to_cargo_and_writes_nothing() {
        let tmp = tempfile::tempdir().unwrap();
        let (apis, out) = (tmp.path().join("apis"), tmp.path().join("out"));
        input(&apis, &WIDGET.replace("Minimum=1", "Minimun=1"));
        let (result, stdout, stderr) = run(&Builder::new(&apis).output_dir(&out));
        let err = result.unwrap_err();
        let file = apis.join("shop/v1/widget.rs");
        assert!(
            stdout.contains(&format!(
                "cargo::error={}:11:8: unknown marker `+kubebuilder:validation:Minimun`",
                file.display()
            )),
            "{stdout}"
        );
        assert!(
            stdout.contains("did you mean `+kubebuilder:validation:Minimum`?"),
            "{stdout}"
        );
        assert!(stdout.contains(&format!("cargo::rerun-if-changed={}", apis.display())));
        assert!(
            stderr.contains("11 |     // +kubebuilder:validation:Minimun=1"),
            "{stderr}"
        );
        assert_eq!(
            format!("{err:?}"),
            format!(
                "1 error in the API under {} (shown above); nothing was generated",
                apis.display()
            )
        );
        let full = err.to_string();
        assert!(
            full.starts_with("error: unknown marker") && full.contains("11 |"),
            "{full}"
        );
        assert!(!out.exists(), "nothing may be written");
    }

    /// Generated code that names a crate the crate it lands in lacks would
    /// only fail later, in `cargo build`: the manifest's `[dependencies]` is
    /// checked first, and the missing line named.
    #[test]
    fn a_crate_the_code_needs_and_the_manifest_lacks_is_an_error() {
        let tmp = tempfile::tempdir().unwrap();
        let (apis, out) = (tmp.path().join("apis"), tmp.path().join("out"));
        let with_chrono = WIDGET.replace(
            "pub size: i32,",
            "pub size: i32,\n    pub since: Option<chrono::DateTime<chrono::Utc>>,",
        );
        input(&apis, &with_chrono);
        std::fs::create_dir_all(&out).unwrap();
        let manifest = out.join("Cargo.toml");
        let deps = "[dependencies]\nkube = \"5\"\nk8s-openapi = \"0.29\"\nserde = \"1\"\n";
        std::fs::write(&manifest, format!("[package]\nname = \"shop\"\n\n{deps}")).unwrap();
        let (result, stdout, _) = run(&Builder::new(&apis).output_dir(&out));
        assert!(result.is_err());
        assert!(
            stdout.contains(&format!(
                "cargo::error={}:4:1: this crate does not depend on `chrono`, which the generated code uses for `chrono::DateTime<chrono::Utc>` (at {}:13:9) (help: add `chrono = {{ version = \"0.4\", features = [\"serde\"] }}` under [dependencies]; nothing was written)",
                manifest.display(),
                apis.join("shop/v1/widget.rs").display()
            )),
            "{stdout}"
        );
        assert!(!out.join("kube_codegen").exists(), "nothing may be written");
        std::fs::write(
            &manifest,
            format!("[package]\nname = \"shop\"\n\n{deps}chrono = \"0.4\"\n"),
        )
        .unwrap();
        run(&Builder::new(&apis).output_dir(&out)).0.unwrap();
    }

    #[test]
    fn without_out_dir_the_builder_says_what_to_do() {
        if std::env::var_os("OUT_DIR").is_some() {
            return;
        }
        let (result, ..) = run(&Builder::new("apis"));
        let err = result.unwrap_err().to_string();
        assert!(err.contains("Builder::output_dir"), "{err}");
    }
}
