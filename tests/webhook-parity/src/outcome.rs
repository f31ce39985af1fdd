//! Running both generators on a case, and what each made of it.

use std::collections::BTreeSet;
use std::fmt;
use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

use anyhow::{Context, Result, anyhow};
use serde_json::Value;

use crate::corpus::{self, Case};

/// What a generator made of a case.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// The YAML documents written, in order (none when no webhook is declared).
    Documents(Vec<Value>),
    /// No output: the distinct error headlines, and (ours) what the
    /// diagnostics say the API server would refuse.
    Refused {
        /// The distinct error headlines.
        errors: Vec<String>,
        /// What our diagnostics say the API server would refuse (empty for
        /// controller-gen, which does not say).
        cited: BTreeSet<Cause>,
    },
}

/// One thing the API server refuses: the object's kind, the field, the kind
/// of error (`Duplicate value`), as its `Invalid` status causes say.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Cause {
    /// The kind of the object refused (`MutatingWebhookConfiguration`).
    pub kind: String,
    /// The field path of the cause.
    pub field: String,
    /// The kind of error (`Duplicate value`).
    pub reason: String,
}

impl fmt::Display for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}: {}", self.kind, self.field, self.reason)
    }
}

/// controller-gen, built once per machine and cached by
/// `hack/tools/controller-gen.sh` (the version the suite pins).
pub fn controller_gen() -> Result<PathBuf> {
    static BIN: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    BIN.get_or_init(|| {
        let script = corpus::root().join("../../hack/tools/controller-gen.sh");
        let out = Command::new("bash")
            .arg(&script)
            .output()
            .map_err(|e| format!("running {}: {e}", script.display()))?;
        if !out.status.success() {
            return Err(format!(
                "{} failed (Go is required for the differential tests):\n{}",
                script.display(),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        let stdout = String::from_utf8_lossy(&out.stdout);
        Ok(PathBuf::from(
            stdout.lines().last().unwrap_or_default().trim(),
        ))
    })
    .clone()
    .map_err(|e| anyhow!(e))
}

/// controller-gen's `webhook` generator on the case's Go package(s).
pub fn reference(case: &Case) -> Result<Outcome> {
    let bin = controller_gen()?;
    let out_dir = std::env::temp_dir().join(format!(
        "webhook-parity-{}-{}",
        std::process::id(),
        case.name
    ));
    let _ = std::fs::remove_dir_all(&out_dir);
    let out = Command::new(&bin)
        .current_dir(corpus::go_module())
        .env("GOFLAGS", "-mod=mod")
        .arg("webhook")
        .arg(format!("paths={}", case.go_paths()))
        .arg(format!("output:webhook:dir={}", out_dir.display()))
        .output()
        .with_context(|| format!("running {}", bin.display()))?;
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let module = format!("{}/", corpus::go_module().display());
        let errors = stderr
            .lines()
            .filter(|l| !l.starts_with("Error: ") && !l.starts_with("run `controller-gen"))
            .map(|l| l.replace(&module, ""))
            .collect();
        return Ok(Outcome::Refused {
            errors,
            cited: BTreeSet::new(),
        });
    }
    let file = out_dir.join("manifests.yaml");
    let documents = match std::fs::read_to_string(&file) {
        Ok(text) => parse_yaml(&text)?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(e).with_context(|| format!("reading {}", file.display())),
    };
    std::fs::remove_dir_all(&out_dir).ok();
    Ok(Outcome::Documents(documents))
}

/// kube-codegen's webhook generator on the case's Rust sources, through the
/// text it writes.
pub fn ours(case: &Case) -> Result<Outcome> {
    match kube_codegen::webhook::generate(&case.rust_dir()) {
        Ok(generated) => Ok(Outcome::Documents(parse_yaml(
            &kube_codegen::webhook::render(&generated.configurations),
        )?)),
        Err(diagnostics) => {
            let mut errors: Vec<String> = diagnostics
                .iter()
                .filter(|d| d.is_error())
                .map(|d| d.message.clone())
                .collect();
            errors.sort();
            errors.dedup();
            let cited = diagnostics
                .iter()
                .filter_map(|d| d.help.as_deref().and_then(cited))
                .collect();
            Ok(Outcome::Refused { errors, cited })
        }
    }
}

/// What a help text says the API server refuses: `(the API server refuses the
/// <Kind>'s `<field>`: <reason>)`.
fn cited(help: &str) -> Option<Cause> {
    let rest = help.split("(the API server refuses the ").nth(1)?;
    let (kind, rest) = rest.split_once("'s `")?;
    let (field, rest) = rest.split_once("`: ")?;
    let reason = rest.split(')').next()?;
    Some(Cause {
        kind: kind.to_owned(),
        field: field.to_owned(),
        reason: reason.to_owned(),
    })
}

/// Every YAML document of `text`, empty ones dropped.
pub fn parse_yaml(text: &str) -> Result<Vec<Value>> {
    let docs: Vec<Value> = serde_saphyr::from_multiple(text)?;
    Ok(docs.into_iter().filter(|d| !d.is_null()).collect())
}

/// A line about an outcome, for the list of differences.
pub fn summary(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Documents(documents) if documents.is_empty() => "writes nothing".to_owned(),
        Outcome::Documents(documents) => {
            let shown: Vec<String> = documents.iter().map(describe).collect();
            format!("writes {}", shown.join(" and "))
        }
        Outcome::Refused { errors, .. } => format!("refuses: {}", errors.join("; ")),
    }
}

/// `ValidatingWebhookConfiguration x (a.kb.io, b.kb.io)`.
pub fn describe(document: &Value) -> String {
    let names: Vec<&str> = document["webhooks"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|w| w["name"].as_str())
        .collect();
    format!(
        "{} {} ({})",
        document["kind"].as_str().unwrap_or_default(),
        document["metadata"]["name"].as_str().unwrap_or_default(),
        names.join(", ")
    )
}

/// The first place two document lists differ, as `path: ours | theirs`.
pub fn first_difference(ours: &[Value], theirs: &[Value]) -> Option<String> {
    fn walk(a: &Value, b: &Value, path: &str) -> Option<String> {
        match (a, b) {
            (Value::Object(x), Value::Object(y)) => {
                let keys: BTreeSet<&String> = x.keys().chain(y.keys()).collect();
                keys.into_iter().find_map(|k| {
                    walk(
                        x.get(k).unwrap_or(&Value::Null),
                        y.get(k).unwrap_or(&Value::Null),
                        &format!("{path}.{k}"),
                    )
                })
            }
            (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
                .iter()
                .zip(y)
                .enumerate()
                .find_map(|(i, (a, b))| walk(a, b, &format!("{path}[{i}]"))),
            _ if a == b => None,
            _ => Some(format!("{path}: {a} | {b}")),
        }
    }
    walk(
        &Value::Array(ours.to_vec()),
        &Value::Array(theirs.to_vec()),
        "",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn citations_are_read_from_help_texts() {
        assert_eq!(
            cited(
                "give each webhook a name of its own (the API server refuses the \
                 ValidatingWebhookConfiguration's `webhooks[1].name`: Duplicate value)"
            ),
            Some(Cause {
                kind: "ValidatingWebhookConfiguration".into(),
                field: "webhooks[1].name".into(),
                reason: "Duplicate value".into(),
            })
        );
        assert_eq!(cited("did you mean `x`?"), None);
    }
}
