//! The Rust text of an imported version module: its files (imports, items
//! with their comments), its `mod.rs`, and the group's `mod.rs`. The text is
//! laid out as rustfmt would; the caller runs the user's rustfmt over it too.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

use super::rust_model::{Body, FileOut, ItemOut, VersionOut};

/// The first line of every file the import writes: what it comes from, and
/// that `import` may replace it (a file without it is never overwritten).
/// `from` names the Go package by its import path where it has one, so the
/// line is the same on every machine (`import --check` in CI compares it).
pub const IMPORTED_MARKER: &str = "Imported by kube-codegen import from";

/// The marker line for a file made from `from` (a Go import path, or a
/// path as given).
pub(crate) fn header(from: &Path) -> String {
    let parts: Vec<_> = from
        .components()
        .filter(|c| {
            !matches!(
                c,
                std::path::Component::RootDir | std::path::Component::CurDir
            )
        })
        .map(|c| c.as_os_str().to_string_lossy())
        .collect();
    let lead = if from.has_root() { "/" } else { "" };
    format!(
        "// {IMPORTED_MARKER} {lead}{}; edit the Go source and import again (remove this line to keep the file as yours).\n",
        parts.join("/")
    )
}

/// One Rust file of a version module; `others` names the module's types in
/// its other files (imported with `use super::...`).
pub(crate) fn file(
    f: &FileOut,
    version: &VersionOut,
    defined_in: &BTreeMap<String, String>,
) -> String {
    let mut externals = BTreeSet::new();
    let mut locals = BTreeSet::new();
    let mut has_struct = false;
    for item in &f.items {
        match &item.body {
            Body::Struct { fields, .. } => {
                has_struct = true;
                for field in fields {
                    field.ty.collect(&mut externals, &mut locals);
                    if field.attrs.iter().any(|a| a.contains("BTreeMap::is_empty")) {
                        externals.insert("std::collections::BTreeMap".into());
                    }
                }
            }
            Body::Alias { ty, .. } => ty.collect(&mut externals, &mut locals),
            Body::Const { .. } => {}
        }
    }
    let own: BTreeSet<&str> = f.items.iter().map(ItemOut::name).collect();
    // Imported by name unless the name is one of the module's own types, or
    // two paths end in it.
    let mut last_seen: BTreeMap<&str, usize> = BTreeMap::new();
    for path in &externals {
        *last_seen.entry(last(path)).or_default() += 1;
    }
    let imported: BTreeSet<&str> = externals
        .iter()
        .map(String::as_str)
        .filter(|p| {
            !p.contains('<')
                && last_seen[last(p)] == 1
                && !defined_in.contains_key(last(p))
                && !own.contains(last(p))
        })
        .collect();
    let short = |path: &str| -> String {
        if imported.contains(path) {
            last(path).to_owned()
        } else {
            path.to_owned()
        }
    };
    let mut out = header(&f.from);
    if !f.header.is_empty() {
        out.push('\n');
        for line in &f.header {
            out.push_str(line);
            out.push('\n');
        }
    }
    out.push('\n');
    let mut uses: Vec<String> = imported.iter().map(|p| format!("use {p};")).collect();
    let from_siblings: Vec<&str> = locals
        .iter()
        .map(String::as_str)
        .filter(|n| !own.contains(n) && defined_in.get(*n).is_some_and(|stem| *stem != f.stem))
        .collect();
    if has_struct {
        uses.push("use serde::{Deserialize, Serialize};".into());
    }
    if !from_siblings.is_empty() {
        uses.push(format!("use super::{};", braced(&from_siblings)));
    }
    uses.sort();
    for u in &uses {
        out.push_str(u);
        out.push('\n');
    }
    for item in &f.items {
        out.push('\n');
        item_text(&mut out, item, &short);
    }
    let _ = version;
    out
}

fn braced(names: &[&str]) -> String {
    if names.len() == 1 {
        names[0].to_owned()
    } else {
        format!("{{{}}}", names.join(", "))
    }
}

fn last(path: &str) -> &str {
    path.rsplit("::").next().unwrap_or(path)
}

fn item_text(out: &mut String, item: &ItemOut, short: &dyn Fn(&str) -> String) {
    for line in &item.comments {
        out.push_str(line);
        out.push('\n');
    }
    let trailing = item.trailing.as_deref().unwrap_or_default();
    match &item.body {
        Body::Struct {
            name,
            camel_case,
            fields,
            tail,
        } => {
            out.push_str("#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]\n");
            if *camel_case {
                out.push_str("#[serde(rename_all = \"camelCase\")]\n");
            }
            if fields.is_empty() && tail.is_empty() {
                let _ = writeln!(out, "pub struct {name} {{}}{trailing}");
                return;
            }
            let _ = writeln!(out, "pub struct {name} {{");
            for field in fields {
                for line in &field.comments {
                    if line.is_empty() {
                        out.push('\n');
                    } else {
                        let _ = writeln!(out, "    {line}");
                    }
                }
                for attr in &field.attrs {
                    let _ = writeln!(out, "    {attr}");
                }
                let _ = writeln!(
                    out,
                    "    pub {}: {},{}",
                    field.name,
                    field.ty.render(short),
                    field.trailing.as_deref().unwrap_or_default()
                );
            }
            for line in tail {
                if line.is_empty() {
                    out.push('\n');
                } else {
                    let _ = writeln!(out, "    {line}");
                }
            }
            let _ = writeln!(out, "}}{trailing}");
        }
        Body::Alias { name, ty } => {
            let _ = writeln!(out, "pub type {name} = {};{trailing}", ty.render(short));
        }
        Body::Const { name, ty, value } => {
            let _ = writeln!(out, "pub const {name}: {ty} = {value};{trailing}");
        }
    }
}

/// The version's `mod.rs`: the package's docs and markers, its files.
pub(crate) fn version_module(v: &VersionOut) -> String {
    let mut out = header(&v.from);
    for line in &v.module_docs {
        out.push_str(line);
        out.push('\n');
    }
    let mut stems: Vec<&str> = v.files.iter().map(|f| f.stem.as_str()).collect();
    stems.sort_unstable();
    out.push('\n');
    for stem in &stems {
        let _ = writeln!(out, "mod {stem};");
    }
    out.push('\n');
    for stem in &stems {
        let _ = writeln!(out, "pub use {stem}::*;");
    }
    out
}

/// A group's `mod.rs`: its versions.
pub(crate) fn group_module(group_name: &str, versions: &[&str], from: &Path) -> String {
    let mut out = header(from);
    let _ = writeln!(out, "//! The `{group_name}` API group.\n");
    for v in versions {
        let _ = writeln!(out, "pub mod {v};");
    }
    out
}
