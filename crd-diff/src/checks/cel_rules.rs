//! `celRules`: the CEL rules (`x-kubernetes-validations`) of a node were
//! added, removed or changed, each named with its message and estimated
//! cost. crdify has no such check: any change of them is unhandled there.
//!
//! Rules pair up by their text; a rule whose text changed pairs with the
//! rule of the same message, else the one at the same place in the list. An
//! added or changed rule is a tightening that the API server ratchets unless
//! either side uses `oldSelf` (transition rules are never ratcheted). A
//! removed rule loosens validation; `removalPolicy: Allow` accepts it.

use serde::Deserialize;
use serde_json::{Map, Value};

use super::enum_values::Policy;
use super::{Change, Check, CheckInfo, Context, Level, Origin, PropertyCheck, settings, take};
use crate::gofmt::quote;
use crate::report::{Rule, RuleChange, RuleChangeKind};
use crate::schema::Node;

pub(super) const INFO: CheckInfo = CheckInfo {
    name: "celRules",
    level: Level::Property,
    catches: "a CEL rule (`x-kubernetes-validations`) is added, changed or removed",
    ratcheted: "an added or changed rule that does not use `oldSelf`",
    settings: "`removalPolicy`: `Disallow` (default) or `Allow` a removed rule",
    origin: Origin::KubeCodegen,
    build: |configuration| {
        let settings: Settings = settings(configuration)?;
        Ok(Check::Property(Box::new(CelRules(settings))))
    },
};

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Settings {
    #[serde(default)]
    removal_policy: Policy,
}

struct CelRules(Settings);

fn rules(
    node: &mut Node,
    costs: &std::collections::BTreeMap<String, u64>,
    cx: &Context<'_>,
) -> Vec<Rule> {
    let Some(Value::Array(items)) = take(node, "x-kubernetes-validations") else {
        return Vec::new();
    };
    let base = cx.path.server_path();
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let field = |key: &str| item.get(key).and_then(Value::as_str).map(str::to_owned);
            let cost = base
                .as_ref()
                .and_then(|p| costs.get(&format!("{p}.x-kubernetes-validations[{i}]")))
                .copied();
            Rule {
                rule: field("rule").unwrap_or_default(),
                message: field("message"),
                message_expression: field("messageExpression"),
                reason: field("reason"),
                field_path: field("fieldPath"),
                optional_old_self: item.get("optionalOldSelf").and_then(Value::as_bool),
                cost,
                attributes: attributes(item),
            }
        })
        .collect()
}

/// Everything of a rule but its text, to tell an attribute change.
fn attributes(item: &Value) -> Map<String, Value> {
    let mut map = item.as_object().cloned().unwrap_or_default();
    map.remove("rule");
    map
}

impl PropertyCheck for CelRules {
    fn compare(&self, old: &mut Node, new: &mut Node, cx: &Context<'_>) -> Vec<Change> {
        let before = rules(old, cx.old_costs, cx);
        let after = rules(new, cx.new_costs, cx);
        let mut changes = Vec::new();
        for (a, b) in pair(&before, &after) {
            match (a, b) {
                (Some(a), Some(b)) if a.rule == b.rule && a.attributes == b.attributes => {}
                (Some(a), Some(b)) => changes.push(changed(a, b)),
                (None, Some(b)) => changes.push(added(b)),
                (Some(a), None) if self.0.removal_policy != Policy::Allow => {
                    changes.push(removed(a));
                }
                _ => {}
            }
        }
        changes
    }
}

/// Whether two rules are the same rule, by one test.
type Same = dyn Fn(&Rule, &Rule) -> bool;

/// Old and new rules side by side: by text, then by message, then by place.
fn pair<'r>(before: &'r [Rule], after: &'r [Rule]) -> Vec<(Option<&'r Rule>, Option<&'r Rule>)> {
    let mut old_used = vec![false; before.len()];
    let mut new_used = vec![false; after.len()];
    let mut linked: Vec<(usize, usize)> = Vec::new();
    let same_text = |a: &Rule, b: &Rule| a.rule == b.rule;
    let same_message = |a: &Rule, b: &Rule| a.message.is_some() && a.message == b.message;
    let tests: [&Same; 2] = [&same_text, &same_message];
    for same in tests {
        for (i, a) in before.iter().enumerate() {
            if old_used[i] {
                continue;
            }
            if let Some(j) = (0..after.len()).find(|&j| !new_used[j] && same(a, &after[j])) {
                old_used[i] = true;
                new_used[j] = true;
                linked.push((i, j));
            }
        }
    }
    for i in 0..before.len().min(after.len()) {
        if !old_used[i] && !new_used[i] {
            old_used[i] = true;
            new_used[i] = true;
            linked.push((i, i));
        }
    }
    linked.sort_by_key(|&(_, j)| j);
    let mut pairs: Vec<(Option<&Rule>, Option<&Rule>)> = linked
        .into_iter()
        .map(|(i, j)| (Some(&before[i]), Some(&after[j])))
        .collect();
    pairs.extend(
        before
            .iter()
            .zip(&old_used)
            .filter(|(_, used)| !**used)
            .map(|(a, _)| (Some(a), None)),
    );
    pairs.extend(
        after
            .iter()
            .zip(&new_used)
            .filter(|(_, used)| !**used)
            .map(|(b, _)| (None, Some(b))),
    );
    pairs
}

/// The rule's message, message expression and field path, then `cost`.
fn describe(rule: &Rule, cost: String) -> String {
    let mut parts = Vec::new();
    if let Some(m) = &rule.message {
        parts.push(format!("message {}", quote(m)));
    }
    if let Some(m) = &rule.message_expression {
        parts.push(format!("messageExpression {}", quote(m)));
    }
    if let Some(f) = &rule.field_path {
        parts.push(format!("fieldPath {}", quote(f)));
    }
    parts.push(cost);
    parts.join(", ")
}

fn cost(cost: Option<u64>) -> String {
    cost.map_or_else(|| "unknown".to_owned(), |c| c.to_string())
}

fn estimated(rule: &Rule) -> String {
    format!("estimated cost {}", cost(rule.cost))
}

fn added(b: &Rule) -> Change {
    let message = format!(
        "rule added : {} ({})",
        quote(&b.rule),
        describe(b, estimated(b))
    );
    change(
        message,
        RuleChangeKind::Added,
        None,
        Some(b),
        !b.uses_old_self(),
    )
}

fn removed(a: &Rule) -> Change {
    let message = format!(
        "rule removed : {} ({})",
        quote(&a.rule),
        describe(a, estimated(a))
    );
    change(message, RuleChangeKind::Removed, Some(a), None, false)
}

fn changed(a: &Rule, b: &Rule) -> Change {
    let ratchetable = !a.uses_old_self() && !b.uses_old_self();
    let message = if a.rule == b.rule {
        format!(
            "rule changed : {} ({} -> {})",
            quote(&b.rule),
            describe(a, estimated(a)),
            describe(b, estimated(b))
        )
    } else {
        let costs = if a.cost == b.cost {
            estimated(b)
        } else {
            format!("estimated cost {} -> {}", cost(a.cost), cost(b.cost))
        };
        format!(
            "rule changed : {} -> {} ({})",
            quote(&a.rule),
            quote(&b.rule),
            describe(b, costs)
        )
    };
    change(
        message,
        RuleChangeKind::Changed,
        Some(a),
        Some(b),
        ratchetable,
    )
}

fn change(
    message: String,
    kind: RuleChangeKind,
    old: Option<&Rule>,
    new: Option<&Rule>,
    ratchetable: bool,
) -> Change {
    Change {
        ratchetable,
        rule: Some(RuleChange {
            kind,
            old: old.cloned(),
            new: new.cloned(),
        }),
        ..Change::new(message)
    }
}
