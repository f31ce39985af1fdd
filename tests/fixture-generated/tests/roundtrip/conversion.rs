//! Conversions between the versions of the fixture's converted kinds lose
//! nothing, for random objects of every version: spoke → hub → spoke and hub
//! → spoke → hub give the object back (the hub or spoke data a version cannot
//! hold travels in a `conversion.kube-codegen.k8s.io/<version>` annotation).
//!
//! The objects are drawn from the CRD's own schema of each version (types,
//! enums, formats, required fields, k8s-openapi types down to a depth), so a
//! new field or version is covered without touching this file.

use std::collections::BTreeMap;

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::{
    CustomResourceDefinition, JSONSchemaProps, JSONSchemaPropsOrArray, JSONSchemaPropsOrBool,
};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::{Value, json};

/// Below this depth only required fields are drawn, and lists are empty:
/// k8s-openapi's pod template alone is dozens of levels deep.
const MAX_DEPTH: u32 = 6;

fn strings() -> BoxedStrategy<Value> {
    "[a-z0-9]{0,8}".prop_map(Value::from).boxed()
}

/// Random JSON that `schema` accepts and the Rust types decode.
fn arb(schema: &JSONSchemaProps, depth: u32) -> BoxedStrategy<Value> {
    if let Some(values) = &schema.enum_ {
        let values: Vec<Value> = values.iter().map(|v| v.0.clone()).collect();
        return proptest::sample::select(values).boxed();
    }
    // Strings only: k8s-openapi's `Quantity` decodes from a string.
    if schema.x_kubernetes_int_or_string == Some(true) {
        return "[1-9][0-9]{0,2}m?".prop_map(Value::from).boxed();
    }
    match schema.type_.as_deref() {
        Some("string") => match schema.format.as_deref() {
            Some("date-time") => (2000u32..2030, 1u32..13, 1u32..29, 0u32..24, 0u32..60)
                .prop_map(|(y, mo, d, h, mi)| {
                    json!(format!("{y}-{mo:02}-{d:02}T{h:02}:{mi:02}:07Z"))
                })
                .boxed(),
            Some("byte") => "([A-Za-z0-9+/]{4}){0,3}".prop_map(Value::from).boxed(),
            _ => strings(),
        },
        Some("integer") => {
            let low = schema.minimum.map_or(0, |m| m.max(0.0) as i64);
            let high = schema.maximum.map_or(1000, |m| m.min(1000.0) as i64);
            (low..=high.max(low)).prop_map(Value::from).boxed()
        }
        Some("number") => (0u32..20).prop_map(|n| json!(f64::from(n) * 0.05)).boxed(),
        Some("boolean") => any::<bool>().prop_map(Value::from).boxed(),
        Some("array") => {
            let item = match &schema.items {
                Some(JSONSchemaPropsOrArray::Schema(item)) => item.as_ref().clone(),
                _ => JSONSchemaProps::default(),
            };
            let len = if depth >= MAX_DEPTH { 0..1 } else { 0..3 };
            proptest::collection::vec(arb(&item, depth + 1), len)
                .prop_map(Value::from)
                .boxed()
        }
        Some("object") => object(schema, depth),
        // `serde_json::Value` fields: any small JSON.
        _ => prop_oneof![
            strings(),
            (0i64..100).prop_map(Value::from),
            proptest::collection::btree_map("[a-z]{1,4}", strings(), 0..3).prop_map(|m| json!(m)),
        ]
        .boxed(),
    }
}

fn object(schema: &JSONSchemaProps, depth: u32) -> BoxedStrategy<Value> {
    let properties = schema.properties.clone().unwrap_or_default();
    if properties.is_empty() {
        return match &schema.additional_properties {
            Some(JSONSchemaPropsOrBool::Schema(value)) if depth < MAX_DEPTH => {
                proptest::collection::btree_map("[a-z]{1,6}", arb(value, depth + 1), 0..3)
                    .prop_map(|m| json!(m))
                    .boxed()
            }
            _ => Just(json!({})).boxed(),
        };
    }
    let required = schema.required.clone().unwrap_or_default();
    let fields: Vec<BoxedStrategy<Option<(String, Value)>>> = properties
        .into_iter()
        .filter(|(name, _)| {
            depth >= 1 || !["apiVersion", "kind", "metadata"].contains(&name.as_str())
        })
        .filter_map(|(name, sub)| {
            let value = arb(&sub, depth + 1);
            let key = name.clone();
            if required.contains(&name) {
                Some(value.prop_map(move |v| Some((key.clone(), v))).boxed())
            } else if depth < MAX_DEPTH {
                Some(
                    proptest::option::weighted(0.4, value)
                        .prop_map(move |v| v.map(|v| (key.clone(), v)))
                        .boxed(),
                )
            } else {
                None
            }
        })
        .collect();
    fields
        .prop_map(|fields| Value::Object(fields.into_iter().flatten().collect()))
        .boxed()
}

/// A whole object of `api_version` drawn from its schema.
fn objects(crd: &CustomResourceDefinition, version: &str) -> BoxedStrategy<Value> {
    let schema = crd
        .spec
        .versions
        .iter()
        .find(|v| v.name == version)
        .and_then(|v| v.schema.as_ref()?.open_api_v3_schema.clone())
        .expect("every version has a schema");
    let api_version = format!("{}/{version}", crd.spec.group);
    let kind = crd.spec.names.kind.clone();
    (object(&schema, 0), "[a-z]{1,10}")
        .prop_map(move |(mut object, name)| {
            object["apiVersion"] = json!(api_version);
            object["kind"] = json!(kind);
            object["metadata"] = json!({"name": name, "labels": {"app": "fixture"}});
            object
        })
        .boxed()
}

fn typed<T: serde::Serialize + serde::de::DeserializeOwned>(object: &Value) -> Value {
    let decoded: T = serde_json::from_value(object.clone())
        .unwrap_or_else(|e| panic!("a schema-valid object decodes: {e}: {object}"));
    serde_json::to_value(decoded).unwrap()
}

/// What the version's Rust type makes of an object (defaults filled in):
/// what a round trip must give back.
fn normalized(object: &Value) -> Value {
    use fixture_generated::apis::{batch, fleet};
    match object["apiVersion"].as_str().unwrap() {
        "batch.fixture.example.com/v1" => typed::<batch::v1::CronTab>(object),
        "batch.fixture.example.com/v1beta1" => typed::<batch::v1beta1::CronTab>(object),
        "fleet.fixture.example.com/v1" => typed::<fleet::v1::NodePool>(object),
        "fleet.fixture.example.com/v2" => typed::<fleet::v2::NodePool>(object),
        other => panic!("add the type of {other} to `normalized`"),
    }
}

fn converted_crds() -> BTreeMap<String, CustomResourceDefinition> {
    fixture_generated::crds::custom_resource_definitions()
        .unwrap()
        .into_iter()
        .filter(|crd| {
            crd.spec
                .conversion
                .as_ref()
                .is_some_and(|c| c.strategy == "Webhook")
        })
        .map(|crd| (crd.spec.names.kind.clone(), crd))
        .collect()
}

#[test]
fn every_kind_with_several_versions_is_converted() {
    let conversions = fixture_generated::conversion::conversions();
    let registered: Vec<(String, Vec<String>)> = conversions
        .kinds()
        .map(|k| {
            let mut versions: Vec<String> = k.versions.iter().map(|v| v.to_string()).collect();
            versions.sort();
            (k.kind.to_owned(), versions)
        })
        .collect();
    for crd in fixture_generated::crds::custom_resource_definitions().unwrap() {
        if crd.spec.versions.len() < 2 {
            continue;
        }
        let mut versions: Vec<String> = crd
            .spec
            .versions
            .iter()
            .map(|v| format!("{}/{}", crd.spec.group, v.name))
            .collect();
        versions.sort();
        assert!(
            registered.contains(&(crd.spec.names.kind.clone(), versions)),
            "{} has several versions but no conversion registered: {registered:?}",
            crd.spec.names.kind
        );
    }
}

/// spoke → hub → spoke and hub → spoke → hub for random objects of every
/// version of every converted kind.
#[test]
fn round_trips_through_every_version_lose_nothing() {
    let conversions = fixture_generated::conversion::conversions();
    let crds = converted_crds();
    assert_eq!(crds.len(), 2, "CronTab and NodePool");
    let mut runner = TestRunner::new(Config {
        cases: 48,
        ..Config::default()
    });
    for info in conversions.kinds() {
        let crd = &crds[info.kind];
        for from in &info.versions {
            let version = from.rsplit('/').next().unwrap();
            runner
                .run(&objects(crd, version), |object| {
                    let start = normalized(&object);
                    for to in info.versions.iter().filter(|v| *v != from) {
                        let there = conversions.convert(start.clone(), to).unwrap();
                        prop_assert_eq!(there["apiVersion"].as_str(), Some(*to));
                        let back = conversions.convert(there.clone(), from).unwrap();
                        prop_assert_eq!(
                            &back,
                            &start,
                            "{} {} → {} → back: went through {}",
                            info.kind,
                            from,
                            to,
                            there
                        );
                    }
                    Ok(())
                })
                .unwrap_or_else(|e| panic!("{} {from}: {e}", info.kind));
        }
    }
}

/// A change made in the other version wins over the data kept for the
/// round trip: a v1 client that shrinks a NodePool to one node gets one
/// node in v2, not the v2 nodes from before.
#[test]
fn a_change_in_the_other_version_is_kept() {
    let conversions = fixture_generated::conversion::conversions();
    let hub = json!({
        "apiVersion": "fleet.fixture.example.com/v2",
        "kind": "NodePool",
        "metadata": {"name": "pool"},
        "spec": {
            "nodes": [{"name": "a", "labels": {"disk": "ssd"}}, {"name": "b"}],
            "machine": {"cpu": "2", "memory": "4Gi"},
            "zones": ["eu-1", "eu-2"],
            "autoscaling": {"minNodes": 1, "maxNodes": 5}
        }
    });
    let mut old = conversions
        .convert(hub.clone(), "fleet.fixture.example.com/v1")
        .unwrap();
    assert_eq!(old["spec"]["nodeCount"], json!(2));
    assert_eq!(old["spec"]["zone"], json!("eu-1"));
    assert!(
        old["metadata"]["annotations"]["conversion.kube-codegen.k8s.io/v2"].is_string(),
        "v2's nodes, second zone and autoscaling are kept: {old}"
    );
    old["spec"]["nodeCount"] = json!(1);
    let new = conversions
        .convert(old, "fleet.fixture.example.com/v2")
        .unwrap();
    assert_eq!(new["spec"]["nodes"], json!([{"name": "node-0"}]));
    // What v1 did not touch comes back.
    assert_eq!(new["spec"]["zones"], json!(["eu-1", "eu-2"]));
    assert_eq!(
        new["spec"]["autoscaling"],
        json!({"minNodes": 1, "maxNodes": 5})
    );
    assert!(new["metadata"].get("annotations").is_none(), "{new}");
}
