//! The `kube-codegen` command: the arguments ([`cli`]) and what each command
//! does, over the generator (`kube-codegen`), the linter
//! (`kube-codegen-lint`), the Go importer (`kube-codegen-import`), the
//! scaffolder (`kube-codegen-scaffold`) and the upgrade check
//! (`kube-codegen-upgrade-check`). The binary only parses arguments and calls
//! [`run`] (ripgrep's and cargo's way), so a tool that embeds the command line
//! gets the same behaviour.
//!
//! ```no_run
//! use clap::Parser;
//!
//! fn main() -> std::process::ExitCode {
//!     kube_codegen_cli::run(kube_codegen_cli::cli::Cli::parse())
//! }
//! ```

pub mod cli;
mod commands;
#[doc(hidden)]
pub mod docs;
mod error;
mod report;

use std::process::ExitCode;

use cli::{Cli, Command, CrdSubcommand, CreateCommand};
pub use error::Error;

/// Runs one parsed command line, printing what it does to stdout and stderr;
/// the exit status: 0 success, 1 stale output or a failed check (`verify`,
/// `lint`, `crd diff`), 2 bad input or an I/O error.
pub fn run(cli: Cli) -> ExitCode {
    let result = match cli.command {
        Command::Generate(args) => commands::generate::run(&args),
        Command::Verify(args) => commands::verify::run(&args),
        Command::Crd(args) => match &args.command {
            Some(CrdSubcommand::Diff(diff)) => return commands::crd_diff::run(diff),
            None => commands::crd::run(&args.input),
        },
        Command::Lint(args) => commands::lint::run(&args),
        Command::Rbac(args) => commands::rbac::run(&args),
        Command::Webhook(args) => commands::webhook::run(&args),
        Command::Init(args) => return commands::scaffold::init(&args),
        Command::Create(CreateCommand::Api(args)) => return commands::scaffold::create_api(&args),
        Command::Create(CreateCommand::Webhook(args)) => {
            return commands::scaffold::create_webhook(&args);
        }
        Command::Import(args) => commands::import::run(&args),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            report::error(&err);
            ExitCode::from(report::EXIT_BAD_INPUT)
        }
    }
}
