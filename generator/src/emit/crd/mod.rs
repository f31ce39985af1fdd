//! The CRD emitter: controller-gen's `crd` generator for the Rust model.
//!
//! Every kind of a (non-core) group becomes one `CustomResourceDefinition`; the
//! versions of a kind are merged into it in the model's order, exactly one of them
//! being the storage version. The output is `crds/<group>_<plural>.yaml` per CRD and
//! `src/crds.rs`, which exposes the same YAML as data to Rust users.
//!
//! The pieces: [`schema`] turns model types into structural OpenAPI schemas (with
//! `validation` applying the markers and [`external`] supplying the schemas of
//! k8s-openapi types), `definition` assembles the CRD object, [`yaml`] renders it and
//! [`structural`] checks what the API server would reject.

pub(crate) mod cel;
mod check_crd;
mod conversion;
mod dangerous;
mod defaults;
mod definition;
mod descriptions;
mod docs;
pub mod external;
mod external_table;
mod locate;
mod lossy;
mod options;
mod patterns;
mod rust_module;
pub mod schema;
mod size;
pub mod structural;
mod topology;
mod union;
mod validation;
pub mod yaml;

use std::fmt;
use std::path::PathBuf;

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::{
    CustomResourceDefinition, JSONSchemaProps,
};

use crate::diag::Diagnostic;
use crate::emit::{EmitOptions, GeneratedFile};
use crate::model::{Api, Location};

pub use cel::{RULE_COST_LIMIT, RuleCost, SCHEMA_COST_LIMIT, rule_costs};
pub use descriptions::truncate_descriptions;
pub use external::{
    KubeVersion, UnknownKubeVersion, external_schema, is_known_external, known_external_paths,
};
pub use locate::{Step, schema_source};
pub use options::CrdOptions;
pub use size::{CLIENT_SIDE_APPLY_LIMIT, size_warning};
pub use structural::check_structural;

/// Why a CRD could not be generated: the place in the input and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrdError {
    pub location: Location,
    pub message: String,
    /// How to fix it, when there is more to say than the message.
    pub help: Option<String>,
    /// How many characters from the location's column the problem spans.
    pub span_len: usize,
}

impl CrdError {
    pub(crate) fn new(location: &Location, message: impl Into<String>) -> Self {
        CrdError {
            location: location.clone(),
            message: message.into(),
            help: None,
            span_len: 1,
        }
    }

    pub(crate) fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub(crate) fn with_span(mut self, len: usize) -> Self {
        self.span_len = len;
        self
    }

    /// The error as a diagnostic (without its source line, which the model does
    /// not hold).
    pub fn to_diagnostic(&self) -> Diagnostic {
        let d =
            Diagnostic::error(self.message.clone(), self.location.clone()).with_span(self.span_len);
        match &self.help {
            Some(help) => d.with_help(help.clone()),
            None => d,
        }
    }
}

impl fmt::Display for CrdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.location, self.message)
    }
}

impl std::error::Error for CrdError {}

/// One generated CRD, before rendering.
#[derive(Clone, Debug)]
pub struct Crd {
    /// `<plural>.<group>`, the CRD's `metadata.name`.
    pub name: String,
    /// The kind, e.g. `App`.
    pub kind: String,
    /// Output path relative to the generated crate: `crds/<group>_<plural>.yaml`.
    pub path: PathBuf,
    pub definition: CustomResourceDefinition,
    /// The kind's type in the input (of its storage version), for diagnostics.
    pub location: Location,
}

impl Crd {
    /// The YAML document written to [`Crd::path`] (without the boilerplate header).
    pub fn to_yaml(&self) -> String {
        yaml::render(&self.definition)
    }
}

/// Every way `value` breaks `schema`, as the API server would report it
/// (`<path>: Invalid value: ...`): types, value validations, required fields,
/// and the CEL rules that can be evaluated without a server. The check that
/// defaults get; also useful to try objects against a generated schema.
pub fn validate_value(value: &serde_json::Value, schema: &JSONSchemaProps) -> Vec<String> {
    let mut problems = Vec::new();
    defaults::check_default(value, schema, "", &mut problems);
    problems
}

/// Builds every CRD of the API, sorted by output path.
///
/// Errors (all of them, not only the first): a kind whose versions disagree on
/// scope or plural, a kind with several versions and no (or several) storage
/// versions, a field type that cannot be resolved, an external type without a known
/// schema, and marker combinations that have no schema (see `validation`).
pub fn build_crds(api: &Api) -> Result<Vec<Crd>, Vec<CrdError>> {
    definition::build(api, &CrdOptions::default())
}

/// [`build_crds`] with `options`.
pub fn build_crds_with(api: &Api, options: &CrdOptions) -> Result<Vec<Crd>, Vec<CrdError>> {
    definition::build(api, options)
}

/// The warnings for `api`'s CRDs that are too large for client-side apply (see
/// [`size_warning`]); empty when the CRDs cannot be built.
pub fn size_warnings(api: &Api, options: &CrdOptions) -> Vec<crate::diag::Diagnostic> {
    build_crds_with(api, options)
        .unwrap_or_default()
        .iter()
        .filter_map(|crd| size_warning(crd, crd.to_yaml().len()))
        .collect()
}

/// Emits `crds/<group>_<plural>.yaml` for every CRD and `src/crds.rs`.
///
/// The YAML files carry no header; the writer prepends the boilerplate as `#` lines.
pub fn emit_crds(api: &Api, opts: &EmitOptions) -> Result<Vec<GeneratedFile>, Vec<CrdError>> {
    let crds = build_crds_with(api, &opts.crd)?;
    Ok(emit_built(api, &crds, opts).0)
}

/// [`emit_crds`] for CRDs already built (once per run, by the caller that also
/// reported their errors), with the warnings for those too large for
/// client-side apply, measured on the YAML written.
pub fn emit_built(
    api: &Api,
    crds: &[Crd],
    opts: &EmitOptions,
) -> (Vec<GeneratedFile>, Vec<Diagnostic>) {
    let mut warnings = Vec::new();
    let mut files: Vec<GeneratedFile> = crds
        .iter()
        .map(|crd| {
            let yaml = crd.to_yaml();
            warnings.extend(size_warning(crd, yaml.len()));
            GeneratedFile::text(crd.path.clone(), yaml)
        })
        .collect();
    files.push(GeneratedFile::rust(
        "src/crds.rs",
        rust_module::crds_module(api, crds, opts),
    ));
    (files, warnings)
}
