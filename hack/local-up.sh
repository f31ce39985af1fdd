#!/usr/bin/env bash
# Start a local Kubernetes control plane (etcd, kube-apiserver,
# kube-controller-manager on loopback) for a person to use, until Ctrl-C, and
# print how to reach it with the kubectl built at the same version.
#
#   hack/local-up.sh            build (first time: tens of minutes) and start
#   KEEP_LOGS=1 hack/local-up.sh   keep the state dir and logs after stopping
#
# There is no kubelet or scheduler: objects are stored and controllers
# (garbage collection, deployments, replica sets, namespaces, service
# accounts) run, but pods are never scheduled.
set -euo pipefail

HACK_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

K8S_BIN="$("$HACK_DIR/k8s/build.sh" | tail -n1)"

# This shell owns the control plane: if it dies without cleaning up (even by
# SIGKILL), the control plane's watchdog stops it.
DIR="$(KUBE_CODEGEN_OWNER_PID=$$ "$HACK_DIR/k8s/controlplane.sh" start | tail -n1)"

stopping=0
stop() {
    [[ $stopping == 0 ]] || return 0
    stopping=1
    echo >&2
    echo "local-up.sh: stopping control plane in $DIR" >&2
    "$HACK_DIR/k8s/controlplane.sh" stop "$DIR"
}
trap 'stop; exit 0' INT TERM
trap stop EXIT

cat <<EOF

Control plane is up (state and logs in $DIR).
In another shell:

  export KUBECONFIG=$DIR/kubeconfig
  export PATH=$K8S_BIN:\$PATH     # kubectl $("$K8S_BIN/kubectl" version --client 2>/dev/null | sed -n 's/^Client Version: //p'), the control plane's version
  kubectl get --raw /version

Press Ctrl-C to stop.
EOF

# Block in the `read` builtin on a pipe nobody writes to: no child process to
# leak if this shell is SIGKILLed, and traps run as soon as a signal arrives.
exec {IDLE_FD}<> <(:)
while :; do
    read -r -t 3600 -u "$IDLE_FD" _ || true
done
