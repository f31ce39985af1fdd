#!/usr/bin/env bash
# Rewrites generator/src/emit/crd/cel/functions.tsv: every function and macro
# of the API server's CEL environment for new CRD rules, at the Kubernetes
# version of hack/tools/cel-cost/go.mod (the control plane's). kube-codegen
# type-checks and costs rules with this table; run after changing that version.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BIN=$("$ROOT/hack/tools/cel-cost.sh" | tail -n1)
"$BIN" -functions > "$ROOT/generator/src/emit/crd/cel/functions.tsv"
echo "update-cel-functions: wrote generator/src/emit/crd/cel/functions.tsv" >&2
