//! The end of an operator process: SIGTERM (how Kubernetes stops a pod) or
//! SIGINT (Ctrl-C).

/// Completes on SIGTERM or SIGINT.
pub async fn shutdown_signal() {
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

/// Completes on the first SIGTERM or SIGINT, as [`shutdown_signal`]; a
/// second one ends the process at once with exit code 1, as
/// controller-runtime's signal handler does (for a shutdown that hangs, or
/// an impatient person at a terminal).
pub async fn graceful_shutdown_signal() {
    shutdown_signal().await;
    tokio::spawn(async {
        shutdown_signal().await;
        tracing::warn!("second signal; exiting now");
        std::process::exit(1);
    });
}
