//! The generator's half of the macro: source text in, the code for each type
//! out, through kube-codegen's own parser and emitters (the ones the CLI runs).
//!
//! Runs on proc-macro2's fallback implementation (see [`fallback`]): the parser
//! works on text and needs real line/column positions, which spans of tokens
//! parsed from a string inside a proc macro do not have. So nothing here may
//! hand a token or span to the compiler; results are plain strings.

use std::path::PathBuf;

use kube_codegen::diag::Diagnostics;
use kube_codegen::emit::crd::{Crd, CrdOptions};
use kube_codegen::emit::rust_type::{LocalTypes, TypeNames, ident, last_segment};
use kube_codegen::emit::{deepcopy, register};
use kube_codegen::model::{Group, TypeDef, Version};
use kube_codegen::parse::ParseOptions;
use kube_codegen::pipeline;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// What is generated for one type of a version module.
#[derive(Debug)]
pub struct TypeOutput {
    /// The Rust module of the version (`v1`).
    pub version_module: String,
    pub name: String,
    /// The deep-copy `Clone` is generated, so a derived one must go.
    pub deepcopy: bool,
    /// The kind writes `apiVersion`/`kind` through `#[serde(remote = "Self")]`.
    pub remote: bool,
    /// The items to put after the type (empty when there are none).
    pub code: String,
}

/// Runs `body` with proc-macro2's fallback implementation, restoring the
/// compiler's afterwards (also on panic).
pub fn fallback<T>(body: impl FnOnce() -> T) -> T {
    struct Restore;
    impl Drop for Restore {
        fn drop(&mut self) {
            proc_macro2::fallback::unforce();
        }
    }
    proc_macro2::fallback::force();
    let _restore = Restore;
    body()
}

/// Parses `files` (paths relative to an input root, as `parse_sources` takes
/// them) and generates each type's impls, or returns every diagnostic.
pub fn generate(
    files: &[(PathBuf, String)],
    opts: &ParseOptions,
) -> Result<Vec<TypeOutput>, Diagnostics> {
    // The CRDs are built once, their errors reported with the input's.
    let checked =
        pipeline::parse_sources_and_check(files, opts, Some(&CrdOptions::default()), true)?;
    let (parsed, crds) = (checked.parsed, checked.crds);
    let mut out = Vec::new();
    for group in &parsed.api.groups {
        for version in &group.versions {
            let locals = LocalTypes::for_version(version);
            for file in &version.files {
                let names = TypeNames::for_file(file);
                for ty in &file.types {
                    let code = type_code(group, version, ty, &names, &locals, &crds);
                    out.push(TypeOutput {
                        version_module: version.module.clone(),
                        name: ty.name.clone(),
                        deepcopy: ty.deepcopy,
                        remote: register::writes_type_meta(ty),
                        code,
                    });
                }
            }
        }
    }
    Ok(out)
}

/// The impls of one type, as the CLI's types emitter writes them, inside an
/// anonymous const so that the `use` items they need cannot clash with the
/// user's own; empty when there are none.
fn type_code(
    group: &Group,
    version: &Version,
    ty: &TypeDef,
    names: &TypeNames,
    locals: &LocalTypes,
    crds: &[Crd],
) -> String {
    let mut items = deepcopy::clone_impl(ty, &locals.copy);
    if register::writes_type_meta(ty) {
        items.push_str(&register::type_meta_serde(ty));
    }
    if let Some(kind) = &ty.kind {
        items.push_str(&register::kind_impls(
            group, version, ty, kind, names, locals,
        ));
        let crd_name = format!("{}.{}", kind.plural, group.name);
        if let Some(crd) = crds.iter().find(|c| c.name == crd_name) {
            items.push_str(&crd_accessors(ty, crd, locals).to_string());
        }
    }
    if items.is_empty() {
        return items;
    }
    let mut code = String::from("const _: () = {\n");
    for (name, path) in names.imports() {
        if last_segment(path) == name {
            code.push_str(&format!("use {path};\n"));
        } else {
            code.push_str(&format!("use {path} as {};\n", ident(name)));
        }
    }
    code.push_str(&items);
    code.push_str("};\n");
    code
}

/// `App::crd()` and `App::CRD_YAML`: the CRD the CLI would write for this kind,
/// embedded at expansion time.
fn crd_accessors(ty: &TypeDef, crd: &Crd, locals: &LocalTypes) -> TokenStream {
    let name = format_ident!("{}", ty.name);
    let json = serde_json::to_string(&crd.definition).expect("a CRD serialises to JSON");
    let yaml = crd.to_yaml();
    let crd_doc = format!(
        " The CustomResourceDefinition `{}`, as `kube-codegen` generates it from the \
         markers (all versions of `{}` in this macro's input).",
        crd.name, ty.name
    );
    let yaml_doc = format!(
        " The CustomResourceDefinition `{}` as YAML, as `kube-codegen crd` prints it.",
        crd.name
    );
    let crd_fn = (!locals.has_inherent(&ty.name, "crd")).then(|| {
        quote! {
            #[doc = #crd_doc]
            pub fn crd() -> k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition {
                k8s_openapi::serde_json::from_str(#json)
                    .expect("kube-codegen embeds a valid CustomResourceDefinition")
            }
        }
    });
    let yaml_const = (!locals.has_inherent(&ty.name, "CRD_YAML")).then(|| {
        quote! {
            #[doc = #yaml_doc]
            pub const CRD_YAML: &'static str = #yaml;
        }
    });
    quote! {
        impl #name {
            #crd_fn
            #yaml_const
        }
    }
}
