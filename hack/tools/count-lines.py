#!/usr/bin/env python3
"""Counts the non-test lines of a crate's Rust sources (issue 21's budget for
controller/src: at most 1,500).

Every line of every .rs file under the given directories counts (code,
comments, blank lines), except:
  - an item marked `#[cfg(test)]` (a `mod tests { ... }`, a test-only `fn`,
    `impl`, `use`, ...), from its attribute line to its last line;
  - a file pulled in only by `#[cfg(test)] mod x;` (x.rs or x/mod.rs, and the
    files of its own submodules).

Usage: hack/tools/count-lines.py [--by-file] DIR...   (default: controller/src)
"""

import os
import re
import sys

CFG_TEST = re.compile(r"#\[\s*cfg\s*\(\s*test\s*\)\s*\]")
MOD_DECL = re.compile(r"\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+([A-Za-z_][A-Za-z0-9_]*)\s*;")


def code_mask(text):
    """For each character of `text`, whether it is code (not inside a comment,
    string or char literal)."""
    mask = [True] * len(text)
    i, n = 0, len(text)

    def blank(start, end):
        for k in range(start, min(end, n)):
            mask[k] = False

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            blank(i, end)
            i = end
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(i, j)
            i = j
        elif (m := re.compile(r'b?r(#*)"').match(text, i)) and (
            i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")
        ):
            close = '"' + m.group(1)
            end = text.find(close, m.end())
            end = n if end < 0 else end + len(close)
            blank(i, end)
            i = end
        elif c == '"' or (c == "b" and text.startswith('b"', i)):
            j = i + (2 if c == "b" else 1)
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            blank(i, j + 1)
            i = j + 1
        elif c == "'":
            # A char literal ('x', '\n', '\u{1F600}') or a lifetime ('a).
            if i + 1 < n and text[i + 1] == "\\":
                end = text.find("'", i + 2)
                end = n if end < 0 else end + 1
                blank(i, end)
                i = end
            elif i + 2 < n and text[i + 2] == "'":
                blank(i, i + 3)
                i += 3
            else:
                i += 1
        else:
            i += 1
    return mask


def item_end(text, mask, start):
    """The index just past the item that starts at `start` (after its
    attributes): its first `;` outside brackets before any `{`, else the `}`
    closing its first `{` (and a `;` right after it)."""
    depth, i, n = 0, start, len(text)
    while i < n:
        if not mask[i]:
            i += 1
            continue
        c = text[i]
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c == ";" and depth == 0:
            return i + 1
        elif c == "{" and depth == 0:
            braces, j = 0, i
            while j < n:
                if mask[j]:
                    if text[j] == "{":
                        braces += 1
                    elif text[j] == "}":
                        braces -= 1
                        if braces == 0:
                            end = j + 1
                            rest = re.compile(r"\s*;").match(text, end)
                            return rest.end() if rest else end
                j += 1
            return n
        i += 1
    return n


def test_regions(text):
    """(start, end) character ranges of `#[cfg(test)]` items, and the names of
    the modules declared by `#[cfg(test)] mod x;`."""
    mask = code_mask(text)
    regions, test_mods = [], []
    for m in CFG_TEST.finditer(text):
        if not mask[m.start()]:
            continue
        i = m.end()
        # Further attributes of the same item.
        while True:
            skip = re.compile(r"\s*#\[").match(text, i)
            if not skip:
                break
            depth, j = 0, skip.end() - 1
            while j < len(text):
                if mask[j] and text[j] == "[":
                    depth += 1
                elif mask[j] and text[j] == "]":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            i = j + 1
        end = item_end(text, mask, i)
        decl = MOD_DECL.match(text, i)
        if decl and decl.end() == end:
            test_mods.append(decl.group(1))
        regions.append((m.start(), end))
    return regions, test_mods


def module_dir(path):
    """The directory a file's `mod x;` declarations resolve in."""
    base = os.path.basename(path)
    parent = os.path.dirname(path)
    if base in ("mod.rs", "lib.rs", "main.rs"):
        return parent
    return os.path.join(parent, base[: -len(".rs")])


def module_files(path):
    """`path` and the files of the modules it declares, recursively."""
    files = [path]
    text = open(path, encoding="utf-8").read()
    mask = code_mask(text)
    for m in re.finditer(r"(?m)^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+([A-Za-z_][A-Za-z0-9_]*)\s*;", text):
        if not mask[m.start(1)]:
            continue
        for candidate in (
            os.path.join(module_dir(path), m.group(1) + ".rs"),
            os.path.join(module_dir(path), m.group(1), "mod.rs"),
        ):
            if os.path.exists(candidate):
                files.extend(module_files(candidate))
                break
    return files


def count(dirs):
    """Non-test lines per file, over every .rs file under `dirs`."""
    files = sorted(
        os.path.join(root, f)
        for d in dirs
        for root, _, names in os.walk(d)
        for f in names
        if f.endswith(".rs")
    )
    excluded = set()
    per_file = {}
    for path in files:
        text = open(path, encoding="utf-8").read()
        regions, test_mods = test_regions(text)
        for name in test_mods:
            for candidate in (
                os.path.join(module_dir(path), name + ".rs"),
                os.path.join(module_dir(path), name, "mod.rs"),
            ):
                if os.path.exists(candidate):
                    excluded.update(module_files(candidate))
                    break
        lines = text.splitlines()
        starts = [0]
        for line in lines:
            starts.append(starts[-1] + len(line) + 1)
        test_lines = set()
        for start, end in regions:
            first = max(k for k in range(len(lines)) if starts[k] <= start)
            last = max(k for k in range(len(lines)) if starts[k] < end)
            test_lines.update(range(first, last + 1))
        per_file[path] = len(lines) - len(test_lines)
    return {p: c for p, c in per_file.items() if p not in excluded}, sorted(excluded)


def main(argv):
    by_file = "--by-file" in argv
    dirs = [a for a in argv if not a.startswith("--")] or ["controller/src"]
    for d in dirs:
        if not os.path.isdir(d):
            sys.exit(f"count-lines.py: error: {d}: not a directory")
    per_file, excluded = count(dirs)
    if by_file:
        for path, lines in sorted(per_file.items(), key=lambda kv: -kv[1]):
            print(f"{lines:6} {path}")
        for path in excluded:
            print(f"{'test':>6} {path}")
    print(f"{sum(per_file.values())} non-test lines in {', '.join(dirs)}")


if __name__ == "__main__":
    main(sys.argv[1:])
