//! One field of an apply configuration: its type (every struct of the API
//! replaced by its apply configuration, everything else as the API type has
//! it), its serde attributes and its `with_*` builder.

use std::collections::BTreeSet;

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::emit::docs::doc;
use crate::emit::names::ident;
use crate::emit::rust_type::{Spelling, render_with, type_path};
use crate::emit::types::doc_attrs;
use crate::model::{Field, FieldType};

/// The struct types of one version that get an apply configuration.
pub(crate) struct Structs<'a> {
    pub(crate) names: BTreeSet<&'a str>,
}

/// Apply configurations spell every path absolutely; the API's structs are
/// their configurations, its enums and newtypes its own types (set whole).
impl Spelling for Structs<'_> {
    fn map(&self, ordered: bool) -> TokenStream {
        if ordered {
            quote!(::std::collections::BTreeMap)
        } else {
            quote!(::std::collections::HashMap)
        }
    }

    fn json(&self) -> TokenStream {
        quote!(::serde_json::Value)
    }

    fn local(&self, name: &str) -> TokenStream {
        if self.names.contains(name) {
            let name = Self::apply_name(name);
            quote!(#name)
        } else {
            let name = ident(name);
            quote!(types::#name)
        }
    }

    fn external(&self, path: &str) -> TokenStream {
        let path = type_path(path);
        quote!(::#path)
    }
}

impl Structs<'_> {
    /// `AppSpecApply` for `AppSpec`.
    pub(crate) fn apply_name(name: &str) -> proc_macro2::Ident {
        format_ident!("{}Apply", name)
    }

    /// The Rust type of `ty` in an apply configuration, every path absolute so
    /// that no name of the user's can shadow it.
    pub(crate) fn ty(&self, ty: &FieldType) -> TokenStream {
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
    pub(crate) fn field(&self, field: &Field) -> TokenStream {
        let name = field_ident(&field.name);
        let ty = self.ty(field.ty.unwrap_option());
        let docs = field_docs(field);
        if self.flattened_struct(field) {
            return quote! {
                #docs
                #[serde(flatten)]
                pub #name: #ty,
            };
        }
        let serde = if field.flatten {
            quote!(#[serde(flatten)])
        } else {
            serde_attr(&field.name, &field.json_name)
        };
        quote! {
            #docs
            #serde
            pub #name: Option<#ty>,
        }
    }

    /// `with_<field>`: sets a value, appends to a list, inserts into a map, as
    /// client-go's `WithX` do. `method` is the builder's name.
    pub(crate) fn builder(&self, field: &Field, method: &proc_macro2::Ident) -> TokenStream {
        let name = field_ident(&field.name);
        let inner = field.ty.unwrap_option();
        let json = &field.json_name;
        if self.flattened_struct(field) {
            let ty = self.ty(inner);
            let doc = doc("Sets the fields flattened into this object.");
            return quote! {
                #doc
                #[must_use]
                pub fn #method(mut self, value: #ty) -> Self {
                    self.#name = value;
                    self
                }
            };
        }
        match inner {
            FieldType::Vec(item) => {
                let item = self.ty(item);
                let text = format!("Appends `values` to `{json}`.");
                let doc = doc(&text);
                quote! {
                    #doc
                    #[must_use]
                    pub fn #method(mut self, values: impl IntoIterator<Item = #item>) -> Self {
                        self.#name.get_or_insert_with(Default::default).extend(values);
                        self
                    }
                }
            }
            FieldType::Map { key, value, .. } => {
                let key = self.ty(key);
                let value = self.ty(value);
                let text = format!(
                    "Inserts `entries` into `{json}`, replacing the value of a key set before."
                );
                let doc = doc(&text);
                quote! {
                    #doc
                    #[must_use]
                    pub fn #method<K: Into<#key>>(
                        mut self,
                        entries: impl IntoIterator<Item = (K, #value)>,
                    ) -> Self {
                        self.#name
                            .get_or_insert_with(Default::default)
                            .extend(entries.into_iter().map(|(key, value)| (key.into(), value)));
                        self
                    }
                }
            }
            FieldType::Local(struct_name) if self.names.contains(struct_name.as_str()) => {
                let ty = self.ty(inner);
                let doc = doc(&format!("Sets `{json}`."));
                quote! {
                    #doc
                    #[must_use]
                    pub fn #method(mut self, value: #ty) -> Self {
                        self.#name = Some(value);
                        self
                    }
                }
            }
            FieldType::Boxed(boxed) if matches!(boxed.as_ref(), FieldType::Local(n) if self.names.contains(n.as_str())) =>
            {
                let ty = self.ty(boxed);
                let doc = doc(&format!("Sets `{json}`."));
                quote! {
                    #doc
                    #[must_use]
                    pub fn #method(mut self, value: #ty) -> Self {
                        self.#name = Some(Box::new(value));
                        self
                    }
                }
            }
            _ => {
                let ty = self.ty(inner);
                let doc = doc(&format!("Sets `{json}`."));
                quote! {
                    #doc
                    #[must_use]
                    pub fn #method(mut self, value: impl Into<#ty>) -> Self {
                        self.#name = Some(value.into());
                        self
                    }
                }
            }
        }
    }
}

/// The user's docs of the field, or a line naming it where there are none;
/// and what a custom serde format of the API type's field means here.
fn field_docs(field: &Field) -> TokenStream {
    let main = if field.docs.iter().any(|d| !d.trim().is_empty()) {
        let docs = doc_attrs(&field.docs);
        quote!(#(#docs)*)
    } else if field.flatten {
        doc("The fields flattened into this object.")
    } else {
        doc(&format!("`{}`.", field.json_name))
    };
    if custom_format(field) {
        let note = doc(
            "Sent in its type's own serde format, as the CRD schema describes it: the \
             API type's `#[serde(with)]` (or `serialize_with`) is not applied here.",
        );
        quote!(#main #[doc = ""] #note)
    } else {
        main
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
pub(crate) fn serde_attr(name: &str, json: &str) -> TokenStream {
    if name.trim_start_matches("r#") == json {
        quote!(#[serde(skip_serializing_if = "Option::is_none")])
    } else {
        quote!(#[serde(rename = #json, skip_serializing_if = "Option::is_none")])
    }
}

/// A field's identifier: the model keeps raw names as written (`r#type`).
pub(crate) fn field_ident(name: &str) -> proc_macro2::Ident {
    ident(name.trim_start_matches("r#"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ExternalType;

    fn render(ty: &FieldType) -> String {
        let structs = Structs {
            names: ["Spec"].into(),
        };
        structs.ty(ty).to_string().replace(' ', "")
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
        let plain = structs.field(&field("r#type", "#[serde(rename = \"since\")]"));
        let text = plain.to_string();
        assert!(text.contains("pub r#type : Option < String >"), "{text}");
        assert!(text.contains("rename = \"since\""), "{text}");
        assert!(!text.contains("not applied"), "{text}");
        let custom = structs.field(&field("at", "#[serde(with = \"rfc3339\")]"));
        assert!(
            custom
                .to_string()
                .contains("`#[serde(with)]` (or `serialize_with`) is not applied here"),
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
