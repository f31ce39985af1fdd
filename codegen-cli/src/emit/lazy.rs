//! `#[inline]` on every non-generic function of the generated code, so the
//! generated crate compiles only what its users call.
//!
//! rustc compiles a library's non-generic functions when it builds the library,
//! and with them every generic function they instantiate: for each kind, the typed
//! client's methods instantiate kube's `Api<K>` requests and serde for `K`, the
//! informer accessors instantiate kube-runtime's watcher for `K`, and so on, for
//! every kind, whether or not anyone uses it. A function marked `#[inline]` is
//! instead compiled in the crate that calls it, when it calls it. Measured on a
//! generated crate of 100 kinds (bench/run.sh): `cargo build` of the crate went
//! from 364 s to 43 s and its rlib from 850 MB to 110 MB; a user compiles the
//! kinds they use (what `#[derive(Clone)]` and serde's derives do for the same
//! reason). Generic functions are left alone: they are compiled where they are
//! used anyway.
//!
//! Works on tokens (the writer parses each file once, later): it walks the
//! item-level token trees, descending into `impl` and `mod` blocks, and inserts
//! `#[inline]` after the outer attributes of each `fn` that has a body, has no
//! type parameters (lifetimes are fine), no `impl Trait` parameters, is not
//! inside a generic `impl` or a `trait`, and has no `#[inline]`/`#[cold]` yet.

use proc_macro2::{Delimiter, Group, Spacing, TokenStream, TokenTree};
use quote::quote;

use super::{Content, GeneratedFile};

/// [`inline_roots`] applied to every Rust file of `files`.
pub fn mark_files(files: Vec<GeneratedFile>) -> Vec<GeneratedFile> {
    files
        .into_iter()
        .map(|file| match file.content {
            Content::Rust(tokens) => GeneratedFile {
                path: file.path,
                content: Content::Rust(inline_roots(tokens)),
            },
            Content::Text(_) => file,
        })
        .collect()
}

/// `tokens` (a whole file, or the inside of a module) with `#[inline]` on every
/// non-generic function that has a body.
pub fn inline_roots(tokens: TokenStream) -> TokenStream {
    items(tokens, true)
}

/// What an item is, from its first keyword.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Unknown,
    Fn,
    /// `impl` (the bool: its functions may be marked) or `mod`: descend.
    Block(bool),
    /// `trait`, `struct`, `const X`, `use`, macros, ...: copied as they are.
    Other,
}

/// Rewrites one item-level token stream. `mark` is false inside a generic impl.
fn items(tokens: TokenStream, mark: bool) -> TokenStream {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out: Vec<TokenTree> = Vec::with_capacity(tokens.len() + 8);
    // Where the current item's non-attribute tokens start in `out`.
    let mut start: Option<usize> = None;
    let mut kind = Kind::Unknown;
    let mut has_inline = false;
    let mut generic = false;
    let mut i = 0;
    while i < tokens.len() {
        let tt = &tokens[i];
        // Outer (`#[...]`) and inner (`#![...]`) attributes before an item.
        if start.is_none()
            && let TokenTree::Punct(p) = tt
            && p.as_char() == '#'
        {
            let bang = matches!(tokens.get(i + 1), Some(TokenTree::Punct(b)) if b.as_char() == '!');
            let at = if bang { i + 2 } else { i + 1 };
            if let Some(TokenTree::Group(g)) = tokens.get(at)
                && g.delimiter() == Delimiter::Bracket
            {
                has_inline |= !bang && is_inline_attr(g);
                out.extend(tokens[i..=at].iter().cloned());
                i = at + 1;
                continue;
            }
        }
        let first = start.is_none();
        if first {
            start = Some(out.len());
        }
        match tt {
            TokenTree::Ident(id) if kind == Kind::Unknown => {
                let word = id.to_string();
                kind = match word.as_str() {
                    "fn" => {
                        // `fn name<T>`: type parameters make it generic.
                        generic |= has_type_params(tokens.get(i + 2), tokens.get(i + 3..));
                        Kind::Fn
                    }
                    "impl" => Kind::Block(
                        mark && !has_type_params(tokens.get(i + 1), tokens.get(i + 2..)),
                    ),
                    "mod" => Kind::Block(mark),
                    // `const fn` is a function; `const X: T` is not.
                    "const" => match tokens.get(i + 1) {
                        Some(TokenTree::Ident(n))
                            if matches!(
                                n.to_string().as_str(),
                                "fn" | "async" | "unsafe" | "extern"
                            ) =>
                        {
                            Kind::Unknown
                        }
                        _ => Kind::Other,
                    },
                    "pub" | "async" | "unsafe" | "extern" | "default" => Kind::Unknown,
                    _ => Kind::Other,
                };
                out.push(tt.clone());
            }
            // `impl Trait` in a parameter list makes the function generic.
            TokenTree::Group(g) if kind == Kind::Fn && g.delimiter() == Delimiter::Parenthesis => {
                generic |= mentions_impl(g.stream());
                out.push(tt.clone());
            }
            TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => {
                match kind {
                    Kind::Fn => {
                        if mark && !generic && !has_inline {
                            let at = start.unwrap_or(out.len());
                            out.splice(at..at, quote!(#[inline]));
                        }
                        out.push(tt.clone());
                    }
                    Kind::Block(mark_inside) => {
                        let mut inner =
                            Group::new(Delimiter::Brace, items(g.stream(), mark_inside));
                        inner.set_span(g.span());
                        out.push(TokenTree::Group(inner));
                    }
                    _ => out.push(tt.clone()),
                }
                // A brace group ends every item (`extern "C" { .. }` included) but
                // `const`/`static` initialisers (`const A: T = T { .. };`), whose
                // `;` then ends an empty item.
                (start, kind, has_inline, generic) = (None, Kind::Unknown, false, false);
            }
            TokenTree::Punct(p) if p.as_char() == ';' => {
                out.push(tt.clone());
                (start, kind, has_inline, generic) = (None, Kind::Unknown, false, false);
            }
            _ => out.push(tt.clone()),
        }
        i += 1;
    }
    out.into_iter().collect()
}

/// Whether a `<...>` starting at `open` (the token after `fn name` or `impl`)
/// declares a type or const parameter; lifetimes alone do not make code generic.
fn has_type_params(open: Option<&TokenTree>, rest: Option<&[TokenTree]>) -> bool {
    let is_lt =
        |t: Option<&TokenTree>| matches!(t, Some(TokenTree::Punct(p)) if p.as_char() == '<');
    if !is_lt(open) {
        return false;
    }
    let rest = rest.unwrap_or_default();
    let mut depth = 1usize;
    // At the start of each parameter: a lifetime is `'` (joint) + ident.
    let mut at_param_start = true;
    for tt in rest {
        match tt {
            TokenTree::Punct(p) => match p.as_char() {
                '<' => depth += 1,
                '>' => {
                    depth -= 1;
                    if depth == 0 {
                        return false;
                    }
                }
                ',' if depth == 1 => {
                    at_param_start = true;
                    continue;
                }
                '\'' if at_param_start && depth == 1 && p.spacing() == Spacing::Joint => {
                    at_param_start = false;
                    continue;
                }
                _ => {}
            },
            // A type or const parameter (`T`, `const N: usize`); a lifetime's
            // name never gets here, its `'` cleared `at_param_start`.
            TokenTree::Ident(_) if at_param_start && depth == 1 => return true,
            _ => {}
        }
        at_param_start = false;
    }
    false
}

/// Whether a parameter list uses `impl Trait` (argument-position impl trait).
fn mentions_impl(params: TokenStream) -> bool {
    params.into_iter().any(|tt| match tt {
        TokenTree::Ident(id) => id == "impl",
        TokenTree::Group(g) => mentions_impl(g.stream()),
        _ => false,
    })
}

/// `#[inline]`, `#[inline(...)]` or `#[cold]`: the author already decided.
fn is_inline_attr(attr: &Group) -> bool {
    matches!(attr.stream().into_iter().next(), Some(TokenTree::Ident(id)) if id == "inline" || id == "cold")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marked(tokens: TokenStream) -> String {
        let file: syn::File = syn::parse2(inline_roots(tokens)).expect("still valid Rust");
        prettyplease::unparse(&file)
    }

    #[test]
    fn non_generic_functions_and_methods_are_marked_after_their_docs() {
        let out = marked(quote! {
            /// Makes one.
            pub fn new() -> Widget { Widget }
            impl Widget {
                /// Gets it.
                pub async fn get(&self, name: &str) -> Result<Widget> { todo() }
                pub(crate) const fn zero() -> u8 { 0 }
            }
            impl Clone for Widget { fn clone(&self) -> Self { Widget } }
            impl<'a> Lister<'a> { pub fn list(&self) -> Vec<Widget> { vec![] } }
        });
        assert_eq!(
            out,
            "/// Makes one.\n#[inline]\npub fn new() -> Widget {\n    Widget\n}\nimpl Widget {\n    /// Gets it.\n    #[inline]\n    pub async fn get(&self, name: &str) -> Result<Widget> {\n        todo()\n    }\n    #[inline]\n    pub(crate) const fn zero() -> u8 {\n        0\n    }\n}\nimpl Clone for Widget {\n    #[inline]\n    fn clone(&self) -> Self {\n        Widget\n    }\n}\nimpl<'a> Lister<'a> {\n    #[inline]\n    pub fn list(&self) -> Vec<Widget> {\n        vec![]\n    }\n}\n"
        );
    }

    #[test]
    fn generic_code_traits_and_declarations_are_left_alone() {
        let src = quote! {
            pub fn f<T: Clone>(t: T) -> T { t }
            pub fn g(h: impl Handler<Widget>) { h.run() }
            impl<K: Resource> Informer<K> { pub fn start(&self) { spawn() } }
            pub trait Api { fn get(&self) -> u8; fn name(&self) -> &str { "x" } }
            #[inline(always)]
            pub fn h() {}
            #[cold]
            fn c() {}
            pub const X: Widget = Widget { a: 1 };
            pub struct S { pub f: fn() -> u8 }
            extern "C" { fn ext(); }
            unsafe extern "C" { fn ext2(); }
        };
        let before = prettyplease::unparse(&syn::parse2(src.clone()).unwrap());
        assert_eq!(marked(src), before);
    }

    #[test]
    fn modules_are_descended_and_items_after_consts_still_seen() {
        let out = marked(quote! {
            #![doc = " A module."]
            use a::b;
            const A: Widget = Widget { a: 1 };
            mod inner { pub fn f() {} }
            fn after() {}
        });
        assert!(
            out.contains("mod inner {\n    #[inline]\n    pub fn f() {}\n}"),
            "{out}"
        );
        assert!(out.contains("#[inline]\nfn after() {}"), "{out}");
        assert!(out.starts_with("//! A module.\nuse a::b;"), "{out}");
    }
}
