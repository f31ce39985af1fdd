#!/usr/bin/env bash
# Installs (once) the Go side of the benchmarks at pinned versions into a cache
# directory outside the repository, and prints `export` lines for bench.py:
#
#   GOBIN         deepcopy-gen, client-gen, lister-gen, informer-gen, register-gen
#                 (and the others kube_codegen.sh installs) + controller-gen
#   CODEGEN_DIR   k8s.io/code-generator's module source (holds kube_codegen.sh)
#   SAMPLE_DIR    k8s.io/sample-controller's module source (its pkg/apis is the Foo API)
#
# Everything comes from the Go module proxy through `go install` / `go mod download`;
# nothing is written into the repository. Without a Go toolchain it prints
# `export GO_SKIP_REASON=...` and exits 0, so the Rust-only parts still run.
set -euo pipefail

# k8s.io/code-generator at the Kubernetes version the workspace targets (v1.34,
# hack/k8s/build.sh). sample-controller v0.34.4 is not on the proxy this machine
# reaches (403), so its nearest published patch is used; its pkg/apis is the same
# in every v0.34.x.
CODEGEN_VERSION=v0.34.4
SAMPLE_VERSION=v0.34.3
# controller-tools v0.19 is the release line for Kubernetes 1.34 (its go.mod
# requires k8s.io/api v0.34); it builds with Go >= 1.24.
CONTROLLER_TOOLS_VERSION=v0.19.0
CODEGEN_BINS=(conversion-gen deepcopy-gen defaulter-gen validation-gen
    applyconfiguration-gen client-gen informer-gen lister-gen register-gen)

CACHE="${KUBE_CODEGEN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kube-codegen}/bench-go"
GOBIN_DIR="$CACHE/bin"
STAMP="codegen=$CODEGEN_VERSION controller-tools=$CONTROLLER_TOOLS_VERSION"

if ! command -v go >/dev/null 2>&1; then
    echo "export GO_SKIP_REASON='no Go toolchain in PATH'"
    exit 0
fi

mod_dir() {
    # The module's source directory in the module cache (downloads it if needed).
    (cd / && go mod download -json "$1" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
}

mkdir -p "$GOBIN_DIR"
CODEGEN_DIR=$(mod_dir "k8s.io/code-generator@$CODEGEN_VERSION")
SAMPLE_DIR=$(mod_dir "k8s.io/sample-controller@$SAMPLE_VERSION")
if [[ -z "$CODEGEN_DIR" || -z "$SAMPLE_DIR" ]]; then
    echo "export GO_SKIP_REASON='go mod download failed (module proxy unreachable?)'"
    exit 0
fi

if [[ "$(cat "$GOBIN_DIR/.stamp" 2>/dev/null)" != "$STAMP" ]]; then
    echo "go-tools.sh: installing code-generator $CODEGEN_VERSION and controller-gen $CONTROLLER_TOOLS_VERSION into $GOBIN_DIR" >&2
    # Inside the module, as kube_codegen.sh does, so its go.mod pins every dependency.
    (cd "$CODEGEN_DIR" && GOBIN="$GOBIN_DIR" GO111MODULE=on go install \
        $(printf "k8s.io/code-generator/cmd/%s " "${CODEGEN_BINS[@]}"))
    (cd / && GOBIN="$GOBIN_DIR" go install \
        "sigs.k8s.io/controller-tools/cmd/controller-gen@$CONTROLLER_TOOLS_VERSION")
    # The scratch modules reuse sample-controller's go.mod; fetch its dependencies
    # now so no timed run downloads anything.
    tmp=$(mktemp -d)
    cp "$SAMPLE_DIR/go.mod" "$SAMPLE_DIR/go.sum" "$tmp/"
    chmod u+w "$tmp"/go.*
    (cd "$tmp" && go mod download)
    rm -rf "$tmp"
    echo "$STAMP" >"$GOBIN_DIR/.stamp"
fi

echo "export GOBIN='$GOBIN_DIR'"
echo "export CODEGEN_DIR='$CODEGEN_DIR'"
echo "export SAMPLE_DIR='$SAMPLE_DIR'"
echo "export SAMPLE_VERSION='$SAMPLE_VERSION'"
echo "export GO_TOOL_VERSIONS='code-generator $CODEGEN_VERSION, controller-gen $CONTROLLER_TOOLS_VERSION, sample-controller $SAMPLE_VERSION, $(go env GOVERSION)'"
