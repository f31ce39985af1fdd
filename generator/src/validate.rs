//! Checks of the model as a whole, which no single item can know: duplicate
//! types, kinds and plurals; kinds without `metadata: ObjectMeta`; field types
//! that name no type of their version; the storage version, scope and plural of
//! a kind across the versions of its group.
//!
//! Works on any [`Api`], also one built by hand. Diagnostics carry locations but
//! no source lines (the model holds no source text); `parse::parse_dir` fills
//! them in.

use std::collections::BTreeMap;

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::{Api, FieldType, Group, Kind, Location, TypeBody, TypeDef, Version};

const OBJECT_META: &str = "k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta";

/// Every problem of the model, errors and warnings.
pub fn validate(api: &Api) -> Diagnostics {
    let mut out = Vec::new();
    let mut groups_by_module: BTreeMap<&str, &Group> = BTreeMap::new();
    let mut groups_by_name: BTreeMap<&str, &Group> = BTreeMap::new();
    for group in &api.groups {
        if let Some(first) = groups_by_module.insert(&group.module, group) {
            out.push(at_version(
                group,
                format!(
                    "groups `{}` and `{}` share the module `{}`",
                    first.name, group.name, group.module
                ),
                "each group needs its own directory; a module holds the versions of one group",
            ));
        }
        if groups_by_name.insert(&group.name, group).is_some() {
            out.push(at_version(
                group,
                format!("group `{}` is declared twice", group.name),
                "keep every version of a group in one directory",
            ));
        }
        versions(group, &mut out);
        for version in &group.versions {
            types_of_version(group, version, &mut out);
        }
        kinds_across_versions(group, &mut out);
    }
    Diagnostics(out)
}

fn at_version(group: &Group, message: String, help: &str) -> Diagnostic {
    let location = group
        .versions
        .first()
        .map(|v| v.location.clone())
        .unwrap_or_default();
    Diagnostic::error(message, location).with_help(help)
}

fn at_type(t: &TypeDef, message: String) -> Diagnostic {
    Diagnostic::error(message, t.location.clone()).with_span(t.name.chars().count())
}

fn versions(group: &Group, out: &mut Vec<Diagnostic>) {
    let mut seen: BTreeMap<&str, &Version> = BTreeMap::new();
    for v in &group.versions {
        if let Some(first) = seen.insert(&v.name, v) {
            out.push(
                Diagnostic::error(
                    format!(
                        "version `{}` of group `{}` is declared twice (modules `{}` and `{}`)",
                        v.name, group.name, first.module, v.module
                    ),
                    v.location.clone(),
                )
                .with_help("give each version module its own `+versionName` (or directory name)"),
            );
        }
    }
}

fn types_of_version(group: &Group, version: &Version, out: &mut Vec<Diagnostic>) {
    let gv = format!("{}/{}", group.name, version.name);
    let mut by_name: BTreeMap<&str, &TypeDef> = BTreeMap::new();
    let mut by_plural: BTreeMap<&str, &TypeDef> = BTreeMap::new();
    for t in version.types() {
        let first = *by_name.entry(&t.name).or_insert(t);
        let duplicate = !std::ptr::eq(first, t);
        if duplicate {
            let what = if t.kind.is_some() { "kind" } else { "type" };
            out.push(
                at_type(t, format!("{what} `{}` is defined twice in `{gv}`", t.name)).with_help(
                    format!(
                        "the first definition is at {}; rename or remove one",
                        first.location
                    ),
                ),
            );
        }
        if let Some(kind) = &t.kind
            && !duplicate
        {
            if let Some(first) = by_plural.insert(&kind.plural, t) {
                out.push(
                    at_type(
                        t,
                        format!(
                            "kinds `{}` and `{}` both have the resource name `{}` in `{gv}`",
                            first.name, t.name, kind.plural
                        ),
                    )
                    .with_help("give one of them another plural with `+resourceName=` or `+kubebuilder:resource:path=`"),
                );
            }
            metadata(t, out);
        }
        list_map_keys(version, t, out);
        defaults_under_optional_parents(version, t, out);
        for (field, ty) in fields(t) {
            for missing in unresolved(ty, version) {
                out.push(
                    Diagnostic::error(format!("cannot find type `{missing}` in `{gv}`"), field.location.clone())
                        .with_help("declare the type in this version module, or use a `k8s_openapi` or std type"),
                );
            }
            map_keys(ty, version, &field, out);
        }
    }
}

/// Where a field (or a newtype's value) is: its location and name.
struct Place<'a> {
    location: &'a Location,
    name: &'a str,
}

impl Place<'_> {
    /// An error underlining the field's name.
    fn error(&self, message: String) -> Diagnostic {
        Diagnostic::error(message, self.location.clone()).with_span(self.name.chars().count())
    }
}

fn place(f: &crate::model::Field) -> Place<'_> {
    Place {
        location: &f.location,
        name: f.name.trim_start_matches("r#"),
    }
}

fn fields(t: &TypeDef) -> Vec<(Place<'_>, &FieldType)> {
    match &t.body {
        TypeBody::Struct(s) => s.fields.iter().map(|f| (place(f), &f.ty)).collect(),
        TypeBody::Newtype(n) => vec![(
            Place {
                location: &t.location,
                name: &t.name,
            },
            &n.inner,
        )],
        TypeBody::Enum(e) => e
            .variants
            .iter()
            .flat_map(|v| v.data.fields())
            .map(|f| (place(f), &f.ty))
            .collect(),
    }
}

/// Local type names in `ty` that the version does not declare.
fn unresolved<'a>(ty: &'a FieldType, version: &Version) -> Vec<&'a str> {
    match ty {
        FieldType::Local(name) if version.find_type(name).is_none() => vec![name.as_str()],
        FieldType::Option(inner)
        | FieldType::Vec(inner)
        | FieldType::Boxed(inner)
        | FieldType::Array { item: inner, .. } => unresolved(inner, version),
        FieldType::Map { value, .. } => unresolved(value, version),
        _ => Vec::new(),
    }
}

/// Maps (at any depth of `ty`) whose key type serde cannot write as a JSON
/// object key (see [`crate::map_keys`]).
fn map_keys(ty: &FieldType, version: &Version, field: &Place<'_>, out: &mut Vec<Diagnostic>) {
    match ty {
        FieldType::Option(inner)
        | FieldType::Vec(inner)
        | FieldType::Boxed(inner)
        | FieldType::Array { item: inner, .. } => map_keys(inner, version, field, out),
        FieldType::Map { key, value, .. } => {
            if let Err(not) = crate::map_keys::key_shape(key, version) {
                out.push(
                    field
                        .error(format!(
                            "`{}` cannot be a map key: JSON object keys are strings, and {}",
                            crate::map_keys::display(key),
                            not.why
                        ))
                        .with_help(not.instead),
                );
            }
            map_keys(value, version, field, out);
        }
        _ => {}
    }
}

/// `+listType=map` lists hold objects whose `+listMapKey` fields exist and are
/// required or defaulted, as the API server demands of a CRD schema.
fn list_map_keys(version: &Version, t: &TypeDef, out: &mut Vec<Diagnostic>) {
    let TypeBody::Struct(s) = &t.body else { return };
    for f in s
        .fields
        .iter()
        .filter(|f| f.validation.list_type.as_deref() == Some("map"))
    {
        let FieldType::Vec(item) = f.ty.unwrap_option() else {
            continue;
        };
        let item = match item.as_ref() {
            FieldType::Boxed(inner) => inner.as_ref(),
            other => other,
        };
        let at = || Diagnostic::error("", f.location.clone()).with_span(f.name.chars().count());
        let name = match item {
            FieldType::Local(name) => name,
            FieldType::External(_) => continue,
            _ => {
                out.push(
                    Diagnostic {
                        message: format!(
                            "`+listType=map` needs a list of objects, but `{}` is `{}`",
                            f.name, f.ty_source
                        ),
                        ..at()
                    }
                    .with_help("use `+listType=set` for scalars, or make the items a struct"),
                );
                continue;
            }
        };
        let Some(TypeBody::Struct(item_struct)) = version.find_type(name).map(|t| &t.body) else {
            continue;
        };
        for key in &f.validation.list_map_keys {
            match item_struct.fields.iter().find(|kf| kf.json_name == *key && !kf.skip) {
                None => out.push(
                    Diagnostic {
                        message: format!("`+listMapKey={key}` of `{}`: `{name}` has no field `{key}`", f.name),
                        ..at()
                    }
                    .with_help(format!(
                        "list map keys name fields of `{name}` by their JSON name: {}",
                        item_struct.fields.iter().map(|kf| format!("`{}`", kf.json_name)).collect::<Vec<_>>().join(", ")
                    )),
                ),
                Some(kf) if !kf.is_required(item_struct.default) && kf.validation.default.is_none() => out.push(
                    Diagnostic {
                        message: format!(
                            "`+listMapKey={key}` of `{}`: `{name}.{}` must be required or have a default",
                            f.name, kf.name
                        ),
                        ..at()
                    }
                    .with_help("the API server rejects list map keys that may be missing; make the field required or add `+kubebuilder:default=`"),
                ),
                Some(_) => {}
            }
        }
    }
}

/// A field whose type is a struct with defaults inside, that may be missing
/// and has no default of its own: the API server fills in nested defaults only
/// in objects that are there, so an object without the field gets none of
/// them (controller-tools#622/#631). A struct field with `#[serde(default)]`
/// gets `default: {}` (see `emit::crd::schema`) where `{}` is valid, so it is
/// left out here.
fn defaults_under_optional_parents(version: &Version, t: &TypeDef, out: &mut Vec<Diagnostic>) {
    let TypeBody::Struct(s) = &t.body else { return };
    for f in s.fields.iter().filter(|f| !f.skip && !f.flatten) {
        if f.is_required(s.default) || f.validation.default.is_some() {
            continue;
        }
        let mut inner = &f.ty;
        while let FieldType::Option(x) | FieldType::Boxed(x) = inner {
            inner = x;
        }
        // A type inside itself is cut from the schema (no defaults there).
        let FieldType::Local(name) = inner else {
            continue;
        };
        if *name == t.name {
            continue;
        }
        let Some(TypeBody::Struct(def)) = version.find_type(name).map(|t| &t.body) else {
            continue;
        };
        let defaulted = nested_defaults(version, def, "", &mut vec![name.as_str()]);
        if defaulted.is_empty() {
            continue;
        }
        let serde_fills_in = !f.ty.is_option() && (f.serde_default || s.default);
        // With required fields inside, `{}` is no valid value: the only fix
        // would be defaults for what the user must give, which is no fix, so
        // nothing is said (the parent is given whole or not at all).
        let needs_a_value = def
            .fields
            .iter()
            .any(|x| !x.skip && x.is_required(def.default) && x.validation.default.is_none());
        if serde_fills_in || needs_a_value {
            continue;
        }
        let help = format!(
            "add `// +kubebuilder:default={{}}` above `{}` so the server creates it with its \
             defaults (controller-tools#622), or make it `{}` with `#[serde(default)]`",
            f.name,
            f.ty.unwrap_option_display(&f.ty_source)
        );
        let shown: Vec<String> = defaulted.iter().map(|d| format!("`{d}`")).collect();
        out.push(
            Diagnostic::warning(
                format!(
                    "the defaults inside `{}` ({}) never apply to an object without it: it is \
                     optional and has no default, and the API server fills in defaults only in \
                     objects that are there",
                    f.json_name,
                    shown.join(", ")
                ),
                f.location.clone(),
            )
            .with_span(f.name.chars().count())
            .with_help(help),
        );
    }
}

/// The JSON paths of the fields with a default in `def`, and in the struct
/// fields of it that are always there (required or defaulted).
fn nested_defaults<'a>(
    version: &'a Version,
    def: &'a crate::model::StructDef,
    prefix: &str,
    seen: &mut Vec<&'a str>,
) -> Vec<String> {
    let mut out = Vec::new();
    for f in def.fields.iter().filter(|f| !f.skip) {
        let path = format!("{prefix}{}", f.json_name);
        if f.validation.default.is_some() {
            out.push(path);
            continue;
        }
        let FieldType::Local(name) = &f.ty else {
            continue;
        };
        if !f.is_required(def.default) || seen.contains(&name.as_str()) {
            continue;
        }
        if let Some(TypeBody::Struct(inner)) = version.find_type(name).map(|t| &t.body) {
            seen.push(name);
            out.extend(nested_defaults(version, inner, &format!("{path}."), seen));
            seen.pop();
        }
    }
    out
}

/// Every kind needs `metadata: ObjectMeta`, which `kube::Resource` hands out.
fn metadata(t: &TypeDef, out: &mut Vec<Diagnostic>) {
    let help = "add `pub metadata: ObjectMeta,` with \
                `use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;`";
    let field = match &t.body {
        TypeBody::Struct(s) => s
            .fields
            .iter()
            .find(|f| f.json_name == "metadata" && !f.skip),
        TypeBody::Enum(_) | TypeBody::Newtype(_) => None,
    };
    match field {
        None => out.push(
            at_type(
                t,
                format!("kind `{}` has no `metadata: ObjectMeta` field", t.name),
            )
            .with_help(help),
        ),
        Some(f) if !matches!(&f.ty, FieldType::External(e) if e.path == OBJECT_META) => out.push(
            Diagnostic::error(
                format!(
                    "the `metadata` field of kind `{}` must be `ObjectMeta`, not `{}`",
                    t.name, f.ty_source
                ),
                f.location.clone(),
            )
            .with_span(f.name.chars().count())
            .with_help(format!(
                "{help}; kube's `Resource` trait needs it without `Option`"
            )),
        ),
        Some(_) => {}
    }
}

/// A kind's CRD spans every version of its group: exactly one storage version,
/// one scope, one plural.
/// The annotation the API server demands on CRDs of protected groups.
const API_APPROVED: &str = "api-approved.kubernetes.io";

/// Groups `k8s.io`, `kubernetes.io` and their subdomains are reserved for APIs
/// reviewed by the Kubernetes project; the API server rejects a CRD in them
/// unless it carries the `api-approved.kubernetes.io` annotation. Catch that here
/// rather than at `kubectl apply` time.
fn protected_group(
    group: &Group,
    name: &str,
    defs: &[(&Version, &TypeDef, &Kind)],
    out: &mut Vec<Diagnostic>,
) {
    let protected = ["k8s.io", "kubernetes.io"]
        .iter()
        .any(|p| group.name == *p || group.name.ends_with(&format!(".{p}")));
    let annotated = defs
        .iter()
        .any(|(_, _, k)| k.crd_annotations.contains_key(API_APPROVED));
    if protected && !annotated {
        let (_, t, _) = defs[0];
        out.push(
            at_type(
                t,
                format!(
                    "kind `{name}` is in the protected group `{}`: the API server rejects its CRD without the `{API_APPROVED}` annotation",
                    group.name
                ),
            )
            .with_help(format!(
                "add `// +kubebuilder:metadata:annotations=\"{API_APPROVED}=<link to the API review, or `unapproved, <reason>`>\"` above `{name}`, or use a group outside k8s.io and kubernetes.io"
            )),
        );
    }
}

fn kinds_across_versions(group: &Group, out: &mut Vec<Diagnostic>) {
    let mut by_kind: BTreeMap<&str, Vec<(&Version, &TypeDef, &Kind)>> = BTreeMap::new();
    for v in &group.versions {
        for t in v.types() {
            if let Some(k) = &t.kind {
                let defs = by_kind.entry(&t.name).or_default();
                // A kind defined twice in one version is reported as such; count it once.
                if !defs.iter().any(|(dv, _, _)| std::ptr::eq(*dv, v)) {
                    defs.push((v, t, k));
                }
            }
        }
    }
    for (name, defs) in by_kind {
        let versions = defs
            .iter()
            .map(|(v, _, _)| format!("`{}`", v.name))
            .collect::<Vec<_>>()
            .join(", ");
        let storage: Vec<_> = defs.iter().filter(|(_, _, k)| k.storage_version).collect();
        match storage.as_slice() {
            [] => {
                let (_, t, _) = defs[0];
                out.push(
                    at_type(t, format!("kind `{name}` of group `{}` has no storage version among {versions}", group.name))
                        .with_help(format!(
                            "add `// +kubebuilder:storageversion` above `{name}` in the one version the API server should store"
                        )),
                );
            }
            [_] => {}
            [_, rest @ ..] => {
                let listed = storage
                    .iter()
                    .map(|(v, _, _)| format!("`{}`", v.name))
                    .collect::<Vec<_>>()
                    .join(", ");
                for (_, t, _) in rest {
                    out.push(
                        at_type(t, format!("kind `{name}` of group `{}` has several storage versions: {listed}", group.name))
                            .with_help(format!("keep `+kubebuilder:storageversion` on exactly one version of `{name}`")),
                    );
                }
            }
        }
        protected_group(group, name, &defs, out);
        let (_, first_t, first) = defs[0];
        for (v, t, k) in &defs[1..] {
            if k.namespaced != first.namespaced {
                let scope = |n: bool| if n { "namespaced" } else { "cluster-scoped" };
                out.push(
                    at_type(
                        t,
                        format!(
                            "kind `{name}` is {} in `{}` but {} at {}",
                            scope(k.namespaced),
                            v.name,
                            scope(first.namespaced),
                            first_t.location
                        ),
                    )
                    .with_help("a CRD has one scope for all its versions"),
                );
            }
            if k.plural != first.plural {
                out.push(
                    at_type(
                        t,
                        format!(
                            "kind `{name}` has the plural `{}` in `{}` but `{}` at {}",
                            k.plural, v.name, first.plural, first_t.location
                        ),
                    )
                    .with_help("a CRD has one resource name for all its versions"),
                );
            }
        }
    }
}
