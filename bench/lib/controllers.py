"""Controllers side by side on one local control plane (hack/k8s/controlplane.sh):
kube-codegen's App controller (N Apps → N Deployments + N Services + status) and
kubernetes/sample-controller (N Foos → N Deployments + status), its Go peer.

For each controller and N: N objects are created in a fresh namespace, then the
controller starts; measured are the time from its start until every object is
converged, the API writes it made, and its peak RSS (VmHWM). Writes are counted
on the client side: sample-controller's client-go logs each response at -v=6,
our controller exports `app_controller_api_writes_total`. Both run 2 workers
(sample-controller's number, fixed in its main.go). The control plane has no
kubelet, so Deployments never get ready pods: "converged" is children created
and status written (sample-controller writes `status.availableReplicas`, ours
`status.observedGeneration` and conditions).

The driver talks to the API server with Python's urllib and the admin client
certificate the control plane wrote, polling every 0.5 s.
"""

import concurrent.futures
import json
import os
import re
import signal
import socket
import ssl
import subprocess
import time
import urllib.request

POLL = 0.5
TIMEOUT = 600


class Kube:
    """A minimal client for the envtest control plane in `state_dir`."""

    def __init__(self, state_dir):
        env = dict(line.split("=", 1) for line in open(os.path.join(state_dir, "env")).read().split())
        self.server = env["KUBE_CODEGEN_APISERVER"]
        self.kubeconfig = env["KUBECONFIG"]
        pki = os.path.join(state_dir, "pki")
        self.ctx = ssl.create_default_context(cafile=os.path.join(pki, "ca.crt"))
        self.ctx.load_cert_chain(os.path.join(pki, "admin.crt"), os.path.join(pki, "admin.key"))

    def call(self, method, path, body=None, content_type="application/json", ok=(200, 201)):
        data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
        req = urllib.request.Request(self.server + path, data=data, method=method)
        if data is not None:
            req.add_header("Content-Type", content_type)
        try:
            with urllib.request.urlopen(req, context=self.ctx, timeout=60) as resp:
                return json.loads(resp.read() or b"{}")
        except urllib.error.HTTPError as e:
            if e.code in ok:
                return json.loads(e.read() or b"{}")
            raise RuntimeError(f"{method} {path}: {e.code} {e.read()[:500]!r}") from None

    def apply_crd(self, yaml_path):
        """Server-side applies a CRD file (the API server reads YAML itself)."""
        with open(yaml_path, "rb") as f:
            text = f.read()
        name = re.search(rb"^metadata:\n(?:  .*\n)*?  name: (\S+)", text, re.M).group(1).decode()
        self.call("PATCH", f"/apis/apiextensions.k8s.io/v1/customresourcedefinitions/{name}"
                  "?fieldManager=bench&force=true", text, "application/apply-patch+yaml")
        for _ in range(300):
            crd = self.call("GET", f"/apis/apiextensions.k8s.io/v1/customresourcedefinitions/{name}")
            conds = {c["type"]: c["status"] for c in crd.get("status", {}).get("conditions", [])}
            if conds.get("Established") == "True":
                return
            time.sleep(0.1)
        raise RuntimeError(f"CRD {name} not established")

    def namespace(self, name):
        self.call("POST", "/api/v1/namespaces", {"apiVersion": "v1", "kind": "Namespace",
                                                 "metadata": {"name": name}})

    def items(self, path):
        return self.call("GET", path)["items"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def vm_hwm_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def create_all(kube, path, objects):
    with concurrent.futures.ThreadPoolExecutor(16) as pool:
        list(pool.map(lambda o: kube.call("POST", path, o), objects))


class Peer:
    """How to run one controller and when it is done."""

    def __init__(self, name, kind_path, make, start, converged, writes):
        self.name, self.kind_path, self.make = name, kind_path, make
        self.start, self.converged, self.writes = start, converged, writes


def foo(i):
    return {"apiVersion": "samplecontroller.k8s.io/v1alpha1", "kind": "Foo",
            "metadata": {"name": f"foo-{i:04d}"},
            "spec": {"deploymentName": f"foo-{i:04d}", "replicas": 1}}


def app(i):
    name = f"app-{i:04d}"
    return {"apiVersion": "myapp.k8s.io/v1", "kind": "App", "metadata": {"name": name},
            "spec": {"deployment": {"name": name, "image": "nginx:1.27", "replicas": 1},
                     "service": {"name": name}}}


def go_peer(binary):
    def start(kube, ns, log):
        return subprocess.Popen([binary, f"-kubeconfig={kube.kubeconfig}", "-v=6"],
                                stdout=log, stderr=subprocess.STDOUT)

    def converged(kube, ns, n):
        foos = kube.items(f"/apis/samplecontroller.k8s.io/v1alpha1/namespaces/{ns}/foos")
        deps = {d["metadata"]["name"] for d in kube.items(f"/apis/apps/v1/namespaces/{ns}/deployments")}
        return len(foos) == n and all(
            "status" in f and f["spec"]["deploymentName"] in deps for f in foos)

    def writes(proc, log_path, port):
        with open(log_path, errors="replace") as f:
            text = f.read()
        verbs = re.findall(r'"Response" verb="(\w+)"', text)
        # client-go's own rate limiter (sample-controller keeps the default QPS)
        # logs each wait it imposes.
        proc.throttled = len(re.findall(r"client-side throttling", text))
        return sum(v in ("POST", "PUT", "PATCH", "DELETE") for v in verbs), len(verbs)

    return Peer("sample-controller (Go, client-go)",
                "/apis/samplecontroller.k8s.io/v1alpha1/namespaces/{ns}/foos", foo, start,
                converged, writes)


def rust_peer(binary):
    def start(kube, ns, log):
        port = free_port()
        proc = subprocess.Popen([binary, "--kubeconfig", kube.kubeconfig, "--namespace", ns,
                                 "--workers", "2", "--health-addr", f"127.0.0.1:{port}"],
                                stdout=log, stderr=subprocess.STDOUT)
        proc.metrics_port = port
        return proc

    def converged(kube, ns, n):
        apps = kube.items(f"/apis/myapp.k8s.io/v1/namespaces/{ns}/apps")
        deps = {d["metadata"]["name"] for d in kube.items(f"/apis/apps/v1/namespaces/{ns}/deployments")}
        svcs = {s["metadata"]["name"] for s in kube.items(f"/api/v1/namespaces/{ns}/services")}
        return len(apps) == n and all(
            a["spec"]["deployment"]["name"] in deps and a["spec"]["service"]["name"] in svcs
            and a.get("status", {}).get("observedGeneration") == a["metadata"]["generation"]
            for a in apps)

    def writes(proc, log_path, port):
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as r:
            text = r.read().decode()
        series = re.findall(r"^app_controller_api_writes_total\{([^}]*)\} (\S+)", text, re.M)
        proc.breakdown = {labels: int(float(v)) for labels, v in series}
        return sum(proc.breakdown.values()), None

    return Peer("app-controller (kube-codegen, Rust)", "/apis/myapp.k8s.io/v1/namespaces/{ns}/apps",
                app, start, converged, writes)


def run_one(kube, peer, n, workdir):
    ns = f"bench-{peer.make(0)['kind'].lower()}-{n}-{int(time.time())}"
    kube.namespace(ns)
    create_all(kube, peer.kind_path.format(ns=ns), [peer.make(i) for i in range(n)])
    log_path = os.path.join(workdir, f"{ns}.log")
    with open(log_path, "w") as log:
        t0 = time.perf_counter()
        proc = peer.start(kube, ns, log)
        try:
            while not peer.converged(kube, ns, n):
                if proc.poll() is not None:
                    raise RuntimeError(f"{peer.name} exited ({proc.returncode}); see {log_path}")
                if time.perf_counter() - t0 > TIMEOUT:
                    raise RuntimeError(f"{peer.name}: not converged after {TIMEOUT} s")
                time.sleep(POLL)
            elapsed = time.perf_counter() - t0
            rss = vm_hwm_kib(proc.pid)
            writes, total = peer.writes(proc, log_path, getattr(proc, "metrics_port", None))
        finally:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    # Leave nothing for the next controller to find (sample-controller watches
    # every namespace).
    for path in (peer.kind_path, "/apis/apps/v1/namespaces/{ns}/deployments",
                 "/api/v1/namespaces/{ns}/services"):
        kube.call("DELETE", path.format(ns=ns))
    return {"seconds": elapsed, "rss_kib": rss, "writes": writes, "requests": total,
            "throttled": getattr(proc, "throttled", None),
            "breakdown": getattr(proc, "breakdown", None)}
