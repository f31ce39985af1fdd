//! crdify, the reference: built once by `hack/tools/crdify.sh` (the release
//! it pins, from the Go module proxy) and run as its users run it,
//! `crdify file://old file://new --output=json [--config=file]`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use anyhow::{Context, Result, bail};
use serde_json::Value;

use crate::verdicts::{Outcome, Verdicts};

/// The binary and the module's directory in the Go module cache.
pub fn crdify() -> Result<&'static (PathBuf, PathBuf)> {
    static BUILT: OnceLock<Result<(PathBuf, PathBuf), String>> = OnceLock::new();
    BUILT
        .get_or_init(|| {
            let script = crate::repo_root().join("hack/tools/crdify.sh");
            let out = Command::new(&script)
                .output()
                .map_err(|e| format!("running {}: {e}", script.display()))?;
            if !out.status.success() {
                return Err(format!(
                    "{} failed:\n{}",
                    script.display(),
                    String::from_utf8_lossy(&out.stderr)
                ));
            }
            let stdout = String::from_utf8_lossy(&out.stdout);
            let mut lines = stdout.lines().rev();
            let module = lines.next().unwrap_or_default();
            let bin = lines.next().unwrap_or_default();
            Ok((PathBuf::from(bin), PathBuf::from(module)))
        })
        .as_ref()
        .map_err(|e| anyhow::anyhow!("{e}"))
}

/// What crdify said about a pair.
#[derive(Debug)]
pub struct Run {
    /// Its exit status: 0 compatible, 1 incompatible.
    pub status: i32,
    /// Its findings as verdicts.
    pub verdicts: Verdicts,
}

/// Runs crdify on two CRD files.
pub fn run(old: &Path, new: &Path, config: Option<&Path>) -> Result<Run> {
    let (bin, _) = crdify()?;
    let mut cmd = Command::new(bin);
    cmd.arg(format!("file://{}", old.display()))
        .arg(format!("file://{}", new.display()))
        .arg("--output=json");
    if let Some(config) = config {
        cmd.arg(format!("--config={}", config.display()));
    }
    let out = cmd.output().context("running crdify")?;
    let status = out.status.code().unwrap_or(-1);
    if status != 0 && status != 1 {
        bail!(
            "crdify exited {status}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let report: Value = serde_json::from_slice(&out.stdout).with_context(|| {
        format!(
            "crdify's output is not JSON: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })?;
    let verdicts = verdicts(&report);
    let failed = verdicts.values().any(|o| !o.errors.is_empty());
    if failed != (status == 1) {
        bail!("crdify exited {status} with errors: {failed}");
    }
    Ok(Run { status, verdicts })
}

/// crdify v0.5.0's report (maps of version → property → results) as verdicts.
fn verdicts(report: &Value) -> Verdicts {
    let mut out = Verdicts::new();
    if let Some(results) = report.get("crdValidation").and_then(Value::as_array) {
        for r in results {
            add(&mut out, "crd".to_owned(), r);
        }
    }
    for section in ["sameVersionValidation", "servedVersionValidation"] {
        let Some(versions) = report.get(section).and_then(Value::as_object) else {
            continue;
        };
        for (version, properties) in versions {
            let Some(properties) = properties.as_object() else {
                continue;
            };
            for (property, results) in properties {
                for r in results.as_array().into_iter().flatten() {
                    let key = format!("{} / {version} / {property}", short(section));
                    add(&mut out, key, r);
                }
            }
        }
    }
    out
}

/// `sameVersionValidation` → `same`, `servedVersionValidation` → `served`.
pub fn short(section: &str) -> &'static str {
    if section.starts_with("same") {
        "same"
    } else {
        "served"
    }
}

fn add(out: &mut Verdicts, place: String, result: &Value) {
    let name = result
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let list = |key| -> Vec<String> {
        result
            .get(key)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|v| v.as_str().map(normalise))
            .collect()
    };
    let outcome = Outcome::of(&list("errors"), &list("warnings"));
    if outcome.is_empty() {
        return;
    }
    let key = format!("{place} / {}", crate::verdicts::v05_check(name));
    let entry: &mut Outcome = out.entry(key).or_default();
    entry.merge(outcome);
}

/// crdify prints some lists in Go's map order: sorted, to compare.
fn normalise(message: &str) -> String {
    match message.split_once("new required fields: [") {
        Some((head, rest)) => {
            let names = rest.trim_end_matches(']');
            let mut names: Vec<&str> = names.split(' ').collect();
            names.sort_unstable();
            format!("{head}new required fields: [{}]", names.join(" "))
        }
        None => message.to_owned(),
    }
}
