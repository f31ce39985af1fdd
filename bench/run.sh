#!/usr/bin/env bash
# Reruns every benchmark with one command and prints the tables (Markdown).
#
#   bench/run.sh                 everything (~20-30 min on 2 cores)
#   bench/run.sh --quick         fewer repetitions, up to 100 kinds, App build cost only
#   bench/run.sh --sections codegen,scale     only some sections (codegen, scale,
#                                build, controller; and llvm, not in the default set)
#   bench/run.sh --update-docs   also rewrite the results block in the book's
#                                Benchmarks chapter (docs/src/benchmarks.md)
#
# See bench/bench.py --help for every flag. Needs cargo, python3, and for the Go
# side a Go toolchain that reaches the module proxy (bench/go-tools.sh installs
# the pinned Go tools into ~/.cache/kube-codegen/bench-go; without Go the Go
# columns stay empty). Nothing is written into the repository unless
# --update-docs is given; scratch files go to a temporary directory and
# throwaway crates to ~/.cache/kube-codegen/bench-build.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

command -v python3 >/dev/null || { echo "run.sh: python3 is required" >&2; exit 2; }

echo "run.sh: building kube-codegen (release)" >&2
cargo build --quiet --release --locked -p kube-codegen-cli
KC="$ROOT/target/release/kube-codegen"

eval "$(bench/go-tools.sh)"

exec python3 bench/bench.py --kc "$KC" "$@"
