//! One Rust file out of the tree of emitted files, for `include!`.
//!
//! `include!` pastes a file's items where it is invoked: it cannot follow
//! `mod x;` declarations to other files, and the file cannot start with inner
//! attributes. So the crate root's `mod x;` declarations are resolved, the way
//! rustc does, to the emitted `x.rs` or `x/mod.rs` next to the declaring file,
//! and inlined (`pub mod apis { pub mod myapp { ... } }`), recursively. An
//! inlined file's inner attributes (`#![doc = "..."]`) stay inner attributes of
//! the inline module, which is where Rust allows them, or become outer ones
//! after the declaration's own of the same kind; the crate root's own
//! (crate docs, `#![forbid(unsafe_code)]`, `#![warn(missing_docs)]`) are
//! dropped: the including crate controls those.
//!
//! Relative `include_str!`/`include_bytes!` paths resolve against the file that
//! invokes them, so they are rewritten for the new file, which sits at the root
//! of the output directory with the emitted data files below `data_dir`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path, PathBuf};

use proc_macro2::{Group, Literal, TokenStream, TokenTree};

use crate::emit::GeneratedFile;

/// The emitted files could not be put into one file: a bug in an emitter, since
/// emitted module trees are always complete.
#[derive(Debug, thiserror::Error)]
#[error("internal error: cannot inline the generated module tree: {0}; please report this")]
pub struct InlineError(String);

/// `files` (rooted at `src/lib.rs`) as one Rust file named `file_name`, plus
/// every non-Rust file moved below `data_dir` (`crds/a.yaml` →
/// `<data_dir>/crds/a.yaml`). The Rust file is tokens for the writer to
/// format (`format`), or their plain text, valid but on few lines, for a file
/// nobody reads (prost-build's `Config::format`).
pub fn single_file(
    files: &[GeneratedFile],
    file_name: &str,
    data_dir: &Path,
    format: bool,
) -> Result<Vec<GeneratedFile>, InlineError> {
    let mut rust: BTreeMap<PathBuf, TokenStream> = BTreeMap::new();
    let mut out = Vec::new();
    for file in files {
        match file.content.to_tokens() {
            Some(Ok(tokens)) => {
                rust.insert(file.path.clone(), tokens);
            }
            Some(Err(e)) => {
                return Err(InlineError(format!(
                    "{} does not lex: {e}",
                    file.path.display()
                )));
            }
            None => out.push(GeneratedFile {
                path: data_dir.join(&file.path),
                content: file.content.clone(),
                source: file.source.clone(),
            }),
        }
    }
    let mut inliner = Inliner {
        files: &rust,
        used: BTreeSet::new(),
        data_dir,
    };
    let root = Path::new("src/lib.rs");
    let mut crate_root = inliner.load(root)?;
    // Crate-level attributes belong to the including crate.
    crate_root.attrs.retain(|a| !is_inner(a));
    let items = inliner.inline_items(crate_root.items, Path::new("src"))?;
    let unused: Vec<String> = rust
        .keys()
        .filter(|p| !inliner.used.contains(*p))
        .map(|p| p.display().to_string())
        .collect();
    if !unused.is_empty() {
        return Err(InlineError(format!(
            "no module declares {}",
            unused.join(", ")
        )));
    }
    let file = syn::File {
        shebang: None,
        attrs: Vec::new(),
        items,
    };
    let tokens = quote::ToTokens::into_token_stream(file);
    out.insert(
        0,
        if format {
            GeneratedFile::tokens(file_name, tokens)
        } else {
            GeneratedFile::rust(file_name, tokens.to_string())
        },
    );
    Ok(out)
}

struct Inliner<'a> {
    files: &'a BTreeMap<PathBuf, TokenStream>,
    used: BTreeSet<PathBuf>,
    data_dir: &'a Path,
}

impl Inliner<'_> {
    /// Parses an emitted file, its include paths rewritten for the new location.
    fn load(&mut self, path: &Path) -> Result<syn::File, InlineError> {
        let tokens = self
            .files
            .get(path)
            .ok_or_else(|| InlineError(format!("{} was not emitted", path.display())))?;
        if !self.used.insert(path.to_owned()) {
            return Err(InlineError(format!(
                "{} is declared as a module twice",
                path.display()
            )));
        }
        let dir = path.parent().unwrap_or(Path::new(""));
        let tokens = rewrite_includes(tokens.clone(), dir, self.data_dir)?;
        syn::parse2(tokens)
            .map_err(|e| InlineError(format!("{} does not parse: {e}", path.display())))
    }

    /// Inlines the `mod x;` declarations among `items`, whose declaring file's
    /// child modules live in `dir`.
    fn inline_items(
        &mut self,
        items: Vec<syn::Item>,
        dir: &Path,
    ) -> Result<Vec<syn::Item>, InlineError> {
        items
            .into_iter()
            .map(|item| match item {
                syn::Item::Mod(module) => self.inline_mod(module, dir).map(syn::Item::Mod),
                other => Ok(other),
            })
            .collect()
    }

    fn inline_mod(
        &mut self,
        mut module: syn::ItemMod,
        dir: &Path,
    ) -> Result<syn::ItemMod, InlineError> {
        if module.attrs.iter().any(|a| a.path().is_ident("path")) {
            return Err(InlineError(format!(
                "`#[path]` on module `{}` is not supported",
                module.ident
            )));
        }
        let name = module.ident.to_string();
        let name = name.strip_prefix("r#").unwrap_or(&name);
        let child_dir = dir.join(name);
        let items = match module.content.take() {
            Some((_, items)) => items,
            None => {
                let flat = dir.join(format!("{name}.rs"));
                let nested = child_dir.join("mod.rs");
                let path = if self.files.contains_key(&flat) {
                    flat
                } else {
                    nested
                };
                let file = self.load(&path)?;
                // The file's inner attributes become the inline module's; where
                // the declaration has outer ones of the same kind (docs on both
                // `mod x;` and in `x.rs`), they become outer too, after those:
                // the order rustdoc joins them in, without mixing styles
                // (`clippy::mixed_attributes_style`).
                for mut attr in file.attrs {
                    let same_kind = module
                        .attrs
                        .iter()
                        .any(|a| !is_inner(a) && a.path() == attr.path());
                    if same_kind {
                        attr.style = syn::AttrStyle::Outer;
                    }
                    module.attrs.push(attr);
                }
                module.semi = None;
                file.items
            }
        };
        let items = self.inline_items(items, &child_dir)?;
        module.content = Some((syn::token::Brace::default(), items));
        module.semi = None;
        Ok(module)
    }
}

fn is_inner(attr: &syn::Attribute) -> bool {
    matches!(attr.style, syn::AttrStyle::Inner(_))
}

/// Rewrites the relative paths of `include_str!`/`include_bytes!` in `tokens`
/// (written in a file in `dir`) to point below `data_dir`, relative to the
/// output root where the single file is.
fn rewrite_includes(
    tokens: TokenStream,
    dir: &Path,
    data_dir: &Path,
) -> Result<TokenStream, InlineError> {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(trees.len());
    for (i, tree) in trees.iter().enumerate() {
        let is_include_args = i >= 2
            && matches!(&trees[i - 1], TokenTree::Punct(p) if p.as_char() == '!')
            && matches!(&trees[i - 2], TokenTree::Ident(id) if id == "include_str" || id == "include_bytes");
        let tree = match tree {
            TokenTree::Group(group) if is_include_args => {
                TokenTree::Group(rewrite_include_args(group, dir, data_dir)?)
            }
            TokenTree::Group(group) => {
                let inner = rewrite_includes(group.stream(), dir, data_dir)?;
                let mut new = Group::new(group.delimiter(), inner);
                new.set_span(group.span());
                TokenTree::Group(new)
            }
            other => other.clone(),
        };
        out.push(tree);
    }
    Ok(out.into_iter().collect())
}

fn rewrite_include_args(group: &Group, dir: &Path, data_dir: &Path) -> Result<Group, InlineError> {
    let mut trees: Vec<TokenTree> = group.stream().into_iter().collect();
    if let Some(TokenTree::Literal(lit)) = trees.first()
        && let Ok(syn::Lit::Str(s)) = syn::parse_str::<syn::Lit>(&lit.to_string())
    {
        let path = PathBuf::from(s.value());
        if path.is_relative() {
            let target = normalize(&dir.join(&path)).ok_or_else(|| {
                InlineError(format!(
                    "`include_str!(\"{}\")` in {} points outside the generated crate",
                    path.display(),
                    dir.display()
                ))
            })?;
            let new = data_dir.join(target).to_string_lossy().replace('\\', "/");
            let mut literal = Literal::string(&new);
            literal.set_span(lit.span());
            trees[0] = TokenTree::Literal(literal);
        }
    }
    let mut new = Group::new(group.delimiter(), trees.into_iter().collect());
    new.set_span(group.span());
    Ok(new)
}

/// `src/../crds/a.yaml` → `crds/a.yaml`; `None` when it climbs above the root.
fn normalize(path: &Path) -> Option<PathBuf> {
    let mut out = Vec::new();
    for component in path.components() {
        match component {
            Component::Normal(part) => out.push(part),
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop()?;
            }
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(out.iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emit::Content;
    use crate::write::{Boilerplate, render};
    use quote::quote;

    fn rendered(files: &[GeneratedFile]) -> String {
        let out = single_file(files, "gen.rs", Path::new("gen"), true).unwrap();
        render(&out[0], &Boilerplate::default()).unwrap()
    }

    #[test]
    fn inlines_module_files_and_keeps_module_docs_inside() {
        let files = [
            GeneratedFile::tokens(
                "src/lib.rs",
                quote! {
                    #![doc = " Crate docs."]
                    #![forbid(unsafe_code)]
                    /// The APIs.
                    pub mod apis;
                    pub mod data;
                },
            ),
            GeneratedFile::tokens(
                "src/apis/mod.rs",
                quote! { #![doc = " All groups."] #![allow(dead_code)] pub mod myapp; },
            ),
            GeneratedFile::tokens(
                "src/apis/myapp.rs",
                quote! { pub mod v1; pub mod inline { pub mod deep; } },
            ),
            GeneratedFile::tokens("src/apis/myapp/v1/mod.rs", quote! { pub struct App; }),
            GeneratedFile::tokens(
                "src/apis/myapp/inline/deep.rs",
                quote! { pub const X: u8 = 1; },
            ),
            GeneratedFile::tokens(
                "src/data.rs",
                quote! { pub const A: &str = include_str!("../crds/a.yaml"); },
            ),
            GeneratedFile::text("crds/a.yaml", "a: 1\n"),
        ];
        let text = rendered(&files);
        let body = text.split_once("DO NOT EDIT.\n\n").unwrap().1;
        assert_eq!(
            body,
            "/// The APIs.
/// All groups.
pub mod apis {
    #![allow(dead_code)]
    pub mod myapp {
        pub mod v1 {
            pub struct App;
        }

        pub mod inline {
            pub mod deep {
                pub const X: u8 = 1;
            }
        }
    }
}

pub mod data {
    pub const A: &str = include_str!(\"gen/crds/a.yaml\");
}
"
        );
        let out = single_file(&files, "gen.rs", Path::new("gen"), true).unwrap();
        assert_eq!(out[1].path, Path::new("gen/crds/a.yaml"));
    }

    #[test]
    fn an_undeclared_or_missing_module_file_is_an_internal_error() {
        let orphan = [
            GeneratedFile::tokens("src/lib.rs", quote! { pub mod a; }),
            GeneratedFile::tokens("src/a.rs", quote! {}),
            GeneratedFile::tokens("src/b.rs", quote! {}),
        ];
        let err = single_file(&orphan, "gen.rs", Path::new("gen"), true).unwrap_err();
        assert!(
            err.to_string().contains("no module declares src/b.rs"),
            "{err}"
        );

        let missing = [GeneratedFile::tokens("src/lib.rs", quote! { pub mod a; })];
        let err = single_file(&missing, "gen.rs", Path::new("gen"), true).unwrap_err();
        assert!(
            err.to_string().contains("src/a/mod.rs was not emitted"),
            "{err}"
        );
    }

    #[test]
    fn include_paths_may_not_leave_the_crate() {
        let files = [GeneratedFile::tokens(
            "src/lib.rs",
            quote! { const A: &str = include_str!("../../secret"); },
        )];
        let err = single_file(&files, "gen.rs", Path::new("gen"), true).unwrap_err();
        assert!(
            err.to_string().contains("outside the generated crate"),
            "{err}"
        );
    }

    #[test]
    fn unformatted_output_is_the_same_code_on_one_line() {
        let files = [
            GeneratedFile::rust("src/lib.rs", "/// Docs.\npub mod a;\n".to_owned()),
            GeneratedFile::rust("src/a.rs", "pub fn f() -> u8 {\n    1\n}\n".to_owned()),
        ];
        let plain = single_file(&files, "gen.rs", Path::new("gen"), false).unwrap();
        let Content::Rust(text) = &plain[0].content else {
            panic!("unformatted output is text")
        };
        assert_eq!(text.lines().count(), 1, "{text}");
        let formatted = single_file(&files, "gen.rs", Path::new("gen"), true).unwrap();
        let Some(Ok(tokens)) = formatted[0].content.to_tokens() else {
            panic!("formatted output is tokens")
        };
        assert_eq!(text, &tokens.to_string());
    }
}
