//! The configurations as YAML, as controller-gen writes `manifests.yaml`: one
//! `---` document per configuration (the MutatingWebhookConfiguration first),
//! keys in alphabetical order, `metadata` with the name only, and no empty
//! lists or maps (Go's `omitempty`: a `patch=` that empties `matchConditions`
//! leaves no `matchConditions: []`). Rendered by the CRD emitter's YAML writer,
//! so every YAML file of the project has the same style.

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::JSONSchemaProps;
use serde_json::{Value, json};

use super::{Configuration, schema};
use crate::emit::crd::yaml;

/// All configurations as one multi-document YAML text (empty when there are none).
pub fn render(configurations: &[Configuration]) -> String {
    configurations
        .iter()
        .map(|c| yaml::render_value(&document(c)))
        .collect()
}

/// One configuration as the API server takes it.
pub fn document(configuration: &Configuration) -> Value {
    let webhook_schema = schema::webhook(configuration.kind);
    let webhooks: Vec<Value> = configuration
        .webhooks
        .iter()
        .map(|w| {
            let mut value = serde_json::to_value(&w.spec).expect("a webhook serialises to JSON");
            omit_empty(&mut value, webhook_schema);
            value
        })
        .collect();
    json!({
        "apiVersion": "admissionregistration.k8s.io/v1",
        "kind": configuration.kind.object_kind(),
        "metadata": {"name": configuration.name},
        "webhooks": webhooks,
    })
}

/// Removes what Go's `omitempty` leaves out: optional fields holding an
/// empty list, map or byte string.
fn omit_empty(value: &mut Value, schema: &JSONSchemaProps) {
    match value {
        Value::Object(fields) if schema::map_values(schema).is_none() => {
            let required = schema.required.as_deref().unwrap_or_default();
            fields.retain(|key, field| {
                let empty = match field {
                    Value::Array(items) => items.is_empty(),
                    Value::Object(entries) => {
                        entries.is_empty()
                            && schema::property(schema, key)
                                .and_then(schema::map_values)
                                .is_some()
                    }
                    Value::String(s) => {
                        s.is_empty()
                            && schema::property(schema, key)
                                .is_some_and(|p| p.format.as_deref() == Some("byte"))
                    }
                    _ => false,
                };
                !empty || required.contains(key)
            });
            for (key, field) in fields.iter_mut() {
                if let Some(property) = schema::property(schema, key) {
                    omit_empty(field, property);
                }
            }
        }
        Value::Array(items) => {
            if let Some(item) = schema::items(schema) {
                items.iter_mut().for_each(|v| omit_empty(v, item));
            }
        }
        _ => {}
    }
}
