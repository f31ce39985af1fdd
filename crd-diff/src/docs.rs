//! The book's table of checks (docs/src/review.md, "Upgrade safety"), made
//! from the registry, so the two cannot drift apart (`book_lists_every_check`
//! compares them).

use crate::checks::{Level, Origin, checks};

/// The Markdown table: check, what it catches, default enforcement,
/// ratcheted findings, settings, where it comes from.
pub fn table() -> String {
    let mut out = String::from(
        "| check | level | what it catches | default | ratcheted (a warning with `ratcheting: Enabled`) | settings | from |\n\
         |---|---|---|---|---|---|---|\n",
    );
    let row = |name: &str,
               level: &str,
               catches: &str,
               default: &str,
               ratcheted: &str,
               settings: &str,
               from: &str| {
        let or_dash = |s: &str| {
            if s.is_empty() {
                "–".to_owned()
            } else {
                s.to_owned()
            }
        };
        format!(
            "| `{name}` | {level} | {catches} | {default} | {} | {} | {from} |\n",
            or_dash(ratcheted),
            or_dash(settings)
        )
    };
    for info in checks() {
        let level = match info.level {
            Level::Crd => "CRD",
            Level::Property => "node",
        };
        let from = match info.origin {
            Origin::Crdify => "crdify v0.5.0",
            Origin::CrdifyMain => "crdify main",
            Origin::KubeCodegen => "kube-codegen",
        };
        out.push_str(&row(
            info.name,
            level,
            info.catches,
            "Error",
            info.ratcheted,
            info.settings,
            from,
        ));
    }
    out.push_str(&row(
        "unhandled",
        "node",
        "any other change of a node (`format`, `x-kubernetes-list-type`, list-map keys, `allOf`, `exclusiveMaximum`, ...)",
        "Error (`unhandledEnforcement`)",
        "",
        "",
        "crdify v0.5.0",
    ));
    out
}

#[cfg(test)]
mod tests {
    /// The table between the markers of the book's review chapter is the
    /// registry's; with `KUBE_CODEGEN_BLESS=1` the chapter is rewritten.
    #[test]
    fn book_lists_every_check() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/src/review.md");
        let chapter = std::fs::read_to_string(&path).unwrap();
        let (start, end) = (
            "<!-- crd-diff-checks:start -->\n",
            "<!-- crd-diff-checks:end -->",
        );
        let from = chapter
            .find(start)
            .expect("the table markers in docs/src/review.md")
            + start.len();
        let to = chapter
            .find(end)
            .expect("the table markers in docs/src/review.md");
        let table = super::table();
        if std::env::var("KUBE_CODEGEN_BLESS").is_ok_and(|v| v == "1") {
            let updated = format!("{}{table}{}", &chapter[..from], &chapter[to..]);
            std::fs::write(&path, updated).unwrap();
            return;
        }
        assert_eq!(
            &chapter[from..to],
            table,
            "the table of checks in docs/src/review.md is stale: KUBE_CODEGEN_BLESS=1 cargo test -p kube-codegen-crd-diff docs"
        );
    }
}
