//! Operator-sdk's Memcached tutorial in Rust, from an empty directory, as a
//! user does it: kube-codegen installed with `cargo install --path` from a
//! clean copy of this repository (shared with `codegen-cli/tests/scaffold.rs`:
//! `scaffolded`), `kube-codegen init`, `create api --kind Memcached`, the type
//! and the reconcile filled in, `make manifests install deploy`, `cargo build`;
//! then the operator runs against the control plane as the ServiceAccount
//! `make deploy` made, with only the RBAC its markers generated (and the
//! leader-election Role of `config/rbac`), two replicas with `--leader-elect`.
//! The Memcached's webhooks too: `create webhook --defaulting
//! --programmatic-validation`, a default and a denial filled in, the
//! configurations of `make manifests` deployed by `make deploy` and pointed at
//! the standby's webhook server on loopback TLS (a URL and the `caBundle`, as
//! cert-manager and the Service would in a cluster); the API server applies
//! the default and returns the denial.
//!
//! And the operator's bad day, which it inherits from the manager: the API
//! server restarted (5 s down: the leader keeps its Lease, new work converges
//! within 5 s of the server's readiness), then the leader cut off by a proxy
//! of its own (the standby takes over; the audit log shows no write of the
//! old leader after that; the old leader exits).

#[path = "../../../codegen-cli/tests/scaffolded/mod.rs"]
mod scaffolded;

use std::future::Future;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail, ensure};
use e2e::Component;
use e2e::audit::AuditLog;
use e2e::proxy::Proxy;
use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::api::authentication::v1::TokenRequest;
use k8s_openapi::api::coordination::v1::Lease;
use k8s_openapi::api::core::v1::ServiceAccount;
use k8s_openapi::jiff::Timestamp;
use kube::ResourceExt;
use kube::api::{
    Api, DeleteParams, DynamicObject, GroupVersionKind, Patch, PatchParams, PostParams,
};
use kube::config::Kubeconfig;
use kube_codegen_manager::webhook::WebhookConfiguration;
use serde_json::json;

use scaffolded::{
    cargo_command, exclusive_builds, install, run_ok, target_dir, user_command, user_dir,
};

const TIMEOUT: Duration = Duration::from_secs(90);
/// The user's lines in the scaffolded defaulter: a label every Memcached gets.
const DEFAULT: &str = r#"        memcached
            .metadata
            .labels
            .get_or_insert_default()
            .entry("cache.example.com/tier".to_owned())
            .or_insert_with(|| "standard".to_owned());
"#;
/// The user's lines in the scaffolded validator: at most 3 pods.
const DENIAL: &str = r#"        if memcached.spec.size > 3 {
            let error = FieldError::invalid("spec.size", memcached.spec.size, "at most 3 memcached pods on this cluster");
            return Err(Denied::invalid::<Memcached>(name, [error]));
        }
"#;
const PROJECT: &str = "memcached-operator";
const NAMESPACE: &str = "memcached-operator-system";
const SERVICE_ACCOUNT: &str = "memcached-operator-controller-manager";

/// The tutorial's `Size` field, in place of the template's example field.
const SIZE_FIELD: &str = r#"    /// How many memcached pods to run.
    // +kubebuilder:validation:Minimum=1
    // +kubebuilder:validation:Maximum=5
    pub size: i32,
"#;

/// The reconcile the tutorial writes: a Deployment of `spec.size` memcached
/// pods, owned by the Memcached, and an `Available` condition. The RBAC
/// markers `create api` wrote are kept (see `controller`), one is added.
const CONTROLLER: &str = r#"//! The Memcached controller: a Deployment of `spec.size` memcached pods per Memcached.

use std::collections::BTreeMap;
use std::sync::Arc;

use generated::apis::cache::v1alpha1::Memcached;
use k8s_openapi::api::apps::v1::{Deployment, DeploymentSpec};
use k8s_openapi::api::core::v1::{Container, ContainerPort, PodSpec, PodTemplateSpec};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, LabelSelector, ObjectMeta};
use kube::api::{Patch, PatchParams};
use kube_codegen_manager::{Action, Context, Manager, Reconciler, apply, conditions, owner};
use kube_codegen_runtime::{Interface, TypedClient};

{markers}
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch;create;update;patch;delete

pub struct MemcachedReconciler;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Api(#[from] kube_codegen_runtime::Error),
    #[error(transparent)]
    Owner(#[from] owner::OwnerError),
}

impl<C: Interface> Reconciler<Memcached, C> for MemcachedReconciler {
    type Error = Error;

    async fn reconcile(&self, memcached: Arc<Memcached>, ctx: Context<C>) -> Result<Action, Error> {
        let namespace = memcached.metadata.namespace.clone().unwrap_or_default();
        let name = memcached.metadata.name.clone().unwrap_or_default();
        let labels = BTreeMap::from([("app.kubernetes.io/instance".to_owned(), name.clone())]);
        let container = Container {
            name: "memcached".into(),
            image: Some("memcached:1.6.26-alpine3.19".into()),
            command: Some(vec!["memcached".into(), "--memory-limit=64".into(), "-o".into(), "modern".into()]),
            ports: Some(vec![ContainerPort { container_port: 11211, name: Some("memcached".into()), ..Default::default() }]),
            ..Default::default()
        };
        let mut desired = Deployment {
            metadata: ObjectMeta { name: Some(name.clone()), namespace: Some(namespace.clone()), ..Default::default() },
            spec: Some(DeploymentSpec {
                replicas: Some(memcached.spec.size),
                selector: LabelSelector { match_labels: Some(labels.clone()), ..Default::default() },
                template: PodTemplateSpec {
                    metadata: Some(ObjectMeta { labels: Some(labels), ..Default::default() }),
                    spec: Some(PodSpec { containers: vec![container], ..Default::default() }),
                },
                ..Default::default()
            }),
            ..Default::default()
        };
        owner::set_controller_reference(&*memcached, &mut desired)?;
        match ctx.lister::<Deployment>().namespace(&namespace).get(&name) {
            None => drop(apply::create(ctx.client(), &namespace, &desired, ctx.field_manager()).await?),
            Some(live) => drop(apply::apply_if_drifted(ctx.client(), desired, &live, ctx.field_manager()).await?),
        }

        let mut status = memcached.status.clone().unwrap_or_default();
        let available = Condition {
            type_: "Available".into(),
            status: "True".into(),
            reason: "Reconciling".into(),
            message: format!("Deployment {name} with {} replicas created", memcached.spec.size),
            observed_generation: memcached.metadata.generation,
            last_transition_time: conditions::now(),
        };
        if conditions::set_status_condition(&mut status.conditions, available) {
            status.observed_generation = memcached.metadata.generation;
            let params = PatchParams { field_manager: Some(ctx.field_manager().into()), ..Default::default() };
            TypedClient::<Memcached, C>::new(ctx.client(), &namespace)
                .patch_status(&name, &params, &Patch::Merge(serde_json::json!({ "status": status })))
                .await?;
        }
        Ok(Action::await_change())
    }
}

pub fn setup<C: Interface>(manager: &mut Manager<C>) {
    manager.controller::<Memcached>().owns::<Deployment>().complete(MemcachedReconciler);
}
"#;

/// The tutorial, step by step.
#[tokio::test]
async fn the_memcached_tutorial_from_an_empty_directory() -> Result<()> {
    let cp = tokio::task::spawn_blocking(e2e::shared).await??;
    let kubectl = e2e::bin_dir()?.join("kubectl");
    let admin = e2e::client().await?;
    let kube_codegen = tokio::task::spawn_blocking(|| install().bin.clone()).await?;
    let _builds = tokio::task::spawn_blocking(exclusive_builds).await?;

    // kube-codegen init; create api.
    let home = user_dir();
    run_ok(user_command(&kube_codegen, home.path()).args(["init", PROJECT]));
    let dir = home.path().join(PROJECT);
    run_ok(user_command(&kube_codegen, &dir).args([
        "create",
        "api",
        "--group",
        "cache.example.com",
        "--version",
        "v1alpha1",
        "--kind",
        "Memcached",
    ]));

    let out = run_ok(user_command(&kube_codegen, &dir).args([
        "create",
        "webhook",
        "--group",
        "cache.example.com",
        "--version",
        "v1alpha1",
        "--kind",
        "Memcached",
        "--defaulting",
        "--programmatic-validation",
    ]));
    let said = String::from_utf8_lossy(&out.stderr);
    for line in [
        "wrote   src/webhooks/memcached_v1alpha1.rs",
        "wrote   config/default/manager_webhook_patch.yaml",
        "make manifests   (the webhook configurations",
    ] {
        ensure!(said.contains(line), "{line}: {said}");
    }

    // The user's edits: the Size field, the sample, the reconcile, a default
    // and a denial.
    let kind = dir.join("apis/src/cache/v1alpha1/memcached.rs");
    let text = std::fs::read_to_string(&kind)?;
    let spec_start = text
        .find("pub struct MemcachedSpec {\n")
        .context("MemcachedSpec")?
        + 27;
    let spec_end = spec_start
        + text[spec_start..]
            .find("\n}\n")
            .context("end of MemcachedSpec")?
        + 1;
    std::fs::write(
        &kind,
        format!("{}{SIZE_FIELD}{}", &text[..spec_start], &text[spec_end..]),
    )?;
    let sample = dir.join("config/samples/cache_v1alpha1_memcached.yaml");
    let text = std::fs::read_to_string(&sample)?;
    std::fs::write(&sample, text.replace("  replicas: 1\n", "  size: 1\n"))?;
    let controller = dir.join("src/controllers/memcached.rs");
    let scaffolded = std::fs::read_to_string(&controller)?;
    let markers: Vec<&str> = scaffolded
        .lines()
        .filter(|l| l.starts_with("// +kubebuilder:rbac:"))
        .collect();
    ensure!(markers.len() == 3, "the scaffold's markers: {markers:?}");
    std::fs::write(
        &controller,
        CONTROLLER.replace("{markers}", &markers.join("\n")),
    )?;
    let webhook = dir.join("src/webhooks/memcached_v1alpha1.rs");
    let text = std::fs::read_to_string(&webhook)?;
    let edited = text
        .replacen("        Ok(())\n", &format!("{DEFAULT}        Ok(())\n"), 1)
        .replacen(
            "        Ok(Warnings::new())\n",
            &format!("{DENIAL}        Ok(Warnings::new())\n"),
            1,
        );
    ensure!(
        edited.len() == text.len() + DEFAULT.len() + DENIAL.len(),
        "{text}"
    );
    std::fs::write(&webhook, edited)?;

    // make manifests install deploy, with the pinned kubectl and the admin's kubeconfig.
    let make = |targets: &[&str]| {
        let mut command = user_command("make", &dir);
        command
            .args(targets)
            .arg(format!("KUBECTL={}", kubectl.display()));
        if let Some(kubeconfig) = cp.kubeconfig() {
            command.env("KUBECONFIG", kubeconfig);
        }
        command
    };
    run_ok(&mut make(&["manifests", "install"]));
    let role = std::fs::read_to_string(dir.join("config/rbac/role.yaml"))?;
    ensure!(role.contains("  - deployments\n"), "{role}");
    let webhooks = std::fs::read_to_string(dir.join("config/webhook/manifests.yaml"))?;
    for name in ["mmemcached-v1alpha1.kb.io", "vmemcached-v1alpha1.kb.io"] {
        ensure!(
            webhooks.contains(&format!("  name: {name}\n")),
            "{webhooks}"
        );
    }
    run_ok(make(&["deploy"]).arg("IMG=example.com/memcached-operator:v0.0.1"));
    let deployments: Api<Deployment> = Api::namespaced(admin.clone(), NAMESPACE);
    let manager = deployments
        .get("memcached-operator-controller-manager")
        .await
        .context("the Deployment of make deploy")?;
    let image = manager
        .spec
        .clone()
        .and_then(|s| s.template.spec)
        .map(|s| s.containers[0].image.clone());
    ensure!(
        image == Some(Some("example.com/memcached-operator:v0.0.1".into())),
        "{image:?}"
    );
    let args = manager.spec.as_ref().and_then(|s| s.template.spec.as_ref());
    let args = args
        .and_then(|s| s.containers[0].args.clone())
        .unwrap_or_default();
    ensure!(
        args.contains(&"--webhook-cert-path=/tmp/k8s-webhook-server/serving-certs".to_owned()),
        "{args:?}"
    );

    // cargo build (what `make run` runs), then the operator as its ServiceAccount.
    let build_dir = dir.clone();
    tokio::task::spawn_blocking(move || {
        run_ok(cargo_command(&build_dir).args(["build", "--quiet"]))
    })
    .await?;
    let binary = target_dir().join("debug").join(PROJECT);
    let kubeconfig = service_account_kubeconfig(&admin, home.path()).await?;
    let leases: Api<Lease> = Api::namespaced(admin.clone(), NAMESPACE);
    // The webhook server's certificate, for 127.0.0.1 (in a cluster,
    // cert-manager's Secret).
    let certs = home.path().join("serving-certs");
    std::fs::create_dir_all(&certs)?;
    let key = rcgen::KeyPair::generate()?;
    let cert = rcgen::CertificateParams::new(vec!["127.0.0.1".to_owned()])?.self_signed(&key)?;
    std::fs::write(certs.join("tls.crt"), cert.pem())?;
    std::fs::write(certs.join("tls.key"), key.serialize_pem())?;
    // replica-a reaches the API server through a proxy of its own, which
    // the test cuts later.
    let proxy = Proxy::start(cp.apiserver_addr()?).await?;
    let proxied = home.path().join("operator-proxied.kubeconfig");
    through_proxy(&kubeconfig, &proxied, proxy.addr())?;
    let mut a = Operator::start(&binary, &proxied, "replica-a", home.path())?;
    eventually("replica-a holds the Lease", || async {
        Ok((lease_holder(&leases).await? == Some("replica-a".into())).then_some(()))
    })
    .await?;
    let mut b = Operator::start(&binary, &kubeconfig, "replica-b", home.path())?;
    // Ready: its caches synced and its webhook server listening.
    eventually("replica-b serves /readyz", || async {
        Ok(b.get("/readyz").ok().map(drop))
    })
    .await?;

    // A Memcached from the sample: its Deployment, owned by it, and its status.
    let namespace = e2e::ns("memcached").await?;
    let ns = namespace.name().to_owned();
    // The configurations `make deploy` applied, pointed at the standby's
    // webhook server (it serves them too, and outlives replica-a); the API
    // server calls it once it has read them (a dry run shows the default).
    point_webhooks_at(&admin, b.webhook, cert.pem().as_bytes()).await?;
    let memcacheds = memcacheds(&admin, &ns).await?;
    let probe: DynamicObject = serde_json::from_value(json!({
        "apiVersion": "cache.example.com/v1alpha1",
        "kind": "Memcached",
        "metadata": {"name": "probe"},
        "spec": {"size": 1},
    }))?;
    let dry_run = PostParams {
        dry_run: true,
        ..PostParams::default()
    };
    eventually("the API server calls the webhooks", || async {
        Ok(memcacheds
            .create(&dry_run, &probe)
            .await
            .ok()
            .filter(|m| m.labels().contains_key("cache.example.com/tier"))
            .map(drop))
    })
    .await?;
    let mut apply = Command::new(&kubectl);
    if let Some(kubeconfig) = cp.kubeconfig() {
        apply.env("KUBECONFIG", kubeconfig);
    }
    run_ok(
        apply
            .args(["apply", "-n", &ns, "-k"])
            .arg(dir.join("config/samples")),
    );
    let memcached = memcacheds.get("memcached-sample").await?;
    // The defaults: the scaffold's label, and the user's.
    let labels = memcached.metadata.labels.clone().unwrap_or_default();
    ensure!(
        labels.get("app.kubernetes.io/instance").map(String::as_str) == Some("memcached-sample")
            && labels.get("cache.example.com/tier").map(String::as_str) == Some("standard"),
        "{labels:?}"
    );
    let uid = memcached.metadata.uid.clone().context("uid")?;
    let deployments: Api<Deployment> = Api::namespaced(admin.clone(), &ns);
    let owned = eventually("the Deployment of memcached-sample", || async {
        Ok(deployments.get_opt("memcached-sample").await?)
    })
    .await?;
    let controller = owned
        .metadata
        .owner_references
        .iter()
        .flatten()
        .find(|r| r.controller == Some(true))
        .context("no controller owner reference")?;
    ensure!(
        (controller.kind.as_str(), controller.uid.as_str()) == ("Memcached", uid.as_str()),
        "{controller:?}"
    );
    ensure!(replicas(&owned) == Some(1));
    eventually("memcached-sample is Available", || async {
        let status = memcacheds.get("memcached-sample").await?.data["status"].clone();
        let available = status["conditions"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|c| c["type"] == "Available" && c["status"] == "True");
        Ok(available.then_some(()))
    })
    .await?;

    // Only the leader reconciles.
    ensure!(a.reconciles()? > 0, "the leader reconciled nothing");
    ensure!(b.reconciles()? == 0, "the standby reconciled");

    // The size changes: the Deployment follows.
    set_size(&memcacheds, 3).await?;
    wait_replicas(&deployments, 3).await?;
    // Beyond what the validator admits: the API server returns its denial.
    match set_size(&memcacheds, 5).await {
        Err(error) => ensure!(
            error.to_string().contains(
                "admission webhook \"vmemcached-v1alpha1.kb.io\" denied the request: Memcached.cache.example.com \"memcached-sample\" is invalid: spec.size: Invalid value: 5: at most 3 memcached pods on this cluster"
            ),
            "{error:#}"
        ),
        Ok(()) => bail!("a size of 5 was admitted"),
    }

    // The API server is killed and started again, 5 s later: the leader
    // keeps its Lease, and new work converges at once.
    tokio::task::spawn_blocking(move || cp.kill(Component::ApiServer)).await??;
    tokio::time::sleep(Duration::from_secs(5)).await;
    tokio::task::spawn_blocking(move || cp.revive(Component::ApiServer)).await??;
    let ready = Instant::now();
    set_size(&memcacheds, 2).await?;
    wait_replicas(&deployments, 2).await?;
    let converged = ready.elapsed();
    ensure!(
        converged <= Duration::from_secs(5),
        "converged {converged:?} after the API server was ready"
    );
    ensure!(
        lease_holder(&leases).await? == Some("replica-a".into()),
        "the restart changed the leader"
    );
    ensure!(a.is_running()? && b.is_running()?, "a replica exited");

    // The leader is cut off: the standby takes over, the old leader writes
    // nothing after that, and exits.
    let audit = AuditLog::of(cp)?;
    let cut = Timestamp::now();
    proxy.partition();
    eventually("replica-b holds the Lease", || async {
        Ok((lease_holder(&leases).await? == Some("replica-b".into())).then_some(()))
    })
    .await?;
    let acquired = audit.acquisition(PROJECT, "replica-b", cut)?;
    set_size(&memcacheds, 1).await?;
    wait_replicas(&deployments, 1).await?;
    ensure!(b.reconciles()? > 0, "the new leader reconciled nothing");
    proxy.heal();
    let deadline = Instant::now() + TIMEOUT;
    while a.is_running()? {
        ensure!(
            Instant::now() < deadline,
            "replica-a did not exit after losing its Lease"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let late = audit.writes_after("replica-a", acquired.received())?;
    ensure!(
        late.is_empty(),
        "the old leader wrote after the takeover: {late:?}"
    );
    eprintln!(
        "memcached: converged {converged:?} after the API server's restart; {} writes by the cut-off leader after the takeover",
        late.len()
    );

    // A graceful stop hands the Lease over at once (released): replica-c,
    // now serving the webhooks, takes over from replica-b.
    let c = Operator::start(&binary, &kubeconfig, "replica-c", home.path())?;
    eventually("replica-c serves /readyz", || async {
        Ok(c.get("/readyz").ok().map(drop))
    })
    .await?;
    point_webhooks_at(&admin, c.webhook, cert.pem().as_bytes()).await?;
    b.terminate()?;
    eventually("replica-c holds the Lease", || async {
        Ok((lease_holder(&leases).await? == Some("replica-c".into())).then_some(()))
    })
    .await?;
    set_size(&memcacheds, 2).await?;
    wait_replicas(&deployments, 2).await?;
    ensure!(c.reconciles()? > 0, "the new leader reconciled nothing");

    // Deleted: its Deployment is garbage collected.
    memcacheds
        .delete("memcached-sample", &DeleteParams::default())
        .await?;
    eventually("the Deployment is garbage collected", || async {
        Ok(deployments
            .get_opt("memcached-sample")
            .await?
            .is_none()
            .then_some(()))
    })
    .await?;
    c.terminate()?;

    // make undeploy removes the operator and its CRD.
    run_ok(&mut make(&["undeploy"]));
    eventually("the CRD is gone", || async {
        let crds: Api<k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition> =
            Api::all(admin.clone());
        Ok(crds.get_opt("memcacheds.cache.example.com").await?.is_none().then_some(()))
    })
    .await
}

/// The Memcacheds of `ns`, untyped (the type is the user's crate's).
async fn memcacheds(client: &kube::Client, ns: &str) -> Result<Api<DynamicObject>> {
    let gvk = GroupVersionKind::gvk("cache.example.com", "v1alpha1", "Memcached");
    let (resource, _) = kube::discovery::pinned_kind(client, &gvk).await?;
    Ok(Api::namespaced_with(client.clone(), ns, &resource))
}

async fn set_size(memcacheds: &Api<DynamicObject>, size: i32) -> Result<()> {
    memcacheds
        .patch(
            "memcached-sample",
            &PatchParams::default(),
            &Patch::Merge(json!({"spec": {"size": size}})),
        )
        .await?;
    Ok(())
}

fn replicas(deployment: &Deployment) -> Option<i32> {
    deployment.spec.as_ref().and_then(|s| s.replicas)
}

async fn wait_replicas(deployments: &Api<Deployment>, want: i32) -> Result<()> {
    eventually(&format!("the Deployment at {want} replicas"), || async {
        let deployment = deployments.get("memcached-sample").await?;
        Ok((replicas(&deployment) == Some(want)).then_some(()))
    })
    .await
}

async fn lease_holder(leases: &Api<Lease>) -> Result<Option<String>> {
    Ok(leases
        .get_opt(PROJECT)
        .await?
        .and_then(|l| l.spec)
        .and_then(|s| s.holder_identity)
        .filter(|h| !h.is_empty()))
}

/// Points the webhooks of the configurations `make deploy` applied at
/// `https://127.0.0.1:<port><their path>`, trusting `ca` (the manager's
/// `set_url` and `set_ca_bundle`, what a developer without cert-manager uses).
async fn point_webhooks_at(admin: &kube::Client, port: u16, ca: &[u8]) -> Result<()> {
    use k8s_openapi::api::admissionregistration::v1::{
        MutatingWebhookConfiguration, ValidatingWebhookConfiguration,
    };
    async fn point<W: WebhookConfiguration>(
        admin: &kube::Client,
        name: &str,
        port: u16,
        ca: &[u8],
    ) -> Result<()> {
        let api: Api<W> = Api::all(admin.clone());
        let mut config = api.get(name).await?;
        config.set_url(&format!("https://127.0.0.1:{port}"));
        config.set_ca_bundle(ca);
        api.replace(name, &PostParams::default(), &config).await?;
        Ok(())
    }
    let mutating = format!("{PROJECT}-mutating-webhook-configuration");
    point::<MutatingWebhookConfiguration>(admin, &mutating, port, ca).await?;
    let validating = format!("{PROJECT}-validating-webhook-configuration");
    point::<ValidatingWebhookConfiguration>(admin, &validating, port, ca).await
}

/// A kubeconfig for the operator's ServiceAccount (made by `make deploy`),
/// with a token from the TokenRequest API: the operator may do what the
/// generated ClusterRole and the leader-election Role grant, nothing else.
async fn service_account_kubeconfig(admin: &kube::Client, dir: &Path) -> Result<PathBuf> {
    let accounts: Api<ServiceAccount> = Api::namespaced(admin.clone(), NAMESPACE);
    let request: TokenRequest =
        serde_json::from_value(json!({"spec": {"audiences": [], "expirationSeconds": 3600}}))?;
    let token = accounts
        .create_token_request(SERVICE_ACCOUNT, &PostParams::default(), &request)
        .await?
        .status
        .context("token request without status")?
        .token;
    let cp = tokio::task::spawn_blocking(e2e::shared).await??;
    let mut kubeconfig = match cp.kubeconfig() {
        Some(path) => Kubeconfig::read_from(path)?,
        None => Kubeconfig::read()?,
    };
    for auth in &mut kubeconfig.auth_infos {
        auth.auth_info = Some(serde_json::from_value(json!({"token": token}))?);
    }
    let path = dir.join("operator.kubeconfig");
    std::fs::write(&path, serde_json::to_string(&kubeconfig)?)?;
    Ok(path)
}

/// One replica of the operator, killed when dropped.
struct Operator {
    child: Child,
    health: u16,
    /// The webhook server's port.
    webhook: u16,
    log: PathBuf,
}

impl Operator {
    fn start(binary: &Path, kubeconfig: &Path, identity: &str, dir: &Path) -> Result<Self> {
        let health = free_port()?;
        let webhook = free_port()?;
        let log = dir.join(format!("{identity}.log"));
        let child = Command::new(binary)
            .arg("--kubeconfig")
            .arg(kubeconfig)
            .args([
                "--leader-elect",
                "--leader-election-namespace",
                NAMESPACE,
                "--identity",
                identity,
                "--health-probe-bind-address",
                &format!("127.0.0.1:{health}"),
                "--webhook-host",
                "127.0.0.1",
                "--webhook-port",
                &webhook.to_string(),
            ])
            .arg("--webhook-cert-path")
            .arg(dir.join("serving-certs"))
            .env("RUST_LOG", "info")
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log)?)
            .spawn()?;
        Ok(Operator {
            child,
            health,
            webhook,
            log,
        })
    }

    /// `GET path` on the replica's health endpoint (which serves `/metrics` too).
    fn get(&self, path: &str) -> Result<String> {
        let mut stream = std::net::TcpStream::connect(("127.0.0.1", self.health))?;
        stream.set_read_timeout(Some(Duration::from_secs(5)))?;
        write!(stream, "GET {path} HTTP/1.0\r\nHost: localhost\r\n\r\n")?;
        let mut response = String::new();
        stream.read_to_string(&mut response)?;
        ensure!(
            response.starts_with("HTTP/1.") && response.contains(" 200 "),
            "{response}"
        );
        Ok(response)
    }

    /// Successful reconciles of the memcached controller, from `/metrics`.
    fn reconciles(&self) -> Result<u64> {
        let metrics = self.get("/metrics")?;
        Ok(metrics
            .lines()
            .filter(|l| {
                l.starts_with("controller_runtime_reconcile_total{")
                    && l.contains("controller=\"memcached\"")
                    && l.contains("result=\"success\"")
            })
            .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
            .map(|v| v as u64)
            .sum())
    }

    /// Whether the process still runs.
    fn is_running(&mut self) -> Result<bool> {
        Ok(self.child.try_wait()?.is_none())
    }

    /// SIGTERM, and wait for a graceful exit.
    fn terminate(mut self) -> Result<()> {
        run_ok(Command::new("kill").args(["-TERM", &self.child.id().to_string()]));
        let status = self.child.wait()?;
        if !status.success() {
            bail!(
                "the operator exited with {status}:\n{}",
                std::fs::read_to_string(&self.log).unwrap_or_default()
            );
        }
        Ok(())
    }
}

impl Drop for Operator {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
            eprintln!(
                "operator log {}:\n{}",
                self.log.display(),
                std::fs::read_to_string(&self.log).unwrap_or_default()
            );
        }
    }
}

/// Writes `kubeconfig` to `to`, its server the proxy at `proxy` (the API
/// server's certificate names 127.0.0.1, so TLS verifies as before).
fn through_proxy(kubeconfig: &Path, to: &Path, proxy: std::net::SocketAddr) -> Result<()> {
    let mut config = Kubeconfig::read_from(kubeconfig)?;
    for cluster in &mut config.clusters {
        if let Some(cluster) = cluster.cluster.as_mut() {
            cluster.server = Some(format!("https://{proxy}"));
        }
    }
    std::fs::write(to, serde_json::to_string(&config)?)?;
    Ok(())
}

fn free_port() -> Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port())
}

/// Polls `f` until it returns `Some`, for at most [`TIMEOUT`].
async fn eventually<T, F, Fut>(what: &str, mut f: F) -> Result<T>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<Option<T>>>,
{
    let deadline = tokio::time::Instant::now() + TIMEOUT;
    loop {
        if let Some(value) = f().await? {
            return Ok(value);
        }
        if tokio::time::Instant::now() >= deadline {
            bail!("timed out after {TIMEOUT:?} waiting for {what}");
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}
