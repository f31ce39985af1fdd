//! The report as the user asks for it: rustc-style diagnostics, JSON, or
//! SARIF 2.1.0 (what GitHub code scanning reads).

use serde_json::{Value, json};

use super::finding::Finding;
use super::registry::RULES;
use kube_codegen::diag::Diagnostics;

/// Findings as rustc-style diagnostics (errors when they block, else warnings),
/// with their source lines.
pub fn diagnostics(
    findings: &[Finding],
    blocking: bool,
    line: &dyn Fn(&std::path::Path, usize) -> Option<String>,
) -> Diagnostics {
    let mut d = Diagnostics(findings.iter().map(|f| f.to_diagnostic(blocking)).collect());
    d.fill_source_lines(line);
    d
}

/// The JSON report.
pub fn json(findings: &[Finding], suppressed: usize) -> Value {
    json!({
        "findings": findings,
        "suppressed": suppressed,
        "fixable": findings.iter().filter(|f| f.fix.is_some()).count(),
    })
}

/// A SARIF 2.1.0 log with one run of `kube-codegen lint`.
pub fn sarif(findings: &[Finding], blocking: bool) -> Value {
    let rules: Vec<Value> = RULES
        .iter()
        .map(|r| {
            json!({
                "id": r.name,
                "name": r.name,
                "shortDescription": {"text": r.description},
                "helpUri": format!("https://github.com/kubernetes-sigs/kube-api-linter/blob/main/docs/linters.md#{}", r.name),
            })
        })
        .collect();
    let level = if blocking { "error" } else { "warning" };
    let results: Vec<Value> = findings
        .iter()
        .map(|f| {
            let uri = f.location.file.to_string_lossy().replace('\\', "/");
            let mut result = json!({
                "ruleId": f.rule,
                "level": level,
                "message": {"text": match &f.help {
                    Some(h) => format!("{} ({h})", f.message),
                    None => f.message.clone(),
                }},
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": {"uri": uri},
                        "region": {
                            "startLine": f.location.line.max(1),
                            "startColumn": f.location.column.max(1),
                            "endColumn": f.location.column.max(1) + f.span_len,
                        },
                    },
                    "logicalLocations": [{"fullyQualifiedName": f.subject}],
                }],
            });
            if let Some(i) = RULES.iter().position(|r| r.name == f.rule) {
                result["ruleIndex"] = json!(i);
            }
            result
        })
        .collect();
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "kube-codegen lint",
                "informationUri": "https://github.com/kubernetes-sigs/kube-api-linter",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            }},
            "results": results,
        }],
    })
}
