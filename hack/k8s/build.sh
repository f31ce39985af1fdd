#!/usr/bin/env bash
# Build (once) and cache the binaries of a local Kubernetes control plane:
# etcd, kube-apiserver and kube-controller-manager, and kubectl to talk to it,
# from Go modules.
#
# Usage:
#   hack/k8s/build.sh              build if needed; last stdout line is the bin dir
#   hack/k8s/build.sh --bin-dir    only print the bin dir (no build, no checks)
#
# Environment:
#   KUBE_CODEGEN_CACHE  cache root (default ${XDG_CACHE_HOME:-$HOME/.cache}/kube-codegen)
#   KUBE_CODEGEN_BUILD_JOBS  `go build -p` (default 2: the machine this was
#                       written for has 2 cores; linking kube-apiserver needs a
#                       few GiB, so more parallel links would only add memory)
#
# Why not `go install k8s.io/kubernetes/cmd/kube-apiserver@v1.34.4`?
# k8s.io/kubernetes requires its staging modules (k8s.io/api, k8s.io/client-go,
# ...) at version v0.0.0 and `replace`s them with ./staging/src/...; go install
# refuses modules with replace directives and v0.0.0 does not exist. So we build
# from a throw-away module that requires k8s.io/kubernetes and replaces every
# such k8s.io/* module with its published v0.<minor>.<patch> tag. The list is
# read from the downloaded go.mod, not hard-coded, so bumping KUBE_VERSION works.
set -euo pipefail

# The Kubernetes version must match the k8s-openapi feature the workspace uses
# (v1_34, see the root Cargo.toml).
KUBE_VERSION=v1.34.4
# etcd version Kubernetes v1.34 is tested with: build/dependencies.yaml of
# k8s.io/kubernetes v1.34.4 pins `etcd: 3.6.5` (its go.mod uses the 3.6.4
# client libraries, which speak the same protocol).
ETCD_VERSION=v3.6.5
# Bump when the build recipe changes so stale caches are rebuilt.
RECIPE=1

CACHE_ROOT="${KUBE_CODEGEN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kube-codegen}"
VERSION_DIR="$CACHE_ROOT/k8s-$KUBE_VERSION"
BIN_DIR="$VERSION_DIR/bin"
STAMP_FILE="$BIN_DIR/.stamp"
STAMP="kube=$KUBE_VERSION etcd=$ETCD_VERSION recipe=$RECIPE"
BINARIES=(etcd kube-apiserver kube-controller-manager)
# kubectl has a stamp of its own so that adding it to a cache that already
# holds the control plane builds only kubectl, not everything again.
KUBECTL_STAMP_FILE="$BIN_DIR/.stamp-kubectl"
KUBECTL_STAMP="kubectl=$KUBE_VERSION recipe=1"

if [[ "${1:-}" == "--bin-dir" ]]; then
    echo "$BIN_DIR"
    exit 0
fi
if [[ $# -gt 0 ]]; then
    echo "usage: $0 [--bin-dir]" >&2
    exit 2
fi

die() {
    echo "build.sh: error: $*" >&2
    exit 1
}

control_plane_cached() {
    [[ -f "$STAMP_FILE" && "$(cat "$STAMP_FILE")" == "$STAMP" ]] || return 1
    local b
    for b in "${BINARIES[@]}"; do
        [[ -x "$BIN_DIR/$b" ]] || return 1
    done
}

kubectl_cached() {
    [[ -f "$KUBECTL_STAMP_FILE" && "$(cat "$KUBECTL_STAMP_FILE")" == "$KUBECTL_STAMP" && -x "$BIN_DIR/kubectl" ]]
}

is_cached() {
    control_plane_cached && kubectl_cached
}

# Fast path without taking the lock.
if is_cached; then
    echo "cached: $STAMP, $KUBECTL_STAMP in $BIN_DIR" >&2
    echo "$BIN_DIR"
    exit 0
fi

command -v go >/dev/null 2>&1 ||
    die "Go toolchain not found in PATH (need go >= 1.24 to build Kubernetes $KUBE_VERSION)"

mkdir -p "$VERSION_DIR"
# Serialise concurrent builds (e.g. two test binaries starting at once): the
# second waits for the first and then finds the cache filled.
exec 9>"$VERSION_DIR/.lock"
if ! flock -n 9; then
    echo "build.sh: another build holds $VERSION_DIR/.lock; waiting..." >&2
    flock 9
fi
if is_cached; then
    echo "cached: $STAMP, $KUBECTL_STAMP in $BIN_DIR" >&2
    echo "$BIN_DIR"
    exit 0
fi

# Left-overs of builds that were killed (we hold the lock, so none is running).
rm -rf "$VERSION_DIR"/build.*

START=$(date +%s)
WORK="$(mktemp -d "$VERSION_DIR/build.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
OUT="$WORK/bin"
mkdir -p "$OUT"

# Module cache, build cache and GOPATH stay at their defaults so repeated
# builds (and other projects) share downloads and compiled packages.
# GOTOOLCHAIN=local: never switch to a downloaded toolchain behind our back.
export CGO_ENABLED=0 GOTOOLCHAIN=local GOFLAGS="${GOFLAGS:-} -mod=mod"
JOBS="${KUBE_CODEGEN_BUILD_JOBS:-2}"

echo "build.sh: using $(go version)" >&2

# --- Kubernetes -------------------------------------------------------------
# prepare_kube_module PKG...: a scratch module in $KMOD that requires
# k8s.io/kubernetes with its staging modules replaced, resolved for PKG...
prepare_kube_module() {
    KMOD="$WORK/kube"
    mkdir -p "$KMOD"
    cd "$KMOD"
    go mod init kube-codegen.invalid/k8s-build >/dev/null 2>&1 ||
        die "go mod init failed in $KMOD"

    local dl_json kube_gomod
    dl_json="$(go mod download -json "k8s.io/kubernetes@$KUBE_VERSION" 2>&1)" ||
        die "downloading module k8s.io/kubernetes@$KUBE_VERSION failed: $dl_json"
    kube_gomod="$(sed -n 's/^[[:space:]]*"GoMod": "\(.*\)",\{0,1\}$/\1/p' <<<"$dl_json")"
    KUBE_INFO="$(sed -n 's/^[[:space:]]*"Info": "\(.*\)",\{0,1\}$/\1/p' <<<"$dl_json")"
    [[ -f "$kube_gomod" ]] || die "could not locate go.mod of k8s.io/kubernetes@$KUBE_VERSION (go mod download said: $dl_json)"

    # Staging modules: `k8s.io/<name> v0.0.0` lines inside the require block(s).
    local staging
    mapfile -t staging < <(awk '
        /^require[[:space:]]*\(/ { inreq = 1; next }
        inreq && /^\)/           { inreq = 0; next }
        inreq && $1 ~ /^k8s\.io\// && $2 == "v0.0.0" { print $1 }
        /^require[[:space:]]+k8s\.io\/[^[:space:]]+[[:space:]]+v0\.0\.0/ { print $2 }
    ' "$kube_gomod")
    [[ ${#staging[@]} -gt 0 ]] || die "found no k8s.io/* v0.0.0 requirements in $kube_gomod; build recipe needs updating"
    # v1.34.4 -> v0.34.4
    local staging_version="v0.${KUBE_VERSION#v1.}"
    echo "build.sh: replacing ${#staging[@]} staging modules with $staging_version" >&2

    go mod edit -require="k8s.io/kubernetes@$KUBE_VERSION"
    local m
    for m in "${staging[@]}"; do
        go mod edit -replace="$m=$m@$staging_version"
    done
    # Resolve the full module graph (downloads everything needed for the
    # commands). `go get` of main packages only records requirements.
    local get_log="$WORK/go-get-kube.log"
    if ! go get "${@/%/@$KUBE_VERSION}" >"$get_log" 2>&1; then
        tail -n 30 "$get_log" >&2
        die "module download/resolution for k8s.io/kubernetes@$KUBE_VERSION failed (see output above)"
    fi
}

# build_kube PKG...: prepare the module and build PKG... into $OUT, version
# stamped as hack/lib/version.sh does. buildDate is the tag's commit time (from
# the module info) so the binaries are reproducible.
build_kube() {
    prepare_kube_module "$@"
    local build_date major minor ldflags pkg
    build_date="$(sed -n 's/.*"Time":[[:space:]]*"\([^"]*\)".*/\1/p' "$KUBE_INFO" 2>/dev/null | head -n1)"
    build_date="${build_date:-1970-01-01T00:00:00Z}"
    build_date="${build_date%%.*}"
    [[ "$build_date" == *Z ]] || build_date="${build_date}Z"
    major="${KUBE_VERSION#v}"
    major="${major%%.*}"
    minor="${KUBE_VERSION#v*.}"
    minor="${minor%%.*}"
    ldflags="-s -w"
    for pkg in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
        ldflags+=" -X $pkg.gitVersion=$KUBE_VERSION"
        ldflags+=" -X $pkg.gitMajor=$major"
        ldflags+=" -X $pkg.gitMinor=$minor"
        ldflags+=" -X $pkg.gitTreeState=clean"
        ldflags+=" -X $pkg.buildDate=$build_date"
    done
    echo "build.sh: go build $* (-p $JOBS)" >&2
    go build -p "$JOBS" -trimpath -ldflags "$ldflags" -o "$OUT/" "$@" ||
        die "go build of $* ($KUBE_VERSION) failed"
}

check_kubectl() {
    "$1" version --client 2>/dev/null | grep -qx "Client Version: $KUBE_VERSION" ||
        die "built kubectl reports '$("$1" version --client 2>&1 | head -n1)', expected Client Version: $KUBE_VERSION"
}

KUBECTL_PKG=k8s.io/kubernetes/cmd/kubectl

# The control plane is cached, kubectl is not (a cache from before kubectl was
# added): build kubectl alone and add it to the bin dir.
if control_plane_cached; then
    echo "build.sh: building kubectl $KUBE_VERSION into $BIN_DIR" >&2
    build_kube "$KUBECTL_PKG"
    check_kubectl "$OUT/kubectl"
    # rename(2) within one file system: readers see no kubectl or a whole one.
    mv "$OUT/kubectl" "$BIN_DIR/kubectl"
    echo "$KUBECTL_STAMP" >"$KUBECTL_STAMP_FILE"
    END=$(date +%s)
    echo "build.sh: built kubectl in $((END - START))s: $BIN_DIR" >&2
    echo "$BIN_DIR"
    exit 0
fi

echo "build.sh: building Kubernetes $KUBE_VERSION (control plane, kubectl) and etcd $ETCD_VERSION into $BIN_DIR (cold build: tens of minutes on 2 cores)" >&2
build_kube k8s.io/kubernetes/cmd/kube-apiserver k8s.io/kubernetes/cmd/kube-controller-manager "$KUBECTL_PKG"

# --- etcd -------------------------------------------------------------------
# go.etcd.io/etcd/server/v3 has a `main` package at its root but also replace
# directives in its go.mod, so it too is built from a scratch module.
EMOD="$WORK/etcd"
mkdir -p "$EMOD"
cd "$EMOD"
go mod init kube-codegen.invalid/etcd-build >/dev/null 2>&1 ||
    die "go mod init failed in $EMOD"
GET_LOG="$WORK/go-get-etcd.log"
if ! go get "go.etcd.io/etcd/server/v3@$ETCD_VERSION" >"$GET_LOG" 2>&1; then
    tail -n 30 "$GET_LOG" >&2
    die "module download/resolution for go.etcd.io/etcd/server/v3@$ETCD_VERSION failed (see output above)"
fi
echo "build.sh: go build go.etcd.io/etcd/server/v3 ($ETCD_VERSION)" >&2
go build -p "$JOBS" -trimpath -ldflags "-s -w" -o "$OUT/etcd" go.etcd.io/etcd/server/v3 ||
    die "go build of etcd $ETCD_VERSION failed"

# --- sanity check and atomic install ------------------------------------------
"$OUT/kube-apiserver" --version | grep -qx "Kubernetes $KUBE_VERSION" ||
    die "built kube-apiserver reports '$("$OUT/kube-apiserver" --version)', expected Kubernetes $KUBE_VERSION"
"$OUT/etcd" --version | grep -q "etcd Version: ${ETCD_VERSION#v}" ||
    die "built etcd reports '$("$OUT/etcd" --version | head -n1)', expected ${ETCD_VERSION#v}"
check_kubectl "$OUT/kubectl"

echo "$STAMP" >"$OUT/.stamp"
echo "$KUBECTL_STAMP" >"$OUT/.stamp-kubectl"
# Replace any stale/incomplete bin dir: move it aside first, then rename the
# fresh one in (rename(2) of a directory is atomic; readers see old or new).
if [[ -e "$BIN_DIR" ]]; then
    mv "$BIN_DIR" "$WORK/old-bin"
fi
mv "$OUT" "$BIN_DIR"

END=$(date +%s)
echo "build.sh: built in $((END - START))s: $BIN_DIR" >&2
echo "$BIN_DIR"
