"""The Go side of the comparison: scratch Go modules and the commands a Go
project runs (`hack/update-codegen.sh` with kube_codegen.sh, controller-gen, and
verify-by-regenerate-and-diff).

Everything lives in temporary directories; the Go tools come from the cache that
bench/go-tools.sh fills (`go install` at pinned versions). Nothing here is committed.
"""

import os
import shutil
import subprocess

# kube_codegen.sh's three steps, then controller-gen, as a Go project's
# hack/update-codegen.sh would run them (sample-controller's own script, plus
# gen_register, the apply configurations and the CRD, which our generator also
# produces: like for like).
UPDATE_CODEGEN = """set -euo pipefail
source "$CODEGEN_DIR/kube_codegen.sh"
kube::codegen::gen_helpers --boilerplate hack/boilerplate.go.txt pkg/apis
kube::codegen::gen_register --boilerplate hack/boilerplate.go.txt pkg/apis
kube::codegen::gen_client --with-watch --with-applyconfig \\
    --output-dir pkg/generated --output-pkg {module}/pkg/generated \\
    --boilerplate hack/boilerplate.go.txt pkg/apis
"$GOBIN/controller-gen" crd paths=./pkg/apis/... output:crd:dir=config/crd
"""

# The same generators called directly: no `go install` freshness checks and no
# `go list` per package. The floor of the Go toolchain, kindest to Go.
DIRECT = """set -euo pipefail
H=hack/boilerplate.go.txt
M={module}
"$GOBIN/deepcopy-gen" --output-file zz_generated.deepcopy.go --go-header-file $H {pkgs}
"$GOBIN/register-gen" --output-file zz_generated.register.go --go-header-file $H {pkgs}
"$GOBIN/applyconfiguration-gen" --go-header-file $H \\
    --output-dir pkg/generated/applyconfiguration \\
    --output-pkg $M/pkg/generated/applyconfiguration {pkgs}
"$GOBIN/client-gen" --go-header-file $H --output-dir pkg/generated/clientset \\
    --output-pkg $M/pkg/generated/clientset --clientset-name versioned \\
    --apply-configuration-package $M/pkg/generated/applyconfiguration \\
    --input-base "$PWD/pkg/apis" {inputs}
"$GOBIN/lister-gen" --go-header-file $H --output-dir pkg/generated/listers \\
    --output-pkg $M/pkg/generated/listers {pkgs}
"$GOBIN/informer-gen" --go-header-file $H --output-dir pkg/generated/informers \\
    --output-pkg $M/pkg/generated/informers \\
    --versioned-clientset-package $M/pkg/generated/clientset/versioned \\
    --listers-package $M/pkg/generated/listers {pkgs}
"$GOBIN/controller-gen" crd paths=./pkg/apis/... output:crd:dir=config/crd
"""

# Go's verify-codegen: regenerate into a copy of the module and diff with the original.
VERIFY = """set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -a . "$tmp/mod"
(cd "$tmp/mod" && bash hack/update-codegen.sh >/dev/null)
diff -Nru pkg "$tmp/mod/pkg" >/dev/null
diff -Nru config "$tmp/mod/config" >/dev/null
"""

# Removes everything the generators write, so each timed run starts from nothing.
CLEAN = """set -euo pipefail
rm -rf pkg/generated config
find pkg/apis -name 'zz_generated.*.go' -delete
"""

BOILERPLATE = "/*\nCopyright The Kubernetes Authors.\n*/\n\n"


class GoModule:
    """A scratch Go module holding `pkg/apis/<group>/<version>/` packages."""

    def __init__(self, root, module, group_versions):
        self.root = root
        self.module = module
        self.group_versions = group_versions  # ["group/version", ...]

    @property
    def packages(self):
        return [f"{self.module}/pkg/apis/{gv}" for gv in self.group_versions]

    def write_scripts(self):
        pkgs = " ".join(self.packages)
        inputs = " ".join(f"--input {gv}" for gv in self.group_versions)
        hack = os.path.join(self.root, "hack")
        os.makedirs(hack, exist_ok=True)
        scripts = {
            "update-codegen.sh": UPDATE_CODEGEN.format(module=self.module),
            "direct-codegen.sh": DIRECT.format(module=self.module, pkgs=pkgs, inputs=inputs),
            "verify-codegen.sh": VERIFY,
            "clean-codegen.sh": CLEAN,
        }
        for name, text in scripts.items():
            with open(os.path.join(hack, name), "w") as f:
                f.write(text)
        if not os.path.exists(os.path.join(hack, "boilerplate.go.txt")):
            with open(os.path.join(hack, "boilerplate.go.txt"), "w") as f:
                f.write(BOILERPLATE)

    def run(self, script, env):
        subprocess.run(
            ["bash", f"hack/{script}"], cwd=self.root, env=env, check=True,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )


def group_versions_under(apis_dir):
    out = []
    for group in sorted(os.listdir(apis_dir)):
        gdir = os.path.join(apis_dir, group)
        if not os.path.isdir(gdir):
            continue
        for version in sorted(os.listdir(gdir)):
            if os.path.isfile(os.path.join(gdir, version, "doc.go")):
                out.append(f"{group}/{version}")
    return out


def copy_writable(src, dst):
    shutil.copytree(src, dst, dirs_exist_ok=True)
    for dirpath, dirnames, filenames in os.walk(dst):
        for name in dirnames + filenames:
            p = os.path.join(dirpath, name)
            os.chmod(p, os.stat(p).st_mode | 0o200)


def sample_controller_module(root, sample_dir):
    """k8s.io/sample-controller's pkg/apis in a scratch module, as the module ships it
    minus its generated deep-copy and its hand-written v1alpha1/register.go (which
    gen_register replaces, as our generator writes the registration too)."""
    os.makedirs(root, exist_ok=True)
    for name in ("go.mod", "go.sum"):
        shutil.copy(os.path.join(sample_dir, name), root)
    copy_writable(os.path.join(sample_dir, "pkg", "apis"), os.path.join(root, "pkg", "apis"))
    os.makedirs(os.path.join(root, "hack"), exist_ok=True)
    shutil.copy(os.path.join(sample_dir, "hack", "boilerplate.go.txt"), os.path.join(root, "hack"))
    for dirpath, _, filenames in os.walk(os.path.join(root, "pkg", "apis")):
        for name in filenames:
            if name.startswith("zz_generated."):
                os.remove(os.path.join(dirpath, name))
    os.remove(os.path.join(root, "pkg", "apis", "samplecontroller", "v1alpha1", "register.go"))
    for name in ("go.mod", "go.sum"):
        os.chmod(os.path.join(root, name), 0o644)
    mod = GoModule(root, "k8s.io/sample-controller", ["samplecontroller/v1alpha1"])
    mod.write_scripts()
    return mod


def module_from_types(root, module, types_dir, sample_dir):
    """A scratch module named `module` whose pkg/apis is `types_dir`, with
    sample-controller's go.mod/go.sum (the same k8s.io dependencies)."""
    os.makedirs(root, exist_ok=True)
    with open(os.path.join(sample_dir, "go.mod")) as f:
        lines = f.read().splitlines()
    lines = [f"module {module}" if l.startswith("module ") else l for l in lines]
    with open(os.path.join(root, "go.mod"), "w") as f:
        f.write("\n".join(lines) + "\n")
    shutil.copy(os.path.join(sample_dir, "go.sum"), root)
    os.chmod(os.path.join(root, "go.sum"), 0o644)
    if types_dir is not None:
        copy_writable(types_dir, os.path.join(root, "pkg", "apis"))
    mod = GoModule(root, module, group_versions_under(os.path.join(root, "pkg", "apis")))
    mod.write_scripts()
    return mod
