//! One replica's side of the election, client-go's `leaderelection`
//! algorithm on a `coordination.k8s.io/v1` Lease:
//!
//! - **Acquire**: every retry period (jittered up by a fifth), read the
//!   Lease; take it when nobody holds it, or when its record has not changed
//!   for the holder's lease duration *as this replica observed it* (the time
//!   this replica first saw the record, on its own monotonic clock, not the
//!   `renewTime` written by another machine's clock), with an update that
//!   carries the resource version read, so two replicas never both win.
//! - **Renew**: every retry period; a round of attempts (one every retry
//!   period) must succeed within the renew deadline, else leadership is lost.
//!   Each attempt is bounded by what is left of the round, so a request that
//!   hangs (a partition) cannot stretch it. Reading that another replica
//!   holds the Lease ends leadership at once.
//! - **Release** on shutdown: the holder is cleared and the duration set to
//!   1 s, so a standby takes over at once.
//!
//! Every success opens the [`Fence`] for a lease duration from when its
//! request was sent.

use std::time::Duration;

use tokio::time::Instant;

use k8s_openapi::api::coordination::v1::{Lease, LeaseSpec};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{MicroTime, ObjectMeta};
use k8s_openapi::jiff::Timestamp;
use kube_codegen_runtime::params::PostParams;
use kube_codegen_runtime::{Error as ApiError, Interface, ResourceApi};

use super::fence::Fence;
use crate::config::LeaderElection;

/// What the last read or write of the Lease showed, and when this replica
/// first saw it.
#[derive(Debug, Default)]
struct Observed {
    /// The Lease as last read or written (its resource version guards the
    /// next update).
    lease: Option<Lease>,
    /// When its record last changed, as this replica saw it.
    at: Option<Instant>,
}

impl Observed {
    fn spec(&self) -> Option<&LeaseSpec> {
        self.lease.as_ref().and_then(|l| l.spec.as_ref())
    }

    fn holder(&self) -> Option<&str> {
        self.spec()
            .and_then(|s| s.holder_identity.as_deref())
            .filter(|h| !h.is_empty())
    }

    /// Whether the observed record is still valid at `now`: it changed less
    /// than its holder's lease duration ago.
    fn valid(&self, now: Instant) -> bool {
        let seconds = self
            .spec()
            .and_then(|s| s.lease_duration_seconds)
            .unwrap_or(0);
        let duration = Duration::from_secs(u64::try_from(seconds).unwrap_or(0));
        self.at.is_some_and(|at| now < at + duration)
    }

    /// Keeps `lease`; the observation time moves only if the record changed.
    fn observe(&mut self, lease: Lease) {
        if self.spec() != lease.spec.as_ref() || self.at.is_none() {
            self.at = Some(Instant::now());
        }
        self.lease = Some(lease);
    }
}

/// Why a round of renewals ended leadership.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Lost {
    /// Another replica holds the Lease (this one was frozen or cut off for
    /// longer than the lease).
    #[error("{0} holds the lease")]
    Taken(String),
    /// No renewal succeeded within the renew deadline.
    #[error("could not renew the lease within the renew deadline ({0:?})")]
    Deadline(Duration),
}

/// One replica's side of the election on a Lease, over any clientset (the
/// API server's, or the fake for tests).
pub struct LeaderElector<C: Interface> {
    leases: C::Api<Lease>,
    name: String,
    identity: String,
    config: LeaderElection,
    fence: Fence,
    observed: Observed,
}

impl<C: Interface> std::fmt::Debug for LeaderElector<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LeaderElector")
            .field("lease", &self.name)
            .field("identity", &self.identity)
            .finish_non_exhaustive()
    }
}

impl<C: Interface> LeaderElector<C> {
    /// Joins the election of `config` as `identity`; successes open `fence`.
    /// `config` is assumed valid ([`LeaderElection::validate`]).
    pub fn new(clientset: &C, config: &LeaderElection, identity: &str, fence: Fence) -> Self {
        LeaderElector {
            leases: clientset.api::<Lease>(&config.lease_namespace),
            name: config.lease_name.clone(),
            identity: identity.to_owned(),
            config: config.clone(),
            fence,
            observed: Observed::default(),
        }
    }

    /// This replica's identity.
    pub fn identity(&self) -> &str {
        &self.identity
    }

    /// Whether the last read or write showed this replica as the holder.
    pub fn is_leader(&self) -> bool {
        self.observed.holder() == Some(self.identity.as_str())
    }

    /// The lease duration written into the record, whole seconds.
    fn lease_seconds(&self) -> i32 {
        i32::try_from(self.config.lease_duration.as_secs().max(1)).unwrap_or(i32::MAX)
    }

    /// The fence's lease: what other replicas read from the record.
    fn lease_duration(&self) -> Duration {
        Duration::from_secs(self.lease_seconds().unsigned_abs().into())
    }

    /// Waits until this replica holds the Lease, trying every retry period
    /// (jittered); API errors are logged and retried.
    pub async fn acquire(&mut self) {
        let mut jitter = crate::backoff::Jitter::new();
        loop {
            let attempt =
                tokio::time::timeout(self.config.renew_deadline, self.try_acquire_or_renew());
            match attempt.await {
                Ok(Ok(true)) => return,
                Ok(Ok(false)) => {
                    tracing::debug!(holder = ?self.observed.holder(), "the lease is held; waiting");
                }
                Ok(Err(error)) => {
                    tracing::warn!(%error, "leader election: could not read or take the lease; retrying");
                }
                Err(_) => tracing::warn!("leader election: reading the lease timed out; retrying"),
            }
            let period = self.config.retry_period;
            tokio::time::sleep(period + jitter.up_to(period / 5)).await;
        }
    }

    /// Keeps the Lease renewed while this replica leads; returns why
    /// leadership ended.
    pub async fn hold(&mut self) -> Lost {
        loop {
            tokio::time::sleep(self.config.retry_period).await;
            if let Err(lost) = self.renew().await {
                self.fence.close();
                return lost;
            }
        }
    }

    /// One round of renewal attempts, within the renew deadline.
    async fn renew(&mut self) -> Result<(), Lost> {
        let deadline = Instant::now() + self.config.renew_deadline;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(Lost::Deadline(self.config.renew_deadline));
            }
            match tokio::time::timeout(left, self.try_acquire_or_renew()).await {
                Ok(Ok(true)) => return Ok(()),
                Ok(Ok(false)) => {
                    if let Some(holder) = self.observed.holder() {
                        return Err(Lost::Taken(holder.to_owned()));
                    }
                }
                Ok(Err(error)) => {
                    tracing::warn!(%error, "leader election: renewal failed; retrying");
                }
                Err(_) => tracing::warn!(timeout = ?left, "leader election: renewal timed out"),
            }
            let left = deadline.saturating_duration_since(Instant::now());
            tokio::time::sleep(self.config.retry_period.min(left)).await;
        }
    }

    /// Gives the Lease up, if this replica still validly holds it (by its
    /// own clock), so a standby takes over without waiting for it to expire;
    /// closes the fence. A replica whose Lease may have expired writes
    /// nothing: another may hold it by now.
    pub async fn release(&mut self) -> Result<(), ApiError> {
        let deadline = self.fence.write_deadline();
        self.fence.close();
        let super::fence::Deadline::At(until) = deadline else {
            return Ok(());
        };
        if !self.is_leader() {
            return Ok(());
        }
        let Some(mut lease) = self.observed.lease.clone() else {
            return Ok(());
        };
        let now = MicroTime(Timestamp::now());
        let transitions = self.observed.spec().and_then(|s| s.lease_transitions);
        lease.spec = Some(LeaseSpec {
            holder_identity: None,
            lease_duration_seconds: Some(1),
            acquire_time: Some(now.clone()),
            renew_time: Some(now),
            lease_transitions: transitions,
            ..LeaseSpec::default()
        });
        // Not after the Lease may have expired: unsent if still waiting then.
        let params = PostParams::default();
        let update = self.leases.update(&params, &lease);
        let released = tokio::time::timeout_at(until, update)
            .await
            .map_err(|_| ApiError::other("the lease expired before its release was answered"))??;
        self.observed.observe(released);
        Ok(())
    }

    /// client-go's `tryAcquireOrRenew`: `Ok(true)` when this replica holds
    /// the Lease after it, `Ok(false)` when another valid holder has it (or
    /// a concurrent update won).
    async fn try_acquire_or_renew(&mut self) -> Result<bool, ApiError> {
        let sent = Instant::now();
        let now = MicroTime(Timestamp::now());
        let mut record = LeaseSpec {
            holder_identity: Some(self.identity.clone()),
            lease_duration_seconds: Some(self.lease_seconds()),
            acquire_time: Some(now.clone()),
            renew_time: Some(now),
            ..LeaseSpec::default()
        };

        // 1. The leader's fast path: update what it wrote last time.
        if self.is_leader() && self.observed.valid(sent) {
            let spec = self.observed.spec().cloned().unwrap_or_default();
            record.acquire_time = spec.acquire_time;
            record.lease_transitions = spec.lease_transitions;
            if let Some(mut lease) = self.observed.lease.clone() {
                lease.spec = Some(record.clone());
                match self.leases.update(&PostParams::default(), &lease).await {
                    Ok(updated) => return Ok(self.won(updated, sent)),
                    Err(error) => {
                        tracing::debug!(%error, "renewing on the last record failed; reading the lease")
                    }
                }
            }
        }

        // 2. Read the Lease, or create it.
        let current = match self.leases.get(&self.name).await {
            Ok(lease) => lease,
            Err(error) if error.is_not_found() => {
                record.lease_transitions = Some(0);
                let lease = Lease {
                    metadata: ObjectMeta {
                        name: Some(self.name.clone()),
                        namespace: Some(self.leases.namespace().to_owned()),
                        ..ObjectMeta::default()
                    },
                    spec: Some(record),
                };
                return match self.leases.create(&PostParams::default(), &lease).await {
                    Ok(created) => Ok(self.won(created, sent)),
                    Err(error) if error.is_already_exists() => Ok(false),
                    Err(error) => Err(error),
                };
            }
            Err(error) => return Err(error),
        };

        // 3. Another holder whose lease is still valid, as observed here.
        self.observed.observe(current.clone());
        if self.observed.holder().is_some()
            && self.observed.valid(Instant::now())
            && !self.is_leader()
        {
            return Ok(false);
        }

        // 4. Take it (or renew it), guarded by the resource version just read.
        let spec = current.spec.clone().unwrap_or_default();
        if self.is_leader() {
            record.acquire_time = spec.acquire_time;
            record.lease_transitions = spec.lease_transitions;
        } else {
            record.lease_transitions = Some(spec.lease_transitions.unwrap_or(0).saturating_add(1));
        }
        let mut lease = current;
        lease.spec = Some(record);
        match self.leases.update(&PostParams::default(), &lease).await {
            Ok(updated) => Ok(self.won(updated, sent)),
            Err(error) if error.is_conflict() => Ok(false),
            Err(error) => Err(error),
        }
    }

    /// This replica wrote `lease` with a request sent at `sent`.
    fn won(&mut self, lease: Lease, sent: Instant) -> bool {
        self.observed.observe(lease);
        self.fence.renewed(sent, self.lease_duration());
        true
    }
}
