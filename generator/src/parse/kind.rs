//! Kind markers of a type (`+genclient` and its variants, `+resourceName`,
//! `+kubebuilder:object:root`, `+kubebuilder:resource`, subresources, printer
//! columns, storage/deprecated/unserved versions, selectable fields) → [`Kind`].
//!
//! The status subresource is on when `+kubebuilder:subresource:status` is given,
//! or when `+genclient` is given without `noStatus` and the type has a `status`
//! field: a client with `update_status` needs the subresource on the server.

use std::collections::{BTreeMap, BTreeSet};

use super::context::FileCx;
use super::marker_registry::MarkerId as M;
use super::marker_values::split_top_level;
use super::markers::Marker;
use super::naming;
use super::suggest;
use crate::model::{
    ClientConfig, CustomMethod, Deprecation, Field, FieldType, Kind, PrinterColumn,
    ScaleSubresource, Verb,
};

/// Markers that only make sense on a kind.
const KIND_ONLY: &[M] = &[
    M::Resource,
    M::SubresourceStatus,
    M::SubresourceScale,
    M::PrintColumn,
    M::StorageVersion,
    M::DeprecatedVersion,
    M::UnservedVersion,
    M::SkipVersion,
    M::SelectableField,
    M::ResourceName,
    M::CrdMetadata,
    M::ConversionStrategy,
    M::ConversionWebhook,
];

/// `+genclient:*` markers, which need `+genclient` itself.
const GENCLIENT_VARIANTS: &[M] = &[
    M::GenclientNonNamespaced,
    M::GenclientNoStatus,
    M::GenclientNoVerbs,
    M::GenclientReadonly,
    M::GenclientOnlyVerbs,
    M::GenclientSkipVerbs,
    M::GenclientMethod,
];

/// Verbs a `+genclient:method` may use.
const METHOD_VERBS: [&str; 7] = [
    "get", "list", "create", "update", "patch", "delete", "apply",
];

const LIST_META: &str = "k8s_openapi::apimachinery::pkg::apis::meta::v1::ListMeta";

fn find(markers: &[Marker], id: M) -> Option<&Marker> {
    markers.iter().rev().find(|m| m.id() == id)
}

fn flag(markers: &[Marker], id: M) -> bool {
    find(markers, id).is_some_and(Marker::is_true)
}

/// A `FooList` type (`items` plus `metadata: ListMeta`): kubebuilder marks it
/// `object:root` too, but it is not a kind of its own.
fn is_list_type(fields: &[Field]) -> bool {
    let has = |json: &str| fields.iter().find(|f| f.json_name == json);
    has("items").is_some()
        && has("metadata").is_some_and(
            |f| matches!(f.ty.unwrap_option(), FieldType::External(e) if e.path == LIST_META),
        )
}

/// The kind a type declares, if it is one.
pub(crate) fn build(
    cx: &mut FileCx<'_>,
    name: &str,
    markers: &[Marker],
    fields: &[Field],
) -> Option<Kind> {
    let genclient = flag(markers, M::Genclient);
    let root = flag(markers, M::ObjectRoot);
    if !genclient {
        for m in markers
            .iter()
            .filter(|m| GENCLIENT_VARIANTS.contains(&m.id()))
        {
            cx.push(
                m.error(format!("`{}` has no effect without `+genclient`", m.name()))
                    .with_help(format!("add `// +genclient` above `{name}`")),
            );
        }
    }
    if !genclient && !root {
        for m in markers.iter().filter(|m| KIND_ONLY.contains(&m.id())) {
            cx.push(m.error(format!("`{}` only applies to kinds, and `{name}` is not one", m.name())).with_help(
                format!("add `// +genclient` (or `// +kubebuilder:object:root=true`) above `{name}` to make it a kind"),
            ));
        }
        return None;
    }
    if root && !genclient && is_list_type(fields) {
        return None;
    }

    let has_status = fields.iter().any(|f| f.json_name == "status" && !f.skip);
    let resource = find(markers, M::Resource);
    let namespaced = scope(cx, markers, resource);
    let plural = plural(cx, name, markers, resource);
    let singular = resource
        .and_then(|r| r.arg_str("singular"))
        .map_or_else(|| name.to_lowercase(), str::to_owned);
    let list = |key: &str| {
        resource
            .and_then(|r| r.arg(key))
            .map(|a| a.value.as_str_list())
            .unwrap_or_default()
    };

    let no_status_marker = flag(markers, M::GenclientNoStatus);
    let status_marker = find(markers, M::SubresourceStatus).filter(|m| m.is_true());
    if let (Some(m), false) = (status_marker, has_status) {
        cx.push(
            m.warning(format!(
                "`{}` on `{name}`, which has no `status` field",
                m.name()
            ))
            .with_help(format!(
                "the CRD gets the status subresource (as controller-gen writes it), but \
                 `{name}` has no status to write; add a `status` field, or remove the marker"
            )),
        );
    }
    // An explicit marker is honoured as controller-gen does, status field or not;
    // `+genclient` alone asks for it only when there is a status to serve.
    let status_subresource =
        status_marker.is_some() || (has_status && genclient && !no_status_marker);

    let client = genclient.then(|| client_config(cx, markers, no_status_marker || !has_status));

    Some(Kind {
        client,
        namespaced,
        plural,
        singular,
        short_names: list("shortName"),
        categories: list("categories"),
        status_subresource,
        scale: find(markers, M::SubresourceScale).map(|m| scale(cx, m)),
        printer_columns: markers
            .iter()
            .filter(|m| m.id() == M::PrintColumn)
            .map(|m| printer_column(cx, m))
            .collect(),
        storage_version: flag(markers, M::StorageVersion),
        deprecated: find(markers, M::DeprecatedVersion).map(|m| Deprecation {
            warning: m.arg_str("warning").map(str::to_owned),
        }),
        served: !flag(markers, M::UnservedVersion),
        skip_version: flag(markers, M::SkipVersion),
        selectable_fields: markers
            .iter()
            .filter(|m| m.id() == M::SelectableField)
            .filter_map(|m| {
                let path = m.arg_str("JSONPath")?;
                check_json_path(cx, m, "JSONPath", path, ".");
                Some(path.to_owned())
            })
            .collect(),
        crd_annotations: key_values(cx, markers, "annotations"),
        crd_labels: key_values(cx, markers, "labels"),
        conversion: super::conversion::kind_conversion(cx, name, markers),
    })
}

/// The `key=value` strings of argument `arg` of every `+kubebuilder:metadata`
/// (controller-gen's `+kubebuilder:metadata:annotations="a=b";"c=d",labels="x=y"`).
fn key_values(cx: &mut FileCx<'_>, markers: &[Marker], arg: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for m in markers.iter().filter(|m| m.id() == M::CrdMetadata) {
        let Some(list) = m.arg(arg) else {
            continue;
        };
        for entry in list.value.as_str_list() {
            match entry.split_once('=') {
                Some((k, v)) if !k.trim().is_empty() => {
                    out.insert(k.trim().to_owned(), v.trim().to_owned());
                }
                _ => cx.push(
                    m.error(format!("`{entry}` is not a `key=value` pair"))
                        .with_help(format!(
                            "write `+kubebuilder:metadata:{arg}=\"example.com/key=value\"`"
                        )),
                ),
            }
        }
    }
    out
}

fn scope(cx: &mut FileCx<'_>, markers: &[Marker], resource: Option<&Marker>) -> bool {
    let non_namespaced = flag(markers, M::GenclientNonNamespaced);
    match resource.and_then(|r| r.arg_str("scope").map(|s| (r, s))) {
        Some((r, "Namespaced")) if non_namespaced => {
            cx.push(
                r.arg_error(
                    "scope",
                    "`scope=Namespaced` contradicts `+genclient:nonNamespaced`",
                )
                .with_help("use `scope=Cluster`, or remove `+genclient:nonNamespaced`"),
            );
            false
        }
        Some((_, "Cluster")) => false,
        _ => !non_namespaced,
    }
}

fn plural(
    cx: &mut FileCx<'_>,
    name: &str,
    markers: &[Marker],
    resource: Option<&Marker>,
) -> String {
    let resource_name = find(markers, M::ResourceName);
    let path = resource.and_then(|r| r.arg_str("path").map(|p| (r, p)));
    if let (Some(rn), Some((r, p))) = (resource_name, path)
        && rn.value.as_str() != Some(p)
    {
        cx.push(
            r.arg_error(
                "path",
                format!(
                    "`path={p}` contradicts `+resourceName={}`",
                    rn.value.as_str().unwrap_or("")
                ),
            )
            .with_help("give the plural once"),
        );
    }
    let (given, marker) = match (resource_name, path) {
        (Some(rn), _) => (rn.value.as_str().map(str::to_owned), Some(rn)),
        (None, Some((r, p))) => (Some(p.to_owned()), Some(r)),
        (None, None) => (None, None),
    };
    match (given, marker) {
        (Some(plural), Some(m)) => {
            let valid = !plural.is_empty()
                && plural
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                && plural.starts_with(|c: char| c.is_ascii_lowercase());
            if !valid {
                cx.push(
                    m.error(format!("`{plural}` is not a valid resource name"))
                        .with_help("resource names are lower-case letters, digits and `-`, starting with a letter"),
                );
            }
            plural
        }
        _ => naming::plural(name, &cx.version.plural_exceptions),
    }
}

fn client_config(cx: &mut FileCx<'_>, markers: &[Marker], no_status: bool) -> ClientConfig {
    let no_verbs = find(markers, M::GenclientNoVerbs).filter(|m| m.is_true());
    let readonly = find(markers, M::GenclientReadonly).filter(|m| m.is_true());
    let only = find(markers, M::GenclientOnlyVerbs);
    let skip = find(markers, M::GenclientSkipVerbs);
    let selectors = [no_verbs, readonly, only, skip];
    let given: Vec<&Marker> = selectors.iter().flatten().copied().collect();
    // `skipVerbs` combines with nothing else that picks verbs; neither do the others.
    if given.len() > 1 {
        let names = given
            .iter()
            .map(|m| format!("`{}`", m.name()))
            .collect::<Vec<_>>()
            .join(" and ");
        cx.push(
            given[1]
                .error(format!("{names} contradict each other"))
                .with_help("choose the verbs with one of `noVerbs`, `readonly`, `onlyVerbs=` or `skipVerbs=`"),
        );
    }
    let mut verbs: BTreeSet<Verb> = if no_verbs.is_some() {
        BTreeSet::new()
    } else if readonly.is_some() {
        Verb::ALL.into_iter().filter(|v| v.is_read_only()).collect()
    } else if let Some(m) = only {
        verb_list(cx, m).into_iter().collect()
    } else {
        Verb::ALL.into_iter().collect()
    };
    if let (Some(m), None) = (skip, no_verbs) {
        for v in verb_list(cx, m) {
            verbs.remove(&v);
        }
    }
    if no_status {
        verbs.retain(|v| !v.is_status());
    }
    ClientConfig {
        verbs: verbs.into_iter().collect(),
        methods: markers
            .iter()
            .filter(|m| m.id() == M::GenclientMethod)
            .filter_map(|m| method(cx, m))
            .collect(),
        no_status,
    }
}

/// `create,get` (gengo's spelling) or `create;get`.
fn verb_list(cx: &mut FileCx<'_>, m: &Marker) -> Vec<Verb> {
    let text = m.value.as_str().unwrap_or_default();
    let base = value_start(m);
    let mut verbs = Vec::new();
    let mut offset = 0;
    for piece in text.split([',', ';']) {
        let trimmed = piece.trim();
        let at = base + offset + leading_ws(piece);
        offset += piece.chars().count() + 1;
        if trimmed.is_empty() {
            cx.push(
                m.error_at(at.saturating_sub(1), 1, "empty verb in the list")
                    .with_help("remove the extra separator"),
            );
            continue;
        }
        match Verb::from_marker_name(trimmed) {
            Some(v) => verbs.push(v),
            None => {
                let names = Verb::ALL.map(Verb::marker_name);
                let help = match suggest::closest(trimmed, names) {
                    Some(s) => format!("did you mean `{s}`?"),
                    None => format!(
                        "the verbs are {}",
                        names
                            .iter()
                            .map(|n| format!("`{n}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                };
                cx.push(
                    m.error_at(
                        at,
                        trimmed.chars().count(),
                        format!("unknown verb `{trimmed}` in `{}`", m.name()),
                    )
                    .with_help(help),
                );
            }
        }
    }
    verbs
}

/// Character offset (from the `+`) of the first character of a `=value`.
fn value_start(m: &Marker) -> usize {
    let offset = m.value_offset();
    offset + m.text.get(offset..).map_or(0, leading_ws)
}

fn leading_ws(s: &str) -> usize {
    s.chars().take_while(|c| c.is_whitespace()).count()
}

/// `+genclient:method=Name,verb=...,subresource=...,input=...,result=...`.
fn method(cx: &mut FileCx<'_>, m: &Marker) -> Option<CustomMethod> {
    let text = m.value.as_str().unwrap_or_default();
    let base = value_start(m);
    let mut pieces = split_top_level(text, ',').into_iter();
    let (_, name) = pieces.next()?;
    let name = name.trim();
    let mut ok = true;
    if name.is_empty()
        || name.contains('=')
        || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    {
        cx.push(
            m.error_at(
                base,
                name.chars().count(),
                "`+genclient:method` needs a method name first",
            )
            .with_help("write `+genclient:method=GetScale,verb=get,subresource=scale,result=...`"),
        );
        ok = false;
    }
    let mut method = CustomMethod {
        name: name.to_owned(),
        verb: String::new(),
        subresource: None,
        input: None,
        result: None,
    };
    for (offset, piece) in pieces {
        let at = base + offset + leading_ws(piece);
        let Some((key, value)) = piece.split_once('=') else {
            cx.push(m.error_at(
                at,
                piece.trim().chars().count(),
                format!("expected `key=value`, found `{}`", piece.trim()),
            ));
            ok = false;
            continue;
        };
        let (key, value) = (key.trim(), value.trim());
        let value_at =
            at + key.chars().count() + 1 + leading_ws(piece.split_once('=').map_or("", |(_, v)| v));
        match key {
            "verb" if METHOD_VERBS.contains(&value) => method.verb = value.to_owned(),
            "verb" => {
                let help = match suggest::closest(value, METHOD_VERBS.iter().copied()) {
                    Some(s) => format!("did you mean `{s}`?"),
                    None => format!(
                        "methods may use {}",
                        METHOD_VERBS.map(|v| format!("`{v}`")).join(", ")
                    ),
                };
                cx.push(
                    m.error_at(
                        value_at,
                        value.chars().count(),
                        format!("unknown verb `{value}` in `+genclient:method`"),
                    )
                    .with_help(help),
                );
                ok = false;
            }
            "subresource" => method.subresource = Some(value.to_owned()),
            "input" | "result" => match type_ref(cx, value) {
                Ok(path) if key == "input" => method.input = Some(path),
                Ok(path) => method.result = Some(path),
                Err(help) => {
                    cx.push(
                        m.error_at(
                            value_at,
                            value.chars().count(),
                            format!("cannot resolve the {key} type `{value}`"),
                        )
                        .with_help(help),
                    );
                    ok = false;
                }
            },
            _ => {
                let keys = ["verb", "subresource", "input", "result"];
                let help = match suggest::closest(key, keys) {
                    Some(s) => format!("did you mean `{s}`?"),
                    None => "`+genclient:method` takes `verb`, `subresource`, `input` and `result`"
                        .to_owned(),
                };
                cx.push(
                    m.error_at(
                        at,
                        key.chars().count(),
                        format!("unknown argument `{key}` for `+genclient:method`"),
                    )
                    .with_help(help),
                );
                ok = false;
            }
        }
    }
    if ok && method.verb.is_empty() {
        cx.push(
            m.error("`+genclient:method` needs `verb=`")
                .with_help(format!(
                    "add `verb=` with one of {}",
                    METHOD_VERBS.map(|v| format!("`{v}`")).join(", ")
                )),
        );
        ok = false;
    }
    ok.then_some(method)
}

/// The Rust path of a method's input or result type: a local type name, or a
/// full `k8s_openapi` path (resolved through the file's `use` items). Go import
/// paths (`k8s.io/api/autoscaling/v1.Scale`) are translated for Go users.
fn type_ref(cx: &FileCx<'_>, text: &str) -> Result<String, String> {
    let help =
        "name a type of this version module, or a `k8s_openapi` type (imported, or by full path)"
            .to_owned();
    if let Some(go) = text.strip_prefix("k8s.io/") {
        let (package, ty) = go.rsplit_once('.').ok_or_else(|| help.clone())?;
        let rust_package = match package.split_once('/') {
            Some(("api", rest)) => format!("k8s_openapi::api::{}", rest.replace('/', "::")),
            Some(("apimachinery", rest)) => {
                format!("k8s_openapi::apimachinery::{}", rest.replace('/', "::"))
            }
            _ => return Err(help),
        };
        return Ok(format!("{rust_package}::{ty}"));
    }
    let path: syn::Path = syn::parse_str(text).map_err(|_| help.clone())?;
    let written: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    if written.len() == 1
        && cx.version.locals.contains_key(&written[0])
        && !cx.uses.is_imported(&written[0])
    {
        return Ok(written[0].clone());
    }
    let full = if path.leading_colon.is_some() {
        written
    } else {
        cx.uses.expand(&written)
    };
    if full.first().is_some_and(|r| r == "k8s_openapi") && full.len() > 1 {
        Ok(full.join("::"))
    } else {
        Err(help)
    }
}

fn scale(cx: &mut FileCx<'_>, m: &Marker) -> ScaleSubresource {
    let get = |key: &str| m.arg_str(key).unwrap_or_default().to_owned();
    let (spec, status) = (get("specpath"), get("statuspath"));
    check_json_path(cx, m, "specpath", &spec, ".spec.");
    check_json_path(cx, m, "statuspath", &status, ".status.");
    let selector = m.arg_str("selectorpath").map(str::to_owned);
    if let Some(s) = &selector {
        check_json_path(cx, m, "selectorpath", s, ".status.");
    }
    ScaleSubresource {
        spec_replicas_path: spec,
        status_replicas_path: status,
        label_selector_path: selector,
    }
}

/// The API server rejects these paths unless they start with `prefix`.
fn check_json_path(cx: &mut FileCx<'_>, m: &Marker, key: &str, path: &str, prefix: &str) {
    if !path.starts_with(prefix) {
        cx.push(
            m.arg_error(
                key,
                format!("`{key}` must start with `{prefix}`, found `{path}`"),
            )
            .with_help(format!("write a JSON path such as `{prefix}replicas`")),
        );
    }
}

fn printer_column(cx: &mut FileCx<'_>, m: &Marker) -> PrinterColumn {
    let s = |key: &str| m.arg_str(key).map(str::to_owned);
    let json_path = s("JSONPath").unwrap_or_default();
    check_json_path(cx, m, "JSONPath", &json_path, ".");
    let priority = m
        .arg("priority")
        .and_then(|a| a.value.as_i64())
        .and_then(|p| {
            let fits = i32::try_from(p).ok().filter(|p| *p >= 0);
            if fits.is_none() {
                cx.push(m.arg_error(
                    "priority",
                    format!("`priority` must be between 0 and {}", i32::MAX),
                ));
            }
            fits
        });
    PrinterColumn {
        name: s("name").unwrap_or_default(),
        type_: s("type").unwrap_or_default(),
        json_path,
        description: s("description"),
        format: s("format"),
        priority,
    }
}
