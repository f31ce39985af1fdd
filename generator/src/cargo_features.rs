//! The `[features]` of the generated crate's `Cargo.toml`: one per API group
//! and one for the apply configurations, all in `default`
//! ([`crate::emit::features`] says what each gates).
//!
//! The manifest is the user's file; the generator owns only the features it
//! declares, each marked by a `# kube-codegen: ...` comment line above it, and
//! its own entries of `default`. `generate` adds what is missing, updates what
//! changed and removes the features of groups that are gone; everything else
//! (other features, entries a user added to a generated feature or to
//! `default`, comments, layout) stays as it is. `verify` reports a manifest
//! that is not so as stale, like any generated file.

use toml_edit::{Array, DocumentMut, Item, Table, Value};

use crate::emit::features::Feature;

/// The comment that marks a feature as the generator's.
const MARK: &str = "# kube-codegen:";

/// `manifest` with its `[features]` holding `features`, all of them in
/// `default`; an error when the manifest is not TOML or `features` is not a
/// table.
pub fn set_features(manifest: &str, features: &[Feature]) -> Result<String, String> {
    let mut doc: DocumentMut = manifest
        .parse()
        .map_err(|e| format!("not valid TOML: {e}"))?;
    let had_table = doc.contains_key("features");
    let item = doc
        .entry("features")
        .or_insert_with(|| Item::Table(Table::new()));
    let Some(table) = item.as_table_mut() else {
        return Err("`features` is not a table".to_owned());
    };
    if !had_table {
        table.decor_mut().set_prefix(
            "\n# One feature per API group and one for the apply configurations, all on by\n\
             # default: a program that uses one group compiles only that one.\n",
        );
    }
    let owned: Vec<String> = table
        .iter()
        .filter(|(key, _)| *key != "default")
        .filter(|(key, _)| is_marked(table, key))
        .map(|(key, _)| key.to_owned())
        .collect();
    let wanted: Vec<&str> = features.iter().map(|f| f.name.as_str()).collect();
    // Features of groups that are gone.
    for stale in owned.iter().filter(|k| !wanted.contains(&k.as_str())) {
        table.remove(stale);
    }
    let mut default_entries: Vec<String> = wanted.iter().map(|w| (*w).to_owned()).collect();
    if let Some(existing) = table.get("default").and_then(Item::as_array) {
        for entry in existing.iter().filter_map(Value::as_str) {
            let ours = owned.iter().any(|o| o == entry) || wanted.contains(&entry);
            if !ours && !default_entries.iter().any(|e| e == entry) {
                default_entries.push(entry.to_owned());
            }
        }
    }
    let default_doc = if wanted.contains(&crate::emit::features::APPLY_CONFIGURATIONS) {
        "every API group and the apply configurations."
    } else {
        "every API group."
    };
    set_entry(table, "default", &default_entries, default_doc);
    for feature in features {
        let mut entries = feature.enables.clone();
        if let Some(existing) = table.get(&feature.name).and_then(Item::as_array) {
            for entry in existing.iter().filter_map(Value::as_str) {
                if !entries.iter().any(|e| e == entry) {
                    entries.push(entry.to_owned());
                }
            }
        }
        set_entry(
            table,
            &feature.name,
            &entries,
            &lowercase_first(&feature.doc),
        );
    }
    Ok(doc.to_string())
}

/// Whether the key carries the generator's comment.
fn is_marked(table: &Table, key: &str) -> bool {
    table.key(key).is_some_and(|k| {
        k.leaf_decor()
            .prefix()
            .and_then(|p| p.as_str())
            .is_some_and(|p| p.lines().any(|l| l.trim_start().starts_with(MARK)))
    })
}

/// `key = [entries]` with the generator's comment above it; an entry already
/// equal to it is left alone (its formatting too).
fn set_entry(table: &mut Table, key: &str, entries: &[String], doc: &str) {
    let same = table.get(key).and_then(Item::as_array).is_some_and(|a| {
        a.len() == entries.len()
            && a.iter()
                .zip(entries)
                .all(|(v, e)| v.as_str() == Some(e.as_str()))
    });
    if !same {
        let array: Array = entries.iter().map(String::as_str).collect();
        table.insert(key, Item::Value(Value::Array(array)));
    }
    if !is_marked(table, key)
        && let Some(mut k) = table.key_mut(key)
    {
        k.leaf_decor_mut().set_prefix(format!("{MARK} {doc}\n"));
    }
}

fn lowercase_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn feature(name: &str, enables: &[&str]) -> Feature {
        Feature {
            name: name.to_owned(),
            enables: enables.iter().map(|e| (*e).to_owned()).collect(),
            doc: format!("The API group `{name}.example.com`."),
        }
    }

    const MANIFEST: &str = "[package]\nname = \"generated\" # ours\nversion = \"0.1.0\"\n\n[dependencies]\nserde = \"1\"\n";

    #[test]
    fn adds_the_features_and_keeps_the_rest_of_the_file() {
        let out = set_features(
            MANIFEST,
            &[feature("shop", &[]), feature("billing", &["shop"])],
        )
        .unwrap();
        assert!(out.starts_with(MANIFEST), "{out}");
        assert!(
            out.ends_with(
                "[features]\n\
                 # kube-codegen: every API group.\n\
                 default = [\"shop\", \"billing\"]\n\
                 # kube-codegen: the API group `shop.example.com`.\n\
                 shop = []\n\
                 # kube-codegen: the API group `billing.example.com`.\n\
                 billing = [\"shop\"]\n"
            ),
            "{out}"
        );
        // Running again changes nothing.
        let again =
            set_features(&out, &[feature("shop", &[]), feature("billing", &["shop"])]).unwrap();
        assert_eq!(again, out);
    }

    #[test]
    fn removes_only_its_own_stale_features_and_keeps_user_entries() {
        let first = set_features(MANIFEST, &[feature("shop", &[]), feature("old", &[])]).unwrap();
        let edited = first
            .replace("shop = []", "shop = [\"serde/std\"]")
            .replace(
                "default = [\"shop\", \"old\"]",
                "default = [\"shop\", \"old\", \"mine\"]",
            )
            + "mine = []\n";
        let out = set_features(&edited, &[feature("shop", &[])]).unwrap();
        assert!(!out.contains("old"), "{out}");
        assert!(out.contains("default = [\"shop\", \"mine\"]"), "{out}");
        assert!(out.contains("shop = [\"serde/std\"]"), "{out}");
        assert!(out.contains("\nmine = []\n"), "{out}");
    }

    #[test]
    fn a_features_key_that_is_no_table_is_an_error() {
        let err = set_features("features = 1\n", &[feature("shop", &[])]).unwrap_err();
        assert!(err.contains("not a table"), "{err}");
    }
}
