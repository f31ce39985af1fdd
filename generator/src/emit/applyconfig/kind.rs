//! The configuration of a kind: `apiVersion` and `kind`, `metadata` as the
//! runtime's `ObjectMetaApply`, a constructor, the runtime's
//! `ApplyConfiguration` impl and its `metadata` builders (`MetadataBuilders`,
//! `NamespaceBuilder`: written once in the runtime, only pointed at the field
//! here), and `extract_<kind>[_status]`.

use std::collections::BTreeSet;

use heck::ToSnakeCase;

use super::fields::{Structs, field_ident, is_object_meta, on_the_wire, serde_attr, setter};
use super::struct_head::{derives, struct_docs};
use crate::emit::code::{Code, Link};
use crate::emit::names::{ClientKind, GroupVersion};
use crate::model::StructDef;

/// The `metadata` builders the runtime's `MetadataBuilders` and
/// `NamespaceBuilder` give every kind's configuration: a field's builder
/// takes another name rather than shadow one.
const META_BUILDERS: &[&str] = &[
    "with_name",
    "with_generate_name",
    "with_namespace",
    "with_labels",
    "with_annotations",
    "with_owner_references",
    "with_finalizers",
];

const META_APPLY: &str = "kube_codegen_runtime::apply::ObjectMetaApply";

/// The kind's configuration, builders, trait impl and extract functions.
pub(crate) fn kind_items(
    code: &mut Code,
    gv: &GroupVersion<'_>,
    kind: &ClientKind<'_>,
    def: &StructDef,
    structs: &Structs<'_>,
    derive_eq: bool,
    extract: bool,
) {
    let name = Structs::apply_name(kind.name());
    let k = kind.type_ref();
    let wire: Vec<_> = def.fields.iter().filter(|f| on_the_wire(f)).collect();
    let meta_field = wire.iter().find(|f| is_object_meta(&f.ty) && !f.flatten);
    let is_meta = |f: &crate::model::Field| meta_field.is_some_and(|m| std::ptr::eq(f, *m));
    let taken: BTreeSet<String> = wire
        .iter()
        .map(|f| f.name.trim_start_matches("r#").to_owned())
        .collect();
    // `apiVersion` and `kind` under names no field of the kind has.
    let free = |base: &str| {
        let mut name = base.to_owned();
        while taken.contains(&name) {
            name.push('_');
        }
        name
    };
    let (api_version, kind_field) = (free("api_version"), free("kind"));

    struct_docs(code, gv, kind.ty);
    code.line(derives(derive_eq));
    code.open(format_args!("pub struct {name} {{"));
    code.line("/// `apiVersion`: set by `new`, required by the API server.");
    code.line("#[serde(rename = \"apiVersion\", skip_serializing_if = \"Option::is_none\")]");
    code.line(format_args!("pub {api_version}: Option<String>,"));
    code.line("/// `kind`: set by `new`, required by the API server.");
    code.line("#[serde(rename = \"kind\", skip_serializing_if = \"Option::is_none\")]");
    code.line(format_args!("pub {kind_field}: Option<String>,"));
    for f in &wire {
        if is_meta(f) {
            code.line("/// Standard object metadata: name, namespace, labels, annotations,");
            code.line("/// owner references, finalizers.");
            serde_attr(code, &f.name, &f.json_name);
            code.ty(
                &format!("pub {}: ", field_ident(&f.name)),
                &format!("Option<{META_APPLY}>"),
                ",",
            );
        } else {
            structs.field(code, f);
        }
    }
    code.close("}");
    code.blank();

    let mut methods: BTreeSet<String> = META_BUILDERS.iter().map(|m| (*m).to_owned()).collect();
    methods.insert("new".to_owned());
    code.open(format_args!("impl {name} {{"));
    if let Some(meta) = meta_field {
        constructor(
            code,
            kind,
            &field_ident(&meta.name),
            &api_version,
            &kind_field,
        );
        code.blank();
    }
    for f in &wire {
        let mut method = format!("with_{}", f.name.trim_start_matches("r#"));
        while meta_field.is_some() && methods.contains(&method) {
            method.push_str("_field");
        }
        if is_meta(f) {
            code.line("/// Sets the whole `metadata`.");
            setter(
                code,
                &format!("pub fn {method}"),
                &format!("value: {META_APPLY}"),
                &field_ident(&f.name),
                Some("value"),
            );
        } else {
            structs.builder(code, f, &method);
        }
        code.blank();
    }
    code.close("}");
    code.blank();

    if let Some(meta) = meta_field {
        meta_builders(code, kind, &name, &field_ident(&meta.name));
        code.blank();
    }
    code.impl_for(
        "impl kube_codegen_runtime::apply::ApplyConfiguration",
        &name,
        " {",
    );
    code.line(format_args!("type Kind = {k};"));
    code.blank();
    code.open(format_args!(
        "fn metadata(&self) -> Option<&{META_APPLY}> {{"
    ));
    match meta_field {
        Some(meta) => code.line(format_args!("self.{}.as_ref()", field_ident(&meta.name))),
        None => code.line("None"),
    }
    code.close("}");
    code.close("}");
    if extract && !gv.version.skip_crds && !kind.kind.skip_version {
        code.blank();
        extract_fns(code, gv, kind, &name);
    }
}

/// `new(name, namespace)` (or `new(name)` for cluster-scoped kinds).
fn constructor(
    code: &mut Code,
    kind: &ClientKind<'_>,
    meta: &str,
    api_version: &str,
    kind_field: &str,
) {
    let k = kind.type_ref();
    let (params, namespace, text): (&[&str], Option<&str>, String) = if kind.kind.namespaced {
        (
            &["name: &str", "namespace: &str"],
            Some(".with_namespace(namespace)"),
            format!(
                "The configuration of the `{}` `name` in `namespace`, with `apiVersion` and \
                 `kind` set; nothing else is set.",
                kind.name()
            ),
        )
    } else {
        (
            &["name: &str"],
            None,
            format!(
                "The configuration of the `{}` `name`, with `apiVersion` and `kind` set; \
                 nothing else is set.",
                kind.name()
            ),
        )
    };
    code.doc(&text);
    code.sig("pub fn new", params, "Self", " {");
    code.depth_in();
    code.open("Self {");
    let into = [Link {
        name: "into",
        args: Some(&[]),
    }];
    for (field, constant) in [(api_version, "API_VERSION"), (kind_field, "KIND")] {
        let value = format!("<{k} as k8s_openapi::Resource>::{constant}");
        // `field: Some(value.into()),`: the comma counts, a field follows.
        if code.fits(field.len() + 2 + 5 + value.len() + 7 + 2) {
            code.line(format_args!("{field}: Some({value}.into()),"));
        } else {
            code.open(format_args!("{field}: Some("));
            code.chain_expr("", &value, &into, ",", false);
            code.close("),");
        }
    }
    let mut calls = vec![".with_name(name)".to_owned()];
    calls.extend(namespace.map(str::to_owned));
    let first = format!("{META_APPLY}::default()");
    let len: usize = calls.iter().map(String::len).sum();
    if code.fits(meta.len() + 2 + 5 + first.len() + len + 2) {
        code.line(format_args!("{meta}: Some({first}{}),", calls.concat()));
    } else {
        code.open(format_args!("{meta}: Some("));
        code.chain(&first, &calls, ",");
        code.close("),");
    }
    code.line("..Default::default()");
    code.close("}");
    code.close("}");
}

/// The runtime's `metadata` builders on the configuration: `with_namespace`
/// only for namespaced kinds.
fn meta_builders(code: &mut Code, kind: &ClientKind<'_>, apply: &str, meta: &str) {
    code.impl_for(
        "impl kube_codegen_runtime::apply::MetadataBuilders",
        apply,
        " {",
    );
    code.sig(
        "fn metadata_mut",
        &["&mut self"],
        &format!("&mut {META_APPLY}"),
        " {",
    );
    code.depth_in();
    code.line(format_args!(
        "self.{meta}.get_or_insert_with(Default::default)"
    ));
    code.close("}");
    code.close("}");
    if kind.kind.namespaced {
        code.blank();
        code.impl_for(
            "impl kube_codegen_runtime::apply::NamespaceBuilder",
            apply,
            " {}",
        );
    }
}

/// `extract_<kind>` and, with a status subresource, `extract_<kind>_status`.
fn extract_fns(code: &mut Code, gv: &GroupVersion<'_>, kind: &ClientKind<'_>, apply: &str) {
    let k = kind.type_ref();
    let snake = kind.name().to_snake_case();
    // A kind `AppStatus` next to `App` has `extract_app_status` already.
    let status_suffix = if gv
        .kinds
        .iter()
        .any(|other| other.name().to_snake_case() == format!("{snake}_status"))
    {
        "_status_subresource"
    } else {
        "_status"
    };
    let one = |code: &mut Code, suffix: &str, sub: &str, what: &str, go: &str| {
        code.doc(&format!(
            "What `field_manager` applied to `object`{what}, as a [`{apply}`] with the \
             object's name and namespace (client-go's `Extract{}{go}`): apply it again \
             as that manager, changed, to change only the fields it owns.\n\n\
             # Errors\n\n\
             When the object's managed fields do not fit the kind's CRD.",
            kind.name(),
        ));
        // `#[inline]`: the runtime's generic extraction is instantiated (and
        // compiled) by the crate that calls it, not for every kind here: a
        // fifth of a 100-kind crate's build otherwise.
        code.line("#[inline]");
        code.sig(
            &format!("pub fn extract_{snake}{suffix}"),
            &[&format!("object: &{k}"), "field_manager: &str"],
            &format!("Result<{apply}, kube_codegen_runtime::apply::ExtractError>"),
            " {",
        );
        code.depth_in();
        code.chain(
            "crate::applyconfigurations::extractor()",
            &[format!(
                ".extract(object, field_manager, kube_codegen_runtime::apply::Subresource::{sub})"
            )],
            "",
        );
        code.close("}");
    };
    one(code, "", "Main", "", "");
    if kind.kind.status_subresource {
        code.blank();
        one(
            code,
            status_suffix,
            "Status",
            " through the `status` subresource",
            "Status",
        );
    }
}
