#!/usr/bin/env bash
# Times `kube-codegen crd` (release build) against `controller-gen crd`
# (the release hack/tools/controller-gen.sh pins) on the differential suite's APIs
# (tests/crd-parity/apis): N runs each, medians side by side, and the ratio.
#
#   bench/crd-parity.sh [N]      N runs per tool and API (default 7)
#
# A row whose kube-codegen run fails (it refuses the input) says so: its time
# is that of a refusal, not of a generation. Nothing is written into the
# repository; CRDs go to a temporary directory.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUNS=${1:-7}
command -v python3 >/dev/null || { echo "crd-parity.sh: python3 is required" >&2; exit 2; }

echo "crd-parity.sh: building kube-codegen (release)" >&2
cargo build --quiet --release --locked -p kube-codegen-cli --manifest-path "$ROOT/Cargo.toml"
KC="$ROOT/target/release/kube-codegen"
CG=$("$ROOT/hack/tools/controller-gen.sh" | tail -n1)

exec python3 - "$ROOT/tests/crd-parity/apis" "$KC" "$CG" "$RUNS" <<'PY'
import os, statistics, subprocess, sys, tempfile, time

apis_dir, kc, cg, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
apis = sorted(d for d in os.listdir(apis_dir)
              if os.path.isdir(os.path.join(apis_dir, d, "go")) and os.path.isdir(os.path.join(apis_dir, d, "rust")))
env = dict(os.environ, GOFLAGS="-mod=mod")

def timed(cmd, cwd):
    """Median wall time of `runs` runs (after one warm-up) and the last exit status."""
    subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    times, code = [], 0
    for _ in range(runs):
        start = time.perf_counter()
        code = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
        times.append(time.perf_counter() - start)
    return statistics.median(times), code

print(f"`kube-codegen crd` vs `controller-gen crd` (median of {runs} runs, wall clock)\n")
print("| API | kube-codegen | controller-gen | ratio (cg / ours) | kube-codegen exit |")
print("|---|---:|---:|---:|---|")
with tempfile.TemporaryDirectory() as out:
    for api in apis:
        ours, code = timed([kc, "crd", "--input-dir", os.path.join(apis_dir, api, "rust")], apis_dir)
        theirs, cg_code = timed([cg, "crd", f"paths=./{api}/go/...", f"output:crd:dir={out}/{api}"], apis_dir)
        if cg_code != 0:
            sys.exit(f"controller-gen failed on {api}")
        status = "ok" if code == 0 else f"{code} (refused the input)"
        print(f"| {api} | {ours*1000:.1f} ms | {theirs*1000:.1f} ms | {theirs/ours:.1f}x | {status} |")
PY
