#!/usr/bin/env bash
# Fails (exit 1) when any generated crate is stale, missing files or has extra
# generated files, printing a unified diff and what to run. Writes nothing.
# Works from any directory.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

# Build once, then run the binary: `cargo run` per target would re-check the
# build. KUBE_CODEGEN_BIN: a kube-codegen built already (hack/test.sh's, built
# with the rest of the workspace).
BIN=${KUBE_CODEGEN_BIN:-}
if [ -z "$BIN" ]; then
    cargo build --quiet --locked -p kube-codegen-cli
    BIN="$ROOT/target/debug/kube-codegen"
fi
# The generated crate is versioned with the API it is generated from: the
# version of apis/Cargo.toml becomes generated/Cargo.toml's (`--crate-version`).
API_VERSION=$(cargo pkgid --offline -p apis | sed 's/.*[#@]//')

# Exit with the worst status: 2 (bad input) over 1 (stale) over 0.
status=0
worst() { [ "$1" -gt "$status" ] && status=$1; return 0; }
"$BIN" verify --input-dir apis/src --output-dir generated --crd-dir manifests/crd --crate-version "$API_VERSION" \
    --rbac-source-dir controller/src --rbac-output manifests/rbac/role.yaml --role-name app-controller "$@" || worst $?
"$BIN" verify --input-dir tests/fixture-apis/src --output-dir tests/fixture-generated --allow-dangerous-types \
    --conversion-webhook-service fixture-system/fixture-webhook:9443/convert "$@" || worst $?
if [ "$status" -ne 0 ]; then
  echo "verify-codegen: FAILED. Run hack/update-codegen.sh and commit the result." >&2
  exit "$status"
fi
echo "verify-codegen: all generated code is up to date."
