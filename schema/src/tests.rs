//! Each step of the pipeline on a schema of its own, with the API server's
//! messages.

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use serde_json::{Value, json};

use crate::{CustomResourceSchemas, FieldError};

fn schemas(spec: Value) -> CustomResourceSchemas {
    let crd: CustomResourceDefinition = serde_json::from_value(json!({
      "metadata": {"name": "things.example.com"},
      "spec": {"group": "example.com", "scope": "Namespaced",
        "names": {"kind": "Thing", "plural": "things"},
        "versions": [{"name": "v1", "served": true, "storage": true,
          "schema": {"openAPIV3Schema": {"type": "object", "properties": {
            "spec": spec, "status": {"type": "object", "properties": {"n": {"type": "integer", "minimum": 0}}}}}}}]}
    }))
    .unwrap();
    CustomResourceSchemas::for_crd(&crd)
}

fn thing(spec: Value) -> Value {
    json!({"apiVersion": "example.com/v1", "kind": "Thing", "metadata": {"name": "t"}, "spec": spec})
}

fn messages(errors: &[FieldError]) -> Vec<String> {
    let mut m: Vec<String> = errors.iter().map(ToString::to_string).collect();
    m.sort();
    m
}

fn create_errors(spec_schema: Value, spec: Value) -> Vec<String> {
    let s = schemas(spec_schema);
    let v = s.version("v1").unwrap();
    let mut obj = thing(spec);
    v.decode(&mut obj).unwrap();
    messages(&v.validate_create(&obj))
}

#[test]
fn pruning_keeps_preserved_and_embedded_metadata() {
    let s = schemas(json!({"type": "object", "properties": {
        "known": {"type": "string"},
        "free": {"type": "object", "x-kubernetes-preserve-unknown-fields": true},
        "template": {"type": "object", "x-kubernetes-embedded-resource": true,
                     "properties": {"spec": {"type": "object"}}}}}));
    let v = s.version("v1").unwrap();
    let mut obj = thing(json!({"known": "a", "other": 1, "free": {"x": {"y": 1}},
        "template": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "bogus": 1}, "spec": {}, "extra": 2}}));
    obj["metadata"]["junk"] = json!(1);
    let unknown = v.decode(&mut obj).unwrap();
    assert_eq!(unknown, ["spec.other", "spec.template.extra"]);
    assert_eq!(obj["spec"]["free"], json!({"x": {"y": 1}}));
    assert_eq!(obj["spec"]["template"]["metadata"], json!({"name": "p"}));
    assert_eq!(obj["metadata"].get("junk"), None);
}

#[test]
fn defaults_apply_nested_and_to_non_nullable_nulls() {
    let s = schemas(json!({"type": "object", "properties": {
        "a": {"type": "object", "default": {}, "properties": {"b": {"type": "integer", "default": 3}}},
        "c": {"type": "string", "default": "x"},
        "n": {"type": "string", "nullable": true, "default": "y"},
        "d": {"type": "string"},
        "items": {"type": "array", "items": {"type": "object", "properties": {"p": {"type": "integer", "default": 80}}}}}}));
    let v = s.version("v1").unwrap();
    let mut obj = thing(json!({"c": null, "n": null, "d": null, "items": [{}, {"p": 1}]}));
    v.decode(&mut obj).unwrap();
    assert_eq!(
        obj["spec"],
        json!({"a": {"b": 3}, "c": "x", "n": null, "items": [{"p": 80}, {"p": 1}]})
    );
}

#[test]
fn openapi_messages_match_the_api_server() {
    let schema = json!({"type": "object", "required": ["name"], "properties": {
        "name": {"type": "string", "minLength": 3, "maxLength": 5, "pattern": "^[a-z]+$"},
        "replicas": {"type": "integer", "minimum": 1, "maximum": 10, "multipleOf": 2},
        "ratio": {"type": "number", "exclusiveMaximum": true, "maximum": 1.5},
        "mode": {"type": "string", "enum": ["a", "b"]},
        "when": {"type": "string", "format": "date-time"},
        "tags": {"type": "array", "maxItems": 2, "uniqueItems": true, "items": {"type": "string"}},
        "set": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "string"}},
        "ports": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"],
                  "items": {"type": "object", "properties": {"name": {"type": "string"}}}},
        "labels": {"type": "object", "minProperties": 1, "additionalProperties": {"type": "string"}},
        "port": {"x-kubernetes-int-or-string": true}}});
    assert_eq!(
        create_errors(
            schema.clone(),
            json!({"name": "ÄÖÜab", "replicas": 11, "ratio": 1.5, "mode": "c",
            "when": "yesterday", "tags": ["a", "a", "b"], "set": ["x", "x"], "ports": [{"name": "h"}, {"name": "h"}],
            "labels": {}, "port": true})
        ),
        [
            "spec.labels: Invalid value: 0: spec.labels in body should have at least 1 properties",
            "spec.mode: Unsupported value: \"c\": supported values: \"a\", \"b\"",
            "spec.name: Invalid value: \"ÄÖÜab\": spec.name in body should match '^[a-z]+$'",
            "spec.port: Invalid value: \"boolean\": spec.port in body must be of type integer,string: \"boolean\"",
            "spec.ports[1]: Duplicate value: {\"name\":\"h\"}",
            "spec.ratio: Invalid value: 1.5: spec.ratio in body should be less than 1.5",
            "spec.replicas: Invalid value: 11: spec.replicas in body should be a multiple of 2",
            "spec.replicas: Invalid value: 11: spec.replicas in body should be less than or equal to 10",
            "spec.set[1]: Duplicate value: \"x\"",
            "spec.tags: Invalid value: \"\": spec.tags in body shouldn't contain duplicates",
            "spec.tags: Too many: 3: must have at most 2 items",
            "spec.when: Invalid value: \"yesterday\": spec.when in body must be of type date-time: \"yesterday\"",
        ]
    );
    assert_eq!(
        create_errors(schema, json!({"name": "abcdef", "replicas": "2"})),
        [
            "spec.name: Too long: may not be more than 5 bytes",
            "spec.replicas: Invalid value: \"string\": spec.replicas in body must be of type integer: \"string\"",
        ]
    );
    // With CEL rules, the server says it skipped them (and only then).
    assert_eq!(
        create_errors(
            json!({"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}},
                   "x-kubernetes-validations": [{"rule": "self.name != 'x'"}]}),
            json!({})
        ),
        [
            "<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation",
            "spec.name: Required value",
        ]
    );
}

#[test]
fn cel_rules_self_old_self_messages_reasons_and_field_paths() {
    let schema = json!({"type": "object",
        "x-kubernetes-validations": [
            {"rule": "self.min <= self.max", "messageExpression": "'min ' + string(self.min) + ' exceeds max ' + string(self.max)"},
            {"rule": "!has(self.extra) || self.extra.size() > 0", "fieldPath": ".extra", "reason": "FieldValueRequired", "message": "extra must not be empty"}],
        "properties": {
            "min": {"type": "integer"}, "max": {"type": "integer"},
            "extra": {"type": "string"},
            "version": {"type": "string", "x-kubernetes-validations": [
                {"rule": "self >= oldSelf", "message": "version may not go down", "reason": "FieldValueForbidden"}]},
            "scores": {"type": "array", "items": {"type": "integer"},
                "x-kubernetes-validations": [{"rule": "self.isSorted() && self.sum() < 100"}]},
            "since": {"type": "string", "format": "date-time",
                "x-kubernetes-validations": [{"rule": "self > timestamp('2020-01-01T00:00:00Z')"}]},
            "first": {"type": "string", "x-kubernetes-validations": [
                {"rule": "oldSelf.hasValue() || self == 'init'", "optionalOldSelf": true}]}}});
    let s = schemas(schema);
    let v = s.version("v1").unwrap();
    let old = thing(json!({"min": 1, "max": 2, "version": "b", "first": "init"}));
    assert!(
        v.validate_create(&old).is_empty(),
        "{:?}",
        v.validate_create(&old)
    );
    let new = thing(
        json!({"min": 3, "max": 2, "extra": "", "version": "a", "scores": [3, 1],
                           "since": "2019-01-01T00:00:00Z", "first": "later"}),
    );
    assert_eq!(
        messages(&v.validate_update(&new, &old)),
        [
            "spec.extra: Required value: extra must not be empty",
            "spec.scores: Invalid value: \"array\": failed rule: self.isSorted() && self.sum() < 100",
            "spec.since: Invalid value: \"string\": failed rule: self > timestamp('2020-01-01T00:00:00Z')",
            "spec.version: Forbidden: version may not go down",
            "spec: Invalid value: \"object\": min 3 exceeds max 2",
        ]
    );
    // On create the transition rule does not run; the optional one does.
    assert_eq!(
        messages(&v.validate_create(&thing(
            json!({"min": 1, "max": 2, "version": "a", "first": "later"})
        ))),
        [
            "spec.first: Invalid value: \"string\": failed rule: oldSelf.hasValue() || self == 'init'"
        ]
    );
}

#[test]
fn unchanged_values_keep_their_old_errors_on_update() {
    let s = schemas(json!({"type": "object", "properties": {
        "a": {"type": "integer", "maximum": 5},
        "b": {"type": "string", "x-kubernetes-validations": [{"rule": "self.size() < 3"}]}}}));
    let v = s.version("v1").unwrap();
    let old = thing(json!({"a": 9, "b": "long"}));
    assert!(
        v.validate_update(&thing(json!({"a": 9, "b": "long"})), &old)
            .is_empty()
    );
    assert_eq!(
        messages(&v.validate_update(&thing(json!({"a": 8, "b": "long"})), &old)),
        ["spec.a: Invalid value: 8: spec.a in body should be less than or equal to 5"]
    );
}

#[test]
fn unsupported_kubernetes_functions_are_named() {
    let s = schemas(
        json!({"type": "object", "properties": {"q": {"type": "string",
        "x-kubernetes-validations": [{"rule": "isURL(self)"}]}}}),
    );
    let err = &s.compile_errors()[0];
    assert_eq!(err.path, "v1:spec.q");
    assert!(
        err.message
            .starts_with("`isURL` is a function of Kubernetes' CEL library"),
        "{err}"
    );
    let v = s.version("v1").unwrap();
    let errors = messages(&v.validate_create(&thing(json!({"q": "1"}))));
    assert!(
        errors[0].starts_with("spec.q: Invalid value: \"string\": rule compile error: `isURL`"),
        "{errors:?}"
    );
}

#[test]
fn status_updates_validate_status_with_status_paths() {
    let s = schemas(json!({"type": "object"}));
    let v = s.version("v1").unwrap();
    let old = thing(json!({}));
    let mut new = old.clone();
    new["status"] = json!({"n": -1});
    assert_eq!(
        messages(&v.validate_status_update(&new, &old)),
        ["status.n: Invalid value: -1: n in body should be greater than or equal to 0"]
    );
}

#[test]
fn the_invalid_status_lists_every_cause() {
    let s =
        schemas(json!({"type": "object", "properties": {"a": {"type": "integer", "maximum": 1}}}));
    let v = s.version("v1").unwrap();
    let errors = v.validate_create(&thing(json!({"a": 2})));
    let status = v.invalid("t", &errors);
    assert_eq!(status.reason.as_deref(), Some("Invalid"));
    let details = status.details.unwrap();
    assert_eq!(details.kind.as_deref(), Some("Thing"));
    assert_eq!(details.group.as_deref(), Some("example.com"));
    let cause = &details.causes.unwrap()[0];
    assert_eq!(cause.reason.as_deref(), Some("FieldValueInvalid"));
    assert_eq!(cause.field.as_deref(), Some("spec.a"));
    assert_eq!(
        cause.message.as_deref(),
        Some("Invalid value: 2: spec.a in body should be less than or equal to 1")
    );
}

#[test]
fn compiled_schemas_can_be_shared_between_threads() {
    fn shareable<T: Send + Sync>() {}
    shareable::<CustomResourceSchemas>();
}

#[test]
fn quantity_rules_compare_exactly() {
    let s = schemas(json!({"type": "object", "properties": {
        "memory": {"type": "string", "x-kubernetes-validations": [
            {"rule": "isQuantity(self) && quantity(self).isLessThan(quantity('1Gi'))", "message": "at most 1Gi"},
            {"rule": "quantity(self).add(1).sub(quantity('1')).compareTo(quantity(self)) == 0"},
            {"rule": "!quantity(self).isInteger() || quantity(self).asInteger() > 0"}]}}}));
    assert!(s.compile_errors().is_empty(), "{:?}", s.compile_errors());
    let v = s.version("v1").unwrap();
    assert!(
        v.validate_create(&thing(json!({"memory": "512Mi"})))
            .is_empty()
    );
    assert_eq!(
        messages(&v.validate_create(&thing(json!({"memory": "2Gi"})))),
        ["spec.memory: Invalid value: \"string\": at most 1Gi"]
    );
    assert_eq!(
        messages(&v.validate_create(&thing(json!({"memory": "lots"})))),
        [
            "spec.memory: Invalid value: \"string\": at most 1Gi",
            "spec.memory: Invalid value: \"string\": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$' evaluating rule: !quantity(self).isInteger() || quantity(self).asInteger() > 0",
            "spec.memory: Invalid value: \"string\": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$' evaluating rule: quantity(self).add(1).sub(quantity('1')).compareTo(quantity(self)) == 0",
        ]
    );
}

#[test]
fn metadata_that_is_not_object_meta_is_refused_with_its_path() {
    let s = schemas(
        json!({"type": "object", "properties": {"template": {"type": "object",
        "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true}}}),
    );
    let v = s.version("v1").unwrap();
    let mut obj = thing(json!({}));
    obj["metadata"] = json!("name");
    assert_eq!(
        v.decode(&mut obj).unwrap_err().to_string(),
        "metadata: expected object, got \"name\""
    );
    let mut obj = thing(
        json!({"template": {"apiVersion": "v1", "kind": "Pod", "metadata": {"labels": {"a": 1}}}}),
    );
    let err = v.decode(&mut obj).unwrap_err();
    assert_eq!(err.path, "spec.template.metadata");
    assert!(
        err.message
            .contains("invalid type: integer `1`, expected a string"),
        "{err}"
    );
}

/// The rules kube-codegen puts on maps whose keys are not any string (an
/// enum's names, integers in range), and `format: byte` refusing `""` while
/// the base64-or-empty pattern of byte items takes it: the fake refuses what
/// the API server refuses (`e2e --test crds trap_corpus` checks the server).
#[test]
fn map_key_rules_and_empty_bytes_are_checked_like_the_server() {
    let spec = json!({"type": "object", "properties": {
        "zones": {"type": "object", "additionalProperties": {"type": "integer"},
            "x-kubernetes-validations": [{"rule": "self.all(k, k in ['eu-west', 'us-east'])",
                "message": "the keys must be one of: eu-west, us-east"}]},
        "ports": {"type": "object", "additionalProperties": {"type": "string"},
            "x-kubernetes-validations": [{"rule": "self.all(k, k.matches('^(0|[1-9][0-9]*)$') && uint(k) <= 65535u)",
                "message": "the keys must be unsigned decimal integers from 0 to 65535"}]},
        "priorities": {"type": "object", "additionalProperties": {"type": "integer"},
            "x-kubernetes-validations": [{"rule": "self.all(k, k.matches('^(0|-?[1-9][0-9]*)$') && int(k) >= -128 && int(k) <= 127)",
                "message": "the keys must be decimal integers from -128 to 127"}]},
        "ca": {"type": "string", "format": "byte"},
        "extra": {"type": "array", "items": {"type": "string",
            "pattern": "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$"}}}});
    let ok = json!({"zones": {"eu-west": 1}, "ports": {"0": "a", "65535": "b"},
        "priorities": {"-128": 1, "127": 2}, "ca": "cGVt", "extra": ["", "cGVt"]});
    assert_eq!(create_errors(spec.clone(), ok), Vec::<String>::new());
    let bad = |field: &str, value: Value| create_errors(spec.clone(), json!({ field: value }));
    assert_eq!(
        bad("zones", json!({"mars": 1})),
        ["spec.zones: Invalid value: \"object\": the keys must be one of: eu-west, us-east"]
    );
    for ports in [
        json!({"http": "a"}),
        json!({"080": "a"}),
        json!({"65536": "a"}),
    ] {
        assert_eq!(
            bad("ports", ports.clone()),
            [
                "spec.ports: Invalid value: \"object\": the keys must be unsigned decimal integers from 0 to 65535"
            ],
            "{ports}"
        );
    }
    assert_eq!(
        bad("priorities", json!({"128": 1})),
        [
            "spec.priorities: Invalid value: \"object\": the keys must be decimal integers from -128 to 127"
        ]
    );
    // As the server, it says the rules were not checked besides.
    assert!(bad("ca", json!("")).contains(
        &"spec.ca: Invalid value: \"\": spec.ca in body must be of type byte: \"\"".to_owned()
    ));
    assert_eq!(bad("ca", json!("cGVt")), Vec::<String>::new());
    assert_eq!(
        bad("ca", json!("cGV")).len(),
        2,
        "unpadded base64 is no `byte`"
    );
}
