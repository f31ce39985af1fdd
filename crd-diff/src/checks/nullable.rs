//! `nullable`: `nullable` was turned on (clients meet `null` where they did
//! not) or off (stored `null`s are what clients read; not ratcheted here).
//! From crdify's main branch; v0.5.0 reports these changes as unhandled.

use serde::Deserialize;

use super::enum_values::Policy;
use super::{Change, Check, CheckInfo, Context, Level, Origin, PropertyCheck, settings, take};
use crate::schema::Node;

pub(super) const INFO: CheckInfo = CheckInfo {
    name: "nullable",
    level: Level::Property,
    catches: "`nullable` is turned on or off",
    ratcheted: "",
    settings: "`additionPolicy`, `removalPolicy`: `Disallow` (default) or `Allow`",
    origin: Origin::CrdifyMain,
    build: |configuration| {
        let settings: Settings = settings(configuration)?;
        Ok(Check::Property(Box::new(Nullable(settings))))
    },
};

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Settings {
    #[serde(default)]
    addition_policy: Policy,
    #[serde(default)]
    removal_policy: Policy,
}

struct Nullable(Settings);

fn flag(node: &mut Node) -> bool {
    take(node, "nullable").and_then(|v| v.as_bool()) == Some(true)
}

impl PropertyCheck for Nullable {
    fn compare(&self, old: &mut Node, new: &mut Node, _: &Context<'_>) -> Vec<Change> {
        let a = flag(old);
        let b = flag(new);
        let message = match (a, b) {
            (false, true) if self.0.addition_policy != Policy::Allow => "nullable added",
            (true, false) if self.0.removal_policy != Policy::Allow => "nullable removed",
            _ => return Vec::new(),
        };
        vec![Change::new(format!("{message} : {a} -> {b}"))]
    }
}
