//! Why a manager could not start or stopped with an error.

use std::net::SocketAddr;

use crate::runnable::BoxError;

/// Why a manager failed.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The kubeconfig named on the command line could not be read or used.
    #[error("{what}: {source}")]
    Kubeconfig {
        /// What was being done.
        what: String,
        /// Why it failed.
        #[source]
        source: kube::config::KubeconfigError,
    },
    /// Neither a kubeconfig nor an in-cluster configuration was found.
    #[error("finding a kubeconfig or in-cluster configuration: {0}")]
    InferConfig(#[source] kube::config::InferConfigError),
    /// The Kubernetes client could not be made from the configuration.
    #[error("creating the Kubernetes client: {0}")]
    Client(#[source] kube::Error),
    /// The health or metrics endpoint could not listen.
    #[error("binding the health and metrics endpoint to {addr}: {source}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// Leader election's settings are refused.
    #[error("leader election on Lease {lease}: {reason}")]
    LeaderElection {
        /// `namespace/name` of the Lease.
        lease: String,
        /// Why.
        reason: String,
    },
    /// Leader election needs an API server; the manager runs on the fake.
    #[error("leader election needs an API server; this manager runs on the fake clientset")]
    NoServerForLeaderElection,
    /// This replica lost the Lease while leading: the process should exit
    /// and be restarted.
    #[error("lost leadership: {0}")]
    LostLeadership(String),
    /// An informer's cache never synced (the manager was stopped first).
    #[error("the informer cache of {0} did not sync")]
    CacheSync(String),
    /// A runnable ended with an error.
    #[error("runnable {name} failed: {source}")]
    Runnable {
        /// The runnable's name.
        name: String,
        /// Its error.
        #[source]
        source: BoxError,
    },
}
