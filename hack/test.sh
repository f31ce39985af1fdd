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
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}

# Each step's start, with the minutes and seconds since the run began and the
# CPU (user + system, of everything it ran) the previous step used, so a slow
# step shows in CI's log.
STARTED=$SECONDS
CPU_BEFORE=0
# `times` in this shell (not in a `$(...)` subshell, whose children are not
# this shell's): the second line is the user and system time of every child
# waited for so far.
TIMES=$(mktemp)
trap 'rm -f "$TIMES" "$TIMES.cpu"' EXIT
cpu_seconds() {
    times >"$TIMES"
    awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%d", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$TIMES"
}
step() {
    local cpu
    cpu_seconds >"$TIMES.cpu"
    cpu=$(<"$TIMES.cpu")
    [ "$STARTED" -ne "$SECONDS" ] && printf '    (%d s of CPU)\n' $((cpu - CPU_BEFORE))
    CPU_BEFORE=$cpu
    printf '\n==> [%dm%02ds] %s\n' $(((SECONDS - STARTED) / 60)) $(((SECONDS - STARTED) % 60)) "$*"
}

step "cargo fmt --check"
cargo fmt --all -- --check

step "no circle of modules within a crate"
hack/check-module-circles.py

step "control plane binaries (built once, then cached)"
hack/k8s/build.sh

step "the book (docs/): mdbook build, every internal link and anchor resolves"
# The pinned mdbook is installed once, into ~/.cache/kube-codegen/tools (before
# clippy becomes the workspace's compiler below: mdbook is not ours to lint).
hack/mdbook.sh check

# clippy as the compiler of the workspace's own crates while they are built
# for the tests (what `cargo clippy` does, over a check build of its own):
# every crate is compiled once for both, with clippy's lints at -D warnings.
# Exported, so that every later cargo command in the workspace (the
# end-to-end tests' own builds among them) finds its units fresh.
CLIPPY_DRIVER=$(command -v clippy-driver)
export RUSTC_WORKSPACE_WRAPPER=$CLIPPY_DRIVER
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
step "cargo clippy -D warnings, and every target of the workspace built for the tests"
# `cargo build --all-targets`, not `cargo test --no-run`: the same units for
# the tests, and the binaries as executables (app-controller has no tests of
# its own, so `cargo test` would build only its unit-test harness).
cargo build --locked --workspace --all-targets

step "verify-codegen"
KUBE_CODEGEN_BIN="$TARGET/debug/kube-codegen" hack/verify-codegen.sh

step "each API group of the generated crates alone (their cargo features)"
for features in "" myapp applyconfigurations; do
    cargo clippy --locked -p generated --no-default-features --features "$features" -- -D warnings
done
for features in "" batch fleet infra applyconfigurations infra,applyconfigurations; do
    cargo clippy --locked -p fixture-generated --no-default-features --features "$features" -- -D warnings
done

# One run, binaries one after another: the fault and performance tests
# assert bounds on latencies (a p99 within 1.2x, convergence within 5 s)
# that a compile-heavy binary beside them would break. The end-to-end tests
# run the binaries built above (KUBE_CODEGEN_PREBUILT), not a build of their
# own package's features.
step "cargo test (unit, snapshot, generated crates, differential suites, end-to-end)"
KUBE_CODEGEN_PREBUILT="$TARGET/debug" cargo test --locked --workspace --no-fail-fast

step "package the runtime and the generated crate, build them outside the workspace"
hack/verify-package.sh

step "done"
