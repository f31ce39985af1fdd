//! What is not reported: findings a `+kube-codegen:lint:ignore=<rule>
//! <reason>` marker at the field or its type turns off (KAL issue #222), and
//! findings golangci-lint-style exclusions match (path, text, rules). A
//! suppression marker without a reason, or naming a rule that does not
//! exist, is itself reported: nothing the user wrote is dropped silently.

use super::config::Exclusion;
use super::context::Cx;
use super::finding::Finding;
use super::registry;
use super::source::IGNORE_MARKER;

/// The pseudo-rule suppression markers' own problems are reported under.
pub const IGNORE_RULE: &str = "lint-ignore";

/// Splits `findings` into the reported and the suppressed.
pub fn apply(findings: Vec<Finding>, exclusions: &[Exclusion]) -> (Vec<Finding>, Vec<Finding>) {
    findings.into_iter().partition(|f| {
        let ignored = f.ignored_here.iter().any(|r| r == f.rule || r == "*");
        !ignored && !exclusions.iter().any(|e| excludes(e, f))
    })
}

fn excludes(e: &Exclusion, f: &Finding) -> bool {
    let path = f.location.file.to_string_lossy();
    e.path.as_ref().is_none_or(|r| r.is_match(&path))
        && e.path_except.as_ref().is_none_or(|r| !r.is_match(&path))
        && e.text
            .as_ref()
            .is_none_or(|r| r.is_match(&format!("{}: {}", f.rule, f.message)))
        && (e.linters.is_empty() || e.linters.iter().any(|l| l == f.rule))
}

/// Suppression markers that name no rule or give no reason.
pub fn check_markers(cx: &Cx<'_>) -> Vec<Finding> {
    let mut out = Vec::new();
    let mut check = |attached: &super::source::Attached, make: &dyn Fn(String) -> Finding| {
        for m in attached.named(IGNORE_MARKER) {
            let rest = m.expression.strip_prefix('=').unwrap_or("");
            let mut words = rest.splitn(2, char::is_whitespace);
            let rules = words.next().unwrap_or("");
            let reason = words.next().unwrap_or("").trim();
            let mut problem = None;
            if rules.is_empty() {
                problem = Some((
                    "`+kube-codegen:lint:ignore` names no rule".to_owned(),
                    "write `// +kube-codegen:lint:ignore=<rule> <why>`".to_owned(),
                ));
            } else if let Some(bad) = rules
                .split(',')
                .find(|r| *r != "*" && registry::find(r).is_none())
            {
                let hint = kube_codegen::parse::suggest::closest(
                    bad,
                    registry::RULES.iter().map(|r| r.name),
                )
                .map_or_else(
                    || "rules are named as kube-api-linter names them".to_owned(),
                    |s| format!("did you mean `{s}`?"),
                );
                problem = Some((
                    format!("`+kube-codegen:lint:ignore` names no rule `{bad}`"),
                    hint,
                ));
            } else if reason.is_empty() {
                problem = Some((
                    format!("`+kube-codegen:lint:ignore={rules}` gives no reason"),
                    "say why after the rule: `// +kube-codegen:lint:ignore=<rule> <why>`"
                        .to_owned(),
                ));
            }
            if let Some((message, help)) = problem {
                let mut f = make(message).with_help(help);
                f.location = m.location.clone();
                f.span_len = m.text.chars().count();
                f.ignored_here.clear();
                out.push(f);
            }
        }
    };
    for t in cx.types() {
        check(t.markers(), &|m| t.finding(IGNORE_RULE, m));
        for f in t.fields() {
            check(f.markers(), &|m| f.finding(IGNORE_RULE, m));
        }
    }
    out
}
