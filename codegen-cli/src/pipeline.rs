//! The whole generator as one call: parse and validate the input, run every
//! emitter, render the files. The CLI, `build.rs` users and tests all come
//! through here, so they cannot disagree.

use std::collections::BTreeMap;
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use crate::diag::Diagnostics;
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
    pub boilerplate: Boilerplate,
    pub parse: ParseOptions,
    pub emit: EmitOptions,
    /// `--crate-version`: the `[package] version` the generated crate's
    /// Cargo.toml must have (see [`crate::crate_version`]); `None` leaves it alone.
    pub crate_version: Option<String>,
    /// `--rbac-source-dir`/`--rbac-output`: RBAC from the `+kubebuilder:rbac`
    /// markers of controller code, written to one file; `None`: no RBAC.
    pub rbac: Option<RbacConfig>,
    /// `--webhook-source-dir`/`--webhook-output`: webhook configurations from
    /// the `+kubebuilder:webhook` markers of controller code; `None`: none.
    pub webhook: Option<WebhookConfig>,
    /// Add the crates the generated code uses and the generated crate's
    /// Cargo.toml lacks to it (`create api`); otherwise a missing one is an
    /// error that names the line to add (see [`crate::manifest_dependencies`]).
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
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error(transparent)]
    Render(#[from] RenderError),
    /// The generated crate's Cargo.toml cannot take `--crate-version`.
    #[error("{}: {message}", .path.display())]
    Manifest { path: PathBuf, message: String },
}

/// The rendered output of a run: final path → final content.
#[derive(Debug)]
pub struct Output {
    pub parsed: Parsed,
    pub files: BTreeMap<PathBuf, String>,
    /// The generated crate's Cargo.toml with the `--crate-version` set: (path, content).
    pub manifest: Option<(PathBuf, String)>,
}

/// Parses, validates, emits and renders; touches nothing on disk but the input.
pub fn run(config: &Config) -> Result<Output, Error> {
    // Before anything else: code for another runtime release could not compile.
    crate::runtime_version::check(&config.output_dir.join("Cargo.toml")).map_err(Error::Input)?;
    let mut parsed = parse::parse_dir(&config.input_dir, &config.parse).map_err(Error::Input)?;
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
    let files = emit_and_render(&parsed.api, &config.emit, &artifacts, &config.boilerplate)?;
    let crd_sizes = files
        .iter()
        .filter(|(path, _)| path.starts_with("crds"))
        .map(|(_, content)| content.len());
    let size_warnings = crd_size_warnings(&parsed.api, &config.emit, crd_sizes);
    parsed.warnings.0.extend(size_warnings);
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
    })
}

/// The warnings for CRDs over the client-side apply limit, given the sizes of the
/// rendered CRD files; the CRDs are looked at again only when one is that large.
pub fn crd_size_warnings(
    api: &Api,
    opts: &EmitOptions,
    mut crd_sizes: impl Iterator<Item = usize>,
) -> Vec<crate::diag::Diagnostic> {
    if !crd_sizes.any(|len| len > emit::crd::CLIENT_SIDE_APPLY_LIMIT) {
        return Vec::new();
    }
    let mut diags = Diagnostics(emit::crd::size_warnings(api, &opts.crd));
    fill_source_lines_from_disk(&mut diags);
    diags.0
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
/// changes it: with the `--crate-version`, and with the crates the generated
/// code uses added (`add_dependencies`); `None` when it is left alone.
fn output_manifest(config: &Config, api: &Api) -> Result<Option<(PathBuf, String)>, Error> {
    let mut manifest = match &config.crate_version {
        Some(version) => Some(versioned_manifest(&config.output_dir, version)?),
        None => None,
    };
    let path = config.output_dir.join("Cargo.toml");
    if config.add_dependencies && path.is_file() {
        let text = match manifest.take() {
            Some((_, text)) => text,
            None => std::fs::read_to_string(&path).map_err(|source| Error::Io {
                path: path.clone(),
                source,
            })?,
        };
        let inherited = crate::manifest::workspace_dependencies(&path);
        let added = crate::manifest_dependencies::add_missing(&text, api, &inherited).map_err(
            |message| Error::Manifest {
                path: path.clone(),
                message,
            },
        )?;
        manifest = Some((path, added.unwrap_or(text)));
    }
    Ok(manifest)
}

/// `<output_dir>/Cargo.toml` as it must be with `version`.
fn versioned_manifest(output_dir: &Path, version: &str) -> Result<(PathBuf, String), Error> {
    let path = output_dir.join("Cargo.toml");
    let text = std::fs::read_to_string(&path).map_err(|source| Error::Io {
        path: path.clone(),
        source,
    })?;
    let text =
        crate::crate_version::set_version(&text, version).map_err(|message| Error::Manifest {
            path: path.clone(),
            message,
        })?;
    Ok((path, text))
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
    let mut files = Vec::new();
    for job in emitters(artifacts) {
        (job.emit)(api, opts, &mut |file| files.push(file))?;
    }
    let root = emit::crate_root::emit_crate_root(api, opts, &files);
    files.push(root);
    Ok(files)
}

/// Rendered files: path relative to the output crate, final content.
type RenderedFiles = Vec<(PathBuf, String)>;

/// One emitter: a whole artifact's files, each handed to the sink as soon as
/// it is made (the big emitters make them one at a time, so a file's tokens
/// can be rendered and dropped before the next file is built: a 500-kind run
/// never holds more than one file's tokens per worker).
type Emitter = fn(&Api, &EmitOptions, &mut dyn FnMut(GeneratedFile)) -> Result<(), Diagnostics>;

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
            emit: |api, opts, sink| {
                emit::types::emit_types_each(api, opts, sink);
                Ok(())
            },
            share: 28,
        },
        Job {
            emit: |api, opts, sink| {
                let files = emit::conversion::emit_conversions(api, opts).map_err(|errors| {
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
            emit: |api, opts, sink| {
                all_at_once(
                    emit::crd::emit_crds(api, opts).map_err(crd_diagnostics),
                    sink,
                )
            },
            share: 20,
        });
    }
    if artifacts.clientset || artifacts.informers {
        jobs.push(Job {
            emit: |api, opts, sink| {
                all_at_once(Ok(emit::clientset::emit_clientset(api, opts)), sink)
            },
            share: 2,
        });
    }
    if artifacts.informers {
        jobs.push(Job {
            emit: |api, opts, sink| {
                all_at_once(Ok(emit::informers::emit_informers(api, opts)), sink)
            },
            share: 3,
        });
    }
    let apply: Option<Emitter> = match (artifacts.apply_configurations, artifacts.crds) {
        (true, true) => Some(|api, opts, sink| {
            emit::applyconfig::emit_apply_configurations_each(api, opts, true, sink);
            Ok(())
        }),
        (true, false) => Some(|api, opts, sink| {
            emit::applyconfig::emit_apply_configurations_each(api, opts, false, sink);
            Ok(())
        }),
        (false, _) => None,
    };
    if let Some(emit) = apply {
        jobs.push(Job { emit, share: 45 });
    }
    if artifacts.readme {
        jobs.push(Job {
            emit: |api, opts, sink| {
                sink(emit::readme::emit_readme(api, opts));
                Ok(())
            },
            share: 1,
        });
    }
    jobs
}

/// [`emit_artifacts`] and [`write::render`] in one go, the emitters spread over
/// the machine's cores: rendering (syn parse + prettyplease) is most of a run's
/// time and every emitter's files are independent of the others'. A worker runs
/// whole emitters and renders their files, so only finished text crosses threads
/// (token streams cannot). Returns (path relative to the output crate, content),
/// crate root last; the result does not depend on the number of cores.
pub fn emit_and_render(
    api: &Api,
    opts: &EmitOptions,
    artifacts: &Artifacts,
    boilerplate: &Boilerplate,
) -> Result<Vec<(PathBuf, String)>, Error> {
    let jobs = emitters(artifacts);
    let run_job = |emit: Emitter| -> Result<Vec<(PathBuf, String)>, Error> {
        let mut rendered = Vec::new();
        let mut failed = None;
        emit(api, opts, &mut |file| {
            if failed.is_some() {
                return;
            }
            let path = file.path.clone();
            match write::render_owned(file, boilerplate) {
                Ok(content) => rendered.push((path, content)),
                Err(error) => failed = Some(error),
            }
        })
        .map_err(Error::Input)?;
        match failed {
            Some(error) => Err(error.into()),
            None => Ok(rendered),
        }
    };
    let workers = std::thread::available_parallelism()
        .map_or(1, NonZeroUsize::get)
        .min(jobs.len());
    let mut results: Vec<Option<Result<RenderedFiles, Error>>> =
        (0..jobs.len()).map(|_| None).collect();
    if workers <= 1 {
        for (slot, job) in results.iter_mut().zip(&jobs) {
            *slot = Some(run_job(job.emit));
        }
    } else {
        // Heaviest first (longest-processing-time scheduling): on two cores one
        // worker takes the apply configurations, the other the types then the
        // CRDs, and the small ones fill in; results still land in output order.
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
    for result in results {
        out.extend(result.expect("every job ran")?);
    }
    let root =
        emit::crate_root::emit_crate_root_for(api, opts, out.iter().map(|(p, _)| p.as_path()));
    let path = root.path.clone();
    out.push((path, write::render_owned(root, boilerplate)?));
    Ok(out)
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
    // part of the generated files; only its version line is the generator's.
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
