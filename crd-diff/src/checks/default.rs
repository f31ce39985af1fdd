//! `default`: a default was added, removed or changed. Objects written
//! before keep what they were defaulted to; new ones get something else, and
//! clients that relied on the old default see a different value.

use super::{Change, Check, CheckInfo, Context, Level, Origin, PropertyCheck, no_settings, take};
use crate::gofmt::{json, quote};
use crate::schema::Node;

pub(super) const INFO: CheckInfo = CheckInfo {
    name: "default",
    level: Level::Property,
    catches: "a default is added, removed or changed",
    ratcheted: "",
    settings: "",
    origin: Origin::Crdify,
    build: |configuration| {
        no_settings(configuration)?;
        Ok(Check::Property(Box::new(Default)))
    },
};

struct Default;

impl PropertyCheck for Default {
    fn compare(&self, old: &mut Node, new: &mut Node, _: &Context<'_>) -> Vec<Change> {
        let before = take(old, "default").map(|v| json(&v));
        let after = take(new, "default").map(|v| json(&v));
        let message = match (before, after) {
            (None, Some(b)) => format!(
                "default added when there was none previously : {}",
                quote(&b)
            ),
            (Some(a), None) => format!("default value removed : {}", quote(&a)),
            (Some(a), Some(b)) if a != b => {
                format!("default value changed : {} -> {}", quote(&a), quote(&b))
            }
            _ => return Vec::new(),
        };
        vec![Change::new(message)]
    }
}
