#!/usr/bin/env bash
# Build (once) and cache crdify, the Go reference for the CRD upgrade-safety
# differential tests (tests/crdify-parity), from the Go module proxy at a
# pinned version. Prints two lines: the binary's path, then the module's
# directory in the Go module cache (its test/ and examples/ hold the pairs of
# CRDs the suite runs).
#
# Environment:
#   KUBE_CODEGEN_CACHE  cache root (default ${XDG_CACHE_HOME:-$HOME/.cache}/kube-codegen)
set -euo pipefail

# The newest crdify release the Go module proxy serves here.
CRDIFY_VERSION=v0.5.0

CACHE_ROOT="${KUBE_CODEGEN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kube-codegen}"
BIN_DIR="$CACHE_ROOT/crdify-$CRDIFY_VERSION"
BIN="$BIN_DIR/crdify"

command -v go >/dev/null 2>&1 || { echo "crdify.sh: error: no Go toolchain in PATH" >&2; exit 1; }
# `go install pkg@version` asks the proxy for the module's version list (for
# deprecations), which the proxy here refuses; the module itself is served.
MODULE_DIR=$(cd / && GOFLAGS=-mod=mod go mod download -json "sigs.k8s.io/crdify@$CRDIFY_VERSION" \
    | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
[[ -d "$MODULE_DIR" ]] || { echo "crdify.sh: error: no module directory for crdify $CRDIFY_VERSION" >&2; exit 1; }
if [[ ! -x "$BIN" ]]; then
    echo "crdify.sh: building crdify $CRDIFY_VERSION into $BIN_DIR (once)" >&2
    mkdir -p "$BIN_DIR"
    tmp=$(mktemp -d "$BIN_DIR/.gobin.XXXXXX")
    trap 'rm -rf "$tmp"' EXIT
    # Built in the module's own directory, with its own go.sum.
    (cd "$MODULE_DIR" && GOFLAGS=-mod=readonly go build -o "$tmp/crdify" .)
    mv "$tmp/crdify" "$BIN"
fi
echo "$BIN"
echo "$MODULE_DIR"
