#!/usr/bin/env bash
# Fails (exit 1, with a unified diff) when anything hack/update-codegen.sh
# writes is stale; writes nothing. Run it in CI. Works from any directory.
# KUBE_CODEGEN: the kube-codegen binary (default: kube-codegen on PATH).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

"${KUBE_CODEGEN:-kube-codegen}" verify {generate_flags} "$@"
