//! The API server's validation of a webhook of a configuration it is asked to
//! create (k8s.io/kubernetes `pkg/apis/admissionregistration/validation`,
//! `validateMutatingWebhook` / `validateValidatingWebhook` at v1.34, with
//! the options of a create: side effects `None` or `NoneOnDryRun`, a known
//! `AdmissionReview` version, label values checked): every rule, each
//! reported with the field the server names, and said in the marker's terms
//! with how to fix it. Names unique within a configuration are checked with
//! the configuration ([`super::generate`]).

use std::collections::BTreeSet;

use k8s_openapi::api::admissionregistration::v1::{
    MatchCondition, MutatingWebhook, RuleWithOperations, WebhookClientConfig,
};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::LabelSelector;

use super::client::{check_path, check_url};
use super::invalid::{Invalid, Reason};
use super::marker::{FAILURE_POLICIES, MATCH_POLICIES, OPERATIONS, REINVOCATION_POLICIES};
use super::{Kind, cel, names};
use crate::parse::suggest;

fn invalid(
    field: impl Into<String>,
    reason: Reason,
    message: impl Into<String>,
    help: impl Into<String>,
) -> Invalid {
    Invalid {
        field: field.into(),
        reason,
        message: message.into(),
        help: help.into(),
    }
}

/// The side effects a webhook of a configuration created today may declare.
pub(super) const NO_SIDE_EFFECTS: &[&str] = &["None", "NoneOnDryRun"];
/// The `AdmissionReview` versions the API server speaks.
const REVIEW_VERSIONS: &[&str] = &["v1", "v1beta1"];
const SCOPES: &[&str] = &["Cluster", "Namespaced", "*"];
/// The most match conditions a webhook may have.
const MAX_MATCH_CONDITIONS: usize = 64;

/// Everything the API server refuses in `hook`, a webhook of a `kind` configuration.
pub(super) fn webhook(hook: &MutatingWebhook, kind: Kind) -> Vec<Invalid> {
    let mut out = Vec::new();
    name(&hook.name, &mut out);
    for (i, rule) in hook.rules.iter().flatten().enumerate() {
        rule_with_operations(rule, &format!("rules[{i}]"), &mut out);
    }
    one_of(
        "failurePolicy",
        hook.failure_policy.as_deref(),
        FAILURE_POLICIES,
        "`Fail` rejects a request when the webhook cannot be called, `Ignore` lets it through",
        &mut out,
    );
    one_of(
        "matchPolicy",
        hook.match_policy.as_deref(),
        MATCH_POLICIES,
        "`Equivalent` (the default) also matches a resource's other API versions and groups, \
         `Exact` only what the rule names",
        &mut out,
    );
    side_effects(&hook.side_effects, &mut out);
    if let Some(timeout) = hook.timeout_seconds.filter(|t| !(1..=30).contains(t)) {
        out.push(invalid(
            "timeoutSeconds",
            Reason::Invalid,
            format!("`timeoutSeconds={timeout}` is not between 1 and 30"),
            "write 1 to 30 seconds, or leave `timeoutSeconds` out for the default of 10",
        ));
    }
    for (field, selector) in [
        ("namespaceSelector", &hook.namespace_selector),
        ("objectSelector", &hook.object_selector),
    ] {
        if let Some(selector) = selector {
            label_selector(selector, field, &mut out);
        }
    }
    if kind == Kind::Mutating {
        one_of(
            "reinvocationPolicy",
            hook.reinvocation_policy.as_deref(),
            REINVOCATION_POLICIES,
            "`IfNeeded` calls the webhook again when a later mutation changed the object, \
             `Never` (the default) does not",
            &mut out,
        );
    }
    client_config(&hook.client_config, &mut out);
    match_conditions(
        hook.match_conditions.as_deref().unwrap_or_default(),
        &mut out,
    );
    review_versions(&hook.admission_review_versions, &mut out);
    out
}

/// `IsFullyQualifiedName`: a DNS subdomain of at least three parts.
fn name(name: &str, out: &mut Vec<Invalid>) {
    let help = "a webhook's name is a lowercase DNS name of at least three dot-separated \
                parts, unique in its configuration, such as `vcronjob.kb.io`";
    if name.is_empty() {
        out.push(invalid(
            "name",
            Reason::Required,
            "the webhook's `name` is empty",
            help,
        ));
    } else if !names::is_dns1123_subdomain(name) {
        out.push(invalid(
            "name",
            Reason::Invalid,
            format!("webhook name `{name}` is not a lowercase DNS name"),
            help,
        ));
    } else if name.split('.').count() < 3 {
        out.push(invalid(
            "name",
            Reason::Invalid,
            format!("webhook name `{name}` has fewer than three dot-separated parts"),
            help,
        ));
    }
}

/// `value`, if set, is one of `known`.
fn one_of(field: &str, value: Option<&str>, known: &[&str], meaning: &str, out: &mut Vec<Invalid>) {
    let Some(value) = value.filter(|v| !known.contains(v)) else {
        return;
    };
    let help = match suggest::closest(value, known.iter().copied()) {
        Some(meant) => format!("did you mean `{meant}`? {meaning}"),
        None => meaning.to_owned(),
    };
    out.push(invalid(
        field,
        Reason::NotSupported,
        format!("unknown {field} `{value}`"),
        help,
    ));
}

fn side_effects(value: &str, out: &mut Vec<Invalid>) {
    if NO_SIDE_EFFECTS.contains(&value) {
        return;
    }
    if value.is_empty() {
        out.push(invalid(
            "sideEffects",
            Reason::Required,
            "the webhook has no `sideEffects`",
            "add `sideEffects=None`, or `NoneOnDryRun` for a webhook that skips its side \
             effects on dry runs: admissionregistration.k8s.io/v1 requires one of the two",
        ));
        return;
    }
    let help = "admissionregistration.k8s.io/v1 webhooks declare `None`, or `NoneOnDryRun` \
                when they have side effects they skip on dry runs";
    let message = if matches!(value, "Some" | "Unknown") {
        format!("`sideEffects={value}` is not allowed in admissionregistration.k8s.io/v1")
    } else {
        format!("unknown sideEffects `{value}`")
    };
    let help = match suggest::closest(value, NO_SIDE_EFFECTS.iter().copied()) {
        Some(meant) if !matches!(value, "Some" | "Unknown") => {
            format!("did you mean `{meant}`? {help}")
        }
        _ => help.to_owned(),
    };
    out.push(invalid("sideEffects", Reason::NotSupported, message, help));
}

/// `validateRuleWithOperations` and `validateRule` (subresources allowed).
fn rule_with_operations(rule: &RuleWithOperations, at: &str, out: &mut Vec<Invalid>) {
    let operations = rule.operations.as_deref().unwrap_or_default();
    if operations.is_empty() {
        out.push(invalid(
            format!("{at}.operations"),
            Reason::Required,
            "the webhook has no verbs",
            "list the operations it is called for, e.g. `verbs=create;update`",
        ));
    }
    wildcard_alone(operations, &format!("{at}.operations"), "verbs", out);
    for (i, operation) in operations.iter().enumerate() {
        if !OPERATIONS.contains(&operation.as_str()) {
            let lower = operation.to_lowercase();
            let verbs = ["create", "update", "delete", "connect", "*"];
            let help = match (lower.as_str(), suggest::closest(&lower, verbs)) {
                ("patch" | "apply", _) => {
                    "admission sees a patch as an `update`: did you mean `update`?".to_owned()
                }
                ("get" | "list" | "watch", _) => {
                    "admission webhooks are called for writes only: `create`, `update`, \
                     `delete`, `connect`"
                        .to_owned()
                }
                (_, Some(meant)) => format!("did you mean `{meant}`?"),
                (_, None) => "webhooks are called for the verbs `create`, `update`, `delete`, \
                              `connect`, or `*` for all"
                    .to_owned(),
            };
            out.push(invalid(
                format!("{at}.operations[{i}]"),
                Reason::NotSupported,
                format!("unknown verb `{operation}`"),
                help,
            ));
        }
    }
    let groups = rule.api_groups.as_deref().unwrap_or_default();
    if groups.is_empty() {
        out.push(invalid(
            format!("{at}.apiGroups"),
            Reason::Required,
            "the webhook names no API groups",
            "write `groups=<group>`, `groups=core` for the core group (pods, services, ...), \
             or `groups=*`",
        ));
    }
    wildcard_alone(groups, &format!("{at}.apiGroups"), "groups", out);
    let versions = rule.api_versions.as_deref().unwrap_or_default();
    if versions.is_empty() {
        out.push(invalid(
            format!("{at}.apiVersions"),
            Reason::Required,
            "the webhook names no API versions",
            "write `versions=v1` (or `versions=*`)",
        ));
    }
    wildcard_alone(versions, &format!("{at}.apiVersions"), "versions", out);
    for (i, version) in versions.iter().enumerate() {
        if version.is_empty() {
            out.push(invalid(
                format!("{at}.apiVersions[{i}]"),
                Reason::Required,
                "an API version is empty",
                "write the version, such as `v1`",
            ));
        }
    }
    resources(
        rule.resources.as_deref().unwrap_or_default(),
        &format!("{at}.resources"),
        out,
    );
    if let Some(scope) = rule.scope.as_deref().filter(|s| !SCOPES.contains(s)) {
        out.push(invalid(
            format!("{at}.scope"),
            Reason::NotSupported,
            format!("unknown rule scope `{scope}`"),
            "a rule's scope is `Cluster`, `Namespaced` or `*`",
        ));
    }
}

/// `*` in a list of verbs, groups or versions stands alone.
fn wildcard_alone(values: &[String], field: &str, key: &str, out: &mut Vec<Invalid>) {
    if values.len() > 1 && values.iter().any(|v| v == "*") {
        out.push(invalid(
            field,
            Reason::Invalid,
            format!("`*` in `{key}` stands for all of them and cannot be listed with others"),
            format!("write `{key}=*` alone, or list them without `*`"),
        ));
    }
}

/// `validateResources`: resources and `resource/subresource`s, with their
/// wildcards.
fn resources(resources: &[String], at: &str, out: &mut Vec<Invalid>) {
    let help = "list plural resource names (`cronjobs`), subresources (`cronjobs/status`), \
                `*` for every resource or `*/*` for every resource and subresource";
    if resources.is_empty() {
        out.push(invalid(
            at,
            Reason::Required,
            "the webhook names no resources",
            help,
        ));
    }
    let mut wildcard_subresources = BTreeSet::new();
    let mut wildcard_resources = BTreeSet::new();
    let (mut double, mut single, mut plain) = (false, false, false);
    for (i, resource) in resources.iter().enumerate() {
        let field = format!("{at}[{i}]");
        if resource.is_empty() {
            out.push(invalid(
                field,
                Reason::Required,
                "a resource is empty",
                help,
            ));
            continue;
        }
        double |= resource == "*/*";
        single |= resource == "*";
        let Some((res, sub)) = resource.split_once('/') else {
            plain = resource != "*";
            continue;
        };
        if wildcard_subresources.contains(res) {
            out.push(invalid(
                &field,
                Reason::Invalid,
                format!("`{res}/*` already names `{resource}`"),
                format!("remove `{resource}`"),
            ));
        }
        if wildcard_resources.contains(sub) {
            out.push(invalid(
                &field,
                Reason::Invalid,
                format!("`*/{sub}` already names `{resource}`"),
                format!("remove `{resource}`"),
            ));
        }
        if sub == "*" {
            wildcard_subresources.insert(res.to_owned());
        }
        if res == "*" {
            wildcard_resources.insert(sub.to_owned());
        }
    }
    if resources.len() > 1 && double {
        out.push(invalid(
            at,
            Reason::Invalid,
            "`*/*` names every resource and subresource and cannot be listed with others",
            "write `resources=*/*` alone",
        ));
    }
    if single && plain {
        out.push(invalid(
            at,
            Reason::Invalid,
            "`*` names every resource and cannot be listed with other resources",
            "write `resources=*` alone (subresources such as `*/status` may follow)",
        ));
    }
}

/// `ValidateLabelSelector`, label values checked.
fn label_selector(selector: &LabelSelector, at: &str, out: &mut Vec<Invalid>) {
    for (key, value) in selector.match_labels.iter().flatten() {
        label_key(key, &format!("{at}.matchLabels"), out);
        if !names::is_label_value(value) {
            out.push(invalid(
                format!("{at}.matchLabels"),
                Reason::Invalid,
                format!("`{value}` in `{at}` is not a label value"),
                "label values are at most 63 letters, digits, `-`, `_` and `.`, starting and \
                 ending with a letter or digit",
            ));
        }
    }
    for (i, requirement) in selector.match_expressions.iter().flatten().enumerate() {
        let here = format!("{at}.matchExpressions[{i}]");
        let values = requirement.values.as_deref().unwrap_or_default();
        match requirement.operator.as_str() {
            "In" | "NotIn" if values.is_empty() => out.push(invalid(
                format!("{here}.values"),
                Reason::Required,
                format!("`{}` in `{at}` needs values", requirement.operator),
                "list the label values the key may (`In`) or may not (`NotIn`) have",
            )),
            "Exists" | "DoesNotExist" if !values.is_empty() => out.push(invalid(
                format!("{here}.values"),
                Reason::Forbidden,
                format!("`{}` in `{at}` takes no values", requirement.operator),
                "remove `values`",
            )),
            "In" | "NotIn" | "Exists" | "DoesNotExist" => {}
            other => out.push(invalid(
                format!("{here}.operator"),
                Reason::Invalid,
                format!("unknown selector operator `{other}` in `{at}`"),
                match suggest::closest(other, ["In", "NotIn", "Exists", "DoesNotExist"]) {
                    Some(meant) => format!("did you mean `{meant}`?"),
                    None => "operators are `In`, `NotIn`, `Exists` and `DoesNotExist`".to_owned(),
                },
            )),
        }
        label_key(&requirement.key, &format!("{here}.key"), out);
        for (j, value) in values.iter().enumerate() {
            if !names::is_label_value(value) {
                out.push(invalid(
                    format!("{here}.values[{j}]"),
                    Reason::Invalid,
                    format!("`{value}` in `{at}` is not a label value"),
                    "label values are at most 63 letters, digits, `-`, `_` and `.`, starting \
                     and ending with a letter or digit",
                ));
            }
        }
    }
}

fn label_key(key: &str, field: &str, out: &mut Vec<Invalid>) {
    if !names::is_qualified_name(key) {
        out.push(invalid(
            field,
            Reason::Invalid,
            format!("`{key}` is not a label key"),
            "label keys are `name` or `dns.prefix/name`, the name at most 63 letters, digits, \
             `-`, `_` and `.`, starting and ending with a letter or digit",
        ));
    }
}

/// Exactly one of `url` and `service`, each as `ValidateWebhookURL` /
/// `ValidateWebhookService` check it.
fn client_config(client: &WebhookClientConfig, out: &mut Vec<Invalid>) {
    match (&client.url, &client.service) {
        (Some(_), Some(_)) | (None, None) => out.push(invalid(
            "clientConfig",
            Reason::Required,
            "the webhook's `clientConfig` needs exactly one of `url` and `service`",
            "use `path=` (a Service) or `url=` on the marker",
        )),
        (Some(url), None) => {
            if let Err(why) = check_url(url) {
                out.push(invalid(
                    "clientConfig.url",
                    Reason::Invalid,
                    format!("`{url}` {why}"),
                    "the API server calls webhooks at `https://host[:port][/path]` (no user, \
                     query or fragment)",
                ));
            }
        }
        (None, Some(service)) => {
            for (field, value, key) in [
                ("name", &service.name, "serviceName"),
                ("namespace", &service.namespace, "serviceNamespace"),
            ] {
                if value.is_empty() {
                    out.push(invalid(
                        format!("clientConfig.service.{field}"),
                        Reason::Required,
                        format!("the webhook's Service has an empty {field}"),
                        format!("write `{key}=`, or leave it out for controller-gen's default"),
                    ));
                }
            }
            if let Some(port) = service.port.filter(|p| !(1..=65535).contains(p)) {
                out.push(invalid(
                    "clientConfig.service.port",
                    Reason::Invalid,
                    format!("`{port}` is not a port"),
                    "a port is between 1 and 65535; leave `servicePort` out for 443",
                ));
            }
            if let Some(Err(why)) = service.path.as_deref().map(check_path) {
                out.push(invalid(
                    "clientConfig.service.path",
                    Reason::Invalid,
                    why,
                    "a path is `/` and segments of lowercase letters, digits, `-` and `.`, \
                     such as `/validate-batch-v1-cronjob`",
                ));
            }
        }
    }
}

/// `validateMatchConditions`: at most 64, each named (a qualified name,
/// unique) with an expression that compiles to a `bool`.
fn match_conditions(conditions: &[MatchCondition], out: &mut Vec<Invalid>) {
    if conditions.len() > MAX_MATCH_CONDITIONS {
        out.push(invalid(
            "matchConditions",
            Reason::TooMany,
            format!(
                "{} match conditions; a webhook may have at most {MAX_MATCH_CONDITIONS}",
                conditions.len()
            ),
            "combine conditions with `&&`",
        ));
    }
    let mut seen = BTreeSet::new();
    for (i, condition) in conditions.iter().enumerate() {
        let at = format!("matchConditions[{i}]");
        let expression = condition.expression.trim();
        if expression.is_empty() {
            out.push(invalid(
                format!("{at}.expression"),
                Reason::Required,
                format!("match condition `{}` has no expression", condition.name),
                "write a CEL expression that is true for the requests the webhook is for",
            ));
        } else if let Err(why) = cel::check(expression) {
            out.push(invalid(
                format!("{at}.expression"),
                Reason::Invalid,
                format!(
                    "match condition `{}` does not compile: {why}",
                    condition.name
                ),
                "match conditions are CEL over `object`, `oldObject`, `request`, \
                 `namespaceObject` and `authorizer`, and evaluate to a bool",
            ));
        }
        if condition.name.is_empty() {
            out.push(invalid(
                format!("{at}.name"),
                Reason::Required,
                "a match condition has no name",
                "give each match condition a `name`",
            ));
        } else if !names::is_qualified_name(&condition.name) {
            out.push(invalid(
                format!("{at}.name"),
                Reason::Invalid,
                format!(
                    "match condition name `{}` is not a qualified name",
                    condition.name
                ),
                "names are like label keys: letters, digits, `-`, `_` and `.`, at most 63, \
                 with an optional `dns.prefix/`",
            ));
        } else if !seen.insert(condition.name.as_str()) {
            out.push(invalid(
                format!("{at}.name"),
                Reason::Duplicate,
                format!("two match conditions are named `{}`", condition.name),
                "give each match condition a name of its own",
            ));
        }
    }
}

/// `validateAdmissionReviewVersions`, with a version the server speaks required.
fn review_versions(versions: &[String], out: &mut Vec<Invalid>) {
    let help = "the webhook speaks `v1` (what controller-runtime and kube's admission types \
                speak), or `v1;v1beta1`";
    if versions.is_empty() {
        out.push(invalid(
            "admissionReviewVersions",
            Reason::Required,
            "the webhook names no AdmissionReview versions",
            help,
        ));
        return;
    }
    let mut seen = BTreeSet::new();
    for (i, version) in versions.iter().enumerate() {
        let field = format!("admissionReviewVersions[{i}]");
        if !seen.insert(version.as_str()) {
            out.push(invalid(
                field,
                Reason::Invalid,
                format!("AdmissionReview version `{version}` is listed twice"),
                "list each version once",
            ));
            continue;
        }
        if !names::is_dns1035_label(version) {
            out.push(invalid(
                field,
                Reason::Invalid,
                format!("`{version}` is not an API version"),
                help,
            ));
        }
    }
    if !versions
        .iter()
        .any(|v| REVIEW_VERSIONS.contains(&v.as_str()))
    {
        out.push(invalid(
            "admissionReviewVersions",
            Reason::Invalid,
            "the API server speaks none of the AdmissionReview versions listed",
            help,
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn problems(patch: serde_json::Value) -> Vec<(String, Reason)> {
        let mut hook = json!({
            "name": "v.example.com",
            "admissionReviewVersions": ["v1"],
            "sideEffects": "None",
            "clientConfig": {"service": {"name": "s", "namespace": "n", "path": "/validate"}},
            "rules": [{"apiGroups": [""], "apiVersions": ["v1"], "operations": ["CREATE"], "resources": ["pods"]}],
        });
        for (k, v) in patch.as_object().unwrap() {
            hook[k] = v.clone();
        }
        let hook: MutatingWebhook = serde_json::from_value(hook).unwrap();
        webhook(&hook, Kind::Mutating)
            .into_iter()
            .map(|i| (i.field, i.reason))
            .collect()
    }

    fn one(patch: serde_json::Value, field: &str, reason: Reason) {
        assert_eq!(
            problems(patch.clone()),
            [(field.to_owned(), reason)],
            "{patch}"
        );
    }

    #[test]
    fn a_valid_webhook_has_no_problems() {
        assert_eq!(problems(json!({})), []);
        assert_eq!(
            problems(json!({
                "failurePolicy": "Ignore", "matchPolicy": "Exact", "timeoutSeconds": 30,
                "reinvocationPolicy": "IfNeeded", "admissionReviewVersions": ["v1", "v1beta1"],
                "clientConfig": {"url": "https://hooks.example.com:8443/validate"},
                "rules": [{"apiGroups": ["*"], "apiVersions": ["*"], "operations": ["*"], "resources": ["*", "*/status"], "scope": "Namespaced"}],
                "namespaceSelector": {"matchExpressions": [{"key": "kubernetes.io/metadata.name", "operator": "NotIn", "values": ["kube-system"]}]},
                "matchConditions": [{"name": "not-leases", "expression": "request.resource.resource != 'leases'"}],
            })),
            []
        );
    }

    #[test]
    fn what_the_api_server_refuses() {
        one(json!({"name": "webhook.io"}), "name", Reason::Invalid);
        one(json!({"name": "Hook.example.com"}), "name", Reason::Invalid);
        one(
            json!({"failurePolicy": "fail"}),
            "failurePolicy",
            Reason::NotSupported,
        );
        one(
            json!({"sideEffects": "Some"}),
            "sideEffects",
            Reason::NotSupported,
        );
        one(
            json!({"timeoutSeconds": 0}),
            "timeoutSeconds",
            Reason::Invalid,
        );
        one(
            json!({"reinvocationPolicy": "Always"}),
            "reinvocationPolicy",
            Reason::NotSupported,
        );
        one(
            json!({"rules": [{"apiGroups": [""], "apiVersions": ["v1"], "operations": ["CREATE", "PATCH"], "resources": ["pods"]}]}),
            "rules[0].operations[1]",
            Reason::NotSupported,
        );
        one(
            json!({"rules": [{"apiGroups": ["*", "apps"], "apiVersions": ["v1"], "operations": ["*"], "resources": ["pods"]}]}),
            "rules[0].apiGroups",
            Reason::Invalid,
        );
        one(
            json!({"rules": [{"apiGroups": [""], "apiVersions": ["v1"], "operations": ["*"], "resources": ["*", "pods"]}]}),
            "rules[0].resources",
            Reason::Invalid,
        );
        one(
            json!({"rules": [{"apiGroups": [""], "operations": ["*"], "resources": ["pods"]}]}),
            "rules[0].apiVersions",
            Reason::Required,
        );
        one(
            json!({"clientConfig": {"url": "http://example.com"}}),
            "clientConfig.url",
            Reason::Invalid,
        );
        one(
            json!({"clientConfig": {"service": {"name": "s", "namespace": "n", "path": "/Validate"}}}),
            "clientConfig.service.path",
            Reason::Invalid,
        );
        one(
            json!({"clientConfig": {"service": {"name": "s", "namespace": "n", "port": 0}}}),
            "clientConfig.service.port",
            Reason::Invalid,
        );
        one(
            json!({"objectSelector": {"matchExpressions": [{"key": "tier", "operator": "In"}]}}),
            "objectSelector.matchExpressions[0].values",
            Reason::Required,
        );
        one(
            json!({"namespaceSelector": {"matchLabels": {"env": "not valid"}}}),
            "namespaceSelector.matchLabels",
            Reason::Invalid,
        );
        one(
            json!({"matchConditions": [{"name": "a", "expression": "true"}, {"name": "a", "expression": "true"}]}),
            "matchConditions[1].name",
            Reason::Duplicate,
        );
        one(
            json!({"matchConditions": [{"name": "a", "expression": "object.x"}]}),
            "matchConditions[0].expression",
            Reason::Invalid,
        );
        one(
            json!({"admissionReviewVersions": ["v2"]}),
            "admissionReviewVersions",
            Reason::Invalid,
        );
        one(
            json!({"admissionReviewVersions": ["v1", "v1"]}),
            "admissionReviewVersions[1]",
            Reason::Invalid,
        );
    }
}
