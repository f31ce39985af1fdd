#!/usr/bin/env bash
# Builds (once) and caches the Go operators the controller bench measures ours
# against, from the Go module proxy at pinned versions, and prints where they
# are as KEY=value lines:
#
#   SAMPLE_CONTROLLER   k8s.io/sample-controller's binary (Foo -> Deployment, client-go)
#   SAMPLE_CRD          its Foo CRD (artifacts/examples/crd-status-subresource.yaml)
#   MEMCACHED_OPERATOR  kubebuilder's Getting Started operator (Memcached -> Deployment,
#                       controller-runtime), scaffolded by kubebuilder v4.16.0 and
#                       completed by its own tutorial generator
#                       (hack/docs/internal/getting-started), built as its Dockerfile does
#   MEMCACHED_CRD       its Memcached CRD (controller-gen output)
#   GO_OPERATOR_VERSIONS  what was built, for the bench's report
#
# Nothing is written into the repository. Without a Go toolchain it prints
# GO_SKIP_REASON=... and exits 0.
#
# Environment:
#   KUBE_CODEGEN_CACHE  cache root (default ${XDG_CACHE_HOME:-$HOME/.cache}/kube-codegen)
set -euo pipefail

# sample-controller at the control plane's minor (hack/k8s builds v1.34); v0.34.3
# is the newest v0.34 patch the proxy here serves (bench/go-tools.sh).
SAMPLE_VERSION=v0.34.3
# kubebuilder's newest release the proxy serves here; it scaffolds
# controller-runtime v0.25.0 and controller-tools v0.22.0.
KUBEBUILDER_VERSION=v4.16.0

CACHE_ROOT="${KUBE_CODEGEN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kube-codegen}"
OUT="$CACHE_ROOT/go-operators-sample-$SAMPLE_VERSION-kubebuilder-$KUBEBUILDER_VERSION"

if ! command -v go >/dev/null 2>&1; then
    echo "GO_SKIP_REASON=no Go toolchain in PATH"
    exit 0
fi

mod_dir() {
    # The module's source directory in the module cache (downloads it if needed).
    (cd / && go mod download -json "$1" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
}

if [[ ! -f "$OUT/.done" ]]; then
    echo "go-operators.sh: building sample-controller $SAMPLE_VERSION and kubebuilder $KUBEBUILDER_VERSION's Memcached operator into $OUT (once)" >&2
    mkdir -p "$OUT"
    work=$(mktemp -d "$OUT/.work.XXXXXX")
    trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT

    sample_dir=$(mod_dir "k8s.io/sample-controller@$SAMPLE_VERSION")
    # From inside the module: `go install module@version` also asks the proxy for
    # the module's version list, which the proxy here refuses for sample-controller.
    (cd "$sample_dir" && GOFLAGS=-mod=mod go build -o "$work/sample-controller" .)
    cp "$sample_dir/artifacts/examples/crd-status-subresource.yaml" "$work/foo-crd.yaml"

    kb_dir=$(mod_dir "sigs.k8s.io/kubebuilder/v4@$KUBEBUILDER_VERSION")
    cp -r "$kb_dir" "$work/kubebuilder"
    chmod -R u+w "$work/kubebuilder"
    (cd "$work/kubebuilder" && go build -o "$work/bin/kubebuilder" .)
    # The tutorial generator is internal to kubebuilder's module: a main inside it
    # that runs the getting-started steps (init, create api, the tutorial's
    # Memcached types, controller and sample) into $work/memcached.
    mkdir -p "$work/kubebuilder/hack/docs/memcached"
    cat >"$work/kubebuilder/hack/docs/memcached/main.go" <<EOF
package main

import gettingstarted "sigs.k8s.io/kubebuilder/v4/hack/docs/internal/getting-started"

func main() {
	sp := gettingstarted.NewSample("$work/bin/kubebuilder", "$work/memcached")
	sp.Prepare()
	sp.GenerateSampleProject()
	sp.UpdateTutorial()
}
EOF
    # Its Prepare deletes controller-gen and kustomize found on PATH: give it a PATH
    # with only Go and the basic tools.
    (cd "$work/kubebuilder" &&
        PATH="$(dirname "$(command -v go)"):/usr/bin:/bin" go run ./hack/docs/memcached >&2)
    (cd "$work/memcached" &&
        PATH="$(dirname "$(command -v go)"):/usr/bin:/bin" make manifests generate >&2 &&
        CGO_ENABLED=0 go build -a -o "$work/memcached-operator" cmd/main.go)
    cp "$work/memcached/config/crd/bases/cache.example.com_memcacheds.yaml" "$work/memcached-crd.yaml"

    for f in sample-controller foo-crd.yaml memcached-operator memcached-crd.yaml; do
        mv "$work/$f" "$OUT/$f"
    done
    echo "sample-controller $SAMPLE_VERSION, kubebuilder $KUBEBUILDER_VERSION Memcached operator, $(go env GOVERSION)" >"$OUT/.done"
fi

echo "SAMPLE_CONTROLLER=$OUT/sample-controller"
echo "SAMPLE_CRD=$OUT/foo-crd.yaml"
echo "MEMCACHED_OPERATOR=$OUT/memcached-operator"
echo "MEMCACHED_CRD=$OUT/memcached-crd.yaml"
echo "GO_OPERATOR_VERSIONS=$(cat "$OUT/.done")"
