//! KAL: built once per machine and cached by `hack/tools/kube-api-linter.sh`,
//! run on a package of its own test data (GOPATH mode, as KAL's
//! `analysistest` loads it), each finding placed at the Go type and field
//! of its line.

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

use anyhow::{Context, Result, anyhow, bail};
use regex::Regex;
use serde_json::Value;

use crate::case::{Case, root};
use crate::findings::{Found, Key, normalize};

/// The KAL binary and the directory of KAL's module source.
pub fn tool() -> Result<(PathBuf, PathBuf)> {
    static TOOL: OnceLock<Result<(PathBuf, PathBuf), String>> = OnceLock::new();
    TOOL.get_or_init(|| {
        let script = root().join("../../hack/tools/kube-api-linter.sh");
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
        let lines: Vec<&str> = stdout.lines().collect();
        match lines[..] {
            [.., bin, src] => Ok((PathBuf::from(bin.trim()), PathBuf::from(src.trim()))),
            _ => Err(format!("{} printed no binary and source", script.display())),
        }
    })
    .clone()
    .map_err(|e| anyhow!(e))
}

/// KAL's findings on the case's Go package.
pub fn findings(case: &Case) -> Result<Vec<Found>> {
    let (bin, src) = tool()?;
    // `./go` is Go of our own in the case's directory; else KAL's test data.
    let testdata = match case.testdata.strip_prefix("./") {
        Some(own) => case.dir.join(own),
        None => src.join(&case.testdata),
    };
    let config = std::env::temp_dir().join(format!(
        "lint-parity-{}-{}.yaml",
        std::process::id(),
        case.name.replace('/', "-")
    ));
    std::fs::write(&config, serde_json::to_string(&case.config)?)?;
    let out = Command::new(&bin)
        .arg("-kal-config")
        .arg(&config)
        .arg("-json")
        .arg(&case.package)
        .current_dir(&testdata)
        .env("GO111MODULE", "off")
        .env("GOPATH", &testdata)
        .env("GOFLAGS", "")
        .output()
        .with_context(|| format!("running {}", bin.display()))?;
    let _ = std::fs::remove_file(&config);
    let json: Value = serde_json::from_slice(&out.stdout).with_context(|| {
        format!(
            "KAL's output on {} is no JSON:\n{}{}",
            case.name,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })?;
    let mut found = Vec::new();
    let Some(packages) = json.as_object() else {
        bail!("unexpected KAL output {json}");
    };
    for analyzers in packages.values() {
        for (rule, list) in analyzers.as_object().into_iter().flatten() {
            if let Some(err) = list.get("error") {
                bail!("KAL failed on {}: {err}", case.name);
            }
            for d in list.as_array().into_iter().flatten() {
                let posn = d["posn"].as_str().unwrap_or_default();
                let message = d["message"].as_str().unwrap_or_default().to_owned();
                let (file, line) = split_posn(posn)?;
                let (ty, field) = place(&file, line)?;
                found.push(Found {
                    key: Key {
                        rule: rule.clone(),
                        ty,
                        field: normalize(&field),
                    },
                    message,
                });
            }
        }
    }
    Ok(found)
}

fn split_posn(posn: &str) -> Result<(PathBuf, usize)> {
    let mut parts = posn.rsplitn(3, ':');
    let _col = parts.next();
    let line = parts.next().and_then(|l| l.parse().ok());
    let file = parts.next();
    match (file, line) {
        (Some(f), Some(l)) => Ok((PathBuf::from(f), l)),
        _ => bail!("unexpected position {posn}"),
    }
}

/// The Go type and field a line of a Go file belongs to: a comment line
/// belongs to what follows it; a field line to its struct.
fn place(file: &PathBuf, line: usize) -> Result<(String, String)> {
    let text =
        std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
    let lines: Vec<&str> = text.lines().collect();
    let type_re = Regex::new(
        r"^\s*(?:type\s+)?([A-Z]\w*)\s+(?:struct|map|\[|\*|string|int|bool|float|u?int|[a-z]+\.|[A-Z]\w*\s*$|[A-Z]\w*\s*//)",
    )?;
    let type_decl = Regex::new(r"^type\s+(\w+)\b")?;
    let field_re = Regex::new(r"^\s+\*?(?:\w+\.)?(\w+)")?;
    let mut at = line.saturating_sub(1);
    while at < lines.len() {
        let t = lines[at].trim_start();
        if t.starts_with("//") || t.is_empty() {
            at += 1;
        } else {
            break;
        }
    }
    let target = lines.get(at).copied().unwrap_or_default();
    if let Some(c) = type_decl.captures(target) {
        return Ok((c[1].to_owned(), String::new()));
    }
    // The enclosing type: the nearest `type X` above (or `X struct {` in a
    // `type ( ... )` block).
    let mut ty = String::new();
    for l in lines[..at].iter().rev() {
        if let Some(c) = type_decl.captures(l) {
            ty = c[1].to_owned();
            break;
        }
        if l.trim_end().ends_with("struct {")
            && !l.starts_with('\t')
            && !l.starts_with(' ')
            && let Some(c) = type_re.captures(l)
        {
            ty = c[1].to_owned();
            break;
        }
    }
    let field = field_re
        .captures(target)
        .map(|c| c[1].to_owned())
        .unwrap_or_default();
    Ok((ty, field))
}
