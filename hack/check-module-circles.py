#!/usr/bin/env python3
"""Fails when modules of one crate import each other in a circle.

Reads every crate's `src/` under the repository (the crates of the workspace
and of tests/), takes the paths each module names (`crate::a::b`,
`super::x`, `self::y`, in code, not in comments or `#[cfg(test)] mod tests`)
as edges between modules (a path ends at the deepest module it names; a
module and its own submodules are one place), and prints every strongly
connected set of more than one module. The shared piece of such a circle
belongs in a module of its own that both sides use.

Usage: hack/check-module-circles.py [CRATE_DIR ...]
"""

import collections
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def modules(src):
    """Module path ('a::b', '' for the root) -> file."""
    out = {}
    for dirpath, _, files in os.walk(src):
        for name in files:
            if not name.endswith(".rs"):
                continue
            path = os.path.join(dirpath, name)
            parts = os.path.relpath(path, src)[:-3].split(os.sep)
            if parts[-1] in ("mod", "lib", "main"):
                parts = parts[:-1]
            out["::".join(parts)] = path
    return out


def resolve(mods, current, path):
    """The deepest module of `mods` that `path`, named in `current`, is in."""
    segs = path.split("::")
    here = current.split("::") if current else []
    if segs[0] == "crate":
        base, segs = [], segs[1:]
    elif segs[0] == "self":
        base, segs = here, segs[1:]
    else:  # super
        base = here
        while segs and segs[0] == "super":
            base, segs = base[:-1], segs[1:]
    best = None
    for i in range(len(segs) + 1):
        candidate = "::".join(base + segs[:i])
        if candidate in mods:
            best = candidate
    return best


def edges(mods):
    graph = collections.defaultdict(set)
    for module, path in mods.items():
        with open(path, encoding="utf-8") as f:
            text = f.read()
        text = re.sub(r"//[^\n]*", "", text)
        text = re.split(r"#\[cfg\(test\)\]\s*mod tests", text)[0]
        for match in re.finditer(r"\b((?:crate|super|self)(?:::\w+)+)", text):
            target = resolve(mods, module, match.group(1))
            if target is None or target == module:
                continue
            if module.startswith(target + "::") or target.startswith(module + "::"):
                continue
            if target == "" or module == "":
                continue
            graph[module].add(target)
    return graph


def circles(graph, nodes):
    index, low, stack, on, found = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(10000)
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return found


def crate_dirs():
    for top in sorted(os.listdir(ROOT)):
        candidates = [os.path.join(ROOT, top)]
        if top == "tests":
            candidates = [os.path.join(ROOT, top, t) for t in sorted(os.listdir(os.path.join(ROOT, top)))]
        for d in candidates:
            if os.path.isfile(os.path.join(d, "Cargo.toml")) and os.path.isdir(os.path.join(d, "src")):
                yield d


def main():
    dirs = sys.argv[1:] or list(crate_dirs())
    bad = 0
    for d in dirs:
        mods = modules(os.path.join(d, "src"))
        graph = edges(mods)
        for component in circles(graph, mods):
            bad += 1
            links = [f"{a} -> {b}" for a in component for b in sorted(graph[a]) if b in component]
            print(f"{os.path.relpath(d, ROOT)}: modules in a circle: {', '.join(component)}")
            for link in links:
                print(f"    {link}")
    if bad:
        print(f"check-module-circles: {bad} circle(s); move what both sides need into a module of its own that each uses", file=sys.stderr)
        return 1
    print(f"check-module-circles: no module circle in {len(dirs)} crates")
    return 0


if __name__ == "__main__":
    sys.exit(main())
