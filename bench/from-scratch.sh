#!/usr/bin/env bash
# Times the book's path from an empty directory (docs/src/getting-started.md)
# to a running operator on
# this machine, cold (empty cargo target directories, no compiler cache) and
# warm (the controller edited, then built and run again):
#
#   1. cargo install --locked --path codegen-cli   (release, from a clean copy
#      of this repository's tracked files)
#   2. kube-codegen init + create api --kind Memcached
#   3. make manifests install                      (a local control plane)
#   4. cargo build                                 (what `make run` builds)
#   5. the operator, from its start until /readyz answers 200 and the
#      Memcached sample has its Ready condition
#
#   bench/from-scratch.sh
#
# Downloads of crates are not timed (cargo's registry cache is shared with
# everything else on the machine). Needs what hack/test.sh needs; the control
# plane is started with hack/k8s/controlplane.sh and stopped at the end.
# Scratch files go to a temporary directory, removed at the end; nothing is
# written into the repository.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/from-scratch.XXXXXX")
CP_DIR=""
cleanup() {
  [ -n "$CP_DIR" ] && "$ROOT/hack/k8s/controlplane.sh" stop "$CP_DIR" >/dev/null 2>&1 || true
  [ -n "${OPERATOR:-}" ] && kill "$OPERATOR" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT
unset RUSTC_WRAPPER CARGO_TARGET_DIR
export CARGO_TARGET_DIR="$WORK/target" CARGO_TERM_COLOR=never

now() { date +%s.%N; }
declare -a ROWS
# timed NAME COMMAND...: runs it (output to a log, shown if it fails), and
# records its wall time and the CPU time (user + system) of its processes.
timed() {
  local name=$1 times real user sys
  shift
  times=$( { TIMEFORMAT='%1R %1U %1S'; time "$@" >"$WORK/step.log" 2>&1; } 2>&1 ) ||
    { cat "$WORK/step.log" >&2; echo "from-scratch: $name failed" >&2; exit 1; }
  read -r real user sys <<<"$times"
  ROWS+=("$name|$real s|$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.1f", u + s }') s")
  echo "from-scratch: $name: $real s" >&2
}
# step NAME START: a step timed by hand (wall time only).
step() {
  local took
  took=$(awk -v a="$2" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }')
  ROWS+=("$1|$took s|")
  echo "from-scratch: $1: $took s" >&2
}

# A clean copy: the tracked files of the working tree.
mkdir -p "$WORK/src" && (cd "$ROOT" && git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$WORK/src")

BIN_DIR=$("$ROOT/hack/k8s/build.sh" --bin-dir)
CP_DIR=$(KUBE_CODEGEN_OWNER_PID=$$ "$ROOT/hack/k8s/controlplane.sh" start 2>/dev/null | tail -1)
export KUBECONFIG="$CP_DIR/kubeconfig" PATH="$WORK/root/bin:$BIN_DIR:$PATH"

cd "$WORK/src"
timed "cargo install --locked --path codegen-cli (release), cold" \
  cargo install --quiet --locked --path "$WORK/src/codegen-cli" --root "$WORK/root" --target-dir "$WORK/install-target"

cd "$WORK"
timed "kube-codegen init" kube-codegen init memcached-operator
cd memcached-operator
timed "kube-codegen create api" kube-codegen create api --group cache.example.com --version v1alpha1 --kind Memcached
timed "make manifests install" make manifests install KUBECTL="$BIN_DIR/kubectl"
timed "cargo build of the operator (debug, what make run builds), cold" cargo build --quiet

run_operator() { # until /readyz and the sample is Ready
  local port t0
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  t0=$(now)
  "$CARGO_TARGET_DIR/debug/memcached-operator" --health-probe-bind-address "127.0.0.1:$port" >"$WORK/operator.log" 2>&1 &
  OPERATOR=$!
  until curl -fs "http://127.0.0.1:$port/readyz" >/dev/null; do sleep 0.05; done
  kubectl apply -k config/samples >/dev/null
  until kubectl get memcached memcached-sample -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}' 2>/dev/null | grep -q True; do sleep 0.05; done
  step "$1" "$t0"
  kill "$OPERATOR"; wait "$OPERATOR" 2>/dev/null || true
  OPERATOR=""
  kubectl delete -k config/samples --wait >/dev/null
}
run_operator "operator start to ready and the sample reconciled"

# Warm: a change to the controller, built and run again.
sed -i 's/"The Memcached was reconciled."/"The Memcached was reconciled (edited)."/' src/controllers/memcached.rs
timed "cargo build after editing the controller, warm" cargo build --quiet
run_operator "operator start to ready and the sample reconciled, warm"

echo
echo "| step | wall | CPU (user + system) |"
echo "|---|---|---|"
for row in "${ROWS[@]}"; do
  IFS='|' read -r name wall cpu <<<"$row"
  echo "| $name | $wall | ${cpu:-–} |"
done
echo
echo "($(nproc) cores, $(uname -m); load average at the end: $(cut -d' ' -f1-3 /proc/loadavg))"
