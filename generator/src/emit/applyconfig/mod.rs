//! Apply configurations: `src/applyconfigurations/**` of the generated crate,
//! the analogue of client-go's `applyconfiguration-gen`.
//!
//! Per group-version one file (`version`) with, for every kind that has a
//! client and every struct type it uses, a `<Type>Apply` struct: every field
//! optional and left out of the JSON unless set, `with_*` builders, and for
//! kinds a constructor with `apiVersion`, `kind`, name and namespace, the
//! `metadata` builders, and `extract_<kind>` (client-go's `ExtractX`). Enums
//! (unions the server keeps whole), newtypes and Kubernetes types are used as
//! they are. What is the same for every kind lives in the runtime's `apply`
//! module.

mod fields;
mod kind;
mod struct_head;
mod version;

use std::collections::BTreeSet;

use super::{EmitOptions, GeneratedFile};
use crate::emit::code::Code;
use crate::emit::names::{GroupVersion, client_groups, group_module};
use crate::model::{Api, FieldType, TypeBody, Version};

/// Emits `src/applyconfigurations/**`; `extract`: the crate has its CRDs, so
/// kinds get their `extract_<kind>` functions.
pub fn emit_apply_configurations(
    api: &Api,
    opts: &EmitOptions,
    extract: bool,
) -> Vec<GeneratedFile> {
    let mut files = Vec::new();
    emit_apply_configurations_each(api, opts, extract, &mut |file| files.push(file));
    files
}

/// [`emit_apply_configurations`], handing each file to `sink` as soon as it is
/// made (so a caller can write it out and drop it before the next one).
pub fn emit_apply_configurations_each(
    api: &Api,
    opts: &EmitOptions,
    extract: bool,
    sink: &mut dyn FnMut(GeneratedFile),
) {
    let groups = client_groups(api);
    if groups.is_empty() {
        return;
    }
    let mut code = Code::new();
    code.inner_doc(&root_doc(&groups, opts, extract));
    code.blank();
    code.line("pub use kube_codegen_runtime::apply::{");
    code.lines(
        "    ApplyConfiguration, ExtractError, MetadataBuilders, NamespaceBuilder, ObjectMetaApply,\n};",
    );
    for (group, versions) in &groups {
        code.blank();
        crate::emit::features::gate(&mut code, opts, group);
        code.open(format_args!("pub mod {} {{", group_module(group)));
        code.inner_doc(&format!(
            "Apply configurations of the API group `{}`.",
            group.name
        ));
        code.blank();
        for gv in versions {
            code.line(format_args!("pub mod {};", gv.version_module()));
        }
        code.close("}");
    }
    if extract {
        code.blank();
        code.doc(
            "The extractor of this crate's kinds: their CRDs' schemas, compiled on \
             first use and kept for the life of the program.",
        );
        code.lines(
            "pub fn extractor() -> &'static kube_codegen_runtime::apply::Extractor {
    static EXTRACTOR: ::std::sync::OnceLock<kube_codegen_runtime::apply::Extractor> = ::std::sync::OnceLock::new();
    EXTRACTOR
        .get_or_init(|| kube_codegen_runtime::apply::Extractor::new(crate::crds::all()))
}",
        );
    }
    sink(GeneratedFile::rust(
        "src/applyconfigurations/mod.rs",
        code.finish(),
    ));
    for (_, versions) in &groups {
        for gv in versions {
            sink(GeneratedFile::rust(
                gv.file("applyconfigurations"),
                version::version_file(gv, extract),
            ));
        }
    }
}

/// The module docs, with an example on the first kind.
fn root_doc(
    groups: &[(&crate::model::Group, Vec<GroupVersion<'_>>)],
    opts: &EmitOptions,
    extract: bool,
) -> String {
    let mut text = "Apply configurations (client-go's `applyconfiguration-gen`): for every \
                    kind and every struct type it uses, a `<Type>Apply` whose fields are all \
                    optional and left out of the JSON unless set, so a field manager sends \
                    exactly the fields it owns. Send one with the typed clients' `apply_config` \
                    and `apply_status_config`"
        .to_owned();
    text.push_str(if extract {
        "; `extract_<kind>` gives back what a manager owns of an object.\n\n"
    } else {
        ".\n\n"
    });
    text.push_str(
        "Enums, newtypes and Kubernetes types (k8s-openapi's, which have required \
         fields) are set whole.",
    );
    let Some(gv) = groups.first().and_then(|(_, v)| v.first()) else {
        return text;
    };
    let Some(kind) = gv.kinds.first() else {
        return text;
    };
    let krate = &opts.crate_name;
    let name = kind.name();
    let group = gv.group_module();
    let version = gv.version_module();
    let args = if kind.kind.namespaced {
        "\"example\", \"default\""
    } else {
        "\"example\""
    };
    text.push_str(&format!(
        "\n\n```\nuse {krate}::applyconfigurations::{group}::{version}::{name}Apply;\n\
         use {krate}::prelude::*; // the `metadata` builders (`with_labels`, ...)\n\n\
         let config = {name}Apply::new({args}).with_labels([(\"team\", \"a\")]);\n\
         let json = serde_json::to_value(&config).unwrap();\n\
         assert_eq!(json[\"kind\"], \"{name}\");\n\
         assert_eq!(json[\"metadata\"][\"labels\"][\"team\"], \"a\");\n```"
    ));
    text
}

/// The struct types of `version` reachable from its kinds with clients
/// (through fields, lists, maps, options and boxes; not through enums or
/// newtypes, which are set whole).
fn reachable_structs<'a>(version: &'a Version, kinds: &[&'a str]) -> BTreeSet<&'a str> {
    let mut seen = BTreeSet::new();
    let mut todo: Vec<&str> = kinds.to_vec();
    while let Some(name) = todo.pop() {
        let Some(ty) = version.find_type(name) else {
            continue;
        };
        let TypeBody::Struct(def) = &ty.body else {
            continue;
        };
        if !seen.insert(ty.name.as_str()) {
            continue;
        }
        for field in def.fields.iter().filter(|f| fields::on_the_wire(f)) {
            locals(&field.ty, &mut todo);
        }
    }
    seen
}

/// The local types `ty` names.
fn locals<'a>(ty: &'a FieldType, out: &mut Vec<&'a str>) {
    match ty {
        FieldType::Local(name) => out.push(name),
        FieldType::Option(inner)
        | FieldType::Vec(inner)
        | FieldType::Boxed(inner)
        | FieldType::Map { value: inner, .. }
        | FieldType::Array { item: inner, .. } => locals(inner, out),
        _ => {}
    }
}
