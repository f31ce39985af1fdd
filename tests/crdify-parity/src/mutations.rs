//! Pairs of CRDs made from our fixtures' CRDs: each one change that a user
//! makes to an API (a bound tightened, a value added to an enum, a field
//! removed, a rule added, a version added, ...), applied to the first and
//! the last schema node of a CRD it applies to, so both shallow and deep
//! nodes of real-world shapes (embedded k8s-openapi types, maps, list maps,
//! int-or-string) are compared.

use serde_json::{Value, json};

/// One pair: what was changed, the old CRD, the new CRD.
pub struct Pair {
    /// `crd / mutation / node`.
    pub name: String,
    /// The CRD before.
    pub old: Value,
    /// The CRD after.
    pub new: Value,
}

type NodeChange = fn(&mut serde_json::Map<String, Value>) -> bool;

/// The changes to one schema node: each returns whether it applied.
const NODE_CHANGES: &[(&str, NodeChange)] = &[
    ("type-changed", |n| {
        swap(n, "type", |t| match t.as_str()? {
            "string" => Some(json!("integer")),
            "integer" | "boolean" | "number" => Some(json!("string")),
            _ => None,
        })
    }),
    ("maximum-added", |n| {
        is(n, "integer") && add(n, "maximum", json!(100))
    }),
    ("maximum-decreased", |n| {
        swap(n, "maximum", |v| Some(json!(v.as_f64()? - 1.0)))
    }),
    ("maximum-increased", |n| {
        swap(n, "maximum", |v| Some(json!(v.as_f64()? + 1.0)))
    }),
    ("minimum-added", |n| {
        is(n, "integer") && add(n, "minimum", json!(1))
    }),
    ("minimum-increased", |n| {
        swap(n, "minimum", |v| Some(json!(v.as_f64()? + 1.0)))
    }),
    ("maxLength-added", |n| {
        is(n, "string") && add(n, "maxLength", json!(10))
    }),
    ("maxLength-decreased", |n| {
        swap(n, "maxLength", |v| Some(json!(v.as_i64()? - 1)))
    }),
    ("minLength-added", |n| {
        is(n, "string") && add(n, "minLength", json!(2))
    }),
    ("minLength-increased", |n| {
        swap(n, "minLength", |v| Some(json!(v.as_i64()? + 1)))
    }),
    ("maxItems-added", |n| {
        is(n, "array") && add(n, "maxItems", json!(5))
    }),
    ("maxItems-decreased", |n| {
        swap(n, "maxItems", |v| Some(json!(v.as_i64()? - 1)))
    }),
    ("minItems-added", |n| {
        is(n, "array") && add(n, "minItems", json!(1))
    }),
    ("maxProperties-added", |n| {
        n.contains_key("additionalProperties") && add(n, "maxProperties", json!(8))
    }),
    ("minProperties-added", |n| {
        is(n, "object") && add(n, "minProperties", json!(1))
    }),
    ("enum-added", |n| {
        is(n, "string") && add(n, "enum", json!(["Alpha", "Beta"]))
    }),
    ("enum-value-removed", |n| {
        swap(n, "enum", |v| {
            let mut values = v.as_array()?.clone();
            (values.len() >= 2).then(|| {
                values.pop();
                Value::Array(values)
            })
        })
    }),
    ("enum-value-added", |n| {
        swap(n, "enum", |v| {
            let mut values = v.as_array()?.clone();
            values.push(json!("Zeta"));
            Some(Value::Array(values))
        })
    }),
    ("enum-dropped", |n| n.remove("enum").is_some()),
    ("default-added", |n| {
        is(n, "string") && add(n, "default", json!("standard"))
    }),
    ("default-changed", |n| {
        swap(n, "default", |v| match v {
            Value::String(s) => Some(json!(format!("{s}-changed"))),
            Value::Number(x) => Some(json!(x.as_f64()? + 1.0)),
            Value::Bool(b) => Some(json!(!b)),
            _ => None,
        })
    }),
    ("default-removed", |n| n.remove("default").is_some()),
    ("field-required", |n| {
        let Some(Value::Object(properties)) = n.get("properties") else {
            return false;
        };
        let required: Vec<Value> = n
            .get("required")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        let Some(name) = properties
            .keys()
            .find(|k| !required.contains(&json!(k)))
            .cloned()
        else {
            return false;
        };
        let mut required = required;
        required.push(json!(name));
        n.insert("required".into(), Value::Array(required));
        true
    }),
    ("field-unrequired", |n| {
        swap(n, "required", |v| {
            let mut names = v.as_array()?.clone();
            names.pop()?;
            Some(Value::Array(names))
        })
    }),
    ("description-changed", |n| {
        swap(n, "description", |v| {
            Some(json!(format!("{} Changed.", v.as_str()?)))
        })
    }),
    ("pattern-added", |n| {
        is(n, "string") && add(n, "pattern", json!("^[a-z]+$"))
    }),
    ("pattern-changed", |n| {
        swap(n, "pattern", |v| {
            Some(json!(format!("{}|^x$", v.as_str()?)))
        })
    }),
    ("pattern-removed", |n| n.remove("pattern").is_some()),
    ("nullable-added", |n| {
        is(n, "string") && add(n, "nullable", json!(true))
    }),
    ("nullable-removed", |n| n.remove("nullable").is_some()),
    ("format-changed", |n| {
        swap(n, "format", |v| match v.as_str()? {
            "int32" => Some(json!("int64")),
            "date-time" => Some(json!("date")),
            _ => Some(json!("byte")),
        })
    }),
    ("rule-added", |n| {
        is(n, "object") && push_rule(n, "self == self")
    }),
    ("transition-rule-added", |n| {
        is(n, "object") && push_rule(n, "self == oldSelf")
    }),
    ("rule-changed", |n| {
        swap(n, "x-kubernetes-validations", |v| {
            let mut rules = v.as_array()?.clone();
            let first = rules.first_mut()?.as_object_mut()?;
            let rule = first.get("rule")?.as_str()?.to_owned();
            first.insert("rule".into(), json!(format!("({rule}) && true")));
            Some(Value::Array(rules))
        })
    }),
    ("rule-removed", |n| {
        swap(n, "x-kubernetes-validations", |v| {
            let mut rules = v.as_array()?.clone();
            rules.pop()?;
            Some(Value::Array(rules))
        })
    }),
    ("field-removed", |n| {
        swap(n, "properties", |v| {
            let mut properties = v.as_object()?.clone();
            let last = (*plain_fields(&properties).last()?).clone();
            properties.remove(&last);
            Some(Value::Object(properties))
        })
    }),
    ("field-added", |n| {
        swap(n, "properties", |v| {
            let mut properties = v.as_object()?.clone();
            properties.insert("zzzAdded".into(), json!({"type": "string"}));
            Some(Value::Object(properties))
        })
    }),
    ("list-type-changed", |n| {
        swap(n, "x-kubernetes-list-type", |v| match v.as_str()? {
            "atomic" => Some(json!("set")),
            _ => Some(json!("atomic")),
        })
    }),
    ("map-values-bounded", |n| {
        let Some(Value::Object(values)) = n.get_mut("additionalProperties") else {
            return false;
        };
        match values.get("type").and_then(Value::as_str) {
            Some("string") => add(values, "maxLength", json!(64)),
            Some("integer") => add(values, "maximum", json!(64)),
            _ => add(values, "description", json!("Bounded.")),
        }
    }),
];

/// The properties without a junctor (`anyOf`, ...) in them: crdify v0.5.0
/// compares a junctor's last member in place of its node, so removing such a
/// subtree would mostly measure that (DIFFERENCES.md).
fn plain_fields(properties: &serde_json::Map<String, Value>) -> Vec<&String> {
    properties
        .iter()
        .filter(|(_, schema)| {
            let text = schema.to_string();
            !["\"anyOf\"", "\"allOf\"", "\"oneOf\"", "\"not\""]
                .iter()
                .any(|k| text.contains(k))
        })
        .map(|(name, _)| name)
        .collect()
}

fn is(n: &serde_json::Map<String, Value>, ty: &str) -> bool {
    n.get("type").and_then(Value::as_str) == Some(ty)
}

fn add(n: &mut serde_json::Map<String, Value>, key: &str, value: Value) -> bool {
    if n.contains_key(key) {
        return false;
    }
    n.insert(key.to_owned(), value);
    true
}

fn swap(
    n: &mut serde_json::Map<String, Value>,
    key: &str,
    f: impl Fn(&Value) -> Option<Value>,
) -> bool {
    let Some(next) = n.get(key).and_then(f) else {
        return false;
    };
    n.insert(key.to_owned(), next);
    true
}

fn push_rule(n: &mut serde_json::Map<String, Value>, rule: &str) -> bool {
    let rules = n
        .entry("x-kubernetes-validations")
        .or_insert_with(|| json!([]));
    match rules.as_array_mut() {
        Some(list) => {
            list.push(json!({"rule": rule, "message": "added by the suite"}));
            true
        }
        None => false,
    }
}

/// JSON pointers of every schema node of every version, in walk order.
fn nodes(crd: &Value) -> Vec<String> {
    fn walk(node: &Value, at: String, out: &mut Vec<String>) {
        if !node.is_object() {
            return;
        }
        out.push(at.clone());
        if let Some(Value::Object(properties)) = node.get("properties") {
            for name in properties.keys() {
                let escaped = name.replace('~', "~0").replace('/', "~1");
                walk(&properties[name], format!("{at}/properties/{escaped}"), out);
            }
        }
        if let Some(items) = node.get("items") {
            walk(items, format!("{at}/items"), out);
        }
        if let Some(values) = node.get("additionalProperties") {
            walk(values, format!("{at}/additionalProperties"), out);
        }
    }
    let mut out = Vec::new();
    for (i, version) in crd["spec"]["versions"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
    {
        if let Some(root) = version.pointer("/schema/openAPIV3Schema") {
            walk(
                root,
                format!("/spec/versions/{i}/schema/openAPIV3Schema"),
                &mut out,
            );
        }
    }
    out
}

/// Every pair made from `crd`.
pub fn pairs(crd: &Value) -> Vec<Pair> {
    let name = crd["metadata"]["name"].as_str().unwrap_or("?").to_owned();
    let pointers = nodes(crd);
    let mut out = Vec::new();
    for (change, apply) in NODE_CHANGES {
        // Tried on a copy of the node alone: copying the CRD for every node
        // and change would copy a pod template's schema thousands of times.
        let applicable: Vec<&String> = pointers
            .iter()
            .filter(|p| {
                let Some(Value::Object(node)) = crd.pointer(p) else {
                    return false;
                };
                apply(&mut node.clone())
            })
            .collect();
        let picked = match applicable.len() {
            0 => Vec::new(),
            1 => vec![0],
            n => vec![0, n - 1],
        };
        for i in picked {
            let pointer = applicable[i];
            let mut new = crd.clone();
            if let Some(Value::Object(node)) = new.pointer_mut(pointer) {
                apply(node);
            }
            let at = pointer
                .replace("/schema/openAPIV3Schema", "")
                .replace("/properties", "");
            out.push(Pair {
                name: format!("{name} / {change} / {at}"),
                old: crd.clone(),
                new,
            });
        }
    }
    out.extend(crd_changes(crd, &name));
    out
}

/// Changes of the CRD itself: scope, versions, stored versions.
fn crd_changes(crd: &Value, name: &str) -> Vec<Pair> {
    let mut out = Vec::new();
    let mut scoped = crd.clone();
    let scope = if crd["spec"]["scope"] == "Namespaced" {
        "Cluster"
    } else {
        "Namespaced"
    };
    scoped["spec"]["scope"] = json!(scope);
    out.push(Pair {
        name: format!("{name} / scope-changed"),
        old: crd.clone(),
        new: scoped,
    });
    let versions = crd["spec"]["versions"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    if let Some(storage) = versions.iter().find(|v| v["storage"] == true) {
        // A new served version whose schema drops a field and bounds another:
        // the served-version validator compares it with the existing ones.
        let mut added = storage.clone();
        added["name"] = json!("v99");
        added["storage"] = json!(false);
        if let Some(spec) = added
            .pointer_mut("/schema/openAPIV3Schema/properties/spec/properties")
            .and_then(Value::as_object_mut)
            && let Some(last) = plain_fields(spec).last().map(|k| (*k).clone())
        {
            spec.remove(&last);
        }
        let mut new = crd.clone();
        if let Some(list) = new["spec"]["versions"].as_array_mut() {
            list.push(added);
        }
        out.push(Pair {
            name: format!("{name} / served-version-added"),
            old: crd.clone(),
            new,
        });
    }
    // An installed CRD (with status) whose stored version the new CRD drops
    // in favour of a new one.
    if let Some(first) = versions.first() {
        let stored = first["name"].clone();
        let mut old = crd.clone();
        old["status"] = json!({"storedVersions": [stored]});
        let mut replacement = first.clone();
        replacement["name"] = json!("v100");
        replacement["storage"] = json!(true);
        let mut new = crd.clone();
        let mut kept: Vec<Value> = versions
            .iter()
            .filter(|v| v["name"] != stored)
            .map(|v| {
                let mut v = v.clone();
                v["storage"] = json!(false);
                v
            })
            .collect();
        kept.push(replacement);
        new["spec"]["versions"] = Value::Array(kept);
        out.push(Pair {
            name: format!("{name} / stored-version-removed"),
            old,
            new,
        });
    }
    out
}
