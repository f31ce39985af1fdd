//! `pattern`: a pattern was added or changed (a tightening the API server
//! ratchets), or removed (`removalPolicy: Allow` accepts that). From
//! crdify's main branch; v0.5.0 reports these changes as unhandled.

use serde::Deserialize;

use super::enum_values::Policy;
use super::{Change, Check, CheckInfo, Context, Level, Origin, PropertyCheck, settings, take_str};
use crate::gofmt::quote;
use crate::schema::Node;

pub(super) const INFO: CheckInfo = CheckInfo {
    name: "pattern",
    level: Level::Property,
    catches: "a pattern is added, changed or removed",
    ratcheted: "an added or changed pattern",
    settings: "`removalPolicy`: `Disallow` (default) or `Allow` a removed pattern",
    origin: Origin::CrdifyMain,
    build: |configuration| {
        let settings: Settings = settings(configuration)?;
        Ok(Check::Property(Box::new(Pattern(settings))))
    },
};

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Settings {
    #[serde(default)]
    removal_policy: Policy,
}

struct Pattern(Settings);

impl PropertyCheck for Pattern {
    fn compare(&self, old: &mut Node, new: &mut Node, _: &Context<'_>) -> Vec<Change> {
        let a = take_str(old, "pattern");
        let b = take_str(new, "pattern");
        let shown = format!("{} -> {}", quote(&a), quote(&b));
        if a == b {
            Vec::new()
        } else if a.is_empty() {
            vec![Change::ratchetable(format!("pattern added : {shown}"))]
        } else if b.is_empty() {
            if self.0.removal_policy == Policy::Allow {
                Vec::new()
            } else {
                vec![Change::new(format!("pattern removed : {shown}"))]
            }
        } else {
            vec![Change::ratchetable(format!("pattern changed : {shown}"))]
        }
    }
}
