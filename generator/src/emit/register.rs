//! What makes a type a Kubernetes kind: the analogue of register-gen.
//!
//! Each kind implements k8s-openapi's `Resource`, `ListableResource` and
//! `Metadata`, exactly as k8s-openapi's own types do; kube's blanket impl then
//! makes it a `kube::Resource<DynamicType = ()>` with the same scope, so
//! `kube::Api::<App>::namespaced(..)` and every kube runtime tool accept it. The
//! kind also gets inherent constants and a constructor, each version module a
//! `KINDS` list, and `apis` the `KnownKind` type those lists are made of.
//!
//! The API server wants `apiVersion` and `kind` in every object it is sent, and a
//! plain Rust type (like a Go type without `TypeMeta`) has no such fields; kinds
//! that do not declare them get a `Serialize` impl that writes them first.

use crate::emit::EmitOptions;
use crate::emit::code::{Code, lit};
use crate::emit::features::gate;
use crate::emit::rust_type::{LocalTypes, TypeNames, ident, last_segment};
use crate::model::{FieldType, Group, Kind, StructDef, TypeBody, TypeDef, Version};

/// `group/version`, or only the version for the legacy core group.
pub fn api_version(group: &Group, version: &Version) -> String {
    if group.name.is_empty() {
        version.name.clone()
    } else {
        format!("{}/{}", group.name, version.name)
    }
}

/// The trait impls and inherent helpers of one kind.
pub fn kind_impls(
    group: &Group,
    version: &Version,
    ty: &TypeDef,
    kind: &Kind,
    names: &TypeNames,
    locals: &LocalTypes,
) -> String {
    let mut code = Code::new();
    write_kind_impls(&mut code, group, version, ty, kind, names, locals);
    code.finish()
}

/// [`kind_impls`] into `code`, each impl a paragraph.
pub(crate) fn write_kind_impls(
    code: &mut Code,
    group: &Group,
    version: &Version,
    ty: &TypeDef,
    kind: &Kind,
    names: &TypeNames,
    locals: &LocalTypes,
) {
    let name = ident(&ty.name);
    let scope = if kind.namespaced {
        "k8s_openapi::NamespaceResourceScope"
    } else {
        "k8s_openapi::ClusterResourceScope"
    };
    code.impl_for("impl k8s_openapi::Resource", &name, " {");
    for (constant, value) in [
        ("API_VERSION", api_version(group, version)),
        ("GROUP", group.name.clone()),
        ("KIND", ty.name.clone()),
        ("VERSION", version.name.clone()),
        ("URL_PATH_SEGMENT", kind.plural.clone()),
    ] {
        code.line(format_args!(
            "const {constant}: &'static str = {};",
            lit(&value)
        ));
    }
    code.line(format_args!("type Scope = {scope};"));
    code.close("}");
    code.blank();
    code.impl_for("impl k8s_openapi::ListableResource", &name, " {");
    code.line(format_args!(
        "const LIST_KIND: &'static str = {};",
        lit(&format!("{}List", ty.name))
    ));
    code.close("}");
    if let Some(field) = object_meta_field(ty) {
        let field_name = ident(&field.name);
        code.blank();
        code.impl_for("impl k8s_openapi::Metadata", &name, " {");
        code.ty("type Ty = ", &names.render(&field.ty), ";");
        code.blank();
        code.open("fn metadata(&self) -> &Self::Ty {");
        code.line(format_args!("&self.{field_name}"));
        code.close("}");
        code.blank();
        code.open("fn metadata_mut(&mut self) -> &mut Self::Ty {");
        code.line(format_args!("&mut self.{field_name}"));
        code.close("}");
        code.close("}");
    }
    code.blank();
    inherent_items(code, group, version, ty, kind, names, locals);
}

/// The kind's `metadata: ObjectMeta` field, which kube's `Resource` reads.
fn object_meta_field(ty: &TypeDef) -> Option<&crate::model::Field> {
    let TypeBody::Struct(def) = &ty.body else {
        return None;
    };
    def.fields.iter().find(|f| {
        f.name == "metadata"
            && matches!(&f.ty, FieldType::External(ext) if ext.name() == "ObjectMeta")
    })
}

/// An inherent constant's value: one, or a slice of them.
enum Value {
    One(String),
    List(Vec<String>),
}

/// `impl App { pub const PLURAL ...; pub fn new(..) }`, minus anything the user
/// already wrote on the type.
fn inherent_items(
    code: &mut Code,
    group: &Group,
    version: &Version,
    ty: &TypeDef,
    kind: &Kind,
    names: &TypeNames,
    locals: &LocalTypes,
) {
    let kind_name = &ty.name;
    let api_version = api_version(group, version);
    let scope = if kind.namespaced {
        "namespaced"
    } else {
        "cluster-scoped"
    };
    let group_doc = if group.name.is_empty() {
        "the legacy core group".to_owned()
    } else {
        format!("`{}`", group.name)
    };
    let str_list = |values: &[String]| values.iter().map(|v| lit(v)).collect::<Vec<_>>();
    let consts: [(&str, &str, Value, String); 9] = [
        (
            "GROUP",
            "&'static str",
            Value::One(lit(&group.name)),
            format!("The API group of `{kind_name}`: {group_doc}."),
        ),
        (
            "VERSION",
            "&'static str",
            Value::One(lit(&version.name)),
            format!(
                "The version of `{kind_name}` within its group: `{}`.",
                version.name
            ),
        ),
        (
            "API_VERSION",
            "&'static str",
            Value::One(lit(&api_version)),
            format!("The `apiVersion` of `{kind_name}` objects: `{api_version}`."),
        ),
        (
            "KIND",
            "&'static str",
            Value::One(lit(kind_name)),
            format!("The `kind` of `{kind_name}` objects."),
        ),
        (
            "PLURAL",
            "&'static str",
            Value::One(lit(&kind.plural)),
            format!(
                "The resource name of `{kind_name}`, as in URL paths and RBAC rules: `{}`.",
                kind.plural
            ),
        ),
        (
            "SINGULAR",
            "&'static str",
            Value::One(lit(&kind.singular)),
            format!(
                "The singular resource name of `{kind_name}`: `{}`.",
                kind.singular
            ),
        ),
        (
            "SHORT_NAMES",
            "&'static [&'static str]",
            Value::List(str_list(&kind.short_names)),
            format!("The short names `kubectl` accepts for `{kind_name}`."),
        ),
        (
            "CATEGORIES",
            "&'static [&'static str]",
            Value::List(str_list(&kind.categories)),
            format!("The categories `{kind_name}` belongs to (`kubectl get <category>`)."),
        ),
        (
            "NAMESPACED",
            "bool",
            Value::One(kind.namespaced.to_string()),
            format!("Whether `{kind_name}` objects live in a namespace: `{kind_name}` is {scope}."),
        ),
    ];
    code.open(format_args!("impl {} {{", ident(kind_name)));
    for (name, ty, value, doc) in consts {
        if locals.has_inherent(kind_name, name) {
            continue;
        }
        code.line(format_args!("/// {doc}"));
        match value {
            Value::One(value) => code.line(format_args!("pub const {name}: {ty} = {value};")),
            Value::List(values) => {
                code.list(&format!("pub const {name}: {ty} = &["), &values, "];", true)
            }
        }
    }
    if !locals.has_inherent(kind_name, "new") {
        code.blank();
        constructor(code, ty, names, locals);
    }
    code.close("}");
}

/// `pub fn new(name: &str, spec: AppSpec) -> Self` (or `new(name)` for a kind
/// without `spec`), when every other field has an empty value the code can
/// name: `None` for options, `Default::default()` for types known to have one.
fn constructor(code: &mut Code, ty: &TypeDef, names: &TypeNames, locals: &LocalTypes) {
    let TypeBody::Struct(def) = &ty.body else {
        return;
    };
    let Some(meta) = object_meta_field(ty) else {
        return;
    };
    let spec = def.fields.iter().find(|f| f.name == "spec");
    enum Init {
        Meta(String),
        Line(String),
    }
    let mut inits = Vec::new();
    for field in &def.fields {
        let field_name = ident(&field.name);
        let init = if field.name == meta.name {
            Init::Meta(format!("{field_name}: {} {{", names.render(&meta.ty)))
        } else if spec.is_some_and(|s| s.name == field.name) {
            Init::Line(format!("{field_name},"))
        } else if field.ty.is_option() {
            Init::Line(format!("{field_name}: None,"))
        } else if locals.is_default(&field.ty) {
            Init::Line(format!("{field_name}: Default::default(),"))
        } else {
            return;
        };
        inits.push(init);
    }
    let kind_name = &ty.name;
    let spec_param;
    let (params, doc): (&[&str], String) = match spec {
        Some(spec) => {
            spec_param = format!("spec: {}", names.render(&spec.ty));
            (
                &["name: &str", &spec_param],
                format!(
                    "A new `{kind_name}` called `name` with the given `spec`; every other field is empty."
                ),
            )
        }
        None => (
            &["name: &str"],
            format!("A new `{kind_name}` called `name`; every other field is empty."),
        ),
    };
    code.line(format_args!("/// {doc}"));
    code.sig("pub fn new", params, "Self", " {");
    code.depth_in();
    code.open("Self {");
    for init in inits {
        match init {
            Init::Meta(open) => {
                code.open(open);
                code.line("name: Some(name.to_owned()),");
                code.line("..Default::default()");
                code.close("},");
            }
            Init::Line(line) => code.line(line),
        }
    }
    code.close("}");
    code.close("}");
}

/// Whether the kind needs the generated `Serialize` that writes `apiVersion` and
/// `kind`: it derives `Serialize` and declares neither field itself (nor a
/// flattened `TypeMeta` holding them).
pub fn writes_type_meta(ty: &TypeDef) -> bool {
    let TypeBody::Struct(def) = &ty.body else {
        return false;
    };
    ty.kind.is_some() && derives(ty, "Serialize") && !declares_type_meta(def)
}

fn declares_type_meta(def: &StructDef) -> bool {
    def.fields.iter().any(|f| {
        f.json_name == "apiVersion"
            || f.json_name == "kind"
            || (f.flatten
                && matches!(f.ty.unwrap_option(), FieldType::External(ext) if ext.name() == "TypeMeta"))
    })
}

/// Whether `ty` derives the trait whose last path segment is `name`.
pub fn derives(ty: &TypeDef, name: &str) -> bool {
    ty.derives.iter().any(|d| last_segment(d) == name)
}

/// The `Serialize` (and `Deserialize`) impls of a kind for which
/// [`writes_type_meta`] holds.
///
/// The kind carries `#[serde(remote = "Self")]`, which turns its derived impls
/// into inherent `App::serialize` / `App::deserialize` functions with the user's
/// serde attributes intact; the trait impls here wrap them. Deserializing accepts
/// `apiVersion` and `kind` without checking them: list items and watch events
/// from some servers omit them.
pub fn type_meta_serde(ty: &TypeDef) -> String {
    let mut code = Code::new();
    write_type_meta_serde(&mut code, ty);
    code.finish()
}

/// [`type_meta_serde`] into `code`.
pub(crate) fn write_type_meta_serde(code: &mut Code, ty: &TypeDef) {
    let name = ident(&ty.name);
    code.line(format_args!(
        "/// Writes `apiVersion` and `kind`, which the API server requires, ahead of the fields of `{}`.",
        ty.name
    ));
    code.impl_for("impl serde::Serialize", &name, " {");
    code.lines(
        "fn serialize<S>(&self, serializer: S) -> ::core::result::Result<S::Ok, S::Error>
where
    S: serde::Serializer,
{
    #[derive(serde::Serialize)]
    struct WithTypeMeta<'a> {
        #[serde(rename = \"apiVersion\")]
        api_version: &'static str,
        kind: &'static str,",
    );
    code.depth_in();
    code.depth_in();
    code.list(
        "#[serde(",
        &[
            "flatten".to_owned(),
            format!(
                "serialize_with = {}",
                lit(&format!("{}::serialize", ty.name))
            ),
        ],
        ")]",
        false,
    );
    code.line(format_args!("object: &'a {name},"));
    code.close("}");
    code.blank();
    code.lines(
        "serde::Serialize::serialize(
    &WithTypeMeta {
        api_version: <Self as k8s_openapi::Resource>::API_VERSION,
        kind: <Self as k8s_openapi::Resource>::KIND,
        object: self,
    },
    serializer,
)",
    );
    code.close("}");
    code.close("}");
    if derives(ty, "Deserialize") {
        code.blank();
        code.line(format_args!(
            "/// Reads the fields of `{}`; `apiVersion` and `kind` may be present or not.",
            ty.name
        ));
        code.impl_for("impl<'de> serde::Deserialize<'de>", &name, " {");
        code.lines(
            "fn deserialize<D>(deserializer: D) -> ::core::result::Result<Self, D::Error>
where
    D: serde::Deserializer<'de>,
{",
        );
        code.depth_in();
        code.line(format_args!("{name}::deserialize(deserializer)"));
        code.close("}");
        code.close("}");
    }
}

/// `impl kube_codegen_runtime::Kind for App`: how the API server serves the kind
/// (scope, status and scale subresources, selectable fields), for the runtime's
/// typed clients and fake clientset.
pub(crate) fn write_runtime_kind_impl(
    code: &mut Code,
    group: &Group,
    version: &Version,
    ty: &TypeDef,
    kind: &Kind,
) {
    let name = ident(&ty.name);
    code.impl_for("impl kube_codegen_runtime::Kind", &name, " {");
    code.line(
        "const INFO: kube_codegen_runtime::ResourceInfo = kube_codegen_runtime::ResourceInfo::new(",
    );
    let args = [
        lit(&group.name),
        lit(&version.name),
        lit(&ty.name),
        lit(&kind.plural),
        kind.namespaced.to_string(),
    ];
    let chained =
        kind.status_subresource || kind.scale.is_some() || !kind.selectable_fields.is_empty();
    // prettyplease's layout: the arguments one level deeper when a method
    // chain follows the call.
    let extra = if chained { 2 } else { 1 };
    for _ in 0..extra {
        code.depth_in();
    }
    for arg in &args {
        code.line(format_args!("{arg},"));
    }
    code.depth_out();
    if !chained {
        code.line(");");
        code.close("}");
        return;
    }
    code.line(")");
    let mut calls: Vec<Vec<String>> = Vec::new();
    if kind.status_subresource {
        calls.push(vec![".with_status_subresource()".to_owned()]);
    }
    if let Some(scale) = &kind.scale {
        let selector = match &scale.label_selector_path {
            Some(path) => format!("Some({})", lit(path)),
            None => "None".to_owned(),
        };
        calls.push(vec![
            ".with_scale(kube_codegen_runtime::ScaleInfo {".to_owned(),
            format!(
                "    spec_replicas_path: {},",
                lit(&scale.spec_replicas_path)
            ),
            format!(
                "    status_replicas_path: {},",
                lit(&scale.status_replicas_path)
            ),
            format!("    label_selector_path: {selector},"),
            "})".to_owned(),
        ]);
    }
    if !kind.selectable_fields.is_empty() {
        let fields: Vec<String> = kind.selectable_fields.iter().map(|f| lit(f)).collect();
        calls.push(vec![format!(
            ".with_selectable_fields(&[{}])",
            fields.join(", ")
        )]);
    }
    let last = calls.len() - 1;
    for (i, call) in calls.into_iter().enumerate() {
        let end = call.len() - 1;
        for (j, line) in call.into_iter().enumerate() {
            if i == last && j == end {
                code.line(format_args!("{line};"));
            } else {
                code.line(line);
            }
        }
    }
    code.depth_out();
    code.close("}");
}

/// `pub const KINDS` for a version module: the kinds it registers.
pub(crate) fn write_known_kinds_const(code: &mut Code, group: &Group, version: &Version) {
    let entries: Vec<String> = version
        .types()
        .filter(|ty| ty.kind.is_some())
        .map(|ty| format!("<{} as kube_codegen_runtime::Kind>::INFO", ident(&ty.name)))
        .collect();
    code.line(format_args!(
        "/// The kinds of `{}`, as register-gen's `addKnownTypes` lists them.",
        api_version(group, version)
    ));
    code.list(
        "pub const KINDS: &[kube_codegen_runtime::ResourceInfo] = &[",
        &entries,
        "];",
        true,
    );
}

/// `known_kinds()` of `src/apis/mod.rs`: the `KINDS` of every version, each
/// behind its group's feature.
pub(crate) fn write_known_kinds_fn(code: &mut Code, groups: &[Group], opts: &EmitOptions) {
    code.lines(
        "/// Every kind of every group and version in this crate, with what the API
/// server knows about it (the analogue of what a Go API package registers
/// in `addKnownTypes`).
pub fn known_kinds() -> impl Iterator<
    Item = &'static kube_codegen_runtime::ResourceInfo,
> {",
    );
    code.depth_in();
    let versions = groups
        .iter()
        .flat_map(|g| g.versions.iter().map(move |v| (g, v)));
    if versions.clone().next().is_none() {
        code.line("std::iter::empty()");
        code.close("}");
        return;
    }
    code.open("let versions: &'static [&'static [kube_codegen_runtime::ResourceInfo]] = &[");
    for (g, v) in versions {
        gate(code, opts, g);
        code.line(format_args!(
            "{}::{}::KINDS,",
            ident(&g.module),
            ident(&v.module)
        ));
    }
    code.close("];");
    code.line("versions.iter().flat_map(|kinds| kinds.iter())");
    code.close("}");
}
