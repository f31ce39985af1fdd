//! `description`: a description changed. Harmless to objects; an error by
//! default as in crdify, where the documentation is part of the API (set its
//! enforcement to `Warn` or `None` to relax it).

use super::{
    Change, Check, CheckInfo, Context, Level, Origin, PropertyCheck, no_settings, take_str,
};
use crate::gofmt::quote;
use crate::schema::Node;

pub(super) const INFO: CheckInfo = CheckInfo {
    name: "description",
    level: Level::Property,
    catches: "a description changed",
    ratcheted: "",
    settings: "",
    origin: Origin::Crdify,
    build: |configuration| {
        no_settings(configuration)?;
        Ok(Check::Property(Box::new(Description)))
    },
};

struct Description;

impl PropertyCheck for Description {
    fn compare(&self, old: &mut Node, new: &mut Node, _: &Context<'_>) -> Vec<Change> {
        let before = take_str(old, "description");
        let after = take_str(new, "description");
        if before == after {
            return Vec::new();
        }
        vec![Change::new(format!(
            "description changed : {} -> {}",
            quote(&before),
            quote(&after)
        ))]
    }
}
