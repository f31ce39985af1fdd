#!/usr/bin/env bash
# Build (once) and cache controller-gen, the Go reference for the CRD and RBAC
# differential tests, from the Go module proxy at a pinned version. Prints the
# binary's path as the last stdout line.
#
# Environment:
#   KUBE_CODEGEN_CACHE  cache root (default ${XDG_CACHE_HOME:-$HOME/.cache}/kube-codegen)
set -euo pipefail

# The newest controller-tools release line the differential tests target
# (issue #23: the newest the Go module proxy serves here).
CONTROLLER_TOOLS_VERSION=v0.23.0

CACHE_ROOT="${KUBE_CODEGEN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kube-codegen}"
BIN_DIR="$CACHE_ROOT/controller-gen-$CONTROLLER_TOOLS_VERSION"
BIN="$BIN_DIR/controller-gen"

if [[ ! -x "$BIN" ]]; then
    command -v go >/dev/null 2>&1 || { echo "controller-gen.sh: error: no Go toolchain in PATH" >&2; exit 1; }
    echo "controller-gen.sh: building controller-gen $CONTROLLER_TOOLS_VERSION into $BIN_DIR (once)" >&2
    mkdir -p "$BIN_DIR"
    tmp=$(mktemp -d "$BIN_DIR/.gobin.XXXXXX")
    trap 'rm -rf "$tmp"' EXIT
    (cd / && GOBIN="$tmp" GOFLAGS=-mod=mod go install \
        "sigs.k8s.io/controller-tools/cmd/controller-gen@$CONTROLLER_TOOLS_VERSION")
    mv "$tmp/controller-gen" "$BIN"
fi
echo "$BIN"
