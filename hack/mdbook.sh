#!/usr/bin/env bash
# The user guide (docs/, an mdBook): installs mdbook at a pinned version (once,
# with `cargo install --locked`, cached outside the repository) and runs it.
#
#   hack/mdbook.sh build   the book into docs/book (git-ignored)
#   hack/mdbook.sh serve   the book at http://localhost:3000, rebuilt on change
#                          (further arguments go to `mdbook serve`)
#   hack/mdbook.sh check   build into a temporary directory and fail when an
#                          internal link or anchor does not resolve
#                          (hack/check-doc-links.py; hack/test.sh runs this)
#   hack/mdbook.sh path    print the mdbook binary's path (installing it first)
#
# Works from any directory.
#
# Environment:
#   KUBE_CODEGEN_CACHE  cache root (default ${XDG_CACHE_HOME:-$HOME/.cache}/kube-codegen)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

# The newest 0.4 release; 0.5 changes the renderer's output and preprocessor API.
MDBOOK_VERSION=0.4.52

CACHE_ROOT="${KUBE_CODEGEN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kube-codegen}"
TOOL_DIR="$CACHE_ROOT/tools/mdbook-$MDBOOK_VERSION"
BIN="$TOOL_DIR/bin/mdbook"

usage() {
  sed -n '2,11s/^# \{0,1\}//p' "${BASH_SOURCE[0]}" >&2
  exit 2
}

ensure_mdbook() {
  [[ -x "$BIN" ]] && return
  command -v cargo >/dev/null 2>&1 || { echo "mdbook.sh: error: cargo is not in PATH (install Rust)" >&2; exit 1; }
  echo "mdbook.sh: installing mdbook $MDBOOK_VERSION into $TOOL_DIR (once; a few minutes on 2 cores)" >&2
  mkdir -p "$CACHE_ROOT/tools"
  # Into a scratch root first, so an interrupted install leaves no binary
  # that the check above would take for a whole one.
  local tmp
  tmp=$(mktemp -d "$CACHE_ROOT/tools/.mdbook-$MDBOOK_VERSION.XXXXXX")
  trap 'rm -rf "$tmp"' EXIT
  cargo install --quiet --locked --version "$MDBOOK_VERSION" mdbook --root "$tmp"
  rm -rf "$TOOL_DIR"
  mv "$tmp" "$TOOL_DIR"
  trap - EXIT
}

[[ $# -ge 1 ]] || usage
command=$1
shift
case "$command" in
  build)
    ensure_mdbook
    exec "$BIN" build docs "$@"
    ;;
  serve)
    ensure_mdbook
    exec "$BIN" serve docs "$@"
    ;;
  check)
    ensure_mdbook
    command -v python3 >/dev/null 2>&1 || { echo "mdbook.sh: error: python3 is required for check" >&2; exit 1; }
    out=$(mktemp -d "${TMPDIR:-/tmp}/mdbook-check.XXXXXX")
    trap 'rm -rf "$out"' EXIT
    # mdbook warns (and goes on) about a chapter file it cannot find or a
    # broken include; those warnings fail the check too.
    log="$out/build.log"
    if ! "$BIN" build docs --dest-dir "$out/html" >"$log" 2>&1; then
      cat "$log" >&2
      echo "mdbook.sh: error: mdbook build docs failed" >&2
      exit 1
    fi
    if grep -E '\[(WARN|ERROR)\]' "$log" >&2; then
      echo "mdbook.sh: error: mdbook build docs printed warnings (above)" >&2
      exit 1
    fi
    python3 hack/check-doc-links.py --self-test >/dev/null 2>&1 || python3 hack/check-doc-links.py --self-test
    python3 hack/check-doc-links.py --html "$out/html" --also README.md docs/src
    ;;
  path)
    ensure_mdbook
    echo "$BIN"
    ;;
  *)
    usage
    ;;
esac
