#!/usr/bin/env python3
"""Fails when a link of the user guide (docs/src, an mdBook) does not resolve.

    hack/check-doc-links.py [--html BUILT_BOOK] [--also README.md] [SRC_DIR]   (default SRC_DIR: docs/src)
    hack/check-doc-links.py --self-test

`hack/mdbook.sh check` runs it on a fresh build. Two passes:

- the Markdown: every relative link of every chapter names a file that
  exists (a chapter of the book, or a file of the repository: `../../runtime/README.md`),
  every `#anchor` a heading (or an `id="..."`) of the file it points at, and
  every chapter file is listed in SUMMARY.md (a chapter left out is not in
  the built book, so links to it break there); `--also` files (the README)
  have their links checked the same way;
- the HTML (with --html): every relative `href` and `src` that stays inside
  the built book names a file of it, and every `#anchor` an `id` of that page.
  Links that leave the book (to repository files) were checked in the first pass.

Each problem is printed as `file:line: ...` with what to change; exit 1 when
there is one. Links with a scheme (`https:`, `mailto:`) are not followed.
"""

import argparse
import html.parser
import os
import re
import sys
import tempfile
import unittest

SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
# [text](dest "title") and ![alt](dest); the text may hold one level of [...].
INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_DEF = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
HTML_HREF = re.compile(r"""<a\s[^>]*?href\s*=\s*["']([^"']+)["']""", re.I)
HTML_ID = re.compile(r"""\sid\s*=\s*["']([^"']+)["']""", re.I)
HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^ {0,3}(```+|~~~+)")


def normalize_id(text):
    """A heading's id as mdBook (and, for these headings, GitHub) makes it."""
    out = []
    for ch in text:
        if ch.isalnum() or ch in "_-":
            out.append(ch.lower())
        elif ch.isspace():
            out.append("-")
    return "".join(out)


def heading_text(markdown):
    """The text a heading renders to: links' text, code without backticks."""
    text = re.sub(r"!?\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\([^)]*\)", r"\1", markdown)
    text = re.sub(r"<[^>]+>", "", text)
    text = text.replace("`", "")
    # Emphasis markers (`*x*`, `**x**`, `_x_` at word edges) render to nothing.
    text = re.sub(r"(?<![\w*])[*_]+|[*_]+(?![\w*])", "", text)
    return text


def strip_code(line):
    """The line with inline code spans blanked out (links inside code are text)."""
    return re.sub(r"(`+)(.+?)\1", lambda m: " " * len(m.group(0)), line)


def markdown_lines(path):
    """(line number, text) of the lines outside fenced code blocks."""
    fence = None
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            m = FENCE.match(line)
            if m:
                marker = m.group(1)
                if fence is None:
                    fence = marker[0] * 3
                elif marker.startswith(fence):
                    fence = None
                continue
            if fence is None:
                yield number, line


def anchors_of_markdown(path):
    ids, seen = set(), {}
    for _, line in markdown_lines(path):
        m = HEADING.match(line)
        if m:
            base = normalize_id(heading_text(m.group(2)))
            n = seen.get(base, 0)
            seen[base] = n + 1
            ids.add(base if n == 0 else f"{base}-{n}")
        for explicit in HTML_ID.findall(line):
            ids.add(explicit)
    return ids


def links_of_markdown(path):
    for number, line in markdown_lines(path):
        code_free = strip_code(line)
        for m in INLINE_LINK.finditer(code_free):
            yield number, m.group(1)
        m = REFERENCE_DEF.match(code_free)
        if m:
            yield number, m.group(1)
        for href in HTML_HREF.findall(code_free):
            yield number, href


def summary_chapters(src):
    chapters = set()
    summary = os.path.join(src, "SUMMARY.md")
    for _, dest in links_of_markdown(summary):
        if not SCHEME.match(dest):
            chapters.add(os.path.normpath(os.path.join(src, dest.split("#")[0])))
    return chapters


def check_markdown(src, repo, extra=()):
    """Problems of the chapters under `src` and of the `extra` Markdown files
    (the README, which links into the book), and how many links were checked."""
    problems, count = [], 0
    src = os.path.abspath(src)
    repo = os.path.abspath(repo)
    summary = os.path.join(src, "SUMMARY.md")
    if not os.path.isfile(summary):
        return [f"{os.path.relpath(summary, repo)}: no SUMMARY.md: mdBook needs one listing the chapters"], 0
    listed = summary_chapters(src)
    anchors = {}
    files = []
    for dirpath, _, names in sorted(os.walk(src)):
        files += [os.path.join(dirpath, name) for name in sorted(names) if name.endswith(".md")]
    for path in files:
        if path != summary and path not in listed:
            problems.append(f"{os.path.relpath(path, repo)}:1: this chapter is not listed in docs/src/SUMMARY.md, "
                            "so the built book leaves it out: list it there (or delete the file)")
    for path in files + [os.path.abspath(e) for e in extra]:
        dirpath = os.path.dirname(path)
        shown = os.path.relpath(path, repo)
        for number, dest in links_of_markdown(path):
            if SCHEME.match(dest):
                continue
            count += 1
            target, _, anchor = dest.partition("#")
            target_path = os.path.normpath(os.path.join(dirpath, target)) if target else path
            if not (target_path == repo or target_path.startswith(repo + os.sep)):
                problems.append(f"{shown}:{number}: `{dest}` points outside the repository: "
                                "link to a file of it, or write a full URL")
                continue
            if not os.path.exists(target_path):
                where = "the book" if target_path.startswith(src + os.sep) else "the repository"
                problems.append(f"{shown}:{number}: `{dest}`: no file {os.path.relpath(target_path, repo)} "
                                f"in {where}: fix the path (relative to {os.path.relpath(dirpath, repo)}/)")
                continue
            if target_path.startswith(src + os.sep) and target_path.endswith(".md") \
                    and target_path not in listed and target_path != summary:
                problems.append(f"{shown}:{number}: `{dest}` is a chapter missing from SUMMARY.md: "
                                "list it there")
            if anchor and target_path.endswith(".md"):
                if target_path not in anchors:
                    anchors[target_path] = anchors_of_markdown(target_path)
                if anchor not in anchors[target_path]:
                    problems.append(
                        f"{shown}:{number}: `{dest}`: {os.path.relpath(target_path, repo)} has no heading "
                        f"with the id `{anchor}`: use one of "
                        f"{', '.join(sorted(anchors[target_path])) or '(no headings)'}")
    return problems, count


class _Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids, self.links = set(), []

    def handle_starttag(self, tag, attrs):
        for key, value in attrs:
            if key in ("id", "name") and value and (key == "id" or tag == "a"):
                self.ids.add(value)
            if value and ((key == "href" and tag in ("a", "link")) or (key == "src" and tag in ("img", "script"))):
                self.links.append((self.getpos()[0], value))


def check_html(book):
    problems, count = [], 0
    book = os.path.abspath(book)
    pages = {}

    def page(path):
        if path not in pages:
            parser = _Page()
            with open(path, encoding="utf-8") as f:
                parser.feed(f.read())
            pages[path] = parser
        return pages[path]

    for dirpath, _, files in sorted(os.walk(book)):
        for name in sorted(files):
            if not name.endswith(".html"):
                continue
            path = os.path.join(dirpath, name)
            for number, dest in page(path).links:
                if SCHEME.match(dest) or dest.startswith("//"):
                    continue
                count += 1
                target, _, anchor = dest.partition("#")
                target = target.split("?")[0]
                if target.startswith("/"):
                    target_path = os.path.normpath(os.path.join(book, target.lstrip("/")))
                else:
                    target_path = os.path.normpath(os.path.join(dirpath, target)) if target else path
                if not target_path.startswith(book + os.sep) and target_path != book:
                    continue  # a repository file, checked in the Markdown
                if os.path.isdir(target_path):
                    target_path = os.path.join(target_path, "index.html")
                shown = os.path.relpath(path, book)
                if not os.path.exists(target_path):
                    problems.append(f"(built book) {shown}:{number}: `{dest}`: no page "
                                    f"{os.path.relpath(target_path, book)}: fix the chapter's link")
                    continue
                if anchor and target_path.endswith(".html") and anchor not in page(target_path).ids:
                    problems.append(f"(built book) {shown}:{number}: `{dest}`: "
                                    f"{os.path.relpath(target_path, book)} has no id `{anchor}`: "
                                    "fix the chapter's link to one of its headings")
    return problems, count


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("src", nargs="?", help="the book's source directory (default: docs/src)")
    p.add_argument("--html", help="a built copy of the book (mdbook build --dest-dir)")
    p.add_argument("--repo", help="the repository root (default: this script's ../)")
    p.add_argument("--also", action="append", default=[], metavar="FILE",
                   help="another Markdown file whose links to check (the README)")
    p.add_argument("--self-test", action="store_true", help="run this script's own tests")
    args = p.parse_args(argv)
    if args.self_test:
        suite = unittest.defaultTestLoader.loadTestsFromTestCase(SelfTest)
        result = unittest.TextTestRunner(verbosity=1).run(suite)
        return 0 if result.wasSuccessful() else 1
    repo = args.repo or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    src = args.src or os.path.join(repo, "docs", "src")
    problems, count = check_markdown(src, repo, args.also)
    html_count = 0
    if args.html:
        html_problems, html_count = check_html(args.html)
        problems += html_problems
    for problem in problems:
        print(f"check-doc-links: {problem}", file=sys.stderr)
    if problems:
        print(f"check-doc-links: {len(problems)} broken link(s)", file=sys.stderr)
        return 1
    built = f", {html_count} in the built book" if args.html else ""
    print(f"check-doc-links: every link resolves ({count} in the Markdown{built})")
    return 0


class SelfTest(unittest.TestCase):
    """The checker on small books: what it accepts and each problem's text."""

    def book(self, files):
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        for name, text in files.items():
            path = os.path.join(tmp.name, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        return tmp.name

    def test_ids_are_mdbooks(self):
        self.assertEqual(normalize_id(heading_text("Upgrade safety: `crd diff` and `verify --since`")),
                         "upgrade-safety-crd-diff-and-verify---since")
        self.assertEqual(normalize_id(heading_text("RBAC from markers (controller-gen's `rbac` generator)")),
                         "rbac-from-markers-controller-gens-rbac-generator")
        self.assertEqual(normalize_id(heading_text("**Bold** and [a link](x.md)")), "bold-and-a-link")

    def test_a_good_book_passes(self):
        repo = self.book({
            "docs/src/SUMMARY.md": "- [A](a.md)\n- [B](sub/b.md)\n",
            "docs/src/a.md": "# A\n\n## Two words\n\nSee [b](sub/b.md#bee), [two](#two-words), "
                             "[the file](../../x/README.md#x-heading) and [web](https://example.invalid/#nope).\n"
                             "`[not a link](nowhere.md)`\n\n```md\n[in code](nowhere.md)\n```\n",
            "docs/src/sub/b.md": "# Bee\n\nBack to [A](../a.md).\n",
            "x/README.md": "# X heading\n",
        })
        problems, count = check_markdown(os.path.join(repo, "docs/src"), repo)
        self.assertEqual(problems, [])
        self.assertEqual(count, 6)  # SUMMARY.md's two, a.md's three, b.md's one

    def test_each_problem_is_named_with_its_fix(self):
        repo = self.book({
            "docs/src/SUMMARY.md": "- [A](a.md)\n",
            "docs/src/a.md": "# A\n\n[gone](gone.md) [anchor](#nope) [repo](../../missing.rs)\n"
                             "[outside](../../../elsewhere.md) [unlisted](c.md)\n",
            "docs/src/c.md": "# C\n",
        })
        problems, _ = check_markdown(os.path.join(repo, "docs/src"), repo)
        self.assertEqual(problems, [
            "docs/src/c.md:1: this chapter is not listed in docs/src/SUMMARY.md, so the built book leaves it "
            "out: list it there (or delete the file)",
            "docs/src/a.md:3: `gone.md`: no file docs/src/gone.md in the book: fix the path (relative to docs/src/)",
            "docs/src/a.md:3: `#nope`: docs/src/a.md has no heading with the id `nope`: use one of a",
            "docs/src/a.md:3: `../../missing.rs`: no file missing.rs in the repository: fix the path "
            "(relative to docs/src/)",
            "docs/src/a.md:4: `../../../elsewhere.md` points outside the repository: link to a file of it, "
            "or write a full URL",
            "docs/src/a.md:4: `c.md` is a chapter missing from SUMMARY.md: list it there",
        ])

    def test_the_readme_links_into_the_book(self):
        repo = self.book({
            "docs/src/SUMMARY.md": "- [A](a.md)\n",
            "docs/src/a.md": "# A\n\n## Part\n",
            "README.md": "[a](docs/src/a.md#part) [b](docs/src/a.md#nope) [c](docs/src/c.md)\n",
        })
        problems, _ = check_markdown(os.path.join(repo, "docs/src"), repo, [os.path.join(repo, "README.md")])
        self.assertEqual(problems, [
            "README.md:1: `docs/src/a.md#nope`: docs/src/a.md has no heading with the id `nope`: use one of a, part",
            "README.md:1: `docs/src/c.md`: no file docs/src/c.md in the book: fix the path (relative to ./)",
        ])

    def test_the_built_book(self):
        book = self.book({
            "index.html": '<h1 id="top">T</h1><a href="a.html#here">ok</a> <a href="a.html#gone">x</a>'
                          ' <a href="b.html">x</a> <a href="../../runtime/README.html">repo</a>'
                          ' <a href="https://example.invalid/">web</a> <a href="#top">self</a>',
            "a.html": '<h2 id="here">H</h2>',
        })
        problems, count = check_html(book)
        self.assertEqual(problems, [
            "(built book) index.html:1: `a.html#gone`: a.html has no id `gone`: fix the chapter's link to one "
            "of its headings",
            "(built book) index.html:1: `b.html`: no page b.html: fix the chapter's link",
        ])
        self.assertEqual(count, 5)


if __name__ == "__main__":
    sys.exit(main())
