//! The Go source of an API package, as far as the import needs it: the
//! package clause and its comments, imports, type and constant declarations
//! with their positions, and every comment of the file with its line, so that
//! each can be written back where it stood.

use std::collections::BTreeMap;
use std::path::PathBuf;

/// A 1-based line and column (in characters) in a Go file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Pos {
    pub line: usize,
    pub column: usize,
}

/// A comment as written (`// text` or `/* text */`), on one or more lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Comment {
    pub line: usize,
    pub end_line: usize,
    pub text: String,
    /// Whether code precedes it on its line (`Name string // why`).
    pub trailing: bool,
}

/// One parsed `.go` file.
#[derive(Clone, Debug)]
pub(crate) struct GoFile {
    /// The path diagnostics name.
    pub path: PathBuf,
    pub source: String,
    pub package: String,
    pub package_line: usize,
    /// Local name → import path (`metav1` → `k8s.io/apimachinery/pkg/apis/meta/v1`).
    pub imports: BTreeMap<String, String>,
    pub comments: Vec<Comment>,
    /// Top-level declarations in file order, each with its line range.
    pub decls: Vec<Decl>,
}

impl GoFile {
    /// The import path a package qualifier names: its import's, or for an
    /// unnamed import of a module's `/vN` major version, the one whose
    /// element before the suffix is the qualifier.
    pub fn import_path(&self, qualifier: &str) -> Option<&str> {
        if let Some(path) = self.imports.get(qualifier) {
            return Some(path);
        }
        self.imports.values().map(String::as_str).find(|path| {
            let mut parts = path.rsplit('/');
            let last = parts.next().unwrap_or_default();
            let major = last.len() > 1
                && last.starts_with('v')
                && last[1..].chars().all(|c| c.is_ascii_digit());
            major
                && parts
                    .next()
                    .is_some_and(|p| p.replace('-', "_") == qualifier)
        })
    }
}

/// A top-level declaration (or one spec of a grouped `type (...)` / `const (...)`).
#[derive(Clone, Debug)]
pub(crate) struct Decl {
    pub start: usize,
    pub end: usize,
    pub kind: DeclKind,
}

#[derive(Clone, Debug)]
pub(crate) enum DeclKind {
    Type(TypeSpec),
    Const(ConstSpec),
    /// Functions, methods, variables, imports: Go code, not API.
    Other,
}

/// `type Name T` or `type Name = T`.
#[derive(Clone, Debug)]
pub(crate) struct TypeSpec {
    pub name: String,
    pub pos: Pos,
    /// `type Name = T`: another name for `T`.
    pub alias: bool,
    /// Has type parameters.
    pub generic: bool,
    pub ty: GoType,
}

/// A Go type expression.
#[derive(Clone, Debug)]
pub(crate) enum GoType {
    /// `Name` (`pkg: None`) or `pkg.Name`.
    Named {
        pkg: Option<String>,
        name: String,
        pos: Pos,
    },
    Pointer(Box<GoType>),
    Slice(Box<GoType>),
    Array {
        len: String,
        item: Box<GoType>,
    },
    Map {
        key: Box<GoType>,
        value: Box<GoType>,
    },
    Struct(StructType),
    /// Anything the import has no mapping for (interfaces, functions,
    /// channels, generics, anonymous structs in a field), as written.
    Other {
        text: String,
        pos: Pos,
    },
}

/// The fields of a struct type, and where its closing brace is.
#[derive(Clone, Debug)]
pub(crate) struct StructType {
    pub fields: Vec<GoField>,
    pub open_line: usize,
    pub close_line: usize,
}

/// One field declaration (`A, B string` is one declaration of two names).
#[derive(Clone, Debug)]
pub(crate) struct GoField {
    /// Empty for an embedded field.
    pub names: Vec<String>,
    pub ty: GoType,
    /// The raw tag text between its quotes (`json:"name,omitempty"`).
    pub tag: Option<String>,
    pub pos: Pos,
    pub start: usize,
    pub end: usize,
}

impl GoField {
    /// The value of `key` in the tag (`reflect.StructTag.Lookup`).
    pub fn tag_value(&self, key: &str) -> Option<&str> {
        let mut rest = self.tag.as_deref()?.trim();
        while !rest.is_empty() {
            let colon = rest.find(':')?;
            let name = rest[..colon].trim();
            let after = rest[colon + 1..].strip_prefix('"')?;
            let mut end = None;
            let mut escaped = false;
            for (i, c) in after.char_indices() {
                match c {
                    '\\' if !escaped => escaped = true,
                    '"' if !escaped => {
                        end = Some(i);
                        break;
                    }
                    _ => escaped = false,
                }
            }
            let end = end?;
            if name == key {
                return Some(&after[..end]);
            }
            rest = after[end + 1..].trim_start();
        }
        None
    }
}

/// `const Name T = value` (one name of a const spec).
#[derive(Clone, Debug)]
pub(crate) struct ConstSpec {
    pub name: String,
    pub ty: Option<GoType>,
    /// The value as written, when there is exactly one literal for the name.
    pub value: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(tag: &str) -> GoField {
        GoField {
            names: vec!["A".into()],
            ty: GoType::Other {
                text: String::new(),
                pos: Pos::default(),
            },
            tag: Some(tag.into()),
            pos: Pos::default(),
            start: 1,
            end: 1,
        }
    }

    #[test]
    fn tag_values_are_looked_up_like_go_does() {
        let f = field(r#"json:"name,omitempty" protobuf:"bytes,1,opt,name=name""#);
        assert_eq!(f.tag_value("json"), Some("name,omitempty"));
        assert_eq!(f.tag_value("protobuf"), Some("bytes,1,opt,name=name"));
        assert_eq!(f.tag_value("yaml"), None);
        assert_eq!(
            field(r#"json:",inline""#).tag_value("json"),
            Some(",inline")
        );
    }
}
