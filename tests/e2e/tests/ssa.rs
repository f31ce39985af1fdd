//! Differential suite of the server-side apply and validation engines
//! (`kube-codegen-merge`, `kube-codegen-schema`): every step of
//! `ssa/corpus.yaml` runs through the engines, composed as the API server
//! composes them (decode: prune, drop nulls, default; field manager;
//! strategy; validation), and through the real API server on the same CRD
//! (`ssa/widgets.yaml`). Outcomes (error code, reason, message, causes),
//! returned objects and managedFields (times only for their presence) are
//! compared.
//!
//! Differences that remain are listed with their reasons in
//! `ssa/differences.yaml` (see `ssa/DIFFERENCES.md`); the test fails on a
//! difference not listed (NEW) and on a listed one that no longer occurs
//! (GONE). `KUBE_CODEGEN_UPDATE_DIFFERENCES=1` rewrites the list, keeping
//! the reasons of entries that still occur; `KUBE_CODEGEN_SSA_SHOW=1` prints
//! what the server answered to each step (with `--nocapture`).

use std::collections::BTreeMap;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use e2e::crds;
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Status, Time};
use kube::api::{ApiResource, DynamicObject, GroupVersionKind, Patch, PatchParams, PostParams};
use kube::{Api, Client};
use kube_codegen_merge::{FieldManager, Subresource};
use kube_codegen_schema::CustomResourceSchemas;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

const GROUP: &str = "ssa.e2e.example.com";
const API_VERSION: &str = "ssa.e2e.example.com/v1";
const KIND: &str = "Widget";

#[derive(Debug, Deserialize)]
struct Corpus {
    steps: Vec<Step>,
}

#[derive(Debug, Deserialize)]
struct Step {
    name: String,
    op: String,
    object: String,
    manager: String,
    #[serde(default)]
    force: bool,
    expect: Value,
    body: Value,
}

/// A listed difference between the engines and the server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Difference {
    step: String,
    /// `outcome` (error or success) or `object` (the object returned).
    aspect: String,
    engines: Value,
    server: Value,
    reason: String,
}

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("ssa")
}

fn read<T: for<'de> Deserialize<'de>>(name: &str) -> Result<T> {
    let path = dir().join(name);
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    serde_saphyr::from_str(&text).with_context(|| format!("parsing {}", path.display()))
}

/// The object of a step: the body with apiVersion, kind, name and namespace.
fn with_identity(body: &Value, name: &str, ns: &str) -> Value {
    let mut obj = body.clone();
    obj["apiVersion"] = json!(API_VERSION);
    obj["kind"] = json!(KIND);
    if !obj.get("metadata").is_some_and(Value::is_object) {
        obj["metadata"] = json!({});
    }
    obj["metadata"]["name"] = json!(name);
    obj["metadata"]["namespace"] = json!(ns);
    obj
}

/// `live` with the body's top-level fields replaced (metadata merged).
fn replaced(live: &Value, body: &Value) -> Value {
    let mut new = live.clone();
    for (k, v) in body.as_object().into_iter().flatten() {
        if k == "metadata" {
            for (mk, mv) in v.as_object().into_iter().flatten() {
                new["metadata"][mk] = mv.clone();
            }
        } else {
            new[k] = v.clone();
        }
    }
    new
}

/// The comparable part of an outcome.
fn normalize(outcome: std::result::Result<Value, Value>, ns: &str) -> Value {
    match outcome {
        Ok(mut obj) => {
            let meta = obj.get("metadata").cloned().unwrap_or(json!({}));
            let mut kept = serde_json::Map::new();
            for k in ["labels", "annotations", "finalizers", "ownerReferences"] {
                if let Some(v) = meta.get(k) {
                    kept.insert(k.to_owned(), v.clone());
                }
            }
            let mut managed: Vec<Value> = meta
                .get("managedFields")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .map(|mut e| {
                    // Times differ; whether an entry has one does not.
                    if let Some(t) = e.get_mut("time") {
                        *t = json!("<time>");
                    }
                    e
                })
                .collect();
            managed.sort_by_key(|e| {
                (
                    e["manager"].to_string(),
                    e["operation"].to_string(),
                    e["subresource"].to_string(),
                )
            });
            kept.insert("managedFields".to_owned(), Value::Array(managed));
            obj["metadata"] = Value::Object(kept);
            json!({"ok": obj})
        }
        Err(status) => {
            let code = status["code"].clone();
            let mut message = status["message"].as_str().unwrap_or("").replace(ns, "<ns>");
            if code == 422 {
                // The server lists the errors of a map in Go's random map
                // order: the causes are compared as a set instead.
                message = message.split(" is invalid").next().unwrap_or("").to_owned();
            }
            let mut causes: Vec<Value> = status["details"]["causes"]
                .as_array()
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .map(|c| json!([c["reason"], c["field"], c["message"]]))
                .collect();
            causes.sort_by_key(Value::to_string);
            json!({"error": {"code": code, "reason": status["reason"], "message": message, "causes": causes}})
        }
    }
}

fn status_json(status: &Status) -> Value {
    serde_json::to_value(status).unwrap_or_default()
}

/// The engines, composed as the API server composes them for one resource.
struct Engines {
    fm: FieldManager,
    schemas: CustomResourceSchemas,
    store: BTreeMap<String, Value>,
    ns: String,
}

impl Engines {
    fn now() -> Time {
        Time(k8s_openapi::jiff::Timestamp::now())
    }

    fn run(&mut self, step: &Step) -> std::result::Result<Value, Value> {
        let v = self.schemas.version("v1").expect("the CRD has v1");
        let live = self.store.get(&step.object).cloned();
        let invalid = |errors: &[kube_codegen_schema::FieldError]| {
            status_json(&v.invalid(&step.object, errors))
        };
        let now = Self::now();
        let new = match step.op.as_str() {
            "apply" | "apply-status" => {
                let sub = if step.op == "apply" {
                    Subresource::Main
                } else {
                    Subresource::Status
                };
                let config = with_identity(&step.body, &step.object, &self.ns);
                let base = live.clone().unwrap_or(Value::Null);
                let mut new = self
                    .fm
                    .apply(sub, &base, &config, &step.manager, step.force, &now)
                    .map_err(|e| status_json(&e.to_status()))?;
                v.default(&mut new);
                let errors = match (&live, sub) {
                    (None, _) => {
                        strategy_create(&mut new);
                        v.validate_create(&new)
                    }
                    (Some(live), Subresource::Main) => {
                        new["status"] = live.get("status").cloned().unwrap_or(Value::Null);
                        drop_null_status(&mut new);
                        v.validate_update(&new, live)
                    }
                    (Some(live), Subresource::Status) => {
                        new = status_only(live, &new);
                        v.validate_status_update(&new, live)
                    }
                };
                if !errors.is_empty() {
                    return Err(invalid(&errors));
                }
                new
            }
            "create" => {
                let mut new = with_identity(&step.body, &step.object, &self.ns);
                v.decode(&mut new)
                    .map_err(|e| json!({"code": 400, "message": e.to_string()}))?;
                self.fm.update(
                    Subresource::Main,
                    &Value::Null,
                    &mut new,
                    &step.manager,
                    &now,
                );
                strategy_create(&mut new);
                let errors = v.validate_create(&new);
                if !errors.is_empty() {
                    return Err(invalid(&errors));
                }
                new
            }
            "update" | "patch" | "update-status" => {
                let live = live.expect("update steps follow the object's creation");
                let mut new = if step.op == "patch" {
                    let mut doc = live.clone();
                    json_patch::merge(&mut doc, &step.body);
                    doc
                } else {
                    replaced(&live, &step.body)
                };
                v.decode(&mut new)
                    .map_err(|e| json!({"code": 400, "message": e.to_string()}))?;
                let sub = if step.op == "update-status" {
                    Subresource::Status
                } else {
                    Subresource::Main
                };
                self.fm.update(sub, &live, &mut new, &step.manager, &now);
                let errors = if sub == Subresource::Status {
                    new = status_only(&live, &new);
                    v.validate_status_update(&new, &live)
                } else {
                    new["status"] = live.get("status").cloned().unwrap_or(Value::Null);
                    drop_null_status(&mut new);
                    v.validate_update(&new, &live)
                };
                if !errors.is_empty() {
                    return Err(invalid(&errors));
                }
                new
            }
            other => panic!("unknown op {other}"),
        };
        self.store.insert(step.object.clone(), new.clone());
        Ok(new)
    }
}

/// The CRD strategy on create with a status subresource: no status.
fn strategy_create(obj: &mut Value) {
    if let Some(m) = obj.as_object_mut() {
        m.remove("status");
    }
}

fn drop_null_status(obj: &mut Value) {
    if obj.get("status").is_some_and(Value::is_null)
        && let Some(m) = obj.as_object_mut()
    {
        m.remove("status");
    }
}

/// The status strategy: the old object with the new status and managed fields.
fn status_only(live: &Value, new: &Value) -> Value {
    let mut out = live.clone();
    out["status"] = new.get("status").cloned().unwrap_or(Value::Null);
    drop_null_status(&mut out);
    match new.pointer("/metadata/managedFields") {
        Some(m) => out["metadata"]["managedFields"] = m.clone(),
        None => {
            if let Some(meta) = out["metadata"].as_object_mut() {
                meta.remove("managedFields");
            }
        }
    }
    out
}

async fn server_run(
    api: &Api<DynamicObject>,
    step: &Step,
    ns: &str,
) -> Result<std::result::Result<Value, Value>> {
    let name = &step.object;
    let apply = |manager: &str, force: bool| {
        let p = PatchParams::apply(manager);
        if force { p.force() } else { p }
    };
    let result: std::result::Result<DynamicObject, kube::Error> = match step.op.as_str() {
        "apply" => {
            api.patch(
                name,
                &apply(&step.manager, step.force),
                &Patch::Apply(with_identity(&step.body, name, ns)),
            )
            .await
        }
        "apply-status" => {
            api.patch_status(
                name,
                &apply(&step.manager, step.force),
                &Patch::Apply(with_identity(&step.body, name, ns)),
            )
            .await
        }
        "create" => {
            let obj: DynamicObject = serde_json::from_value(with_identity(&step.body, name, ns))?;
            let pp = PostParams {
                field_manager: Some(step.manager.clone()),
                ..PostParams::default()
            };
            api.create(&pp, &obj).await
        }
        "patch" => {
            let pp = PatchParams {
                field_manager: Some(step.manager.clone()),
                ..PatchParams::default()
            };
            api.patch(name, &pp, &Patch::Merge(&step.body)).await
        }
        "update" | "update-status" => {
            let live = serde_json::to_value(api.get(name).await?)?;
            let new = replaced(&live, &step.body);
            let pp = PostParams {
                field_manager: Some(step.manager.clone()),
                ..PostParams::default()
            };
            let new: DynamicObject = serde_json::from_value(new)?;
            if step.op == "update" {
                api.replace(name, &pp, &new).await
            } else {
                api.replace_status(name, &pp, &new).await
            }
        }
        other => bail!("unknown op {other}"),
    };
    Ok(match result {
        Ok(obj) => Ok(serde_json::to_value(obj)?),
        Err(kube::Error::Api(status)) => Err(serde_json::to_value(&*status)?),
        Err(e) => return Err(e).with_context(|| format!("step {:?}", step.name)),
    })
}

fn expected_matches(expect: &Value, server: &Value) -> bool {
    match expect.as_str() {
        Some("ok") => server.get("ok").is_some(),
        _ => server.pointer("/error/code") == Some(expect),
    }
}

#[tokio::test]
async fn engines_apply_validate_and_default_like_the_api_server() -> Result<()> {
    let client: Client = e2e::client().await?;
    let crd: CustomResourceDefinition = read("widgets.yaml")?;
    crds::install(&client, [crd.clone()]).await?;
    let ns = e2e::ns("ssa").await?;
    let gvk = GroupVersionKind::gvk(GROUP, "v1", KIND);
    let resource = ApiResource::from_gvk_with_plural(&gvk, "widgets");
    let api: Api<DynamicObject> = Api::namespaced_with(client, ns.name(), &resource);

    let corpus: Corpus = read("corpus.yaml")?;
    let mut engines = Engines {
        fm: FieldManager::for_crd(&crd),
        schemas: CustomResourceSchemas::for_crd(&crd),
        store: BTreeMap::new(),
        ns: ns.name().to_owned(),
    };
    assert!(
        engines.schemas.compile_errors().is_empty(),
        "{:?}",
        engines.schemas.compile_errors()
    );

    let mut found = Vec::new();
    let mut misdirected = Vec::new();
    // The last configuration each manager applied to each object.
    let mut applied: BTreeMap<(String, String, String), Value> = BTreeMap::new();
    for step in &corpus.steps {
        let server = normalize(server_run(&api, step, ns.name()).await?, ns.name());
        let mine = normalize(engines.run(step), ns.name());
        if std::env::var("KUBE_CODEGEN_SSA_SHOW").as_deref() == Ok("1") {
            println!("{}:\n  server: {server}", step.name);
        }
        if !expected_matches(&step.expect, &server) {
            misdirected.push(format!(
                "{:?}: expected {}, the server answered {server}",
                step.name, step.expect
            ));
        }
        if step.op.starts_with("apply") && server.get("ok").is_some() {
            let key = (step.object.clone(), step.manager.clone(), step.op.clone());
            applied.insert(key, step.body.clone());
        }
        let aspect = match (mine.get("ok"), server.get("ok")) {
            (Some(_), Some(_)) => "object",
            _ => "outcome",
        };
        if mine != server {
            found.push(Difference {
                step: step.name.clone(),
                aspect: aspect.to_owned(),
                engines: mine,
                server,
                reason: String::new(),
            });
        }
        // Keep the engines' store in step with the server when they differ,
        // so that one difference does not spill over into later steps.
        if let Ok(obj) = api
            .get_opt(&step.object)
            .await
            .map(|o| o.map(serde_json::to_value))
        {
            match obj {
                Some(Ok(obj)) => {
                    engines.store.insert(step.object.clone(), obj);
                }
                _ => {
                    engines.store.remove(&step.object);
                }
            }
        }
    }
    assert!(
        misdirected.is_empty(),
        "steps that do not test what they say:\n{}",
        misdirected.join("\n")
    );
    println!("{} steps, {} differences", corpus.steps.len(), found.len());

    let path = dir().join("differences.yaml");
    let listed: Vec<Difference> = if path.exists() {
        read("differences.yaml")?
    } else {
        Vec::new()
    };
    let key = |d: &Difference| (d.step.clone(), d.aspect.clone());
    if std::env::var("KUBE_CODEGEN_UPDATE_DIFFERENCES").as_deref() == Ok("1") {
        let updated: Vec<Difference> = found
            .iter()
            .map(|d| {
                let reason = listed
                    .iter()
                    .find(|l| key(l) == key(d) && l.engines == d.engines && l.server == d.server)
                    .map_or("UNEXPLAINED".to_owned(), |l| l.reason.clone());
                Difference {
                    reason,
                    ..d.clone()
                }
            })
            .collect();
        let header = "# Differences between the engines and the API server on tests/e2e/ssa/corpus.yaml,\n# checked by tests/ssa.rs; see DIFFERENCES.md.\n";
        std::fs::write(
            &path,
            format!("{header}{}", serde_saphyr::to_string(&updated)?),
        )?;
    }
    let mut problems = Vec::new();
    for d in &found {
        match listed.iter().find(|l| key(l) == key(d)) {
            None => problems.push(format!(
                "NEW {} / {}:\n  engines: {}\n  server:  {}",
                d.step, d.aspect, d.engines, d.server
            )),
            Some(l) if l.engines != d.engines || l.server != d.server => problems.push(format!(
                "CHANGED {} / {}:\n  engines: {}\n  server:  {}",
                d.step, d.aspect, d.engines, d.server
            )),
            Some(l) if l.reason.trim().is_empty() || l.reason == "UNEXPLAINED" => {
                problems.push(format!("UNEXPLAINED {} / {}", d.step, d.aspect));
            }
            Some(_) => {}
        }
    }
    for l in &listed {
        if !found.iter().any(|d| key(d) == key(l)) {
            problems.push(format!(
                "GONE {} / {} (delete it from differences.yaml)",
                l.step, l.aspect
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    Ok(())
}

/// The engines compile the CRDs of the project's APIs (the fixture's, with
/// every marker, and the App's) without a rule they cannot run.
#[test]
fn the_projects_crds_compile() -> Result<()> {
    let crds = fixture_generated::crds::custom_resource_definitions()?
        .into_iter()
        .chain(generated::crds::custom_resource_definitions()?);
    let mut compiled = 0;
    for crd in crds {
        let schemas = CustomResourceSchemas::for_crd(&crd);
        assert!(
            schemas.compile_errors().is_empty(),
            "{}: {:?}",
            crd.spec.names.kind,
            schemas.compile_errors()
        );
        let _ = FieldManager::for_crd(&crd);
        compiled += 1;
    }
    assert!(compiled >= 8, "only {compiled} CRDs");
    Ok(())
}

/// A small deterministic generator of JSON values, for throwing malformed
/// objects at the engines.
struct Noise(u64);

impl Noise {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn value(&mut self, depth: u32) -> Value {
        const KEYS: [&str; 12] = [
            "replicas", "image", "ports", "tags", "env", "selector", "name", "port", "window",
            "template", "status", "x",
        ];
        match self.next() % if depth == 0 { 5 } else { 7 } {
            0 => Value::Null,
            1 => json!(self.next().is_multiple_of(3)),
            2 => json!((self.next() % 200) as i64 - 100),
            3 => json!(if self.next().is_multiple_of(2) {
                "a"
            } else {
                "1Gi"
            }),
            4 => json!(1.5),
            5 => Value::Array(
                (0..self.next() % 4)
                    .map(|_| self.value(depth - 1))
                    .collect(),
            ),
            _ => Value::Object(
                (0..self.next() % 4)
                    .map(|_| {
                        (
                            KEYS[(self.next() % KEYS.len() as u64) as usize].to_owned(),
                            self.value(depth - 1),
                        )
                    })
                    .collect(),
            ),
        }
    }
}

/// Whatever an object holds, the engines answer with a value or an error,
/// never a panic.
#[test]
fn malformed_objects_get_errors_not_panics() -> Result<()> {
    let crd: CustomResourceDefinition = read("widgets.yaml")?;
    let fm = FieldManager::for_crd(&crd);
    let schemas = CustomResourceSchemas::for_crd(&crd);
    let v = schemas.version("v1").context("v1")?;
    let now = Engines::now();
    let mut noise = Noise(0x9e37_79b9_7f4a_7c15);
    let mut live = with_identity(
        &json!({"spec": {"replicas": 1, "ports": [{"name": "a", "port": 1}]}}),
        "w",
        "ns",
    );
    for _ in 0..2000 {
        let body = json!({"spec": noise.value(4), "status": noise.value(2)});
        let mut obj = with_identity(&body, "w", "ns");
        if v.decode(&mut obj).is_ok() {
            fm.update(Subresource::Main, &live, &mut obj, "fuzz", &now);
            let _ = v.validate_update(&obj, &live);
            let _ = v.validate_create(&obj);
        }
        for sub in [Subresource::Main, Subresource::Status] {
            if let Ok(mut applied) = fm.apply(
                sub,
                &live,
                &with_identity(&body, "w", "ns"),
                "fuzz-apply",
                true,
                &now,
            ) {
                v.default(&mut applied);
                let _ = v.validate_status_update(&applied, &live);
                live = applied;
            }
        }
    }
    Ok(())
}
