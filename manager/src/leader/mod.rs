//! Leader election on a `coordination.k8s.io/v1` Lease, with client-go's
//! tolerance, and a fence client-go does not have.
//!
//! Several replicas run; one holds the Lease and runs the controllers, the
//! others wait and take over when it stops renewing or releases the Lease on
//! shutdown. Three durations say everything, as in client-go
//! ([`LeaderElection`](crate::LeaderElection)): the leader renews every
//! *retry period* (2 s) and gives up when no renewal succeeded within the
//! *renew deadline* (10 s), so an API server that is away for 5 s changes
//! nothing; a standby takes over once the record has not changed for the
//! *lease duration* (15 s) as it observed it. Their order is checked when the
//! manager starts.
//!
//! The [`Fence`] stops this replica's writes and reconciles as soon as its
//! Lease may have expired by its own clock (a frozen or partitioned leader
//! resuming), before it has even noticed.
//!
//! The RBAC an operator's markers must grant for leader election: the first
//! replica creates the Lease (create cannot be limited by name), then it is
//! read and updated by name only. In the operator's source, with its Lease's
//! namespace and name:
//!
//! ```text
//! // +kubebuilder:rbac:groups=coordination.k8s.io,namespace=<ns>,roleName=<op>-leader-election,resources=leases,verbs=create
//! // +kubebuilder:rbac:groups=coordination.k8s.io,namespace=<ns>,roleName=<op>-leader-election,resources=leases,resourceNames=<lease>,verbs=get;update
//! ```

mod elector;
mod fence;

pub use elector::{LeaderElector, Lost};
pub use fence::{Fence, FenceClosed, is_fenced};
