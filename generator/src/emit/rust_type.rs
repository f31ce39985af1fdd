//! Field types as Rust source inside one generated type file, plus the `use`
//! items they need.
//!
//! Names are imported and written bare (`ObjectMeta`, `BTreeMap`, `AppStatus`),
//! the way hand-written code reads. When two different types in one file would
//! share a name (two `Condition`s, or a local `Condition` next to k8s-openapi's),
//! every one of them that is not declared in the file is written with its full
//! path instead, so the output never depends on which import wins.

use std::collections::{BTreeMap, BTreeSet};

use crate::emit::code::{is_keyword, lit};
use crate::model::{FieldType, SourceFile, TypeBody};

const BTREE_MAP: &str = "std::collections::BTreeMap";
const HASH_MAP: &str = "std::collections::HashMap";

/// How the field types of one generated file are spelt.
#[derive(Clone, Debug, Default)]
pub struct TypeNames {
    /// Types declared in the file itself: always written bare, never imported.
    here: BTreeSet<String>,
    /// Names written bare thanks to a `use`: binding name → full path.
    imports: BTreeMap<String, String>,
}

impl TypeNames {
    /// Plans the names for `file`, whose sibling files' types are reached through
    /// `super::` (the version module re-exports every file).
    pub fn for_file(file: &SourceFile) -> Self {
        let here: BTreeSet<String> = file.types.iter().map(|t| t.name.clone()).collect();
        let mut wanted: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for ty in &file.types {
            let fields: Vec<&crate::model::Field> = match &ty.body {
                TypeBody::Struct(def) => def.fields.iter().collect(),
                TypeBody::Enum(def) => def.variants.iter().flat_map(|v| v.data.fields()).collect(),
                TypeBody::Newtype(_) => Vec::new(),
            };
            for field in fields {
                collect_paths(&field.ty, &here, &mut wanted);
            }
        }
        let imports = wanted
            .into_iter()
            .filter(|(name, paths)| paths.len() == 1 && !here.contains(name))
            .filter_map(|(name, paths)| paths.into_iter().next().map(|path| (name, path)))
            .collect();
        TypeNames { here, imports }
    }

    /// The `use` items this file needs for its field types: binding name → full path.
    pub fn imports(&self) -> &BTreeMap<String, String> {
        &self.imports
    }

    /// The type as it is written in this file.
    pub fn render(&self, ty: &FieldType) -> String {
        render_with(ty, self)
    }

    /// A type path as written in this file: its last segment when imported, else in full.
    fn path(&self, path: &str) -> String {
        let name = last_segment(path);
        if self.imports.get(name).map(String::as_str) == Some(path) {
            return ident(name);
        }
        type_path(path)
    }
}

/// How one kind of generated file spells the types a field type names: maps,
/// JSON values, the API's own types and external paths. The shape around them
/// (`Option`, `Vec`, `Box`, arrays, scalars) is spelt by [`render_with`], the
/// same for every file.
pub trait Spelling {
    /// `BTreeMap` (`ordered`) or `HashMap`, as a path.
    fn map(&self, ordered: bool) -> String;
    /// `serde_json::Value`, as a path.
    fn json(&self) -> String;
    /// A type declared in the input API.
    fn local(&self, name: &str) -> String;
    /// A type outside the API (`k8s_openapi::...`), from its path.
    fn external(&self, path: &str) -> String;
}

impl Spelling for TypeNames {
    fn map(&self, ordered: bool) -> String {
        self.path(if ordered { BTREE_MAP } else { HASH_MAP })
    }

    fn json(&self) -> String {
        "serde_json::Value".to_owned()
    }

    fn local(&self, name: &str) -> String {
        if self.here.contains(name) {
            ident(name)
        } else {
            self.path(&format!("super::{name}"))
        }
    }

    fn external(&self, path: &str) -> String {
        self.path(path)
    }
}

/// `ty` as Rust source, its named types spelt by `spelling`.
pub fn render_with(ty: &FieldType, spelling: &impl Spelling) -> String {
    match ty {
        FieldType::String => "String".to_owned(),
        FieldType::Bool => "bool".to_owned(),
        FieldType::Integer { bits, signed } => {
            format!("{}{bits}", if *signed { "i" } else { "u" })
        }
        FieldType::PointerSized { signed: true } => "isize".to_owned(),
        FieldType::PointerSized { signed: false } => "usize".to_owned(),
        FieldType::Float { bits } => format!("f{bits}"),
        FieldType::Option(inner) => format!("Option<{}>", render_with(inner, spelling)),
        FieldType::Vec(inner) => format!("Vec<{}>", render_with(inner, spelling)),
        FieldType::Boxed(inner) => format!("Box<{}>", render_with(inner, spelling)),
        FieldType::Array { item, len } => format!("[{}; {len}]", render_with(item, spelling)),
        FieldType::Map {
            ordered,
            key,
            value,
        } => format!(
            "{}<{}, {}>",
            spelling.map(*ordered),
            render_with(key, spelling),
            render_with(value, spelling)
        ),
        FieldType::Json | FieldType::Unresolved => spelling.json(),
        FieldType::Local(name) => spelling.local(name),
        FieldType::External(ext) => spelling.external(ext.rust_path()),
    }
}

/// A path the parser took from valid Rust, spaced as prettyplease spaces it
/// (`a::B<c::D, E>`); if it is no path (a generator bug), a type-position
/// `compile_error!` that makes the build say so at the field.
pub fn type_path(path: &str) -> String {
    let is_path = !path.trim().is_empty()
        && path.chars().all(|c| {
            c.is_alphanumeric() || matches!(c, '_' | ':' | '<' | '>' | ',' | ' ' | '\t' | '\n')
        })
        && path.matches('<').count() == path.matches('>').count();
    if !is_path {
        let message = format!("kube-codegen could not write the type path `{path}`");
        return format!("compile_error!({})", lit(&message));
    }
    let mut out = String::with_capacity(path.len());
    for c in path.chars().filter(|c| !c.is_whitespace()) {
        out.push(c);
        if c == ',' {
            out.push(' ');
        }
    }
    out
}

/// Records every named type `ty` mentions, by the name it would be imported as.
fn collect_paths(
    ty: &FieldType,
    here: &BTreeSet<String>,
    wanted: &mut BTreeMap<String, BTreeSet<String>>,
) {
    let mut want = |path: String| {
        wanted
            .entry(last_segment(&path).to_owned())
            .or_default()
            .insert(path);
    };
    match ty {
        FieldType::Option(inner)
        | FieldType::Vec(inner)
        | FieldType::Boxed(inner)
        | FieldType::Array { item: inner, .. } => collect_paths(inner, here, wanted),
        FieldType::Map {
            ordered,
            key,
            value,
        } => {
            want((if *ordered { BTREE_MAP } else { HASH_MAP }).to_owned());
            collect_paths(key, here, wanted);
            collect_paths(value, here, wanted);
        }
        FieldType::Local(name) if !here.contains(name) => want(format!("super::{name}")),
        // A path with generic arguments (`chrono::DateTime<chrono::Utc>`) is
        // written out in full rather than imported.
        FieldType::External(ext) if ext.rust_path().contains('<') => {}
        FieldType::External(ext) => want(ext.rust_path().to_owned()),
        FieldType::String
        | FieldType::Bool
        | FieldType::Integer { .. }
        | FieldType::PointerSized { .. }
        | FieldType::Float { .. }
        | FieldType::Json
        | FieldType::Unresolved
        | FieldType::Local(_) => {}
    }
}

/// `a::b::C` → `C`.
pub fn last_segment(path: &str) -> &str {
    path.rsplit("::").next().unwrap_or(path).trim()
}

/// An identifier, as a raw identifier when it is a keyword (`r#type`); the path
/// keywords `self`, `super`, `crate` and `Self` stay as they are.
pub fn ident(name: &str) -> String {
    let name = name.strip_prefix("r#").unwrap_or(name);
    match name {
        "self" | "super" | "crate" | "Self" => name.to_owned(),
        _ if is_keyword(name) => format!("r#{name}"),
        _ => name.to_owned(),
    }
}

/// What generated code may rely on about the types of one version module: which
/// are `Copy` or `Default` (derived, or implemented in the file's own items) and
/// which inherent items the user already wrote, so generated helpers never clash.
#[derive(Clone, Debug, Default)]
pub struct LocalTypes {
    /// Types that are `Copy` in the generated crate.
    pub copy: BTreeSet<String>,
    /// Types that implement `Default`.
    pub default: BTreeSet<String>,
    /// Type name → names of the associated items of its hand-written inherent impls.
    pub inherent: BTreeMap<String, BTreeSet<String>>,
}

impl LocalTypes {
    pub fn for_version(version: &crate::model::Version) -> Self {
        let mut facts = LocalTypes::default();
        for ty in version.types() {
            let derives = |name: &str| ty.derives.iter().any(|d| last_segment(d) == name);
            // `Copy` needs `Clone`, which only a deep-copy type gets.
            if derives("Copy") && ty.deepcopy {
                facts.copy.insert(ty.name.clone());
            }
            if derives("Default") {
                facts.default.insert(ty.name.clone());
            }
        }
        for item in version.files.iter().flat_map(|f| parse_items(&f.items)) {
            let syn::Item::Impl(imp) = item else { continue };
            let syn::Type::Path(self_ty) = &*imp.self_ty else {
                continue;
            };
            let Some(ty) = self_ty.path.segments.last().map(|s| s.ident.to_string()) else {
                continue;
            };
            match &imp.trait_ {
                Some((None, path, _)) => match path.segments.last() {
                    Some(s) if s.ident == "Default" => {
                        facts.default.insert(ty);
                    }
                    Some(s) if s.ident == "Copy" => {
                        facts.copy.insert(ty);
                    }
                    _ => {}
                },
                Some(_) => {}
                None => {
                    let names = imp.items.iter().filter_map(|item| match item {
                        syn::ImplItem::Const(c) => Some(c.ident.to_string()),
                        syn::ImplItem::Fn(f) => Some(f.sig.ident.to_string()),
                        syn::ImplItem::Type(t) => Some(t.ident.to_string()),
                        _ => None,
                    });
                    facts.inherent.entry(ty).or_default().extend(names);
                }
            }
        }
        facts
    }

    /// Whether the user already wrote an inherent item `item` on `ty`.
    pub fn has_inherent(&self, ty: &str, item: &str) -> bool {
        self.inherent
            .get(ty)
            .is_some_and(|items| items.contains(item))
    }

    /// Whether `Default::default()` is a value of `ty` that the generated code can rely on.
    ///
    /// Types from other crates are not assumed to be `Default`: several
    /// k8s-openapi types (`Time`, `Condition`, ...) are not.
    pub fn is_default(&self, ty: &FieldType) -> bool {
        match ty {
            FieldType::String
            | FieldType::Bool
            | FieldType::Integer { .. }
            | FieldType::PointerSized { .. }
            | FieldType::Float { .. }
            | FieldType::Option(_)
            | FieldType::Vec(_)
            | FieldType::Map { .. }
            | FieldType::Json
            | FieldType::Unresolved => true,
            FieldType::Boxed(inner) => self.is_default(inner),
            // std implements `Default` for arrays of up to 32 items.
            FieldType::Array { item, len } => *len <= 32 && self.is_default(item),
            FieldType::Local(name) => self.default.contains(name),
            FieldType::External(_) => false,
        }
    }
}

/// The items of a file (`SourceFile::items`), parsed; text that does not parse is
/// skipped here and reported where the items are emitted.
pub fn parse_items(items: &[String]) -> Vec<syn::Item> {
    items
        .iter()
        .filter_map(|text| syn::parse_file(text).ok())
        .flat_map(|file| file.items)
        .collect()
}
