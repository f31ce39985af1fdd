//! The twins' `// want "<regex>"` comments (KAL's `analysistest` spelling,
//! carried over from KAL's test data with the field names made the twin's
//! JSON names): every finding of ours is on a line with a `want`, and every
//! `want` line has a finding of ours, but for the differences listed in
//! `differences.yaml`. Where both report, a message that the carried-over
//! regex does not match is a wording difference: counted and shown, not failed
//! (the meaning is compared by rule, type and field).

use std::collections::{BTreeMap, BTreeSet};

use anyhow::Result;
use regex::Regex;

use crate::case::Case;
use crate::findings::{Key, normalize};

/// What the check found.
#[derive(Debug, Default)]
pub struct Outcome {
    /// Findings nobody wanted, wants nothing matched (not listed as differences).
    pub problems: Vec<String>,
    /// Lines where both report but the message reads otherwise.
    pub wording: Vec<String>,
}

/// Checks one case; `listed` holds the listed differences as (key, only).
pub fn check(case: &Case, listed: &BTreeSet<(String, String)>) -> Result<Outcome> {
    use kube_codegen_lint::{LintConfig, lint_dir};
    let config = LintConfig::from_plain(&case.config, None)?;
    let report = lint_dir(&case.apis(), &Default::default(), &config)
        .map_err(|e| anyhow::anyhow!("{}: {e:?}", case.name))?;
    let rule = case.name.split('/').next().unwrap_or_default().to_owned();
    let quoted = Regex::new(r#""((?:[^"\\]|\\.)*)"|`([^`]*)`"#)?;
    let struct_re = Regex::new(r"^\s*pub struct (\w+)")?;
    let field_re = Regex::new(r"^\s+pub (?:r#)?(\w+):")?;
    // (file, line) -> (patterns, the line's subject)
    let mut wants: BTreeMap<(String, usize), (Vec<Regex>, Key)> = BTreeMap::new();
    for entry in walk(&case.apis()) {
        let text = std::fs::read_to_string(&entry)?;
        let mut current = String::new();
        for (i, line) in text.lines().enumerate() {
            if let Some(c) = struct_re.captures(line) {
                current = c[1].to_owned();
            }
            let Some(at) = line.find("// want ") else {
                continue;
            };
            let key = match (struct_re.captures(line), field_re.captures(line)) {
                (Some(c), _) => Key {
                    rule: rule.clone(),
                    ty: c[1].to_owned(),
                    field: String::new(),
                },
                (None, Some(c)) => Key {
                    rule: rule.clone(),
                    ty: current.clone(),
                    field: normalize(&c[1]),
                },
                _ => Key {
                    rule: rule.clone(),
                    ty: current.clone(),
                    field: String::new(),
                },
            };
            let mut patterns = Vec::new();
            for c in quoted.captures_iter(&line[at + 8..]) {
                let pattern = match (c.get(1), c.get(2)) {
                    (Some(q), _) => go_unquote(q.as_str()),
                    (None, Some(raw)) => raw.as_str().to_owned(),
                    _ => String::new(),
                };
                patterns.push(go_regex(&pattern)?);
            }
            wants.insert((entry.display().to_string(), i + 1), (patterns, key));
        }
    }
    let mut out = Outcome::default();
    let mut matched = BTreeSet::new();
    for f in &report.findings {
        let at = (f.location.file.display().to_string(), f.location.line);
        let key = Key {
            rule: f.rule.to_owned(),
            ty: f.subject.split('.').next().unwrap_or_default().to_owned(),
            field: f.field.as_deref().map(normalize).unwrap_or_default(),
        };
        match wants.get(&at) {
            Some((patterns, _)) => {
                matched.insert(at.clone());
                if !patterns.iter().any(|re| re.is_match(&f.message)) {
                    out.wording.push(format!(
                        "{}:{}: ours: {} | KAL's: {}",
                        at.0,
                        at.1,
                        f.message,
                        patterns
                            .iter()
                            .map(Regex::as_str)
                            .collect::<Vec<_>>()
                            .join(" | ")
                    ));
                }
            }
            None if listed.contains(&(key.to_string(), "ours".to_owned())) => {}
            None => out.problems.push(format!(
                "{}:{}: unexpected finding: {}",
                at.0, at.1, f.message
            )),
        }
    }
    for (at, (patterns, key)) in &wants {
        if !matched.contains(at) && !listed.contains(&(key.to_string(), "kal".to_owned())) {
            out.problems.push(format!(
                "{}:{}: no finding ({key}) matching {}",
                at.0,
                at.1,
                patterns
                    .iter()
                    .map(Regex::as_str)
                    .collect::<Vec<_>>()
                    .join(" | ")
            ));
        }
    }
    Ok(out)
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
    out.sort();
    out
}

/// The text of a Go interpreted string literal's body: `\\` and `\"`.
fn go_unquote(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('\\') => out.push('\\'),
                Some('"') => out.push('"'),
                Some(other) => {
                    out.push('\\');
                    out.push(other);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// A Go (RE2) regular expression in Rust's syntax: RE2 reads a `{` that
/// starts no repetition as itself, Rust wants it escaped.
fn go_regex(pattern: &str) -> Result<Regex> {
    let pattern = format!("(?i){pattern}");
    Regex::new(&pattern)
        .or_else(|_| Regex::new(&pattern.replace('{', "\\{").replace('}', "\\}")))
        .map_err(Into::into)
}
