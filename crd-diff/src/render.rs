//! The report in crdify's four output formats. `plaintext` and `markdown`
//! print crdify's lines (one per finding; nothing for a CRD without
//! findings) under a heading per CRD, with the new side's source location
//! after a finding when it is known; `json` and `yaml` print the list of
//! reports, each in crdify's shape with its `name`.

use std::fmt::Write;
use std::str::FromStr;

use crate::report::{Entry, Report, Section, Severity};

/// An output format (crdify's `--output`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// One line per finding.
    #[default]
    PlainText,
    /// A Markdown list per CRD.
    Markdown,
    /// The reports as JSON.
    Json,
    /// The reports as YAML.
    Yaml,
}

impl FromStr for Format {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "plaintext" => Ok(Format::PlainText),
            "markdown" => Ok(Format::Markdown),
            "json" => Ok(Format::Json),
            "yaml" => Ok(Format::Yaml),
            other => Err(format!(
                "unknown output format `{other}`: plaintext, markdown, json or yaml"
            )),
        }
    }
}

/// The reports as `format`.
pub fn render(reports: &[Report], format: Format) -> String {
    match format {
        Format::PlainText => lines(reports, &PlainText),
        Format::Markdown => lines(reports, &Markdown),
        Format::Json => {
            let mut out = serde_json::to_string_pretty(reports).expect("reports serialize");
            out.push('\n');
            out
        }
        Format::Yaml => serde_saphyr::to_string(&reports.to_vec()).expect("reports serialize"),
    }
}

trait Style {
    fn heading(&self, name: &str) -> String;
    fn line(&self, entry: &Entry<'_>) -> String;
    fn source(&self, source: &str) -> String;
}

fn lines(reports: &[Report], style: &dyn Style) -> String {
    let mut out = String::new();
    for report in reports {
        let entries = report.entries();
        if entries.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&style.heading(&report.name));
        for entry in &entries {
            out.push_str(&style.line(entry));
            let source = entry
                .finding
                .source
                .as_ref()
                .or_else(|| entry.property.and_then(|p| p.source.as_ref()));
            if let Some(source) = source {
                out.push_str(&style.source(&source.to_string()));
            }
        }
    }
    out
}

fn severity(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "ERROR",
        Severity::Warning => "WARNING",
    }
}

struct PlainText;

impl Style for PlainText {
    fn heading(&self, name: &str) -> String {
        format!("CustomResourceDefinition {name}\n")
    }

    fn line(&self, e: &Entry<'_>) -> String {
        let level = severity(e.severity);
        let message = &e.finding.message;
        let mut out = String::new();
        match (e.section, e.version, e.property) {
            (Section::Crd, _, _) | (_, None, _) | (_, _, None) => {
                let _ = writeln!(out, "- {} - {level} - {message}", e.check);
            }
            (_, Some(version), Some(property)) => {
                let _ = writeln!(
                    out,
                    "- {version} - {} - {} - {level} - {message}",
                    property.property, e.check
                );
            }
        }
        out
    }

    fn source(&self, source: &str) -> String {
        format!("  --> {source}\n")
    }
}

struct Markdown;

impl Style for Markdown {
    fn heading(&self, name: &str) -> String {
        format!("## CustomResourceDefinition `{name}`\n\n")
    }

    fn line(&self, e: &Entry<'_>) -> String {
        let level = severity(e.severity);
        let message = &e.finding.message;
        match (e.version, e.property) {
            (Some(version), Some(property)) => format!(
                "- **{version}** - *{}* - {} - `{level}` - {message}\n",
                property.property, e.check
            ),
            _ => format!("- **{}** - `{level}` - {message}\n", e.check),
        }
    }

    fn source(&self, source: &str) -> String {
        format!("  - at `{source}`\n")
    }
}
