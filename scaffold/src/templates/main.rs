//! The {project} operator: the controllers of `controllers/` (and the
//! webhooks of `webhooks/`, once `kube-codegen create webhook` added some) on
//! kube-codegen's manager (shared informers, leader election, `/healthz`,
//! `/readyz` and `/metrics`, a webhook server, graceful shutdown on
//! SIGTERM). `cargo run -- --help` lists its flags, kubebuilder's:
//! `--metrics-bind-address`, `--health-probe-bind-address`, `--leader-elect`,
//! `--webhook-port`, `--webhook-cert-path`, ...
//!
//! `kube-codegen create webhook` adds its module and registration at the
//! `kube-codegen:scaffold` marker lines (keep them).

mod controllers;
// kube-codegen:scaffold:modules

use clap::Parser;
use kube_codegen_manager::{Args, Manager};

/// The operator's name: the field manager of its writes, the reporter of its
/// events, the name of its leader-election Lease.
const NAME: &str = "{project}";

/// The {project} operator.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(flatten)]
    manager: Args,
}

// The manager's own needs: the events it publishes. (Its Lease, with
// --leader-elect, is granted in its namespace by
// config/rbac/leader_election_role.yaml.)
// +kubebuilder:rbac:groups=events.k8s.io,resources=events,verbs=create;patch

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    cli.manager.init_logging();
    let mut manager = Manager::from_args(NAME, &cli.manager).await?;
    controllers::setup(&mut manager);
    // kube-codegen:scaffold:setup
    manager.run_until_signal().await?;
    Ok(())
}
