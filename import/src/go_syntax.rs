//! Go source → [`GoFile`], with tree-sitter's Go grammar (the grammar the
//! tree-sitter project maintains; no Go parser is written here). A file with
//! syntax errors is refused at the first error, as `go build` would.

use std::path::Path;

use tree_sitter::{Node, Parser};

use super::go_model::{
    Comment, ConstSpec, Decl, DeclKind, GoField, GoFile, GoType, Pos, StructType, TypeSpec,
};

/// A syntax error, at its position.
#[derive(Debug)]
pub(crate) struct SyntaxError {
    pub pos: Pos,
    pub width: usize,
}

/// Parses `source`, the text of the Go file at `path`.
pub(crate) fn parse(path: &Path, source: &str) -> Result<GoFile, SyntaxError> {
    let mut parser = Parser::new();
    parser
        .set_language(&tree_sitter_go::LANGUAGE.into())
        .expect("the Go grammar matches the tree-sitter runtime it is built for");
    let tree = parser.parse(source, None).ok_or(SyntaxError {
        pos: Pos { line: 1, column: 1 },
        width: 1,
    })?;
    let root = tree.root_node();
    // Function bodies are Go code the import never reads, and may use syntax
    // newer than the grammar (Go 1.26's `new(expr)`): only errors outside
    // them refuse the file.
    if let Some(error) = error_outside_functions(root) {
        return Err(first_error(error, source));
    }
    let mut file = GoFile {
        path: path.to_owned(),
        source: source.to_owned(),
        package: String::new(),
        package_line: 0,
        imports: Default::default(),
        comments: Vec::new(),
        decls: Vec::new(),
    };
    let cx = Cx { source };
    cx.comments(root, &mut file.comments);
    let mut cursor = root.walk();
    for node in root.named_children(&mut cursor) {
        match node.kind() {
            "package_clause" => {
                file.package_line = line(node);
                if let Some(name) = node.named_child(0) {
                    file.package = cx.text(name).to_owned();
                }
            }
            "import_declaration" => {
                cx.imports(node, &mut file.imports);
                file.decls.push(other(node));
            }
            "type_declaration" => cx.type_declaration(node, &mut file.decls),
            "const_declaration" => cx.const_declaration(node, &mut file.decls),
            "comment" | "ERROR" => {}
            _ => file.decls.push(other(node)),
        }
    }
    Ok(file)
}

fn line(node: Node<'_>) -> usize {
    node.start_position().row + 1
}

fn end_line(node: Node<'_>) -> usize {
    node.end_position().row + 1
}

fn other(node: Node<'_>) -> Decl {
    Decl {
        start: line(node),
        end: end_line(node),
        kind: DeclKind::Other,
    }
}

/// The first node with a syntax error that is not inside a function or method.
fn error_outside_functions(node: Node<'_>) -> Option<Node<'_>> {
    if !node.has_error() || matches!(node.kind(), "function_declaration" | "method_declaration") {
        return None;
    }
    if node.is_error() || node.is_missing() {
        let mut cursor = node.walk();
        // An error node that swallowed a function (`func` inside it) is the
        // grammar failing on its body: still Go code.
        let is_function = node.children(&mut cursor).any(|c| c.kind() == "func");
        return (!is_function).then_some(node);
    }
    let mut cursor = node.walk();
    let children: Vec<Node<'_>> = node.children(&mut cursor).collect();
    children.into_iter().find_map(error_outside_functions)
}

fn first_error(node: Node<'_>, source: &str) -> SyntaxError {
    if node.is_error() || node.is_missing() {
        let cx = Cx { source };
        return SyntaxError {
            pos: cx.pos(node),
            width: cx
                .text(node)
                .lines()
                .next()
                .map_or(1, |l| l.chars().count().max(1)),
        };
    }
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        if child.is_error() || child.is_missing() {
            let cx = Cx { source };
            return SyntaxError {
                pos: cx.pos(child),
                width: cx
                    .text(child)
                    .lines()
                    .next()
                    .map_or(1, |l| l.chars().count().max(1)),
            };
        }
        if child.has_error() {
            return first_error(child, source);
        }
    }
    SyntaxError {
        pos: Cx { source }.pos(node),
        width: 1,
    }
}

struct Cx<'s> {
    source: &'s str,
}

impl<'s> Cx<'s> {
    fn text(&self, node: Node<'_>) -> &'s str {
        &self.source[node.byte_range()]
    }

    /// Line and column in characters (tree-sitter counts bytes).
    fn pos(&self, node: Node<'_>) -> Pos {
        let start = node.start_byte();
        let line_start = self.source[..start].rfind('\n').map_or(0, |i| i + 1);
        Pos {
            line: line(node),
            column: self.source[line_start..start].chars().count() + 1,
        }
    }

    /// Every comment under `node`, in order.
    fn comments(&self, node: Node<'_>, out: &mut Vec<Comment>) {
        let mut cursor = node.walk();
        for child in node.children(&mut cursor) {
            if child.kind() == "comment" {
                let start = child.start_byte();
                let line_start = self.source[..start].rfind('\n').map_or(0, |i| i + 1);
                out.push(Comment {
                    line: line(child),
                    end_line: end_line(child),
                    text: self.text(child).trim_end().to_owned(),
                    trailing: !self.source[line_start..start].trim().is_empty(),
                });
            } else if child.child_count() > 0 {
                self.comments(child, out);
            }
        }
    }

    fn imports(&self, node: Node<'_>, out: &mut std::collections::BTreeMap<String, String>) {
        let mut cursor = node.walk();
        for child in node.named_children(&mut cursor) {
            match child.kind() {
                "import_spec" => {
                    let Some(path) = child.child_by_field_name("path") else {
                        continue;
                    };
                    let path = self.text(path).trim_matches(['"', '`']).to_owned();
                    let name = match child.child_by_field_name("name") {
                        Some(n) => self.text(n).to_owned(),
                        // Go's default: the last element (the package's own
                        // name, which nearly always matches it).
                        None => default_import_name(&path),
                    };
                    out.insert(name, path);
                }
                "import_spec_list" => self.imports(child, out),
                _ => {}
            }
        }
    }

    fn type_declaration(&self, node: Node<'_>, out: &mut Vec<Decl>) {
        let mut cursor = node.walk();
        let specs: Vec<Node<'_>> = node
            .named_children(&mut cursor)
            .filter(|c| matches!(c.kind(), "type_spec" | "type_alias"))
            .collect();
        let grouped = specs.len() != 1
            || self.text(node).trim_start()[4..]
                .trim_start()
                .starts_with('(');
        for spec in specs {
            let (Some(name), Some(ty)) = (
                spec.child_by_field_name("name"),
                spec.child_by_field_name("type"),
            ) else {
                continue;
            };
            // A lone spec spans its `type` keyword; grouped ones their own lines.
            let range = if grouped { spec } else { node };
            out.push(Decl {
                start: line(range),
                end: end_line(range),
                kind: DeclKind::Type(TypeSpec {
                    name: self.text(name).to_owned(),
                    pos: self.pos(name),
                    alias: spec.kind() == "type_alias",
                    generic: spec.child_by_field_name("type_parameters").is_some(),
                    ty: self.ty(ty),
                }),
            });
        }
    }

    fn const_declaration(&self, node: Node<'_>, out: &mut Vec<Decl>) {
        let mut cursor = node.walk();
        let specs: Vec<Node<'_>> = node
            .named_children(&mut cursor)
            .filter(|c| c.kind() == "const_spec")
            .collect();
        let grouped = specs.len() != 1;
        for spec in specs {
            let mut names = Vec::new();
            let mut c = spec.walk();
            for name in spec.children_by_field_name("name", &mut c) {
                if name.kind() == "identifier" {
                    names.push(name);
                }
            }
            let values: Vec<Node<'_>> = spec
                .child_by_field_name("value")
                .map(|list| {
                    let mut c = list.walk();
                    list.named_children(&mut c).collect()
                })
                .unwrap_or_default();
            let ty = spec.child_by_field_name("type").map(|t| self.ty(t));
            let range = if grouped { spec } else { node };
            for (i, name) in names.iter().enumerate() {
                let value = (values.len() == names.len())
                    .then(|| values[i])
                    .filter(|v| {
                        matches!(
                            v.kind(),
                            "interpreted_string_literal"
                                | "raw_string_literal"
                                | "int_literal"
                                | "true"
                                | "false"
                        )
                    })
                    .map(|v| self.text(v).to_owned());
                out.push(Decl {
                    start: line(range),
                    end: end_line(range),
                    kind: DeclKind::Const(ConstSpec {
                        name: self.text(*name).to_owned(),
                        ty: ty.clone(),
                        value,
                    }),
                });
            }
        }
    }

    fn ty(&self, node: Node<'_>) -> GoType {
        match node.kind() {
            "type_identifier" => GoType::Named {
                pkg: None,
                name: self.text(node).to_owned(),
                pos: self.pos(node),
            },
            "qualified_type" => GoType::Named {
                pkg: node
                    .child_by_field_name("package")
                    .map(|p| self.text(p).to_owned()),
                name: node
                    .child_by_field_name("name")
                    .map(|n| self.text(n).to_owned())
                    .unwrap_or_default(),
                pos: self.pos(node),
            },
            "pointer_type" => match node.named_child(0) {
                Some(inner) => GoType::Pointer(Box::new(self.ty(inner))),
                None => self.other(node),
            },
            "slice_type" => match node.child_by_field_name("element") {
                Some(item) => GoType::Slice(Box::new(self.ty(item))),
                None => self.other(node),
            },
            "array_type" => match (
                node.child_by_field_name("length"),
                node.child_by_field_name("element"),
            ) {
                (Some(len), Some(item)) => GoType::Array {
                    len: self.text(len).to_owned(),
                    item: Box::new(self.ty(item)),
                },
                _ => self.other(node),
            },
            "map_type" => match (
                node.child_by_field_name("key"),
                node.child_by_field_name("value"),
            ) {
                (Some(key), Some(value)) => GoType::Map {
                    key: Box::new(self.ty(key)),
                    value: Box::new(self.ty(value)),
                },
                _ => self.other(node),
            },
            "parenthesized_type" => match node.named_child(0) {
                Some(inner) => self.ty(inner),
                None => self.other(node),
            },
            "struct_type" => GoType::Struct(self.struct_type(node)),
            _ => self.other(node),
        }
    }

    fn other(&self, node: Node<'_>) -> GoType {
        GoType::Other {
            text: self.text(node).to_owned(),
            pos: self.pos(node),
        }
    }

    fn struct_type(&self, node: Node<'_>) -> StructType {
        let mut fields = Vec::new();
        let mut close_line = end_line(node);
        let mut open_line = line(node);
        let mut cursor = node.walk();
        for list in node.named_children(&mut cursor) {
            if list.kind() != "field_declaration_list" {
                continue;
            }
            open_line = line(list);
            close_line = end_line(list);
            let mut c = list.walk();
            for decl in list.named_children(&mut c) {
                if decl.kind() == "field_declaration" {
                    fields.push(self.field(decl));
                }
            }
        }
        StructType {
            fields,
            open_line,
            close_line,
        }
    }

    fn field(&self, decl: Node<'_>) -> GoField {
        let mut cursor = decl.walk();
        let names: Vec<String> = decl
            .children_by_field_name("name", &mut cursor)
            .map(|n| self.text(n).to_owned())
            .collect();
        let ty = decl
            .child_by_field_name("type")
            .map_or_else(|| self.other(decl), |t| self.ty(t));
        // An embedded `*T`: the grammar keeps the star as a token of the field.
        let mut c = decl.walk();
        let star = names.is_empty() && decl.children(&mut c).any(|n| n.kind() == "*");
        let tag = decl.child_by_field_name("tag").map(|t| {
            let text = self.text(t);
            text[1..text.len().saturating_sub(1).max(1)].to_owned()
        });
        GoField {
            names,
            ty: if star {
                GoType::Pointer(Box::new(ty))
            } else {
                ty
            },
            tag,
            pos: self.pos(decl),
            start: line(decl),
            end: end_line(decl),
        }
    }
}

/// The name an import is known by without an explicit one: its last path
/// element (Go's is the imported package's own name, which nearly always is;
/// [`super::go_model::GoFile::import_path`] also tries the element before a
/// `/vN` major-version suffix).
fn default_import_name(path: &str) -> String {
    let last = path.rsplit('/').next().unwrap_or(path);
    last.trim_start_matches("go-")
        .trim_end_matches(".go")
        .replace(['-', '.'], "_")
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOURCE: &str = r#"/*
Licence.
*/

// Package v1 holds the API.
// +groupName=example.com
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Policy says when.
// +kubebuilder:validation:Enum=A;B
type Policy string

const (
	// PolicyA is A.
	PolicyA Policy = "A"
	PolicyB Policy = "B"
)

// Thing is a thing.
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Size of it.
	// +optional
	Size *int32 `json:"size,omitempty"` // trailing
	Ports, Other []intstr.IntOrString `json:"ports"`
	*Embedded
	Labels map[string]string `json:"labels,omitempty"`
	Fn func() `json:"-"`
}

type Alias = Thing

func (t *Thing) DeepCopy() *Thing { return t }
"#;

    #[test]
    fn declarations_fields_tags_and_comments_are_read() {
        let f = parse(Path::new("v1/types.go"), SOURCE).unwrap();
        assert_eq!(f.package, "v1");
        assert_eq!(f.package_line, 7);
        assert_eq!(f.imports["metav1"], "k8s.io/apimachinery/pkg/apis/meta/v1");
        assert_eq!(f.imports["intstr"], "k8s.io/apimachinery/pkg/util/intstr");
        let types: Vec<&TypeSpec> = f
            .decls
            .iter()
            .filter_map(|d| match &d.kind {
                DeclKind::Type(t) => Some(t),
                _ => None,
            })
            .collect();
        assert_eq!(types.len(), 3);
        assert!(types[2].alias);
        let GoType::Struct(s) = &types[1].ty else {
            panic!("{:?}", types[1].ty)
        };
        assert_eq!(s.fields.len(), 7);
        assert_eq!(s.fields[0].names, Vec::<String>::new());
        assert_eq!(s.fields[2].names, ["Size"]);
        assert!(matches!(s.fields[2].ty, GoType::Pointer(_)));
        assert_eq!(s.fields[2].tag_value("json"), Some("size,omitempty"));
        assert_eq!(s.fields[3].names, ["Ports", "Other"]);
        assert!(
            matches!(&s.fields[4].ty, GoType::Pointer(inner) if matches!(**inner, GoType::Named { .. }))
        );
        assert!(matches!(s.fields[6].ty, GoType::Other { .. }));
        let consts: Vec<&ConstSpec> = f
            .decls
            .iter()
            .filter_map(|d| match &d.kind {
                DeclKind::Const(c) => Some(c),
                _ => None,
            })
            .collect();
        assert_eq!(consts[0].name, "PolicyA");
        assert_eq!(consts[0].value.as_deref(), Some("\"A\""));
        let trailing: Vec<&Comment> = f.comments.iter().filter(|c| c.trailing).collect();
        assert_eq!(trailing.len(), 1);
        assert_eq!(trailing[0].text, "// trailing");
        assert_eq!(f.comments[0].text, "/*\nLicence.\n*/");
    }

    #[test]
    fn syntax_the_grammar_lacks_inside_function_bodies_is_no_error() {
        let source = "package v1\n\ntype A struct {\n\tB string `json:\"b\"`\n}\n\n\
                      func f(in *A) *string {\n\treturn new(in.B)\n}\n";
        let f = parse(Path::new("x.go"), source).unwrap();
        assert!(
            f.decls
                .iter()
                .any(|d| matches!(&d.kind, DeclKind::Type(t) if t.name == "A"))
        );
    }

    #[test]
    fn a_syntax_error_is_refused_at_its_place() {
        let err = parse(
            Path::new("x.go"),
            "package v1\n\ntype A struct {\n\tB string `json:\"b\"\n}\n",
        )
        .unwrap_err();
        assert!((3..=4).contains(&err.pos.line), "{err:?}");
    }
}
