//! kube-codegen's `crd diff` against crdify (the release
//! `hack/tools/crdify.sh` pins), on crdify's own pairs of CRDs (its `test/`
//! cases and `examples/`, read from the Go module cache) and on pairs made
//! from our fixtures' CRDs. By default (ratcheting off), every verdict is
//! crdify's or listed in `differences/*.yaml` (a ratcheted error carries our
//! note after crdify's message); with `ratcheting: Enabled`, the only further
//! changes are those errors, now warnings (DIFFERENCES.md).
//!
//! `cargo test -p crdify-parity`; rewrite the lists with
//! `KUBE_CODEGEN_UPDATE_DIFFERENCES=1 cargo test -p crdify-parity`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use crdify_parity::verdicts::{self, Difference, Verdicts};
use crdify_parity::{crdify, differences, mutations, parse_crd, repo_root};
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use kube_codegen_crd_diff::{Config, Ratcheting, Report, Runner};

/// One pair through both tools: the differences (the default: ratcheting
/// off), and the ratcheted warnings per check (ratcheting on), checked to be
/// only that.
fn compare(
    case: &str,
    old: (&Path, &CustomResourceDefinition),
    new: (&Path, &CustomResourceDefinition),
    config: Option<&Path>,
    ratcheted: &mut BTreeMap<String, usize>,
) -> Result<Vec<Difference>> {
    let mut theirs = crdify::run(old.0, new.0, config)?;
    let mut ours_config = match config {
        Some(path) => Config::from_yaml(&std::fs::read_to_string(path)?)?,
        None => Config::default(),
    };
    // crdify's verdicts are ours by default.
    assert_eq!(ours_config.ratcheting, Ratcheting::Disabled);
    let strict = Runner::new(&ours_config)?.compare(old.1, new.1);
    ours_config.ratcheting = Ratcheting::Enabled;
    let lenient = Runner::new(&ours_config)?.compare(old.1, new.1);

    // crdify v0.5.0 prints the fields of `new required fields` in Go's map
    // order, so its served-version validator fails, at random, to take out
    // a finding the old CRD already had: those are dropped (DIFFERENCES.md).
    let known = Report {
        served_version_validation: Runner::new(&ours_config)?.served_version_issues(old.1),
        ..Report::default()
    };
    let known = verdicts::ours(&known);
    theirs.verdicts.retain(|key, outcome| {
        !(key.starts_with("served / ")
            && known.get(key).is_some_and(|k| k.errors == outcome.errors))
    });
    theirs.status = i32::from(theirs.verdicts.values().any(|o| !o.errors.is_empty()));
    let strict_verdicts = verdicts::ours(&strict);
    let mut diffs = verdicts::compare(case, &strict_verdicts, &theirs.verdicts);
    let ours_status = i32::from(strict.has_failures());
    if ours_status != theirs.status {
        diffs.push(Difference {
            key: format!("{case} / exit status"),
            ours: ours_status.to_string(),
            crdify: theirs.status.to_string(),
        });
    }
    check_ratcheting(case, &strict_verdicts, &verdicts::ours(&lenient), ratcheted);
    Ok(diffs)
}

/// With ratcheting on, a verdict differs from the strict run only where a
/// same-version error became a warning that says it is ratcheted.
fn check_ratcheting(
    case: &str,
    strict: &Verdicts,
    lenient: &Verdicts,
    tally: &mut BTreeMap<String, usize>,
) {
    let note = " (ratcheted from Kubernetes ";
    for (key, after) in lenient {
        let before = strict
            .get(key)
            .unwrap_or_else(|| panic!("{case} / {key}: only with ratcheting"));
        if before == after {
            continue;
        }
        assert!(
            key.starts_with("same / "),
            "{case} / {key}: ratcheted outside same-version comparisons"
        );
        assert!(
            after.ratcheted,
            "{case} / {key}: a warning without the ratcheting note"
        );
        assert!(
            before.ratcheted,
            "{case} / {key}: a ratcheted error without the ratcheting note"
        );
        for warning in &after.warnings {
            let plain = warning.split(note).next().unwrap_or_default();
            assert!(
                before.errors.contains(plain) || before.warnings.contains(warning),
                "{case} / {key}: `{warning}` is not a ratcheted error of the strict run"
            );
        }
        assert!(
            after.errors.is_subset(&before.errors),
            "{case} / {key}: new errors"
        );
        *tally
            .entry(key.rsplit(" / ").next().unwrap_or_default().to_owned())
            .or_default() += 1;
    }
}

fn differences_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("differences")
        .join(name)
}

fn read_crd(path: &Path) -> Result<CustomResourceDefinition> {
    parse_crd(&std::fs::read_to_string(path)?).with_context(|| path.display().to_string())
}

/// crdify's `test/<case>/{a,b}.yaml` and its `examples/` against
/// `examples/base-crd.yaml` (with and without `examples/config.yaml`).
#[test]
fn crdify_own_cases() -> Result<()> {
    let (_, module) = crdify::crdify()?;
    let mut pairs: Vec<(String, PathBuf, PathBuf, Option<PathBuf>)> = Vec::new();
    let mut cases: Vec<PathBuf> = std::fs::read_dir(module.join("test"))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("a.yaml").is_file())
        .collect();
    cases.sort();
    for dir in cases {
        let name = dir
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        pairs.push((
            format!("test/{name}"),
            dir.join("a.yaml"),
            dir.join("b.yaml"),
            None,
        ));
    }
    let examples = module.join("examples");
    let base = examples.join("base-crd.yaml");
    let mut changed: Vec<PathBuf> = std::fs::read_dir(&examples)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml") && *p != base)
        .filter(|p| p.file_name().is_some_and(|n| n != "config.yaml"))
        .collect();
    changed.sort();
    for new in changed {
        let name = new
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        pairs.push((format!("examples/{name}"), base.clone(), new.clone(), None));
        pairs.push((
            format!("examples/{name} with config.yaml"),
            base.clone(),
            new,
            Some(examples.join("config.yaml")),
        ));
    }
    assert!(
        pairs.len() >= 20,
        "crdify's cases are missing from {}",
        module.display()
    );
    let mut all = Vec::new();
    let mut ratcheted = BTreeMap::new();
    for (case, old, new, config) in &pairs {
        let (a, b) = (read_crd(old)?, read_crd(new)?);
        all.extend(compare(
            case,
            (old, &a),
            (new, &b),
            config.as_deref(),
            &mut ratcheted,
        )?);
    }
    eprintln!(
        "crdify-parity: {} of crdify's pairs, {} documented differences; ratcheted warnings by check: {ratcheted:?}",
        pairs.len(),
        all.len()
    );
    differences::enforce(&differences_file("crdify-cases.yaml"), &all)
}

/// Pairs made from the CRDs of `apis/` and `tests/fixture-apis`, each with
/// one change applied.
#[test]
fn fixture_pairs() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let mut all = Vec::new();
    let mut ratcheted = BTreeMap::new();
    let mut count = 0;
    for input in ["apis/src", "tests/fixture-apis/src"] {
        for yaml in crdify_parity::generate(&repo_root().join(input))? {
            let crd: serde_json::Value = serde_saphyr::from_str(&yaml)?;
            for pair in mutations::pairs(&crd) {
                count += 1;
                let old_path = dir.path().join("old.json");
                let new_path = dir.path().join("new.json");
                std::fs::write(&old_path, serde_json::to_string(&pair.old)?)?;
                std::fs::write(&new_path, serde_json::to_string(&pair.new)?)?;
                let old: CustomResourceDefinition = serde_json::from_value(pair.old.clone())?;
                let new: CustomResourceDefinition = serde_json::from_value(pair.new.clone())?;
                all.extend(compare(
                    &pair.name,
                    (&old_path, &old),
                    (&new_path, &new),
                    None,
                    &mut ratcheted,
                )?);
            }
        }
    }
    assert!(
        count > 100,
        "only {count} pairs were made from the fixtures"
    );
    eprintln!(
        "crdify-parity: {count} pairs from our fixtures, {} documented differences; ratcheted warnings by check: {ratcheted:?}",
        all.len()
    );
    differences::enforce(&differences_file("fixture-pairs.yaml"), &all)
}
