//! `enum`: an enum constraint appeared, or lost values (a tightening, which
//! the API server ratchets), or gained values (clients that switch over the
//! values meet one they do not know; `additionPolicy: Allow` accepts that).

use std::collections::BTreeSet;

use serde::Deserialize;
use serde_json::Value;

use super::{Change, Check, CheckInfo, Context, Level, Origin, PropertyCheck, settings, take};
use crate::gofmt::{json, list};
use crate::schema::Node;

pub(super) const INFO: CheckInfo = CheckInfo {
    name: "enum",
    level: Level::Property,
    catches: "an enum constraint is added, loses values, or gains values",
    ratcheted: "a new enum constraint, removed values",
    settings: "`additionPolicy`: `Disallow` (default) or `Allow` added values",
    origin: Origin::Crdify,
    build: |configuration| {
        let settings: Settings = settings(configuration)?;
        Ok(Check::Property(Box::new(Enum(settings))))
    },
};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub(super) enum Policy {
    Allow,
    #[default]
    Disallow,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Settings {
    #[serde(default)]
    addition_policy: Policy,
}

struct Enum(Settings);

fn values(node: &mut Node) -> BTreeSet<String> {
    match take(node, "enum") {
        Some(Value::Array(items)) => items.iter().map(json).collect(),
        _ => BTreeSet::new(),
    }
}

impl PropertyCheck for Enum {
    fn compare(&self, old: &mut Node, new: &mut Node, _: &Context<'_>) -> Vec<Change> {
        let before = values(old);
        let after = values(new);
        let removed: Vec<&String> = before.difference(&after).collect();
        let added: Vec<&String> = after.difference(&before).collect();
        if before.is_empty() && !after.is_empty() {
            let all: Vec<&String> = after.iter().collect();
            return vec![Change::ratchetable(format!(
                "enum constraint added when there was none previously : {}",
                list(&all)
            ))];
        }
        if !removed.is_empty() {
            let message = format!("allowed enum values removed : {}", list(&removed));
            // Without values left the constraint is gone: a loosening, which
            // crdify reports as removed values all the same.
            return vec![if after.is_empty() {
                Change::new(message)
            } else {
                Change::ratchetable(message)
            }];
        }
        if !added.is_empty() && self.0.addition_policy != Policy::Allow {
            return vec![Change::new(format!(
                "allowed enum values added : {}",
                list(&added)
            ))];
        }
        Vec::new()
    }
}
