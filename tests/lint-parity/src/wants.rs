//! The twins' `// want "<regex>"` comments (KAL's `analysistest` spelling):
//! every finding of ours on a line some `want` on that line matches, and
//! every `want` matched by a finding on its line.

use std::collections::BTreeMap;

use anyhow::Result;
use regex::Regex;

use crate::case::Case;

/// The problems: findings nobody wanted, wants nothing matched.
pub fn check(case: &Case) -> Result<Vec<String>> {
    use kube_codegen::lint::{LintConfig, lint_dir};
    let config = LintConfig::from_plain(&case.config, None)?;
    let report = lint_dir(&case.apis(), &Default::default(), &config)
        .map_err(|e| anyhow::anyhow!("{}: {e:?}", case.name))?;
    let quoted = Regex::new(r#""((?:[^"\\]|\\.)*)"|`([^`]*)`"#)?;
    let mut wants: BTreeMap<(String, usize), Vec<(Regex, bool)>> = BTreeMap::new();
    for entry in walk(&case.apis()) {
        let text = std::fs::read_to_string(&entry)?;
        for (i, line) in text.lines().enumerate() {
            let Some(at) = line.find("// want ") else {
                continue;
            };
            for c in quoted.captures_iter(&line[at + 8..]) {
                // Go's string escapes in "..." (`\\` is one backslash);
                // `...` is raw.
                let pattern = match (c.get(1), c.get(2)) {
                    (Some(q), _) => go_unquote(q.as_str()),
                    (None, Some(raw)) => raw.as_str().to_owned(),
                    _ => String::new(),
                };
                wants
                    .entry((entry.display().to_string(), i + 1))
                    .or_default()
                    .push((Regex::new(&pattern)?, false));
            }
        }
    }
    let mut problems = Vec::new();
    for f in &report.findings {
        let key = (f.location.file.display().to_string(), f.location.line);
        let text = format!("{}: {}", f.rule, f.message);
        match wants
            .get_mut(&key)
            .and_then(|ws| ws.iter_mut().find(|(re, _)| re.is_match(&text)))
        {
            Some(w) => w.1 = true,
            None => problems.push(format!("{}:{}: unexpected finding: {text}", key.0, key.1)),
        }
    }
    for ((file, line), ws) in &wants {
        for (re, matched) in ws {
            if !matched {
                problems.push(format!(
                    "{file}:{line}: no finding matching {}",
                    re.as_str()
                ));
            }
        }
    }
    Ok(problems)
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
