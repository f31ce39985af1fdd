//! The names a file's `use` items bring into scope, mapped to full paths, so
//! `PodSpec` or `corev1::PodSpec` can be resolved to
//! `k8s_openapi::api::core::v1::PodSpec`.

use std::collections::BTreeMap;

use syn::{ItemUse, UseTree};

/// Imports of one file.
#[derive(Clone, Debug, Default)]
pub(crate) struct UseMap {
    /// Name in scope → full path (segments, without a leading `::`).
    names: BTreeMap<String, Vec<String>>,
    /// Paths of `use path::*;` items.
    globs: Vec<Vec<String>>,
    /// The file's module from the crate root (`crate`, `myapp`, `v1`, `app`),
    /// which `self::` and `super::` paths start from; empty when not known.
    module: Vec<String>,
}

impl UseMap {
    /// The imports of a file that is the module `module` (`["crate", "myapp", "v1", "app"]`).
    pub fn in_module(module: Vec<String>) -> Self {
        UseMap {
            module,
            ..UseMap::default()
        }
    }

    /// The file's module path, from `crate`.
    pub fn module(&self) -> &[String] {
        &self.module
    }

    pub fn add(&mut self, item: &ItemUse) {
        self.walk(&item.tree, Vec::new());
    }

    fn walk(&mut self, tree: &UseTree, prefix: Vec<String>) {
        match tree {
            UseTree::Path(p) => {
                let mut next = prefix;
                next.push(p.ident.to_string());
                self.walk(&p.tree, next);
            }
            UseTree::Name(n) => {
                let name = n.ident.to_string();
                if name == "self" {
                    // `use a::b::{self}` imports `b`.
                    if let Some(last) = prefix.last() {
                        self.names.insert(last.clone(), prefix.clone());
                    }
                } else {
                    let mut path = prefix;
                    path.push(name.clone());
                    self.names.insert(name, path);
                }
            }
            UseTree::Rename(r) => {
                let mut path = prefix;
                let ident = r.ident.to_string();
                if ident != "self" {
                    path.push(ident);
                }
                if r.rename != "_" {
                    self.names.insert(r.rename.to_string(), path);
                }
            }
            UseTree::Glob(_) => self.globs.push(prefix),
            UseTree::Group(g) => {
                for t in &g.items {
                    self.walk(t, prefix.clone());
                }
            }
        }
    }

    /// The full path of a path as written: its first segment is replaced by what
    /// it was imported as, if it was imported.
    pub fn expand(&self, segments: &[String]) -> Vec<String> {
        match segments.split_first() {
            Some((first, rest)) => match self.names.get(first) {
                Some(full) => full.iter().chain(rest).cloned().collect(),
                None => segments.to_vec(),
            },
            None => Vec::new(),
        }
    }

    pub fn is_imported(&self, name: &str) -> bool {
        self.names.contains_key(name)
    }

    pub fn globs(&self) -> &[Vec<String>] {
        &self.globs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(src: &str) -> UseMap {
        let file = syn::parse_file(src).unwrap();
        let mut m = UseMap::default();
        for item in file.items {
            if let syn::Item::Use(u) = item {
                m.add(&u);
            }
        }
        m
    }

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn expands_names_renames_and_groups() {
        let m = map("use k8s_openapi::api::core::v1::{PodSpec, self as corev1};
             use ::k8s_openapi::apimachinery::pkg::apis::meta::v1 as metav1;
             use std::collections::BTreeMap as Map;
             use super::*;");
        assert_eq!(
            m.expand(&s(&["PodSpec"])),
            s(&["k8s_openapi", "api", "core", "v1", "PodSpec"])
        );
        assert_eq!(
            m.expand(&s(&["corev1", "Container"])),
            s(&["k8s_openapi", "api", "core", "v1", "Container"])
        );
        assert_eq!(
            m.expand(&s(&["metav1", "Time"])),
            s(&[
                "k8s_openapi",
                "apimachinery",
                "pkg",
                "apis",
                "meta",
                "v1",
                "Time"
            ])
        );
        assert_eq!(
            m.expand(&s(&["Map"])),
            s(&["std", "collections", "BTreeMap"])
        );
        assert_eq!(m.expand(&s(&["Local"])), s(&["Local"]));
        assert_eq!(m.globs(), &[s(&["super"])]);
    }
}
