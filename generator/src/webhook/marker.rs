//! One `+kubebuilder:webhook` marker: its grammar (controller-gen's keys,
//! values in the shared marker value syntax), the webhook it makes (built as
//! controller-gen builds it, then its `patch=` applied), and where in the
//! marker each field of that webhook comes from, so that what the API server
//! would refuse is reported at the argument that wrote it.

use std::collections::BTreeSet;

use k8s_openapi::api::admissionregistration::v1::MutatingWebhook;
use serde_json::{Map, Value, json};

use super::invalid::{Invalid, Reason};
use super::{Kind, patch, schema};
use crate::diag::Diagnostic;
use crate::parse::marker_registry::{ArgSpec, MarkerDef, MarkerId, Targets};
use crate::parse::marker_values::{ArgDef, ValueKind, split_list};
use crate::parse::markers::{Marker, RawMarker, parse_marker_as};

/// The marker's name, without `+`.
pub(crate) const NAME: &str = "kubebuilder:webhook";

/// controller-gen's `Config` fields, spelt as its markers spell them; those
/// without `optional` in Go are required here too.
const ARGS: &[ArgDef] = &[
    ArgDef::required("mutating", ValueKind::Bool),
    ArgDef::required("failurePolicy", ValueKind::Str),
    ArgDef::optional("matchPolicy", ValueKind::Str),
    ArgDef::optional("sideEffects", ValueKind::Str),
    ArgDef::optional("timeoutSeconds", ValueKind::Int),
    ArgDef::required("groups", ValueKind::StrList),
    ArgDef::required("resources", ValueKind::StrList),
    ArgDef::required("verbs", ValueKind::StrList),
    ArgDef::required("versions", ValueKind::StrList),
    ArgDef::required("name", ValueKind::Str),
    ArgDef::optional("serviceName", ValueKind::Str),
    ArgDef::optional("serviceNamespace", ValueKind::Str),
    ArgDef::optional("path", ValueKind::Str),
    ArgDef::optional("servicePort", ValueKind::Int),
    ArgDef::optional("webhookVersions", ValueKind::StrList),
    ArgDef::required("admissionReviewVersions", ValueKind::StrList),
    ArgDef::optional("reinvocationPolicy", ValueKind::Str),
    ArgDef::optional("url", ValueKind::Str),
    ArgDef::optional("patch", ValueKind::Str),
];

pub(crate) static DEF: MarkerDef = MarkerDef {
    id: MarkerId::Webhook,
    name: NAME,
    targets: Targets::ANY,
    spec: ArgSpec::Args(ARGS),
    repeatable: true,
    note: "",
    help: "An admission webhook of the operator, in the MutatingWebhookConfiguration (`mutating=true`) or the ValidatingWebhookConfiguration: the requests it gets (`groups`, `versions`, `resources`, `verbs`: `create`, `update`, `delete`, `connect`), where the API server sends them (`path` on the webhook Service, or `url`), its `name` (a domain name, unique in its configuration) and how it is called (`failurePolicy`, `sideEffects`, which admissionregistration.k8s.io/v1 requires, `matchPolicy`, `timeoutSeconds`, `reinvocationPolicy`, `admissionReviewVersions`); `patch=` is a strategic merge patch of the webhook, for what the other arguments cannot say (`matchConditions`, selectors).",
};

/// controller-gen's defaults for a webhook served by a Service.
const DEFAULT_SERVICE_NAME: &str = "webhook-service";
const DEFAULT_SERVICE_NAMESPACE: &str = "system";

/// The values the API knows, in its spelling; controller-gen reads the
/// marker's values case-insensitively.
pub(super) const FAILURE_POLICIES: &[&str] = &["Ignore", "Fail"];
pub(super) const MATCH_POLICIES: &[&str] = &["Exact", "Equivalent"];
pub(super) const SIDE_EFFECTS: &[&str] = &["None", "NoneOnDryRun", "Some", "Unknown"];
pub(super) const REINVOCATION_POLICIES: &[&str] = &["Never", "IfNeeded"];
pub(super) const OPERATIONS: &[&str] = &["CREATE", "UPDATE", "DELETE", "CONNECT", "*"];

/// A parsed marker: the webhook it makes and how to point at its arguments.
pub(super) struct Draft {
    pub kind: Kind,
    /// The webhook as the API server would get it.
    pub webhook: MutatingWebhook,
    marker: Marker,
    source_line: String,
    /// Top-level fields the `patch=` sets or removes.
    patched: BTreeSet<String>,
}

/// What parsing one marker gives.
pub(super) struct Parsed {
    pub draft: Option<Draft>,
    pub errors: Vec<Diagnostic>,
    pub warnings: Vec<Diagnostic>,
}

/// Parses and checks one marker. The webhook is there when the marker
/// describes one the API knows how to hold; whether the API server accepts it
/// is checked afterwards ([`super::validate`]), within its configuration.
pub(super) fn parse(raw: &RawMarker, source_line: &str) -> Parsed {
    let marker = match parse_marker_as(raw, &DEF) {
        Ok(marker) => marker,
        Err(errors) => {
            return Parsed {
                draft: None,
                errors: with_line(errors, source_line),
                warnings: Vec::new(),
            };
        }
    };
    let kind = if marker.arg("mutating").and_then(|a| a.value.as_bool()) == Some(true) {
        Kind::Mutating
    } else {
        Kind::Validating
    };
    let (mut errors, mut warnings) = (Vec::new(), Vec::new());
    check_versions(&marker, &mut errors);
    let client = client_config(&marker, &mut errors);
    let reinvocation = reinvocation_policy(&marker, kind, &mut warnings);
    let mut object = webhook_object(&marker, client, reinvocation);
    let mut patched = BTreeSet::new();
    if let Some(text) = marker.arg_str("patch").filter(|p| !p.is_empty()) {
        match apply_patch(&object, text, kind) {
            Ok((result, fields)) => {
                object = result;
                patched = fields;
            }
            Err((message, help)) => errors.push(marker.arg_error("patch", message).with_help(
                help.unwrap_or_else(|| {
                    "`patch=` is a JSON strategic merge patch of the webhook (the API's field \
                     names), best written in backticks: \
                     patch=`{\"namespaceSelector\":{\"matchLabels\":{\"env\":\"prod\"}}}`"
                        .to_owned()
                }),
            )),
        }
    }
    let mut draft = None;
    if errors.is_empty() {
        schema::fill_required(&mut object, schema::webhook(kind));
        match serde_json::from_value(object) {
            Ok(webhook) => {
                draft = Some(Draft {
                    kind,
                    webhook,
                    marker,
                    source_line: source_line.to_owned(),
                    patched,
                });
            }
            // The patch was checked against the schema the types are made from.
            Err(e) => errors.push(
                marker
                    .error(format!("internal error: the webhook does not decode: {e}"))
                    .with_help("please report this, with the marker"),
            ),
        }
    }
    Parsed {
        draft,
        errors: with_line(errors, source_line),
        warnings: with_line(warnings, source_line),
    }
}

/// The marker's `reinvocationPolicy`; on a validating webhook a warning and
/// none (controller-gen drops it).
fn reinvocation_policy<'m>(
    marker: &'m Marker,
    kind: Kind,
    warnings: &mut Vec<Diagnostic>,
) -> Option<&'m str> {
    let arg = marker.arg("reinvocationPolicy")?;
    if kind == Kind::Mutating {
        return arg.value.as_str();
    }
    warnings.push(
        marker
            .warning_at(
                arg.offset,
                arg.len,
                "`reinvocationPolicy` applies to mutating webhooks only; ignored",
            )
            .with_help(
                "a validating webhook runs once, after every mutation: remove \
                 `reinvocationPolicy=` (controller-gen drops it too)",
            ),
    );
    None
}

/// controller-gen's `ToMutatingWebhook` / `ToValidatingWebhook` before the
/// patch: the webhook as JSON, values in the API's spelling where they are
/// known (unknown ones as written, for the API server's checks to refuse).
fn webhook_object(marker: &Marker, client: Option<Value>, reinvocation: Option<&str>) -> Value {
    let mut object = json!({
        "name": marker.arg_str("name").unwrap_or_default(),
        "rules": [rule(marker)],
        "failurePolicy": canonical(marker.arg_str("failurePolicy").unwrap_or_default(), FAILURE_POLICIES),
        "admissionReviewVersions": list(marker, "admissionReviewVersions"),
    });
    let fields = object.as_object_mut().expect("an object");
    let optional = [
        ("matchPolicy", marker.arg_str("matchPolicy"), MATCH_POLICIES),
        ("sideEffects", marker.arg_str("sideEffects"), SIDE_EFFECTS),
        ("reinvocationPolicy", reinvocation, REINVOCATION_POLICIES),
    ];
    for (key, value, known) in optional {
        if let Some(value) = value {
            fields.insert(key.to_owned(), Value::from(canonical(value, known)));
        }
    }
    if let Some(timeout) = marker.arg("timeoutSeconds").and_then(|a| a.value.as_i64()) {
        fields.insert("timeoutSeconds".to_owned(), Value::from(timeout));
    }
    if let Some(client) = client {
        fields.insert("clientConfig".to_owned(), client);
    }
    object
}

fn with_line(diags: Vec<Diagnostic>, line: &str) -> Vec<Diagnostic> {
    diags
        .into_iter()
        .map(|d| d.with_source_line(line))
        .collect()
}

/// The strings of a list argument, as written.
fn list(marker: &Marker, key: &str) -> Vec<String> {
    marker
        .arg(key)
        .map(|a| a.value.as_str_list())
        .unwrap_or_default()
}

/// `value` in the API's spelling when it is one of `known` but for case
/// (controller-gen's `strings.ToLower` comparisons), else as written.
fn canonical(value: &str, known: &[&str]) -> String {
    known
        .iter()
        .find(|k| k.eq_ignore_ascii_case(value))
        .map_or_else(|| value.to_owned(), |k| (*k).to_owned())
}

/// controller-gen's `rules()`: one rule of the marker's groups (`core` is the
/// empty group), versions, resources and verbs; empty lists are left out, as
/// Go's `omitempty` leaves them out.
fn rule(marker: &Marker) -> Value {
    let groups: Vec<String> = list(marker, "groups")
        .into_iter()
        .map(|g| if g == "core" { String::new() } else { g })
        .collect();
    let operations: Vec<String> = list(marker, "verbs")
        .iter()
        .map(|v| canonical(v, OPERATIONS))
        .collect();
    let mut rule = Map::new();
    for (key, values) in [
        ("apiGroups", groups),
        ("apiVersions", list(marker, "versions")),
        ("resources", list(marker, "resources")),
        ("operations", operations),
    ] {
        if !values.is_empty() {
            rule.insert(key.to_owned(), Value::from(values));
        }
    }
    Value::Object(rule)
}

/// `webhookVersions`: only `v1` (admissionregistration.k8s.io/v1beta1 is gone).
fn check_versions(marker: &Marker, errors: &mut Vec<Diagnostic>) {
    for (offset, len, version) in items(marker, "webhookVersions") {
        if version != "v1" {
            errors.push(
                marker
                    .error_at(
                        offset,
                        len,
                        format!("unsupported webhook version `{version}`"),
                    )
                    .with_help(
                        "webhook configurations are admissionregistration.k8s.io/v1 (v1beta1 was \
                         removed in Kubernetes 1.22): write `webhookVersions=v1` or leave it out",
                    ),
            );
        }
    }
}

/// controller-gen's `clientConfig()`: a Service (`path=`, with `serviceName`,
/// `serviceNamespace`, `servicePort` or their defaults) or a `url=`, exactly
/// one of the two.
fn client_config(marker: &Marker, errors: &mut Vec<Diagnostic>) -> Option<Value> {
    let path = marker.arg_str("path");
    let url = marker.arg_str("url");
    match (path, url) {
        (Some(_), Some(_)) => {
            errors.push(
                marker
                    .arg_error("url", "a webhook has `path=` or `url=`, not both")
                    .with_help(
                        "`path=` is where the webhook's Service serves it; `url=` is the whole \
                         address of a webhook outside the cluster: keep one",
                    ),
            );
            None
        }
        (None, None) => {
            errors.push(
                marker
                    .error(format!("`+{NAME}` needs `path=` or `url=`"))
                    .with_help(
                        "write `path=/validate-<group>-<version>-<kind>` for a webhook served by \
                         the webhook Service, or `url=\"https://host:port/path\"`",
                    ),
            );
            None
        }
        (None, Some(url)) => {
            for key in ["serviceName", "serviceNamespace", "servicePort"] {
                if marker.arg(key).is_some() {
                    errors.push(
                        marker
                            .arg_error(key, format!("`{key}=` has no effect with `url=`"))
                            .with_help(
                                "a `url=` holds the whole address (controller-gen ignores the \
                                 Service arguments then): remove it, or use `path=` instead of `url=`",
                            ),
                    );
                }
            }
            Some(json!({ "url": url }))
        }
        (Some(path), None) => {
            let mut service = json!({
                "name": marker.arg_str("serviceName").unwrap_or(DEFAULT_SERVICE_NAME),
                "namespace": marker.arg_str("serviceNamespace").unwrap_or(DEFAULT_SERVICE_NAMESPACE),
                "path": path,
            });
            if let Some(port) = marker.arg("servicePort").and_then(|a| a.value.as_i64()) {
                service["port"] = Value::from(port);
            }
            Some(json!({ "service": service }))
        }
    }
}

/// The webhook with the marker's `patch=` applied, and the top-level fields
/// the patch touches; or what is wrong with the patch, and a help when there
/// is a better one than the general one.
fn apply_patch(
    object: &Value,
    text: &str,
    kind: Kind,
) -> Result<(Value, BTreeSet<String>), (String, Option<String>)> {
    let patch = patch::parse(text).map_err(|e| (e, None))?;
    let Value::Object(fields) = &patch else {
        return Err((format!("`patch` is not a JSON object: `{text}`"), None));
    };
    let webhook = schema::webhook(kind);
    if let Some(problem) = schema::check(&patch, webhook).first() {
        let help = problem.suggestion.as_ref().map(|meant| {
            format!(
                "did you mean `{meant}`? A patch spells fields as the API does \
                 (admissionregistration.k8s.io/v1 {}Webhook)",
                match kind {
                    Kind::Mutating => "Mutating",
                    Kind::Validating => "Validating",
                }
            )
        });
        return Err((
            format!("`patch`: `{}` {}", problem.path, problem.message),
            help,
        ));
    }
    let touched = fields
        .keys()
        .map(|k| {
            let k = k.strip_prefix("$setElementOrder/").unwrap_or(k);
            k.strip_prefix("$deleteFromPrimitiveList/")
                .unwrap_or(k)
                .to_owned()
        })
        .collect();
    let result = patch::apply(object, &patch, webhook)
        .map_err(|e| (format!("`patch` cannot be applied: {e}"), None))?;
    Ok((result, touched))
}

/// Each item of list argument `key`: its offset and length in the marker,
/// and its text.
fn items(marker: &Marker, key: &str) -> Vec<(usize, usize, String)> {
    let Some(arg) = marker.arg(key) else {
        return Vec::new();
    };
    let text: String = marker.text.chars().skip(arg.offset).take(arg.len).collect();
    let Ok(pieces) = split_list(&text, arg.offset) else {
        return Vec::new();
    };
    pieces
        .into_iter()
        .zip(arg.value.as_str_list())
        .map(|((offset, item), value)| (offset, item.chars().count(), value))
        .collect()
}

/// The marker argument a field of the webhook comes from, and which item
/// of a list argument.
fn argument(field: &str) -> Option<(&'static str, Option<usize>)> {
    let index = |rest: &str| {
        rest.strip_prefix('[')
            .and_then(|r| r.split(']').next())
            .and_then(|n| n.parse().ok())
    };
    let (key, rest) = [
        ("name", "name"),
        ("rules[0].operations", "verbs"),
        ("rules[0].apiGroups", "groups"),
        ("rules[0].apiVersions", "versions"),
        ("rules[0].resources", "resources"),
        ("failurePolicy", "failurePolicy"),
        ("matchPolicy", "matchPolicy"),
        ("sideEffects", "sideEffects"),
        ("timeoutSeconds", "timeoutSeconds"),
        ("reinvocationPolicy", "reinvocationPolicy"),
        ("admissionReviewVersions", "admissionReviewVersions"),
        ("clientConfig.url", "url"),
        ("clientConfig.service.path", "path"),
        ("clientConfig.service.port", "servicePort"),
        ("clientConfig.service.name", "serviceName"),
        ("clientConfig.service.namespace", "serviceNamespace"),
    ]
    .into_iter()
    .find_map(|(prefix, key)| {
        field
            .strip_prefix(prefix)
            .filter(|rest| rest.is_empty() || rest.starts_with(['.', '[']))
            .map(|rest| (key, rest))
    })?;
    Some((key, index(rest)))
}

/// How a diagnostic says what the API server would answer: the object, the
/// field path and the kind of error, as the server's `Invalid` causes name them.
pub(super) fn refusal(kind: Kind, field: &str, reason: Reason) -> String {
    format!(
        "(the API server refuses the {}'s `{field}`: {})",
        kind.object_kind(),
        reason.as_str()
    )
}

impl Draft {
    /// The webhook's name.
    pub fn name(&self) -> &str {
        &self.webhook.name
    }

    /// Where the marker is.
    pub fn location(&self) -> &crate::model::Location {
        &self.marker.location
    }

    /// A diagnostic for what the API server would refuse in this webhook, at
    /// the argument that wrote the field (the `patch=` when it touched it;
    /// the whole marker for what no argument wrote). `index`: the webhook's
    /// position in its configuration, for the server's field path.
    pub fn diagnostic(&self, invalid: &Invalid, index: Option<usize>) -> Diagnostic {
        let top = invalid.field.split(['.', '[']).next().unwrap_or_default();
        let written = argument(&invalid.field).filter(|(key, _)| self.marker.arg(key).is_some());
        let d = if self.patched.contains(top) {
            self.marker.arg_error("patch", invalid.message.clone())
        } else {
            match written {
                Some((key, Some(i))) => match items(&self.marker, key).get(i) {
                    Some((offset, len, _)) => {
                        self.marker.error_at(*offset, *len, invalid.message.clone())
                    }
                    None => self.marker.arg_error(key, invalid.message.clone()),
                },
                Some((key, None)) => self.marker.arg_error(key, invalid.message.clone()),
                None => self.marker.error(invalid.message.clone()),
            }
        };
        let field = match index {
            Some(i) => format!("webhooks[{i}].{}", invalid.field),
            None => invalid.field.clone(),
        };
        d.with_help(format!(
            "{} {}",
            invalid.help,
            refusal(self.kind, &field, invalid.reason)
        ))
        .with_source_line(self.source_line.clone())
    }

    /// An error at this webhook's `name=`, for what concerns the configuration.
    pub fn name_error(&self, message: String, help: String) -> Diagnostic {
        self.marker
            .arg_error("name", message)
            .with_help(help)
            .with_source_line(self.source_line.clone())
    }
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

    const VALID: &str = "+kubebuilder:webhook:path=/validate-batch-v1-cronjob,mutating=false,failurePolicy=fail,sideEffects=None,groups=batch;core,resources=cronjobs,verbs=create;Update,versions=v1,name=vcronjob.kb.io,admissionReviewVersions=v1";

    #[test]
    fn builds_the_webhook_as_controller_gen() {
        let parsed = parse(&raw(VALID), "");
        assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
        let draft = parsed.draft.unwrap();
        assert_eq!(draft.kind, Kind::Validating);
        assert_eq!(
            serde_json::to_value(&draft.webhook).unwrap(),
            json!({
                "name": "vcronjob.kb.io",
                "admissionReviewVersions": ["v1"],
                "clientConfig": {"service": {"name": "webhook-service", "namespace": "system", "path": "/validate-batch-v1-cronjob"}},
                "failurePolicy": "Fail",
                "rules": [{"apiGroups": ["batch", ""], "apiVersions": ["v1"], "operations": ["CREATE", "UPDATE"], "resources": ["cronjobs"]}],
                "sideEffects": "None",
            })
        );
    }

    #[test]
    fn patches_apply_after_the_arguments() {
        let text = format!(
            "{VALID},timeoutSeconds=10,patch=`{{\"timeoutSeconds\":null,\"objectSelector\":{{\"matchLabels\":{{\"a\":\"b\"}}}}}}`"
        );
        let draft = parse(&raw(&text), "").draft.unwrap();
        assert_eq!(draft.webhook.timeout_seconds, None);
        assert!(draft.patched.contains("objectSelector"));
        assert!(draft.webhook.object_selector.is_some());
    }

    #[test]
    fn fields_are_found_at_their_arguments() {
        assert_eq!(argument("rules[0].operations[1]"), Some(("verbs", Some(1))));
        assert_eq!(
            argument("clientConfig.service.port"),
            Some(("servicePort", None))
        );
        assert_eq!(argument("namespaceSelector.matchLabels"), None);
        let draft = parse(&raw(VALID), "").draft.unwrap();
        let d = draft.diagnostic(
            &Invalid {
                field: "rules[0].operations[1]".into(),
                reason: Reason::NotSupported,
                message: "m".into(),
                help: "h".into(),
            },
            Some(2),
        );
        // `verbs=create;Update`: the second verb.
        assert_eq!(d.location.column, 4 + VALID.find("Update").unwrap());
        assert_eq!(d.span_len, "Update".len());
        assert_eq!(
            d.help.as_deref(),
            Some(
                "h (the API server refuses the ValidatingWebhookConfiguration's \
                 `webhooks[2].rules[0].operations[1]`: Unsupported value)"
            )
        );
    }
}
