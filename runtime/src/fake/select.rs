//! The label and field selectors of a list, watch or delete-collection, applied
//! to stored JSON objects with the grammar of [`crate::selector`].

use serde_json::Value;

use super::meta::{self, bad_request};
use crate::ResourceInfo;
use crate::error::Result;
use crate::selector::{FieldSelector, LabelSelector};

/// A label and a field selector together.
#[derive(Clone, Debug, Default)]
pub(crate) struct Selectors {
    labels: LabelSelector,
    fields: FieldSelector,
}

impl Selectors {
    /// Parses the selectors of a request; fields the resource does not offer are
    /// rejected as the server rejects them.
    pub(crate) fn parse(
        labels: Option<&str>,
        fields: Option<&str>,
        info: &ResourceInfo,
    ) -> Result<Selectors> {
        let labels =
            LabelSelector::parse(labels.unwrap_or("")).map_err(|e| bad_request(e.message()))?;
        let fields =
            FieldSelector::parse(fields.unwrap_or("")).map_err(|e| bad_request(e.message()))?;
        if let Some(term) = fields
            .terms()
            .iter()
            .find(|t| !info.is_selectable(&t.field))
        {
            return Err(bad_request(format!(
                "field label not supported: {}",
                term.field
            )));
        }
        Ok(Selectors { labels, fields })
    }

    /// Whether the object matches both selectors.
    pub(crate) fn matches(&self, object: &Value) -> bool {
        let labels = object
            .get("metadata")
            .and_then(|m| m.get("labels"))
            .and_then(Value::as_object);
        self.labels.matches(&labels) && self.fields.matches(|path| field_value(object, path))
    }
}

/// The value at a dotted path rendered as the server renders selectable fields
/// (strings as they are, numbers and booleans as text, missing as empty).
fn field_value(object: &Value, path: &str) -> Option<String> {
    match path {
        "metadata.name" => return Some(meta::meta_str(object, "name").to_owned()),
        "metadata.namespace" => return Some(meta::meta_str(object, "namespace").to_owned()),
        _ => {}
    }
    let value = path
        .split('.')
        .try_fold(object, |current, segment| current.get(segment))?;
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Null => None,
        other => Some(other.to_string()),
    }
}
