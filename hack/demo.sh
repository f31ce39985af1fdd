#!/usr/bin/env bash
# The App controller demo, in one command:
#
#   hack/demo.sh
#
# builds the controller, brings up a local control plane (etcd,
# kube-apiserver, kube-controller-manager on loopback; the first build takes
# tens of minutes, then it is cached), installs the CRD from manifests/crd and
# the controller's RBAC from manifests/rbac with kubectl, runs the controller
# against it, applies manifests/example/app.yaml, shows the App (its printer
# columns), the Deployment and Service that appear and `kubectl explain
# app.spec`, and keeps watching the App until Ctrl-C, which stops everything.
#
# kubectl is the one hack/k8s/build.sh builds at the control plane's version
# (put first on PATH here). There is no kubelet, so pods never run and
# availableReplicas stays 0 (the Ready condition says so).
#
# Environment:
#   DEMO_NAMESPACE   namespace of the example App (default: default)
#   KEEP_LOGS=1      keep the control plane's state dir and logs after Ctrl-C
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
NAMESPACE="${DEMO_NAMESPACE:-default}"

step() { printf '\n\033[1m==> %s\033[0m\n' "$*" >&2; }

step "building the controller (cargo build -p controller)"
cargo build --quiet -p controller --bins
BIN="$ROOT/target/debug"

step "building the local control plane binaries and kubectl (first time: tens of minutes; then cached)"
K8S_BIN="$(hack/k8s/build.sh | tail -n1)"
export PATH="$K8S_BIN:$PATH"

step "starting etcd, kube-apiserver and kube-controller-manager on loopback"
# This shell owns the control plane: if it dies without cleaning up (even by
# SIGKILL), the control plane's watchdog stops it.
DIR="$(KUBE_CODEGEN_OWNER_PID=$$ hack/k8s/controlplane.sh start | tail -n1)"
export KUBECONFIG="$DIR/kubeconfig"
LOG="$DIR/logs/app-controller.log"

CONTROLLER_PID=""
WATCH_PID=""
stopping=0
stop() {
    [[ $stopping == 0 ]] || return 0
    stopping=1
    echo >&2
    if [[ -n "$WATCH_PID" ]]; then
        kill "$WATCH_PID" 2>/dev/null || true
        wait "$WATCH_PID" 2>/dev/null || true
    fi
    if [[ -n "$CONTROLLER_PID" ]]; then
        # Ctrl-C in a terminal reaches the controller too; either way it
        # stops gracefully: in-flight reconciles finish first.
        step "stopping the controller"
        kill -TERM "$CONTROLLER_PID" 2>/dev/null || true
        # `wait` returns early if another signal arrives: wait until it is gone.
        while kill -0 "$CONTROLLER_PID" 2>/dev/null; do
            wait "$CONTROLLER_PID" 2>/dev/null || true
        done
        tail -n 4 "$LOG" >&2 || true
    fi
    step "stopping the control plane"
    hack/k8s/controlplane.sh stop "$DIR"
}
# The first Ctrl-C stops everything in order; more Ctrl-Cs meanwhile are ignored.
on_signal() {
    [[ $stopping == 0 ]] || return 0
    stop
    exit 0
}
trap on_signal INT TERM
trap stop EXIT

step "installing the CRD and the controller's RBAC"
run() { printf '$ %s\n' "$*" >&2; "$@"; }
run kubectl apply -f manifests/crd
run kubectl wait --for=condition=Established --timeout=60s crd/apps.myapp.k8s.io
# The leader-election Role lives in the controller's namespace.
kubectl create namespace app-system --dry-run=client -o yaml | kubectl apply -f - >/dev/null
run kubectl apply -f manifests/rbac

step "running the controller (log: $LOG)"
"$BIN/app-controller" --health-addr=127.0.0.1:0 --resync-period=5m >"$LOG" 2>&1 &
CONTROLLER_PID=$!
for _ in $(seq 1 120); do
    grep -q "caches synced" "$LOG" && break
    kill -0 "$CONTROLLER_PID" 2>/dev/null || { cat "$LOG" >&2; echo "demo.sh: the controller exited" >&2; exit 1; }
    sleep 0.25
done
grep -q "caches synced" "$LOG" || { cat "$LOG" >&2; echo "demo.sh: the controller did not start within 30 s" >&2; exit 1; }
HEALTH="$(sed -n 's/.*serving \/healthz.*addr=\([0-9.:]*\).*/\1/p' "$LOG" | head -n1)"

step "applying manifests/example/app.yaml"
sed "s/namespace: default/namespace: $NAMESPACE/" manifests/example/app.yaml >"$DIR/app.yaml"
[[ "$NAMESPACE" == default ]] ||
    kubectl create namespace "$NAMESPACE" --dry-run=client -o yaml | kubectl apply -f - >/dev/null
run kubectl apply -f "$DIR/app.yaml"

step "the App (its printer columns), and the Deployment and Service the controller created"
DEPLOYMENT="$(kubectl get app example -n "$NAMESPACE" -o 'jsonpath={.spec.deployment.name}')"
SERVICE="$(kubectl get app example -n "$NAMESPACE" -o 'jsonpath={.spec.service.name}')"
run kubectl wait --for=create --timeout=60s -n "$NAMESPACE" "deploy/$DEPLOYMENT" "svc/$SERVICE" >/dev/null
run kubectl wait --for=condition=Ready=False --timeout=60s -n "$NAMESPACE" app/example >/dev/null || true
run kubectl get apps -n "$NAMESPACE"
run kubectl get deploy,svc -n "$NAMESPACE" -o wide
# Who controls the children: the App, through a controller owner reference.
run kubectl get -n "$NAMESPACE" "deploy/$DEPLOYMENT" "svc/$SERVICE" \
    -o 'custom-columns=KIND:.kind,NAME:.metadata.name,CONTROLLED BY:.metadata.ownerReferences[?(@.controller==true)].kind,OWNER:.metadata.ownerReferences[?(@.controller==true)].name'

step "the App's schema, from the generated CRD"
run kubectl explain app.spec

if [[ -n "$HEALTH" ]]; then
    step "controller metrics (http://$HEALTH/metrics)"
    curl -fsS "http://$HEALTH/metrics" |
        grep -E '^(controller_runtime_reconcile_total|app_controller_api_writes_total|leader_election_master_status|workqueue_depth)' || true
fi

cat >&2 <<EOF

The controller keeps running. In another shell, try:

  export KUBECONFIG=$KUBECONFIG PATH=$K8S_BIN:\$PATH
  kubectl patch app example -n $NAMESPACE --type=merge -p '{"spec":{"deployment":{"replicas":5}}}'
  kubectl get apps,deployments,services -n $NAMESPACE
  kubectl describe app example -n $NAMESPACE     # conditions and events

Changes show up below. Ctrl-C stops the controller and the control plane.
EOF

step "watching the App (Ctrl-C to stop)"
kubectl get apps -n "$NAMESPACE" --watch &
WATCH_PID=$!
wait "$WATCH_PID" || true
# `kubectl get --watch` ends on Ctrl-C; so does this script (trap above).
while kill -0 "$CONTROLLER_PID" 2>/dev/null; do
    sleep 1
done
