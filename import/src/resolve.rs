//! Go type expressions → [`RType`], in the context of the file they are
//! written in. A name of the version's own package is a type of the Rust
//! module; a name of another package of Go source (a shared package, another
//! version) is copied into the module, since kube-codegen's input keeps each
//! version's types together (as controller-gen inlines them into each CRD);
//! Kubernetes' types are k8s-openapi's and kube's ([`super::known`]).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use heck::ToUpperCamelCase;

use super::go_model::{Decl, DeclKind, GoFile, GoType, Pos, StructType, TypeSpec};
use super::known::{self, Known};
use super::packages::{Package, Packages};
use super::rust_model::RType;
use kube_codegen::diag::Diagnostic;
use kube_codegen::model::Location;

/// Where a Go type expression is written.
#[derive(Clone, Copy)]
pub(crate) struct Src<'p> {
    pub pkg: &'p Package,
    pub file: &'p GoFile,
}

/// A Go type declared in Go source the import reads.
pub(crate) type TypeKey = (PathBuf, String);

/// What a named Go type is.
pub(crate) enum Named {
    Rust(RType),
    /// `metav1.TypeMeta` embedded: kube writes `apiVersion` and `kind`.
    TypeMeta,
}

/// The types of one Rust version module: their Rust names, and the types of
/// other packages still to copy in.
pub(crate) struct Resolver<'p> {
    pub packages: &'p Packages,
    pub home: &'p Path,
    pub names: BTreeMap<TypeKey, String>,
    pub taken: BTreeSet<String>,
    pub pending: Vec<TypeKey>,
    pub diags: Vec<Diagnostic>,
}

/// A refusal: the Go position and what to say.
pub(crate) struct Refusal {
    pub pos: Pos,
    pub width: usize,
    pub message: String,
    pub help: String,
}

impl<'p> Resolver<'p> {
    pub fn new(packages: &'p Packages, home: &'p Path) -> Self {
        Resolver {
            packages,
            home,
            names: BTreeMap::new(),
            taken: BTreeSet::new(),
            pending: Vec::new(),
            diags: Vec::new(),
        }
    }

    /// Reports `refusal`, in `file`.
    pub fn refuse(&mut self, file: &GoFile, refusal: Refusal) {
        let line = file
            .source
            .lines()
            .nth(refusal.pos.line.saturating_sub(1))
            .unwrap_or_default();
        self.diags.push(
            Diagnostic::error(
                refusal.message,
                Location {
                    file: file.path.clone(),
                    line: refusal.pos.line,
                    column: refusal.pos.column,
                },
            )
            .with_span(refusal.width)
            .with_source_line(line)
            .with_help(refusal.help),
        );
    }

    /// The Rust name of `key`, copying it in under its own name (or, when
    /// that is taken, prefixed with its package) on first use.
    pub fn copy_name(&mut self, key: &TypeKey) -> String {
        if let Some(name) = self.names.get(key) {
            return name.clone();
        }
        let mut name = key.1.clone();
        if self.taken.contains(&name) {
            let prefix = self
                .packages
                .by_dir
                .get(&key.0)
                .and_then(|p| p.import_path.as_deref())
                .map(|path| {
                    path.rsplit('/')
                        .take(2)
                        .collect::<Vec<_>>()
                        .into_iter()
                        .rev()
                        .collect::<Vec<_>>()
                        .join("_")
                })
                .unwrap_or_default()
                .to_upper_camel_case();
            name = format!("{prefix}{}", key.1);
            let mut n = 2;
            while self.taken.contains(&name) {
                name = format!("{prefix}{}{n}", key.1);
                n += 1;
            }
        }
        self.taken.insert(name.clone());
        self.names.insert(key.clone(), name.clone());
        self.pending.push(key.clone());
        name
    }

    /// The type spec `name` of the package in `dir`, with its file and declaration.
    pub fn find(
        &self,
        dir: &Path,
        name: &str,
    ) -> Option<(&'p Package, &'p GoFile, &'p Decl, &'p TypeSpec)> {
        let pkg = self.packages.by_dir.get(dir)?;
        for file in &pkg.files {
            for decl in &file.decls {
                if let DeclKind::Type(spec) = &decl.kind
                    && spec.name == name
                {
                    return Some((pkg, file, decl, spec));
                }
            }
        }
        None
    }

    /// The package a qualifier in `src` names, if its Go source is read.
    fn package_of(&self, src: Src<'p>, import: &str) -> Option<&'p Package> {
        let packages: &'p Packages = self.packages;
        packages
            .by_dir
            .values()
            .find(|p| p.import_path.as_deref() == Some(import))
            .or_else(|| (import == src.pkg.import_path.as_deref()?).then_some(src.pkg))
    }

    /// What the named type `pkg.name` (or `name`) in `src` is.
    pub fn named(
        &mut self,
        src: Src<'p>,
        pkg: Option<&str>,
        name: &str,
        pos: Pos,
        embedded: bool,
    ) -> Result<Named, Refusal> {
        let width = pkg.map_or(0, |p| p.len() + 1) + name.len();
        let Some(qualifier) = pkg else {
            if let Some(prim) = basic(name) {
                return Ok(Named::Rust(prim));
            }
            let key = (src.pkg.dir.clone(), name.to_owned());
            let Some((_, _, _, spec)) = self.find(&src.pkg.dir, name) else {
                return Err(Refusal {
                    pos,
                    width,
                    message: format!("`{name}` is no type of package `{}`", src.pkg.name),
                    help: "the import reads the Go source of the package; is a file of it missing?"
                        .into(),
                });
            };
            no_data(spec, pos, width)?;
            return Ok(Named::Rust(RType::Local(self.copy_name(&key))));
        };
        let Some(import) = src.file.import_path(qualifier) else {
            return Err(Refusal {
                pos,
                width,
                message: format!("`{qualifier}` names no import of this file"),
                help: "the file must build with `go build`".into(),
            });
        };
        if let Some(known) = known::lookup(import, name, embedded) {
            return Ok(match known {
                Known::Path(path) => Named::Rust(external(path)),
                Known::TypeMeta => Named::TypeMeta,
            });
        }
        if let Some(other) = self.package_of(src, import)
            && let Some((_, _, _, spec)) = self.find(&other.dir, name)
        {
            no_data(spec, pos, width)?;
            let key = (other.dir.clone(), name.to_owned());
            return Ok(Named::Rust(RType::Local(self.copy_name(&key))));
        }
        if let Some(Known::Path(path)) = known::fallback(import, name) {
            return Ok(Named::Rust(external(path)));
        }
        Err(Refusal {
            pos,
            width,
            message: format!("cannot map `{qualifier}.{name}` (`{import}`) to a Rust type"),
            help: format!(
                "kube-codegen maps Kubernetes' types to k8s-openapi's and kube's, and copies types \
                 of Go source it can read: pass the directory of `{import}` with another `--go`, \
                 or run `go mod download` in the Go module so its module cache has it"
            ),
        })
    }

    /// `qualifier.name` copied from its Go source when that is read (even a
    /// type [`known`] maps), else kube's `TypeMeta`: for `metav1.TypeMeta`
    /// embedded below a kind, whose fields controller-gen writes.
    pub fn go_source_type(&mut self, src: Src<'p>, qualifier: &str, name: &str) -> RType {
        let found = src
            .file
            .import_path(qualifier)
            .and_then(|import| self.package_of(src, import))
            .filter(|pkg| self.find(&pkg.dir, name).is_some());
        match found {
            Some(pkg) => RType::Local(self.copy_name(&(pkg.dir.clone(), name.to_owned()))),
            None => RType::External("kube::core::TypeMeta".into()),
        }
    }

    /// The Rust type of a Go type expression; pointers inside lists and maps
    /// are dropped (their JSON is the value's).
    pub fn rust(&mut self, src: Src<'p>, ty: &GoType) -> Result<RType, Refusal> {
        Ok(match ty {
            GoType::Named { pkg, name, pos } => {
                match self.named(src, pkg.as_deref(), name, *pos, false)? {
                    Named::Rust(t) => t,
                    Named::TypeMeta => RType::External("kube::core::TypeMeta".into()),
                }
            }
            GoType::Pointer(inner) => RType::Option(Box::new(self.rust(src, inner)?)),
            GoType::Slice(item) if is_byte(item) => {
                RType::External("k8s_openapi::ByteString".into())
            }
            GoType::Slice(item) => RType::Vec(Box::new(self.element(src, item)?)),
            GoType::Array { len, item } => {
                RType::Array(Box::new(self.element(src, item)?), len.clone())
            }
            GoType::Map { key, value } => RType::Map(
                Box::new(self.element(src, key)?),
                Box::new(self.element(src, value)?),
            ),
            GoType::Struct(s) => {
                return Err(Refusal {
                    pos: Pos {
                        line: s.open_line,
                        column: 1,
                    },
                    width: 6,
                    message: "an anonymous struct type has no Rust form in kube-codegen's input"
                        .into(),
                    help: "declare it as a named type (`type Foo struct { ... }`) and use the name"
                        .into(),
                });
            }
            GoType::Other { text, pos } => {
                if text == "interface{}" || text == "any" {
                    return Ok(RType::External("serde_json::Value".into()));
                }
                return Err(Refusal {
                    pos: *pos,
                    width: text.lines().next().map_or(1, |l| l.chars().count()),
                    message: format!("`{text}` has no JSON form a CRD can describe"),
                    help:
                        "API types hold data: strings, numbers, booleans, lists, maps, structs and \
                           Kubernetes' types"
                            .into(),
                });
            }
        })
    }

    fn element(&mut self, src: Src<'p>, ty: &GoType) -> Result<RType, Refusal> {
        match ty {
            GoType::Pointer(inner) => self.element(src, inner),
            other => self.rust(src, other),
        }
    }

    /// The struct a Go type is (through defined types and aliases of Go
    /// source), with where its fields are written.
    pub fn struct_of(&self, src: Src<'p>, ty: &'p GoType) -> Option<(Src<'p>, &'p StructType)> {
        match ty {
            GoType::Struct(s) => Some((src, s)),
            GoType::Named { pkg, name, .. } => {
                let dir = match pkg {
                    None => src.pkg.dir.clone(),
                    Some(q) => {
                        let import = src.file.import_path(q)?;
                        if known::lookup(import, name, false).is_some() {
                            return None;
                        }
                        self.package_of(src, import)?.dir.clone()
                    }
                };
                let (pkg, file, _, spec) = self.find(&dir, name)?;
                self.struct_of(Src { pkg, file }, &spec.ty)
            }
            _ => None,
        }
    }
}

/// Refuses a type with no JSON form: an interface, a function, a channel.
fn no_data(spec: &TypeSpec, pos: Pos, width: usize) -> Result<(), Refusal> {
    match &spec.ty {
        GoType::Other { text, .. } if !matches!(text.as_str(), "interface{}" | "any") => Err(Refusal {
            pos,
            width,
            message: format!("`{}` is Go behaviour (an interface or a function), not data", spec.name),
            help: "an API field holds data that serializes to JSON: a struct, a string, a number, a list, a map"
                .into(),
        }),
        _ => Ok(()),
    }
}

fn external(path: String) -> RType {
    match path.as_str() {
        "String" => RType::Prim("String"),
        "i64" => RType::Prim("i64"),
        _ => RType::External(path),
    }
}

fn is_byte(ty: &GoType) -> bool {
    matches!(ty, GoType::Named { pkg: None, name, .. } if name == "byte" || name == "uint8")
}

/// Go's predeclared types.
pub(crate) fn basic(name: &str) -> Option<RType> {
    Some(RType::Prim(match name {
        "string" => "String",
        "bool" => "bool",
        "int8" => "i8",
        "int16" => "i16",
        "int32" | "rune" => "i32",
        "int64" => "i64",
        "int" => "isize",
        "uint8" | "byte" => "u8",
        "uint16" => "u16",
        "uint32" => "u32",
        "uint64" => "u64",
        "uint" => "usize",
        "float32" => "f32",
        "float64" => "f64",
        _ => return None,
    }))
}
