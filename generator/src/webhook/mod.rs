//! Admission webhook configurations from `+kubebuilder:webhook` markers:
//! controller-gen's `webhook` generator for Rust sources.
//!
//! The code that serves a webhook says next to it what the API server should
//! send it:
//!
//! ```text
//! // +kubebuilder:webhook:path=/validate-batch-v1-cronjob,mutating=false,failurePolicy=fail,sideEffects=None,groups=batch,resources=cronjobs,verbs=create;update,versions=v1,name=vcronjob.kb.io,admissionReviewVersions=v1
//! ```
//!
//! and this module turns every such marker under a source directory into a
//! MutatingWebhookConfiguration and a ValidatingWebhookConfiguration (named
//! `mutating-webhook-configuration` and `validating-webhook-configuration`
//! unless a `+kubebuilder:webhookconfiguration` marker names them), webhooks
//! sorted by name, as controller-gen writes its `manifests.yaml`.
//!
//! Unlike controller-gen, it never writes a configuration the API server
//! would refuse: every webhook is checked as the server checks a
//! configuration it is asked to create (names fully qualified and unique in
//! their configuration, rules, side effects, timeouts, URLs and Service
//! paths, selectors, match conditions compiled as CEL, `AdmissionReview`
//! versions), and what it would refuse is an error at the marker argument
//! that wrote it.
//!
//! The pieces: `scan` finds the markers, `marker` and `configuration` read
//! one marker each (`patch` applies a `patch=`, checked against the API's
//! `schema`), `validate` is the API server's validation (with `cel` for
//! match conditions, `client` for URLs and Service paths, shared with the
//! CRDs' conversion webhooks, and `names` for its name formats), `yaml`
//! writes the documents.

mod cel;
pub mod client;
mod configuration;
mod invalid;
mod marker;
mod names;
mod patch;
mod scan;
mod schema;
mod validate;
mod yaml;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use k8s_openapi::api::admissionregistration::v1::MutatingWebhook;

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::Location;

pub use yaml::{document, render};

/// controller-gen's output file name.
pub const DEFAULT_FILE_NAME: &str = "manifests.yaml";

/// Which configuration a webhook belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Mutating,
    Validating,
}

impl Kind {
    /// `MutatingWebhookConfiguration` or `ValidatingWebhookConfiguration`.
    pub fn object_kind(self) -> &'static str {
        match self {
            Kind::Mutating => "MutatingWebhookConfiguration",
            Kind::Validating => "ValidatingWebhookConfiguration",
        }
    }

    /// controller-gen's name of the configuration.
    pub fn default_name(self) -> &'static str {
        match self {
            Kind::Mutating => "mutating-webhook-configuration",
            Kind::Validating => "validating-webhook-configuration",
        }
    }

    /// `mutating` or `validating`.
    pub fn adjective(self) -> &'static str {
        match self {
            Kind::Mutating => "mutating",
            Kind::Validating => "validating",
        }
    }
}

/// One webhook, as the API server takes it.
#[derive(Clone, Debug, PartialEq)]
pub struct Webhook {
    /// The webhook's fields (a validating webhook has no `reinvocation_policy`;
    /// the two API types differ in nothing else).
    pub spec: MutatingWebhook,
    /// Where its marker is.
    pub location: Location,
}

/// A MutatingWebhookConfiguration or ValidatingWebhookConfiguration.
#[derive(Clone, Debug, PartialEq)]
pub struct Configuration {
    pub kind: Kind,
    pub name: String,
    /// Sorted by name.
    pub webhooks: Vec<Webhook>,
}

/// What the markers under a directory produce.
#[derive(Debug)]
pub struct Generated {
    /// The mutating configuration, then the validating one; either is left
    /// out when it has no webhooks.
    pub configurations: Vec<Configuration>,
    /// Things worth knowing that did not stop generation.
    pub warnings: Diagnostics,
    /// The `.rs` files read.
    pub files: Vec<PathBuf>,
}

/// The `+kubebuilder:webhook` and `+kubebuilder:webhookconfiguration`
/// markers, for the marker reference ([`crate::docs`]).
pub(crate) fn marker_defs() -> [&'static crate::parse::marker_registry::MarkerDef; 2] {
    [&marker::DEF, &configuration::DEF]
}

/// What an argument of `+kubebuilder:webhook` takes beyond its type, in
/// Markdown, for the marker reference: the values the API knows (read in any
/// case, as controller-gen reads them).
pub(crate) fn argument_values(arg: &str) -> Option<String> {
    let values = match arg {
        "failurePolicy" => marker::FAILURE_POLICIES,
        "matchPolicy" => marker::MATCH_POLICIES,
        "sideEffects" => validate::NO_SIDE_EFFECTS,
        "reinvocationPolicy" => marker::REINVOCATION_POLICIES,
        "verbs" => marker::OPERATIONS,
        _ => return None,
    };
    Some(format!("{} (in any case)", crate::prose::code_list(values)))
}

/// Reads every marker of every `.rs` file under `source_dir` and builds the
/// configurations. Any bad marker, and anything the API server would refuse,
/// is an error (all of them are reported, with the warnings) and nothing is
/// produced.
pub fn generate(source_dir: &Path) -> Result<Generated, Diagnostics> {
    let scanned = scan::scan_dir(source_dir)?;
    let mut errors = scanned.errors;
    let mut warnings = scanned.warnings;
    let mut names: BTreeMap<Kind, &configuration::Naming> = BTreeMap::new();
    for naming in &scanned.namings {
        match names.get(&naming.kind) {
            Some(first) => errors.push(naming.duplicate(first)),
            None => {
                names.insert(naming.kind, naming);
            }
        }
    }
    let mut configurations = Vec::new();
    for kind in [Kind::Mutating, Kind::Validating] {
        let mut drafts: Vec<&marker::Draft> =
            scanned.webhooks.iter().filter(|d| d.kind == kind).collect();
        let naming = names.get(&kind);
        if drafts.is_empty() {
            warnings.extend(naming.map(|n| n.unused()));
            continue;
        }
        // controller-gen's order; a stable sort keeps equal names (an error
        // below) in source order.
        drafts.sort_by(|a, b| a.name().cmp(b.name()));
        let name = naming
            .and_then(|n| n.name.clone())
            .unwrap_or_else(|| kind.default_name().to_owned());
        errors.extend(check_configuration(&drafts, kind, &name));
        configurations.push(Configuration {
            kind,
            name,
            webhooks: drafts
                .iter()
                .map(|d| Webhook {
                    spec: d.webhook.clone(),
                    location: d.location().clone(),
                })
                .collect(),
        });
    }
    if scanned.webhooks.is_empty() && errors.is_empty() {
        warnings.push(Diagnostic::warning(
            format!(
                "no `+kubebuilder:webhook` markers in {}; no webhook configuration is written",
                source_dir.display()
            ),
            Location {
                file: source_dir.to_path_buf(),
                line: 0,
                column: 0,
            },
        ));
    }
    if errors.is_empty() {
        Ok(Generated {
            configurations,
            warnings,
            files: scanned.files,
        })
    } else {
        // The warnings too: what is wrong is easier to see with all of it.
        errors.extend(warnings);
        errors.sort();
        Err(errors)
    }
}

/// What the API server refuses in the configuration `drafts` (sorted) make:
/// each webhook's own problems, and names used twice (reported at the later
/// marker, naming the first).
fn check_configuration(drafts: &[&marker::Draft], kind: Kind, name: &str) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    let mut first_of: BTreeMap<&str, &marker::Draft> = BTreeMap::new();
    for (i, draft) in drafts.iter().enumerate() {
        errors.extend(
            validate::webhook(&draft.webhook, kind)
                .iter()
                .map(|invalid| draft.diagnostic(invalid, Some(i))),
        );
        match first_of.get(draft.name()) {
            Some(first) if !draft.name().is_empty() => errors.push(draft.name_error(
                format!(
                    "two webhooks named `{}` in the {} `{name}`",
                    draft.name(),
                    kind.object_kind()
                ),
                format!(
                    "the other is at {}; give each webhook a name of its own {}",
                    first.location(),
                    marker::refusal(
                        kind,
                        &format!("webhooks[{i}].name"),
                        invalid::Reason::Duplicate
                    )
                ),
            )),
            _ => {
                first_of.insert(draft.name(), draft);
            }
        }
    }
    errors
}
