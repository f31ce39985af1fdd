//! `type`: a node's type changed. Not ratcheted here: even where the API
//! server would still accept an unchanged stored value, the value stays of
//! the old type, which clients of the new type cannot read.

use super::{
    Change, Check, CheckInfo, Context, Level, Origin, PropertyCheck, no_settings, take_str,
};
use crate::gofmt::quote;
use crate::schema::Node;

pub(super) const INFO: CheckInfo = CheckInfo {
    name: "type",
    level: Level::Property,
    catches: "a type changed",
    ratcheted: "",
    settings: "",
    origin: Origin::Crdify,
    build: |configuration| {
        no_settings(configuration)?;
        Ok(Check::Property(Box::new(Type)))
    },
};

struct Type;

impl PropertyCheck for Type {
    fn compare(&self, old: &mut Node, new: &mut Node, _: &Context<'_>) -> Vec<Change> {
        let before = take_str(old, "type");
        let after = take_str(new, "type");
        if before == after {
            return Vec::new();
        }
        vec![Change::new(format!(
            "type changed : {} -> {}",
            quote(&before),
            quote(&after)
        ))]
    }
}
