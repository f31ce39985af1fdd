//! KAL and `kube-codegen lint` on KAL's test data and its Rust twins: the
//! same findings by rule, type and field, but for the differences listed
//! (with reasons) in `differences.yaml`; and every finding of ours where the
//! twin's `// want` comments say.
//!
//! `cargo test -p lint-parity` (builds KAL once: Go needed).

use std::collections::BTreeSet;

use anyhow::Result;
use lint_parity::{case, differences, findings, kal, wants};

#[test]
fn kal_and_kube_codegen_lint_agree_on_kals_test_data() -> Result<()> {
    let cases = case::all()?;
    let mut found = Vec::new();
    for c in &cases {
        let types: BTreeSet<&str> = c.types.iter().map(String::as_str).collect();
        let theirs: Vec<_> = kal::findings(c)?
            .into_iter()
            .filter(|f| types.contains(f.key.ty.as_str()))
            .collect();
        let ours = findings::ours(c)?;
        for t in &ours {
            assert!(
                types.contains(t.key.ty.as_str()),
                "{}: our finding on `{}`, a type the case does not list: {}",
                c.name,
                t.key.ty,
                t.message
            );
        }
        let their_keys: BTreeSet<_> = theirs.iter().map(|f| &f.key).collect();
        let our_keys: BTreeSet<_> = ours.iter().map(|f| &f.key).collect();
        for f in theirs.iter().filter(|f| !our_keys.contains(&f.key)) {
            push(&mut found, &c.name, f, "kal");
        }
        for f in ours.iter().filter(|f| !their_keys.contains(&f.key)) {
            push(&mut found, &c.name, f, "ours");
        }
    }
    found.sort_by(|a, b| (&a.case, &a.finding, &a.only).cmp(&(&b.case, &b.finding, &b.only)));
    found.dedup_by(|a, b| a.case == b.case && a.finding == b.finding && a.only == b.only);
    let listed = differences::listed()?;
    if std::env::var("KUBE_CODEGEN_UPDATE_DIFFERENCES").is_ok_and(|v| v == "1") {
        differences::update(&found, &listed)?;
    }
    let key = |d: &differences::Difference| (d.case.clone(), d.finding.clone(), d.only.clone());
    let listed_keys: BTreeSet<_> = listed.iter().map(key).collect();
    let found_keys: BTreeSet<_> = found.iter().map(key).collect();
    let mut problems = Vec::new();
    for d in found.iter().filter(|d| !listed_keys.contains(&key(d))) {
        problems.push(format!(
            "UNEXPLAINED {}: {} only by {}: {}",
            d.case, d.finding, d.only, d.message
        ));
    }
    for d in listed.iter().filter(|d| !found_keys.contains(&key(d))) {
        problems.push(format!(
            "STALE {}: {} (only by {}) no longer differs",
            d.case, d.finding, d.only
        ));
    }
    for d in listed
        .iter()
        .filter(|d| d.reason.trim().is_empty() || d.reason == "UNEXPLAINED")
    {
        problems.push(format!("NO REASON {}: {}", d.case, d.finding));
    }
    let compared = cases.len();
    eprintln!(
        "lint-parity: {compared} cases, {} differences listed",
        listed.len()
    );
    assert!(
        problems.is_empty(),
        "{}\n(rerun with KUBE_CODEGEN_UPDATE_DIFFERENCES=1 to list them, then give each a reason)",
        problems.join("\n")
    );
    Ok(())
}

fn push(found: &mut Vec<differences::Difference>, case: &str, f: &findings::Found, only: &str) {
    found.push(differences::Difference {
        case: case.to_owned(),
        finding: f.key.to_string(),
        only: only.to_owned(),
        message: f.message.clone(),
        reason: String::new(),
    });
}

#[test]
fn every_finding_of_ours_is_where_the_twins_want_it() -> Result<()> {
    let listed = differences::listed()?;
    let mut problems = Vec::new();
    let mut wording = Vec::new();
    for c in case::all()? {
        let mine: BTreeSet<(String, String)> = listed
            .iter()
            .filter(|d| d.case == c.name)
            .map(|d| (d.finding.clone(), d.only.clone()))
            .collect();
        let outcome = wants::check(&c, &mine)?;
        problems.extend(outcome.problems);
        wording.extend(outcome.wording);
    }
    eprintln!(
        "lint-parity: {} findings where KAL's message reads otherwise (same rule, type and field):",
        wording.len()
    );
    for w in &wording {
        eprintln!("  {w}");
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    Ok(())
}

/// Every rule has a case: the suite covers all 31.
#[test]
fn every_rule_has_a_case() -> Result<()> {
    let covered: BTreeSet<String> = case::all()?
        .iter()
        .map(|c| c.name.split('/').next().unwrap_or_default().to_owned())
        .collect();
    let missing: Vec<&str> = kube_codegen_lint::registry::RULES
        .iter()
        .map(|r| r.name)
        .filter(|n| !covered.contains(*n))
        .collect();
    assert!(
        missing.is_empty(),
        "rules without a parity case: {missing:?}"
    );
    Ok(())
}
