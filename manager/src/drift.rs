//! Drift detection: does a cached object already hold every field of its
//! apply configuration? If so, applying it would change nothing, and the
//! controller makes no write (the "steady state makes no writes" rule;
//! [`crate::children::Children::ensure`] applies only what drifted).
//!
//! The comparison is on JSON, the way server-side apply sees objects:
//! - objects: every field set in the desired object must be present in the
//!   actual one with a matching value; extra actual fields (server defaults,
//!   fields of other managers) are fine;
//! - lists of objects (containers, ports, owner references): Kubernetes merges
//!   these by key, so every desired element must match some actual element;
//!   extra actual elements belong to someone else;
//! - lists of scalars are atomic: they must be equal;
//! - scalars must be equal.

use serde::Serialize;
use serde_json::Value;

/// Whether `actual` already contains everything `desired` sets.
pub fn is_subset(desired: &Value, actual: &Value) -> bool {
    match (desired, actual) {
        (Value::Object(d), Value::Object(a)) => d
            .iter()
            .all(|(k, dv)| a.get(k).is_some_and(|av| is_subset(dv, av))),
        (Value::Array(d), Value::Array(a)) if d.iter().all(Value::is_object) => {
            d.iter().all(|dv| a.iter().any(|av| is_subset(dv, av)))
        }
        (Value::Array(d), Value::Array(a)) => d == a,
        // Numbers compare by value, so `1` and `1.0` agree.
        (Value::Number(d), Value::Number(a)) => d.as_f64() == a.as_f64(),
        (d, a) => d == a,
    }
}

/// Whether `actual` needs `desired` applied: `true` when some field of the
/// apply configuration is missing or different in `actual`.
pub fn has_drifted<T: Serialize>(desired: &T, actual: &T) -> bool {
    match (serde_json::to_value(desired), serde_json::to_value(actual)) {
        (Ok(d), Ok(a)) => !is_subset(&d, &a),
        // Unserialisable objects cannot be compared; applying is the safe side.
        _ => true,
    }
}

/// The paths of the fields where `actual` differs from `desired`, for logs
/// and events (`spec.replicas`, `spec.template.spec.containers[name=web].image`).
pub fn differences<T: Serialize>(desired: &T, actual: &T) -> Vec<String> {
    let mut out = Vec::new();
    if let (Ok(d), Ok(a)) = (serde_json::to_value(desired), serde_json::to_value(actual)) {
        diff(&d, &a, "", &mut out);
    }
    out.sort();
    out
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_owned()
    } else {
        format!("{path}.{key}")
    }
}

fn diff(desired: &Value, actual: &Value, path: &str, out: &mut Vec<String>) {
    match (desired, actual) {
        (Value::Object(d), Value::Object(a)) => {
            for (key, dv) in d {
                match a.get(key) {
                    Some(av) => diff(dv, av, &join(path, key), out),
                    None => out.push(join(path, key)),
                }
            }
        }
        (Value::Array(d), Value::Array(a)) if d.iter().all(Value::is_object) => {
            for (i, dv) in d.iter().enumerate() {
                if a.iter().any(|av| is_subset(dv, av)) {
                    continue;
                }
                // Follow the element with the same `name` (how Kubernetes keys
                // containers and ports), else report the whole element.
                let name = dv.get("name").and_then(Value::as_str);
                let same = name.and_then(|n| {
                    a.iter()
                        .find(|av| av.get("name").and_then(Value::as_str) == Some(n))
                });
                match (name, same) {
                    (Some(n), Some(av)) => diff(dv, av, &format!("{path}[name={n}]"), out),
                    _ => out.push(format!("{path}[{i}]")),
                }
            }
        }
        (d, a) => {
            if !is_subset(d, a) {
                out.push(path.to_owned());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn extra_fields_and_defaults_are_not_drift() {
        let desired = json!({"spec": {"replicas": 2, "template": {"containers": [{"name": "web", "image": "nginx"}]}}});
        let actual = json!({"spec": {"replicas": 2, "paused": false, "template": {"containers": [
            {"name": "sidecar", "image": "envoy"},
            {"name": "web", "image": "nginx", "imagePullPolicy": "IfNotPresent"}
        ]}}, "status": {"replicas": 2}});
        assert!(is_subset(&desired, &actual));
    }

    #[test]
    fn changed_or_missing_fields_are_drift() {
        let desired = json!({"spec": {"replicas": 2, "labels": {"a": "1"}}});
        assert!(!is_subset(
            &desired,
            &json!({"spec": {"replicas": 3, "labels": {"a": "1"}}})
        ));
        assert!(!is_subset(
            &desired,
            &json!({"spec": {"labels": {"a": "1"}}})
        ));
        assert!(!is_subset(
            &desired,
            &json!({"spec": {"replicas": 2, "labels": {"a": "2"}}})
        ));
        assert!(!is_subset(&desired, &json!({"spec": {"replicas": 2}})));
    }

    #[test]
    fn a_changed_element_of_a_keyed_list_is_drift() {
        let desired = json!({"containers": [{"name": "web", "image": "nginx:1.28"}]});
        let actual = json!({"containers": [{"name": "web", "image": "nginx:1.27"}]});
        assert!(!is_subset(&desired, &actual));
    }

    #[test]
    fn scalar_lists_are_atomic() {
        assert!(is_subset(
            &json!({"args": ["a", "b"]}),
            &json!({"args": ["a", "b"]})
        ));
        assert!(!is_subset(
            &json!({"args": ["a"]}),
            &json!({"args": ["a", "b"]})
        ));
        assert!(!is_subset(
            &json!({"args": ["b", "a"]}),
            &json!({"args": ["a", "b"]})
        ));
    }

    #[test]
    fn numbers_compare_by_value() {
        assert!(is_subset(&json!({"n": 1}), &json!({"n": 1.0})));
    }

    #[test]
    fn differences_name_the_drifted_fields() {
        let desired = json!({"spec": {"replicas": 2, "template": {"containers": [
            {"name": "web", "image": "nginx:1.28", "ports": [{"containerPort": 80}]}
        ]}}, "metadata": {"labels": {"a": "1"}}});
        let actual = json!({"spec": {"replicas": 5, "template": {"containers": [
            {"name": "web", "image": "nginx:1.27", "ports": [{"containerPort": 80}]}
        ]}}, "metadata": {}});
        assert_eq!(
            differences(&desired, &actual),
            [
                "metadata.labels",
                "spec.replicas",
                "spec.template.containers[name=web].image"
            ]
        );
        assert!(differences(&desired, &desired).is_empty());
    }
}
