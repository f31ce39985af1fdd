//! Admission hooks on the fake: the requests they get (operation, object,
//! oldObject, dryRun), their patches applied, their denials answered as the
//! API server answers them, their warnings kept; on writes of every verb.
//! (`kube-codegen-manager`'s defaulters and validators are hooks of this
//! kind; `e2e --test webhooks` compares them with the real API server.)

use std::sync::{Arc, Mutex};

use futures::future::BoxFuture;
use k8s_openapi::api::core::v1::ConfigMap;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use kube::core::admission::{AdmissionRequest, AdmissionResponse, Operation};
use kube::core::response::{StatusCause, StatusDetails};
use kube::core::{DynamicObject, Status};
use kube_codegen_runtime::fake::{self, AdmissionHook, ResourceKey};
use kube_codegen_runtime::params::{
    ApplyParams, DeleteParams, ListParams, Patch, PatchParams, PostParams,
};
use kube_codegen_runtime::{ErrorKind, Interface};
use serde_json::json;

/// What a hook saw of one request.
#[derive(Clone, Debug, PartialEq)]
struct Seen {
    operation: Operation,
    name: String,
    object_data: Option<serde_json::Value>,
    old_data: Option<serde_json::Value>,
    dry_run: bool,
}

type Answer = dyn Fn(&AdmissionRequest<DynamicObject>) -> AdmissionResponse + Send + Sync;

/// A hook on ConfigMaps answering with `answer`, recording what it saw.
struct Hook {
    name: &'static str,
    mutating: bool,
    operations: Vec<Operation>,
    seen: Arc<Mutex<Vec<Seen>>>,
    answer: Box<Answer>,
}

impl AdmissionHook for Hook {
    fn name(&self) -> &str {
        self.name
    }

    fn mutating(&self) -> bool {
        self.mutating
    }

    fn handles(&self, resource: &ResourceKey, operation: &Operation) -> bool {
        resource.resource == "configmaps" && self.operations.contains(operation)
    }

    fn review<'a>(
        &'a self,
        request: &'a AdmissionRequest<DynamicObject>,
    ) -> BoxFuture<'a, AdmissionResponse> {
        let data = |o: &Option<DynamicObject>| o.as_ref().map(|o| o.data["data"].clone());
        self.seen.lock().unwrap().push(Seen {
            operation: request.operation.clone(),
            name: request.name.clone(),
            object_data: data(&request.object),
            old_data: data(&request.old_object),
            dry_run: request.dry_run,
        });
        let response = (self.answer)(request);
        Box::pin(async move { response })
    }
}

/// A mutating hook that labels every ConfigMap `admitted=yes`.
fn labeller(seen: &Arc<Mutex<Vec<Seen>>>) -> Hook {
    Hook {
        name: "mconfigmap.example.com",
        mutating: true,
        operations: vec![Operation::Create, Operation::Update],
        seen: Arc::clone(seen),
        answer: Box::new(|request| {
            let patch: json_patch::Patch = serde_json::from_value(json!([
                {"op": "add", "path": "/metadata/labels", "value": {"admitted": "yes"}}
            ]))
            .unwrap();
            AdmissionResponse::from(request).with_patch(patch).unwrap()
        }),
    }
}

/// A validating hook that refuses a `forbidden` key with an `Invalid`
/// status, refuses deleting a ConfigMap whose data says `keep`, and warns
/// about a `legacy` key.
fn judge(seen: &Arc<Mutex<Vec<Seen>>>) -> Hook {
    Hook {
        name: "vconfigmap.example.com",
        mutating: false,
        operations: vec![Operation::Create, Operation::Update, Operation::Delete],
        seen: Arc::clone(seen),
        answer: Box::new(|request| {
            let mut response = AdmissionResponse::from(request);
            let data = |o: &Option<DynamicObject>| {
                o.as_ref()
                    .map(|o| o.data["data"].clone())
                    .unwrap_or_default()
            };
            let (data, old) = (data(&request.object), data(&request.old_object));
            if data.get("legacy").is_some() {
                response.warnings = Some(vec!["data.legacy is deprecated".to_owned()]);
            }
            if data.get("forbidden").is_some() {
                response.allowed = false;
                response.result = Status::failure(
                    &format!(
                        "ConfigMap \"{}\" is invalid: data.forbidden: Forbidden: not here",
                        request.name
                    ),
                    "Invalid",
                )
                .with_code(422)
                .with_details(StatusDetails {
                    name: request.name.clone(),
                    kind: "ConfigMap".to_owned(),
                    causes: vec![StatusCause {
                        reason: "FieldValueForbidden".to_owned(),
                        message: "Forbidden: not here".to_owned(),
                        field: "data.forbidden".to_owned(),
                    }],
                    group: String::new(),
                    uid: String::new(),
                    retry_after_seconds: 0,
                });
            }
            if request.operation == Operation::Delete && old.get("keep").is_some() {
                response = response.deny("this ConfigMap is kept");
            }
            response
        }),
    }
}

fn config_map(name: &str, data: serde_json::Value) -> ConfigMap {
    ConfigMap {
        metadata: ObjectMeta {
            name: Some(name.to_owned()),
            ..ObjectMeta::default()
        },
        data: Some(serde_json::from_value(data).unwrap()),
        ..ConfigMap::default()
    }
}

fn setup() -> (fake::Clientset, Arc<Mutex<Vec<Seen>>>) {
    let seen = Arc::default();
    let fake = fake::Clientset::default()
        .with_admission(labeller(&seen))
        .with_admission(judge(&seen));
    (fake, seen)
}

#[tokio::test]
async fn creates_are_patched_by_mutating_hooks_then_judged() {
    let (fake, seen) = setup();
    let maps = fake.resource::<ConfigMap>("default");
    let created = maps
        .create(
            &PostParams::default(),
            &config_map("a", json!({"legacy": "1"})),
        )
        .await
        .unwrap();
    assert_eq!(
        created.metadata.labels.unwrap()["admitted"],
        "yes",
        "the mutating hook's patch"
    );
    assert_eq!(fake.warnings(), ["data.legacy is deprecated"]);
    let seen = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 2, "{seen:?}");
    assert_eq!(seen[0].operation, Operation::Create);
    assert_eq!(seen[1].operation, Operation::Create);
    assert_eq!(seen[1].name, "a");
    assert_eq!(seen[1].old_data, None);
    // Stored with the label.
    let stored = maps.get("a").await.unwrap();
    assert_eq!(stored.metadata.labels.unwrap()["admitted"], "yes");
}

#[tokio::test]
async fn a_denial_is_the_servers_error_and_nothing_is_stored() {
    let (fake, _) = setup();
    let maps = fake.resource::<ConfigMap>("default");
    let error = maps
        .create(
            &PostParams::default(),
            &config_map("b", json!({"forbidden": "x"})),
        )
        .await
        .unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Invalid);
    assert_eq!(error.code(), Some(422));
    assert_eq!(
        error.message(),
        "admission webhook \"vconfigmap.example.com\" denied the request: ConfigMap \"b\" is invalid: data.forbidden: Forbidden: not here"
    );
    let causes = &error.status().unwrap().details.as_ref().unwrap().causes;
    assert_eq!(causes[0].field, "data.forbidden");
    assert!(maps.get("b").await.unwrap_err().is_not_found());
}

#[tokio::test]
async fn updates_patches_and_applies_see_the_stored_object_as_old() {
    let (fake, seen) = setup();
    let maps = fake.resource::<ConfigMap>("default");
    let mut stored = maps
        .create(&PostParams::default(), &config_map("c", json!({"v": "1"})))
        .await
        .unwrap();
    seen.lock().unwrap().clear();

    stored.data = Some(serde_json::from_value(json!({"v": "2"})).unwrap());
    stored.metadata.labels = None;
    let updated = maps.update(&PostParams::default(), &stored).await.unwrap();
    assert_eq!(
        updated.metadata.labels.unwrap()["admitted"],
        "yes",
        "mutated again on update"
    );
    let patch = Patch::Merge(json!({"data": {"v": "3"}}));
    maps.patch("c", &PatchParams::default(), &patch)
        .await
        .unwrap();
    let error = maps
        .patch(
            "c",
            &PatchParams::default(),
            &Patch::Merge(json!({"data": {"forbidden": "y"}})),
        )
        .await
        .unwrap_err();
    assert!(error.message().contains("data.forbidden"), "{error}");
    assert_eq!(maps.get("c").await.unwrap().data.unwrap()["v"], "3");

    let seen = seen.lock().unwrap().clone();
    let validated: Vec<_> = seen.iter().skip(1).step_by(2).collect();
    assert!(validated.iter().all(|s| s.operation == Operation::Update));
    assert_eq!(validated[0].old_data, Some(json!({"v": "1"})));
    assert_eq!(validated[0].object_data, Some(json!({"v": "2"})));
    assert_eq!(validated[1].old_data, Some(json!({"v": "2"})));
    assert_eq!(
        validated[2].object_data,
        Some(json!({"forbidden": "y", "v": "3"}))
    );

    // Server-side apply: CREATE for a new object, UPDATE for an existing one.
    let before = fake.warnings().len();
    let config = json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "d"}, "data": {"legacy": "z"}});
    let applied = maps
        .apply("d", &config, &ApplyParams::new("tester"))
        .await
        .unwrap();
    assert_eq!(applied.metadata.labels.unwrap()["admitted"], "yes");
    assert_eq!(fake.warnings().len(), before + 1);
}

#[tokio::test]
async fn deletes_are_judged_on_the_stored_object_and_dry_runs_store_nothing() {
    let (fake, seen) = setup();
    let maps = fake.resource::<ConfigMap>("default");
    maps.create(
        &PostParams::default(),
        &config_map("kept", json!({"keep": "1"})),
    )
    .await
    .unwrap();
    maps.create(&PostParams::default(), &config_map("gone", json!({})))
        .await
        .unwrap();
    seen.lock().unwrap().clear();

    let error = maps
        .delete("kept", &DeleteParams::default())
        .await
        .unwrap_err();
    assert_eq!(
        error.code(),
        Some(400),
        "a denial without a code is a 400, as the server makes it"
    );
    assert_eq!(
        error.message(),
        "admission webhook \"vconfigmap.example.com\" denied the request: this ConfigMap is kept"
    );
    assert!(maps.get("kept").await.is_ok());
    let seen_delete = seen.lock().unwrap()[0].clone();
    assert_eq!(seen_delete.operation, Operation::Delete);
    assert_eq!(seen_delete.object_data, None);
    assert_eq!(seen_delete.old_data, Some(json!({"keep": "1"})));

    // A collection delete admits each object: the kept one stays.
    let error = maps
        .delete_collection(&DeleteParams::default(), &ListParams::default())
        .await
        .unwrap_err();
    assert!(
        error.message().contains("this ConfigMap is kept"),
        "{error}"
    );
    let left = maps.list(&ListParams::default()).await.unwrap();
    let names: Vec<_> = left
        .items
        .iter()
        .filter_map(|m| m.metadata.name.clone())
        .collect();
    assert_eq!(names, ["kept"]);

    // Dry run: the hooks are told, nothing is stored.
    seen.lock().unwrap().clear();
    let dry = PostParams {
        dry_run: true,
        ..PostParams::default()
    };
    let answer = maps
        .create(&dry, &config_map("dry", json!({})))
        .await
        .unwrap();
    assert_eq!(answer.metadata.labels.unwrap()["admitted"], "yes");
    assert!(seen.lock().unwrap().iter().all(|s| s.dry_run));
    assert!(maps.get("dry").await.unwrap_err().is_not_found());
}
