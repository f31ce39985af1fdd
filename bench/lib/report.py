"""Markdown tables from bench.py's results, and the block of the book's Benchmarks
chapter (docs/src/benchmarks.md) they replace."""

import re

BEGIN = "<!-- bench-results:begin (bench/run.sh --update-docs rewrites this block) -->"
END = "<!-- bench-results:end -->"


def secs(x):
    if x >= 100:
        return f"{x:.0f} s"
    if x >= 10:
        return f"{x:.1f} s"
    if x >= 1:
        return f"{x:.2f} s"
    return f"{x * 1000:.0f} ms"


def span(m, key="wall"):
    s = m[key]
    if m["runs"] == 1:
        return secs(s["median"])
    return f"{secs(s['median'])} ({secs(s['min'])}–{secs(s['max'])})"


def ratio(go, ours, key):
    return f"{go[key]['median'] / ours[key]['median']:.0f}×"


def instructions(n):
    return "–" if n is None else f"{n / 1e9:.2f} G"


def mib(kib):
    return f"{kib / 1024:.0f} MiB"


def codegen_table(res):
    rows = [
        "| API | operation | kube-codegen: wall (min–max) | CPU | Go: wall (min–max) | CPU "
        "| Go ÷ ours, wall | Go ÷ ours, CPU |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for api, e in res.items():
        go = e.get("go")
        pairs = [
            ("generate into an empty crate vs `kube_codegen.sh` + `controller-gen`", e["cold"],
             go and go["pipeline"]),
            ("generate into an empty crate vs the Go generators run directly", e["cold"],
             go and go["direct"]),
            ("regenerate, nothing changed vs `kube_codegen.sh` + `controller-gen`", e["rerun"],
             go and go["pipeline"]),
            ("verify vs regenerate-into-a-copy + `diff -r`", e["verify"], go and go["verify"]),
        ]
        for what, ours, theirs in pairs:
            if theirs:
                rows.append(
                    f"| {api} | {what} | {span(ours)} | {secs(ours['cpu']['median'])} | "
                    f"{span(theirs)} | {secs(theirs['cpu']['median'])} | "
                    f"**{ratio(theirs, ours, 'wall')}** | {ratio(theirs, ours, 'cpu')} |"
                )
            else:
                rows.append(f"| {api} | {what} | {span(ours)} | {secs(ours['cpu']['median'])} "
                            "| – | – | – | – |")
    return "\n".join(rows)


def scale_table(res):
    rows = [
        "| kinds | groups | files written | generate, empty crate: wall (min–max) | CPU "
        "| instructions | peak RSS | regenerate, no change | verify | Go pipeline |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for kinds, e in res.items():
        go = e.get("go", {}).get("pipeline")
        go_txt = f"{secs(go['wall']['median'])} (CPU {secs(go['cpu']['median'])}, " \
                 f"{ratio(go, e['cold'], 'wall')} ours wall, {ratio(go, e['cold'], 'cpu')} CPU)" \
            if go else "–"
        rows.append(
            f"| {kinds} | {e['groups']} | {e['files']} | {span(e['cold'])} | "
            f"{secs(e['cold']['cpu']['median'])} | {instructions(e.get('instructions'))} | "
            f"{mib(e['cold']['maxrss_kib'])} | "
            f"{span(e['rerun'])} | {span(e['verify'])} | {go_txt} |"
        )
    keys = sorted(res, key=int)
    growth = []
    for a, b in zip(keys, keys[1:]):
        ta, tb = res[a]["cold"]["cpu"]["median"], res[b]["cold"]["cpu"]["median"]
        growth.append(f"{a}→{b} kinds: ×{int(b) / int(a):.0f} kinds, ×{tb / ta:.1f} CPU time, "
                      f"{(tb - ta) / (int(b) - int(a)) * 1000:.1f} ms CPU per added kind")
    return "\n".join(rows) + "\n\nGrowth: " + "; ".join(growth) + "."


def build_table(res):
    rows = [
        "| crate | lines of Rust | cold build of the crate: wall | CPU | after a one-field "
        "change: wall | CPU | rlib |",
        "|---|---|---|---|---|---|---|",
    ]
    for label, e in res.items():
        size = f"{e['rlib_bytes'] / 1024 / 1024:.1f} MiB" if e["rlib_bytes"] else "?"
        change = e.get("change")
        change_txt = f"{span(change)} | {secs(change['cpu']['median'])}" if change else "– | –"
        rows.append(f"| {label} | {e['lines']} | {span(e['cold'])} | "
                    f"{secs(e['cold']['cpu']['median'])} | {change_txt} | {size} |")
        if "user" in e:
            u = e["user"]
            rows.append(f"| … + a crate using one kind (client, fake, informer, lister) | – | "
                        f"+{span(u['cold'])} | +{secs(u['cold']['cpu']['median'])} | "
                        f"{span(u['change'])} (both crates) | {secs(u['change']['cpu']['median'])} "
                        "| – |")
    return "\n".join(rows)


def lines_table(res):
    whiches = [w for w in ("before", "after") if any(w in e for e in res.values())]
    rows = ["| input | " + " | ".join(f"generated lines, {w}" for w in whiches) +
            " | after, by module |",
            "|---|" + "---|" * len(whiches) + "---|"]
    for label, e in res.items():
        cells = [str(e[w]["total"]) if w in e else "–" for w in whiches]
        by = e.get("after", {}).get("by", {})
        parts = ", ".join(f"{k} {v}" for k, v in sorted(by.items(), key=lambda kv: -kv[1]))
        rows.append(f"| {label} | " + " | ".join(cells) + f" | {parts} |")
    one, two = res.get("1 kind, 1 group"), res.get("2 kinds, 1 group")
    many = res.get("100 kinds, 50 groups")
    app, app2 = res.get("App"), res.get("App + a copy of App (Blog)")
    notes = []
    for w in whiches:
        if app and app2 and w in app and w in app2:
            notes.append(f"{w}: a kind like App costs {app2[w]['total'] - app[w]['total']} lines")
        if one and two and w in one and w in two:
            notes.append(f"{w}: a synthetic kind added to a group-version costs "
                         f"{two[w]['total'] - one[w]['total']} lines")
        if one and many and w in one and w in many:
            notes.append(f"{w}: 1 → 100 kinds (50 groups) "
                         f"{(many[w]['total'] - one[w]['total']) / 99:.0f} lines per kind")
    return "\n".join(rows) + ("\n\n" + "; ".join(notes) + "." if notes else "")


def floor_table(res):
    return "```\n" + "\n".join(res["lines"]) + "\n```"


def llvm_table(res):
    out = []
    for label, e in res.items():
        total = e["total"]
        out.append(f"**{label}**: {total[0] if total else '?'} LLVM IR lines, "
                   f"{total[2] if total else '?'} function copies. Largest:\n")
        out.append("| IR lines | % | copies | function |\n|---|---|---|---|")
        for lines, pct, copies, name in e["top"]:
            out.append(f"| {lines} | {pct:.1f} | {copies} | `{name}` |")
        out.append("")
    return "\n".join(out)


def controller_table(res):
    rows = ["| N | controller | time to converge | API writes (all requests) | peak RSS "
            "| client-side throttling waits |",
            "|---|---|---|---|---|---|"]
    for n, peers in res.items():
        for name, e in peers.items():
            req = f" ({e['requests']})" if e.get("requests") is not None else ""
            waits = e.get("throttled")
            rows.append(f"| {n} | {name} | {secs(e['seconds'])} | {e['writes']}{req} | "
                        f"{mib(e['rss_kib'])} | {'–' if waits is None else waits} |")
    return "\n".join(rows)


def render(results):
    m = results["machine"]
    head = [
        f"Measured {results['date']} on {m['cpus']} cores ({m['cpu_model']}), {m['mem_gib']} GiB, "
        f"Linux {m['kernel']}; {m['rustc']}; Go side: {m['go_tools']}. "
        f"Load average {m['load_start']:.1f} at start, {m.get('load_end', 0):.1f} at end "
        "(the machine is shared: wall times stretch under load, CPU times much less). "
        f"Medians of {results['runs']} runs of kube-codegen and {results['go_runs']} of each Go "
        "command (the Go generators run directly: 1 run; builds: 1 cold run, 2 changes); "
        "CPU is user + system time of the whole process tree." +
        (" Quick mode." if results.get("quick") else ""),
        "",
    ]
    if "lines" in results:
        head += ["## Generated lines of Rust (`src/`)", "", lines_table(results["lines"]), ""]
    if "codegen" in results:
        head += ["## Code generation against Go", "", codegen_table(results["codegen"]), ""]
    if "scale" in results:
        head += ["## Scale (synthetic APIs, 14-field specs, 5-field statuses)", "",
                 scale_table(results["scale"]), ""]
    if "build" in results:
        head += ["## Cost to users: `cargo build` (dev profile, dependencies already built)", "",
                 build_table(results["build"]), ""]
    if "controller" in results:
        head += ["## Controllers on one local control plane (no kubelet: converged = children "
                 "created and status written; 2 workers each)", "",
                 controller_table(results["controller"]), ""]
    if "floor" in results:
        head += ["## Our controller against its floor (`cargo bench -p e2e --bench controller`: "
                 "8 workers; bare = a plain client making the same writes)", "",
                 floor_table(results["floor"]), ""]
    if "llvm" in results:
        head += ["## What the generated crate costs to compile (`cargo llvm-lines`)", "",
                 llvm_table(results["llvm"]), ""]
    return "\n".join(head)


def update_block(path, text):
    """Replaces the results block of `path` (the chapter) with `text`, or
    appends one."""
    with open(path) as f:
        readme = f.read()
    block = f"{BEGIN}\n{text.rstrip()}\n{END}"
    if BEGIN in readme and END in readme:
        readme = re.sub(re.escape(BEGIN) + r".*?" + re.escape(END), lambda _: block, readme,
                        flags=re.S)
    else:
        readme = readme.rstrip() + "\n\n" + block + "\n"
    with open(path, "w") as f:
        f.write(readme)
