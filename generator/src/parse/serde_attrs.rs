//! What `#[serde(...)]` attributes say about the wire format: JSON names
//! (`rename`, `rename_all` with every serde case convention), `default`,
//! `flatten`, `skip`, `skip_serializing_if`, and the attributes that change the
//! shape in ways a structural schema cannot follow.

use proc_macro2::Span;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Attribute, Expr, Lit, Meta, Token};

/// serde's `rename_all` rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RenameRule {
    /// `lowercase`
    LowerCase,
    /// `UPPERCASE`
    UpperCase,
    /// `PascalCase`
    PascalCase,
    /// `camelCase`
    CamelCase,
    /// `snake_case`
    SnakeCase,
    /// `SCREAMING_SNAKE_CASE`
    ScreamingSnakeCase,
    /// `kebab-case`
    KebabCase,
    /// `SCREAMING-KEBAB-CASE`
    ScreamingKebabCase,
}

impl RenameRule {
    /// Every rule with its serde spelling.
    pub const ALL: [(&'static str, RenameRule); 8] = [
        ("lowercase", RenameRule::LowerCase),
        ("UPPERCASE", RenameRule::UpperCase),
        ("PascalCase", RenameRule::PascalCase),
        ("camelCase", RenameRule::CamelCase),
        ("snake_case", RenameRule::SnakeCase),
        ("SCREAMING_SNAKE_CASE", RenameRule::ScreamingSnakeCase),
        ("kebab-case", RenameRule::KebabCase),
        ("SCREAMING-KEBAB-CASE", RenameRule::ScreamingKebabCase),
    ];

    /// The rule a `rename_all = "..."` value names.
    pub fn from_name(name: &str) -> Option<RenameRule> {
        Self::ALL.iter().find(|(n, _)| *n == name).map(|(_, r)| *r)
    }

    /// The JSON name of a field (written in snake_case), exactly as serde derives it.
    pub fn apply_to_field(self, field: &str) -> String {
        match self {
            RenameRule::LowerCase | RenameRule::SnakeCase => field.to_owned(),
            RenameRule::UpperCase | RenameRule::ScreamingSnakeCase => field.to_ascii_uppercase(),
            RenameRule::PascalCase => {
                let mut pascal = String::new();
                let mut capitalize = true;
                for ch in field.chars() {
                    if ch == '_' {
                        capitalize = true;
                    } else if capitalize {
                        pascal.push(ch.to_ascii_uppercase());
                        capitalize = false;
                    } else {
                        pascal.push(ch);
                    }
                }
                pascal
            }
            RenameRule::CamelCase => {
                let pascal = RenameRule::PascalCase.apply_to_field(field);
                let mut chars = pascal.chars();
                match chars.next() {
                    Some(first) => first.to_ascii_lowercase().to_string() + chars.as_str(),
                    None => pascal,
                }
            }
            RenameRule::KebabCase => field.replace('_', "-"),
            RenameRule::ScreamingKebabCase => field.to_ascii_uppercase().replace('_', "-"),
        }
    }

    /// The JSON name of an enum variant (written in PascalCase), exactly as serde derives it.
    pub fn apply_to_variant(self, variant: &str) -> String {
        match self {
            RenameRule::PascalCase => variant.to_owned(),
            RenameRule::LowerCase => variant.to_ascii_lowercase(),
            RenameRule::UpperCase => variant.to_ascii_uppercase(),
            RenameRule::CamelCase => {
                let mut chars = variant.chars();
                match chars.next() {
                    Some(first) => first.to_ascii_lowercase().to_string() + chars.as_str(),
                    None => String::new(),
                }
            }
            RenameRule::SnakeCase => {
                let mut snake = String::new();
                for (i, ch) in variant.char_indices() {
                    if i > 0 && ch.is_uppercase() {
                        snake.push('_');
                    }
                    snake.push(ch.to_ascii_lowercase());
                }
                snake
            }
            RenameRule::ScreamingSnakeCase => RenameRule::SnakeCase
                .apply_to_variant(variant)
                .to_ascii_uppercase(),
            RenameRule::KebabCase => RenameRule::SnakeCase
                .apply_to_variant(variant)
                .replace('_', "-"),
            RenameRule::ScreamingKebabCase => RenameRule::ScreamingSnakeCase
                .apply_to_variant(variant)
                .replace('_', "-"),
        }
    }
}

/// A problem with a serde attribute, at a span.
pub(crate) struct SerdeProblem {
    pub span: Span,
    pub message: String,
    pub help: String,
    /// Warnings do not stop generation.
    pub warning: bool,
}

/// serde attributes of a struct or enum.
#[derive(Default)]
pub(crate) struct ContainerSerde {
    /// The rule as written and as understood.
    pub rename_all: Option<(String, RenameRule)>,
    pub default: bool,
    /// `#[serde(transparent)]`, where it was written: allowed on one-field tuple
    /// structs (newtypes), which serde writes as their field either way.
    pub transparent: Option<proc_macro2::Span>,
    /// `#[serde(tag = "...")]` of an enum, and where it was written.
    pub tag: Option<(String, Span)>,
    /// `#[serde(content = "...")]` of an enum, and where it was written.
    pub content: Option<(String, Span)>,
    /// `#[serde(untagged)]` of an enum.
    pub untagged: Option<Span>,
    /// `#[serde(rename_all_fields = "...")]` of an enum: the rule for the fields
    /// of every struct variant.
    pub rename_all_fields: Option<(String, RenameRule)>,
    /// Every `#[serde(...)]` attribute as written.
    pub verbatim: Vec<String>,
}

/// serde attributes of a field.
#[derive(Default)]
pub(crate) struct FieldSerde {
    pub rename: Option<String>,
    pub default: bool,
    pub flatten: bool,
    pub skip: bool,
    /// `skip_serializing_if` or `skip_serializing`: the field is sometimes left out.
    pub may_be_left_out: bool,
    /// `with` or `serialize_with`: the field writes its own JSON.
    pub serializes_itself: bool,
    pub verbatim: Vec<String>,
}

/// serde attributes of an enum variant.
#[derive(Default)]
pub(crate) struct VariantSerde {
    pub rename: Option<String>,
    /// `#[serde(rename_all = "...")]` on a struct variant: the rule for its fields.
    pub rename_all: Option<(String, RenameRule)>,
    /// `#[serde(other)]`.
    pub other: Option<Span>,
    /// `#[serde(skip)]` or `skip_serializing`: the variant is never written.
    pub skip: bool,
    pub verbatim: Vec<String>,
}

/// The `name = value`, `name(...)` and `name` items of every `#[serde(...)]`,
/// each with the attribute's text as written.
fn serde_items(
    attrs: &[Attribute],
    text_of: &dyn Fn(&Attribute) -> String,
    problems: &mut Vec<SerdeProblem>,
) -> (Vec<Meta>, Vec<String>) {
    let mut items = Vec::new();
    let mut verbatim = Vec::new();
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        verbatim.push(text_of(attr));
        match attr.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated) {
            Ok(list) => items.extend(list),
            Err(e) => problems.push(SerdeProblem {
                span: e.span(),
                message: format!("cannot read this serde attribute: {e}"),
                help: "write it as serde documents it, e.g. `#[serde(rename = \"name\")]`"
                    .to_owned(),
                warning: false,
            }),
        }
    }
    (items, verbatim)
}

/// The `rename = "..."` of a field's or container's `#[serde(...)]`
/// attributes, with the span of its string literal (for `kube-codegen lint
/// --fix`, which edits it).
pub fn rename_literal(attrs: &[Attribute]) -> Option<(String, Span)> {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("serde"))
        .filter_map(|a| {
            a.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
                .ok()
        })
        .flatten()
        .find(|m| m.path().is_ident("rename"))
        .and_then(|m| string_value(&m))
}

/// The string of `name = "value"`, or of `name(serialize = "value", ...)`
/// (serde's split form; the serialized name is the one on the wire we describe).
fn string_value(meta: &Meta) -> Option<(String, Span)> {
    match meta {
        Meta::NameValue(nv) => match &nv.value {
            Expr::Lit(lit) => match &lit.lit {
                Lit::Str(s) => Some((s.value(), s.span())),
                _ => None,
            },
            _ => None,
        },
        Meta::List(list) => {
            let inner = list
                .parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
                .ok()?;
            inner
                .iter()
                .find(|m| m.path().is_ident("serialize"))
                .and_then(string_value)
        }
        Meta::Path(_) => None,
    }
}

fn name_of(meta: &Meta) -> String {
    meta.path()
        .get_ident()
        .map(ToString::to_string)
        .unwrap_or_default()
}

pub(crate) fn container(
    attrs: &[Attribute],
    is_enum: bool,
    text_of: &dyn Fn(&Attribute) -> String,
    problems: &mut Vec<SerdeProblem>,
) -> ContainerSerde {
    let (items, verbatim) = serde_items(attrs, text_of, problems);
    let mut out = ContainerSerde {
        verbatim,
        ..ContainerSerde::default()
    };
    for meta in &items {
        match name_of(meta).as_str() {
            "rename_all" => out.rename_all = rename_rule(meta, problems),
            "rename_all_fields" if is_enum => out.rename_all_fields = rename_rule(meta, problems),
            "default" => out.default = true,
            "tag" if is_enum => out.tag = string_value(meta),
            "content" if is_enum => out.content = string_value(meta),
            "untagged" if is_enum => out.untagged = Some(meta.span()),
            "transparent" => out.transparent = Some(meta.span()),
            _ => {}
        }
    }
    out
}

/// The rule of `rename_all = "..."` (or `rename_all_fields`), reporting names
/// serde does not know.
fn rename_rule(meta: &Meta, problems: &mut Vec<SerdeProblem>) -> Option<(String, RenameRule)> {
    let (name, span) = string_value(meta)?;
    match RenameRule::from_name(&name) {
        Some(rule) => Some((name, rule)),
        None => {
            problems.push(SerdeProblem {
                span,
                message: format!("unknown serde rename rule `{name}`"),
                help: format!(
                    "serde knows {}",
                    RenameRule::ALL
                        .iter()
                        .map(|(n, _)| format!("`{n}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                warning: false,
            });
            None
        }
    }
}

/// Whether serde writes the enum as a string: no `tag` or `untagged`, and unit
/// variants only.
pub(crate) fn is_string_enum(e: &syn::ItemEnum) -> bool {
    let tagged = e
        .attrs
        .iter()
        .filter(|a| a.path().is_ident("serde"))
        .filter_map(|a| {
            a.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
                .ok()
        })
        .flatten()
        .any(|m| m.path().is_ident("tag") || m.path().is_ident("untagged"));
    !tagged
        && e.variants
            .iter()
            .all(|v| matches!(v.fields, syn::Fields::Unit))
}

pub(crate) fn field(
    attrs: &[Attribute],
    text_of: &dyn Fn(&Attribute) -> String,
    problems: &mut Vec<SerdeProblem>,
) -> FieldSerde {
    let (items, verbatim) = serde_items(attrs, text_of, problems);
    let mut out = FieldSerde {
        verbatim,
        ..FieldSerde::default()
    };
    for meta in &items {
        match name_of(meta).as_str() {
            "rename" => out.rename = string_value(meta).map(|(s, _)| s),
            "default" => out.default = true,
            "flatten" => out.flatten = true,
            "skip" => out.skip = true,
            "skip_serializing_if" | "skip_serializing" => out.may_be_left_out = true,
            "with" | "serialize_with" | "deserialize_with" => {
                out.serializes_itself |= name_of(meta) != "deserialize_with";
                problems.push(SerdeProblem {
                span: meta.span(),
                message: format!(
                    "`#[serde({})]`: the schema is inferred from the Rust type and may not match the custom format",
                    name_of(meta)
                ),
                help: "prefer a type whose serde derive already produces the wire format".to_owned(),
                warning: true,
            });
            }
            _ => {}
        }
    }
    out
}

pub(crate) fn variant(
    attrs: &[Attribute],
    text_of: &dyn Fn(&Attribute) -> String,
    problems: &mut Vec<SerdeProblem>,
) -> VariantSerde {
    let (items, verbatim) = serde_items(attrs, text_of, problems);
    let mut out = VariantSerde {
        verbatim,
        ..VariantSerde::default()
    };
    for meta in &items {
        match name_of(meta).as_str() {
            "rename" => out.rename = string_value(meta).map(|(s, _)| s),
            "rename_all" => out.rename_all = rename_rule(meta, problems),
            "other" => out.other = Some(meta.span()),
            "skip" | "skip_serializing" => out.skip = true,
            "untagged" => problems.push(SerdeProblem {
                span: meta.span(),
                message: "`#[serde(untagged)]` on a variant: a partly untagged enum has no structural schema".to_owned(),
                help: "put `#[serde(untagged)]` on the enum (every variant untagged), or give this variant a tag".to_owned(),
                warning: false,
            }),
            "with" | "serialize_with" | "deserialize_with" => problems.push(SerdeProblem {
                span: meta.span(),
                message: format!(
                    "`#[serde({})]`: the schema is inferred from the Rust type and may not match the custom format",
                    name_of(meta)
                ),
                help: "prefer a type whose serde derive already produces the wire format".to_owned(),
                warning: true,
            }),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_rules_match_serde() {
        let cases = [
            ("lowercase", "available_replicas"),
            ("UPPERCASE", "AVAILABLE_REPLICAS"),
            ("PascalCase", "AvailableReplicas"),
            ("camelCase", "availableReplicas"),
            ("snake_case", "available_replicas"),
            ("SCREAMING_SNAKE_CASE", "AVAILABLE_REPLICAS"),
            ("kebab-case", "available-replicas"),
            ("SCREAMING-KEBAB-CASE", "AVAILABLE-REPLICAS"),
        ];
        for (rule, expected) in cases {
            let r = RenameRule::from_name(rule).unwrap();
            assert_eq!(r.apply_to_field("available_replicas"), expected, "{rule}");
        }
    }

    #[test]
    fn variant_rules_match_serde() {
        let cases = [
            ("lowercase", "rollingupdate"),
            ("UPPERCASE", "ROLLINGUPDATE"),
            ("PascalCase", "RollingUpdate"),
            ("camelCase", "rollingUpdate"),
            ("snake_case", "rolling_update"),
            ("SCREAMING_SNAKE_CASE", "ROLLING_UPDATE"),
            ("kebab-case", "rolling-update"),
            ("SCREAMING-KEBAB-CASE", "ROLLING-UPDATE"),
        ];
        for (rule, expected) in cases {
            let r = RenameRule::from_name(rule).unwrap();
            assert_eq!(r.apply_to_variant("RollingUpdate"), expected, "{rule}");
        }
    }

    #[test]
    fn reads_field_attributes() {
        let item: syn::ItemStruct = syn::parse_quote! {
            struct S {
                #[serde(rename = "x-y", default, skip_serializing_if = "Option::is_none")]
                #[serde(flatten)]
                a: Option<i32>,
                #[serde(rename(serialize = "ser", deserialize = "de"))]
                b: i32,
            }
        };
        let mut problems = Vec::new();
        let text = |a: &Attribute| quote::ToTokens::to_token_stream(a).to_string();
        let fields: Vec<_> = item.fields.iter().collect();
        let a = field(&fields[0].attrs, &text, &mut problems);
        assert_eq!(a.rename.as_deref(), Some("x-y"));
        assert!(a.default && a.flatten && !a.skip);
        assert_eq!(a.verbatim.len(), 2);
        let b = field(&fields[1].attrs, &text, &mut problems);
        assert_eq!(b.rename.as_deref(), Some("ser"));
        assert!(problems.is_empty());
    }
}
