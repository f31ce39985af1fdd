#!/usr/bin/env bash
# Proves that the generated crate is publishable and stands on its own:
#   1. `cargo package -p generated` (which also builds the packaged crate), then
#   2. unpacks the `.crate` into a temporary directory outside the workspace and
#      builds it and its docs there, offline, with the Cargo.lock it was packaged
#      with, as another team would after `cargo add generated`.
# Works from any directory. Writes only under target/ and a temporary directory.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

echo "verify-package: cargo package -p generated" >&2
# Uncommitted changes make cargo refuse to package unless told otherwise; in CI
# (a clean checkout) the flag is not needed and not passed.
DIRTY=()
if [ -n "$(git status --porcelain -- generated 2>/dev/null)" ] || ! git rev-parse --verify -q HEAD >/dev/null 2>&1; then
  DIRTY=(--allow-dirty)
  echo "verify-package: generated/ has uncommitted changes; packaging with --allow-dirty" >&2
fi
cargo package --quiet --locked --offline -p generated "${DIRTY[@]}"

VERSION=$(cargo pkgid --offline -p generated | sed 's/.*[#@]//')
CRATE="$ROOT/target/package/generated-$VERSION.crate"
[ -f "$CRATE" ] || { echo "verify-package: $CRATE was not written" >&2; exit 1; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/verify-package.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
tar -xzf "$CRATE" -C "$WORK"
DIR="$WORK/generated-$VERSION"
for f in README.md Cargo.toml Cargo.lock src/lib.rs; do
  [ -f "$DIR/$f" ] || { echo "verify-package: the package lacks $f" >&2; exit 1; }
done
ls "$DIR"/crds/*.yaml >/dev/null 2>&1 || { echo "verify-package: the package lacks crds/*.yaml" >&2; exit 1; }

# A library does not pick the Kubernetes version (see generated/Cargo.toml):
# the application does, here through k8s-openapi's environment variable, set to
# the workspace's value (.cargo/config.toml). The workspace's target directory
# is shared so that the dependencies it built are reused.
K8S_VERSION=$(sed -n 's/^K8S_OPENAPI_ENABLED_VERSION *= *"\(.*\)"/\1/p' .cargo/config.toml)
echo "verify-package: building generated-$VERSION standalone in $DIR (Kubernetes $K8S_VERSION)" >&2
(
  cd "$DIR"
  export K8S_OPENAPI_ENABLED_VERSION="$K8S_VERSION" CARGO_TARGET_DIR="$ROOT/target"
  cargo build --quiet --offline --locked
  RUSTDOCFLAGS=-Dwarnings cargo doc --quiet --offline --locked --no-deps
)
echo "verify-package: generated-$VERSION packages and builds on its own."
