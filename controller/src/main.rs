//! `app-controller`: reconciles myapp.k8s.io/v1 Apps into a Deployment and a
//! Service each. See `controller/README.md` and `app-controller --help`.

use std::process::ExitCode;

use clap::Parser;
use controller::cli::Args;

/// Completes on SIGTERM (how Kubernetes stops a pod) or SIGINT (Ctrl-C).
async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = ctrl_c => {}
                }
            }
            Err(_) => {
                let _ = ctrl_c.await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = ctrl_c.await;
    }
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    controller::logging::init(args.log_format);
    let client = match args.client().await {
        Ok(client) => client,
        Err(error) => {
            tracing::error!(error = format!("{error:#}"), "cannot reach the cluster");
            return ExitCode::FAILURE;
        }
    };
    match controller::run(client, args.config(), shutdown_signal()).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!(error = format!("{error:#}"), "controller stopped");
            ExitCode::FAILURE
        }
    }
}
