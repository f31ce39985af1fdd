//! The control plane: either a local one started by `hack/k8s/controlplane.sh`
//! from binaries built by `hack/k8s/build.sh`, or an existing cluster.
//!
//! Which one:
//! - `KUBE_CODEGEN_E2E_KUBECONFIG=<path>`: use that cluster, start nothing.
//! - else `KUBECONFIG` set (and `KUBE_CODEGEN_E2E_LOCAL` not `1`): use the
//!   cluster it points at, start nothing.
//! - else: build (cached) and start a local control plane.
//!
//! Lifetime of the shared control plane: Rust never drops statics, so the one
//! in [`shared`] is not stopped by a destructor. Instead, `controlplane.sh`
//! records this test process as the control plane's *owner* and runs a small
//! watchdog that stops the control plane within about a second of the owner
//! exiting, however it exits (normal end, panic, Ctrl-C, SIGKILL). Should the
//! watchdog itself be killed, the next `controlplane.sh start` (any test run)
//! garbage-collects state dirs whose owner is gone. This needs no `atexit`,
//! no signal handlers and no unsafe code, and it also covers the exits where
//! no Rust code runs at all.
//!
//! Control planes started explicitly with [`ControlPlane::start_local`] are
//! stopped on drop (and by the same watchdog if drop never runs).

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{Context, Result, anyhow, bail};
use k8s_openapi::api::core::v1::Namespace;
use kube::api::{DeleteParams, PostParams};
use kube::config::{KubeConfigOptions, Kubeconfig};
use kube::{Api, Client, Config};

/// Env var: kubeconfig of an existing cluster to test against.
pub const ENV_KUBECONFIG: &str = "KUBE_CODEGEN_E2E_KUBECONFIG";
/// Env var: `1` forces a local control plane even when `KUBECONFIG` is set.
pub const ENV_FORCE_LOCAL: &str = "KUBE_CODEGEN_E2E_LOCAL";

/// The repository root (two levels above this crate's manifest).
pub fn repo_root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    root.canonicalize().unwrap_or(root)
}

fn script(name: &str) -> PathBuf {
    repo_root().join("hack/k8s").join(name)
}

/// The Kubernetes version `hack/k8s/build.sh` pins (its `KUBE_VERSION=` line),
/// so the tests and the build never disagree.
pub fn pinned_kube_version() -> Result<String> {
    let path = script("build.sh");
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    text.lines()
        .find_map(|l| l.strip_prefix("KUBE_VERSION="))
        .map(|v| v.trim().trim_matches('"').to_string())
        .ok_or_else(|| anyhow!("no KUBE_VERSION= line in {}", path.display()))
}

/// Options for [`ControlPlane::start_local_with`]. The defaults are what
/// [`ControlPlane::start_local`] uses.
#[derive(Debug, Clone, Default)]
pub struct StartOptions {
    /// Parent of the state directory (`KUBE_CODEGEN_ENVTEST_ROOT`); default
    /// `${TMPDIR:-/tmp}/kube-codegen-envtest`.
    pub root: Option<PathBuf>,
    /// Owner process; default this process.
    pub owner_pid: Option<u32>,
    /// Do not start the watchdog that stops the control plane when the owner
    /// exits (then only `gc` cleans up after a dead owner).
    pub no_watchdog: bool,
    /// More kube-apiserver flags (also after [`ControlPlane::revive`]).
    pub apiserver_args: Vec<String>,
}

/// A process of the local control plane that a test can kill and revive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Component {
    /// etcd (its data survives a kill).
    Etcd,
    /// kube-apiserver.
    ApiServer,
    /// kube-controller-manager.
    ControllerManager,
}

impl Component {
    /// Its name in the `pids` file and to `controlplane.sh`.
    pub fn name(self) -> &'static str {
        match self {
            Component::Etcd => "etcd",
            Component::ApiServer => "kube-apiserver",
            Component::ControllerManager => "kube-controller-manager",
        }
    }
}

/// One process of a local control plane, as recorded in its `pids` file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Process {
    /// What it is, as the `pids` file names it (`etcd`, `kube-apiserver`, ...).
    pub name: String,
    /// Its process id.
    pub pid: u32,
    /// Start time (clock ticks since boot) — tells a reused pid apart.
    pub start_time: u64,
}

impl Process {
    /// Is this very process (same pid and start time) still running?
    pub fn is_running(&self) -> bool {
        proc_start_time(self.pid) == Some(self.start_time)
    }
}

/// Start time of a live (non-zombie) process, from `/proc/<pid>/stat`.
fn proc_start_time(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Field 2 (comm) may contain spaces and ')': split after the last ')'.
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // fields[0] is field 3 (state); starttime is field 22.
    if matches!(fields.first(), Some(&"Z") | Some(&"X")) {
        return None;
    }
    fields.get(19)?.parse().ok()
}

enum Target {
    /// Started by us; `dir` is the state directory.
    Local { dir: PathBuf },
    /// An existing cluster: an explicit kubeconfig, or `None` for `KUBECONFIG`.
    Existing { kubeconfig: Option<PathBuf> },
}

/// A Kubernetes control plane to run tests against.
pub struct ControlPlane {
    target: Target,
    stopped: bool,
}

impl fmt::Debug for ControlPlane {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.target {
            Target::Local { dir } => write!(f, "ControlPlane(local, {})", dir.display()),
            Target::Existing { kubeconfig } => {
                write!(f, "ControlPlane(existing, {kubeconfig:?})")
            }
        }
    }
}

static SHARED: OnceLock<std::result::Result<ControlPlane, String>> = OnceLock::new();

/// The control plane shared by all tests of this test binary, started on first
/// use (blocking; see the module docs for how it is stopped). A start failure
/// is remembered, so every test reports it instead of retrying.
pub fn shared() -> Result<&'static ControlPlane> {
    shared_with(&StartOptions::default())
}

/// [`shared`], started with `opts` if it is not running yet. A test binary
/// whose tests need a differently configured control plane calls this (with
/// the same options) before anything else asks for the shared one.
pub fn shared_with(opts: &StartOptions) -> Result<&'static ControlPlane> {
    SHARED
        .get_or_init(|| {
            if ControlPlane::existing_cluster_configured() {
                ControlPlane::start()
            } else {
                ControlPlane::start_local_with(opts)
            }
            .map_err(|e| format!("{e:#}"))
        })
        .as_ref()
        .map_err(|e| anyhow!("starting the shared control plane failed: {e}"))
}

/// A client for the shared control plane, bound to the calling tokio runtime.
///
/// A `kube::Client` runs a background task on the runtime that created it, and
/// every `#[tokio::test]` has its own runtime, so clients are made per test,
/// not shared.
pub async fn client() -> Result<Client> {
    let cp = tokio::task::spawn_blocking(shared).await??;
    cp.client().await
}

/// Create a uniquely named namespace `<prefix>-<random>` on the shared control
/// plane; it is deleted when the returned guard is dropped.
pub async fn ns(prefix: &str) -> Result<TestNamespace> {
    let cp = tokio::task::spawn_blocking(shared).await??;
    cp.create_namespace(prefix).await
}

impl ControlPlane {
    /// An existing cluster if the environment names one (see the module docs),
    /// otherwise a new local control plane.
    pub fn start() -> Result<Self> {
        if let Some(path) = std::env::var_os(ENV_KUBECONFIG).filter(|v| !v.is_empty()) {
            return Ok(Self::existing(Some(PathBuf::from(path))));
        }
        let force_local = std::env::var(ENV_FORCE_LOCAL).is_ok_and(|v| v == "1");
        if !force_local && std::env::var_os("KUBECONFIG").is_some_and(|v| !v.is_empty()) {
            return Ok(Self::existing(None));
        }
        Self::start_local()
    }

    /// Whether [`ControlPlane::start`] would use an existing cluster.
    pub fn existing_cluster_configured() -> bool {
        let force_local = std::env::var(ENV_FORCE_LOCAL).is_ok_and(|v| v == "1");
        std::env::var_os(ENV_KUBECONFIG).is_some_and(|v| !v.is_empty())
            || (!force_local && std::env::var_os("KUBECONFIG").is_some_and(|v| !v.is_empty()))
    }

    fn existing(kubeconfig: Option<PathBuf>) -> Self {
        ControlPlane {
            target: Target::Existing { kubeconfig },
            stopped: false,
        }
    }

    /// Build the binaries if needed and start a new local control plane,
    /// whatever the environment says. Blocking (seconds when the binaries are
    /// cached; the first build takes tens of minutes).
    pub fn start_local() -> Result<Self> {
        Self::start_local_with(&StartOptions::default())
    }

    /// [`ControlPlane::start_local`] with options.
    pub fn start_local_with(opts: &StartOptions) -> Result<Self> {
        let bin_dir = build()?;
        let mut cmd = Command::new(script("controlplane.sh"));
        cmd.arg("start")
            .env("KUBE_CODEGEN_BIN_DIR", &bin_dir)
            .env(
                "KUBE_CODEGEN_OWNER_PID",
                opts.owner_pid.unwrap_or_else(std::process::id).to_string(),
            )
            .stdin(Stdio::null());
        if let Some(root) = &opts.root {
            cmd.env("KUBE_CODEGEN_ENVTEST_ROOT", root);
        }
        if opts.no_watchdog {
            cmd.env("KUBE_CODEGEN_WATCHDOG", "0");
        }
        if !opts.apiserver_args.is_empty() {
            cmd.env("KUBE_CODEGEN_APISERVER_ARGS", opts.apiserver_args.join(" "));
        }
        let out = run(&mut cmd, "hack/k8s/controlplane.sh start")?;
        let dir = out
            .lines()
            .last()
            .map(PathBuf::from)
            .filter(|d| d.join("kubeconfig").is_file())
            .ok_or_else(|| anyhow!("controlplane.sh start printed no state dir: {out:?}"))?;
        Ok(ControlPlane {
            target: Target::Local { dir },
            stopped: false,
        })
    }

    /// Run `controlplane.sh gc` over `root` (default: the default root):
    /// stop and remove control planes whose owner process is gone.
    pub fn gc(root: Option<&Path>) -> Result<()> {
        let mut cmd = Command::new(script("controlplane.sh"));
        cmd.arg("gc").stdin(Stdio::null());
        if let Some(root) = root {
            cmd.env("KUBE_CODEGEN_ENVTEST_ROOT", root);
        }
        run(&mut cmd, "hack/k8s/controlplane.sh gc").map(drop)
    }

    /// True for a control plane this harness started (false for an existing
    /// cluster).
    pub fn is_local(&self) -> bool {
        matches!(self.target, Target::Local { .. })
    }

    /// The state directory of a local control plane.
    pub fn dir(&self) -> Option<&Path> {
        match &self.target {
            Target::Local { dir } => Some(dir),
            Target::Existing { .. } => None,
        }
    }

    /// The admin kubeconfig of a local control plane, or the explicit one
    /// of an existing cluster (`None` means "from `KUBECONFIG`").
    pub fn kubeconfig(&self) -> Option<PathBuf> {
        match &self.target {
            Target::Local { dir } => Some(dir.join("kubeconfig")),
            Target::Existing { kubeconfig } => kubeconfig.clone(),
        }
    }

    /// A value from the state dir's `env` file (`KUBE_CODEGEN_APISERVER`,
    /// `KUBE_CODEGEN_ETCD`, `KUBECONFIG`, ...); `None` for existing clusters.
    pub fn env_value(&self, key: &str) -> Option<String> {
        let text = std::fs::read_to_string(self.dir()?.join("env")).ok()?;
        text.lines()
            .filter_map(|l| l.split_once('='))
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.to_string())
    }

    /// The API server URL of a local control plane.
    pub fn apiserver_url(&self) -> Option<String> {
        self.env_value("KUBE_CODEGEN_APISERVER")
    }

    /// The processes of a local control plane (empty for existing clusters).
    pub fn processes(&self) -> Result<Vec<Process>> {
        let Some(dir) = self.dir() else {
            return Ok(Vec::new());
        };
        read_pids(dir)
    }

    /// A client bound to the calling tokio runtime.
    pub async fn client(&self) -> Result<Client> {
        let opts = KubeConfigOptions::default();
        let config = match self.kubeconfig() {
            Some(path) => {
                let kc = Kubeconfig::read_from(&path)
                    .with_context(|| format!("reading kubeconfig {}", path.display()))?;
                Config::from_custom_kubeconfig(kc, &opts)
                    .await
                    .with_context(|| format!("loading kubeconfig {}", path.display()))?
            }
            None => Config::from_kubeconfig(&opts)
                .await
                .context("loading kubeconfig from KUBECONFIG")?,
        };
        Client::try_from(config).context("creating kube client")
    }

    /// A `kubectl` command (the one `hack/k8s/build.sh` builds at the pinned
    /// version) talking to this control plane: `KUBECONFIG` is set to its
    /// admin kubeconfig (for an existing cluster: the one configured).
    pub fn kubectl(&self) -> Result<Command> {
        let mut cmd = Command::new(bin_dir()?.join("kubectl"));
        if let Some(kubeconfig) = self.kubeconfig() {
            cmd.env("KUBECONFIG", kubeconfig);
        }
        cmd.stdin(Stdio::null());
        Ok(cmd)
    }

    /// Create a uniquely named namespace on this control plane.
    pub async fn create_namespace(&self, prefix: &str) -> Result<TestNamespace> {
        let client = self.client().await?;
        let name = unique_name(prefix);
        let ns: Namespace = serde_json::from_value(serde_json::json!({
            "metadata": {
                "name": name,
                "labels": { "kube-codegen.io/e2e": "true" },
            }
        }))?;
        Api::<Namespace>::all(client)
            .create(&PostParams::default(), &ns)
            .await
            .with_context(|| format!("creating namespace {name}"))?;
        Ok(TestNamespace {
            name,
            kubeconfig: self.kubeconfig(),
            keep: false,
        })
    }

    /// Kills `component` of a local control plane with SIGKILL, as a crash
    /// does (blocking; returns once it is gone).
    pub fn kill(&self, component: Component) -> Result<()> {
        self.component_command("kill", component)
    }

    /// Starts `component` again after [`kill`](Self::kill), with the same
    /// flags, port and data, as a restart or an in-place upgrade does;
    /// returns once it is ready (`/readyz` for the API server, `/health` for
    /// etcd).
    pub fn revive(&self, component: Component) -> Result<()> {
        self.component_command("revive", component)
    }

    fn component_command(&self, verb: &str, component: Component) -> Result<()> {
        let dir = self.dir().ok_or_else(|| {
            anyhow!("{verb} needs a local control plane, not an existing cluster")
        })?;
        let mut cmd = Command::new(script("controlplane.sh"));
        cmd.args([verb, &dir.to_string_lossy(), component.name()])
            .env("KUBE_CODEGEN_BIN_DIR", bin_dir()?)
            .stdin(Stdio::null());
        run(
            &mut cmd,
            &format!("hack/k8s/controlplane.sh {verb} {}", component.name()),
        )
        .map(drop)
    }

    /// Compacts etcd's history up to its current revision (what the API
    /// server does every 5 minutes): a watch that would resume from before
    /// it, and is not served from the API server's watch cache, gets
    /// `410 Gone`. Returns the revision.
    pub fn compact_etcd(&self) -> Result<u64> {
        let etcd = self
            .env_value("KUBE_CODEGEN_ETCD")
            .ok_or_else(|| anyhow!("compacting etcd needs a local control plane"))?;
        let post = |path: &str, body: &str| -> Result<serde_json::Value> {
            let out = Command::new("curl")
                .args(["-fsS", "--max-time", "10", "-X", "POST"])
                .arg(format!("{etcd}{path}"))
                .args(["-d", body])
                .stdin(Stdio::null())
                .output()
                .context("running curl")?;
            if !out.status.success() {
                bail!(
                    "POST {path} to etcd failed: {}",
                    String::from_utf8_lossy(&out.stderr)
                );
            }
            Ok(serde_json::from_slice(&out.stdout)?)
        };
        // Any key: the header carries the current revision.
        let range = post("/v3/kv/range", r#"{"key":"AA=="}"#)?;
        let revision: u64 = range["header"]["revision"]
            .as_str()
            .and_then(|r| r.parse().ok())
            .ok_or_else(|| anyhow!("no revision in etcd's answer {range}"))?;
        post(
            "/v3/kv/compaction",
            &format!(r#"{{"revision":"{revision}","physical":true}}"#),
        )?;
        Ok(revision)
    }

    /// The API server's audit log of a local control plane: one JSON event
    /// per write (see [`crate::audit`]).
    pub fn audit_log(&self) -> Option<PathBuf> {
        self.dir().map(|dir| dir.join("logs/audit.log"))
    }

    /// The API server's address (`127.0.0.1:<port>`) of a local control
    /// plane: what a [`crate::proxy::Proxy`] forwards to.
    pub fn apiserver_addr(&self) -> Result<std::net::SocketAddr> {
        let url = self
            .apiserver_url()
            .ok_or_else(|| anyhow!("no API server address: not a local control plane"))?;
        let authority = url.trim_start_matches("https://").trim_end_matches('/');
        authority
            .parse()
            .with_context(|| format!("API server address {authority:?}"))
    }

    /// Stop a local control plane (no-op for existing clusters) and remove its
    /// state dir, unless `KEEP_LOGS=1`.
    pub fn stop(mut self) -> Result<()> {
        self.stop_inner()
    }

    /// Forget this control plane without stopping it (its watchdog, or a later
    /// `gc`, will). Returns the state dir. Used to simulate a killed test run.
    pub fn leak(mut self) -> Option<PathBuf> {
        self.stopped = true;
        self.dir().map(Path::to_path_buf)
    }

    fn stop_inner(&mut self) -> Result<()> {
        if std::mem::replace(&mut self.stopped, true) {
            return Ok(());
        }
        let Target::Local { dir } = &self.target else {
            return Ok(());
        };
        let mut cmd = Command::new(script("controlplane.sh"));
        cmd.arg("stop").arg(dir).stdin(Stdio::null());
        run(&mut cmd, "hack/k8s/controlplane.sh stop").map(drop)
    }
}

impl Drop for ControlPlane {
    fn drop(&mut self) {
        if let Err(e) = self.stop_inner() {
            eprintln!("e2e: stopping {self:?} failed: {e:#}");
        }
    }
}

/// Run `hack/k8s/build.sh` (a no-op printing "cached" once built) and return
/// the directory with the binaries. Its progress goes to our stderr.
/// The directory of the pinned Kubernetes binaries (`kube-apiserver`, `etcd`,
/// `kube-controller-manager`, `kubectl`), built first if needed.
pub fn bin_dir() -> Result<PathBuf> {
    static BIN_DIR: OnceLock<std::result::Result<PathBuf, String>> = OnceLock::new();
    BIN_DIR
        .get_or_init(|| build().map_err(|e| format!("{e:#}")))
        .clone()
        .map_err(|e| anyhow!(e))
}

/// Runs `kubectl args...` against the shared control plane; its stdout, or an
/// error with its stderr when it fails.
pub fn kubectl(args: &[&str]) -> Result<String> {
    let out = shared()?
        .kubectl()?
        .args(args)
        .output()
        .context("running kubectl")?;
    if !out.status.success() {
        bail!(
            "kubectl {} failed ({}): {}",
            args.join(" "),
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

fn build() -> Result<PathBuf> {
    let mut cmd = Command::new(script("build.sh"));
    cmd.stdin(Stdio::null()).stderr(Stdio::inherit());
    let out = cmd
        .output()
        .with_context(|| format!("running {}", script("build.sh").display()))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() {
        bail!(
            "hack/k8s/build.sh failed ({}); its error is printed above",
            out.status
        );
    }
    stdout
        .lines()
        .last()
        .map(PathBuf::from)
        .ok_or_else(|| anyhow!("hack/k8s/build.sh printed no bin dir"))
}

/// Run a script, return its stdout; on failure an error with its stderr.
fn run(cmd: &mut Command, what: &str) -> Result<String> {
    let out = cmd.output().with_context(|| format!("running {what}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout).trim().to_string();
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        bail!("{what} failed ({}):\n{}", out.status, stderr.trim_end());
    }
    Ok(stdout)
}

fn read_pids(dir: &Path) -> Result<Vec<Process>> {
    let path = dir.join("pids");
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut it = l.split_whitespace();
            let (Some(name), Some(pid), Some(start)) = (it.next(), it.next(), it.next()) else {
                bail!("malformed line {l:?} in {}", path.display());
            };
            Ok(Process {
                name: name.to_string(),
                pid: pid.parse()?,
                start_time: start.parse()?,
            })
        })
        .collect()
}

/// `<prefix>-<8 random base-36 chars>`, a valid DNS-1123 label.
fn unique_name(prefix: &str) -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut p: String = prefix
        .to_ascii_lowercase()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .take(40)
        .collect();
    p = p.trim_matches('-').to_string();
    if p.is_empty() {
        p.push_str("e2e");
    }
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    // splitmix64 over time, pid and a counter: unique within and across runs.
    let mut x = nanos
        ^ (u64::from(std::process::id()) << 32)
        ^ COUNTER
            .fetch_add(1, Ordering::Relaxed)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^= x >> 31;
    let mut suffix = String::with_capacity(8);
    for _ in 0..8 {
        suffix.push(char::from_digit((x % 36) as u32, 36).unwrap_or('0'));
        x /= 36;
    }
    format!("{p}-{suffix}")
}

/// A namespace created for one test; deleted (without waiting for it to be
/// gone) when dropped, unless [`TestNamespace::keep`] was called.
#[derive(Debug)]
pub struct TestNamespace {
    name: String,
    kubeconfig: Option<PathBuf>,
    keep: bool,
}

impl TestNamespace {
    /// The namespace's name, unique to the test.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Do not delete the namespace on drop (to inspect it after a failure).
    pub fn keep(&mut self) {
        self.keep = true;
    }
}

impl fmt::Display for TestNamespace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

impl Drop for TestNamespace {
    fn drop(&mut self) {
        if self.keep {
            return;
        }
        // Drop cannot await, and the test's runtime may be shutting down, so
        // delete from a thread with its own small runtime and client.
        let name = self.name.clone();
        let cp = ControlPlane {
            target: Target::Existing {
                kubeconfig: self.kubeconfig.clone(),
            },
            stopped: true,
        };
        let joined = std::thread::spawn(move || -> Result<()> {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()?;
            rt.block_on(async {
                let client = cp.client().await?;
                match Api::<Namespace>::all(client)
                    .delete(&name, &DeleteParams::default())
                    .await
                {
                    Ok(_) => Ok(()),
                    Err(kube::Error::Api(e)) if e.code == 404 => Ok(()),
                    Err(e) => Err(e.into()),
                }
            })
        })
        .join();
        match joined {
            Ok(Ok(())) => {}
            Ok(Err(e)) => eprintln!("e2e: deleting namespace {} failed: {e:#}", self.name),
            Err(_) => eprintln!("e2e: deleting namespace {} panicked", self.name),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unique_names_are_dns_labels() {
        let a = unique_name("My_Test.Prefix");
        let b = unique_name("My_Test.Prefix");
        assert_ne!(a, b);
        assert!(a.starts_with("my-test-prefix-"), "{a}");
        assert!(a.len() <= 63);
        assert!(
            a.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        );
        assert_eq!(&unique_name("--")[..4], "e2e-");
    }

    #[test]
    fn own_process_start_time_is_readable() {
        let me = Process {
            name: "me".into(),
            pid: std::process::id(),
            start_time: proc_start_time(std::process::id()).expect("own stat"),
        };
        assert!(me.is_running());
        let other = Process {
            start_time: me.start_time + 1,
            ..me.clone()
        };
        assert!(!other.is_running());
    }

    #[test]
    fn pinned_version_is_read_from_build_script() {
        let v = pinned_kube_version().unwrap();
        assert!(v.starts_with("v1."), "{v}");
    }
}
