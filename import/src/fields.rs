//! One Go struct field → Rust fields, by the rules the book documents
//! (docs/src/import.md):
//! what controller-gen makes required stays a plain value, what it makes
//! optional becomes an `Option` (a list or map: empty, left out) with serde's
//! skips; embedded structs are flattened; `metav1.TypeMeta` is kube's.

use super::comments;
use super::go_model::{GoField, GoType};
use super::naming;
use super::resolve::{Named, Refusal, Resolver, Src};
use super::rust_model::{FieldOut, RType};
use kube_codegen::diag::Diagnostic;
use kube_codegen::model::Location;

const OPTIONAL: &[&str] = &[
    "+optional",
    "+kubebuilder:validation:Optional",
    "+k8s:optional",
];
const REQUIRED: &[&str] = &[
    "+required",
    "+kubebuilder:validation:Required",
    "+k8s:required",
];

/// The markers written above a field.
pub(crate) struct FieldMarkers<'a> {
    pub texts: Vec<&'a str>,
}

impl FieldMarkers<'_> {
    fn has(&self, names: &[&str]) -> bool {
        self.texts.iter().any(|t| {
            names.iter().any(|n| {
                t.strip_prefix(n).is_some_and(|rest| {
                    rest.is_empty() || rest == "=true" || rest.starts_with([' ', '\t'])
                })
            })
        })
    }
}

/// What a struct's fields are, given the package's and the struct's
/// `+kubebuilder:validation:Optional` (fields optional unless marked).
pub(crate) struct FieldCx {
    pub optional_by_default: bool,
    /// The struct is a kind or a list (it has `metadata`): an embedded
    /// `metav1.TypeMeta` is kube's there. Elsewhere (prometheus-operator's
    /// `EmbeddedPersistentVolumeClaim`) it is fields of the schema.
    pub root: bool,
}

/// The Rust fields for `f` (none for `TypeMeta` and `json:"-"`), each with
/// `comments` above the first.
pub(crate) fn fields<'p>(
    r: &mut Resolver<'p>,
    src: Src<'p>,
    f: &'p GoField,
    markers: &FieldMarkers<'_>,
    cx: &FieldCx,
    mut comments_above: Vec<String>,
) -> Vec<FieldOut> {
    let json = f.tag_value("json");
    let (json_name, options) = match json {
        Some(tag) => {
            let mut parts = tag.split(',');
            let name = parts.next().unwrap_or_default().to_owned();
            (name, parts.map(str::to_owned).collect::<Vec<_>>())
        }
        None => (String::new(), Vec::new()),
    };
    if json_name == "-" && options.is_empty() {
        r.diags.push(
            Diagnostic::warning(
                format!(
                    "`{}` is not part of the JSON (`json:\"-\"`) and is left out",
                    f.names.join(", ")
                ),
                location(src, f),
            )
            .with_help("the import writes the API's data; keep Go-only state in Go"),
        );
        return Vec::new();
    }
    let omit = options.iter().any(|o| o == "omitempty" || o == "omitzero");
    let optional =
        markers.has(OPTIONAL) || (!markers.has(REQUIRED) && (omit || cx.optional_by_default));
    let nullable = markers.has(&["+nullable"]);
    let trailing = comments::trailing_on(&src.file.comments, f.end).map(comments::trailing);

    if f.names.is_empty() && json_name.is_empty() {
        return embedded(r, src, f, optional, cx.root, comments_above, trailing);
    }
    let names: Vec<(String, String)> = if f.names.is_empty() {
        vec![(json_name.clone(), json_name.clone())]
    } else {
        f.names
            .iter()
            .map(|n| {
                let json = if json_name.is_empty() {
                    n.clone()
                } else {
                    json_name.clone()
                };
                (n.clone(), json)
            })
            .collect()
    };
    let mut out = Vec::new();
    for (go_name, json) in names {
        let Some(name) = naming::field_name(&json) else {
            r.refuse(
                src.file,
                Refusal {
                    pos: f.pos,
                    width: go_name.len(),
                    message: format!("JSON name `{json}` has no Rust field name"),
                    help: "give the field a JSON name of letters and digits".into(),
                },
            );
            continue;
        };
        let ty = match r.rust(src, &f.ty) {
            Ok(ty) => ty,
            Err(refusal) => {
                r.refuse(src.file, refusal);
                continue;
            }
        };
        let mut attrs = Vec::new();
        if naming::serde_camel(&name) != json {
            attrs.push(format!("#[serde(rename = {json:?})]"));
        }
        let is_meta =
            json == "metadata" && matches!(&ty, RType::External(p) if p.ends_with("::ObjectMeta"));
        let ty = if is_meta {
            // kube's `Resource` needs the kind's metadata as a plain value;
            // what controller-gen makes of Go's tag stays in the schema.
            if !optional && !markers.has(REQUIRED) && f.names.is_empty() {
                comments_above.push("// +required".into());
            }
            unwrap_option(ty)
        } else {
            shape(ty, optional, nullable, &mut attrs)
        };
        out.push(FieldOut {
            comments: std::mem::take(&mut comments_above),
            attrs,
            name,
            ty,
            trailing: trailing.clone(),
        });
    }
    out
}

/// An embedded field without a JSON name: its fields join the struct's.
fn embedded<'p>(
    r: &mut Resolver<'p>,
    src: Src<'p>,
    f: &'p GoField,
    optional: bool,
    root: bool,
    comments_above: Vec<String>,
    trailing: Option<String>,
) -> Vec<FieldOut> {
    let (inner, pointer) = match &f.ty {
        GoType::Pointer(inner) => (inner.as_ref(), true),
        other => (other, false),
    };
    let GoType::Named { pkg, name, pos } = inner else {
        r.refuse(
            src.file,
            Refusal {
                pos: f.pos,
                width: 1,
                message: "an embedded field must name a type".into(),
                help: "embed a named struct type".into(),
            },
        );
        return Vec::new();
    };
    let ty = match r.named(src, pkg.as_deref(), name, *pos, true) {
        Ok(Named::TypeMeta) if root => return Vec::new(),
        Ok(Named::TypeMeta) => r.go_source_type(src, pkg.as_deref().unwrap_or_default(), name),
        Ok(Named::Rust(ty)) => ty,
        Err(refusal) => {
            r.refuse(src.file, refusal);
            return Vec::new();
        }
    };
    let ty = if pointer || optional {
        RType::Option(Box::new(ty))
    } else {
        ty
    };
    vec![FieldOut {
        comments: comments_above,
        attrs: vec!["#[serde(flatten)]".into()],
        name: naming::embedded_name(name),
        ty,
        trailing,
    }]
}

/// The Rust shape of a field: a required one as its value, an optional one
/// in an `Option` left out when `None` (a list or map: left out when empty),
/// a `+nullable` one an `Option` written as `null`.
fn shape(ty: RType, optional: bool, nullable: bool, attrs: &mut Vec<String>) -> RType {
    let value = unwrap_option(ty);
    if nullable {
        attrs.push("#[serde(default)]".into());
        return RType::Option(Box::new(value));
    }
    if !optional {
        return value;
    }
    match value {
        RType::Vec(_) => {
            attrs.push(r#"#[serde(default, skip_serializing_if = "Vec::is_empty")]"#.into());
            value
        }
        RType::Map(..) => {
            attrs.push(r#"#[serde(default, skip_serializing_if = "BTreeMap::is_empty")]"#.into());
            value
        }
        other => {
            attrs.push(r#"#[serde(default, skip_serializing_if = "Option::is_none")]"#.into());
            RType::Option(Box::new(other))
        }
    }
}

fn unwrap_option(ty: RType) -> RType {
    match ty {
        RType::Option(inner) => unwrap_option(*inner),
        other => other,
    }
}

fn location(src: Src<'_>, f: &GoField) -> Location {
    Location {
        file: src.file.path.clone(),
        line: f.pos.line,
        column: f.pos.column,
    }
}
