//! The fake with a kind's CRD registered: server-side apply with managed
//! fields and conflicts, pruning, defaults, and OpenAPI and CEL validation, on
//! a storage-bucket API of this test's own (`e2e --test fidelity` compares the
//! same behaviour with the real API server on the generated crates' kinds).

use k8s_openapi::api::core::v1::ConfigMap;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use kube_codegen_runtime::params::{ApplyParams, Patch, PatchParams, PostParams};
use kube_codegen_runtime::{ErrorKind, Interface, Kind, ResourceInfo, TypedClient, fake, verb};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

const CRD: &str = r#"
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: buckets.storage.example.com}
spec:
  group: storage.example.com
  names: {kind: Bucket, listKind: BucketList, plural: buckets, singular: bucket}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    subresources: {status: {}}
    schema:
      openAPIV3Schema:
        type: object
        properties:
          apiVersion: {type: string}
          kind: {type: string}
          metadata: {type: object}
          spec:
            type: object
            required: [region]
            properties:
              region: {type: string, enum: [eu, us]}
              sizeGiB: {type: integer, minimum: 1, default: 10}
              tags:
                type: object
                additionalProperties: {type: string}
              rules:
                type: array
                x-kubernetes-list-type: map
                x-kubernetes-list-map-keys: [name]
                items:
                  type: object
                  required: [name]
                  properties:
                    name: {type: string}
                    days: {type: integer, minimum: 0}
              retentionDays:
                type: integer
                x-kubernetes-validations:
                - rule: self >= oldSelf
                  message: retention may not shrink
          status:
            type: object
            properties:
              phase: {type: string}
"#;

/// A bucket, untyped inside so that tests can send what the schema refuses.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct Bucket {
    metadata: ObjectMeta,
    #[serde(default)]
    spec: Value,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    status: Option<Value>,
}

impl k8s_openapi::Resource for Bucket {
    const API_VERSION: &'static str = "storage.example.com/v1";
    const GROUP: &'static str = "storage.example.com";
    const KIND: &'static str = "Bucket";
    const VERSION: &'static str = "v1";
    const URL_PATH_SEGMENT: &'static str = "buckets";
    type Scope = k8s_openapi::NamespaceResourceScope;
}

impl k8s_openapi::Metadata for Bucket {
    type Ty = ObjectMeta;
    fn metadata(&self) -> &ObjectMeta {
        &self.metadata
    }
    fn metadata_mut(&mut self) -> &mut ObjectMeta {
        &mut self.metadata
    }
}

impl Kind for Bucket {
    const INFO: ResourceInfo =
        ResourceInfo::new("storage.example.com", "v1", "Bucket", "buckets", true)
            .with_status_subresource();
}

impl verb::Create for Bucket {}
impl verb::Update for Bucket {}
impl verb::UpdateStatus for Bucket {}
impl verb::Get for Bucket {}
impl verb::Patch for Bucket {}
impl verb::Apply for Bucket {}

fn fake() -> fake::Clientset {
    fake::Clientset::default().with_crds(&[("buckets.storage.example.com", CRD)])
}

fn config(spec: Value) -> Value {
    json!({"apiVersion": "storage.example.com/v1", "kind": "Bucket", "metadata": {"name": "logs"}, "spec": spec})
}

/// Applies `spec` to the bucket `logs`.
async fn apply(
    buckets: &TypedClient<Bucket, fake::Clientset>,
    spec: Value,
    params: &ApplyParams,
) -> kube_codegen_runtime::Result<Bucket> {
    buckets.apply("logs", &config(spec), params).await
}

/// A fake holding the bucket `logs` in `eu`, applied by `team-a`.
async fn bucket_applied_by_team_a() -> TypedClient<Bucket, fake::Clientset> {
    let buckets = fake().resource::<Bucket>("default");
    apply(
        &buckets,
        json!({"region": "eu"}),
        &ApplyParams::new("team-a"),
    )
    .await
    .unwrap();
    buckets
}

/// `(manager, operation, subresource)` of each managed-fields entry.
fn managers(bucket: &Bucket) -> Vec<(String, String, String)> {
    bucket
        .metadata
        .managed_fields
        .iter()
        .flatten()
        .map(|e| {
            (
                e.manager.clone().unwrap_or_default(),
                e.operation.clone().unwrap_or_default(),
                e.subresource.clone().unwrap_or_default(),
            )
        })
        .collect()
}

fn owned_fields(bucket: &Bucket, manager: &str) -> Value {
    let entry = bucket
        .metadata
        .managed_fields
        .iter()
        .flatten()
        .find(|e| e.manager.as_deref() == Some(manager))
        .expect("the manager has an entry");
    entry
        .fields_v1
        .as_ref()
        .map(|f| f.0.clone())
        .unwrap_or_default()
}

#[tokio::test]
async fn apply_creates_with_defaults_and_managed_fields() {
    let fake = fake();
    let buckets = fake.resource::<Bucket>("default");
    let created = apply(
        &buckets,
        json!({"region": "eu"}),
        &ApplyParams::new("team-a"),
    )
    .await
    .unwrap();
    assert_eq!(created.spec, json!({"region": "eu", "sizeGiB": 10}));
    assert_eq!(
        managers(&created),
        [("team-a".into(), "Apply".into(), String::new())]
    );
    assert_eq!(
        owned_fields(&created, "team-a"),
        json!({"f:spec": {"f:region": {}}})
    );
    let again = apply(
        &buckets,
        json!({"region": "eu"}),
        &ApplyParams::new("team-a"),
    )
    .await
    .unwrap();
    assert_eq!(
        again.metadata.resource_version, created.metadata.resource_version,
        "re-applying the same configuration is a no-op"
    );
}

#[tokio::test]
async fn a_second_manager_conflicts_unless_forced() {
    let buckets = bucket_applied_by_team_a().await;
    let conflict = apply(
        &buckets,
        json!({"region": "us"}),
        &ApplyParams::new("team-b"),
    )
    .await
    .unwrap_err();
    assert_eq!(conflict.kind(), ErrorKind::Conflict);
    assert_eq!(
        conflict.message(),
        "Apply failed with 1 conflict: conflict with \"team-a\": .spec.region"
    );
    let causes = &conflict.status().unwrap().details.as_ref().unwrap().causes;
    assert_eq!(causes[0].reason, "FieldManagerConflict");
    assert_eq!(causes[0].field, ".spec.region");

    let forced = apply(
        &buckets,
        json!({"region": "us"}),
        &ApplyParams::new("team-b").force(),
    )
    .await
    .unwrap();
    assert_eq!(forced.spec["region"], "us");
    assert_eq!(
        owned_fields(&forced, "team-b"),
        json!({"f:spec": {"f:region": {}}})
    );
    assert!(
        managers(&forced).iter().all(|(m, _, _)| m != "team-a"),
        "team-a owned nothing else and lost its entry: {:?}",
        managers(&forced)
    );
}

#[tokio::test]
async fn lists_merge_by_key_and_dropped_fields_are_removed() {
    let fake = fake();
    let buckets = fake.resource::<Bucket>("default");
    let rules = |name: &str| json!({"region": "eu", "rules": [{"name": name, "days": 1}], "tags": {name: "yes"}});
    apply(&buckets, rules("expire"), &ApplyParams::new("team-a"))
        .await
        .unwrap();
    let both = apply(&buckets, rules("archive"), &ApplyParams::new("team-b"))
        .await
        .unwrap();
    assert_eq!(
        both.spec["rules"],
        json!([{"name": "expire", "days": 1}, {"name": "archive", "days": 1}])
    );
    assert_eq!(
        both.spec["tags"],
        json!({"expire": "yes", "archive": "yes"})
    );

    let dropped = apply(
        &buckets,
        json!({"region": "eu"}),
        &ApplyParams::new("team-b"),
    )
    .await
    .unwrap();
    assert_eq!(
        dropped.spec["rules"],
        json!([{"name": "expire", "days": 1}])
    );
    assert_eq!(dropped.spec["tags"], json!({"expire": "yes"}));
}

#[tokio::test]
async fn writes_are_validated_with_the_servers_causes() {
    let fake = fake();
    let buckets = fake.resource::<Bucket>("default");
    let invalid = apply(
        &buckets,
        json!({"region": "mars", "sizeGiB": 0}),
        &ApplyParams::new("team-a"),
    )
    .await
    .unwrap_err();
    assert_eq!(invalid.kind(), ErrorKind::Invalid);
    assert_eq!(
        invalid.message(),
        "Bucket.storage.example.com \"logs\" is invalid: [spec.region: Unsupported value: \"mars\": supported values: \"eu\", \"us\", spec.sizeGiB: Invalid value: 0: spec.sizeGiB in body should be greater than or equal to 1, <nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation]"
    );
    let causes = &invalid.status().unwrap().details.as_ref().unwrap().causes;
    let fields: Vec<(&str, &str)> = causes
        .iter()
        .map(|c| (c.reason.as_str(), c.field.as_str()))
        .collect();
    assert_eq!(
        fields,
        [
            ("FieldValueNotSupported", "spec.region"),
            ("FieldValueInvalid", "spec.sizeGiB"),
            ("FieldValueInvalid", "<nil>")
        ]
    );
    assert!(
        buckets.get("logs").await.unwrap_err().is_not_found(),
        "nothing is stored"
    );
}

#[tokio::test]
async fn transition_rules_see_the_old_object() {
    let fake = fake();
    let buckets = fake.resource::<Bucket>("default");
    let spec = |days: i64| json!({"region": "eu", "retentionDays": days});
    apply(&buckets, spec(30), &ApplyParams::new("team-a"))
        .await
        .unwrap();
    let grown = buckets
        .patch(
            "logs",
            &PatchParams::default(),
            &Patch::Merge(json!({"spec": {"retentionDays": 60}})),
        )
        .await
        .unwrap();
    assert_eq!(grown.spec["retentionDays"], 60);
    let shrunk = apply(&buckets, spec(7), &ApplyParams::new("team-a").force())
        .await
        .unwrap_err();
    assert_eq!(
        shrunk.message(),
        "Bucket.storage.example.com \"logs\" is invalid: spec.retentionDays: Invalid value: \"integer\": retention may not shrink"
    );
}

#[tokio::test]
async fn unknown_fields_are_pruned_and_updates_are_tracked() {
    let fake = fake();
    let buckets = fake.resource::<Bucket>("default");
    let mut bucket = Bucket {
        metadata: ObjectMeta {
            name: Some("logs".into()),
            ..ObjectMeta::default()
        },
        spec: json!({"region": "us", "colour": "blue"}),
        status: Some(json!({"phase": "ignored on create"})),
    };
    let pp = PostParams {
        field_manager: Some("installer".into()),
        ..PostParams::default()
    };
    let created = buckets.create(&pp, &bucket).await.unwrap();
    assert_eq!(created.spec, json!({"region": "us", "sizeGiB": 10}));
    assert_eq!(created.status, None);
    assert_eq!(
        managers(&created),
        [("installer".into(), "Update".into(), String::new())]
    );

    bucket = created;
    bucket.status = Some(json!({"phase": "Ready", "extra": 1}));
    let status = buckets.update_status(&pp, &bucket).await.unwrap();
    assert_eq!(status.status, Some(json!({"phase": "Ready"})));
    assert_eq!(
        managers(&status),
        [
            ("installer".into(), "Update".into(), String::new()),
            ("installer".into(), "Update".into(), "status".into())
        ]
    );
}

#[tokio::test]
async fn dry_run_answers_without_storing() {
    let buckets = bucket_applied_by_team_a().await;
    let params = ApplyParams {
        dry_run: true,
        ..ApplyParams::new("team-a")
    };
    let answer = apply(&buckets, json!({"region": "us"}), &params)
        .await
        .unwrap();
    assert_eq!(answer.spec["region"], "us");
    assert_eq!(buckets.get("logs").await.unwrap().spec["region"], "eu");
}

#[tokio::test]
async fn kinds_without_a_crd_keep_the_approximation() {
    let fake = fake();
    let maps = fake.resource::<ConfigMap>("default");
    let applied = maps
        .apply(
            "settings",
            &json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "settings"}, "data": {"a": "1"}}),
            &ApplyParams::new("team-a"),
        )
        .await
        .unwrap();
    assert_eq!(applied.metadata.managed_fields, None);
    let other = maps
        .apply(
            "settings",
            &json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "settings"}, "data": {"a": "2"}}),
            &ApplyParams::new("team-b"),
        )
        .await
        .unwrap();
    assert_eq!(other.data.unwrap()["a"], "2", "no conflict without a CRD");
}

#[tokio::test]
async fn typed_crds_work_the_same() {
    let crds = kube_codegen_runtime::crds::parse(&[("buckets.storage.example.com", CRD)])
        .expect("the test CRD parses");
    let fake = fake::Clientset::default().with_crd_objects(crds);
    let buckets = fake.resource::<Bucket>("default");
    let created = apply(
        &buckets,
        json!({"region": "eu"}),
        &ApplyParams::new("team-a"),
    )
    .await
    .unwrap();
    assert_eq!(created.spec["sizeGiB"], 10);
    let invalid = apply(
        &buckets,
        json!({"region": "mars"}),
        &ApplyParams::new("team-a"),
    )
    .await
    .unwrap_err();
    assert!(invalid.is_invalid());
}

#[tokio::test]
async fn a_rule_using_a_cel_function_the_fake_lacks_says_so() {
    let mut crd = serde_json::to_value(
        &kube_codegen_runtime::crds::parse(&[("buckets.storage.example.com", CRD)]).unwrap()[0],
    )
    .unwrap();
    crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"]["properties"]["endpoint"] =
        json!({"type": "string", "x-kubernetes-validations": [{"rule": "isURL(self)"}]});
    let fake = fake::Clientset::default().with_crd_objects([serde_json::from_value(crd).unwrap()]);
    let buckets = fake.resource::<Bucket>("default");
    let error = apply(
        &buckets,
        json!({"region": "eu", "endpoint": "https://example.com"}),
        &ApplyParams::new("team-a"),
    )
    .await
    .unwrap_err();
    assert!(error.is_invalid());
    assert!(
        error.message().contains("rule compile error") && error.message().contains("isURL"),
        "{}",
        error.message()
    );
}
