//! Rules → roles, merged and sorted exactly as controller-gen's `GenerateRoles`
//! and `NormalizeRules` do (controller-tools v0.23, `pkg/rbac/parser.go`), so a
//! Go user's markers give the same RBAC here:
//!
//! 1. rules go to the role of their (namespace, roleName); each marker becomes
//!    one rule per resource (markers without resources stay whole);
//! 2. rules with equal groups, resources, resource names and URLs (each
//!    de-duplicated and sorted) become one, their verbs united;
//! 3. then rules equal but for their resources are united, then rules equal
//!    but for their groups, then rules equal but for their URLs (one pass each,
//!    in that order);
//! 4. rules are sorted by `groups + resources + resourceNames + urls` (each
//!    `&`-joined), and verbs holding `*` become just `*`;
//! 5. roles are sorted by namespace, then name; the one without a namespace is
//!    the ClusterRole.
//!
//! One deliberate difference: where step 3 makes two rules with different
//! verbs equal in everything else, controller-gen keeps whichever its map
//! iteration meets last (dropping the other's verbs, differently from run to
//! run); here both are kept, the one with the smaller verbs first.

use std::collections::{BTreeMap, BTreeSet};

use super::Rule;

/// One rule of a role, in the Kubernetes API's terms. Every list is sorted and
/// without duplicates; empty lists are left out of the YAML.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct PolicyRule {
    pub api_groups: Vec<String>,
    pub resources: Vec<String>,
    pub resource_names: Vec<String>,
    pub non_resource_urls: Vec<String>,
    pub verbs: Vec<String>,
}

/// A ClusterRole (`namespace` empty) or a Role.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Role {
    pub name: String,
    pub namespace: String,
    pub rules: Vec<PolicyRule>,
}

impl Role {
    /// `ClusterRole` or `Role`.
    pub fn kind(&self) -> &'static str {
        if self.namespace.is_empty() {
            "ClusterRole"
        } else {
            "Role"
        }
    }
}

/// The roles `rules` make; `role_name` names those whose markers name none.
pub fn roles(rules: &[Rule], role_name: &str) -> Vec<Role> {
    let mut by_role: BTreeMap<(String, String), Vec<PolicyRule>> = BTreeMap::new();
    for rule in rules {
        let name = rule.role_name.as_deref().unwrap_or(role_name);
        let split = by_role
            .entry((rule.namespace.clone(), name.to_owned()))
            .or_default();
        let policy = |resources: Vec<String>| PolicyRule {
            api_groups: rule.groups.clone(),
            resources,
            resource_names: rule.resource_names.clone(),
            non_resource_urls: rule.urls.clone(),
            verbs: rule.verbs.clone(),
        };
        if rule.resources.is_empty() {
            split.push(policy(Vec::new()));
        } else {
            split.extend(rule.resources.iter().map(|r| policy(vec![r.clone()])));
        }
    }
    by_role
        .into_iter()
        .map(|((namespace, name), rules)| Role {
            name,
            namespace,
            rules: normalize_rules(rules),
        })
        .filter(|role| !role.rules.is_empty())
        .collect()
}

/// Which field of a rule a merge step unites; the other four must be equal.
#[derive(Clone, Copy)]
enum Field {
    Resources,
    Groups,
    Urls,
}

/// controller-gen's `NormalizeRules`.
fn normalize_rules(rules: Vec<PolicyRule>) -> Vec<PolicyRule> {
    // Equal groups, resources, names and URLs: verbs united.
    let mut merged: BTreeMap<[Vec<String>; 4], PolicyRule> = BTreeMap::new();
    for rule in rules.into_iter().map(normalized) {
        match merged.get_mut(&key(&rule)) {
            Some(first) => first.verbs = union(&first.verbs, &rule.verbs),
            None => {
                merged.insert(key(&rule), rule);
            }
        }
    }
    let mut rules: Vec<PolicyRule> = merged.into_values().collect();
    for field in [Field::Resources, Field::Groups, Field::Urls] {
        rules = unite(rules, field);
    }
    let mut rules: Vec<(String, PolicyRule)> = rules
        .into_iter()
        .map(|mut rule| {
            if rule.verbs.iter().any(|v| v == "*") {
                rule.verbs = vec!["*".to_owned()];
            }
            (sort_key(&rule), rule)
        })
        .collect();
    rules.sort();
    rules.into_iter().map(|(_, rule)| rule).collect()
}

/// One of controller-gen's "deduplicate" passes: rules equal in everything but
/// `field` become one rule holding the union of their `field`s.
fn unite(rules: Vec<PolicyRule>, field: Field) -> Vec<PolicyRule> {
    // Keyed by the rule with `field` emptied: the four fields that must be equal.
    let mut groups: BTreeMap<PolicyRule, PolicyRule> = BTreeMap::new();
    for mut rule in rules {
        let values = std::mem::take(field_of(&mut rule, field));
        match groups.get_mut(&rule) {
            Some(first) => {
                let united = field_of(first, field);
                *united = union(united, &values);
            }
            None => {
                let mut whole = rule.clone();
                *field_of(&mut whole, field) = values;
                groups.insert(rule, whole);
            }
        }
    }
    groups.into_values().collect()
}

fn field_of(rule: &mut PolicyRule, field: Field) -> &mut Vec<String> {
    match field {
        Field::Resources => &mut rule.resources,
        Field::Groups => &mut rule.api_groups,
        Field::Urls => &mut rule.non_resource_urls,
    }
}

/// controller-gen's `ruleKey`: everything but the verbs.
fn key(rule: &PolicyRule) -> [Vec<String>; 4] {
    [
        rule.api_groups.clone(),
        rule.resources.clone(),
        rule.resource_names.clone(),
        rule.non_resource_urls.clone(),
    ]
}

/// controller-gen's `ruleKey.String()`, the order of the output.
fn sort_key(rule: &PolicyRule) -> String {
    [
        &rule.api_groups,
        &rule.resources,
        &rule.resource_names,
        &rule.non_resource_urls,
    ]
    .map(|list| list.join("&"))
    .join(" + ")
}

/// Every list de-duplicated and sorted (controller-gen's `normalize`).
fn normalized(rule: PolicyRule) -> PolicyRule {
    let set = |list: Vec<String>| {
        list.into_iter()
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect()
    };
    PolicyRule {
        api_groups: set(rule.api_groups),
        resources: set(rule.resources),
        resource_names: set(rule.resource_names),
        non_resource_urls: set(rule.non_resource_urls),
        verbs: set(rule.verbs),
    }
}

fn union(a: &[String], b: &[String]) -> Vec<String> {
    a.iter()
        .chain(b)
        .cloned()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Location;

    fn rule(groups: &[&str], resources: &[&str], verbs: &[&str]) -> Rule {
        let v = |l: &[&str]| l.iter().map(|s| s.to_string()).collect();
        Rule {
            groups: v(groups),
            resources: v(resources),
            resource_names: Vec::new(),
            verbs: v(verbs),
            urls: Vec::new(),
            namespace: String::new(),
            role_name: None,
            location: Location {
                file: "f.rs".into(),
                line: 1,
                column: 1,
            },
        }
    }

    fn show(role: &Role) -> Vec<String> {
        role.rules
            .iter()
            .map(|r| format!("{:?} {:?} {:?}", r.api_groups, r.resources, r.verbs))
            .collect()
    }

    #[test]
    fn merges_verbs_then_resources_then_groups() {
        let roles = roles(
            &[
                rule(&["b"], &["x", "y"], &["get", "list"]),
                rule(&["b"], &["x"], &["get"]),
                rule(&["b"], &["y"], &["list"]),
                rule(&["a"], &["z"], &["patch"]),
                rule(&["c"], &["z"], &["patch"]),
                rule(&["d"], &["w"], &["get", "*"]),
            ],
            "r",
        );
        assert_eq!(roles.len(), 1);
        assert_eq!(
            show(&roles[0]),
            [
                r#"["a", "c"] ["z"] ["patch"]"#,
                r#"["b"] ["x", "y"] ["get", "list"]"#,
                r#"["d"] ["w"] ["*"]"#,
            ]
        );
    }

    #[test]
    fn keeps_rules_controller_gen_would_drop() {
        let roles = roles(
            &[
                rule(&["a"], &["x"], &["get"]),
                rule(&["b"], &["x"], &["get"]),
                rule(&["a", "b"], &["x"], &["list"]),
            ],
            "r",
        );
        assert_eq!(
            show(&roles[0]),
            [
                r#"["a", "b"] ["x"] ["get"]"#,
                r#"["a", "b"] ["x"] ["list"]"#
            ]
        );
    }
}
