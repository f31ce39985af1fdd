//! The `kube-codegen` binary: parses arguments and calls the library.

use std::process::ExitCode;

use clap::Parser;

// The generator allocates millions of small token and syntax-tree nodes (syn,
// proc-macro2, prettyplease); mimalloc does that with ~25% less CPU than the
// system allocator (measured with bench/run.sh on 100 kinds).
#[cfg(feature = "mimalloc")]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    kube_codegen_cli::run(kube_codegen_cli::cli::Cli::parse())
}
