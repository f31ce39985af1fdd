#!/usr/bin/env bash
# Runs every test of the project, the way CI does: formatting, lints, unit,
# snapshot and compile-the-generated-crate tests, the user guide's links
# (docs/), end-to-end tests against a real kube-apiserver + etcd +
# kube-controller-manager (built from Go modules and cached on first use by
# hack/k8s/build.sh), and verify-codegen.
# Works from any directory on a fresh machine with Rust, Go, openssl and python3.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

# Each step's start, with the minutes and seconds since the run began, so a
# slow step shows in CI's log.
STARTED=$SECONDS
step() { printf '\n==> [%dm%02ds] %s\n' $(((SECONDS - STARTED) / 60)) $(((SECONDS - STARTED) % 60)) "$*"; }

step "cargo fmt --check"
cargo fmt --all -- --check

step "verify-codegen"
hack/verify-codegen.sh

step "the book (docs/): mdbook build, every internal link and anchor resolves"
# The pinned mdbook is installed once, into ~/.cache/kube-codegen/tools.
hack/mdbook.sh check

step "cargo clippy (workspace, all targets, -D warnings)"
cargo clippy --locked --workspace --all-targets -- -D warnings

step "each API group of the generated crates alone (their cargo features)"
for features in "" myapp applyconfigurations; do
    cargo clippy --locked -p generated --no-default-features --features "$features" -- -D warnings
done
for features in "" batch fleet infra applyconfigurations infra,applyconfigurations; do
    cargo clippy --locked -p fixture-generated --no-default-features --features "$features" -- -D warnings
done

step "control plane binaries (built once, then cached)"
hack/k8s/build.sh

step "cargo test: build every test binary, and the binaries the end-to-end tests run"
cargo test --locked --workspace --no-run
# As e2e::kube_codegen and e2e::app_controller build them (one package each,
# so with that package's features): built here, before the tests, not in
# the middle of timed ones.
cargo build --locked --quiet -p kube-codegen-cli
cargo build --locked --quiet -p controller --bin app-controller

# One run, binaries one after another: the fault and performance tests
# assert bounds on latencies (a p99 within 1.2x, convergence within 5 s)
# that a compile-heavy binary beside them would break.
step "cargo test (unit, snapshot, generated crates, differential suites, end-to-end)"
cargo test --locked --workspace --no-fail-fast

step "package the runtime and the generated crate, build them outside the workspace"
hack/verify-package.sh

step "done"
