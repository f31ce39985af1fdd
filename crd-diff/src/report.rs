//! What a comparison found, shaped as crdify's report: CRD-level results,
//! then per version (same-version) and per version pair (served-version)
//! the properties that changed, each with the checks that found something.
//! Only checks with findings are kept, as crdify's main branch prints them.

use std::fmt;
use std::path::PathBuf;

use serde::{Serialize, Serializer};
use serde_json::{Map, Value};

use crate::old_self;
use crate::path::PropertyPath;

/// The Kubernetes release from which the API server ratchets validation by
/// default (beta, `CRDValidationRatcheting`; GA in 1.33).
pub const RATCHETED_SINCE: &str = "1.30";

/// The comparison of one CRD (by name) with its new self.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    /// The CRD's `metadata.name`.
    pub name: String,
    /// CRD-level checks with findings, by name.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub crd_validation: Vec<CheckResult>,
    /// Each version both CRDs have, compared with itself.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub same_version_validation: Vec<VersionResult>,
    /// Each pair of served versions of the new CRD (`v1alpha1 -> v1`), less
    /// what the same pair of the old CRD already had.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub served_version_validation: Vec<VersionResult>,
}

/// The properties of a version (or version pair) with findings.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VersionResult {
    /// `v1`, or `v1alpha1 -> v1` for a served-version pair.
    pub version: String,
    /// By property path.
    pub property_comparisons: Vec<PropertyResult>,
}

/// One schema node that changed.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PropertyResult {
    /// crdify's spelling of the path (`^.spec.replicas`).
    pub property: String,
    /// The same path as steps.
    #[serde(skip)]
    pub path: PropertyPath,
    /// The version of the new side the property is in (the newer of a pair).
    #[serde(skip)]
    pub new_version: String,
    /// Where the new side's node comes from (the Rust field), when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<SourceLocation>,
    /// The checks with findings, by name.
    pub comparison_results: Vec<CheckResult>,
}

/// What one check found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CheckResult {
    /// The check's name.
    pub name: String,
    /// Findings that fail the comparison.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<Finding>,
    /// Findings that do not.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<Finding>,
}

impl CheckResult {
    /// Whether it found nothing.
    pub fn is_empty(&self) -> bool {
        self.errors.is_empty() && self.warnings.is_empty()
    }
}

/// One finding. In JSON and YAML it is its message, as in crdify.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    /// crdify's wording (plus the ratcheting note, when ratcheted).
    pub message: String,
    /// Set when the finding is a tightening the API server ratchets (an
    /// error by default, a warning with `ratcheting: Enabled`).
    pub ratchet: Option<Ratchet>,
    /// For `celRules`: the rule before and after.
    pub rule: Option<RuleChange>,
    /// For CRD-level findings about one schema node: the version and path.
    pub at: Option<(String, PropertyPath)>,
    /// Where the finding is in the new side's source, when known.
    pub source: Option<SourceLocation>,
}

impl Serialize for Finding {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.message)
    }
}

/// A tightening the API server ratchets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ratchet {
    /// The first Kubernetes release that ratchets it by default.
    pub since: &'static str,
    /// Whether the finding is a warning for it (`ratcheting: Enabled`);
    /// else it is an error, since new objects must satisfy it.
    pub warning: bool,
}

impl Ratchet {
    /// The note added to a ratcheted finding's message: why a warning is
    /// one, or why an error stays one and how to make it a warning.
    pub fn note(&self) -> String {
        let stored = format!(
            "ratcheted from Kubernetes {}: stored objects keep validating while this value is unchanged",
            self.since
        );
        if self.warning {
            stored
        } else {
            format!(
                "{stored}, but new objects must satisfy it; `ratcheting: Enabled` in the configuration makes this a warning"
            )
        }
    }
}

/// A place in a source file (1-based line and column).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SourceLocation {
    /// The file, as the caller names it.
    pub file: PathBuf,
    /// 1-based.
    pub line: usize,
    /// 1-based.
    pub column: usize,
}

impl fmt::Display for SourceLocation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file.display(), self.line, self.column)
    }
}

impl Serialize for SourceLocation {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// How a CEL rule changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleChangeKind {
    /// A rule the old node did not have.
    Added,
    /// A rule the new node does not have.
    Removed,
    /// A rule whose text or attributes changed.
    Changed,
}

/// A CEL rule's change.
#[derive(Clone, Debug, PartialEq)]
pub struct RuleChange {
    /// Added, removed or changed.
    pub kind: RuleChangeKind,
    /// The rule before (not for an added rule).
    pub old: Option<Rule>,
    /// The rule after (not for a removed rule).
    pub new: Option<Rule>,
}

/// One `x-kubernetes-validations` entry.
#[derive(Clone, Debug, PartialEq)]
pub struct Rule {
    /// The CEL expression.
    pub rule: String,
    /// `message`.
    pub message: Option<String>,
    /// `messageExpression`.
    pub message_expression: Option<String>,
    /// `reason`.
    pub reason: Option<String>,
    /// `fieldPath`.
    pub field_path: Option<String>,
    /// `optionalOldSelf`.
    pub optional_old_self: Option<bool>,
    /// The estimated cost (per evaluation, times how often the rule may run
    /// per object), when an estimator was given.
    pub cost: Option<u64>,
    /// Everything but the rule's text, to tell an attribute change.
    pub(crate) attributes: Map<String, Value>,
}

impl Rule {
    /// Whether the rule is a transition rule (reads `oldSelf`), which the API
    /// server never ratchets.
    pub fn uses_old_self(&self) -> bool {
        old_self::uses_old_self(&self.rule)
    }
}

/// Which part of a report a finding is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    /// CRD-level checks.
    Crd,
    /// A version compared with itself.
    SameVersion,
    /// Two served versions of one CRD.
    ServedVersion,
}

/// Whether a finding fails the comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// It does.
    Error,
    /// It does not.
    Warning,
}

/// One finding with where it is in the report.
#[derive(Clone, Copy, Debug)]
pub struct Entry<'r> {
    /// The part of the report.
    pub section: Section,
    /// The version or version pair (not for CRD-level findings).
    pub version: Option<&'r str>,
    /// The property (not for CRD-level findings).
    pub property: Option<&'r PropertyResult>,
    /// The check.
    pub check: &'r str,
    /// Error or warning.
    pub severity: Severity,
    /// The finding.
    pub finding: &'r Finding,
}

impl Report {
    /// Whether a finding is an error (crdify's `HasFailures`: exit status 1).
    pub fn has_failures(&self) -> bool {
        self.entries().iter().any(|e| e.severity == Severity::Error)
    }

    /// Every finding, in report order.
    pub fn entries(&self) -> Vec<Entry<'_>> {
        let mut out: Vec<Entry<'_>> = self
            .crd_validation
            .iter()
            .flat_map(|r| check_entries(Section::Crd, None, None, r))
            .collect();
        for (section, list) in [
            (Section::SameVersion, &self.same_version_validation),
            (Section::ServedVersion, &self.served_version_validation),
        ] {
            for v in list {
                for p in &v.property_comparisons {
                    for r in &p.comparison_results {
                        out.extend(check_entries(section, Some(v.version.as_str()), Some(p), r));
                    }
                }
            }
        }
        out
    }

    /// Gives each property and each CRD-level finding about a node the
    /// source location `locate` names for (the new side's version, path).
    pub fn locate(
        &mut self,
        mut locate: impl FnMut(&str, &PropertyPath) -> Option<SourceLocation>,
    ) {
        for result in &mut self.crd_validation {
            for finding in result.errors.iter_mut().chain(result.warnings.iter_mut()) {
                if let Some((version, path)) = &finding.at {
                    finding.source = locate(version, path);
                }
            }
        }
        let sections = self
            .same_version_validation
            .iter_mut()
            .chain(self.served_version_validation.iter_mut());
        for version in sections {
            for property in &mut version.property_comparisons {
                property.source = locate(&property.new_version, &property.path);
            }
        }
    }
}

fn check_entries<'r>(
    section: Section,
    version: Option<&'r str>,
    property: Option<&'r PropertyResult>,
    result: &'r CheckResult,
) -> impl Iterator<Item = Entry<'r>> {
    let entry = move |severity, finding| Entry {
        section,
        version,
        property,
        check: &result.name,
        severity,
        finding,
    };
    result
        .errors
        .iter()
        .map(move |f| entry(Severity::Error, f))
        .chain(
            result
                .warnings
                .iter()
                .map(move |f| entry(Severity::Warning, f)),
        )
}
