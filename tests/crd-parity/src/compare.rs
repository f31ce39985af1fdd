//! Semantic comparison of two sets of CRDs, attribute by attribute.
//!
//! Keys are `api / crd / version / json-path / attribute`. Set-like lists
//! (`required`, `enum`, short names, categories, CEL rules) compare as sets;
//! numbers compare by value; a property present on one side only is one
//! `node` difference (its subtree is not walked); descriptions are their own
//! attribute, `description`, so they can be told apart from validation
//! differences.

use std::collections::BTreeSet;
use std::fmt;

use serde_json::{Map, Value};

use crate::render;

/// One attribute that differs.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Difference {
    /// `api / crd / version / json-path / attribute`.
    pub key: String,
    /// kube-codegen's value, rendered.
    pub ours: String,
    /// controller-gen's value, rendered.
    pub reference: String,
}

impl Difference {
    /// The attribute, the key's last part.
    pub fn attribute(&self) -> &str {
        self.key.rsplit(" / ").next().unwrap_or_default()
    }

    /// The API, the key's first part.
    pub fn api(&self) -> &str {
        self.key.split(" / ").next().unwrap_or_default()
    }
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}\n    ours:           {}\n    controller-gen: {}",
            self.key, self.ours, self.reference
        )
    }
}

/// Annotations and labels each generator stamps on its own output.
const GENERATOR_STAMPS: &[&str] = &[
    "controller-gen.kubebuilder.io/version",
    "kube-codegen.k8s.io/version",
];

/// Attributes whose value is a set, not a sequence.
const SET_ATTRIBUTES: &[&str] = &["required", "enum", "x-kubernetes-validations"];

/// Every difference between `ours` and `reference`, the CRDs of `api`.
pub fn compare_api(api: &str, ours: &[Value], reference: &[Value]) -> Vec<Difference> {
    let mut out = Diffs {
        api,
        out: Vec::new(),
    };
    let names: BTreeSet<&str> = ours.iter().chain(reference).map(crd_name).collect();
    for name in names {
        let a = ours.iter().find(|c| crd_name(c) == name);
        let b = reference.iter().find(|c| crd_name(c) == name);
        match (a, b) {
            (Some(a), Some(b)) => out.crd(name, &normalize(a), &normalize(b)),
            _ => out.push([name, "*", "*", "crd"], presence(a), presence(b)),
        }
    }
    out.out.sort();
    out.out
}

fn crd_name(crd: &Value) -> &str {
    crd.pointer("/metadata/name")
        .and_then(Value::as_str)
        .unwrap_or("(unnamed)")
}

fn presence(v: Option<&Value>) -> String {
    if v.is_some() {
        "present".into()
    } else {
        render::ABSENT.into()
    }
}

struct Diffs<'a> {
    api: &'a str,
    out: Vec<Difference>,
}

impl Diffs<'_> {
    fn push(
        &mut self,
        [crd, version, path, attribute]: [&str; 4],
        ours: String,
        reference: String,
    ) {
        self.out.push(Difference {
            key: format!("{} / {crd} / {version} / {path} / {attribute}", self.api),
            ours,
            reference,
        });
    }

    fn attr(&mut self, at: [&str; 4], a: Option<&Value>, b: Option<&Value>) {
        if a != b {
            self.push(at, render::value(a), render::value(b));
        }
    }

    fn crd(&mut self, name: &str, a: &Value, b: &Value) {
        for (label, pointer) in [
            ("metadata.labels", "/metadata/labels"),
            ("metadata.annotations", "/metadata/annotations"),
            ("group", "/spec/group"),
            ("scope", "/spec/scope"),
            ("names.kind", "/spec/names/kind"),
            ("names.listKind", "/spec/names/listKind"),
            ("names.plural", "/spec/names/plural"),
            ("names.singular", "/spec/names/singular"),
            ("names.shortNames", "/spec/names/shortNames"),
            ("names.categories", "/spec/names/categories"),
            ("conversion", "/spec/conversion"),
            ("preserveUnknownFields", "/spec/preserveUnknownFields"),
        ] {
            self.attr(
                [name, "*", "*", label],
                a.pointer(pointer),
                b.pointer(pointer),
            );
        }
        let versions = |crd: &Value| -> Vec<Value> {
            crd.pointer("/spec/versions")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default()
        };
        let (va, vb) = (versions(a), versions(b));
        let version_names: BTreeSet<String> = va
            .iter()
            .chain(&vb)
            .filter_map(|v| v["name"].as_str().map(str::to_owned))
            .collect();
        for version in &version_names {
            let find = |vs: &[Value]| vs.iter().find(|v| v["name"] == version.as_str()).cloned();
            match (find(&va), find(&vb)) {
                (Some(x), Some(y)) => self.version(name, version, &x, &y),
                (x, y) => self.push(
                    [name, version, "*", "version"],
                    presence(x.as_ref()),
                    presence(y.as_ref()),
                ),
            }
        }
    }

    fn version(&mut self, crd: &str, version: &str, a: &Value, b: &Value) {
        for field in [
            "served",
            "storage",
            "deprecated",
            "deprecationWarning",
            "subresources",
            "additionalPrinterColumns",
            "selectableFields",
        ] {
            self.attr([crd, version, "*", field], a.get(field), b.get(field));
        }
        let schema = "/schema/openAPIV3Schema";
        match (a.pointer(schema), b.pointer(schema)) {
            (Some(x), Some(y)) => self.node(crd, version, ".", x, y),
            (x, y) => self.attr([crd, version, ".", "schema"], x, y),
        }
    }

    fn node(&mut self, crd: &str, version: &str, path: &str, a: &Value, b: &Value) {
        let empty = Map::new();
        let (ma, mb) = (
            a.as_object().unwrap_or(&empty),
            b.as_object().unwrap_or(&empty),
        );
        let keys: BTreeSet<&String> = ma.keys().chain(mb.keys()).collect();
        for key in keys {
            let (x, y) = (ma.get(key), mb.get(key));
            match key.as_str() {
                "properties" => self.properties(crd, version, path, x, y),
                "items" | "additionalProperties"
                    if x.is_some_and(Value::is_object) && y.is_some_and(Value::is_object) =>
                {
                    let child = child_path(path, if key == "items" { "[*]" } else { "{*}" });
                    self.node(crd, version, &child, x.unwrap(), y.unwrap());
                }
                "description" => {
                    let (x, y) = (x.map(words), y.map(words));
                    self.attr([crd, version, path, "description"], x.as_ref(), y.as_ref());
                }
                _ => self.attr([crd, version, path, key], x, y),
            }
        }
    }

    fn properties(
        &mut self,
        crd: &str,
        version: &str,
        path: &str,
        a: Option<&Value>,
        b: Option<&Value>,
    ) {
        let empty = Map::new();
        let pa = a.and_then(Value::as_object).unwrap_or(&empty);
        let pb = b.and_then(Value::as_object).unwrap_or(&empty);
        let names: BTreeSet<&String> = pa.keys().chain(pb.keys()).collect();
        for prop in names {
            let child = child_path(path, &format!(".{prop}"));
            match (pa.get(prop), pb.get(prop)) {
                (Some(x), Some(y)) => self.node(crd, version, &child, x, y),
                (x, y) => self.push([crd, version, &child, "node"], summary(x), summary(y)),
            }
        }
    }
}

/// A description with its line breaks and runs of blanks made single spaces:
/// controller-gen keeps Go comments' line breaks, the k8s-openapi schemas
/// join them, and the text is the same to every reader.
fn words(description: &Value) -> Value {
    match description.as_str() {
        Some(text) => Value::from(text.split_whitespace().collect::<Vec<_>>().join(" ")),
        None => description.clone(),
    }
}

fn child_path(path: &str, suffix: &str) -> String {
    if path == "." {
        suffix.to_owned()
    } else {
        format!("{path}{suffix}")
    }
}

/// A field present on one side only: its type, so the list says what is missing.
fn summary(node: Option<&Value>) -> String {
    match node {
        None => render::ABSENT.to_owned(),
        Some(n) => format!("present (type {})", render::value(n.get("type"))),
    }
}

/// `crd` with generator stamps dropped, set-like lists sorted and integral
/// numbers written as integers, so equal meaning compares equal.
fn normalize(crd: &Value) -> Value {
    let mut crd = crd.clone();
    for pointer in ["/metadata/annotations", "/metadata/labels"] {
        if let Some(map) = crd.pointer_mut(pointer).and_then(Value::as_object_mut) {
            for stamp in GENERATOR_STAMPS {
                map.remove(*stamp);
            }
        }
        if crd
            .pointer(pointer)
            .and_then(Value::as_object)
            .is_some_and(Map::is_empty)
        {
            let (parent, leaf) = pointer.rsplit_once('/').unwrap();
            if let Some(map) = crd.pointer_mut(parent).and_then(Value::as_object_mut) {
                map.remove(leaf);
            }
        }
    }
    for pointer in ["/spec/names/shortNames", "/spec/names/categories"] {
        if let Some(list) = crd.pointer_mut(pointer) {
            sort_set(list);
        }
    }
    if let Some(versions) = crd
        .pointer_mut("/spec/versions")
        .and_then(Value::as_array_mut)
    {
        for v in versions {
            if v.get("deprecated") == Some(&Value::Bool(false)) {
                v.as_object_mut().unwrap().remove("deprecated");
            }
            if let Some(schema) = v.pointer_mut("/schema/openAPIV3Schema") {
                normalize_schema(schema);
            }
        }
    }
    integers(&mut crd);
    crd
}

fn normalize_schema(node: &mut Value) {
    let Some(map) = node.as_object_mut() else {
        return;
    };
    for attr in SET_ATTRIBUTES {
        if let Some(list) = map.get_mut(*attr) {
            sort_set(list);
        }
    }
    for (key, child) in map.iter_mut() {
        match key.as_str() {
            "properties" => {
                if let Some(props) = child.as_object_mut() {
                    props.values_mut().for_each(normalize_schema);
                }
            }
            "items" | "additionalProperties" | "not" => normalize_schema(child),
            "allOf" | "anyOf" | "oneOf" => {
                if let Some(list) = child.as_array_mut() {
                    list.iter_mut().for_each(normalize_schema);
                }
            }
            _ => {}
        }
    }
}

fn sort_set(list: &mut Value) {
    if let Some(items) = list.as_array_mut() {
        items.sort_by_key(Value::to_string);
    }
}

/// `1.0` and `1` are the same number to the API server.
fn integers(v: &mut Value) {
    match v {
        Value::Number(n) => {
            if let Some(f) = n.as_f64().filter(|f| f.fract() == 0.0 && f.abs() < 9e15)
                && !n.is_i64()
                && !n.is_u64()
            {
                *v = Value::from(f as i64);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(integers),
        Value::Object(map) => map.values_mut().for_each(integers),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn crd(schema: Value) -> Value {
        json!({
            "metadata": {"name": "things.example.com", "annotations": {"controller-gen.kubebuilder.io/version": "v0"}},
            "spec": {"group": "example.com", "names": {"kind": "Thing", "plural": "things", "shortNames": ["b", "a"]},
                      "scope": "Namespaced",
                      "versions": [{"name": "v1", "served": true, "storage": true,
                                    "schema": {"openAPIV3Schema": schema}}]}
        })
    }

    #[test]
    fn equal_meaning_compares_equal() {
        let a = crd(
            json!({"type": "object", "required": ["a", "b"], "properties": {"a": {"type": "integer", "minimum": 1.0}}}),
        );
        let mut b = crd(
            json!({"type": "object", "required": ["b", "a"], "properties": {"a": {"type": "integer", "minimum": 1}}}),
        );
        b["spec"]["names"]["shortNames"] = json!(["a", "b"]);
        b["metadata"]["annotations"] = json!({});
        assert_eq!(compare_api("x", &[a], &[b]), vec![]);
    }

    #[test]
    fn every_kind_of_difference_is_keyed_by_path_and_attribute() {
        let a = crd(json!({"type": "object", "properties": {
            "list": {"type": "array", "items": {"type": "string", "maxLength": 3}},
            "map": {"type": "object", "additionalProperties": {"type": "string"}},
            "only": {"type": "string"},
            "doc": {"type": "string", "description": "ours"}}}));
        let b = crd(json!({"type": "object", "properties": {
            "list": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "string", "maxLength": 4}},
            "map": {"type": "object", "additionalProperties": {"type": "integer"}},
            "doc": {"type": "string", "description": "theirs"}}}));
        let keys: Vec<(String, String, String)> = compare_api("x", &[a], &[b])
            .into_iter()
            .map(|d| (d.key, d.ours, d.reference))
            .collect();
        let k = |p: &str, a: &str| format!("x / things.example.com / v1 / {p} / {a}");
        assert_eq!(
            keys,
            vec![
                (
                    k(".doc", "description"),
                    "\"ours\"".into(),
                    "\"theirs\"".into()
                ),
                (
                    k(".list", "x-kubernetes-list-type"),
                    "(absent)".into(),
                    "\"set\"".into()
                ),
                (k(".list[*]", "maxLength"), "3".into(), "4".into()),
                (
                    k(".map{*}", "type"),
                    "\"string\"".into(),
                    "\"integer\"".into()
                ),
                (
                    k(".only", "node"),
                    "present (type \"string\")".into(),
                    "(absent)".into()
                ),
            ]
        );
    }

    #[test]
    fn a_missing_crd_or_version_is_one_difference() {
        let a = crd(json!({"type": "object"}));
        let mut b = a.clone();
        b["spec"]["versions"][0]["name"] = json!("v2");
        let diffs = compare_api("x", std::slice::from_ref(&a), &[b]);
        assert_eq!(diffs.len(), 2, "{diffs:?}");
        assert!(diffs.iter().all(|d| d.attribute() == "version"));
        let diffs = compare_api("x", &[a], &[]);
        assert_eq!(diffs[0].key, "x / things.example.com / * / * / crd");
    }
}
