#!/usr/bin/env bash
# Build (once) and cache kube-api-linter (KAL), the Go reference of the `lint`
# differential suite (tests/lint-parity), from the Go module proxy at a pinned
# version: hack/tools/kube-api-linter/main.go (our own driver: KAL's analyzers
# under golang.org/x/tools' multichecker, configured by a KAL config file)
# built against that version. Prints two lines on stdout: the binary's path,
# then the directory of the KAL module's source (its testdata is the suite's
# input; read in the module cache, never copied into this repository).
#
# Environment:
#   KUBE_CODEGEN_CACHE  cache root (default ${XDG_CACHE_HOME:-$HOME/.cache}/kube-codegen)
set -euo pipefail

# KAL publishes no tagged releases; this is the newest pseudo-version the Go
# module proxy serves here (`go list -m sigs.k8s.io/kube-api-linter@latest`).
KAL_VERSION=v0.0.0-20260716143926-092fe0c72997

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CACHE_ROOT="${KUBE_CODEGEN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kube-codegen}"
# The driver's text is part of the key: a changed driver is rebuilt.
DRIVER_SUM=$(cksum <"$HERE/kube-api-linter/main.go" | cut -d' ' -f1)
BIN_DIR="$CACHE_ROOT/kube-api-linter-$KAL_VERSION-$DRIVER_SUM"
BIN="$BIN_DIR/kube-api-linter"

command -v go >/dev/null 2>&1 || { echo "kube-api-linter.sh: error: no Go toolchain in PATH" >&2; exit 1; }
if [[ ! -x "$BIN" ]]; then
    echo "kube-api-linter.sh: building kube-api-linter $KAL_VERSION into $BIN_DIR (once)" >&2
    mkdir -p "$BIN_DIR"
    tmp=$(mktemp -d "$BIN_DIR/.build.XXXXXX")
    trap 'rm -rf "$tmp"' EXIT
    cp "$HERE/kube-api-linter/main.go" "$tmp/"
    (
        cd "$tmp"
        export GOFLAGS=-mod=mod GOTOOLCHAIN=local
        go mod init kube-codegen.local/kube-api-linter >/dev/null 2>&1
        go get "sigs.k8s.io/kube-api-linter@$KAL_VERSION" >&2
        go mod tidy >&2
        go build -o "$tmp/kube-api-linter" .
    )
    mv "$tmp/kube-api-linter" "$BIN"
fi
SRC=$(cd / && GOFLAGS=-mod=mod go mod download -json "sigs.k8s.io/kube-api-linter@$KAL_VERSION" \
    | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
[[ -d "$SRC" ]] || { echo "kube-api-linter.sh: error: no source of sigs.k8s.io/kube-api-linter@$KAL_VERSION" >&2; exit 1; }
echo "$BIN"
echo "$SRC"
