//! Leader election on a `coordination.k8s.io/v1` Lease, with
//! [`kube_lease_manager`]: several replicas run, one holds the Lease and
//! reconciles, the others wait and take over when it stops renewing (or
//! releases the Lease on shutdown).
//!
//! The crate renews the Lease `renew_grace` before it expires and retries
//! failed renewals, but keeps reporting "leader" while it retries. A leader
//! that cannot renew must stop before its Lease expires and another replica
//! takes over, so [`LeaderElector::hold`] gives up after `renew_grace / 2` of
//! failing renewals, like client-go's renew deadline.

use std::time::Duration;

use kube_lease_manager::{LeaseManager, LeaseManagerBuilder, LeaseManagerError};
use tokio::time::Instant;

use crate::config::LeaderElection;

/// Pause between retries after an API error.
const RETRY_PAUSE: Duration = Duration::from_millis(500);

/// One replica's side of the election.
pub struct LeaderElector {
    manager: LeaseManager,
    identity: String,
    lease_duration: Duration,
    renew_grace: Duration,
}

impl std::fmt::Debug for LeaderElector {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LeaderElector")
            .field("identity", &self.identity)
            .finish_non_exhaustive()
    }
}

fn whole_seconds(d: Duration) -> u64 {
    d.as_secs().max(1)
}

/// The RBAC an operator's markers must grant for leader election: the first
/// replica creates the Lease (create cannot be limited by name), then it is
/// read and patched by name only. In the operator's source, with its Lease's
/// namespace and name:
///
/// ```text
/// // +kubebuilder:rbac:groups=coordination.k8s.io,namespace=<ns>,roleName=<op>-leader-election,resources=leases,verbs=create
/// // +kubebuilder:rbac:groups=coordination.k8s.io,namespace=<ns>,roleName=<op>-leader-election,resources=leases,resourceNames=<lease>,verbs=get;patch
/// ```
impl LeaderElector {
    /// Joins the election for `config`'s Lease as `identity` (creating the
    /// Lease if it does not exist yet).
    pub async fn new(
        client: kube::Client,
        config: &LeaderElection,
        identity: &str,
    ) -> Result<Self, LeaseManagerError> {
        let duration = whole_seconds(config.lease_duration);
        let grace = whole_seconds(config.renew_grace).min(duration.saturating_sub(1).max(1));
        let manager = LeaseManagerBuilder::new(client, &config.lease_name)
            .with_namespace(&config.lease_namespace)
            .with_identity(identity)
            .with_duration(duration)
            .with_grace(grace)
            .with_field_manager(format!("{}-{identity}", config.lease_name))
            .build()
            .await?;
        Ok(LeaderElector {
            manager,
            identity: identity.to_owned(),
            lease_duration: Duration::from_secs(duration),
            renew_grace: Duration::from_secs(grace),
        })
    }

    /// This replica's identity.
    pub fn identity(&self) -> &str {
        &self.identity
    }

    /// Waits until this replica holds the Lease. API errors are logged and
    /// retried.
    pub async fn acquire(&self) {
        loop {
            match self.manager.changed().await {
                Ok(true) => return,
                Ok(false) => {}
                Err(error) => {
                    tracing::warn!(%error, "leader election: could not read or take the lease; retrying");
                    tokio::time::sleep(RETRY_PAUSE).await;
                }
            }
        }
    }

    /// Keeps the Lease renewed while this replica leads; returns why
    /// leadership ended (another holder, or renewals failing too long).
    pub async fn hold(&self) -> String {
        let deadline = self.renew_grace / 2;
        let mut failing_since: Option<Instant> = None;
        loop {
            match self.manager.changed().await {
                Ok(false) => return "another replica holds the lease".to_owned(),
                Ok(true) => failing_since = None,
                Err(error) => {
                    let now = Instant::now();
                    // A failure long after the previous one starts a new streak.
                    let since = match failing_since {
                        Some(t) if now.duration_since(t) <= self.lease_duration => t,
                        _ => now,
                    };
                    failing_since = Some(since);
                    if now.duration_since(since) >= deadline {
                        return format!("could not renew the lease for {deadline:?}: {error}");
                    }
                    tracing::warn!(%error, "leader election: renewal failed; retrying");
                    tokio::time::sleep(RETRY_PAUSE.min(deadline)).await;
                }
            }
        }
    }

    /// Gives the Lease up so a standby can take over without waiting for it
    /// to expire. Harmless when this replica does not hold it.
    pub async fn release(&self) -> Result<(), LeaseManagerError> {
        self.manager.release().await
    }
}
