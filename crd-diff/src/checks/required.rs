//! `required`: a field became required. Never ratcheted: stored objects
//! without it fail every update that touches their object, and clients that
//! leave it out are refused.

use std::collections::BTreeSet;

use serde_json::Value;

use super::{Change, Check, CheckInfo, Context, Level, Origin, PropertyCheck, no_settings, take};
use crate::gofmt::list;
use crate::schema::Node;

pub(super) const INFO: CheckInfo = CheckInfo {
    name: "required",
    level: Level::Property,
    catches: "a field becomes required",
    ratcheted: "",
    settings: "",
    origin: Origin::Crdify,
    build: |configuration| {
        no_settings(configuration)?;
        Ok(Check::Property(Box::new(Required)))
    },
};

struct Required;

fn names(node: &mut Node) -> BTreeSet<String> {
    match take(node, "required") {
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(|v| v.as_str().map(str::to_owned))
            .collect(),
        _ => BTreeSet::new(),
    }
}

impl PropertyCheck for Required {
    fn compare(&self, old: &mut Node, new: &mut Node, _: &Context<'_>) -> Vec<Change> {
        let before = names(old);
        let after = names(new);
        let added: Vec<&String> = after.difference(&before).collect();
        if added.is_empty() {
            return Vec::new();
        }
        vec![Change::new(format!(
            "new required fields: {}",
            list(&added)
        ))]
    }
}
