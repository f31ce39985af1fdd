//! `app-controller`: reconciles myapp.k8s.io/v1 Apps into a Deployment and a
//! Service each. See `controller/README.md` and `app-controller --help`.

use std::process::ExitCode;

use clap::Parser;
use controller::desired::FIELD_MANAGER;

// glibc's malloc keeps the pages freed by a burst of watch events in its
// per-thread arenas, so RSS only grows under churn; mimalloc returns them.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Reconciles myapp.k8s.io/v1 Apps into a Deployment and a Service each.
#[derive(Debug, Parser)]
#[command(name = "app-controller", version)]
struct Cli {
    #[command(flatten)]
    manager: kube_codegen_manager::Args,
}

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    cli.manager.init_logging();
    let config = cli.manager.config(FIELD_MANAGER);
    // The user agent names this replica, for the API server's audit log.
    let client = match cli.manager.client_as(FIELD_MANAGER, &config.identity).await {
        Ok(client) => client,
        Err(error) => {
            tracing::error!(error = format!("{error:#}"), "cannot reach the cluster");
            return ExitCode::FAILURE;
        }
    };
    match controller::run(
        client,
        config,
        kube_codegen_manager::signal::graceful_shutdown_signal(),
    )
    .await
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!(error = format!("{error:#}"), "controller stopped");
            ExitCode::FAILURE
        }
    }
}
