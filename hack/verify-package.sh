#!/usr/bin/env bash
# Proves that the runtime and the generated crate are publishable and stand on
# their own:
#   1. `cargo package -p kube-codegen-merge -p kube-codegen-schema
#      -p kube-codegen-runtime -p generated`: cargo packages them in dependency
#      order and builds each packaged crate; `generated` depends on
#      `kube-codegen-runtime = "0.1"`, and the runtime on the merge and schema
#      engines of its fake clientset, none of them on the registry, so cargo
#      resolves each to the package it has just made (a local registry
#      overlay: multi-package `cargo package`, stable since cargo 1.89), the way
#      it will resolve from the registry once the runtime is published first;
#   2. unpacks the `.crate`s into a temporary directory outside the workspace
#      and builds the generated crate and its docs there, offline, with the
#      Cargo.lock it was packaged with, as another team would after `cargo add
#      generated`. The registry dependencies on our crates are pointed at the
#      unpacked packages with `[patch.crates-io]` entries in that directory's
#      `.cargo/config.toml` (the packages themselves are not edited); the rest
#      of each lock file is used as it is. The runtime is built the same way.
# Works from any directory. Writes only under target/ and a temporary directory.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

PACKAGES=(kube-codegen-merge kube-codegen-schema kube-codegen-runtime generated)
# Not on the registry yet: the packaged ones stand in for them.
LOCAL=(kube-codegen-merge kube-codegen-schema kube-codegen-runtime)

echo "verify-package: cargo package ${PACKAGES[*]/#/-p }" >&2
# Uncommitted changes make cargo refuse to package unless told otherwise; in CI
# (a clean checkout) the flag is not needed and not passed.
DIRTY=()
if [ -n "$(git status --porcelain -- runtime generated merge schema 2>/dev/null)" ] || ! git rev-parse --verify -q HEAD >/dev/null 2>&1; then
  DIRTY=(--allow-dirty)
  echo "verify-package: a packaged crate has uncommitted changes; packaging with --allow-dirty" >&2
fi
cargo package --quiet --locked --offline "${PACKAGES[@]/#/--package=}" "${DIRTY[@]}"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/verify-package.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
declare -A DIRS
for package in "${PACKAGES[@]}"; do
  version=$(cargo pkgid --offline -p "$package" | sed 's/.*[#@]//')
  crate="$ROOT/target/package/$package-$version.crate"
  [ -f "$crate" ] || { echo "verify-package: $crate was not written" >&2; exit 1; }
  tar -xzf "$crate" -C "$WORK"
  DIRS[$package]="$WORK/$package-$version"
  for f in README.md Cargo.toml src/lib.rs; do
    [ -f "${DIRS[$package]}/$f" ] || { echo "verify-package: $package lacks $f" >&2; exit 1; }
  done
done
DIR=${DIRS[generated]}
[ -f "$DIR/Cargo.lock" ] || { echo "verify-package: generated lacks Cargo.lock" >&2; exit 1; }
ls "$DIR"/crds/*.yaml >/dev/null 2>&1 || { echo "verify-package: generated lacks crds/*.yaml" >&2; exit 1; }
grep -q '^\[dependencies\.kube-codegen-runtime\]' "$DIR/Cargo.toml" && ! grep -q '^path' <(sed -n '/^\[dependencies\.kube-codegen-runtime\]/,/^\[/p' "$DIR/Cargo.toml") ||
  { echo "verify-package: the packaged generated crate must depend on kube-codegen-runtime by version" >&2; exit 1; }

mkdir -p "$WORK/.cargo"
{
  echo "# Not on the registry yet: the packaged crates stand in."
  echo "[patch.crates-io]"
  for package in "${LOCAL[@]}"; do
    echo "$package = { path = \"${DIRS[$package]}\" }"
  done
} >"$WORK/.cargo/config.toml"
# A lock file without the entries of our crates (the patch changes their source).
without_local() {
  awk 'BEGIN { RS = ""; ORS = "\n\n" } !/name = "kube-codegen-(runtime|merge|schema)"/' "$1"
}
# Builds the unpacked package in $1 and its docs; every dependency but ours
# must stay at the version the package was locked with.
build_standalone() {
  (
    cd "$1"
    export K8S_OPENAPI_ENABLED_VERSION="$K8S_VERSION" CARGO_TARGET_DIR="$ROOT/target"
    cp Cargo.lock "$WORK/Cargo.lock.packaged"
    cargo build --quiet --offline
    RUSTDOCFLAGS=-Dwarnings cargo doc --quiet --offline --no-deps
    diff <(without_local "$WORK/Cargo.lock.packaged") <(without_local Cargo.lock) >&2 ||
      { echo "verify-package: building ${1##*/} standalone changed its locked dependencies (above)" >&2; exit 1; }
  )
}

# A library does not pick the Kubernetes version (see generated/Cargo.toml):
# the application does, here through k8s-openapi's environment variable, set to
# the workspace's value (.cargo/config.toml). The workspace's target directory
# is shared so that the dependencies it built are reused.
K8S_VERSION=$(sed -n 's/^K8S_OPENAPI_ENABLED_VERSION *= *"\(.*\)"/\1/p' .cargo/config.toml)
echo "verify-package: building ${DIRS[kube-codegen-runtime]##*/} and its docs standalone" >&2
build_standalone "${DIRS[kube-codegen-runtime]}"
echo "verify-package: building ${DIR##*/} standalone in $DIR against ${DIRS[kube-codegen-runtime]##*/} (Kubernetes $K8S_VERSION)" >&2
build_standalone "$DIR"
echo "verify-package: our crates package, and the runtime and ${DIR##*/} build on their own."
