#!/usr/bin/env bash
# A real, throw-away Kubernetes control plane on loopback ("envtest"):
# etcd + kube-apiserver + kube-controller-manager, built by hack/k8s/build.sh.
#
# Usage:
#   hack/k8s/controlplane.sh start [DIR]   start; DIR is the state directory
#                                          (default: a new dir under $ROOT).
#                                          Prints DIR as the last stdout line.
#   hack/k8s/controlplane.sh stop DIR      stop what `start DIR` started, remove DIR
#   hack/k8s/controlplane.sh gc            clean up control planes whose owner is gone
#   hack/k8s/controlplane.sh kill DIR NAME SIGKILL one component (etcd, kube-apiserver,
#                                          kube-controller-manager), as a crash does
#   hack/k8s/controlplane.sh revive DIR NAME
#                                          start a killed component again with the same
#                                          flags, ports and data (as a restart or an
#                                          in-place upgrade does); waits until it is ready
#
# State directory layout:
#   kubeconfig   admin kubeconfig (user in group system:masters, certs embedded)
#   env          KUBECONFIG=..., KUBE_CODEGEN_APISERVER=..., KUBE_CODEGEN_ETCD=...
#   ports        ETCD_PORT=, ETCD_PEER_PORT=, API_PORT= (what `revive` starts on again)
#   audit-policy.yaml  the API server's audit policy: every write (create, update,
#                patch, delete, deletecollection) at Metadata level, nothing else
#   pids         one line per process: "<name> <pid> <starttime>"
#   owner        "<pid> <starttime>" of the process that owns this control plane
#   logs/        etcd.log, kube-apiserver.log, kube-controller-manager.log, watchdog.log,
#                audit.log (one JSON audit event per write: verb, objectRef, user agent,
#                requestReceivedTimestamp, responseStatus)
#   pki/         CA, serving and client certificates, service-account keys
#   failed|kept  marker: start failed / KEEP_LOGS=1 (such dirs survive `stop`)
#
# Lifetime: the control plane belongs to an owner process (KUBE_CODEGEN_OWNER_PID,
# default: the caller of this script). A small watchdog process stops the control
# plane as soon as the owner is gone, even if the owner was SIGKILLed; `gc` (also
# run at every `start`) catches the rest (e.g. the watchdog itself was killed).
# Processes are only ever killed by the pid recorded in a state dir, and only if
# that pid still has the recorded start time and its command line names the
# state dir, so we never kill a process that is not ours (pid reuse included).
#
# Environment:
#   KUBE_CODEGEN_ENVTEST_ROOT   parent of state dirs (default ${TMPDIR:-/tmp}/kube-codegen-envtest)
#   KUBE_CODEGEN_BIN_DIR        binaries (default: `build.sh --bin-dir`)
#   KUBE_CODEGEN_OWNER_PID      owner process (default: parent of this script)
#   KUBE_CODEGEN_READY_TIMEOUT  seconds to wait for each component (default 60)
#   KUBE_CODEGEN_WATCHDOG=0     do not start the watchdog (tests of `gc` use this)
#   KUBE_CODEGEN_APISERVER_ARGS more kube-apiserver flags, space-separated (`start`;
#                               kept in DIR/apiserver-args for `revive`)
#   KEEP_LOGS=1                 `stop` keeps DIR (and its logs)
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SELF="$SCRIPT_DIR/$(basename "${BASH_SOURCE[0]}")"
ROOT="${KUBE_CODEGEN_ENVTEST_ROOT:-${TMPDIR:-/tmp}/kube-codegen-envtest}"
READY_TIMEOUT="${KUBE_CODEGEN_READY_TIMEOUT:-60}"
# How many times to retry a component whose port was taken between picking and
# binding (another control plane starting at the same moment, for example).
PORT_ATTEMPTS=5
# Stale failed/kept dirs are removed by gc only after this many minutes, so a
# person can still read their logs.
KEEP_MINUTES=1440

log() { echo "controlplane.sh: $*" >&2; }

die() {
    log "error: $*"
    exit 1
}

# --- process helpers ----------------------------------------------------------

# Start time (clock ticks since boot, field 22 of /proc/PID/stat) of PID; empty if
# there is no such process. Together with the pid it identifies a process: pids
# are reused, (pid, starttime) pairs are not.
proc_starttime() {
    local stat
    stat="$(cat "/proc/$1/stat" 2>/dev/null)" || return 0
    # The command name (field 2) may contain spaces and ')': cut after the last ')'.
    stat="${stat##*) }"
    # Now field 1 is the state (field 3 of the original), so starttime is field 20.
    awk '{ print $20 }' <<<"$stat"
}

# True if PID exists and is not a zombie (our own exited children stay zombies
# until we reap them, and `kill -0` succeeds on zombies).
proc_alive() {
    local stat state
    stat="$(cat "/proc/$1/stat" 2>/dev/null)" || return 1
    stat="${stat##*) }"
    state="${stat%% *}"
    [[ "$state" != Z && "$state" != X ]]
}

# True if PID is still the process we recorded: same start time, and its command
# line mentions DIR (every component gets paths inside DIR as arguments).
proc_is_ours() {
    local pid="$1" start="$2" dir="$3" cmdline
    [[ -n "$pid" && -n "$start" && "$pid" =~ ^[0-9]+$ ]] || return 1
    proc_alive "$pid" || return 1
    [[ "$(proc_starttime "$pid")" == "$start" ]] || return 1
    cmdline="$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null)" || return 1
    [[ "$cmdline" == *"$dir"* ]]
}

# Owner file: "<pid> <starttime>". An owner is alive if that exact process exists.
owner_alive() {
    local dir="$1" pid start
    [[ -f "$dir/owner" ]] || return 1
    read -r pid start <"$dir/owner" || return 1
    [[ -n "$pid" && -n "$start" && "$start" != 0 ]] || return 1
    proc_alive "$pid" && [[ "$(proc_starttime "$pid")" == "$start" ]]
}

record_pid() {
    local dir="$1" name="$2" pid="$3" start
    start="$(proc_starttime "$pid")"
    # Rewrite rather than append: a retried component replaces its old line.
    { grep -v "^$name " "$dir/pids" 2>/dev/null || true; echo "$name $pid ${start:-0}"; } >"$dir/pids.tmp"
    mv "$dir/pids.tmp" "$dir/pids"
}

# Stop every process recorded in DIR/pids that is still ours: SIGTERM in reverse
# start order, wait up to 15 s, then SIGKILL and wait up to 5 s more. Bounded.
stop_processes() {
    local dir="$1" name pid start
    local -a victims=()
    [[ -f "$dir/pids" ]] || return 0
    while read -r name pid start; do
        [[ -n "${name:-}" ]] || continue
        # The watchdog may be the one stopping the control plane: not itself.
        [[ "$pid" == "$$" ]] && continue
        if proc_is_ours "$pid" "$start" "$dir"; then
            kill -TERM "$pid" 2>/dev/null || true
            victims+=("$pid:$start:$name")
        fi
    done < <(tac "$dir/pids")
    [[ ${#victims[@]} -gt 0 ]] || return 0
    local deadline v left
    for phase in TERM KILL; do
        if [[ "$phase" == TERM ]]; then deadline=$((SECONDS + 15)); else deadline=$((SECONDS + 5)); fi
        while :; do
            left=()
            for v in "${victims[@]}"; do
                IFS=: read -r pid start name <<<"$v"
                # Reap if it happens to be our child (start failed), ignore otherwise.
                wait "$pid" 2>/dev/null || true
                proc_is_ours "$pid" "$start" "$dir" && left+=("$v")
            done
            [[ ${#left[@]} -gt 0 ]] || return 0
            ((SECONDS < deadline)) || break
            sleep 0.1
        done
        victims=("${left[@]}")
        if [[ "$phase" == TERM ]]; then
            for v in "${victims[@]}"; do
                IFS=: read -r pid start name <<<"$v"
                log "$name (pid $pid) did not exit after SIGTERM; sending SIGKILL"
                kill -KILL "$pid" 2>/dev/null || true
            done
        fi
    done
    log "warning: processes still running after SIGKILL: ${victims[*]}"
    return 1
}

# --- ports --------------------------------------------------------------------

# True if any socket (any state, IPv4 or IPv6) has local port $1.
port_in_use() {
    local hex
    hex="$(printf ':%04X' "$1")"
    awk -v p="$hex" 'FNR > 1 && substr($2, length($2) - 4) == p { found = 1 } END { exit !found }' \
        /proc/net/tcp /proc/net/tcp6 2>/dev/null
}

# A random free port in 20000-31999: below the kernel's ephemeral range
# (32768-60999 by default) so outgoing connections do not take it in between.
# Free now is not free at bind time; callers retry on "address already in use".
pick_port() {
    local p i
    for ((i = 0; i < 200; i++)); do
        p=$((20000 + SRANDOM % 12000))
        if ! port_in_use "$p" && [[ " ${*} " != *" $p "* ]]; then
            echo "$p"
            return 0
        fi
    done
    return 1
}

# --- waiting --------------------------------------------------------------------

# wait_for NAME PID LOG CMD...: poll CMD every 0.2 s until it succeeds (return 0),
# the process dies (return 2; return 3 if its log says the port was taken), or
# READY_TIMEOUT passes (return 1).
wait_for() {
    local name="$1" pid="$2" logf="$3"
    shift 3
    local deadline=$((SECONDS + READY_TIMEOUT))
    while :; do
        if "$@" >/dev/null 2>&1; then
            return 0
        fi
        if ! proc_alive "$pid"; then
            wait "$pid" 2>/dev/null || true
            if grep -q "address already in use" "$logf"; then
                return 3
            fi
            return 2
        fi
        if ((SECONDS >= deadline)); then
            return 1
        fi
        sleep 0.2
    done
}

# --- certificates -----------------------------------------------------------------

gen_pki() {
    local pki="$1"
    mkdir -p "$pki"
    # A minimal config of our own: the distribution's openssl.cnf may add
    # extensions that clash with ours.
    cat >"$pki/openssl.cnf" <<'EOF'
[req]
distinguished_name = dn
prompt = no
[dn]
CN = unused
[ca]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign,digitalSignature
subjectKeyIdentifier = hash
[serving]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature,keyEncipherment
extendedKeyUsage = serverAuth
subjectAltName = IP:127.0.0.1,DNS:localhost,IP:10.0.0.1,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.cluster.local
authorityKeyIdentifier = keyid
[client]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature,keyEncipherment
extendedKeyUsage = clientAuth
authorityKeyIdentifier = keyid
EOF
    local ossl_log="$pki/openssl.log"
    {
        # P-256 keys: fast to generate and accepted by Go and rustls alike.
        openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$pki/ca.key"
        openssl req -x509 -new -config "$pki/openssl.cnf" -extensions ca -key "$pki/ca.key" \
            -subj "/CN=kube-codegen-envtest-ca" -days 365 -out "$pki/ca.crt"
        # name, subject, extension section
        local spec name subj ext
        for spec in \
            "apiserver|/CN=kube-apiserver|serving" \
            "admin|/O=system:masters/CN=kube-codegen-admin|client" \
            "controller-manager|/O=system:masters/CN=system:kube-controller-manager|client"; do
            IFS='|' read -r name subj ext <<<"$spec"
            openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$pki/$name.key"
            openssl req -new -config "$pki/openssl.cnf" -key "$pki/$name.key" -subj "$subj" -out "$pki/$name.csr"
            openssl x509 -req -in "$pki/$name.csr" -CA "$pki/ca.crt" -CAkey "$pki/ca.key" \
                -set_serial "0x$(openssl rand -hex 8)" -days 365 \
                -extfile "$pki/openssl.cnf" -extensions "$ext" -out "$pki/$name.crt"
        done
        # Service-account token signing key pair (ES256; RSA key generation
        # would cost up to a second per start).
        openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$pki/sa.key"
        openssl pkey -in "$pki/sa.key" -pubout -out "$pki/sa.pub"
    } >"$ossl_log" 2>&1 || die "generating certificates with openssl failed; see $ossl_log"
}

# write_kubeconfig FILE SERVER CERT KEY CA
write_kubeconfig() {
    local file="$1" server="$2" cert="$3" key="$4" ca="$5"
    cat >"$file.tmp" <<EOF
apiVersion: v1
kind: Config
clusters:
- name: envtest
  cluster:
    server: $server
    certificate-authority-data: $(base64 -w0 <"$ca")
users:
- name: envtest-user
  user:
    client-certificate-data: $(base64 -w0 <"$cert")
    client-key-data: $(base64 -w0 <"$key")
contexts:
- name: envtest
  context:
    cluster: envtest
    user: envtest-user
    namespace: default
current-context: envtest
EOF
    chmod 600 "$file.tmp"
    mv "$file.tmp" "$file"
}

# --- start --------------------------------------------------------------------------

START_DIR=""
START_OK=0
on_start_exit() {
    local rc=$?
    if [[ "$START_OK" == 1 || -z "$START_DIR" ]]; then
        return
    fi
    touch "$START_DIR/failed" 2>/dev/null || true
    stop_processes "$START_DIR" || true
    log "start failed (exit $rc); everything it started was stopped; state and logs kept in $START_DIR"
    exit "${rc/#0/1}"
}

http_ok() { curl -fsS --max-time 2 "$@"; }

# launch_etcd DIR: starts etcd on $ETCD_PORT/$ETCD_PEER_PORT with DIR's data;
# sets LAUNCHED_PID. `start` and `revive` share it, so a revived etcd has the
# same flags.
launch_etcd() {
    local dir="$1" logf="$1/logs/etcd.log"
    # --unsafe-no-fsync: the data is thrown away anyway; fsync makes every
    # write slow. Plain http on loopback, as envtest does.
    "$BIN_DIR/etcd" \
        --name=envtest \
        --data-dir="$dir/etcd-data" \
        --listen-client-urls="http://127.0.0.1:$ETCD_PORT" \
        --advertise-client-urls="http://127.0.0.1:$ETCD_PORT" \
        --listen-peer-urls="http://127.0.0.1:$ETCD_PEER_PORT" \
        --initial-advertise-peer-urls="http://127.0.0.1:$ETCD_PEER_PORT" \
        --initial-cluster="envtest=http://127.0.0.1:$ETCD_PEER_PORT" \
        --unsafe-no-fsync \
        --log-level=warn \
        </dev/null >>"$logf" 2>&1 8>&- &
    LAUNCHED_PID=$!
    record_pid "$dir" etcd "$LAUNCHED_PID"
}

etcd_ready() {
    curl -fsS --max-time 2 "http://127.0.0.1:$ETCD_PORT/health" | grep -q '"health":"true"'
}

start_etcd() {
    local dir="$1" logf="$1/logs/etcd.log" attempt rc
    for ((attempt = 1; attempt <= PORT_ATTEMPTS; attempt++)); do
        ETCD_PORT="$(pick_port)" || die "etcd: no free loopback port found"
        ETCD_PEER_PORT="$(pick_port "$ETCD_PORT")" || die "etcd: no free loopback port found"
        rm -rf "$dir/etcd-data"
        echo "=== controlplane.sh: attempt $attempt, client port $ETCD_PORT, peer port $ETCD_PEER_PORT" >>"$logf"
        launch_etcd "$dir"
        rc=0
        wait_for etcd "$LAUNCHED_PID" "$logf" etcd_ready || rc=$?
        case $rc in
            0) return 0 ;;
            3) log "etcd: port $ETCD_PORT or $ETCD_PEER_PORT was taken; retrying with other ports" ;;
            2) die "etcd exited during start-up; see $logf" ;;
            *) die "etcd did not become healthy within ${READY_TIMEOUT}s; see $logf" ;;
        esac
    done
    die "etcd: ports kept being taken ($PORT_ATTEMPTS attempts); see $logf"
}

# The audit policy: every write, at Metadata level (who, what, when, the
# answer; no bodies), so a test can count each client's writes; reads and
# watches are not logged.
write_audit_policy() {
    cat >"$1/audit-policy.yaml" <<'EOF'
apiVersion: audit.k8s.io/v1
kind: Policy
omitStages: [RequestReceived]
rules:
- level: Metadata
  verbs: [create, update, patch, delete, deletecollection]
- level: None
EOF
}

# launch_apiserver DIR: starts kube-apiserver on $API_PORT against etcd on
# $ETCD_PORT; sets LAUNCHED_PID. Shared by `start` and `revive`.
launch_apiserver() {
    local dir="$1" pki="$1/pki" logf="$1/logs/kube-apiserver.log"
    # --endpoint-reconciler-type=none: the reconciler would publish the
    # loopback advertise address as the endpoints of the `kubernetes`
    # service, which validation rejects (log noise); nothing here runs pods
    # that would talk to that service.
    # Admission: the default set stays on. ServiceAccount admission needs a
    # `default` ServiceAccount in a namespace before pods can be created
    # there; kube-controller-manager's serviceaccount-controller provides it.
    # Audit: the log backend in its default blocking mode, so a write's event
    # is in the file before its client has the answer.
    "$BIN_DIR/kube-apiserver" \
        --bind-address=127.0.0.1 \
        --advertise-address=127.0.0.1 \
        --secure-port="$API_PORT" \
        --tls-cert-file="$pki/apiserver.crt" \
        --tls-private-key-file="$pki/apiserver.key" \
        --client-ca-file="$pki/ca.crt" \
        --etcd-servers="http://127.0.0.1:$ETCD_PORT" \
        --service-account-key-file="$pki/sa.pub" \
        --service-account-signing-key-file="$pki/sa.key" \
        --service-account-issuer="https://kubernetes.default.svc.cluster.local" \
        --authorization-mode=RBAC \
        --service-cluster-ip-range=10.0.0.0/16 \
        --endpoint-reconciler-type=none \
        --allow-privileged=true \
        --cert-dir="$pki/generated" \
        --profiling=false \
        --audit-policy-file="$dir/audit-policy.yaml" \
        --audit-log-path="$dir/logs/audit.log" \
        $(cat "$dir/apiserver-args" 2>/dev/null) \
        </dev/null >>"$logf" 2>&1 8>&- &
    LAUNCHED_PID=$!
    record_pid "$dir" kube-apiserver "$LAUNCHED_PID"
}

apiserver_ready() {
    local pki="$1/pki"
    http_ok --cacert "$pki/ca.crt" --cert "$pki/admin.crt" --key "$pki/admin.key" \
        "https://127.0.0.1:$API_PORT/readyz"
}

start_apiserver() {
    local dir="$1" logf="$1/logs/kube-apiserver.log" attempt rc
    write_audit_policy "$dir"
    printf '%s\n' "${KUBE_CODEGEN_APISERVER_ARGS:-}" >"$dir/apiserver-args"
    for ((attempt = 1; attempt <= PORT_ATTEMPTS; attempt++)); do
        API_PORT="$(pick_port "$ETCD_PORT" "$ETCD_PEER_PORT")" || die "kube-apiserver: no free loopback port found"
        echo "=== controlplane.sh: attempt $attempt, secure port $API_PORT" >>"$logf"
        launch_apiserver "$dir"
        rc=0
        wait_for kube-apiserver "$LAUNCHED_PID" "$logf" apiserver_ready "$dir" || rc=$?
        case $rc in
            0) return 0 ;;
            3) log "kube-apiserver: port $API_PORT was taken; retrying with another port" ;;
            2) die "kube-apiserver exited during start-up; see $logf" ;;
            *) die "kube-apiserver was not ready (/readyz) within ${READY_TIMEOUT}s; see $logf" ;;
        esac
    done
    die "kube-apiserver: ports kept being taken ($PORT_ATTEMPTS attempts); see $logf"
}

# launch_controller_manager DIR: sets LAUNCHED_PID. Shared by `start` and `revive`.
launch_controller_manager() {
    local dir="$1" pki="$1/pki" logf="$1/logs/kube-controller-manager.log"
    # Only the controllers the tests need: garbage collection, deployments and
    # replica sets, namespace deletion, and the `default` ServiceAccount per
    # namespace (needed to create pods, see above) plus its token controller.
    # --secure-port=0: no serving endpoint, so no port to pick and no extra
    # certificates. --use-service-account-credentials=false: all controllers use
    # our kubeconfig, whose user is in system:masters because the garbage
    # collector must be able to delete every kind, CRD instances included.
    "$BIN_DIR/kube-controller-manager" \
        --kubeconfig="$pki/controller-manager.kubeconfig" \
        --leader-elect=false \
        --secure-port=0 \
        --controllers=garbage-collector-controller,deployment-controller,replicaset-controller,namespace-controller,serviceaccount-controller,serviceaccount-token-controller \
        --service-account-private-key-file="$pki/sa.key" \
        --root-ca-file="$pki/ca.crt" \
        --use-service-account-credentials=false \
        --profiling=false \
        </dev/null >>"$logf" 2>&1 8>&- &
    LAUNCHED_PID=$!
    record_pid "$dir" kube-controller-manager "$LAUNCHED_PID"
}

start_controller_manager() {
    local dir="$1" pki="$1/pki" logf="$1/logs/kube-controller-manager.log" rc
    launch_controller_manager "$dir"
    # It has no health endpoint with --secure-port=0. Its first visible act is
    # the serviceaccount-controller creating default/default: wait for that.
    rc=0
    wait_for kube-controller-manager "$LAUNCHED_PID" "$logf" \
        http_ok --cacert "$pki/ca.crt" --cert "$pki/admin.crt" --key "$pki/admin.key" \
        "https://127.0.0.1:$API_PORT/api/v1/namespaces/default/serviceaccounts/default" || rc=$?
    case $rc in
        0) return 0 ;;
        2 | 3) die "kube-controller-manager exited during start-up; see $logf" ;;
        *) die "kube-controller-manager did not create the default ServiceAccount within ${READY_TIMEOUT}s; see $logf" ;;
    esac
}

cmd_start() {
    local dir="${1:-}" owner_pid owner_start b t0
    t0=$SECONDS
    BIN_DIR="${KUBE_CODEGEN_BIN_DIR:-$("$SCRIPT_DIR/build.sh" --bin-dir)}"
    for b in etcd kube-apiserver kube-controller-manager; do
        [[ -x "$BIN_DIR/$b" ]] || die "missing binary $BIN_DIR/$b; run hack/k8s/build.sh first"
    done
    for b in openssl curl base64 tac awk setsid; do
        command -v "$b" >/dev/null 2>&1 || die "required tool '$b' not found in PATH"
    done

    # Clean up after earlier runs that could not do it themselves.
    cmd_gc || log "warning: gc failed; continuing"

    if [[ -z "$dir" ]]; then
        mkdir -p "$ROOT"
        dir="$(mktemp -d "$ROOT/cp.XXXXXXXX")"
    else
        mkdir -p "$dir"
        [[ ! -e "$dir/pids" ]] || die "$dir already holds a control plane (pids file exists); stop it first"
    fi
    dir="$(cd "$dir" && pwd)"
    START_DIR="$dir"
    trap on_start_exit EXIT

    owner_pid="${KUBE_CODEGEN_OWNER_PID:-$PPID}"
    owner_start="$(proc_starttime "$owner_pid")"
    echo "$owner_pid ${owner_start:-0}" >"$dir/owner"
    mkdir -p "$dir/logs"
    : >"$dir/pids"
    # Hold the dir's lock for the whole start (fd 8; closed in every process we
    # launch, or they would hold it too). `stop` from the watchdog, a person or
    # gc waits for it, so nobody tears down a half-started control plane while
    # this script is still adding processes to it.
    exec 8>>"$dir/.lock"
    flock 8

    if [[ "${KUBE_CODEGEN_WATCHDOG:-1}" != 0 ]]; then
        # Started first, so that an owner dying during start-up (this script
        # may then die of SIGPIPE, writing to its caller) is still noticed.
        # Own session: survives the terminal's Ctrl-C/hang-up so it can clean up.
        setsid bash "$SELF" _watchdog "$dir" </dev/null >>"$dir/logs/watchdog.log" 2>&1 8>&- &
        local deadline=$((SECONDS + 10))
        until grep -q '^watchdog ' "$dir/pids"; do
            ((SECONDS < deadline)) || die "watchdog did not start; see $dir/logs/watchdog.log"
            sleep 0.05
        done
    fi

    gen_pki "$dir/pki"
    start_etcd "$dir"
    start_apiserver "$dir"
    printf 'ETCD_PORT=%s\nETCD_PEER_PORT=%s\nAPI_PORT=%s\n' "$ETCD_PORT" "$ETCD_PEER_PORT" "$API_PORT" >"$dir/ports"
    local server="https://127.0.0.1:$API_PORT"
    write_kubeconfig "$dir/pki/controller-manager.kubeconfig" "$server" \
        "$dir/pki/controller-manager.crt" "$dir/pki/controller-manager.key" "$dir/pki/ca.crt"
    write_kubeconfig "$dir/kubeconfig" "$server" "$dir/pki/admin.crt" "$dir/pki/admin.key" "$dir/pki/ca.crt"
    start_controller_manager "$dir"

    cat >"$dir/env.tmp" <<EOF
KUBECONFIG=$dir/kubeconfig
KUBE_CODEGEN_APISERVER=$server
KUBE_CODEGEN_ETCD=http://127.0.0.1:$ETCD_PORT
KUBE_CODEGEN_ENVTEST_DIR=$dir
EOF
    mv "$dir/env.tmp" "$dir/env"
    START_OK=1
    trap - EXIT
    log "control plane ready in $((SECONDS - t0))s: apiserver $server, etcd 127.0.0.1:$ETCD_PORT, state $dir"
    echo "$dir"
}

# --- kill / revive: faults for tests ----------------------------------------------

COMPONENTS=(etcd kube-apiserver kube-controller-manager)

# lock_component DIR NAME: checks the arguments, locks DIR (fd 8) and reads
# its ports and the binaries' directory.
lock_component() {
    local dir="$1" name="$2"
    [[ " ${COMPONENTS[*]} " == *" $name "* ]] || die "unknown component '$name' (one of: ${COMPONENTS[*]})"
    [[ -f "$dir/ports" && -f "$dir/pids" ]] || die "$dir is not the state dir of a running control plane"
    exec 8>>"$dir/.lock"
    flock -w 60 8 || die "could not lock $dir/.lock within 60s"
    # shellcheck disable=SC1091
    source "$dir/ports"
    BIN_DIR="${KUBE_CODEGEN_BIN_DIR:-$("$SCRIPT_DIR/build.sh" --bin-dir)}"
}

cmd_kill() {
    local dir name="$2" line pid start deadline
    dir="$(cd "$1" && pwd)" || die "no such state dir: $1"
    lock_component "$dir" "$name"
    line="$(grep "^$name " "$dir/pids" || true)"
    [[ -n "$line" ]] || die "$name is not running in $dir (killed already?)"
    read -r _ pid start <<<"$line"
    if proc_is_ours "$pid" "$start" "$dir"; then
        kill -KILL "$pid" 2>/dev/null || true
        deadline=$((SECONDS + 10))
        while proc_is_ours "$pid" "$start" "$dir"; do
            ((SECONDS < deadline)) || die "$name (pid $pid) still runs 10s after SIGKILL"
            sleep 0.05
        done
    fi
    { grep -v "^$name " "$dir/pids" || true; } >"$dir/pids.tmp"
    mv "$dir/pids.tmp" "$dir/pids"
    log "killed $name (pid $pid)"
}

cmd_revive() {
    local dir name="$2" logf rc=0
    dir="$(cd "$1" && pwd)" || die "no such state dir: $1"
    lock_component "$dir" "$name"
    ! grep -q "^$name " "$dir/pids" || die "$name is running in $dir; kill it first"
    logf="$dir/logs/$name.log"
    echo "=== controlplane.sh: revived" >>"$logf"
    case $name in
        etcd)
            launch_etcd "$dir"
            wait_for etcd "$LAUNCHED_PID" "$logf" etcd_ready || rc=$?
            ;;
        kube-apiserver)
            launch_apiserver "$dir"
            wait_for kube-apiserver "$LAUNCHED_PID" "$logf" apiserver_ready "$dir" || rc=$?
            ;;
        kube-controller-manager)
            # It serves nothing to wait for (--secure-port=0): started is all.
            launch_controller_manager "$dir"
            ;;
    esac
    case $rc in
        0) log "revived $name (pid $LAUNCHED_PID)" ;;
        3) die "$name could not take its port again (another process has it); see $logf" ;;
        2) die "$name exited while reviving; see $logf" ;;
        *) die "$name was not ready within ${READY_TIMEOUT}s of reviving; see $logf" ;;
    esac
}

# --- stop / gc / watchdog ---------------------------------------------------------

# Remove DIR unless it is to be kept (KEEP_LOGS=1 or a failed start).
finish_dir() {
    local dir="$1"
    if [[ "${KEEP_LOGS:-0}" == 1 || -e "$dir/failed" ]]; then
        touch "$dir/kept"
        log "stopped; logs kept in $dir/logs"
    else
        rm -rf "$dir"
    fi
}

cmd_stop() {
    local dir="${1:-}"
    [[ -n "$dir" ]] || die "usage: $0 stop DIR"
    if [[ ! -d "$dir" ]]; then
        log "$dir does not exist; nothing to stop"
        return 0
    fi
    dir="$(cd "$dir" && pwd)"
    # Serialise with a start still in progress (bounded by its own timeouts)
    # and with a watchdog or gc working on the same dir.
    exec 8>>"$dir/.lock"
    if ! flock -n 8; then
        log "waiting for $dir/.lock (a start or stop is in progress)"
        flock -w 900 8 || die "could not lock $dir/.lock within 900s"
        [[ -d "$dir" ]] || return 0
    fi
    [[ -f "$dir/pids" || -f "$dir/owner" ]] || { log "$dir is not a control plane state dir"; return 0; }
    local rc=0
    stop_processes "$dir" || rc=$?
    exec 8>&-
    if ((rc != 0)); then
        touch "$dir/failed"
        die "could not stop all processes of $dir; see $dir/pids"
    fi
    finish_dir "$dir"
}

cmd_gc() {
    [[ -d "$ROOT" ]] || return 0
    local d
    for d in "$ROOT"/cp.*; do
        [[ -d "$d" ]] || continue
        if [[ -f "$d/owner" ]]; then
            owner_alive "$d" && continue
        else
            # No owner yet: a start that is just creating it, unless old.
            [[ -n "$(find "$d" -maxdepth 0 -mmin +10)" ]] || continue
        fi
        (
            { exec 8>>"$d/.lock"; } 2>/dev/null || exit 0 # removed meanwhile
            # Somebody else (watchdog, other gc, a start) is working on it:
            # wait a while for them, then leave it to them.
            flock -w 30 8 || exit 0
            [[ -d "$d" ]] || exit 0
            if [[ -f "$d/pids" ]] && grep -q . "$d/pids"; then
                log "gc: owner of $d is gone; stopping its processes"
                stop_processes "$d" || exit 1
                : >"$d/pids"
            fi
            if [[ -e "$d/failed" || -e "$d/kept" ]] && [[ -z "$(find "$d" -maxdepth 0 -mmin +"$KEEP_MINUTES")" ]]; then
                exit 0 # keep logs of failed/kept runs for a day
            fi
            log "gc: removing stale $d"
            rm -rf "$d"
        ) || log "warning: gc of $d failed"
    done
}

cmd_watchdog() {
    local dir="$1"
    trap '' HUP INT
    record_pid "$dir" watchdog "$$"
    log "watchdog $$ watching owner $(cat "$dir/owner")"
    while [[ -d "$dir" ]] && owner_alive "$dir"; do
        sleep 1
    done
    [[ -d "$dir" ]] || exit 0
    log "owner gone; stopping the control plane"
    cmd_stop "$dir"
}

case "${1:-}" in
    start) cmd_start "${2:-}" ;;
    stop) cmd_stop "${2:-}" ;;
    gc) cmd_gc ;;
    kill | revive)
        [[ $# -eq 3 ]] || die "usage: $0 $1 DIR NAME (NAME: ${COMPONENTS[*]})"
        "cmd_$1" "$2" "$3"
        ;;
    _watchdog) cmd_watchdog "${2:?}" ;;
    *)
        echo "usage: $0 start [DIR] | stop DIR | gc | kill DIR NAME | revive DIR NAME" >&2
        exit 2
        ;;
esac
