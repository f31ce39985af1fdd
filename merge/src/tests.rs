//! The algorithms on a CRD of their own: ownership, conflicts, pruning and
//! merging by list and map type, compared with what structured-merge-diff does.

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::Time;
use serde_json::{Value, json};

use crate::{FieldManager, Set, Subresource};

fn crd() -> CustomResourceDefinition {
    serde_json::from_value(json!({
      "metadata": {"name": "widgets.example.com"},
      "spec": {"group": "example.com", "scope": "Namespaced",
        "names": {"kind": "Widget", "plural": "widgets"},
        "versions": [{"name": "v1", "served": true, "storage": true,
          "subresources": {"status": {}},
          "schema": {"openAPIV3Schema": {"type": "object", "properties": {
            "spec": {"type": "object", "properties": {
              "replicas": {"type": "integer"},
              "image": {"type": "string"},
              "ports": {"type": "array", "x-kubernetes-list-type": "map",
                "x-kubernetes-list-map-keys": ["name"],
                "items": {"type": "object", "required": ["name"], "properties": {
                  "name": {"type": "string"}, "port": {"type": "integer"}}}},
              "tags": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "string"}},
              "args": {"type": "array", "items": {"type": "string"}},
              "selector": {"type": "object", "x-kubernetes-map-type": "atomic",
                "additionalProperties": {"type": "string"}},
              "env": {"type": "object", "additionalProperties": {"type": "string"}}}},
            "status": {"type": "object", "properties": {"ready": {"type": "boolean"}}}}}}}]}
    }))
    .unwrap()
}

fn now() -> Time {
    Time("2026-01-01T00:00:00Z".parse().unwrap())
}

fn widget(spec: Value) -> Value {
    json!({"apiVersion": "example.com/v1", "kind": "Widget",
           "metadata": {"name": "w", "namespace": "ns"}, "spec": spec})
}

fn apply(
    fm: &FieldManager,
    live: &Value,
    spec: Value,
    manager: &str,
    force: bool,
) -> Result<Value, crate::Error> {
    fm.apply(
        Subresource::Main,
        live,
        &widget(spec),
        manager,
        force,
        &now(),
    )
}

fn owned(obj: &Value, manager: &str) -> Value {
    obj["metadata"]["managedFields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["manager"] == manager)
        .map(|e| e["fieldsV1"].clone())
        .unwrap_or(Value::Null)
}

#[test]
fn fields_v1_round_trips_with_dot_for_owned_parents() {
    let fields = json!({"f:metadata": {"f:labels": {".": {}, "f:app": {}}},
                        "f:spec": {"f:ports": {"k:{\"name\":\"http\"}": {".": {}, "f:port": {}}},
                                   "f:tags": {"v:\"a\"": {}}}});
    let set = Set::from_fields_v1(&fields).unwrap();
    assert_eq!(set.to_fields_v1(), fields);
    let paths: Vec<String> = set.paths().iter().map(ToString::to_string).collect();
    assert_eq!(
        paths,
        [
            ".metadata.labels",
            ".metadata.labels.app",
            ".spec.ports[name=\"http\"]",
            ".spec.ports[name=\"http\"].port",
            ".spec.tags[=\"a\"]"
        ]
    );
}

#[test]
fn apply_creates_and_owns_exactly_what_it_applied() {
    let fm = FieldManager::for_crd(&crd());
    let obj = apply(
        &fm,
        &json!({}),
        json!({"replicas": 1, "ports": [{"name": "http", "port": 80}]}),
        "a",
        false,
    )
    .unwrap();
    assert_eq!(obj["spec"]["replicas"], 1);
    assert_eq!(
        owned(&obj, "a"),
        json!({"f:spec": {"f:ports": {"k:{\"name\":\"http\"}": {".": {}, "f:name": {}, "f:port": {}}},
                          "f:replicas": {}}})
    );
    let entry = &obj["metadata"]["managedFields"][0];
    assert_eq!(entry["operation"], "Apply");
    assert_eq!(entry["apiVersion"], "example.com/v1");
    assert_eq!(entry["fieldsType"], "FieldsV1");
}

#[test]
fn conflicts_name_field_and_manager_and_force_takes_ownership() {
    let fm = FieldManager::for_crd(&crd());
    let obj = apply(
        &fm,
        &json!({}),
        json!({"replicas": 1, "image": "a"}),
        "a",
        false,
    )
    .unwrap();
    let err = apply(&fm, &obj, json!({"replicas": 2, "image": "b"}), "b", false).unwrap_err();
    assert_eq!(err.code(), 409);
    assert_eq!(
        err.to_string(),
        "Apply failed with 2 conflicts: conflicts with \"a\":\n- .spec.image\n- .spec.replicas"
    );
    let status = err.to_status();
    let causes = status.details.unwrap().causes.unwrap();
    assert_eq!(causes[0].reason.as_deref(), Some("FieldManagerConflict"));
    assert_eq!(causes[0].message.as_deref(), Some("conflict with \"a\""));
    // Applying the same value shares ownership without a conflict.
    let shared = apply(&fm, &obj, json!({"replicas": 1}), "b", false).unwrap();
    assert_eq!(owned(&shared, "b"), json!({"f:spec": {"f:replicas": {}}}));
    assert_eq!(
        owned(&shared, "a"),
        json!({"f:spec": {"f:image": {}, "f:replicas": {}}})
    );
    let forced = apply(&fm, &obj, json!({"replicas": 2}), "b", true).unwrap();
    assert_eq!(forced["spec"]["replicas"], 2);
    assert_eq!(owned(&forced, "a"), json!({"f:spec": {"f:image": {}}}));
}

#[test]
fn a_field_no_longer_applied_is_removed_unless_someone_else_owns_it() {
    let fm = FieldManager::for_crd(&crd());
    let obj = apply(
        &fm,
        &json!({}),
        json!({"replicas": 1, "image": "a", "tags": ["x", "y"]}),
        "a",
        false,
    )
    .unwrap();
    let obj = apply(&fm, &obj, json!({"image": "a", "tags": ["x"]}), "a", false).unwrap();
    assert_eq!(obj["spec"], json!({"image": "a", "tags": ["x"]}));
    // Shared with b: kept when a drops it.
    let obj = apply(&fm, &obj, json!({"image": "a"}), "b", false).unwrap();
    let obj = apply(&fm, &obj, json!({"tags": ["x"]}), "a", false).unwrap();
    assert_eq!(obj["spec"], json!({"image": "a", "tags": ["x"]}));
}

#[test]
fn lists_merge_by_key_sets_by_value_atomic_lists_and_maps_whole() {
    let fm = FieldManager::for_crd(&crd());
    let obj = apply(
        &fm,
        &json!({}),
        json!({
        "ports": [{"name": "a", "port": 1}, {"name": "b", "port": 2}],
        "tags": ["x"], "args": ["1", "2"], "selector": {"k": "v", "l": "w"}, "env": {"A": "1"}}),
        "one",
        false,
    )
    .unwrap();
    let obj = apply(
        &fm,
        &obj,
        json!({
        "ports": [{"name": "c", "port": 3}, {"name": "a", "port": 1}],
        "tags": ["y"], "args": ["3"], "selector": {"m": "z"}, "env": {"B": "2"}}),
        "two",
        true,
    )
    .unwrap();
    assert_eq!(
        obj["spec"],
        json!({
        "ports": [{"name": "c", "port": 3}, {"name": "a", "port": 1}, {"name": "b", "port": 2}],
        "tags": ["x", "y"], "args": ["3"], "selector": {"m": "z"}, "env": {"A": "1", "B": "2"}})
    );
    assert_eq!(owned(&obj, "one")["f:spec"].get("f:args"), None);
    assert_eq!(owned(&obj, "two")["f:spec"]["f:selector"], json!({}));
}

#[test]
fn updates_take_ownership_and_first_apply_sees_before_first_apply() {
    let fm = FieldManager::for_crd(&crd());
    let mut created = widget(json!({"replicas": 1}));
    fm.update(
        Subresource::Main,
        &Value::Null,
        &mut created,
        "kubectl-create",
        &now(),
    );
    assert_eq!(
        owned(&created, "kubectl-create"),
        json!({"f:spec": {".": {}, "f:replicas": {}}})
    );
    assert_eq!(
        created["metadata"]["managedFields"][0]["operation"],
        "Update"
    );
    // An update of an object without managed fields leaves it untracked...
    let mut live = widget(json!({"replicas": 1}));
    live["metadata"]["uid"] = json!("u1");
    let mut updated = widget(json!({"replicas": 2}));
    fm.update(Subresource::Main, &live, &mut updated, "editor", &now());
    assert_eq!(updated["metadata"].get("managedFields"), None);
    // ... until the first apply, which gives what is there to before-first-apply.
    let err = apply(&fm, &updated, json!({"replicas": 3}), "a", false).unwrap_err();
    assert!(
        err.to_string()
            .contains("conflict with \"before-first-apply\" using example.com/v1"),
        "{err}"
    );
    // Applying what is there shares it; the provisional owner gets a time.
    let shared = apply(&fm, &updated, json!({"replicas": 2}), "a", false).unwrap();
    let entries = shared["metadata"]["managedFields"].as_array().unwrap();
    let before = entries
        .iter()
        .find(|e| e["manager"] == "before-first-apply")
        .unwrap();
    assert_eq!(before["operation"], "Update");
    assert_eq!(before["time"], "2026-01-01T00:00:00Z");
}

#[test]
fn status_is_owned_only_through_the_status_subresource() {
    let fm = FieldManager::for_crd(&crd());
    let mut applied = widget(json!({"replicas": 1}));
    applied["status"] = json!({"ready": true});
    let obj = fm
        .apply(Subresource::Main, &json!({}), &applied, "a", false, &now())
        .unwrap();
    assert_eq!(owned(&obj, "a"), json!({"f:spec": {"f:replicas": {}}}));
    let mut status = widget(json!({"replicas": 1}));
    status["status"] = json!({"ready": false});
    let obj = fm
        .apply(Subresource::Status, &obj, &status, "a", false, &now())
        .unwrap();
    let entries = obj["metadata"]["managedFields"].as_array().unwrap();
    let sub = entries
        .iter()
        .find(|e| e["subresource"] == "status")
        .unwrap();
    assert_eq!(sub["fieldsV1"], json!({"f:status": {"f:ready": {}}}));
}

#[test]
fn schema_errors_and_wrong_kinds_are_refused_like_the_server() {
    let fm = FieldManager::for_crd(&crd());
    let err = apply(&fm, &json!({}), json!({"nope": 1}), "a", false).unwrap_err();
    assert_eq!(err.code(), 500);
    assert_eq!(
        err.to_string(),
        "failed to create typed patch object (ns/w; example.com/v1, Kind=Widget): .spec.nope: field not declared in schema"
    );
    let err = apply(
        &fm,
        &json!({}),
        json!({"ports": [{"name": "a"}, {"name": "a"}]}),
        "a",
        false,
    )
    .unwrap_err();
    assert!(
        err.to_string()
            .ends_with(".spec.ports: duplicate entries for key [name=\"a\"]"),
        "{err}"
    );
    let mut wrong = widget(json!({}));
    wrong["kind"] = json!("Gadget");
    let err = fm
        .apply(Subresource::Main, &json!({}), &wrong, "a", false, &now())
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid object type: example.com/v1, Kind=Gadget"
    );
}

#[test]
fn reapplying_the_same_configuration_changes_nothing() {
    let fm = FieldManager::for_crd(&crd());
    let obj = apply(&fm, &json!({}), json!({"replicas": 1}), "a", false).unwrap();
    let later = Time("2026-01-02T00:00:00Z".parse().unwrap());
    let again = fm
        .apply(
            Subresource::Main,
            &obj,
            &widget(json!({"replicas": 1})),
            "a",
            false,
            &later,
        )
        .unwrap();
    assert_eq!(again, obj, "not even the time of the entry moves");
}

#[test]
fn field_managers_can_be_shared_between_threads() {
    fn shareable<T: Send + Sync>() {}
    shareable::<FieldManager>();
}

#[test]
fn managers_of_versions_the_crd_no_longer_has_are_dropped() {
    let fm = FieldManager::for_crd(&crd());
    let mut live = apply(&fm, &json!({}), json!({"replicas": 1}), "a", false).unwrap();
    live["metadata"]["managedFields"]
        .as_array_mut()
        .unwrap()
        .push(
            json!({"manager": "old", "operation": "Update", "apiVersion": "example.com/v0",
                     "fieldsType": "FieldsV1", "fieldsV1": {"f:spec": {"f:image": {}}}}),
        );
    let obj = apply(&fm, &live, json!({"replicas": 1, "image": "x"}), "a", false).unwrap();
    let managers: Vec<&str> = obj["metadata"]["managedFields"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["manager"].as_str())
        .collect();
    assert_eq!(managers, ["a"]);
}

#[test]
fn extract_gives_back_what_a_manager_applied() {
    let fm = FieldManager::for_crd(&crd());
    let config = json!({"replicas": 2, "ports": [{"name": "http", "port": 80}], "tags": ["a"],
                        "selector": {"app": "x"}, "env": {"A": "1"}});
    let obj = apply(&fm, &json!({}), config.clone(), "a", false).unwrap();
    let obj = apply(
        &fm,
        &obj,
        json!({"image": "b", "env": {"B": "2"}, "tags": ["z"]}),
        "b",
        false,
    )
    .unwrap();
    // Name and namespace are never owned: the caller adds them, as
    // client-go's ExtractX does.
    let mut expected = widget(config);
    expected.as_object_mut().unwrap().remove("metadata");
    assert_eq!(
        fm.extract(&obj, "a", Subresource::Main).unwrap(),
        Some(expected)
    );
    assert_eq!(fm.extract(&obj, "nobody", Subresource::Main).unwrap(), None);
    assert_eq!(fm.extract(&obj, "a", Subresource::Status).unwrap(), None);
}
