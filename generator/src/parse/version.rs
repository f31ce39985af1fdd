//! One version module (`<group>/<version>/*.rs`) → a [`Version`]: parses every
//! file, reads the module markers, collects the version's type names, then
//! builds each file's types, `use` items and other items.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use syn::spanned::Spanned;

use super::comments::{CommentStyle, Comments};
use super::context::{FileCx, VersionScope, read_marker};
use super::item;
use super::module::{self, ModuleMarkers};
use super::source::SourceText;
use super::types::Alias;
use super::uses::UseMap;
use crate::diag::Diagnostic;
use crate::model::{AliasDef, SourceFile, Version};

/// An input file, read and scanned.
pub(crate) struct LoadedFile {
    /// Relative to the input directory (`myapp/v1/app.rs`).
    pub rel: PathBuf,
    pub src: SourceText,
    pub comments: Comments,
}

/// The files of one version module.
pub(crate) struct VersionInput<'a> {
    pub group_module: &'a str,
    pub version_module: &'a str,
    /// In path order.
    pub files: Vec<&'a LoadedFile>,
    /// `mod.rs` (or `<version>.rs`), whose `//!` docs are the version's docs.
    pub module_file: Option<&'a LoadedFile>,
}

/// A parsed version with the group it declares.
pub(crate) struct ParsedVersion {
    pub group_name: String,
    pub group_go_name: Option<String>,
    pub version: Version,
}

pub(crate) fn parse(
    input: &VersionInput<'_>,
    markers: ModuleMarkers,
    plural_exceptions: &BTreeMap<String, String>,
    diags: &mut Vec<Diagnostic>,
) -> Option<ParsedVersion> {
    let (group_name, location) = markers.group_name.clone()?;
    let mut syntax = Vec::new();
    for f in &input.files {
        match syn::parse_file(&f.src.text) {
            Ok(file) => syntax.push(Some(file)),
            Err(e) => {
                for err in e {
                    let (loc, len) = f.src.span(err.span());
                    diags.push(
                        Diagnostic::error(format!("syntax error: {err}"), loc)
                            .with_span(len)
                            .with_help("the file must be valid Rust; `cargo check` on the API crate shows the same error"),
                    );
                }
                syntax.push(None);
            }
        }
    }
    let locals = syntax
        .iter()
        .flatten()
        .flat_map(|f| f.items.iter().filter_map(item::shape_of))
        .collect();
    let file_uses: Vec<UseMap> = syntax
        .iter()
        .zip(&input.files)
        .map(|(syntax, f)| {
            syntax
                .as_ref()
                .map(|s| uses_of(s, input, f))
                .unwrap_or_default()
        })
        .collect();
    let mut aliases = BTreeMap::new();
    for (file, uses) in syntax.iter().zip(&file_uses) {
        for it in file.iter().flat_map(|f| &f.items) {
            if let syn::Item::Type(t) = it
                && t.generics.params.is_empty()
            {
                aliases.insert(
                    t.ident.to_string(),
                    Alias {
                        ty: (*t.ty).clone(),
                        uses: uses.clone(),
                    },
                );
            }
        }
    }
    let scope = VersionScope {
        group_module: input.group_module.to_owned(),
        version_module: input.version_module.to_owned(),
        locals,
        aliases,
        incomplete: syntax.iter().any(Option::is_none),
        optional_by_default: markers.optional_by_default,
        deepcopy_default: markers.deepcopy_package,
        plural_exceptions: plural_exceptions.clone(),
    };
    let sibling_modules: BTreeSet<String> = input
        .files
        .iter()
        .filter_map(|f| f.rel.file_stem())
        .map(|s| s.to_string_lossy().into_owned())
        .collect();

    let mut files = Vec::new();
    let mut aliases = Vec::new();
    for (f, file) in input.files.iter().zip(&syntax) {
        let Some(file) = file else { continue };
        files.extend(parse_file(
            f,
            file,
            input,
            &scope,
            &sibling_modules,
            &mut aliases,
            diags,
        ));
    }

    let docs = input
        .module_file
        .and_then(|m| syntax[input.files.iter().position(|f| std::ptr::eq(*f, m))?].as_ref())
        .map(|file| item::docs(&file.attrs))
        .unwrap_or_default();
    Some(ParsedVersion {
        group_name,
        group_go_name: markers.group_go_name,
        version: Version {
            name: markers
                .version_name
                .unwrap_or_else(|| input.version_module.to_owned()),
            module: input.version_module.to_owned(),
            location,
            docs,
            deepcopy_package: markers.deepcopy_package,
            skip_crds: markers.skip_crds,
            files,
            aliases,
        },
    })
}

/// The module markers of a version (all `//!` lines of all its files).
pub(crate) fn module_markers(
    input: &VersionInput<'_>,
    diags: &mut Vec<Diagnostic>,
) -> ModuleMarkers {
    let files: Vec<(&SourceText, &Comments)> =
        input.files.iter().map(|f| (&f.src, &f.comments)).collect();
    module::read(&files, diags)
}

fn parse_file(
    f: &LoadedFile,
    file: &syn::File,
    input: &VersionInput<'_>,
    scope: &VersionScope,
    sibling_modules: &BTreeSet<String>,
    aliases: &mut Vec<AliasDef>,
    diags: &mut Vec<Diagnostic>,
) -> Option<SourceFile> {
    let is_module_file = input.module_file.is_some_and(|m| std::ptr::eq(m, f));
    let mut cx = FileCx {
        src: &f.src,
        comments: &f.comments,
        uses: uses_of(file, input, f),
        version: scope,
        consumed: BTreeSet::new(),
        diags,
    };
    let mut out = SourceFile {
        stem: if is_module_file {
            "mod".to_owned()
        } else {
            f.rel
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default()
        },
        path: f.src.path.clone(),
        rel: f.rel.clone(),
        uses: Vec::new(),
        items: Vec::new(),
        types: Vec::new(),
        conversions: Vec::new(),
    };
    // Lines inside items that are not types (function bodies, impls): comments
    // there are not markers.
    let mut opaque: Vec<(usize, usize)> = Vec::new();
    let mut prev_end = 0;
    for it in &file.items {
        match it {
            syn::Item::Struct(s) => {
                out.types.extend(item::build_struct(&mut cx, s, prev_end));
                prev_end = item::struct_end_line(s);
                continue;
            }
            syn::Item::Enum(e) => {
                out.types.extend(item::build_enum(&mut cx, e, prev_end));
                prev_end = e.brace_token.span.close().end().line;
                continue;
            }
            _ => {}
        }
        // An item's whole span is its tokens' (costly to gather): only for the rest.
        let span = it.span();
        match it {
            syn::Item::Struct(_) | syn::Item::Enum(_) => {}
            syn::Item::Union(u) => cx.error(
                u.ident.span(),
                format!("union `{}` is not supported", u.ident),
                "use a struct, or an enum with unit variants",
            ),
            syn::Item::Use(u) => {
                if !(is_module_file && reexports_sibling(u, sibling_modules)) {
                    out.uses.push(f.src.slice(span).to_owned());
                }
                opaque.push((span.start().line, span.end().line));
            }
            syn::Item::Mod(_) => opaque.push((span.start().line, span.end().line)),
            syn::Item::Impl(i)
                if i.trait_.as_ref().is_some_and(|(_, p, _)| {
                    p.segments.last().is_some_and(|s| s.ident == "Clone")
                }) =>
            {
                // The deep-copy Clone is generated; a hand-written one is dropped.
                opaque.push((span.start().line, span.end().line));
            }
            syn::Item::Type(t) => {
                // Copied like any other item; its markers apply where it is used.
                aliases.extend(item::build_alias(&mut cx, t, prev_end));
                let start = f.comments.leading_comment_start(span.start().line);
                out.items
                    .push(f.src.lines_between(start, span.end()).to_owned());
                opaque.push((span.start().line, span.end().line));
            }
            _ => {
                if let syn::Item::Impl(i) = it {
                    out.conversions
                        .extend(super::conversion::conversion_impl(&cx, i));
                }
                // Copied with the comments right above it; markers there are
                // still checked (they are outside the opaque range).
                let start = f.comments.leading_comment_start(span.start().line);
                out.items
                    .push(f.src.lines_between(start, span.end()).to_owned());
                opaque.push((span.start().line, span.end().line));
            }
        }
        prev_end = span.end().line;
    }
    report_unattached(&mut cx, &opaque);
    let keep = !is_module_file || !out.types.is_empty() || !out.items.is_empty();
    keep.then_some(out)
}

/// The imports of `file`, the file `f` of the version module `input`.
fn uses_of(file: &syn::File, input: &VersionInput<'_>, f: &LoadedFile) -> UseMap {
    let mut module = vec![
        "crate".to_owned(),
        input.group_module.to_owned(),
        input.version_module.to_owned(),
    ];
    let is_module_file = input.module_file.is_some_and(|m| std::ptr::eq(m, f));
    if !is_module_file && let Some(stem) = f.rel.file_stem() {
        module.push(stem.to_string_lossy().into_owned());
    }
    let mut uses = UseMap::in_module(module);
    for it in &file.items {
        if let syn::Item::Use(u) = it {
            uses.add(u);
        }
    }
    uses
}

/// `pub use app::*;` / `pub use self::app::App;` in `mod.rs`: the module's own
/// re-exports, which the generated module writes itself.
fn reexports_sibling(u: &syn::ItemUse, siblings: &BTreeSet<String>) -> bool {
    let mut tree = &u.tree;
    loop {
        match tree {
            syn::UseTree::Path(p) if p.ident == "self" => tree = &p.tree,
            syn::UseTree::Path(p) => return siblings.contains(&p.ident.to_string()),
            syn::UseTree::Name(n) => return siblings.contains(&n.ident.to_string()),
            syn::UseTree::Rename(r) => return siblings.contains(&r.ident.to_string()),
            _ => return false,
        }
    }
}

/// Markers that belong to nothing: reported (unknown ones as errors, known ones
/// as a warning that they have no effect).
fn report_unattached(cx: &mut FileCx<'_>, opaque: &[(usize, usize)]) {
    let loose: Vec<_> = cx
        .comments
        .all()
        .filter(|c| c.style != CommentStyle::InnerDoc && !cx.consumed.contains(&c.line))
        .filter(|c| !opaque.iter().any(|(a, b)| (*a..=*b).contains(&c.line)))
        .cloned()
        .collect();
    for c in loose {
        if let Some(m) = read_marker(&c, cx.src, None, cx.diags) {
            cx.push(
                Diagnostic::warning(
                    format!(
                        "`{}` is not attached to a type or field and has no effect",
                        m.name()
                    ),
                    m.location.clone(),
                )
                .with_span(m.text.chars().count())
                .with_help(
                    "write markers directly above the type or field they apply to \
                         (one blank line may separate them from the doc comment)",
                ),
            );
        }
    }
}
