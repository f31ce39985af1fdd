//! Structured logs with `tracing`: human-readable text, or one JSON object
//! per line for log collectors. The level comes from `RUST_LOG` (default
//! `info`), e.g. `RUST_LOG=controller=debug,kube=info`.

use std::io::IsTerminal;

use tracing_subscriber::EnvFilter;

/// The log line format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// Human-readable lines.
    Text,
    /// One JSON object per line.
    Json,
}

/// Installs the global subscriber; later calls are ignored (tests may call it
/// more than once).
pub fn init(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        // Colours only on a terminal: log files and collectors get plain text.
        .with_ansi(std::io::stderr().is_terminal());
    let _ = match format {
        LogFormat::Text => builder.try_init(),
        LogFormat::Json => builder
            .json()
            .flatten_event(true)
            .with_current_span(false)
            .try_init(),
    };
}
