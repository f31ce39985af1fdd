//! A leader cut off from the API server by its proxy, or frozen (SIGSTOP)
//! past its Lease, while a standby takes over and Apps keep coming; then the
//! old leader is restored. The audit log counts its writes received after
//! the new leader's acquisition: none. It stops leading within 2 s of being
//! restored (the partitioned one already did, at its renew deadline).

use std::process::Stdio;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, ensure};
use e2e::audit::AuditLog;
use k8s_openapi::jiff::Timestamp;

use super::support::{self, Replica, caches_equal_a_fresh_list, create_apps, names, record, secs};
use crate::apps::{self, TIMEOUT, eventually};

#[tokio::test]
async fn a_partitioned_leader_writes_nothing_after_the_new_leader_took_over() -> Result<()> {
    let _faults = support::shared().await;
    let cp = support::control_plane().await?;
    let log = AuditLog::of(cp)?;
    let (client, ns) = support::setup("faults-partition").await?;
    let ns = ns.name().to_owned();
    let election = support::election(&ns);
    let a = Replica::start(cp, &ns, "partition-a", Some(election.clone()), true).await?;
    support::one_leader(std::slice::from_ref(&a)).await?;
    let b = Replica::start(cp, &ns, "partition-b", Some(election.clone()), true).await?;
    let before = names("before", 10);
    create_apps(&client, &ns, &before).await?;
    eventually("the first Apps to converge", TIMEOUT, || async {
        Ok(apps::all_converged(&client, &ns, &before)
            .await?
            .then_some(()))
    })
    .await?;

    // Cut the leader off; Apps keep coming while the standby takes over.
    let cut = Timestamp::now();
    let cut_at = Instant::now();
    a.proxy().partition();
    let mut during = Vec::new();
    let mut i = 0;
    while !b.running.metrics.is_leader() {
        ensure!(cut_at.elapsed() < TIMEOUT, "the standby never took over");
        let name = format!("during-{i}");
        apps::create_app(&client, &ns, &apps::app(&name)).await?;
        during.push(name);
        i += 1;
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    let takeover = cut_at.elapsed();
    let acquired = log.acquisition(&election.lease_name, b.identity(), cut)?;
    tokio::time::sleep(Duration::from_secs(3)).await;

    // Restore it.
    a.proxy().heal();
    let healed = Instant::now();
    eventually("the old leader to stop leading", TIMEOUT, || async {
        Ok((!a.running.metrics.is_leader()).then_some(()))
    })
    .await?;
    let stopped_leading = healed.elapsed();
    let all: Vec<String> = before.iter().chain(&during).cloned().collect();
    eventually(
        "every App to converge under the new leader",
        TIMEOUT,
        || async { Ok(apps::all_converged(&client, &ns, &all).await?.then_some(())) },
    )
    .await?;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let late = log.writes_after(a.identity(), acquired.received())?;
    caches_equal_a_fresh_list(&client, &ns, &b.running).await?;
    record(
        "leader partitioned by its proxy",
        &format!(
            "standby led {} after the cut; old leader's writes after the takeover: {}; it stopped leading {} after the heal (dropped {} bytes)",
            secs(takeover),
            late.len(),
            secs(stopped_leading),
            a.proxy().dropped_bytes()
        ),
    );
    ensure!(
        late.is_empty(),
        "the old leader wrote after the takeover: {late:?}"
    );
    ensure!(
        stopped_leading <= Duration::from_secs(2),
        "the old leader led on for {stopped_leading:?} after the heal"
    );
    b.running.stop().await?;
    drop(a);
    Ok(())
}

/// An `app-controller` process: its identity, and its log file.
struct Process {
    child: tokio::process::Child,
    identity: String,
    log: tempfile::NamedTempFile,
}

impl Process {
    async fn start(binary: &std::path::Path, ns: &str, identity: &str) -> Result<Process> {
        let kubeconfig = e2e::shared()?.kubeconfig().context("no kubeconfig")?;
        let log = tempfile::NamedTempFile::new()?;
        let child = tokio::process::Command::new(binary)
            .arg(format!("--kubeconfig={}", kubeconfig.display()))
            .arg(format!("--namespace={ns}"))
            .arg("--leader-elect")
            .arg("--leader-election-id=app-controller")
            .arg(format!("--leader-election-namespace={ns}"))
            .arg(format!("--identity={identity}"))
            .args(support::election_args())
            .args(["--health-probe-bind-address=0", "--log-format=json"])
            .stdout(Stdio::null())
            .stderr(log.reopen()?)
            .kill_on_drop(true)
            .spawn()?;
        Ok(Process {
            child,
            identity: identity.to_owned(),
            log,
        })
    }

    fn pid(&self) -> Result<u32> {
        self.child.id().context("the process has exited")
    }

    /// When (wall clock) its log says `message` first.
    fn logged(&self, message: &str) -> Result<Option<Timestamp>> {
        let text = std::fs::read_to_string(self.log.path())?;
        Ok(text
            .lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .find(|l| l["message"] == message)
            .and_then(|l| l["timestamp"].as_str()?.parse().ok()))
    }
}

#[tokio::test]
async fn a_frozen_leader_writes_nothing_when_it_resumes_and_stops_leading() -> Result<()> {
    let _faults = support::shared().await;
    let cp = support::control_plane().await?;
    let log = AuditLog::of(cp)?;
    let (client, ns) = support::setup("faults-frozen").await?;
    let ns = ns.name().to_owned();
    let lease = support::election(&ns).lease_name;
    let binary = tokio::task::spawn_blocking(apps::build_binary).await??;
    let mut a = Process::start(&binary, &ns, "frozen-a").await?;
    eventually("a to lead", TIMEOUT, || async {
        let holder = support::lease(&client, &ns, &lease)
            .await?
            .and_then(|s| s.holder_identity);
        Ok((holder.as_deref() == Some(a.identity.as_str())).then_some(()))
    })
    .await?;
    let b = Process::start(&binary, &ns, "frozen-b").await?;

    // Work in flight when it freezes, and more while it is frozen.
    create_apps(&client, &ns, &names("before", 20)).await?;
    let frozen = Timestamp::now();
    apps::signal(a.pid()?, "STOP")?;
    let frozen_at = Instant::now();
    create_apps(&client, &ns, &names("during", 10)).await?;
    let acquired = eventually("b to take over", TIMEOUT, || async {
        Ok(log.acquisition(&lease, &b.identity, frozen).ok())
    })
    .await?;
    let takeover = frozen_at.elapsed();
    tokio::time::sleep(Duration::from_secs(2)).await;

    let resumed = Timestamp::now();
    apps::signal(a.pid()?, "CONT")?;
    let exit = tokio::time::timeout(Duration::from_secs(30), a.child.wait())
        .await
        .context("the old leader did not exit within 30 s of resuming")??;
    let lost = a
        .logged("lost leadership; stopping")?
        .context("the old leader never said it lost leadership")?;
    let stopped_leading = resumed.duration_until(lost).unsigned_abs();
    let all: Vec<String> = names("before", 20)
        .into_iter()
        .chain(names("during", 10))
        .collect();
    eventually(
        "every App to converge under the new leader",
        TIMEOUT,
        || async { Ok(apps::all_converged(&client, &ns, &all).await?.then_some(())) },
    )
    .await?;
    let late = log.writes_after(&a.identity, acquired.received())?;
    record(
        "leader frozen past its Lease (SIGSTOP)",
        &format!(
            "standby took over {} after the freeze; old leader's writes after the takeover: {}; it stopped leading {:.1} s after resuming ({exit})",
            secs(takeover),
            late.len(),
            stopped_leading.as_secs_f64()
        ),
    );
    ensure!(
        late.is_empty(),
        "the old leader wrote after the takeover: {late:?}"
    );
    ensure!(
        stopped_leading <= Duration::from_secs(2),
        "the old leader led on for {stopped_leading:?} after resuming"
    );
    drop(b);
    Ok(())
}
