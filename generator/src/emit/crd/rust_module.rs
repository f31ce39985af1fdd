//! `src/crds.rs` of the generated crate: the CRD YAML files as Rust data.
//!
//! Each CRD is a `&str` constant (`include_str!` of its file, so the YAML exists once,
//! in `crds/`), `all()` lists them, and `custom_resource_definitions()` parses them
//! into typed k8s-openapi objects with `kube_codegen_runtime::crds::parse`, so the
//! YAML parser is compiled once, in the runtime, not in every generated crate.

use heck::ToShoutySnakeCase;

use super::Crd;
use crate::emit::EmitOptions;
use crate::emit::code::{Code, lit};
use crate::emit::features::gate;
use crate::model::Api;

/// The constant's name for a CRD name: `apps.myapp.k8s.io` → `APPS_MYAPP_K8S_IO`.
pub(crate) fn const_name(crd_name: &str) -> String {
    crd_name.replace(['.', '-'], "_").to_shouty_snake_case()
}

pub(crate) fn crds_module(api: &Api, crds: &[Crd], opts: &EmitOptions) -> String {
    // Links spell the full path: a module with docs on its `mod crds;` line as
    // well resolves the links of its own `//!` docs in the parent's scope.
    let crate_name = opts.crate_name.replace('-', "_");
    let group_of = |crd: &Crd| {
        api.groups
            .iter()
            .find(|g| g.name == crd.definition.spec.group)
    };
    let mut code = Code::new();
    code.lines(&format!(
        "//! The CustomResourceDefinitions of this crate's API, as data.
//!
//! Each CRD is the YAML document under `crds/` (apply it with `kubectl apply -f`); [`all`] lists them and [`custom_resource_definitions`] parses them, for example to install them with a `kube::Api<CustomResourceDefinition>` in tests.
//!
//! ```
//! for (name, yaml) in {crate_name}::crds::all() {{
//!     assert!(yaml.contains(name));
//! }}
//! ```"
    ));
    code.blank();
    code.line(
        "use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;",
    );
    for crd in crds {
        let path = crd.path.to_string_lossy().replace('\\', "/");
        let versions: Vec<String> = crd
            .definition
            .spec
            .versions
            .iter()
            .map(|v| format!("`{}`", v.name))
            .collect();
        code.blank();
        if let Some(group) = group_of(crd) {
            gate(&mut code, opts, group);
        }
        code.line(format_args!(
            "/// The CRD `{}` (kind `{}`, versions {}) as YAML, from `{path}`.",
            crd.name,
            crd.kind,
            versions.join(", ")
        ));
        code.list(
            &format!("pub const {}: &str = include_str!(", const_name(&crd.name)),
            &[lit(&format!("../{path}"))],
            ");",
            false,
        );
    }
    code.blank();
    code.line("/// Every CRD of this crate as `(name, yaml)` pairs, ordered by file name.");
    code.open("pub fn all() -> &'static [(&'static str, &'static str)] {");
    let entries: Vec<[String; 2]> = crds
        .iter()
        .map(|crd| [lit(&crd.name), const_name(&crd.name)])
        .collect();
    let one_line: Vec<String> = entries.iter().map(|[a, b]| format!("({a}, {b})")).collect();
    let len = 4 + one_line.iter().map(|e| e.len() + 2).sum::<usize>();
    if crds.is_empty() || (!opts.cargo_features && code.fits(len)) {
        code.list("&[", &one_line, "]", true);
    } else {
        code.open("&[");
        for ((crd, entry), text) in crds.iter().zip(&entries).zip(&one_line) {
            if let Some(group) = group_of(crd) {
                gate(&mut code, opts, group);
            }
            if code.fits(text.len()) {
                code.line(format_args!("{text},"));
            } else {
                code.list("(", entry, "),", true);
            }
        }
        code.close("]");
    }
    code.close("}");
    code.blank();
    code.lines(
        "/// Every CRD of this crate parsed into a typed `CustomResourceDefinition`.
///
/// # Errors
///
/// Only if a YAML file under `crds/` was edited into something that is not a
/// CustomResourceDefinition; the generated files always parse.
pub fn custom_resource_definitions() -> Result<
    Vec<CustomResourceDefinition>,
    kube_codegen_runtime::crds::CrdError,
> {
    kube_codegen_runtime::crds::parse(all())
}",
    );
    code.finish()
}
