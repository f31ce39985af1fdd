#!/usr/bin/env bash
# Runs every test of the project, the way CI does: formatting, lints, unit,
# snapshot and compile-the-generated-crate tests, end-to-end tests against a real
# kube-apiserver + etcd + kube-controller-manager (built from Go modules and
# cached on first use by hack/k8s/build.sh), and verify-codegen.
# Works from any directory on a fresh machine with Rust, Go and openssl.
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
cargo build --locked --quiet -p kube-codegen
cargo build --locked --quiet -p controller --bin app-controller

# The end-to-end binaries spend most of their time waiting on the control
# plane; the rest (unit, snapshot, the generator's CLI and scaffold tests,
# the differential suites) mostly on the CPU. Run the two side by side, each
# binary's tests as before, and show the second's output when both are done.
# Both select from the whole workspace (`--workspace` and target names, never
# `-p`/`--exclude`), so cargo resolves the same features as the build above
# and rebuilds nothing.
targets=$(cargo metadata --locked --no-deps --format-version 1 |
    grep -o '"kind":\["test"\],"crate_types":\["bin"\],"name":"[^"]*","src_path":"[^"]*"' |
    sed 's/.*"name":"\([^"]*\)","src_path":"\([^"]*\)"/\1 \2/')
e2e_tests=$(echo "$targets" | awk '$2 ~ /\/tests\/e2e\/tests\// {print $1}' | sort -u)
other_tests=$(echo "$targets" | awk '$2 !~ /\/tests\/e2e\/tests\// {print $1}' | sort -u | grep -vxF "$e2e_tests")
as_flags() { for name in $1; do printf -- '--test %s ' "$name"; done; }
step "cargo test: end-to-end ($(echo $e2e_tests | wc -w) binaries) beside the others"
others_log=$(mktemp)
{
    # shellcheck disable=SC2046
    cargo test --locked --workspace --no-fail-fast --lib --bins --examples $(as_flags "$other_tests") &&
        cargo test --locked --workspace --no-fail-fast --doc
} >"$others_log" 2>&1 &
others=$!
e2e_status=0
# shellcheck disable=SC2046
cargo test --locked --workspace --no-fail-fast $(as_flags "$e2e_tests") || e2e_status=$?
others_status=0
wait "$others" || others_status=$?
step "cargo test: unit, snapshot, generated crates, differential suites, doc tests (their output)"
cat "$others_log"
rm -f "$others_log"
if [ "$e2e_status" -ne 0 ] || [ "$others_status" -ne 0 ]; then
    echo "cargo test failed: end-to-end exit $e2e_status, the others exit $others_status" >&2
    exit 1
fi

step "package the runtime and the generated crate, build them outside the workspace"
hack/verify-package.sh

step "done"
