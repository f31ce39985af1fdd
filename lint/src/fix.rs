//! `--fix`: the edits of every finding's fix, applied to the text of each
//! file at their byte ranges (the rest of the file, formatting and comments
//! included, is kept as it is). Of two edits that overlap the later one is
//! left for the next round; identical edits (two findings adding the same
//! marker) are made once.

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::finding::{Edit, Finding};

/// The new text of every file the fixes touch.
pub fn apply(
    findings: &[Finding],
    read: &dyn Fn(&std::path::Path) -> Option<String>,
) -> BTreeMap<PathBuf, String> {
    let mut by_file: BTreeMap<PathBuf, Vec<&Edit>> = BTreeMap::new();
    for f in findings {
        // A fix is applied whole or not at all.
        if let Some(fix) = &f.fix {
            for e in &fix.edits {
                by_file.entry(e.file.clone()).or_default().push(e);
            }
        }
    }
    let mut out = BTreeMap::new();
    for (file, mut edits) in by_file {
        let Some(mut text) = read(&file) else {
            continue;
        };
        edits.sort_by_key(|e| (e.range.start, e.range.end));
        edits.dedup();
        let mut kept: Vec<&Edit> = Vec::new();
        for e in edits {
            let overlaps = kept.last().is_some_and(|k| {
                e.range.start < k.range.end
                    || (e.range.start == k.range.start
                        && !(e.range.is_empty() && k.range.is_empty()))
            });
            if !overlaps {
                kept.push(e);
            }
        }
        for e in kept.iter().rev() {
            if e.range.end <= text.len() {
                text.replace_range(e.range.clone(), &e.text);
            }
        }
        out.insert(file, text);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use kube_codegen::model::Location;

    fn finding(edits: Vec<Edit>) -> Finding {
        Finding::new("x", "m", Location::default()).with_fix("fix", edits)
    }

    #[test]
    fn applies_edits_from_the_end_and_skips_overlaps() {
        let f = PathBuf::from("a.rs");
        let findings = vec![
            finding(vec![
                Edit::replace(&f, 0..3, "AAA"),
                Edit::insert(&f, 4, "// +x\n"),
            ]),
            finding(vec![Edit::replace(&f, 1..2, "zz")]),
            finding(vec![Edit::insert(&f, 4, "// +x\n")]),
        ];
        let out = apply(&findings, &|_| Some("abc\nfield\n".to_owned()));
        assert_eq!(out[&f], "AAA\n// +x\nfield\n");
    }
}
