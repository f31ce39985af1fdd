#!/usr/bin/env bash
# Fails (exit 1) when any generated crate is stale, missing files or has extra
# generated files, printing a unified diff and what to run. Writes nothing.
# Works from any directory.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

cargo build --quiet --locked -p kube-codegen
BIN="$ROOT/target/debug/kube-codegen"

status=0
"$BIN" verify --input-dir apis/src --output-dir generated --crd-dir manifests/crd "$@" || status=$?
"$BIN" verify --input-dir tests/fixture-apis/src --output-dir tests/fixture-generated "$@" || status=$?
if [ "$status" -ne 0 ]; then
  echo "verify-codegen: FAILED. Run hack/update-codegen.sh and commit the result." >&2
  exit "$status"
fi
echo "verify-codegen: all generated code is up to date."
