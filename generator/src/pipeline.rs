//! The whole generator as one call: parse and validate the input, run every
//! emitter, render the files. The CLI, `build.rs` users and tests all come
//! through here, so they cannot disagree.

use std::collections::BTreeMap;
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use crate::diag::{Diagnostic, Diagnostics};
use crate::emit::crd::{Crd, CrdOptions};
use crate::emit::{self, EmitOptions, GeneratedFile};
use crate::model::Api;
use crate::parse::{self, ParseOptions, Parsed};
use crate::write::{self, Boilerplate, Plan, RenderError};

/// Where the input is, where the output goes, and how it looks.
#[derive(Clone, Debug)]
pub struct Config {
    /// The input: a directory holding `<group>/<version>/mod.rs` modules (`apis/src`).
    pub input_dir: PathBuf,
    /// The generated crate's root (`generated`): files go to `src/...` and `crds/...`.
    pub output_dir: PathBuf,
    /// More directories that receive a copy of every CRD (`manifests/crd`).
    pub crd_dirs: Vec<PathBuf>,
    /// The licence text on top of every generated file (`--go-header-file`).
    pub boilerplate: Boilerplate,
    /// How the input is read (`--allow-dangerous-types`, ...).
    pub parse: ParseOptions,
    /// What is generated and how (CRD options, cargo features, formatting).
    pub emit: EmitOptions,
    /// `--crate-version`: the `[package] version` the generated crate's
    /// Cargo.toml must have (a semver version); `None` leaves it alone.
    pub crate_version: Option<String>,
    /// `--rbac-source-dir`/`--rbac-output`: RBAC from the `+kubebuilder:rbac`
    /// markers of controller code, written to one file; `None`: no RBAC.
    pub rbac: Option<RbacConfig>,
    /// `--webhook-source-dir`/`--webhook-output`: webhook configurations from
    /// the `+kubebuilder:webhook` markers of controller code; `None`: none.
    pub webhook: Option<WebhookConfig>,
    /// Add the crates the generated code uses and the generated crate's
    /// Cargo.toml lacks to it (`create api`); otherwise a missing one is an
    /// error that names the line to add.
    pub add_dependencies: bool,
}

/// Where webhook markers are read and where the configurations go.
#[derive(Clone, Debug)]
pub struct WebhookConfig {
    /// Every `.rs` file under it is read (`controller/src`).
    pub source_dir: PathBuf,
    /// The multi-document YAML file of the configurations
    /// (`manifests/webhook/manifests.yaml`).
    pub output: PathBuf,
}

/// Where RBAC markers are read and where the roles go.
#[derive(Clone, Debug)]
pub struct RbacConfig {
    /// Every `.rs` file under it is read (`controller/src`).
    pub source_dir: PathBuf,
    /// The multi-document YAML file of the roles (`manifests/rbac/role.yaml`).
    pub output: PathBuf,
    /// The ClusterRole's name, and that of Roles whose markers name none.
    pub role_name: String,
}

/// Why a run produced nothing.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The input is wrong; the diagnostics say where and how to fix it.
    #[error("{0}")]
    Input(Diagnostics),
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file or directory that could not be read or written.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// An emitter made Rust that does not parse: a generator bug.
    #[error(transparent)]
    Render(#[from] RenderError),
    /// The generated crate's Cargo.toml cannot take `--crate-version` or its features.
    #[error("{}: {message}", .path.display())]
    Manifest {
        /// The generated crate's `Cargo.toml`.
        path: PathBuf,
        /// What in it stands in the way.
        message: String,
    },
}

/// The rendered output of a run: final path → final content.
#[derive(Debug)]
pub struct Output {
    /// The API as read, and the warnings about it.
    pub parsed: Parsed,
    /// Every generated file, header included, by the path it is written to.
    pub files: BTreeMap<PathBuf, String>,
    /// The generated crate's Cargo.toml with the `--crate-version` set and
    /// its features declared: (path, content).
    pub manifest: Option<(PathBuf, String)>,
    /// The CRDs the files hold, as built (`verify --since` compares them).
    pub crds: Vec<Crd>,
}

/// A parsed API and its CRDs, each built once.
#[derive(Debug)]
pub struct Checked {
    /// The API as read, and the warnings about it.
    pub parsed: Parsed,
    /// Every CRD of the API, sorted by output path; empty when none were asked for.
    pub crds: Vec<Crd>,
}

/// Parses the API under `input_dir` and, with `crd` options, builds its CRDs
/// (once): their errors are reported with the input's in one round, also when
/// the input has errors of its own (then for what could be read, except on
/// lines that already have an error). With `conversions`, the versions that
/// differ and that nobody converts are errors of that round too (a run that
/// writes only CRDs writes no conversion code and leaves them alone).
pub fn parse_and_check(
    input_dir: &Path,
    opts: &ParseOptions,
    crd: Option<&CrdOptions>,
    conversions: bool,
) -> Result<Checked, Diagnostics> {
    let mut crds = Vec::new();
    let parsed =
        parse::parse_dir_with(input_dir, opts, &mut crd_check(crd, conversions, &mut crds))?;
    Ok(Checked { parsed, crds })
}

/// [`parse_and_check`] on in-memory sources (paths relative to the input root).
pub fn parse_sources_and_check(
    files: &[(PathBuf, String)],
    opts: &ParseOptions,
    crd: Option<&CrdOptions>,
    conversions: bool,
) -> Result<Checked, Diagnostics> {
    let mut crds = Vec::new();
    let parsed =
        parse::parse_sources_with(files, opts, &mut crd_check(crd, conversions, &mut crds))?;
    Ok(Checked { parsed, crds })
}

/// [`parse_sources_and_check`], locations shown under `root` (the input of a
/// git commit, shown where it is in the work tree).
pub fn parse_sources_at_and_check(
    root: &Path,
    files: &[(PathBuf, String)],
    opts: &ParseOptions,
    crd: Option<&CrdOptions>,
) -> Result<Checked, Diagnostics> {
    let mut crds = Vec::new();
    let parsed = parse::parse_sources_at(root, files, opts, &mut crd_check(crd, false, &mut crds))?;
    Ok(Checked { parsed, crds })
}

/// The parse check that builds the CRDs into `built` and reports their errors.
fn crd_check<'a>(
    crd: Option<&'a CrdOptions>,
    conversions: bool,
    built: &'a mut Vec<Crd>,
) -> impl FnMut(&Api, &[Diagnostic]) -> Vec<Diagnostic> + 'a {
    move |api, diags| {
        let input_errors = diags.iter().any(Diagnostic::is_error);
        // Conversions are planned where they are emitted; on a model that has
        // errors of its own their errors would be guesses.
        let mut more = if input_errors || !conversions {
            Vec::new()
        } else {
            emit::conversion::check_conversions(api)
        };
        let Some(options) = crd else {
            return more;
        };
        match emit::crd::build_crds_with(api, options) {
            Ok(crds) => {
                *built = crds;
                more
            }
            Err(errors) => {
                // A field whose type could not be read is no news twice.
                let with_errors: std::collections::BTreeSet<(&Path, usize)> = diags
                    .iter()
                    .filter(|d| d.is_error())
                    .map(|d| (d.location.file.as_path(), d.location.line))
                    .collect();
                more.extend(
                    errors
                        .iter()
                        .filter(|e| {
                            !with_errors.contains(&(e.location.file.as_path(), e.location.line))
                        })
                        .map(emit::crd::CrdError::to_diagnostic),
                );
                more
            }
        }
    }
}

/// Parses, validates, emits and renders; touches nothing on disk but the input.
pub fn run(config: &Config) -> Result<Output, Error> {
    // Before anything else: code for another runtime release could not compile.
    crate::runtime_version::check(&config.output_dir.join("Cargo.toml")).map_err(Error::Input)?;
    let Checked { mut parsed, crds } = parse_and_check(
        &config.input_dir,
        &config.parse,
        Some(&config.emit.crd),
        true,
    )
    .map_err(Error::Input)?;
    // Code that names a crate the output crate lacks would not build.
    if !config.add_dependencies {
        crate::manifest_dependencies::check(&config.output_dir.join("Cargo.toml"), &parsed.api)
            .map_err(Error::Input)?;
    }
    let rbac = match &config.rbac {
        Some(rbac) => {
            let (content, warnings) = render_rbac(rbac, &config.boilerplate)?;
            parsed.warnings.extend(warnings);
            Some((rbac.output.clone(), content))
        }
        None => None,
    };
    let webhook = match &config.webhook {
        Some(webhook) => {
            let (content, warnings) = render_webhook(webhook, &config.boilerplate)?;
            parsed.warnings.extend(warnings);
            Some((webhook.output.clone(), content))
        }
        None => None,
    };
    let artifacts = Artifacts {
        apply_configurations: config.emit.apply_configurations,
        ..Artifacts::ALL
    };
    let (files, warnings) = emit_and_render(
        &parsed.api,
        &crds,
        &config.emit,
        &artifacts,
        &config.boilerplate,
    )?;
    parsed.warnings.0.extend(warnings);
    let mut rendered = BTreeMap::new();
    for (path, content) in files {
        let is_crd = path.starts_with("crds");
        if is_crd {
            for dir in &config.crd_dirs {
                let name = path.file_name().unwrap_or_default();
                rendered.insert(dir.join(name), content.clone());
            }
        }
        rendered.insert(config.output_dir.join(&path), content);
    }
    rendered.extend(rbac);
    rendered.extend(webhook);
    let manifest = output_manifest(config, &parsed.api)?;
    Ok(Output {
        parsed,
        files: rendered,
        manifest,
        crds,
    })
}

/// The RBAC file's final content (header and roles) and the warnings about
/// its markers; bad markers are [`Error::Input`].
pub fn render_rbac(
    rbac: &RbacConfig,
    boilerplate: &Boilerplate,
) -> Result<(String, Diagnostics), Error> {
    let generated =
        crate::rbac::generate(&rbac.source_dir, &rbac.role_name).map_err(Error::Input)?;
    let file = GeneratedFile::text(&rbac.output, crate::rbac::render(&generated.roles));
    Ok((write::render(&file, boilerplate)?, generated.warnings))
}

/// The webhook file's final content (header and configurations) and the
/// warnings about its markers; bad markers are [`Error::Input`].
pub fn render_webhook(
    webhook: &WebhookConfig,
    boilerplate: &Boilerplate,
) -> Result<(String, Diagnostics), Error> {
    let generated = crate::webhook::generate(&webhook.source_dir).map_err(Error::Input)?;
    let file = GeneratedFile::text(
        &webhook.output,
        crate::webhook::render(&generated.configurations),
    );
    Ok((write::render(&file, boilerplate)?, generated.warnings))
}

/// The generated crate's Cargo.toml as the run leaves it, when the run
/// changes it: with the `--crate-version`, the cargo features of the API
/// groups, and the crates the generated code uses added
/// (`add_dependencies`); `None` when it is left alone (or there is no
/// manifest to declare features or dependencies in).
fn output_manifest(config: &Config, api: &Api) -> Result<Option<(PathBuf, String)>, Error> {
    let path = config.output_dir.join("Cargo.toml");
    let features =
        (config.emit.cargo_features).then(|| emit::features::features(api, &config.emit));
    let edits_existing = features.is_some() || config.add_dependencies;
    if config.crate_version.is_none() && !(edits_existing && path.is_file()) {
        return Ok(None);
    }
    let mut text = std::fs::read_to_string(&path).map_err(|source| Error::Io {
        path: path.clone(),
        source,
    })?;
    let manifest_error = |message| Error::Manifest {
        path: path.clone(),
        message,
    };
    if let Some(version) = &config.crate_version {
        text = crate::crate_version::set_version(&text, version).map_err(manifest_error)?;
    }
    if let Some(features) = features {
        text = crate::cargo_features::set_features(&text, &features).map_err(manifest_error)?;
    }
    if config.add_dependencies {
        let inherited = crate::manifest::workspace_dependencies(&path);
        if let Some(added) = crate::manifest_dependencies::add_missing(&text, api, &inherited)
            .map_err(manifest_error)?
        {
            text = added;
        }
    }
    Ok(Some((path, text)))
}

/// Every emitter's files for `api`, crate root last (it declares what the others made).
///
/// Fails only where the model has no output form (a schema the API server cannot
/// take); those problems come back as diagnostics pointing at the input.
pub fn emit_all(api: &Api, opts: &EmitOptions) -> Result<Vec<GeneratedFile>, Diagnostics> {
    emit_artifacts(api, opts, &Artifacts::ALL)
}

/// Which artifacts a run emits. The types (with deep-copy `Clone` and `Resource`
/// impls) are always emitted: everything else refers to them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Artifacts {
    /// `crds/*.yaml` and `src/crds.rs`.
    pub crds: bool,
    /// `src/clientset/**`: the typed and the fake clientset.
    pub clientset: bool,
    /// `src/listers/**` and `src/informers/**`; they are built on the clientset.
    pub informers: bool,
    /// `src/applyconfigurations/**`: typed apply configurations
    /// (applyconfiguration-gen), with `extract_<kind>` when the CRDs are emitted.
    pub apply_configurations: bool,
    /// `README.md`: how other teams depend on the crate (a published crate's
    /// front page; pointless for code generated into `OUT_DIR`).
    pub readme: bool,
}

impl Artifacts {
    /// Everything: what the CLI writes.
    pub const ALL: Artifacts = Artifacts {
        crds: true,
        clientset: true,
        informers: true,
        apply_configurations: true,
        readme: true,
    };
}

/// [`emit_all`] restricted to `artifacts` (`build.rs` users may want less).
/// Informers without the clientset they are built on are emitted with it anyway.
pub fn emit_artifacts(
    api: &Api,
    opts: &EmitOptions,
    artifacts: &Artifacts,
) -> Result<Vec<GeneratedFile>, Diagnostics> {
    let crds = if artifacts.crds {
        emit::crd::build_crds_with(api, &opts.crd).map_err(crd_diagnostics)?
    } else {
        Vec::new()
    };
    Ok(emit_artifacts_with(api, &crds, opts, artifacts)?.0)
}

/// [`emit_artifacts`] from CRDs already built ([`parse_and_check`]), with the
/// warnings about them (size).
pub fn emit_artifacts_with(
    api: &Api,
    crds: &[Crd],
    opts: &EmitOptions,
    artifacts: &Artifacts,
) -> Result<(Vec<GeneratedFile>, Vec<Diagnostic>), Diagnostics> {
    let inputs = Inputs { api, crds, opts };
    let mut files = Vec::new();
    let mut warnings = Vec::new();
    for job in emitters(artifacts) {
        (job.emit)(&inputs, &mut |file| files.push(file), &mut warnings)?;
    }
    let root = emit::crate_root::emit_crate_root(api, opts, &files);
    files.push(root);
    Ok((files, with_source_lines(warnings)))
}

/// Rendered files: path relative to the output crate, final content.
type RenderedFiles = Vec<(PathBuf, String)>;

/// What the emitters read: the model, its CRDs (built once) and the options.
struct Inputs<'a> {
    api: &'a Api,
    crds: &'a [Crd],
    opts: &'a EmitOptions,
}

/// One emitter: a whole artifact's files, each handed to the sink as soon as
/// it is made (so a worker can render and drop it before the next one), and
/// its warnings.
type Emitter =
    fn(&Inputs<'_>, &mut dyn FnMut(GeneratedFile), &mut Vec<Diagnostic>) -> Result<(), Diagnostics>;

/// An emitter that returns all its files at once, as an [`Emitter`].
fn all_at_once(
    files: Result<Vec<GeneratedFile>, Diagnostics>,
    sink: &mut dyn FnMut(GeneratedFile),
) -> Result<(), Diagnostics> {
    files?.into_iter().for_each(sink);
    Ok(())
}

/// An emitter with its rough share of a run's time (percent, measured on a
/// 500-kind API), so workers can start with the heaviest.
#[derive(Clone, Copy)]
struct Job {
    emit: Emitter,
    share: u8,
}

/// The emitters `artifacts` asks for, in output order (crate root not included).
fn emitters(artifacts: &Artifacts) -> Vec<Job> {
    let mut jobs = vec![
        Job {
            emit: |inputs, sink, _| {
                emit::types::emit_types_each(inputs.api, inputs.opts, sink);
                Ok(())
            },
            share: 25,
        },
        Job {
            emit: |inputs, sink, _| {
                let files =
                    emit::conversion::emit_conversions(inputs.api, inputs.opts).map_err(|errors| {
                        let mut diags = Diagnostics(errors);
                        fill_source_lines_from_disk(&mut diags);
                        diags
                    });
                all_at_once(files, sink)
            },
            share: 1,
        },
    ];
    if artifacts.crds {
        jobs.push(Job {
            emit: |inputs, sink, warnings| {
                let (files, size) = emit::crd::emit_built(inputs.api, inputs.crds, inputs.opts);
                warnings.extend(size);
                all_at_once(Ok(files), sink)
            },
            share: 45,
        });
    }
    if artifacts.clientset || artifacts.informers {
        jobs.push(Job {
            emit: |inputs, sink, _| {
                all_at_once(
                    Ok(emit::clientset::emit_clientset(inputs.api, inputs.opts)),
                    sink,
                )
            },
            share: 2,
        });
    }
    if artifacts.informers {
        jobs.push(Job {
            emit: |inputs, sink, _| {
                all_at_once(
                    Ok(emit::informers::emit_informers(inputs.api, inputs.opts)),
                    sink,
                )
            },
            share: 2,
        });
    }
    let apply: Option<Emitter> = match (artifacts.apply_configurations, artifacts.crds) {
        (true, true) => Some(|inputs, sink, _| {
            emit::applyconfig::emit_apply_configurations_each(inputs.api, inputs.opts, true, sink);
            Ok(())
        }),
        (true, false) => Some(|inputs, sink, _| {
            emit::applyconfig::emit_apply_configurations_each(inputs.api, inputs.opts, false, sink);
            Ok(())
        }),
        (false, _) => None,
    };
    if let Some(emit) = apply {
        jobs.push(Job { emit, share: 20 });
    }
    if artifacts.readme {
        jobs.push(Job {
            emit: |inputs, sink, _| {
                sink(emit::readme::emit_readme(inputs.api, inputs.opts));
                Ok(())
            },
            share: 1,
        });
    }
    jobs
}

/// [`emit_artifacts_with`] and [`write::render`] in one go, the emitters spread
/// over the machine's cores: every emitter's files are independent of the
/// others'. A worker runs whole emitters and renders their files (adds the
/// header), so only finished text crosses threads. Returns (path relative to
/// the output crate, content), crate root last, and the warnings; the result
/// does not depend on the number of cores.
pub fn emit_and_render(
    api: &Api,
    crds: &[Crd],
    opts: &EmitOptions,
    artifacts: &Artifacts,
    boilerplate: &Boilerplate,
) -> Result<(RenderedFiles, Vec<Diagnostic>), Error> {
    let jobs = emitters(artifacts);
    let inputs = Inputs { api, crds, opts };
    let run_job = |emit: Emitter| -> Result<(RenderedFiles, Vec<Diagnostic>), Error> {
        let mut rendered = Vec::new();
        let mut warnings = Vec::new();
        let mut failed = None;
        emit(
            &inputs,
            &mut |file| {
                if failed.is_some() {
                    return;
                }
                let path = file.path.clone();
                match write::render_owned(file, boilerplate) {
                    Ok(content) => rendered.push((path, content)),
                    Err(error) => failed = Some(error),
                }
            },
            &mut warnings,
        )
        .map_err(Error::Input)?;
        match failed {
            Some(error) => Err(error.into()),
            None => Ok((rendered, warnings)),
        }
    };
    type Slot = Option<Result<(RenderedFiles, Vec<Diagnostic>), Error>>;
    let workers = std::thread::available_parallelism()
        .map_or(1, NonZeroUsize::get)
        .min(jobs.len());
    let mut results: Vec<Slot> = (0..jobs.len()).map(|_| None).collect();
    if workers <= 1 {
        for (slot, job) in results.iter_mut().zip(&jobs) {
            *slot = Some(run_job(job.emit));
        }
    } else {
        // Heaviest first (longest-processing-time scheduling): on two cores one
        // worker takes the CRDs, the other the types then the apply
        // configurations, and the small ones fill in; results still land in
        // output order.
        let mut order: Vec<usize> = (0..jobs.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(jobs[i].share));
        let next = AtomicUsize::new(0);
        let done = Mutex::new(&mut results);
        std::thread::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(|| {
                    while let Some(&i) = order.get(next.fetch_add(1, Ordering::Relaxed)) {
                        let result = run_job(jobs[i].emit);
                        done.lock().unwrap_or_else(PoisonError::into_inner)[i] = Some(result);
                    }
                });
            }
        });
    }
    let mut out = Vec::new();
    let mut warnings = Vec::new();
    for result in results {
        let (files, more) = result.expect("every job ran")?;
        out.extend(files);
        warnings.extend(more);
    }
    let root =
        emit::crate_root::emit_crate_root_for(api, opts, out.iter().map(|(p, _)| p.as_path()));
    let path = root.path.clone();
    out.push((path, write::render_owned(root, boilerplate)?));
    Ok((out, with_source_lines(warnings)))
}

/// CRD errors as diagnostics, with the input lines they point at.
pub fn crd_diagnostics(errors: Vec<emit::crd::CrdError>) -> Diagnostics {
    let mut diags = Diagnostics::new();
    for e in errors {
        diags.push(e.to_diagnostic());
    }
    fill_source_lines_from_disk(&mut diags);
    diags
}

/// Diagnostics with the input lines they point at, read from the input files.
pub fn with_source_lines(warnings: Vec<Diagnostic>) -> Vec<Diagnostic> {
    if warnings.is_empty() {
        return warnings;
    }
    let mut diags = Diagnostics(warnings);
    fill_source_lines_from_disk(&mut diags);
    diags.0
}

/// Shows the input lines the diagnostics point at, read from the input files.
fn fill_source_lines_from_disk(diags: &mut Diagnostics) {
    diags.fill_source_lines(|path, line| {
        let text = std::fs::read_to_string(path).ok()?;
        text.lines().nth(line.checked_sub(1)?).map(str::to_owned)
    });
}

/// What applying `output` would change in the directories this run manages.
pub fn plan(config: &Config, output: &Output) -> Result<Plan, Error> {
    // Only the generated crate's `src` and `crds` are scanned for stale files, so
    // its Cargo.toml, README and tests stay the user's own.
    let mut roots = vec![
        config.output_dir.join("src"),
        config.output_dir.join("crds"),
    ];
    roots.extend(config.crd_dirs.iter().cloned());
    let mut plan = write::plan(&roots, &output.files).map_err(|source| Error::Io {
        path: config.output_dir.clone(),
        source,
    })?;
    // The Cargo.toml is hand-written (no generated-file header), so it is not
    // part of the generated files; only its version and its features are the
    // generator's.
    if let Some((path, new)) = &output.manifest {
        let old = std::fs::read_to_string(path).map_err(|source| Error::Io {
            path: path.clone(),
            source,
        })?;
        if old == *new {
            plan.unchanged += 1;
        } else {
            plan.changes.push(write::Change::Update {
                path: path.clone(),
                old,
                new: new.clone(),
            });
            plan.changes.sort_by(|a, b| a.path().cmp(b.path()));
        }
    }
    Ok(plan)
}

/// Runs the generator and writes what changed. Returns the applied plan.
pub fn generate(config: &Config) -> Result<(Output, Plan), Error> {
    let output = run(config)?;
    let plan = plan(config, &output)?;
    plan.apply().map_err(|source| Error::Io {
        path: config.output_dir.clone(),
        source,
    })?;
    Ok((output, plan))
}

/// Reads the boilerplate file.
pub fn read_boilerplate(path: &Path) -> Result<Boilerplate, Error> {
    std::fs::read_to_string(path)
        .map(|t| Boilerplate::from_text(&t))
        .map_err(|source| Error::Io {
            path: path.to_path_buf(),
            source,
        })
}
