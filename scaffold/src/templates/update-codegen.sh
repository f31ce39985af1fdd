#!/usr/bin/env bash
# Regenerates generated/ (types, clients, listers, informers, generated/crds)
# from apis/src, the CRDs in config/crd/bases and the ClusterRole of the
# `+kubebuilder:rbac` markers in src/ (config/rbac/role.yaml) and the webhook
# configurations of its `+kubebuilder:webhook` markers
# (config/webhook/manifests.yaml); files no longer produced are removed. Works from any directory; extra arguments go to
# `kube-codegen generate`.
# KUBE_CODEGEN: the kube-codegen binary (default: kube-codegen on PATH).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

"${KUBE_CODEGEN:-kube-codegen}" generate {generate_flags} "$@"
