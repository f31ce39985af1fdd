//! Server-side apply, validation, defaulting and pruning: the fake with the
//! generated crates' CRDs against the real API server, step by step. Each step
//! is one request (apply, status apply, merge patch, update or get) by a named
//! field manager; its outcome is the returned object with its
//! `managedFields` (times, and the order they give, left out), or the error's kind, code, message and
//! causes. Kinds: the App (its validation markers and default, a status
//! condition list keyed by `type`), the fixture's cluster-scoped Cluster
//! (enum, bounds, pattern, `minProperties`, `minItems`, required fields of map
//! values, a CEL transition rule) and Gateway (a `set` list, `maxItems`, item
//! patterns, `byte`, map value enums, preserved unknown fields, a default, a
//! CEL rule on the object and an `optionalOldSelf` transition rule), Database
//! (`multipleOf`, int-or-string, an embedded resource, a format the server
//! does not check) and Route (CEL union rules, atomic objects owned whole).

use anyhow::Result;
use fixture_generated::apis::infra::v1alpha1::{Cluster, Database, Gateway, Route};
use generated::apis::myapp::v1::App;
use generated::clientset::{ApplyParams, Clientset, Error, Interface, fake};
use kube::api::{Patch, PatchParams, PostParams};
use kube_codegen_runtime::{Kind, ResourceApi};
use serde_json::{Value, json};

use super::{Transcript, crds, envtest, normalize_message};

/// What one step does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Apply,
    ApplyStatus,
    /// A JSON merge patch of the main resource.
    Patch,
    /// Read, merge the body into what was read, PUT.
    Update,
    Get,
}

struct Step {
    name: &'static str,
    op: Op,
    object: &'static str,
    /// Empty: no `fieldManager` sent.
    manager: &'static str,
    force: bool,
    dry_run: bool,
    body: Value,
}

fn step(
    name: &'static str,
    op: Op,
    object: &'static str,
    manager: &'static str,
    body: Value,
) -> Step {
    Step {
        name,
        op,
        object,
        manager,
        force: false,
        dry_run: false,
        body,
    }
}

impl Step {
    fn forced(mut self) -> Step {
        self.force = true;
        self
    }

    fn dry_run(mut self) -> Step {
        self.dry_run = true;
        self
    }
}

fn error(e: &Error) -> Value {
    let mut causes: Vec<Value> = e
        .status()
        .and_then(|s| s.details.as_ref())
        .map(|d| {
            d.causes
                .iter()
                .map(|c| json!([c.reason, c.field, normalize_message(&c.message)]))
                .collect()
        })
        .unwrap_or_default();
    causes.sort_by_key(Value::to_string);
    let mut message = normalize_message(e.message());
    // The server lists several errors in Go's map order: compared as causes.
    if causes.len() > 1
        && let Some(at) = message.find(" is invalid: [")
    {
        message.truncate(at + " is invalid: [".len());
        message.push_str("...]");
    }
    json!({
        "error": e.kind().to_string(),
        "code": e.code(),
        "message": message,
        "causes": causes,
    })
}

/// The object without run-specific metadata; managed fields without times.
fn view<K: serde::Serialize>(result: &std::result::Result<K, Error>) -> Value {
    let object = match result {
        Ok(object) => object,
        Err(e) => return error(e),
    };
    let mut value = serde_json::to_value(object).unwrap_or_default();
    if let Some(meta) = value.get_mut("metadata").and_then(Value::as_object_mut) {
        for field in ["uid", "resourceVersion", "creationTimestamp"] {
            meta.remove(field);
        }
        if let Some(entries) = meta.get_mut("managedFields").and_then(Value::as_array_mut) {
            for entry in entries.iter_mut() {
                if let Some(entry) = entry.as_object_mut() {
                    entry.remove("time");
                }
            }
            // The server orders entries by time (whole seconds), then by
            // manager: without times, the order is compared as a set.
            entries.sort_by_key(Value::to_string);
        }
    }
    value
}

/// The body with the object's identity, as clients send apply configurations.
fn identified<K: Kind>(body: &Value, name: &str) -> Value {
    let mut body = body.clone();
    body["apiVersion"] = json!(K::INFO.api_version());
    body["kind"] = json!(K::INFO.kind);
    body["metadata"]["name"] = json!(name);
    body
}

fn merged(mut doc: Value, patch: &Value) -> Value {
    json_patch::merge(&mut doc, patch);
    doc
}

async fn run<K: Kind, A: ResourceApi<K>>(api: &A, name: &str, s: &Step) -> Value {
    let manager = (!s.manager.is_empty()).then(|| s.manager.to_owned());
    let apply = ApplyParams {
        field_manager: s.manager.to_owned(),
        force: s.force,
        dry_run: s.dry_run,
    };
    let patch = PatchParams {
        field_manager: manager.clone(),
        dry_run: s.dry_run,
        ..PatchParams::default()
    };
    let post = PostParams {
        field_manager: manager,
        dry_run: s.dry_run,
    };
    match s.op {
        Op::Apply => view(
            &api.apply(name, &identified::<K>(&s.body, name), &apply)
                .await,
        ),
        Op::ApplyStatus => view(
            &api.apply_status(name, &identified::<K>(&s.body, name), &apply)
                .await,
        ),
        Op::Patch => view(&api.patch(name, &patch, &Patch::Merge(&s.body)).await),
        Op::Get => view(&api.get(name).await),
        Op::Update => {
            let live = match api.get(name).await {
                Ok(live) => live,
                Err(e) => return error(&e),
            };
            let live = serde_json::to_value(&live).unwrap_or_default();
            match serde_json::from_value::<K>(merged(live, &s.body)) {
                Ok(object) => view(&api.update(&post, &object).await),
                Err(e) => json!({ "error": "does not decode", "message": e.to_string() }),
            }
        }
    }
}

fn app_steps() -> Vec<Step> {
    use Op::*;
    let spec = |image: &str| json!({"spec": {"deployment": {"name": "web", "image": image}, "service": {"name": "web"}}});
    let condition = |kind: &str, status: &str| {
        json!({"type": kind, "status": status, "reason": "Checked", "message": "",
               "lastTransitionTime": "2026-01-01T00:00:00Z"})
    };
    vec![
        step("app: apply creates, replicas defaulted", Apply, "web", "alice", spec("nginx:1")),
        step("app: re-apply unchanged", Apply, "web", "alice", spec("nginx:1")),
        step("app: second manager, other image: conflict", Apply, "web", "bob", spec("nginx:2")),
        step("app: second manager, same values: shared", Apply, "web", "bob", spec("nginx:1")),
        step("app: second manager forces image", Apply, "web", "bob", spec("nginx:2")).forced(),
        step(
            "app: first manager adds labels, drops image",
            Apply,
            "web",
            "alice",
            json!({"metadata": {"labels": {"team": "a", "tier": "web"}},
                   "spec": {"deployment": {"name": "web"}, "service": {"name": "web"}}}),
        ),
        step(
            "app: first manager drops a label",
            Apply,
            "web",
            "alice",
            json!({"metadata": {"labels": {"team": "a"}},
                   "spec": {"deployment": {"name": "web"}, "service": {"name": "web"}}}),
        ),
        step(
            "app: apply replicas -1 (Minimum)",
            Apply,
            "web",
            "alice",
            json!({"spec": {"deployment": {"name": "web", "replicas": -1}, "service": {"name": "web"}}}),
        ),
        step(
            "app: apply deployment name Bad_Name (Pattern)",
            Apply,
            "web",
            "alice",
            json!({"spec": {"deployment": {"name": "Bad_Name"}, "service": {"name": "web"}}}),
        )
        .forced(),
        step(
            "app: apply empty image (MinLength)",
            Apply,
            "web",
            "carol",
            json!({"spec": {"deployment": {"name": "web", "image": ""}, "service": {"name": "web"}}}),
        ).forced(),
        step(
            "app: apply service name too long (MaxLength)",
            Apply,
            "web",
            "alice",
            json!({"spec": {"deployment": {"name": "web"}, "service": {"name": "s".repeat(64)}}}),
        )
        .forced(),
        step(
            "app: create without service (Required)",
            Apply,
            "lonely",
            "alice",
            json!({"spec": {"deployment": {"name": "web", "image": "nginx:1"}}}),
        ),
        step(
            "app: apply a field the schema lacks",
            Apply,
            "web",
            "alice",
            json!({"spec": {"deployment": {"name": "web"}, "service": {"name": "web"}, "extra": 1}}),
        ),
        step(
            "app: merge patch with unknown fields is pruned",
            Patch,
            "web",
            "patcher",
            json!({"spec": {"unknown": true, "deployment": {"replicas": 3, "colour": "red"}}}),
        ),
        step(
            "app: merge patch replicas as a string (type)",
            Patch,
            "web",
            "patcher",
            json!({"spec": {"deployment": {"replicas": "three"}}}),
        ),
        step(
            "app: merge patch removing a required field",
            Patch,
            "web",
            "patcher",
            json!({"spec": {"deployment": {"image": null}}}),
        ),
        step(
            "app: merge patch without a field manager",
            Patch,
            "web",
            "",
            json!({"metadata": {"annotations": {"note": "x"}}}),
        ),
        step(
            "app: update takes ownership of replicas",
            Update,
            "web",
            "editor",
            json!({"spec": {"deployment": {"replicas": 4}}}),
        ),
        step(
            "app: update replicas -1 (Minimum on update)",
            Update,
            "web",
            "editor",
            json!({"spec": {"deployment": {"replicas": -1}}}),
        ),
        step(
            "app: apply replicas owned by an updater: conflict",
            Apply,
            "web",
            "alice",
            json!({"spec": {"deployment": {"name": "web", "replicas": 2}, "service": {"name": "web"}}}),
        ),
        step(
            "app: dry-run forced apply",
            Apply,
            "web",
            "alice",
            json!({"spec": {"deployment": {"name": "web", "image": "nginx:9"}, "service": {"name": "web"}}}),
        )
        .forced()
        .dry_run(),
        step("app: get after dry-run", Get, "web", "", json!(null)),
        step(
            "app: status in a main-resource apply is ignored",
            Apply,
            "web",
            "alice",
            json!({"metadata": {"labels": {"team": "a"}},
                   "spec": {"deployment": {"name": "web"}, "service": {"name": "web"}},
                   "status": {"availableReplicas": 7}}),
        ),
        step(
            "app: status apply by one manager",
            ApplyStatus,
            "web",
            "ready-checker",
            json!({"status": {"conditions": [condition("Ready", "True")]}}),
        ),
        step(
            "app: status apply by another manager merges by type",
            ApplyStatus,
            "web",
            "sync-checker",
            json!({"status": {"conditions": [condition("Synced", "False")], "availableReplicas": 1}}),
        ),
        step(
            "app: status apply of another manager's condition: conflict",
            ApplyStatus,
            "web",
            "sync-checker",
            json!({"status": {"conditions": [condition("Ready", "False")]}}),
        ),
        step(
            "app: status apply condition status Maybe (Enum)",
            ApplyStatus,
            "web",
            "ready-checker",
            json!({"status": {"conditions": [condition("Ready", "Maybe")]}}),
        ),
        step(
            "app: status apply bad reason and negative generation",
            ApplyStatus,
            "web",
            "ready-checker",
            json!({"status": {"conditions": [{"type": "Ready", "status": "True", "reason": "not ok!",
                   "message": "", "observedGeneration": -1, "lastTransitionTime": "2026-01-01T00:00:00Z"}]}}),
        ),
        step(
            "app: status apply condition missing required fields",
            ApplyStatus,
            "web",
            "ready-checker",
            json!({"status": {"conditions": [{"type": "Ready", "status": "True"}]}}),
        ),
        step(
            "app: status manager drops its condition",
            ApplyStatus,
            "web",
            "ready-checker",
            json!({"status": {}}),
        ),
        step("app: status apply of a missing object", ApplyStatus, "missing", "x", json!({"status": {}})),
    ]
}

fn cluster_steps() -> Vec<Step> {
    use Op::*;
    let spec = |extra: Value| {
        merged(
            json!({"spec": {"region": "eu-west", "nodeCount": 3, "version": "1.34"}}),
            &json!({ "spec": extra }),
        )
    };
    vec![
        step(
            "cluster: apply creates",
            Apply,
            "c",
            "alice",
            spec(
                json!({"nodeLabels": {"a": "x"}, "subnets": [["10.0.0.0/24"]],
                        "pools": {"p1": {"machineType": "m1", "size": 1}}}),
            ),
        ),
        step(
            "cluster: second manager adds a map key",
            Apply,
            "c",
            "bob",
            json!({"spec": {"nodeLabels": {"b": "y"}}}),
        ),
        step(
            "cluster: second manager adds a pool",
            Apply,
            "c",
            "bob",
            json!({"spec": {"pools": {"p2": {"machineType": "m2", "size": 2}}}}),
        ),
        step(
            "cluster: second manager replaces an atomic list: conflict",
            Apply,
            "c",
            "bob",
            json!({"spec": {"subnets": [["10.1.0.0/24"]]}}),
        ),
        step(
            "cluster: ... forced",
            Apply,
            "c",
            "bob",
            json!({"spec": {"subnets": [["10.1.0.0/24"]]}}),
        )
        .forced(),
        step(
            "cluster: first manager drops its label and list",
            Apply,
            "c",
            "alice",
            spec(json!({"pools": {"p1": {"machineType": "m1", "size": 1}}})),
        ),
        step(
            "cluster: region mars (Enum)",
            Apply,
            "c",
            "alice",
            spec(json!({"region": "mars"})),
        ),
        step(
            "cluster: nodeCount 0 (Minimum)",
            Apply,
            "c",
            "alice",
            spec(json!({"nodeCount": 0})),
        ),
        step(
            "cluster: nodeCount 1001 (Maximum)",
            Apply,
            "c",
            "alice",
            spec(json!({"nodeCount": 1001})),
        ),
        step(
            "cluster: version abc (Pattern)",
            Apply,
            "c",
            "alice",
            spec(json!({"version": "abc"})),
        ),
        step(
            "cluster: version down (CEL transition rule)",
            Apply,
            "c",
            "alice",
            spec(json!({"version": "1.30"})),
        ),
        step(
            "cluster: version up",
            Apply,
            "c",
            "alice",
            spec(json!({"version": "1.35"})),
        ),
        step(
            "cluster: no pools left (MinProperties)",
            Patch,
            "c",
            "patcher",
            json!({"spec": {"pools": {"p1": null, "p2": null}}}),
        ),
        step(
            "cluster: empty subnets (MinItems)",
            Patch,
            "c",
            "patcher",
            json!({"spec": {"subnets": []}}),
        ),
        step(
            "cluster: pool without size (Required in a map value)",
            Patch,
            "c",
            "patcher",
            json!({"spec": {"pools": {"p3": {"machineType": "m3"}}}}),
        ),
        step(
            "cluster: pool size -1 and region and count at once",
            Patch,
            "c",
            "patcher",
            json!({"spec": {"pools": {"p1": {"size": -1}}, "region": "moon", "nodeCount": 0}}),
        ),
        step(
            "cluster: status apply",
            ApplyStatus,
            "c",
            "operator",
            json!({"status": {"phase": "running", "readyNodes": 3}}),
        ),
        step(
            "cluster: status phase flying (Enum)",
            ApplyStatus,
            "c",
            "operator",
            json!({"status": {"phase": "flying"}}),
        ),
        step(
            "cluster: missing spec on create (Required)",
            Apply,
            "d",
            "alice",
            json!({}),
        ),
    ]
}

fn gateway_steps() -> Vec<Step> {
    use Op::*;
    let spec = |extra: Value| {
        merged(
            json!({"spec": {"host": "gw.example.com", "weights": [10, 20]}}),
            &json!({ "spec": extra }),
        )
    };
    vec![
        step(
            "gateway: apply creates, class and listeners defaulted",
            Apply,
            "g",
            "alice",
            spec(json!({"aliases": ["a.example.com"], "extra": {"anything": {"goes": 1}}})),
        ),
        step(
            "gateway: second manager adds to a set",
            Apply,
            "g",
            "bob",
            json!({"spec": {"aliases": ["b.example.com"]}}),
        ),
        step(
            "gateway: class change (optionalOldSelf transition rule)",
            Apply,
            "g",
            "alice",
            spec(json!({"class": "premium"})),
        ),
        step(
            "gateway: minPort above maxPort (CEL rule)",
            Apply,
            "g",
            "alice",
            spec(json!({"minPort": 9000, "maxPort": 80})),
        ),
        step(
            "gateway: port 70000 (Maximum)",
            Apply,
            "g",
            "alice",
            spec(json!({"maxPort": 70000})),
        ),
        step(
            "gateway: weight 101 (items Maximum)",
            Apply,
            "g",
            "alice",
            spec(json!({"weights": [101, 0]})),
        ),
        step(
            "gateway: duplicate set items",
            Patch,
            "g",
            "patcher",
            json!({"spec": {"aliases": ["x.example.com", "x.example.com"]}}),
        ),
        step(
            "gateway: nine aliases (MaxItems)",
            Patch,
            "g",
            "patcher",
            json!({"spec": {"aliases": (0..9).map(|i| format!("h{i}.example.com")).collect::<Vec<_>>()}}),
        ),
        step(
            "gateway: alias Not_A_Host (items Pattern)",
            Patch,
            "g",
            "patcher",
            json!({"spec": {"aliases": ["Not_A_Host"]}}),
        ),
        step(
            "gateway: certificate not base64 (Format byte)",
            Patch,
            "g",
            "patcher",
            json!({"spec": {"certificate": "%%%"}}),
        ),
        step(
            "gateway: zone value d (map value Enum)",
            Patch,
            "g",
            "patcher",
            json!({"spec": {"zones": {"x": "d"}}}),
        ),
        step(
            "gateway: preserved unknown fields kept, others pruned",
            Patch,
            "g",
            "patcher",
            json!({"spec": {"settings": {"free": {"form": true}}, "undeclared": 1}}),
        ),
        step(
            "gateway: host missing on create (Required)",
            Apply,
            "h",
            "alice",
            json!({"spec": {"weights": []}}),
        ),
    ]
}

fn database_steps() -> Vec<Step> {
    use Op::*;
    let spec = |extra: Value| {
        merged(
            json!({"spec": {"storageGib": 20, "engine": "postgres", "port": "sql", "backupWindow": "any text"}}),
            &json!({ "spec": extra }),
        )
    };
    vec![
        step(
            "database: apply creates (unchecked format, int-or-string)",
            Apply,
            "db",
            "alice",
            spec(json!({})),
        ),
        step(
            "database: storage 25 (MultipleOf)",
            Apply,
            "db",
            "alice",
            spec(json!({"storageGib": 25})),
        ),
        step(
            "database: storage 0 (Minimum)",
            Apply,
            "db",
            "alice",
            spec(json!({"storageGib": 0})),
        ),
        step(
            "database: port true (int-or-string type)",
            Apply,
            "db",
            "alice",
            spec(json!({"port": true})),
        ),
        step(
            "database: engine oracle (Enum)",
            Apply,
            "db",
            "alice",
            spec(json!({"engine": "oracle"})),
        ),
        step(
            "database: embedded resource without kind",
            Apply,
            "db",
            "alice",
            spec(
                json!({"companion": {"apiVersion": "v1", "metadata": {"name": "x"}, "data": {"k": "v"}}}),
            ),
        ),
        step(
            "database: embedded resource kept whole",
            Apply,
            "db",
            "alice",
            spec(
                json!({"companion": {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "x", "labels": {"a": "b"}}, "data": {"k": "v"}}}),
            ),
        ),
        step(
            "database: second manager changes the port: conflict",
            Apply,
            "db",
            "bob",
            json!({"spec": {"port": 5432}}),
        ),
    ]
}

fn route_steps() -> Vec<Step> {
    use Op::*;
    let service = json!({"type": "service", "name": "web", "port": 80});
    vec![
        step(
            "route: apply creates",
            Apply,
            "r",
            "alice",
            json!({"spec": {"backend": service, "retryPolicy": "Never"}}),
        ),
        step(
            "route: backend union rule (CEL on an atomic object)",
            Apply,
            "r",
            "alice",
            json!({"spec": {"backend": {"type": "service", "name": "web", "port": 80, "url": "http://x"}, "retryPolicy": "Never"}}),
        ),
        step(
            "route: retry policy rule on the spec (CEL)",
            Apply,
            "r",
            "alice",
            json!({"spec": {"backend": service, "retryPolicy": "Immediate"}}),
        ),
        step(
            "route: second manager changes an atomic object: conflict",
            Apply,
            "r",
            "bob",
            json!({"spec": {"backend": {"type": "drop"}}}),
        ),
        step(
            "route: ... forced replaces it whole",
            Apply,
            "r",
            "bob",
            json!({"spec": {"backend": {"type": "drop"}}}),
        )
        .forced(),
        step(
            "route: first manager's atomic object is gone from its fields",
            Get,
            "r",
            "",
            json!(null),
        ),
    ]
}

/// The steps the API server refuses, with its HTTP code; every other step
/// succeeds. Checked on the server's answers, so each step keeps testing what
/// its name says.
const REFUSED: &[(&str, u16)] = &[
    ("app: second manager, other image: conflict", 409),
    ("app: apply replicas -1 (Minimum)", 422),
    ("app: apply deployment name Bad_Name (Pattern)", 422),
    ("app: apply empty image (MinLength)", 422),
    ("app: apply service name too long (MaxLength)", 422),
    ("app: create without service (Required)", 422),
    ("app: apply a field the schema lacks", 500),
    ("app: merge patch replicas as a string (type)", 422),
    ("app: merge patch removing a required field", 422),
    ("app: update replicas -1 (Minimum on update)", 422),
    ("app: apply replicas owned by an updater: conflict", 409),
    (
        "app: status apply of another manager's condition: conflict",
        409,
    ),
    ("app: status apply condition status Maybe (Enum)", 422),
    ("app: status apply bad reason and negative generation", 422),
    ("app: status apply condition missing required fields", 422),
    ("app: status apply of a missing object", 404),
    (
        "cluster: second manager replaces an atomic list: conflict",
        409,
    ),
    ("cluster: region mars (Enum)", 422),
    ("cluster: nodeCount 0 (Minimum)", 422),
    ("cluster: nodeCount 1001 (Maximum)", 422),
    ("cluster: version abc (Pattern)", 422),
    ("cluster: version down (CEL transition rule)", 422),
    ("cluster: no pools left (MinProperties)", 422),
    ("cluster: empty subnets (MinItems)", 422),
    ("cluster: pool without size (Required in a map value)", 422),
    ("cluster: pool size -1 and region and count at once", 422),
    ("cluster: status phase flying (Enum)", 422),
    ("cluster: missing spec on create (Required)", 422),
    (
        "gateway: class change (optionalOldSelf transition rule)",
        422,
    ),
    ("gateway: minPort above maxPort (CEL rule)", 422),
    ("gateway: port 70000 (Maximum)", 422),
    ("gateway: weight 101 (items Maximum)", 422),
    ("gateway: duplicate set items", 422),
    ("gateway: nine aliases (MaxItems)", 422),
    ("gateway: alias Not_A_Host (items Pattern)", 422),
    ("gateway: certificate not base64 (Format byte)", 422),
    ("gateway: zone value d (map value Enum)", 422),
    ("gateway: host missing on create (Required)", 422),
    ("database: storage 25 (MultipleOf)", 422),
    ("database: storage 0 (Minimum)", 422),
    ("database: port true (int-or-string type)", 422),
    ("database: engine oracle (Enum)", 422),
    ("database: embedded resource without kind", 422),
    ("database: second manager changes the port: conflict", 409),
    ("route: backend union rule (CEL on an atomic object)", 422),
    ("route: retry policy rule on the spec (CEL)", 422),
    (
        "route: second manager changes an atomic object: conflict",
        409,
    ),
];

async fn scenario<C: Interface>(clientset: &C, namespace: &str) -> Result<Transcript> {
    let mut t = Transcript::default();
    let apps = clientset.api::<App>(namespace);
    for s in app_steps() {
        t.record(s.name, run(&apps, s.object, &s).await);
    }
    let clusters = clientset.api::<Cluster>("");
    for s in cluster_steps() {
        let name = format!("{namespace}-{}", s.object);
        t.record(s.name, run(&clusters, &name, &s).await);
    }
    for s in cluster_steps().iter().filter(|s| s.op == Op::Apply) {
        let name = format!("{namespace}-{}", s.object);
        let _ = clusters
            .delete(&name, &kube::api::DeleteParams::default())
            .await;
    }
    let gateways = clientset.api::<Gateway>(namespace);
    for s in gateway_steps() {
        t.record(s.name, run(&gateways, s.object, &s).await);
    }
    let databases = clientset.api::<Database>(namespace);
    for s in database_steps() {
        t.record(s.name, run(&databases, s.object, &s).await);
    }
    let routes = clientset.api::<Route>(namespace);
    for s in route_steps() {
        t.record(s.name, run(&routes, s.object, &s).await);
    }
    Ok(t)
}

#[tokio::test]
async fn fake_applies_validates_and_defaults_like_the_server() -> Result<()> {
    let client = envtest::client().await?;
    let app_crds = generated::crds::custom_resource_definitions()?;
    let fixture_crds = fixture_generated::crds::custom_resource_definitions()?;
    crds::install(&client, app_crds).await?;
    crds::install(&client, fixture_crds).await?;
    let ns = envtest::ns("fidelity-apply").await?;

    let fake = fake::Clientset::default()
        .with_crds(generated::crds::all())
        .with_crds(fixture_generated::crds::all());
    let fake_run = scenario(&fake, ns.name()).await?;
    let server_run = scenario(&Clientset::new(client), ns.name()).await?;

    assert!(fake_run.steps.len() >= 70, "{} steps", fake_run.steps.len());
    for (step, _) in REFUSED {
        assert!(
            server_run.steps.iter().any(|(s, _)| s == step),
            "REFUSED names no step {step:?}"
        );
    }
    let unexpected: Vec<String> = server_run
        .steps
        .iter()
        .filter_map(|(step, outcome)| {
            let expected = REFUSED
                .iter()
                .find(|(s, _)| s == step)
                .map(|(_, code)| *code);
            let code = outcome.get("code").and_then(Value::as_u64);
            let ok = outcome.get("error").is_none();
            let as_expected = match expected {
                Some(wanted) => code == Some(u64::from(wanted)),
                None => ok,
            };
            (!as_expected)
                .then(|| format!("{step}: expected {expected:?}, the server answered {outcome}"))
        })
        .collect();
    assert!(
        unexpected.is_empty(),
        "steps the server did not answer as their name says:\n{}",
        unexpected.join("\n")
    );
    let mismatches: Vec<String> = fake_run
        .steps
        .iter()
        .zip(&server_run.steps)
        .filter(|((_, fake), (_, server))| fake != server)
        .map(|((step, fake), (_, server))| format!("{step}:\n  fake:   {fake}\n  server: {server}"))
        .collect();
    assert!(
        mismatches.is_empty(),
        "the fake differs from the server on {} of {} steps:\n{}",
        mismatches.len(),
        fake_run.steps.len(),
        mismatches.join("\n")
    );
    Ok(())
}
