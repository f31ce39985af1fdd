//! The Rust input an import writes, before it is text: per version module
//! its files, and per file its items (structs, aliases, constants) with the
//! comment lines that go above them.

use std::collections::BTreeSet;
use std::path::PathBuf;

/// A Rust type as the import writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum RType {
    /// A primitive or `String`.
    Prim(&'static str),
    /// A type of this version module.
    Local(String),
    /// A type of another crate, by its full path.
    External(String),
    Option(Box<RType>),
    Vec(Box<RType>),
    Map(Box<RType>, Box<RType>),
    Array(Box<RType>, String),
}

impl RType {
    /// Every external path and local name in the type.
    pub fn collect(&self, externals: &mut BTreeSet<String>, locals: &mut BTreeSet<String>) {
        match self {
            RType::Prim(_) => {}
            RType::Local(name) => {
                locals.insert(name.clone());
            }
            RType::External(path) => {
                externals.insert(path.clone());
            }
            RType::Option(inner) | RType::Vec(inner) | RType::Array(inner, _) => {
                inner.collect(externals, locals);
            }
            RType::Map(key, value) => {
                externals.insert("std::collections::BTreeMap".into());
                key.collect(externals, locals);
                value.collect(externals, locals);
            }
        }
    }

    /// The type as written, external paths through `short` (their name
    /// where imported, else the full path).
    pub fn render(&self, short: &dyn Fn(&str) -> String) -> String {
        match self {
            RType::Prim(p) => (*p).to_owned(),
            RType::Local(name) => name.clone(),
            RType::External(path) => {
                // A path with generic arguments (`BTreeMap<String, Quantity>`)
                // is written as it is.
                if path.contains('<') {
                    path.clone()
                } else {
                    short(path)
                }
            }
            RType::Option(inner) => format!("Option<{}>", inner.render(short)),
            RType::Vec(inner) => format!("Vec<{}>", inner.render(short)),
            RType::Map(key, value) => format!(
                "{}<{}, {}>",
                short("std::collections::BTreeMap"),
                key.render(short),
                value.render(short)
            ),
            RType::Array(inner, len) => format!("[{}; {len}]", inner.render(short)),
        }
    }
}

/// One field of a struct.
#[derive(Clone, Debug)]
pub(crate) struct FieldOut {
    /// Comment lines above it (docs, markers, other comments), unindented.
    pub comments: Vec<String>,
    pub attrs: Vec<String>,
    pub name: String,
    pub ty: RType,
    pub trailing: Option<String>,
}

/// What an item is.
#[derive(Clone, Debug)]
pub(crate) enum Body {
    Struct {
        name: String,
        camel_case: bool,
        fields: Vec<FieldOut>,
        /// Comments after the last field, before the closing brace.
        tail: Vec<String>,
    },
    Alias {
        name: String,
        ty: RType,
    },
    Const {
        name: String,
        ty: String,
        value: String,
    },
}

/// One item with the comment lines above it.
#[derive(Clone, Debug)]
pub(crate) struct ItemOut {
    pub comments: Vec<String>,
    pub body: Body,
    pub trailing: Option<String>,
}

impl ItemOut {
    /// The Rust name the item defines.
    pub fn name(&self) -> &str {
        match &self.body {
            Body::Struct { name, .. } | Body::Alias { name, .. } | Body::Const { name, .. } => name,
        }
    }
}

/// One Rust file of a version module.
#[derive(Clone, Debug)]
pub(crate) struct FileOut {
    pub stem: String,
    /// The Go file it comes from, as named on the command line.
    pub from: PathBuf,
    /// Comments of the Go file above its package clause that are not the
    /// package's docs (a licence header).
    pub header: Vec<String>,
    pub items: Vec<ItemOut>,
}

/// One version module.
#[derive(Clone, Debug)]
pub(crate) struct VersionOut {
    pub group_name: String,
    pub group_module: String,
    pub version_module: String,
    /// The Go package directory, as named on the command line.
    pub from: PathBuf,
    /// `//!` lines of `mod.rs`: the package's docs and markers.
    pub module_docs: Vec<String>,
    pub files: Vec<FileOut>,
}
