//! `+kubebuilder:webhookconfiguration:mutating=<bool>,name=<name>`: the name
//! of the MutatingWebhookConfiguration or ValidatingWebhookConfiguration object
//! (controller-gen's `WebhookConfig`), instead of
//! `mutating-webhook-configuration` / `validating-webhook-configuration`.

use super::{Kind, names};
use crate::diag::Diagnostic;
use crate::model::Location;
use crate::parse::marker_registry::{ArgSpec, MarkerDef, MarkerId, Targets};
use crate::parse::marker_values::{ArgDef, ValueKind};
use crate::parse::markers::{Marker, RawMarker, parse_marker_as};

/// The marker's name, without `+`.
pub(crate) const NAME: &str = "kubebuilder:webhookconfiguration";

const ARGS: &[ArgDef] = &[
    ArgDef::required("mutating", ValueKind::Bool),
    ArgDef::optional("name", ValueKind::Str),
];

pub(crate) static DEF: MarkerDef = MarkerDef {
    id: MarkerId::WebhookConfiguration,
    name: NAME,
    targets: Targets::ANY,
    spec: ArgSpec::Args(ARGS),
    repeatable: true,
    note: "",
    help: "The name of the MutatingWebhookConfiguration (`mutating=true`) or ValidatingWebhookConfiguration object, instead of `mutating-webhook-configuration` / `validating-webhook-configuration`.",
};

/// One marker: which configuration it names, and how.
pub(super) struct Naming {
    pub kind: Kind,
    /// `None`: the marker gives no name (a warning), the default stays.
    pub name: Option<String>,
    marker: Marker,
    source_line: String,
}

/// What parsing one marker gives.
pub(super) struct Parsed {
    pub naming: Option<Naming>,
    pub errors: Vec<Diagnostic>,
    pub warnings: Vec<Diagnostic>,
}

/// Parses and checks one marker.
pub(super) fn parse(raw: &RawMarker, source_line: &str) -> Parsed {
    let line = |d: Diagnostic| d.with_source_line(source_line);
    let mut parsed = Parsed {
        naming: None,
        errors: Vec::new(),
        warnings: Vec::new(),
    };
    let marker = match parse_marker_as(raw, &DEF) {
        Ok(marker) => marker,
        Err(errors) => {
            parsed.errors = errors.into_iter().map(line).collect();
            return parsed;
        }
    };
    let kind = if marker.arg("mutating").and_then(|a| a.value.as_bool()) == Some(true) {
        Kind::Mutating
    } else {
        Kind::Validating
    };
    let name = marker
        .arg_str("name")
        .filter(|n| !n.is_empty())
        .map(str::to_owned);
    match &name {
        None => parsed.warnings.push(line(
            marker
                .warning(format!("`+{NAME}` without `name=` has no effect"))
                .with_help(format!(
                    "the {} keeps its default name `{}`; add `name=` or remove the marker",
                    kind.object_kind(),
                    kind.default_name()
                )),
        )),
        Some(name) if !names::is_dns1123_subdomain(name) => parsed.errors.push(line(
            marker
                .arg_error("name", format!("`{name}` is not a lowercase DNS name"))
                .with_help(format!(
                    "name it with lowercase letters, digits, `-` and `.` (at most 253), such \
                     as `{}` {}",
                    kind.default_name(),
                    super::marker::refusal(kind, "metadata.name", super::invalid::Reason::Invalid)
                )),
        )),
        Some(_) => {}
    }
    parsed.naming = Some(Naming {
        kind,
        name,
        marker,
        source_line: source_line.to_owned(),
    });
    parsed
}

impl Naming {
    pub fn location(&self) -> &Location {
        &self.marker.location
    }

    /// The error for a second marker of the same kind (`first` is the other).
    pub fn duplicate(&self, first: &Naming) -> Diagnostic {
        self.marker
            .error(format!(
                "a second `+{NAME}` for the {}",
                self.kind.object_kind()
            ))
            .with_help(format!(
                "the other is at {}; there is one {} and one name for it: keep one marker",
                first.location(),
                self.kind.object_kind()
            ))
            .with_source_line(self.source_line.clone())
    }

    /// The warning for a name no webhook of the kind uses.
    pub fn unused(&self) -> Diagnostic {
        self.marker
            .warning(format!(
                "no {} webhooks: `+{NAME}` names nothing",
                self.kind.adjective()
            ))
            .with_help(format!(
                "no {} is written without webhooks; add a `+kubebuilder:webhook:mutating={}` \
                 marker or remove this one",
                self.kind.object_kind(),
                self.kind == Kind::Mutating
            ))
            .with_source_line(self.source_line.clone())
    }
}
