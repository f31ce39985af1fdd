#!/usr/bin/env bash
# Build (once per version of its source) and cache cel-cost, the Go reference
# for kube-codegen's CEL checks: the API server's own CRD rule compiler and
# cost estimator (k8s.io/apiextensions-apiserver at the control plane's
# version), from hack/tools/cel-cost with dependencies from the Go module
# proxy. Prints the binary's path as the last stdout line.
#
# Environment:
#   KUBE_CODEGEN_CACHE  cache root (default ${XDG_CACHE_HOME:-$HOME/.cache}/kube-codegen)
set -euo pipefail

SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/cel-cost" && pwd)
CACHE_ROOT="${KUBE_CODEGEN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kube-codegen}"
STAMP=$(cat "$SRC/go.mod" "$SRC/go.sum" "$SRC/main.go" | sha256sum | cut -c1-12)
BIN_DIR="$CACHE_ROOT/cel-cost-$STAMP"
BIN="$BIN_DIR/cel-cost"

if [[ ! -x "$BIN" ]]; then
    command -v go >/dev/null 2>&1 || { echo "cel-cost.sh: error: no Go toolchain in PATH" >&2; exit 1; }
    echo "cel-cost.sh: building cel-cost into $BIN_DIR (once)" >&2
    mkdir -p "$BIN_DIR"
    tmp=$(mktemp -d "$BIN_DIR/.build.XXXXXX")
    trap 'rm -rf "$tmp"' EXIT
    (cd "$SRC" && go build -o "$tmp/cel-cost" .)
    mv "$tmp/cel-cost" "$BIN"
fi
echo "$BIN"
