//! Leader election on the fake clientset, with tokio's clock paused: each
//! guarantee of client-go's `leaderelection` (and the fence) as a test.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use k8s_openapi::api::coordination::v1::Lease;
use kube_codegen_manager::LeaderElection;
use kube_codegen_manager::leader::{Fence, LeaderElector, Lost};
use kube_codegen_runtime::{ErrorKind, Interface, ResourceApi, fake};
use tokio::time::Instant;

const NS: &str = "ops";
const LEASE: &str = "op";

fn election() -> LeaderElection {
    LeaderElection::new(LEASE, NS)
}

/// A fake clientset whose Lease calls fail while `outage` is set, as they do
/// while the API server (or etcd) is down.
fn fake_with_outage() -> (fake::Clientset, Arc<AtomicBool>) {
    let fake = fake::Clientset::default();
    let outage = Arc::new(AtomicBool::new(false));
    let down = Arc::clone(&outage);
    fake.prepend_reactor("*", "leases", move |_| {
        down.load(Ordering::SeqCst).then(|| {
            Err(kube_codegen_runtime::Error::api(
                ErrorKind::ServiceUnavailable,
                "etcdserver: request timed out",
            ))
        })
    });
    (fake, outage)
}

fn elector(fake: &fake::Clientset, identity: &str) -> (LeaderElector<fake::Clientset>, Fence) {
    let fence = Fence::new();
    (
        LeaderElector::new(fake, &election(), identity, fence.clone()),
        fence,
    )
}

async fn holder(fake: &fake::Clientset) -> Option<String> {
    let lease = fake.api::<Lease>(NS).get(LEASE).await.ok()?;
    lease.spec?.holder_identity
}

#[tokio::test(start_paused = true)]
async fn the_first_replica_creates_the_lease_and_leads() {
    let (fake, _) = fake_with_outage();
    let (mut a, fence) = elector(&fake, "a");
    a.acquire().await;
    assert!(a.is_leader());
    assert_eq!(holder(&fake).await.as_deref(), Some("a"));
    assert!(fence.allows_writes());
}

#[tokio::test(start_paused = true)]
async fn a_standby_waits_a_lease_duration_from_when_it_saw_the_last_renewal() {
    let (fake, _) = fake_with_outage();
    let (mut a, _) = elector(&fake, "a");
    a.acquire().await;
    // `a` stops renewing now (it crashed); `b` first sees the record now.
    let (mut b, _) = elector(&fake, "b");
    let started = Instant::now();
    let early = tokio::time::timeout(Duration::from_secs(14), b.acquire()).await;
    assert!(early.is_err(), "b took the lease before it expired");
    b.acquire().await;
    let waited = started.elapsed();
    assert!(
        waited >= Duration::from_secs(15)
            && waited <= Duration::from_secs(15) + Duration::from_millis(2400),
        "took over after {waited:?}"
    );
    assert_eq!(holder(&fake).await.as_deref(), Some("b"));
    let lease = fake.api::<Lease>(NS).get(LEASE).await.unwrap();
    assert_eq!(lease.spec.unwrap().lease_transitions, Some(1));
}

#[tokio::test(start_paused = true)]
async fn a_renewing_leader_is_never_taken_over() {
    let (fake, _) = fake_with_outage();
    let (mut a, _) = elector(&fake, "a");
    a.acquire().await;
    let (mut b, _) = elector(&fake, "b");
    tokio::select! {
        lost = a.hold() => panic!("a lost leadership: {lost}"),
        () = b.acquire() => panic!("b took the lease from a renewing leader"),
        () = tokio::time::sleep(Duration::from_secs(120)) => {}
    }
    assert_eq!(holder(&fake).await.as_deref(), Some("a"));
}

#[tokio::test(start_paused = true)]
async fn a_five_second_outage_changes_no_leader() {
    let (fake, outage) = fake_with_outage();
    let (mut a, fence) = elector(&fake, "a");
    a.acquire().await;
    let (mut b, _) = elector(&fake, "b");
    let blip = async {
        tokio::time::sleep(Duration::from_secs(7)).await;
        outage.store(true, Ordering::SeqCst);
        tokio::time::sleep(Duration::from_secs(5)).await;
        outage.store(false, Ordering::SeqCst);
        tokio::time::sleep(Duration::from_secs(60)).await;
    };
    tokio::select! {
        lost = a.hold() => panic!("a lost leadership over a 5 s outage: {lost}"),
        () = b.acquire() => panic!("b took over during a 5 s outage"),
        () = blip => {}
    }
    assert_eq!(holder(&fake).await.as_deref(), Some("a"));
    assert!(fence.allows_writes());
}

#[tokio::test(start_paused = true)]
async fn renewals_failing_past_the_deadline_end_leadership_and_close_the_fence() {
    let (fake, outage) = fake_with_outage();
    let (mut a, fence) = elector(&fake, "a");
    a.acquire().await;
    outage.store(true, Ordering::SeqCst);
    let started = Instant::now();
    let lost = a.hold().await;
    assert_eq!(lost, Lost::Deadline(Duration::from_secs(10)));
    // The round starts a retry period after the last renewal, and lasts the
    // renew deadline: the leader gives up before its lease (15 s) runs out.
    assert!(
        started.elapsed() <= Duration::from_secs(12),
        "{:?}",
        started.elapsed()
    );
    assert!(!fence.allows_writes());
}

#[tokio::test(start_paused = true)]
async fn a_frozen_leader_writes_nothing_and_stops_as_soon_as_it_resumes() {
    let (fake, _) = fake_with_outage();
    let (mut a, fence_a) = elector(&fake, "a");
    a.acquire().await;
    // `a` freezes (no renewal runs); its fence closes by its own clock once
    // the lease duration has passed since the renewal was sent.
    tokio::time::sleep(Duration::from_secs(14)).await;
    assert!(fence_a.allows_writes());
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert!(!fence_a.allows_writes(), "a frozen leader may still write");
    // Meanwhile `b` took over.
    let (mut b, _) = elector(&fake, "b");
    b.acquire().await;
    // `a` resumes: its first renewal round reads that `b` holds the Lease.
    let resumed = Instant::now();
    let lost = a.hold().await;
    assert_eq!(lost, Lost::Taken("b".to_owned()));
    assert!(
        resumed.elapsed() <= Duration::from_secs(2),
        "{:?}",
        resumed.elapsed()
    );
    assert!(!fence_a.allows_writes());
    assert_eq!(holder(&fake).await.as_deref(), Some("b"));
}

#[tokio::test(start_paused = true)]
async fn a_released_lease_is_taken_at_once() {
    let (fake, _) = fake_with_outage();
    let (mut a, fence) = elector(&fake, "a");
    a.acquire().await;
    let (mut b, _) = elector(&fake, "b");
    // `b` has seen the valid record.
    let early = tokio::time::timeout(Duration::from_secs(3), b.acquire()).await;
    assert!(early.is_err());
    a.release().await.unwrap();
    assert!(!fence.allows_writes());
    let started = Instant::now();
    b.acquire().await;
    assert!(
        started.elapsed() <= Duration::from_millis(2400),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(holder(&fake).await.as_deref(), Some("b"));
}

#[tokio::test(start_paused = true)]
async fn two_standbys_racing_for_a_free_lease_never_both_win() {
    let (fake, _) = fake_with_outage();
    let (mut a, _) = elector(&fake, "a");
    a.acquire().await;
    a.release().await.unwrap();
    let (mut b, _) = elector(&fake, "b");
    let (mut c, _) = elector(&fake, "c");
    tokio::select! {
        () = b.acquire() => {}
        () = c.acquire() => {}
    }
    // Whoever won, the other still sees a valid holder and does not win.
    let winner = holder(&fake).await.unwrap();
    let (loser, name) = if winner == "b" {
        (&mut c, "c")
    } else {
        (&mut b, "b")
    };
    let late = tokio::time::timeout(Duration::from_secs(10), loser.acquire()).await;
    assert!(late.is_err(), "{name} won too");
}
