#!/usr/bin/env python3
"""kube-codegen benchmarks: speed against Go's code-generator + controller-gen,
scaling with the number of kinds, and what the generated crate costs to build.

Run it through bench/run.sh, which builds the release binary and installs the Go
tools first. Sections (`--sections`, comma-separated; default all but llvm):

  codegen  App and sample-controller's Foo: kube-codegen generate (cold, into an
           empty output; and a no-change rerun) and verify, against Go's
           kube_codegen.sh gen_helpers + gen_client --with-watch --with-applyconfig
           + gen_register and controller-gen crd (also the same Go generators called directly), and
           Go's verify-by-regenerate-and-diff
  scale    synthetic APIs of 1, 10, 100, 500 kinds over up to 50 groups:
           time, CPU and peak memory, next to the Go pipeline (one run each)
  build    cargo build time and rlib size of the generated crate for App and for
           a 100-kind API in 10 groups (all features, and one group's feature
           only), cold and after a one-field change, next to the same types
           written with kube's #[derive(CustomResource)]
  controller  our App controller and kubernetes/sample-controller on one local
           control plane (hack/k8s), N = 100 and 1000: time to converge, API
           writes, peak RSS (bench/lib/controllers.py)
  lines    lines of generated Rust (src/, by module) for App, 1 and 100 synthetic
           kinds, and a kind's marginal cost (2 kinds - 1 kind in one group-version);
           with --kc-before, also from another kube-codegen binary, side by side
  floor    `cargo bench -p e2e --bench controller`: our controller's convergence,
           writes and CPU at N = 100 and 1000 next to a bare client making the same
           writes (the floor), parsed from its output
  llvm     (not in the default set) cargo llvm-lines of the generated crates: the
           functions that produce the most LLVM IR
"""

import argparse
import datetime
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "lib"))

import buildcost  # noqa: E402
import goside  # noqa: E402
import report  # noqa: E402
from measure import measure, run_once  # noqa: E402

ROOT = os.path.dirname(HERE)
SYNTH = os.path.join(HERE, "synth", "synth.py")
# The chapter whose results block --update-docs rewrites.
BENCHMARKS_CHAPTER = os.path.join("docs", "src", "benchmarks.md")
DEFAULT_SECTIONS = ["lines", "codegen", "scale", "build", "controller", "floor"]


def cache_dir():
    """Same root as hack/k8s/build.sh and bench/go-tools.sh."""
    return os.environ.get("KUBE_CODEGEN_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "kube-codegen")


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def go_env():
    if os.environ.get("GO_SKIP_REASON") or not os.environ.get("GOBIN"):
        return None
    return dict(os.environ)


def synth(kinds, lang, out, groups=None):
    extra = ["--groups", str(groups)] if groups else []
    subprocess.run([sys.executable, SYNTH, "--kinds", str(kinds), "--lang", lang, "--out", out,
                    *extra], check=True)


def synth_groups(kinds, groups):
    """The group modules (and so the cargo features) of a synthetic API."""
    sys.path.insert(0, os.path.dirname(SYNTH))
    import synth as synth_module  # noqa: E402

    return synth_module.GROUP_WORDS[:max(1, min(groups, synth_module.MAX_GROUPS, kinds))]


def output_crate(path, name="generated"):
    os.makedirs(path, exist_ok=True)
    with open(os.path.join(path, "Cargo.toml"), "w") as f:
        # kube-codegen refuses a crate that does not ask for the runtime it
        # writes for, or for a crate the generated code uses.
        f.write(f'[package]\nname = "{name}"\nversion = "0.0.0"\nedition = "2024"\n\n'
                '[dependencies]\nkube-codegen-runtime = "0.1"\n'
                'kube = { version = "5", default-features = false, features = ["client", "runtime"] }\n'
                'k8s-openapi = "0.29"\nserde = { version = "1", features = ["derive"] }\n'
                'serde_json = "1"\n')
    return path


def count_files(path):
    return sum(len(files) for _, _, files in os.walk(path))


class Ours:
    """kube-codegen on one input tree, writing into a scratch output crate."""

    def __init__(self, kc, input_dir, out):
        self.kc = kc
        self.input_dir = input_dir
        self.out = output_crate(out)

    def cmd(self, verb):
        return [self.kc, verb, "--input-dir", self.input_dir, "--output-dir", self.out]

    def clean(self):
        # Moved aside, not deleted: ext4 allocating inodes right after thousands
        # were deleted scans for "recently deleted" ones, which added seconds of
        # kernel time to a 500-kind run. The temporary directory goes at the end.
        trash = os.path.join(os.path.dirname(self.out), "trash")
        os.makedirs(trash, exist_ok=True)
        for sub in ("src", "crds", "README.md"):
            path = os.path.join(self.out, sub)
            if os.path.exists(path):
                os.rename(path, os.path.join(tempfile.mkdtemp(dir=trash), sub))

    def cold(self, runs, label):
        return measure(self.cmd("generate"), runs, prepare=self.clean, label=f"{label} cold")

    def rerun(self, runs, label):
        run_once(self.cmd("generate"))
        return measure(self.cmd("generate"), runs, label=f"{label} rerun")

    def verify(self, runs, label):
        run_once(self.cmd("generate"))
        return measure(self.cmd("verify"), runs, label=f"{label} verify")

    def instructions(self, label):
        """Instructions of one cold generate, counted by callgrind: a figure the
        machine's load does not change (None without valgrind)."""
        if not shutil.which("valgrind"):
            return None
        self.clean()
        log(f"    {label}: counting instructions (valgrind --tool=callgrind)")
        done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                               *self.cmd("generate")], capture_output=True, text=True, check=True)
        found = re.search(r"Collected : (\d+)", done.stderr)
        return int(found.group(1)) if found else None


def source_lines(crate_dir):
    """Lines of the Rust files under `crate_dir`/src, in total and by the first
    path component below src (`apis`, `clientset`, ..., or the file at the root)."""
    total, by = 0, {}
    src = os.path.join(crate_dir, "src")
    for dirpath, _, files in os.walk(src):
        for name in files:
            if not name.endswith(".rs"):
                continue
            path = os.path.join(dirpath, name)
            with open(path) as f:
                n = sum(1 for _ in f)
            top = os.path.relpath(path, src).split(os.sep)[0]
            top = top[:-3] if top.endswith(".rs") else top
            by[top] = by.get(top, 0) + n
            total += n
    return total, by


def app_and_a_copy(out):
    """apis/src plus a second kind `Blog` in myapp/v1: App's file with every type
    renamed (App -> Blog, X -> BlogX), to measure what one more kind costs."""
    shutil.copytree(os.path.join(ROOT, "apis", "src"), out)
    version = os.path.join(out, "myapp", "v1")
    with open(os.path.join(version, "app.rs")) as f:
        text = f.read()
    names = re.findall(r"^pub (?:struct|enum) (\w+)", text, re.M)
    for name in sorted(names, key=len, reverse=True):
        new = "Blog" if name == "App" else "Blog" + name.replace("App", "")
        text = re.sub(rf"\b{name}\b", new, text)
    with open(os.path.join(version, "blog.rs"), "w") as f:
        f.write(text)
    with open(os.path.join(version, "mod.rs"), "a") as f:
        f.write("\nmod blog;\npub use blog::*;\n")
    return out


def section_lines(args, kc, tmp, results):
    """Generated lines by the binaries in `--kc` (after) and `--kc-before`."""
    binaries = [("after", kc)] + ([("before", args.kc_before)] if args.kc_before else [])
    inputs = [("App", os.path.join(ROOT, "apis", "src")),
              ("App + a copy of App (Blog)", app_and_a_copy(os.path.join(tmp, "lines-app2")))]
    for kinds, groups in ((1, 1), (2, 1), (100, 50)):
        input_dir = os.path.join(tmp, f"lines-synth-{kinds}-{groups}")
        subprocess.run([sys.executable, SYNTH, "--kinds", str(kinds), "--groups", str(groups),
                        "--lang", "rust", "--out", input_dir], check=True)
        inputs.append((f"{kinds} kind{'s' if kinds > 1 else ''}, {groups} "
                       f"group{'s' if groups > 1 else ''}", input_dir))
    out = results.setdefault("lines", {})
    for which, binary in binaries:
        log(f"lines: {which} ({binary})")
        for i, (label, input_dir) in enumerate(inputs):
            crate = output_crate(os.path.join(tmp, f"lines-{which}-{i}"))
            run_once([binary, "generate", "--input-dir", input_dir, "--output-dir", crate])
            total, by = source_lines(crate)
            out.setdefault(label, {})[which] = {"total": total, "by": by}


def section_floor(args, results):
    """The controller bench of tests/e2e against its bare-client floor."""
    env = dict(os.environ, CONTROLLER_BENCH_N=",".join(str(n) for n in args.controller_n),
               CONTROLLER_BENCH_RUNS=str(1 if args.quick else 3))
    log(f"floor: cargo bench -p e2e --bench controller (N = {env['CONTROLLER_BENCH_N']}, "
        f"{env['CONTROLLER_BENCH_RUNS']} runs each)")
    text = subprocess.run(["cargo", "bench", "--quiet", "-p", "e2e", "--bench", "controller"],
                          cwd=ROOT, env=env, check=True, stdout=subprocess.PIPE, text=True).stdout
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.split()[:1] == ["N"]), None)
    if start is None:
        raise RuntimeError(f"no table in the controller bench's output:\n{text}")
    results["floor"] = {"lines": lines[start:]}


def go_measure(mod, env, runs, label):
    """The Go pipeline, the direct Go generators, and Go's verify, on `mod`."""
    prep = ["bash", "hack/clean-codegen.sh"]
    res = {}
    res["pipeline"] = measure(["bash", "hack/update-codegen.sh"], runs, prepare=prep,
                              cwd=mod.root, env=env, label=f"{label} Go kube_codegen.sh+controller-gen")
    # One run: it only shows how much of the Go time the wrapper adds.
    res["direct"] = measure(["bash", "hack/direct-codegen.sh"], 1, prepare=prep,
                            cwd=mod.root, env=env, label=f"{label} Go generators direct")
    mod.run("update-codegen.sh", env)
    res["verify"] = measure(["bash", "hack/verify-codegen.sh"], runs, cwd=mod.root, env=env,
                            label=f"{label} Go verify")
    return res


def section_codegen(args, kc, tmp, results):
    env = go_env()
    apis = [
        ("App", os.path.join(ROOT, "apis", "src"), lambda root: goside.module_from_types(
            root, "example.com/myapp", os.path.join(HERE, "inputs", "go-app"), os.environ["SAMPLE_DIR"])),
        ("Foo (sample-controller)", os.path.join(HERE, "inputs", "samplecontroller"),
         lambda root: goside.sample_controller_module(root, os.environ["SAMPLE_DIR"])),
    ]
    out = results.setdefault("codegen", {})
    for name, input_dir, go_module in apis:
        log(f"codegen: {name}")
        ours = Ours(kc, input_dir, os.path.join(tmp, f"ours-{len(out)}"))
        entry = {
            "cold": ours.cold(args.runs, name),
            "rerun": ours.rerun(args.runs, name),
            "verify": ours.verify(args.runs, name),
            "files": count_files(ours.out) - 1,
        }
        if env is not None:
            mod = go_module(os.path.join(tmp, f"go-{len(out)}"))
            entry["go"] = go_measure(mod, env, args.go_runs, name)
        out[name] = entry


def section_scale(args, kc, tmp, results):
    env = go_env()
    out = results.setdefault("scale", {})
    for kinds in args.kinds:
        log(f"scale: {kinds} kinds")
        input_dir = os.path.join(tmp, f"synth-{kinds}")
        synth(kinds, "rust", input_dir)
        ours = Ours(kc, input_dir, os.path.join(tmp, f"synth-{kinds}-out"))
        runs = args.runs if kinds <= 100 else max(3, args.runs // 2)
        label = f"{kinds} kinds"
        entry = {"cold": ours.cold(runs, label), "rerun": ours.rerun(runs, label),
                 "verify": ours.verify(runs, label), "files": count_files(ours.out) - 1,
                 "groups": min(kinds, 50), "instructions": ours.instructions(label)}
        if env is not None and kinds in args.go_kinds:
            root = os.path.join(tmp, f"go-synth-{kinds}")
            synth(kinds, "go", root)
            mod = goside.module_from_types(root, "example.com/synth", None, os.environ["SAMPLE_DIR"])
            entry["go"] = {"pipeline": measure(
                ["bash", "hack/update-codegen.sh"], 1, prepare=["bash", "hack/clean-codegen.sh"],
                cwd=mod.root, env=env, label=f"{label} Go pipeline")}
        out[str(kinds)] = entry


def build_crates(args, kc, root, target):
    groups = args.build_groups

    def gen_from(input_src, synth_kinds=None):
        def setup(crate):
            if synth_kinds:
                synth(synth_kinds, "rust", crate.input_dir, groups)
            else:
                shutil.copytree(input_src, crate.input_dir)
            crate.regenerate()
        return setup

    def derive_from(lib=None, synth_kinds=None):
        def setup(crate):
            if synth_kinds:
                synth(synth_kinds, "derive", crate.dir, groups)
            else:
                shutil.copy(lib, os.path.join(crate.dir, "src", "lib.rs"))
        return setup

    app_in = os.path.join(ROOT, "apis", "src")
    crates = [
        ("App, kube-codegen", buildcost.Crate("bench-gen-app", root, target, "generated",
                                              gen_from(app_in), "myapp/v1/app.rs", "AppSpec", kc,
                                              consumer=dict(group="myapp", version="v1",
                                                            kind="App", plural="apps"))),
        ("App, derive(CustomResource)", buildcost.Crate(
            "bench-derive-app", root, target, "derive",
            derive_from(lib=os.path.join(HERE, "inputs", "derive-app", "lib.rs")),
            "src/lib.rs", "AppSpec")),
    ]
    if args.kc_before:
        # The same inputs through the other binary (no consumer crate: its API differs).
        crates.insert(1, ("App, kube-codegen before", buildcost.Crate(
            "bench-gen-app-before", root, target, "generated", gen_from(app_in),
            "myapp/v1/app.rs", "AppSpec", args.kc_before)))
    if args.build_kinds:
        n = args.build_kinds
        if args.kc_before:
            crates.append((f"{n} kinds, kube-codegen before", buildcost.Crate(
                f"bench-gen-{n}-before", root, target, "generated", gen_from(None, n),
                "apps/v1/widget.rs", "WidgetSpec", args.kc_before)))
        # The same generated crate built with every feature (the default), and
        # with one API group's only (`--no-default-features --features apps`):
        # what a program that uses one group of the API compiles.
        crates += [
            (f"{n} kinds in {groups} groups, kube-codegen, all features", buildcost.Crate(
                f"bench-gen-{n}", root, target, "generated", gen_from(None, n),
                "apps/v1/widget.rs", "WidgetSpec", kc,
                consumer=dict(group="apps", version="v1", kind="Widget", plural="widgets"))),
            (f"{n} kinds in {groups} groups, kube-codegen, one group (`apps`, "
             f"{n // groups} kinds)", buildcost.Crate(
                 f"bench-gen-{n}-apps", root, target, "generated", gen_from(None, n),
                 "apps/v1/widget.rs", "WidgetSpec", kc, features=["apps"])),
            (f"{n} kinds in {groups} groups, kube-codegen, every group without apply "
             "configurations", buildcost.Crate(
                 f"bench-gen-{n}-groups", root, target, "generated", gen_from(None, n),
                 "apps/v1/widget.rs", "WidgetSpec", kc, features=synth_groups(n, groups))),
            (f"{n} kinds in {groups} groups, kube-codegen, one group without apply "
             "configurations", buildcost.Crate(
                 f"bench-gen-{n}-apps-types", root, target, "generated", gen_from(None, n),
                 "apps/v1/widget.rs", "WidgetSpec", kc, features=["apps"],
                 apply_configurations=False)),
            (f"{n} kinds in {groups} groups, derive(CustomResource)", buildcost.Crate(
                f"bench-derive-{n}", root, target, "derive", derive_from(synth_kinds=n),
                "src/apps.rs", "WidgetSpec")),
        ]
    return crates


def section_build(args, kc, results):
    root = os.path.join(cache_dir(), "bench-build", "crates")
    target = os.path.join(cache_dir(), "bench-build", "target")
    lock = os.path.join(ROOT, "Cargo.lock")
    out = results.setdefault("build", {})
    runtime = None
    for label, crate in build_crates(args, kc, root, target):
        log(f"build: {label}")
        out[label] = crate.measure(lock, args.build_runs, args.build_runs + 1, label)
        if crate.kind == "generated" and runtime is None:
            # Built once per build tree, whatever the number of generated crates.
            log("build: kube-codegen-runtime")
            runtime = crate.measure_runtime(args.build_runs, "kube-codegen-runtime")
    if runtime is not None:
        out["kube-codegen-runtime (built once, shared by every generated crate)"] = runtime


def section_llvm(args, kc, results):
    root = os.path.join(cache_dir(), "bench-build", "crates")
    target = os.path.join(cache_dir(), "bench-build", "target")
    tools = os.path.join(cache_dir(), "bench-tools")
    out = results.setdefault("llvm", {})
    for label, crate in build_crates(args, kc, root, target):
        if crate.kind != "generated":
            continue
        log(f"llvm-lines: {label}")
        crate.create(os.path.join(ROOT, "Cargo.lock"))
        total, rows = buildcost.top_llvm_lines(crate, tools)
        out[label] = {"total": total, "top": rows}


def section_controller(args, results):
    import controllers  # noqa: E402  (only this section needs it)

    env = go_env()
    if env is None:
        log("controller: skipped, no Go toolchain")
        return
    sample = os.path.join(env["GOBIN"], "sample-controller")
    if not os.path.exists(sample):
        log("controller: go install k8s.io/sample-controller (once)")
        # From inside the module (as kube_codegen.sh installs its tools): `go install
        # module@version` also asks the proxy for the module's version list, which
        # the proxy here refuses for sample-controller.
        subprocess.run(["go", "install", "."], cwd=env["SAMPLE_DIR"], env=env, check=True)
    log("controller: cargo build --release -p controller")
    subprocess.run(["cargo", "build", "--quiet", "--release", "-p", "controller", "--bin",
                    "app-controller"], cwd=ROOT, check=True)
    ours = os.path.join(ROOT, "target", "release", "app-controller")
    hack = os.path.join(ROOT, "hack", "k8s")
    subprocess.run([os.path.join(hack, "build.sh")], check=True, stdout=subprocess.DEVNULL)
    state = subprocess.run([os.path.join(hack, "controlplane.sh"), "start"], check=True,
                           env=dict(os.environ, KUBE_CODEGEN_OWNER_PID=str(os.getpid())),
                           stdout=subprocess.PIPE, text=True).stdout.strip().splitlines()[-1]
    out = results.setdefault("controller", {})
    try:
        kube = controllers.Kube(state)
        kube.apply_crd(os.path.join(ROOT, "manifests", "crd", "myapp.k8s.io_apps.yaml"))
        kube.apply_crd(os.path.join(env["SAMPLE_DIR"], "artifacts", "examples",
                                    "crd-status-subresource.yaml"))
        with tempfile.TemporaryDirectory(prefix="kube-codegen-ctrl-") as logs:
            for n in args.controller_n:
                for peer in (controllers.go_peer(sample), controllers.rust_peer(ours)):
                    log(f"controller: {peer.name}, N={n}")
                    out.setdefault(str(n), {})[peer.name] = controllers.run_one(kube, peer, n, logs)
                    log(f"    {out[str(n)][peer.name]}")
    finally:
        subprocess.run([os.path.join(hack, "controlplane.sh"), "stop", state], check=False)


def run_section(name, args, tmp, results):
    if name == "lines":
        section_lines(args, args.kc, tmp, results)
    elif name == "floor":
        section_floor(args, results)
    elif name == "codegen":
        section_codegen(args, args.kc, tmp, results)
    elif name == "scale":
        section_scale(args, args.kc, tmp, results)
    elif name == "build":
        section_build(args, args.kc, results)
    elif name == "llvm":
        section_llvm(args, args.kc, results)
    elif name == "controller":
        section_controller(args, results)
    else:
        raise ValueError(f"unknown section `{name}`")


def machine():
    mem_kib = 0
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemTotal:"):
                mem_kib = int(line.split()[1])
    model = ""
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    rustc = subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.strip()
    return {
        "cpus": os.cpu_count(),
        "mem_gib": round(mem_kib / 1024 / 1024),
        "cpu_model": model,
        "kernel": platform.release(),
        "rustc": rustc,
        "go_tools": os.environ.get("GO_TOOL_VERSIONS", os.environ.get("GO_SKIP_REASON", "")),
        "load_start": os.getloadavg()[0],
    }


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--kc", required=True, help="the kube-codegen binary (release build)")
    p.add_argument("--kc-before",
                   help="another kube-codegen binary: a \"before\" column in `lines`, "
                        "\"before\" rows in `build`")
    p.add_argument("--quick", action="store_true",
                   help="fewer repetitions, scale to 100 kinds, build-cost for App only")
    p.add_argument("--sections", default=",".join(DEFAULT_SECTIONS))
    p.add_argument("--runs", type=int, help="repetitions of kube-codegen runs (default 10, quick 5)")
    p.add_argument("--go-runs", type=int, help="repetitions of Go runs (default 3, quick 1)")
    p.add_argument("--update-docs", "--update-readme", dest="update_docs", action="store_true",
                   help="replace the results block of the book's Benchmarks chapter "
                        "(docs/src/benchmarks.md; --update-readme is the old name)")
    args = p.parse_args()
    args.runs = args.runs or (5 if args.quick else 10)
    args.go_runs = args.go_runs or (1 if args.quick else 3)
    args.kinds = [1, 10, 100] if args.quick else [1, 10, 100, 500]
    args.go_kinds = [] if args.quick else [1, 10, 100, 500]
    args.build_kinds = None if args.quick else 100
    # The 100-kind build crate spreads its kinds over 10 groups, so that one
    # group's feature is a tenth of the API.
    args.build_groups = 10
    args.build_runs = 1
    args.controller_n = [100] if args.quick else [100, 1000]
    sections = [s.strip() for s in args.sections.split(",") if s.strip()]

    results = {"date": datetime.datetime.now().astimezone().isoformat(timespec="minutes"),
               "machine": machine(), "quick": args.quick, "runs": args.runs,
               "go_runs": args.go_runs}
    if not go_env():
        log(f"Go side skipped: {os.environ.get('GO_SKIP_REASON', 'bench/go-tools.sh not run')}")
    failed = []
    with tempfile.TemporaryDirectory(prefix="kube-codegen-bench-") as tmp:
        for s in sections:
            try:
                run_section(s, args, tmp, results)
            except Exception as e:  # keep the other sections' figures
                log(f"section {s} failed: {e}")
                failed.append(s)
    results["machine"]["load_end"] = os.getloadavg()[0]
    results["failed"] = failed

    outdir = os.path.join(cache_dir(), "bench-results")
    os.makedirs(outdir, exist_ok=True)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    with open(os.path.join(outdir, f"{stamp}.json"), "w") as f:
        json.dump(results, f, indent=1)
    text = report.render(results)
    with open(os.path.join(outdir, "latest.md"), "w") as f:
        f.write(text)
    print(text)
    log(f"results: {outdir}/{stamp}.json")
    if failed:
        sys.exit(f"bench.py: sections failed: {', '.join(failed)} (their figures are missing)")
    if args.update_docs:
        report.update_block(os.path.join(ROOT, BENCHMARKS_CHAPTER), text)
        log(f"{BENCHMARKS_CHAPTER} updated")


if __name__ == "__main__":
    main()
