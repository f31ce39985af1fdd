#!/usr/bin/env bash
# Regenerates every generated crate from its input API:
#   apis/src                 -> generated/            (+ manifests/crd/)
#   controller/src (+kubebuilder:rbac markers) -> manifests/rbac/role.yaml
#   tests/fixture-apis/src   -> tests/fixture-generated/
# Works from any directory. Extra arguments go to every `kube-codegen generate`.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

# Build once, then run the binary: `cargo run` per target would re-check the
# build. KUBE_CODEGEN_BIN: a kube-codegen built already (hack/test.sh's, built
# with the rest of the workspace).
BIN=${KUBE_CODEGEN_BIN:-}
if [ -z "$BIN" ]; then
    cargo build --quiet --locked -p kube-codegen-cli
    BIN="$ROOT/target/debug/kube-codegen"
fi
# The generated crate is versioned with the API it is generated from: the
# version of apis/Cargo.toml becomes generated/Cargo.toml's (`--crate-version`).
API_VERSION=$(cargo pkgid --offline -p apis | sed 's/.*[#@]//')

"$BIN" generate --input-dir apis/src --output-dir generated --crd-dir manifests/crd --crate-version "$API_VERSION" \
    --rbac-source-dir controller/src --rbac-output manifests/rbac/role.yaml --role-name app-controller "$@"
# The fixture has float fields on purpose (controller-gen's allowDangerousTypes);
# its converted kinds without a webhook marker get the service below.
"$BIN" generate --input-dir tests/fixture-apis/src --output-dir tests/fixture-generated --allow-dangerous-types \
    --conversion-webhook-service fixture-system/fixture-webhook:9443/convert "$@"
