//! Memory under churn: the App controller (the binary, one replica) while
//! Apps are created and deleted in waves of 100 (each created, converged,
//! deleted, its children collected). After 10,000 Apps its resident memory
//! is back within 10 % of where it was before (after one warm-up wave of the
//! same size, so the allocator already holds a wave's working set): caches,
//! indexes, expectations and the event queue keep nothing of objects that
//! are gone. That run takes 26 minutes and is `#[ignore]`d. CI churns 500
//! Apps with the end within 15 % of the start: the allocator settles over
//! the first thousand (+9 to +11 % there, +9.4 % after 10,000, flat from
//! the first tenth on), and a cache that kept what it was told is deleted
//! would hold ~12 KiB an App (+35 % here). Small per-object leaks (a queue
//! key or an expectation per deleted object, both found by this test and
//! fixed) are below what RSS can show in CI; the manager's unit tests
//! check those structures directly. (A wave of 1,000 Apps at once would measure the allocator
//! instead: the system allocator keeps a peak's freed pages in its
//! per-thread arenas; heaptrack shows 3.6 MB of heap live after 500 Apps are
//! gone, against a 12.9 MB peak, in a process whose RSS stays at its peak.)

use std::process::Stdio;
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result, ensure};
use futures::{StreamExt, TryStreamExt};
use generated::apis::myapp::v1::App;
use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::api::core::v1::Service;
use kube::api::{Api, DeleteParams, ListParams};
use kube::{Client, Resource};

use super::support::{self, record};
use crate::apps::{self, eventually};

/// Resident memory of process `pid`, KiB.
fn rss_kib(pid: u32) -> Result<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .context("no VmRSS")
}

/// How many `K` are in `ns`.
async fn count<K>(client: &Client, ns: &str) -> Result<usize>
where
    K: Resource<Scope = k8s_openapi::NamespaceResourceScope, DynamicType = ()>
        + Clone
        + serde::de::DeserializeOwned
        + std::fmt::Debug,
{
    Ok(Api::<K>::namespaced(client.clone(), ns)
        .list_metadata(&ListParams::default())
        .await?
        .items
        .len())
}

/// Apps alive at once.
const PER_WAVE: usize = 100;

/// One wave: `PER_WAVE` Apps created, converged, deleted, gone with their
/// children (ReplicaSets aside).
async fn wave(client: &Client, ns: &str, wave: usize) -> Result<()> {
    let names: Vec<String> = (0..PER_WAVE).map(|i| format!("w{wave}-{i}")).collect();
    // No pods (replicas 0): the churn is the controller's, not the control
    // plane's.
    futures::stream::iter(names.iter())
        .map(|name| {
            let app = apps::new_app(name, name, "nginx:1.27", 0, name);
            async move { apps::create_app(client, ns, &app).await }
        })
        .buffer_unordered(16)
        .try_collect::<Vec<_>>()
        .await?;
    let timeout = Duration::from_secs(120);
    eventually("the wave to converge", timeout, || async {
        let converged = Api::<App>::namespaced(client.clone(), ns)
            .list(&ListParams::default())
            .await?
            .items
            .iter()
            .filter(|a| apps::converged(a))
            .count();
        Ok((converged == PER_WAVE).then_some(()))
    })
    .await?;
    Api::<App>::namespaced(client.clone(), ns)
        .delete_collection(&DeleteParams::background(), &ListParams::default())
        .await?;
    // Gone from the controller's caches: Apps, Deployments, Services (the
    // ReplicaSets are kube-controller-manager's to collect).
    eventually("the wave and its children to be gone", timeout, || async {
        let left = count::<App>(client, ns).await?
            + count::<Deployment>(client, ns).await?
            + count::<Service>(client, ns).await?;
        Ok((left == 0).then_some(()))
    })
    .await
}

/// `waves` waves of [`PER_WAVE`] Apps after a warm-up wave; returns the RSS
/// before (after the warm-up), after each tenth of the waves, and at the
/// end, KiB.
async fn churn(waves: usize) -> Result<(u64, Vec<u64>, u64, Duration)> {
    let _alone = support::exclusive().await;
    let (client, ns) = support::setup("faults-memory").await?;
    let ns = ns.name().to_owned();
    let binary = tokio::task::spawn_blocking(apps::build_binary).await??;
    let kubeconfig = e2e::shared()?.kubeconfig().context("no kubeconfig")?;
    let health = std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port();
    let mut child = tokio::process::Command::new(binary)
        .arg(format!("--kubeconfig={}", kubeconfig.display()))
        .arg(format!("--namespace={ns}"))
        .arg(format!("--health-probe-bind-address=127.0.0.1:{health}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()?;
    let pid = child.id().context("no pid")?;
    eventually("/readyz", apps::TIMEOUT, || async {
        Ok(matches!(apps::http_get(health, "/readyz").await, Ok((200, _))).then_some(()))
    })
    .await?;
    wave(&client, &ns, 0).await?;
    tokio::time::sleep(Duration::from_secs(10)).await;
    let before = rss_kib(pid)?;
    let started = Instant::now();
    let mut after_waves = Vec::new();
    for n in 1..=waves {
        wave(&client, &ns, n).await?;
        if n % (waves / 10).max(1) == 0 {
            after_waves.push(rss_kib(pid)?);
        }
    }
    let churned = started.elapsed();
    // Queued events are written, expectations and backoffs forgotten.
    tokio::time::sleep(Duration::from_secs(10)).await;
    let end = rss_kib(pid)?;
    child.kill().await?;
    Ok((before, after_waves, end, churned))
}

fn check(
    waves: usize,
    bound: f64,
    (before, after, end, took): (u64, Vec<u64>, u64, Duration),
) -> Result<()> {
    record(
        &format!(
            "memory under churn: {} Apps created and deleted, {PER_WAVE} at a time",
            waves * PER_WAVE
        ),
        &format!(
            "RSS {:.1} MiB before, {:.1} MiB after ({:+.1} %), after each tenth of the waves {:?} MiB; {:.0} s",
            before as f64 / 1024.0,
            end as f64 / 1024.0,
            (end as f64 / before as f64 - 1.0) * 100.0,
            after
                .iter()
                .map(|k| (*k as f64 / 102.4).round() / 10.0)
                .collect::<Vec<_>>(),
            took.as_secs_f64()
        ),
    );
    ensure!(
        end as f64 <= before as f64 * bound,
        "RSS went from {before} KiB to {end} KiB over the churn (bound: {:+.0} %)",
        (bound - 1.0) * 100.0
    );
    Ok(())
}

#[tokio::test]
async fn apps_created_and_deleted_leave_the_controllers_memory_where_it_was() -> Result<()> {
    check(5, 1.15, churn(5).await?)
}

/// The figure: 10,000 Apps. About 10 minutes: `cargo test -p e2e
/// --test faults -- --ignored --nocapture memory`.
#[tokio::test]
#[ignore = "minutes long: the churn the book's reliability table quotes"]
async fn ten_thousand_apps_created_and_deleted_leave_the_controllers_memory_where_it_was()
-> Result<()> {
    check(100, 1.10, churn(100).await?)
}
