//! kubectl (built at the pinned Kubernetes version by `hack/k8s/build.sh`)
//! against the control plane, the way a user works: the generated CRD's
//! printer columns and `explain`, the controller's RBAC through `kubectl auth
//! can-i`, and a kind scaffolded by `kube-codegen create api` installing.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::api::rbac::v1::ClusterRole;

/// `kubectl args...` with `input` on stdin; stdout, or an error with stderr.
fn kubectl_with_input(args: &[&str], input: &str) -> Result<String> {
    let mut child = e2e::shared()?
        .kubectl()?
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .context("running kubectl")?;
    child.stdin.take().unwrap().write_all(input.as_bytes())?;
    let out = child.wait_with_output()?;
    if !out.status.success() {
        bail!(
            "kubectl {} failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Retries `kubectl args...` until it succeeds (discovery and the OpenAPI
/// document catch up with a new CRD within seconds).
fn kubectl_eventually(args: &[&str]) -> Result<String> {
    let start = Instant::now();
    loop {
        match e2e::kubectl(args) {
            Ok(out) => return Ok(out),
            Err(e) if start.elapsed() > Duration::from_secs(60) => return Err(e),
            Err(_) => std::thread::sleep(Duration::from_millis(500)),
        }
    }
}

fn repo(rel: &str) -> String {
    e2e::repo_root().join(rel).display().to_string()
}

fn install_app_crd() -> Result<()> {
    e2e::kubectl(&[
        "apply",
        "--server-side",
        "--force-conflicts",
        "-f",
        &repo("manifests/crd"),
    ])?;
    e2e::kubectl(&[
        "wait",
        "--for=condition=Established",
        "--timeout=60s",
        "crd/apps.myapp.k8s.io",
    ])?;
    Ok(())
}

#[tokio::test]
async fn get_shows_the_printer_columns_and_explain_the_schema() -> Result<()> {
    install_app_crd()?;
    let ns = e2e::ns("kubectl-get").await?;
    let app = std::fs::read_to_string(repo("manifests/example/app.yaml"))?
        .replace("namespace: default", &format!("namespace: {}", ns.name()));
    kubectl_with_input(&["apply", "-f", "-"], &app)?;

    let table = kubectl_eventually(&["get", "apps", "-n", ns.name()])?;
    let mut lines = table.lines();
    let header: Vec<&str> = lines
        .next()
        .unwrap_or_default()
        .split_whitespace()
        .collect();
    assert_eq!(
        header,
        ["NAME", "DEPLOYMENT", "IMAGE", "DESIRED", "AVAILABLE", "AGE"],
        "{table}"
    );
    let row: Vec<&str> = lines
        .next()
        .unwrap_or_default()
        .split_whitespace()
        .collect();
    assert_eq!(row[..4], ["example", "web", "nginx:1.27", "2"], "{table}");

    let explain = kubectl_eventually(&["explain", "app.spec"])?;
    assert!(explain.contains("GROUP:      myapp.k8s.io"), "{explain}");
    assert!(
        explain.contains("spec is the desired state of the App."),
        "{explain}"
    );
    assert!(
        explain.contains("deployment\t<Object> -required-"),
        "{explain}"
    );
    let explain = kubectl_eventually(&["explain", "app.spec.deployment.replicas"])?;
    assert!(
        explain.contains("replicas is the number of pods to run."),
        "{explain}"
    );
    Ok(())
}

/// `(apiGroup, resource) → verbs` granted by rules without resource names.
fn grants(role: &ClusterRole) -> BTreeMap<(String, String), BTreeSet<String>> {
    let mut out: BTreeMap<(String, String), BTreeSet<String>> = BTreeMap::new();
    for rule in role.rules.iter().flatten() {
        if rule.resource_names.as_ref().is_some_and(|n| !n.is_empty()) {
            continue;
        }
        for group in rule.api_groups.iter().flatten() {
            for resource in rule.resources.iter().flatten() {
                out.entry((group.clone(), resource.clone()))
                    .or_default()
                    .extend(rule.verbs.iter().cloned());
            }
        }
    }
    out
}

/// `kubectl auth can-i VERB RESOURCE[.GROUP] [--subresource=S] -n NAMESPACE --as=SUBJECT`.
fn can_i(subject: &str, verb: &str, group: &str, resource: &str, namespace: &str) -> Result<bool> {
    let (resource, subresource) = resource.split_once('/').unwrap_or((resource, ""));
    let target = if group.is_empty() {
        resource.to_owned()
    } else {
        format!("{resource}.{group}")
    };
    let mut cmd = e2e::shared()?.kubectl()?;
    cmd.args(["auth", "can-i", verb, &target, "-n", namespace])
        .arg(format!("--as={subject}"));
    if !subresource.is_empty() {
        cmd.arg(format!("--subresource={subresource}"));
    }
    let out = cmd.output()?;
    match String::from_utf8_lossy(&out.stdout).trim() {
        "yes" => Ok(true),
        "no" => Ok(false),
        other => bail!(
            "kubectl auth can-i {verb} {target}: {other:?} {}",
            String::from_utf8_lossy(&out.stderr)
        ),
    }
}

/// What the App controller calls, from its code: it must be allowed all of it
/// whatever the role file says. `(verb, resource[/subresource], group)`.
const CONTROLLER_NEEDS: &[(&str, &str, &str)] = &[
    ("list", "apps", "myapp.k8s.io"),
    ("watch", "apps", "myapp.k8s.io"),
    ("patch", "apps/status", "myapp.k8s.io"),
    ("list", "deployments", "apps"),
    ("watch", "deployments", "apps"),
    ("create", "deployments", "apps"),
    ("patch", "deployments", "apps"),
    ("list", "services", ""),
    ("watch", "services", ""),
    ("create", "services", ""),
    ("patch", "services", ""),
    ("create", "events", "events.k8s.io"),
];

#[test]
fn the_controller_service_account_may_do_exactly_what_its_role_grants() -> Result<()> {
    let read = |rel: &str| std::fs::read_to_string(repo(rel));
    // The identity the controller's Deployment runs as.
    let deployment: Deployment =
        serde_saphyr::from_str(&read("manifests/controller/02-deployment.yaml")?)?;
    let namespace = deployment.metadata.namespace.clone().unwrap_or_default();
    let sa = deployment
        .spec
        .and_then(|s| s.template.spec)
        .and_then(|s| s.service_account_name)
        .context("the controller's Deployment names its ServiceAccount")?;
    let subject = format!("system:serviceaccount:{namespace}:{sa}");
    // The ClusterRole among the file's documents (a generated role.yaml may
    // hold namespaced Roles too).
    let role_yaml = read("manifests/rbac/role.yaml")?;
    let role: ClusterRole = role_yaml
        .split("\n---")
        .find(|doc| doc.lines().any(|l| l.trim() == "kind: ClusterRole"))
        .map(serde_saphyr::from_str)
        .context("manifests/rbac/role.yaml has a ClusterRole")??;

    // kubectl resolves `apps.myapp.k8s.io` through discovery: the CRD first.
    install_app_crd()?;
    // The namespace, ServiceAccount, role and bindings, as the manifests install them.
    for rel in [
        "manifests/controller/00-namespace.yaml",
        "manifests/controller/01-service-account.yaml",
        "manifests/rbac",
    ] {
        e2e::kubectl(&["apply", "-f", &repo(rel)])?;
    }

    let grants = grants(&role);
    assert!(!grants.is_empty(), "the role grants nothing");
    let all_verbs = [
        "get",
        "list",
        "watch",
        "create",
        "update",
        "patch",
        "delete",
        "deletecollection",
    ];
    let start = Instant::now();
    for ((group, resource), verbs) in &grants {
        for verb in all_verbs {
            let expected = verbs.contains(verb) || verbs.contains("*");
            // RBAC bindings reach the authorizer's cache within moments.
            let allowed = loop {
                let allowed = can_i(&subject, verb, group, resource, "default")?;
                if allowed == expected || start.elapsed() > Duration::from_secs(30) {
                    break allowed;
                }
                std::thread::sleep(Duration::from_millis(250));
            };
            assert_eq!(
                allowed, expected,
                "{subject} {verb} {resource} in group {group:?}: role grants {verbs:?}"
            );
        }
    }
    for (verb, resource, group) in CONTROLLER_NEEDS {
        assert!(
            can_i(&subject, verb, group, resource, "default")?,
            "the controller needs to {verb} {resource} ({group:?}); manifests/rbac does not allow it"
        );
    }
    // Leader election: its Lease, in its own namespace only.
    assert!(can_i(
        &subject,
        "create",
        "coordination.k8s.io",
        "leases",
        &namespace
    )?);
    assert!(!can_i(
        &subject,
        "create",
        "coordination.k8s.io",
        "leases",
        "default"
    )?);
    // Nothing outside the role.
    for (verb, resource, group) in [
        ("get", "secrets", ""),
        ("list", "pods", ""),
        ("create", "clusterroles", "rbac.authorization.k8s.io"),
    ] {
        assert!(
            !can_i(&subject, verb, group, resource, "default")?,
            "{subject} may {verb} {resource}"
        );
    }
    Ok(())
}

fn run_in(dir: &Path, program: &Path, args: &[&str]) -> Result<()> {
    let out = Command::new(program).args(args).current_dir(dir).output()?;
    if !out.status.success() {
        bail!(
            "{} {} failed: {}",
            program.display(),
            args.join(" "),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    Ok(())
}

#[test]
fn a_kind_from_create_api_installs_and_is_established() -> Result<()> {
    let bin = e2e::kube_codegen()?;
    let tmp = tempfile::tempdir()?;
    let dir = tmp.path().join("shop");
    run_in(tmp.path(), &bin, &["init", "shop"])?;
    // A group no other test uses, so the CRD is new to the cluster.
    let group = format!("scaffold{}.example.com", std::process::id());
    run_in(
        &dir,
        &bin,
        &[
            "create",
            "api",
            "--group",
            &group,
            "--version",
            "v1beta1",
            "--kind",
            "Widget",
        ],
    )?;
    let crds = dir.join("generated/crds");
    let crds = crds.display().to_string();
    e2e::kubectl(&["apply", "-f", &crds])?;
    let crd = format!("crd/widgets.{group}");
    e2e::kubectl(&["wait", "--for=condition=Established", "--timeout=60s", &crd])?;

    // The scaffold's printer columns and default work on the server.
    let widget = format!(
        "apiVersion: {group}/v1beta1\nkind: Widget\nmetadata:\n  name: w\n  namespace: default\nspec: {{}}\n"
    );
    kubectl_with_input(&["apply", "-f", "-"], &widget)?;
    let table = kubectl_eventually(&["get", &format!("widgets.{group}"), "-n", "default"])?;
    let header: Vec<&str> = table
        .lines()
        .next()
        .unwrap_or_default()
        .split_whitespace()
        .collect();
    assert_eq!(header, ["NAME", "REPLICAS", "READY", "AGE"], "{table}");
    let row: Vec<&str> = table
        .lines()
        .nth(1)
        .unwrap_or_default()
        .split_whitespace()
        .collect();
    assert_eq!(
        row[..2],
        ["w", "1"],
        "the default replicas=1 applies: {table}"
    );
    e2e::kubectl(&["delete", "--wait=false", "-f", &crds])?;
    Ok(())
}
