//! `src/crds.rs` of the generated crate: the CRD YAML files as Rust data.
//!
//! Each CRD is a `&str` constant (`include_str!` of its file, so the YAML exists once,
//! in `crds/`), `all()` lists them, and `custom_resource_definitions()` parses them
//! into typed k8s-openapi objects with `kube_codegen_runtime::crds::parse`, so the
//! YAML parser is compiled once, in the runtime, not in every generated crate.

use heck::ToShoutySnakeCase;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::Crd;
use crate::emit::EmitOptions;

/// The constant's name for a CRD name: `apps.myapp.k8s.io` → `APPS_MYAPP_K8S_IO`.
pub(crate) fn const_name(crd_name: &str) -> String {
    crd_name.replace(['.', '-'], "_").to_shouty_snake_case()
}

pub(crate) fn crds_module(crds: &[Crd], opts: &EmitOptions) -> TokenStream {
    // Links spell the full path: a module with docs on its `mod crds;` line as
    // well resolves the links of its own `//!` docs in the parent's scope.
    let crate_name = opts.crate_name.replace('-', "_");
    let module_doc = format!(
        " The CustomResourceDefinitions of this crate's API, as data.\n\n Each CRD is the \
         YAML document under `crds/` (apply it with `kubectl apply -f`); [`all`] \
         lists them and [`custom_resource_definitions`] \
         parses them, for example to install them with \
         a `kube::Api<CustomResourceDefinition>` in tests.\n\n ```\n for (name, yaml) in \
         {crate_name}::crds::all() {{\n     assert!(yaml.contains(name));\n }}\n ```"
    );
    let consts = crds.iter().map(|crd| {
        let ident = format_ident!("{}", const_name(&crd.name));
        let path = crd.path.to_string_lossy().replace('\\', "/");
        let include = format!("../{path}");
        let versions: Vec<String> = crd
            .definition
            .spec
            .versions
            .iter()
            .map(|v| format!("`{}`", v.name))
            .collect();
        let doc = format!(
            " The CRD `{}` (kind `{}`, versions {}) as YAML, from `{path}`.",
            crd.name,
            crd.kind,
            versions.join(", ")
        );
        quote! {
            #[doc = #doc]
            pub const #ident: &str = include_str!(#include);
        }
    });
    let entries = crds.iter().map(|crd| {
        let name = &crd.name;
        let ident = format_ident!("{}", const_name(&crd.name));
        quote! { (#name, #ident) }
    });
    quote! {
        #![doc = #module_doc]

        use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;

        #(#consts)*

        /// Every CRD of this crate as `(name, yaml)` pairs, ordered by file name.
        pub fn all() -> &'static [(&'static str, &'static str)] {
            &[#(#entries),*]
        }

        /// Every CRD of this crate parsed into a typed `CustomResourceDefinition`.
        ///
        /// # Errors
        ///
        /// Only if a YAML file under `crds/` was edited into something that is not a
        /// CustomResourceDefinition; the generated files always parse.
        pub fn custom_resource_definitions() -> Result<Vec<CustomResourceDefinition>, kube_codegen_runtime::crds::CrdError> {
            kube_codegen_runtime::crds::parse(all())
        }
    }
}
