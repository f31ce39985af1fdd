//! One field of an apply configuration: its type (every struct of the API
//! replaced by its apply configuration, everything else as the API type has
//! it), its serde attributes and its `with_*` builder.

use std::collections::BTreeSet;

use crate::emit::code::{Code, lit};
use crate::emit::names::ident;
use crate::emit::rust_type::{Spelling, render_with, type_path};
use crate::model::{Field, FieldType};

/// The struct types of one version that get an apply configuration.
pub(crate) struct Structs<'a> {
    pub(crate) names: BTreeSet<&'a str>,
}

/// Apply configurations spell every path absolutely; the API's structs are
/// their configurations, its enums and newtypes its own types (set whole).
impl Spelling for Structs<'_> {
    fn map(&self, ordered: bool) -> String {
        if ordered {
            "::std::collections::BTreeMap".to_owned()
        } else {
            "::std::collections::HashMap".to_owned()
        }
    }

    fn json(&self) -> String {
        "::serde_json::Value".to_owned()
    }

    fn local(&self, name: &str) -> String {
        if self.names.contains(name) {
            Self::apply_name(name)
        } else {
            format!("types::{}", ident(name))
        }
    }

    fn external(&self, path: &str) -> String {
        format!("::{}", type_path(path))
    }
}

impl Structs<'_> {
    /// `AppSpecApply` for `AppSpec`.
    pub(crate) fn apply_name(name: &str) -> String {
        format!("{name}Apply")
    }

    /// The Rust type of `ty` in an apply configuration, every path absolute so
    /// that no name of the user's can shadow it.
    pub(crate) fn ty(&self, ty: &FieldType) -> String {
        render_with(ty, self)
    }

    /// Whether the field is a struct flattened into its parent: its
    /// configuration is flattened as it is, not as an `Option` (an empty one
    /// writes nothing, and reads back equal to what was applied).
    fn flattened_struct(&self, field: &Field) -> bool {
        field.flatten
            && matches!(field.ty.unwrap_option(), FieldType::Local(name) if self.names.contains(name.as_str()))
    }

    /// The field of the configuration: optional and left out when `None`
    /// (flattened structs: their own configuration, empty by default).
    pub(crate) fn field(&self, code: &mut Code, field: &Field) {
        let name = field_ident(&field.name);
        let ty = self.ty(field.ty.unwrap_option());
        field_docs(code, field);
        if self.flattened_struct(field) {
            code.line("#[serde(flatten)]");
            code.ty(&format!("pub {name}: "), &ty, ",");
            return;
        }
        if field.flatten {
            code.line("#[serde(flatten)]");
        } else {
            serde_attr(code, &field.name, &field.json_name);
        }
        code.ty(&format!("pub {name}: "), &format!("Option<{ty}>"), ",");
    }

    /// `with_<field>`: sets a value, appends to a list, inserts into a map, as
    /// client-go's `WithX` do. `method` is the builder's name.
    pub(crate) fn builder(&self, code: &mut Code, field: &Field, method: &str) {
        let name = field_ident(&field.name);
        let inner = field.ty.unwrap_option();
        let json = &field.json_name;
        let head = format!("pub fn {method}");
        if self.flattened_struct(field) {
            let ty = self.ty(inner);
            code.doc("Sets the fields flattened into this object.");
            setter(code, &head, &format!("value: {ty}"), &name, None);
            return;
        }
        match inner {
            FieldType::Vec(item) => {
                let item = self.ty(item);
                code.doc(&format!("Appends `values` to `{json}`."));
                code.line("#[must_use]");
                code.sig(
                    &head,
                    &[
                        "mut self",
                        &format!("values: impl IntoIterator<Item = {item}>"),
                    ],
                    "Self",
                    " {",
                );
                code.depth_in();
                code.chain(
                    &format!("self.{name}"),
                    &[
                        ".get_or_insert_with(Default::default)".to_owned(),
                        ".extend(values)".to_owned(),
                    ],
                    ";",
                );
                code.line("self");
                code.close("}");
            }
            FieldType::Map { key, value, .. } => {
                let key = self.ty(key);
                let value = self.ty(value);
                code.doc(&format!(
                    "Inserts `entries` into `{json}`, replacing the value of a key set before."
                ));
                code.line("#[must_use]");
                code.sig(
                    &format!("{head}<K: Into<{key}>>"),
                    &[
                        "mut self",
                        &format!("entries: impl IntoIterator<Item = (K, {value})>"),
                    ],
                    "Self",
                    " {",
                );
                code.depth_in();
                code.chain(
                    &format!("self.{name}"),
                    &[
                        ".get_or_insert_with(Default::default)".to_owned(),
                        ".extend(entries.into_iter().map(|(key, value)| (key.into(), value)))"
                            .to_owned(),
                    ],
                    ";",
                );
                code.line("self");
                code.close("}");
            }
            FieldType::Local(struct_name) if self.names.contains(struct_name.as_str()) => {
                let ty = self.ty(inner);
                code.doc(&format!("Sets `{json}`."));
                setter(code, &head, &format!("value: {ty}"), &name, Some("value"));
            }
            FieldType::Boxed(boxed) if matches!(boxed.as_ref(), FieldType::Local(n) if self.names.contains(n.as_str())) =>
            {
                let ty = self.ty(boxed);
                code.doc(&format!("Sets `{json}`."));
                setter(
                    code,
                    &head,
                    &format!("value: {ty}"),
                    &name,
                    Some("Box::new(value)"),
                );
            }
            _ => {
                let ty = self.ty(inner);
                code.doc(&format!("Sets `{json}`."));
                setter(
                    code,
                    &head,
                    &format!("value: impl Into<{ty}>"),
                    &name,
                    Some("value.into()"),
                );
            }
        }
    }
}

/// A `#[must_use]` builder `head(mut self, param) -> Self` that sets
/// `field` to `Some(some)`, or to `value` itself when `some` is `None`.
pub(crate) fn setter(code: &mut Code, head: &str, param: &str, field: &str, some: Option<&str>) {
    code.line("#[must_use]");
    code.sig(head, &["mut self", param], "Self", " {");
    code.depth_in();
    match some {
        Some(value) => {
            let assign = format!("self.{field} = Some(");
            if code.fits(assign.len() + value.len() + 2) {
                code.line(format_args!("{assign}{value});"));
            } else {
                code.list(&assign, &[value.to_owned()], ");", true);
            }
        }
        None => code.line(format_args!("self.{field} = value;")),
    }
    code.line("self");
    code.close("}");
}

/// The user's docs of the field, or a line naming it where there are none;
/// and what a custom serde format of the API type's field means here.
fn field_docs(code: &mut Code, field: &Field) {
    if field.docs.iter().any(|d| !d.trim().is_empty()) {
        code.doc_lines(&field.docs);
    } else if field.flatten {
        code.doc("The fields flattened into this object.");
    } else {
        code.doc(&format!("`{}`.", field.json_name));
    }
    if custom_format(field) {
        code.doc_lines(&[String::new()]);
        code.doc(
            "Sent in its type's own serde format, as the CRD schema describes it: the \
             API type's `#[serde(with)]` (or `serialize_with`) is not applied here.",
        );
    }
}

/// Whether the API type's field has a serde format of its own (which the
/// parser already warns the schema may not match).
fn custom_format(field: &Field) -> bool {
    field.serde_attrs.iter().any(|attr| {
        attr.split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .any(|word| matches!(word, "with" | "serialize_with" | "deserialize_with"))
    })
}

/// Whether the field is part of what serde writes (`skip` and
/// `skip_serializing` fields are not).
pub(crate) fn on_the_wire(field: &Field) -> bool {
    !field.skip
        && !field.serde_attrs.iter().any(|attr| {
            attr.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .any(|word| word == "skip_serializing")
        })
}

/// `#[serde(...)]` of a configuration field: left out when `None`, renamed
/// where the JSON name is not the field's.
pub(crate) fn serde_attr(code: &mut Code, name: &str, json: &str) {
    let skip = "skip_serializing_if = \"Option::is_none\"".to_owned();
    if name.trim_start_matches("r#") == json {
        code.list("#[serde(", &[skip], ")]", false);
    } else {
        code.list(
            "#[serde(",
            &[format!("rename = {}", lit(json)), skip],
            ")]",
            false,
        );
    }
}

/// A field's identifier: the model keeps raw names as written (`r#type`).
pub(crate) fn field_ident(name: &str) -> String {
    ident(name.trim_start_matches("r#"))
}

/// Whether `ty` is the kind's `metadata`.
pub(crate) fn is_object_meta(ty: &FieldType) -> bool {
    matches!(ty.unwrap_option(), FieldType::External(e) if e.name() == "ObjectMeta")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ExternalType;

    fn render(ty: &FieldType) -> String {
        let structs = Structs {
            names: ["Spec"].into(),
        };
        structs.ty(ty).replace(' ', "")
    }

    fn field(name: &str, serde: &str) -> Field {
        Field {
            name: name.to_owned(),
            json_name: "since".to_owned(),
            docs: vec![],
            location: Default::default(),
            ty: FieldType::Option(Box::new(FieldType::String)),
            ty_source: "Option<String>".to_owned(),
            serde_attrs: vec![serde.to_owned()],
            flatten: false,
            serde_default: false,
            skip: false,
            validation: Default::default(),
            required_marker: None,
            nullable: false,
            alias: None,
            lossless: false,
            serializes_itself: false,
        }
    }

    #[test]
    fn fields_are_optional_renamed_and_say_what_a_custom_format_means() {
        let structs = Structs {
            names: Default::default(),
        };
        let mut code = Code::new();
        structs.field(&mut code, &field("r#type", "#[serde(rename = \"since\")]"));
        let text = code.finish();
        assert!(text.contains("pub r#type: Option<String>,"), "{text}");
        assert!(text.contains("rename = \"since\""), "{text}");
        assert!(!text.contains("not applied"), "{text}");
        let mut code = Code::new();
        structs.field(&mut code, &field("at", "#[serde(with = \"rfc3339\")]"));
        let custom = code.finish();
        assert!(
            custom.contains("`#[serde(with)]` (or `serialize_with`) is not applied here"),
            "{custom}"
        );
        let skipped = field("cache", "#[serde(skip_serializing)]");
        assert!(!on_the_wire(&skipped));
    }

    #[test]
    fn types_are_absolute_and_structs_become_their_configurations() {
        let chrono = FieldType::External(ExternalType::new("chrono::DateTime<chrono::Utc>"));
        assert_eq!(render(&chrono), "::chrono::DateTime<chrono::Utc>");
        let map = FieldType::Map {
            ordered: false,
            key: Box::new(FieldType::String),
            value: Box::new(FieldType::Vec(Box::new(FieldType::Local("Spec".into())))),
        };
        assert_eq!(
            render(&map),
            "::std::collections::HashMap<String,Vec<SpecApply>>"
        );
        // Enums and newtypes (not in `names`) are the API's own types.
        let boxed = FieldType::Boxed(Box::new(FieldType::Local("Policy".into())));
        assert_eq!(render(&boxed), "Box<types::Policy>");
    }
}
