//! One `+kubebuilder:rbac` marker: its grammar (controller-gen's keys, values
//! in the shared marker value syntax: `a;b`, `{a,b}`, `""`), and the checks
//! that make it a [`Rule`] the API server accepts.

use crate::diag::Diagnostic;
use crate::parse::marker_registry::{ArgSpec, MarkerDef, MarkerId, Targets};
use crate::parse::marker_values::{ArgDef, ValueKind, split_list};
use crate::parse::markers::{Marker, RawMarker, parse_marker_as};
use crate::parse::suggest;

use super::Rule;

/// The marker's name, without `+`.
pub(crate) const NAME: &str = "kubebuilder:rbac";

/// controller-gen's `Rule` fields, spelt as its markers spell them.
const ARGS: &[ArgDef] = &[
    ArgDef::optional("groups", ValueKind::StrList),
    ArgDef::optional("resources", ValueKind::StrList),
    ArgDef::optional("resourceNames", ValueKind::StrList),
    ArgDef::optional("verbs", ValueKind::StrList),
    ArgDef::optional("urls", ValueKind::StrList),
    ArgDef::optional("namespace", ValueKind::Str),
    ArgDef::optional("roleName", ValueKind::Str),
];

pub(crate) static DEF: MarkerDef = MarkerDef {
    id: MarkerId::Rbac,
    name: NAME,
    targets: Targets::ANY,
    spec: ArgSpec::Args(ARGS),
    repeatable: true,
    note: "",
    help: "A rule of the operator's ClusterRole, or with `namespace=` of a Role in that namespace: the API `groups` (`core` or `\"\"` for the core group), `resources` (`deployments`, `memcacheds/status`), `resourceNames`, and the `verbs` it allows (every rule has them); or `urls` and their verbs for non-resource URLs (`/healthz`). `roleName=` puts it in a role of that name instead of `--role-name`'s.",
};

/// The verbs the API server's authorizers check: the standard request verbs,
/// the special verbs of RBAC itself, impersonation, PodSecurityPolicy-style
/// `use`, certificate signing, and `*`.
pub(super) const VERBS: &[&str] = &[
    "get",
    "list",
    "watch",
    "create",
    "update",
    "patch",
    "delete",
    "deletecollection",
    "use",
    "bind",
    "escalate",
    "impersonate",
    "approve",
    "sign",
    "attest",
    "*",
];

/// The verbs of non-resource URLs: lower-case HTTP methods, and `*`.
pub(super) const URL_VERBS: &[&str] = &[
    "get", "post", "put", "patch", "delete", "head", "options", "*",
];

/// Parses and checks one marker; every problem is reported, not just the first.
pub(super) fn parse_rule(raw: &RawMarker) -> Result<Rule, Vec<Diagnostic>> {
    let marker = parse_marker_as(raw, &DEF)?;
    let list = |key: &str| -> Vec<String> {
        marker
            .arg(key)
            .map(|a| a.value.as_str_list())
            .unwrap_or_default()
    };
    let mut groups = list("groups");
    // controller-gen: "fix the group name first, since letting people type "core" is nice".
    for group in &mut groups {
        if group == "core" {
            group.clear();
        }
    }
    let rule = Rule {
        groups,
        resources: list("resources"),
        resource_names: list("resourceNames"),
        verbs: list("verbs"),
        urls: list("urls"),
        namespace: marker.arg_str("namespace").unwrap_or_default().to_owned(),
        role_name: marker
            .arg_str("roleName")
            .filter(|n| !n.is_empty())
            .map(str::to_owned),
        location: raw.location.clone(),
    };
    let errors = check(&marker, &rule);
    if errors.is_empty() {
        Ok(rule)
    } else {
        Err(errors)
    }
}

/// What the API server (or common sense) rejects in a marker that parsed.
fn check(marker: &Marker, rule: &Rule) -> Vec<Diagnostic> {
    let known = if rule.urls.is_empty() {
        VERBS
    } else {
        URL_VERBS
    };
    let mut errors = unknown_verbs(marker, &rule.verbs, known);
    let name = format!("+{NAME}");
    if rule.verbs.is_empty() {
        errors.push(
            marker
                .arg_error("verbs", format!("`{name}` is missing `verbs`"))
                .with_help("add the API verbs the code needs, e.g. `verbs=get;list;watch`"),
        );
    }
    let has_url = !rule.urls.is_empty();
    let resource_keys = [
        ("groups", !rule.groups.is_empty()),
        ("resources", !rule.resources.is_empty()),
        ("resourceNames", !rule.resource_names.is_empty()),
    ];
    if has_url {
        for (key, _) in resource_keys.iter().filter(|(_, given)| *given) {
            errors.push(
                marker
                    .arg_error(key, format!("`urls` cannot be combined with `{key}`"))
                    .with_help(
                        "non-resource URLs and API resources are different rules: \
                         write the `urls=` in a marker of its own",
                    ),
            );
        }
        if !rule.namespace.is_empty() {
            errors.push(
                marker
                    .arg_error(
                        "namespace",
                        "non-resource URLs cannot be granted in a namespace",
                    )
                    .with_help("remove `namespace=`: `urls=` rules belong to the ClusterRole"),
            );
        }
    } else if rule.resources.is_empty() {
        errors.push(
            marker
                .error(format!("`{name}` names no `resources` and no `urls`"))
                .with_help(
                    "add `groups=<group>,resources=<plural>` (`groups=core` for pods, services, ...), \
                     or `urls=/path` for non-resource URLs",
                ),
        );
    } else if rule.groups.is_empty() {
        errors.push(
            marker
                .arg_error("resources", format!("`{name}` is missing `groups`"))
                .with_help(
                    "the API server needs the API group of every resource: \
                     write `groups=core` for the core group (pods, services, ...)",
                ),
        );
    }
    errors
}

/// One error per verb the API server does not know, pointing at the verb.
fn unknown_verbs(marker: &Marker, verbs: &[String], known: &[&'static str]) -> Vec<Diagnostic> {
    let Some(arg) = marker.arg("verbs") else {
        return Vec::new();
    };
    let text: String = marker.text.chars().skip(arg.offset).take(arg.len).collect();
    let Ok(items) = split_list(&text, arg.offset) else {
        return Vec::new();
    };
    items
        .iter()
        .zip(verbs)
        .filter(|(_, verb)| !known.contains(&verb.as_str()))
        .map(|((offset, item), verb)| {
            let help = match suggest::closest(verb, known.iter().copied()) {
                Some(known) => format!("did you mean `{known}`?"),
                None => format!(
                    "{} verbs are {}",
                    if known == URL_VERBS {
                        "non-resource URL"
                    } else {
                        "RBAC"
                    },
                    known
                        .iter()
                        .map(|v| format!("`{v}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            };
            marker
                .error_at(
                    *offset,
                    item.chars().count(),
                    format!("unknown verb `{verb}`"),
                )
                .with_help(help)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Location;

    fn raw(text: &str) -> RawMarker {
        RawMarker {
            text: text.to_owned(),
            location: Location {
                file: "f.rs".into(),
                line: 1,
                column: 4,
            },
        }
    }

    #[test]
    fn lists_quotes_and_core() {
        let rule = parse_rule(&raw(
            r#"+kubebuilder:rbac:groups=core;"";apps,resources={pods,services},verbs=get;list,namespace=ns,roleName=r"#,
        ))
        .unwrap();
        assert_eq!(rule.groups, ["", "", "apps"]);
        assert_eq!(rule.resources, ["pods", "services"]);
        assert_eq!(rule.verbs, ["get", "list"]);
        assert_eq!(rule.namespace, "ns");
        assert_eq!(rule.role_name.as_deref(), Some("r"));
    }

    #[test]
    fn unknown_verbs_point_at_the_verb() {
        let errors = parse_rule(&raw(
            "+kubebuilder:rbac:groups=apps,resources=x,verbs=get;lst",
        ))
        .unwrap_err();
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].message, "unknown verb `lst`");
        assert_eq!(errors[0].location.column, 4 + 52);
        assert_eq!(errors[0].help.as_deref(), Some("did you mean `list`?"));
    }
}
