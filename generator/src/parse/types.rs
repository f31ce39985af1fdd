//! Field types: syn types → [`FieldType`], resolving names through the file's
//! `use` items. Known are std/alloc/core scalars and collections,
//! `serde_json::Value`, types of the same version module, and `k8s_openapi`
//! types by their full path. Anything else is an error that says what to use.

use std::collections::BTreeMap;

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{GenericArgument, PathArguments, Type};

use super::crate_types::{self, CHRONO_DATE_TIME};
use super::reexports;
use super::uses::UseMap;
use crate::model::{ExternalType, FieldType};

/// What a type of the version module is, for checks that need to know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    Struct,
    /// An enum serde writes as a string (unit variants, externally tagged).
    Enum,
    /// An enum with data or a tag: an object, or an int-or-string value.
    Union,
    /// A one-field tuple struct: on the wire, the value of its field.
    Newtype,
}

/// A `type Name = Type;` of the version module, with the imports of its file.
pub(crate) struct Alias {
    pub ty: Type,
    pub uses: UseMap,
}

/// Where names are looked up.
pub(crate) struct Scope<'a> {
    pub uses: &'a UseMap,
    /// Types declared anywhere in the version module.
    pub locals: &'a BTreeMap<String, Shape>,
    /// Type aliases declared anywhere in the version module.
    pub aliases: &'a BTreeMap<String, Alias>,
    /// Type parameters of the enclosing type (already reported as unsupported).
    pub generics: &'a [String],
    pub group_module: &'a str,
    pub version_module: &'a str,
    /// A file of the version failed to parse, so an unknown name may be declared
    /// there: say nothing about it rather than report a follow-on error.
    pub incomplete: bool,
    /// How many aliases deep this resolution is (`type HTTPHeaderName =
    /// HeaderName;` names another alias); a cycle stops at [`MAX_ALIAS_DEPTH`].
    pub alias_depth: u8,
}

/// How many aliases of aliases are followed before a cycle is assumed.
const MAX_ALIAS_DEPTH: u8 = 16;

/// Why a type is not accepted.
pub(crate) struct TypeError {
    pub span: Span,
    pub message: String,
    pub help: String,
    /// Already reported elsewhere; drop the field quietly.
    pub silent: bool,
}

/// Something allowed but probably not meant.
pub(crate) struct TypeWarning {
    pub span: Span,
    pub message: String,
    pub help: String,
    /// About `Vec<u8>` being a list of numbers, which a field that writes
    /// its own JSON (`#[serde(with)]`) is not.
    pub numbers: bool,
}

const WHERE_TYPES_COME_FROM: &str = "field types may be declared in this version module, imported from \
    `k8s_openapi` (also through `kube`), or be `String`, `bool`, integers, `Option`, `Vec`, `Box`, \
    `BTreeMap` / `HashMap` (keys: `String`, a newtype of it, a unit-only enum or an integer), \
    `serde_json::Value`, `jiff::Timestamp`, `chrono::DateTime<Utc>` or `kube::core::Duration`";

fn error(span: Span, message: impl Into<String>, help: impl Into<String>) -> TypeError {
    TypeError {
        span,
        message: message.into(),
        help: help.into(),
        silent: false,
    }
}

fn silent(span: Span) -> TypeError {
    TypeError {
        span,
        message: String::new(),
        help: String::new(),
        silent: true,
    }
}

/// Resolves a field type.
pub(crate) fn resolve(
    ty: &Type,
    scope: &Scope<'_>,
    warnings: &mut Vec<TypeWarning>,
) -> Result<FieldType, TypeError> {
    let span = ty.span();
    match ty {
        Type::Paren(p) => resolve(&p.elem, scope, warnings),
        Type::Group(g) => resolve(&g.elem, scope, warnings),
        Type::Path(p) if p.qself.is_none() => resolve_path(&p.path, span, scope, warnings),
        Type::Path(_) => Err(error(
            span,
            "qualified paths like `<T as Trait>::Assoc` are not supported in API types",
            "name the concrete type",
        )),
        Type::Tuple(t) if t.elems.is_empty() => Err(error(
            span,
            "the unit type `()` carries no data",
            "remove the field, or use `bool` or a struct",
        )),
        Type::Tuple(_) => Err(error(
            span,
            "tuple types are not supported: JSON has no unnamed fields",
            "use a struct with named fields",
        )),
        Type::Reference(_) | Type::Ptr(_) => Err(error(
            span,
            "references are not supported in API types: objects are deserialized into owned values",
            "use an owned type: `String` instead of `&str`, `Vec<T>` instead of `&[T]`",
        )),
        Type::Array(a) => {
            let len = match &a.len {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Int(n),
                    ..
                }) => n.base10_parse::<usize>().ok(),
                _ => None,
            };
            let Some(len) = len else {
                return Err(error(
                    a.len.span(),
                    "the length of a fixed-size array must be an integer literal",
                    "write the length as a number (`[String; 3]`), or use `Vec<T>`",
                ));
            };
            let item = resolve(&a.elem, scope, warnings)?;
            Ok(FieldType::Array {
                item: Box::new(item),
                len,
            })
        }
        Type::Slice(_) => Err(error(span, "slices are not supported", "use `Vec<T>`")),
        Type::TraitObject(_) | Type::ImplTrait(_) => Err(error(
            span,
            "trait objects are not supported: the schema of a field must be known",
            "use a concrete type, or `serde_json::Value` for arbitrary JSON",
        )),
        Type::BareFn(_) => Err(error(
            span,
            "function pointers are not data and cannot be part of an API type",
            "keep behaviour in functions or impl blocks, outside the type",
        )),
        _ => Err(error(
            span,
            "this kind of type is not supported in API types",
            WHERE_TYPES_COME_FROM,
        )),
    }
}

/// The type arguments of a path's last segment.
fn type_args(path: &syn::Path, span: Span) -> Result<Vec<&Type>, TypeError> {
    let Some(last) = path.segments.last() else {
        return Ok(Vec::new());
    };
    match &last.arguments {
        PathArguments::None => Ok(Vec::new()),
        PathArguments::AngleBracketed(a) => a
            .args
            .iter()
            .map(|arg| match arg {
                GenericArgument::Type(t) => Ok(t),
                _ => Err(error(
                    arg.span(),
                    "only type arguments are supported here",
                    "remove lifetimes, consts and associated-type bindings from field types",
                )),
            })
            .collect(),
        PathArguments::Parenthesized(_) => Err(error(
            span,
            "function traits are not data and cannot be part of an API type",
            WHERE_TYPES_COME_FROM,
        )),
    }
}

/// A path as written, resolved through the file's imports: its segments from
/// a crate root (or `self` / `super` / `crate`), and its type arguments.
struct Written<'a> {
    full: Vec<String>,
    args: Vec<&'a Type>,
    span: Span,
}

impl Written<'_> {
    fn name(&self) -> &str {
        self.full.last().map(String::as_str).unwrap_or_default()
    }

    fn no_args(&self, ft: FieldType) -> Result<FieldType, TypeError> {
        if self.args.is_empty() {
            Ok(ft)
        } else {
            Err(error(
                self.span,
                format!("`{}` takes no type arguments", self.name()),
                WHERE_TYPES_COME_FROM,
            ))
        }
    }
}

fn resolve_path(
    path: &syn::Path,
    span: Span,
    scope: &Scope<'_>,
    warnings: &mut Vec<TypeWarning>,
) -> Result<FieldType, TypeError> {
    let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    for seg in path
        .segments
        .iter()
        .take(path.segments.len().saturating_sub(1))
    {
        if !seg.arguments.is_none() {
            return Err(error(
                seg.span(),
                "type arguments are only supported on the last path segment",
                WHERE_TYPES_COME_FROM,
            ));
        }
    }
    let args = type_args(path, span)?;
    if segments.len() == 1 && scope.generics.contains(&segments[0]) {
        return Err(silent(span));
    }
    let full = if path.leading_colon.is_some() {
        segments.clone()
    } else {
        scope.uses.expand(&segments)
    };
    let written = Written { full, args, span };
    let name = written.name().to_owned();

    if written.full.len() == 1 && !scope.uses.is_imported(&name) {
        if let Some(ft) = primitive(&name, span)? {
            return written.no_args(ft);
        }
        if scope.locals.contains_key(&name) || scope.aliases.contains_key(&name) {
            return local(&name, &written.args, span, scope, warnings);
        }
        if matches!(
            name.as_str(),
            "String" | "Option" | "Vec" | "Box" | "BTreeMap" | "HashMap" | "BTreeSet" | "HashSet"
        ) {
            return std_type(&name, &written.args, span, scope, warnings);
        }
        if let Some(found) = from_globs(&name, scope) {
            let through_glob = Written {
                full: found,
                ..written
            };
            return external(&through_glob, scope, warnings);
        }
        return local(&name, &written.args, span, scope, warnings);
    }
    match written.full[0].as_str() {
        "super" | "self" | "crate" => own_crate(&written, scope, warnings),
        _ => external(&written, scope, warnings),
    }
}

/// The path a name not declared or imported by name comes from, through the
/// file's `use path::*;` items: the one glob whose crate has a type of that
/// name; or, as a name from a single `k8s_openapi` glob, the k8s-openapi type
/// of that name (an unknown one is reported with the CRD).
fn from_globs(name: &str, scope: &Scope<'_>) -> Option<Vec<String>> {
    let candidates = || {
        scope
            .uses
            .globs()
            .iter()
            .filter(|g| {
                !matches!(
                    g.first().map(String::as_str),
                    Some("super" | "self" | "crate")
                )
            })
            .map(|glob| {
                let mut path = glob.clone();
                path.push(name.to_owned());
                path
            })
    };
    let known: Vec<Vec<String>> = candidates()
        .filter(|path| is_known(&reexports::canonical(path)))
        .collect();
    if let [only] = known.as_slice() {
        return Some(only.clone());
    }
    let k8s: Vec<Vec<String>> = candidates()
        .filter(|path| reexports::canonical(path)[0] == "k8s_openapi")
        .collect();
    match k8s.as_slice() {
        [only] if known.is_empty() => Some(only.clone()),
        _ => None,
    }
}

/// Whether the type at a defining path is one kube-codegen knows (or knows to refuse).
fn is_known(canonical: &[String]) -> bool {
    let path = canonical.join("::");
    match canonical.first().map(String::as_str) {
        Some("k8s_openapi") => crate::emit::crd::is_known_external(&path),
        _ => crate_types::is_named(&path),
    }
}

/// A path into another crate, followed through its re-exports to the type
/// that defines it.
fn external(
    written: &Written<'_>,
    scope: &Scope<'_>,
    warnings: &mut Vec<TypeWarning>,
) -> Result<FieldType, TypeError> {
    let span = written.span;
    let canonical = reexports::canonical(&written.full);
    let path = canonical.join("::");
    let name = canonical.last().cloned().unwrap_or_default();
    if let Some(refused) = crate_types::refused(&path) {
        return Err(error(
            span,
            format!(
                "`{}` cannot be used in API types: {}",
                written.full.join("::"),
                refused.why
            ),
            refused.instead,
        ));
    }
    match canonical[0].as_str() {
        "std" | "alloc" | "core" => {
            if let Some(ft) = primitive(&name, span)? {
                return written.no_args(ft);
            }
            std_type(&name, &written.args, span, scope, warnings)
        }
        "serde_json" if name == "Value" => written.no_args(FieldType::Json),
        "serde_json" => Err(error(
            span,
            format!("`serde_json::{name}` is not supported"),
            "use `serde_json::Value` for arbitrary JSON, or `BTreeMap<String, serde_json::Value>` for an object",
        )),
        "k8s_openapi" => written.no_args(FieldType::External(ExternalType::new(path))),
        "chrono" if name == "DateTime" => {
            let utc = match written.args.as_slice() {
                [arg] => is_chrono_utc(arg, scope),
                _ => false,
            };
            if !utc {
                return Err(error(
                    span,
                    "only `chrono::DateTime<Utc>` is supported".to_owned(),
                    "Kubernetes timestamps are UTC (RFC 3339): write `chrono::DateTime<chrono::Utc>`",
                ));
            }
            let known = crate_types::known(CHRONO_DATE_TIME)
                .expect("chrono's timestamp is a known crate type");
            Ok(FieldType::External(ExternalType::new(known.path)))
        }
        root => match crate_types::known(&path) {
            Some(known) => {
                let spelling = crate_types::spelling(&written.full, known);
                written.no_args(FieldType::External(ExternalType {
                    path: known.path.to_owned(),
                    spelling: (spelling != known.path).then_some(spelling),
                }))
            }
            None => Err(error(
                span,
                format!(
                    "cannot use `{name}` from crate `{root}`: kube-codegen does not know its schema"
                ),
                format!(
                    "{WHERE_TYPES_COME_FROM}; Go's `metav1.Time` is \
                     `k8s_openapi::apimachinery::pkg::apis::meta::v1::Time`"
                ),
            )),
        },
    }
}

/// Whether the type argument of a `chrono::DateTime` is chrono's `Utc`.
fn is_chrono_utc(arg: &Type, scope: &Scope<'_>) -> bool {
    let Type::Path(p) = arg else { return false };
    let segments: Vec<String> = p
        .path
        .segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect();
    // `Utc` written bare without an import does not compile; it means chrono's.
    if segments == ["Utc"] && !scope.uses.is_imported("Utc") {
        return true;
    }
    let full = if p.path.leading_colon.is_some() {
        segments
    } else {
        scope.uses.expand(&segments)
    };
    reexports::canonical(&full) == ["chrono", "Utc"]
}

/// A path into the API crate itself (`crate::`, `self::`, `super::`): a type of
/// this version module however it is reached (`super::AppSpec`,
/// `super::app::AppSpec`, `crate::myapp::v1::AppSpec`, or from `v1`,
/// `super::super::v1::AppSpec`).
fn own_crate(
    written: &Written<'_>,
    scope: &Scope<'_>,
    warnings: &mut Vec<TypeWarning>,
) -> Result<FieldType, TypeError> {
    let module: Vec<String> = if scope.uses.module().is_empty() {
        // A file of the version module, not `mod.rs`.
        ["crate", scope.group_module, scope.version_module, "_"]
            .map(str::to_owned)
            .to_vec()
    } else {
        scope.uses.module().to_vec()
    };
    let absolute = absolute(&written.full, &module).unwrap_or_default();
    let version_at = |i: usize| {
        absolute.get(i).map(String::as_str) == Some(scope.group_module)
            && absolute.get(i + 1).map(String::as_str) == Some(scope.version_module)
    };
    // `[crate, .., group, version, Name]` or `[crate, .., group, version, file, Name]`.
    let n = absolute.len();
    if (n >= 4 && version_at(n - 3)) || (n >= 5 && version_at(n - 4)) {
        return local(written.name(), &written.args, written.span, scope, warnings);
    }
    Err(error(
        written.span,
        format!(
            "`{}` is not a type of this version module",
            written.full.join("::")
        ),
        "a version module may use its own types, std types, `serde_json::Value` and `k8s_openapi` types; \
         copy the type into this version if both versions need it",
    ))
}

/// `path` from the crate root, for a path written in module `module`; `None`
/// when its `super`s go above the root.
fn absolute(path: &[String], module: &[String]) -> Option<Vec<String>> {
    let (mut out, rest) = match path.first().map(String::as_str) {
        Some("crate") => (vec!["crate".to_owned()], &path[1..]),
        Some("self") => (module.to_vec(), &path[1..]),
        Some("super") => (module.to_vec(), path),
        _ => return None,
    };
    let mut rest = rest.iter().peekable();
    while rest.peek().is_some_and(|s| *s == "super") {
        rest.next();
        out.pop();
        if out.is_empty() {
            return None;
        }
    }
    out.extend(rest.cloned());
    Some(out)
}

/// A type of the version module, or the type a type alias of the module names.
fn local(
    name: &str,
    args: &[&Type],
    span: Span,
    scope: &Scope<'_>,
    warnings: &mut Vec<TypeWarning>,
) -> Result<FieldType, TypeError> {
    if let (false, Some(alias)) = (scope.locals.contains_key(name), scope.aliases.get(name)) {
        if !args.is_empty() {
            return Err(error(
                span,
                format!("`{name}` takes no type arguments"),
                "generic type aliases are not supported",
            ));
        }
        // The alias was written in its own file, with that file's imports; an
        // alias of an alias (Go's `type HTTPHeaderName HeaderName`) is
        // followed, a cycle refused.
        if scope.alias_depth >= MAX_ALIAS_DEPTH {
            return Err(error(
                span,
                format!("type alias `{name}` names itself through other aliases"),
                "an alias must end in a type that is not an alias",
            ));
        }
        let alias_scope = Scope {
            uses: &alias.uses,
            alias_depth: scope.alias_depth + 1,
            ..*scope
        };
        let mut inner_warnings = Vec::new();
        let resolved = resolve(&alias.ty, &alias_scope, &mut inner_warnings).map_err(|e| {
            // Point at the use, not into the alias's file.
            if e.silent {
                silent(span)
            } else {
                error(
                    span,
                    format!("type alias `{name}` cannot be used: {}", e.message),
                    e.help,
                )
            }
        })?;
        warnings.extend(
            inner_warnings
                .into_iter()
                .map(|w| TypeWarning { span, ..w }),
        );
        return Ok(resolved);
    }
    if !scope.locals.contains_key(name) {
        if scope.incomplete {
            return Err(silent(span));
        }
        return Err(error(
            span,
            format!("cannot find type `{name}`"),
            WHERE_TYPES_COME_FROM,
        ));
    }
    if !args.is_empty() {
        return Err(error(
            span,
            format!("`{name}` takes no type arguments"),
            "generic API types are not supported",
        ));
    }
    Ok(FieldType::Local(name.to_owned()))
}

/// Scalars; `Ok(None)` when `name` is not a primitive.
fn primitive(name: &str, span: Span) -> Result<Option<FieldType>, TypeError> {
    let integer = |bits, signed| Ok(Some(FieldType::Integer { bits, signed }));
    match name {
        "bool" => Ok(Some(FieldType::Bool)),
        "String" => Ok(Some(FieldType::String)),
        "i8" => integer(8, true),
        "i16" => integer(16, true),
        "i32" => integer(32, true),
        "i64" => integer(64, true),
        "isize" => Ok(Some(FieldType::PointerSized { signed: true })),
        "u8" => integer(8, false),
        "u16" => integer(16, false),
        "u32" => integer(32, false),
        "u64" => integer(64, false),
        "usize" => Ok(Some(FieldType::PointerSized { signed: false })),
        "f32" => Ok(Some(FieldType::Float { bits: 32 })),
        "f64" => Ok(Some(FieldType::Float { bits: 64 })),
        "i128" | "u128" => Err(error(
            span,
            "128-bit integers do not fit in JSON numbers",
            "use `i64` or `u64`",
        )),
        "char" => Err(error(
            span,
            "`char` is not supported",
            "use `String` with `+kubebuilder:validation:MaxLength=1`",
        )),
        "str" => Err(error(span, "`str` is not supported", "use `String`")),
        _ => Ok(None),
    }
}

fn arity(name: &str, args: &[&Type], n: usize, span: Span) -> Result<(), TypeError> {
    if args.len() == n {
        Ok(())
    } else {
        Err(error(
            span,
            format!(
                "`{name}` needs {n} type argument{}",
                if n == 1 { "" } else { "s" }
            ),
            format!("write `{name}<{}>`", if n == 1 { "T" } else { "String, V" }),
        ))
    }
}

fn std_type(
    name: &str,
    args: &[&Type],
    span: Span,
    scope: &Scope<'_>,
    warnings: &mut Vec<TypeWarning>,
) -> Result<FieldType, TypeError> {
    match name {
        "String" if args.is_empty() => Ok(FieldType::String),
        "Option" | "Vec" | "Box" => {
            arity(name, args, 1, span)?;
            let inner = Box::new(resolve(args[0], scope, warnings)?);
            Ok(match name {
                "Option" => FieldType::Option(inner),
                "Box" => FieldType::Boxed(inner),
                _ => {
                    if *inner
                        == (FieldType::Integer {
                            bits: 8,
                            signed: false,
                        })
                    {
                        warnings.push(TypeWarning {
                            span,
                            message: "`Vec<u8>` is a JSON array of numbers".to_owned(),
                            help: "for bytes encoded as base64 (Go's `[]byte`) use `k8s_openapi::ByteString`".to_owned(),
                            numbers: true,
                        });
                    }
                    FieldType::Vec(inner)
                }
            })
        }
        "BTreeMap" | "HashMap" => {
            arity(name, args, 2, span)?;
            // Whether serde can write the key as a JSON object key is checked
            // on the whole model (`validate`), where newtypes' fields are known.
            let key = Box::new(resolve(args[0], scope, warnings)?);
            let value = Box::new(resolve(args[1], scope, warnings)?);
            Ok(FieldType::Map {
                ordered: name == "BTreeMap",
                key,
                value,
            })
        }
        "BTreeSet" | "HashSet" => Err(error(
            span,
            "sets are not supported",
            "use `Vec<T>` with `+listType=set`",
        )),
        "Rc" | "Arc" | "Cell" | "RefCell" | "Cow" | "Mutex" | "RwLock" => Err(error(
            span,
            format!("`{name}` is not supported in API types"),
            "use the inner type; `Box<T>` is supported for recursive types",
        )),
        _ => Err(error(
            span,
            format!("`{name}` is not supported in API types"),
            WHERE_TYPES_COME_FROM,
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::crate_types::JIFF_TIMESTAMP;

    fn scope_with<'a>(
        uses: &'a UseMap,
        locals: &'a BTreeMap<String, Shape>,
        aliases: &'a BTreeMap<String, Alias>,
    ) -> Scope<'a> {
        Scope {
            uses,
            locals,
            aliases,
            generics: &[],
            group_module: "myapp",
            version_module: "v1",
            incomplete: false,
            alias_depth: 0,
        }
    }

    fn resolve_str(uses_src: &str, ty: &str) -> Result<FieldType, String> {
        let file = syn::parse_file(uses_src).unwrap();
        let mut uses = UseMap::default();
        for item in &file.items {
            if let syn::Item::Use(u) = item {
                uses.add(u);
            }
        }
        let locals = BTreeMap::from([("AppSpec".to_owned(), Shape::Struct)]);
        let ty: Type = syn::parse_str(ty).unwrap();
        let aliases = BTreeMap::new();
        resolve(&ty, &scope_with(&uses, &locals, &aliases), &mut Vec::new()).map_err(|e| e.message)
    }

    fn ext(path: &str) -> FieldType {
        FieldType::External(ExternalType::new(path))
    }

    fn spelt(path: &str, spelling: &str) -> FieldType {
        FieldType::External(ExternalType {
            path: path.to_owned(),
            spelling: Some(spelling.to_owned()),
        })
    }

    #[test]
    fn resolves_std_local_and_k8s_types() {
        let uses = "use k8s_openapi::api::core::v1::PodSpec; use k8s_openapi::apimachinery::pkg::apis::meta::v1 as metav1; use std::collections::BTreeMap;";
        assert_eq!(
            resolve_str(uses, "Option<PodSpec>"),
            Ok(FieldType::Option(Box::new(ext(
                "k8s_openapi::api::core::v1::PodSpec"
            ))))
        );
        assert_eq!(
            resolve_str(uses, "metav1::Time"),
            Ok(ext("k8s_openapi::apimachinery::pkg::apis::meta::v1::Time"))
        );
        assert_eq!(
            resolve_str(uses, "BTreeMap<String, Vec<i32>>"),
            Ok(FieldType::Map {
                ordered: true,
                key: Box::new(FieldType::String),
                value: Box::new(FieldType::Vec(Box::new(FieldType::Integer {
                    bits: 32,
                    signed: true
                })))
            })
        );
        assert_eq!(
            resolve_str(uses, "std::collections::HashMap<String, serde_json::Value>"),
            Ok(FieldType::Map {
                ordered: false,
                key: Box::new(FieldType::String),
                value: Box::new(FieldType::Json)
            })
        );
        assert_eq!(
            resolve_str(uses, "Box<AppSpec>"),
            Ok(FieldType::Boxed(Box::new(FieldType::Local(
                "AppSpec".into()
            ))))
        );
        assert_eq!(
            resolve_str(uses, "super::app::AppSpec"),
            Ok(FieldType::Local("AppSpec".into()))
        );
        assert_eq!(
            resolve_str(uses, "crate::myapp::v1::AppSpec"),
            Ok(FieldType::Local("AppSpec".into()))
        );
        assert_eq!(
            resolve_str(uses, "u64"),
            Ok(FieldType::Integer {
                bits: 64,
                signed: false
            })
        );
        assert_eq!(
            resolve_str(uses, "::k8s_openapi::ByteString"),
            Ok(ext("k8s_openapi::ByteString"))
        );
        assert_eq!(
            resolve_str("use k8s_openapi::api::core::v1::*;", "Container"),
            Ok(ext("k8s_openapi::api::core::v1::Container"))
        );
    }

    #[test]
    fn fixed_size_arrays_are_lists_of_their_item() {
        assert_eq!(
            resolve_str("", "[String; 3]"),
            Ok(FieldType::Array {
                item: Box::new(FieldType::String),
                len: 3
            })
        );
    }

    #[test]
    fn time_crates_timestamps_are_known() {
        assert_eq!(
            resolve_str("use chrono::{DateTime, Utc};", "DateTime<Utc>"),
            Ok(ext(CHRONO_DATE_TIME))
        );
        assert_eq!(
            resolve_str("", "chrono::DateTime<chrono::Utc>"),
            Ok(ext(CHRONO_DATE_TIME))
        );
        assert_eq!(
            resolve_str("use jiff::Timestamp;", "Timestamp"),
            Ok(ext(JIFF_TIMESTAMP))
        );
    }

    /// However a type is reached (re-exports of k8s-openapi and kube, globs,
    /// `self` / `super` / `crate` paths), it is the type that defines it.
    #[test]
    fn reexports_and_relative_paths_reach_the_defining_type() {
        let meta = ext("k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta");
        for ty in [
            "kube::api::ObjectMeta",
            "kube::core::ObjectMeta",
            "kube_core::ObjectMeta",
        ] {
            assert_eq!(resolve_str("", ty), Ok(meta.clone()), "{ty}");
        }
        assert_eq!(resolve_str("use kube::api::*;", "ObjectMeta"), Ok(meta));
        assert_eq!(
            resolve_str("", "k8s_openapi::jiff::Timestamp"),
            Ok(spelt(JIFF_TIMESTAMP, "k8s_openapi::jiff::Timestamp"))
        );
        assert_eq!(
            resolve_str("use k8s_openapi::jiff;", "jiff::Timestamp"),
            Ok(spelt(JIFF_TIMESTAMP, "k8s_openapi::jiff::Timestamp"))
        );
        let duration = spelt("kube_core::duration::Duration", "kube::core::Duration");
        assert_eq!(
            resolve_str("use kube::core::Duration;", "Duration"),
            Ok(duration.clone())
        );
        assert_eq!(
            resolve_str("use kube::core::*;", "Duration"),
            Ok(duration.clone())
        );
        assert_eq!(resolve_str("", "kube_core::Duration"), Ok(duration));
        assert_eq!(
            resolve_str("use chrono::prelude::*;", "DateTime<Utc>"),
            Ok(ext(CHRONO_DATE_TIME))
        );
        assert_eq!(
            resolve_str("use k8s_openapi::serde_json;", "serde_json::Value"),
            Ok(FieldType::Json)
        );
        // This version, reached from above it.
        for ty in [
            "super::super::v1::AppSpec",
            "self::AppSpec",
            "crate::apis::myapp::v1::types::AppSpec",
        ] {
            assert_eq!(
                resolve_str("", ty),
                Ok(FieldType::Local("AppSpec".into())),
                "{ty}"
            );
        }
    }

    #[test]
    fn rejects_what_has_no_schema() {
        let e = |ty: &str| {
            resolve_str("use chrono::DateTime; use time::OffsetDateTime;", ty).unwrap_err()
        };
        assert_eq!(
            e("(i32, i32)"),
            "tuple types are not supported: JSON has no unnamed fields"
        );
        assert!(e("&'static str").starts_with("references are not supported"));
        assert_eq!(
            e("[u8; N]"),
            "the length of a fixed-size array must be an integer literal"
        );
        assert!(e("Box<dyn std::any::Any>").starts_with("trait objects"));
        assert!(e("fn(i32) -> i32").starts_with("function pointers"));
        assert_eq!(e("Missing"), "cannot find type `Missing`");
        assert_eq!(
            e("OffsetDateTime"),
            "cannot use `OffsetDateTime` from crate `time`: kube-codegen does not know its schema"
        );
        assert_eq!(
            e("DateTime<chrono::FixedOffset>"),
            "only `chrono::DateTime<Utc>` is supported"
        );
        assert_eq!(
            e("std::time::Duration"),
            "`std::time::Duration` cannot be used in API types: serde writes it as an object \
             `{\"secs\": .., \"nanos\": ..}`, not as the duration strings Kubernetes APIs use"
        );
        assert!(e("kube::core::Selector").starts_with("`kube::core::Selector` cannot be used"));
        assert_eq!(
            e("super::super::v2::AppSpec"),
            "`super::super::v2::AppSpec` is not a type of this version module"
        );
    }
}
