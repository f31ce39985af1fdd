//! One struct or enum of a version module → a [`TypeDef`]: docs, derives,
//! serde attributes, fields with resolved types, markers of the type and of each
//! field, and the kind the type declares.

use proc_macro2::Span;
use syn::ext::IdentExt;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Attribute, Expr, Fields, Generics, Lit, Meta, Token, Visibility};

use super::context::FileCx;
use super::kind;
use super::marker_registry::{MarkerId as M, Targets};
use super::markers::Marker;
use super::schema_markers::{self, ValueShape};
use super::serde_attrs::{self, ContainerSerde, SerdeProblem};
use super::types::{self, Shape};
use crate::diag::Diagnostic;
use crate::model::{
    AliasDef, AliasStep, AliasUse, EnumDef, Field, NewtypeDef, StructDef, TypeBody, TypeDef,
    Validation, Variant,
};

/// The line of the first token after an item's attributes: markers and docs
/// are looked for above it.
fn head_line(vis: &Visibility, keyword: Span) -> usize {
    match vis {
        Visibility::Inherited => keyword.start().line,
        v => v.span().start().line,
    }
}

/// Doc comment lines (`///`, `#[doc = "..."]`), without marker lines, with
/// leading and trailing blank lines dropped.
pub(crate) fn docs(attrs: &[Attribute]) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for attr in attrs.iter().filter(|a| a.path().is_ident("doc")) {
        let Meta::NameValue(nv) = &attr.meta else {
            continue;
        };
        let Expr::Lit(lit) = &nv.value else { continue };
        let Lit::Str(s) = &lit.lit else { continue };
        // `split`, not `lines`: an empty `///` line is an empty paragraph break.
        for line in s.value().split('\n') {
            let line = line.strip_prefix(' ').unwrap_or(line).trim_end();
            let mut chars = line.trim_start().chars();
            if chars.next() == Some('+') && chars.next().is_some_and(|c| c.is_ascii_alphabetic()) {
                continue;
            }
            if line.is_empty() && lines.last().is_some_and(String::is_empty) {
                continue;
            }
            lines.push(line.to_owned());
        }
    }
    while lines.first().is_some_and(String::is_empty) {
        lines.remove(0);
    }
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    lines
}

/// `#[derive(...)]` paths as written, minus `Clone` (always generated).
fn derives(attrs: &[Attribute]) -> Vec<String> {
    let mut out = Vec::new();
    for attr in attrs.iter().filter(|a| a.path().is_ident("derive")) {
        let Ok(paths) = attr.parse_args_with(Punctuated::<syn::Path, Token![,]>::parse_terminated)
        else {
            continue;
        };
        for path in paths {
            if path.segments.last().is_some_and(|s| s.ident == "Clone") {
                continue;
            }
            let joined = path
                .segments
                .iter()
                .map(|s| s.ident.to_string())
                .collect::<Vec<_>>()
                .join("::");
            out.push(if path.leading_colon.is_some() {
                format!("::{joined}")
            } else {
                joined
            });
        }
    }
    out
}

/// Names of type parameters; reports that generic API types are not supported.
fn generics(cx: &mut FileCx<'_>, g: &Generics, name: &str) -> Vec<String> {
    if g.params.is_empty() {
        return Vec::new();
    }
    cx.error(
        g.span(),
        format!("generic type `{name}` is not supported"),
        "API types must be concrete: declare one struct per use",
    );
    g.type_params().map(|p| p.ident.to_string()).collect()
}

fn report_serde(cx: &mut FileCx<'_>, problems: Vec<SerdeProblem>) {
    for p in problems {
        let (loc, len) = cx.span(p.span);
        let d = if p.warning {
            Diagnostic::warning(p.message, loc)
        } else {
            Diagnostic::error(p.message, loc)
        };
        cx.push(d.with_span(len).with_help(p.help));
    }
}

/// Type-level settings shared by structs and enums.
struct TypeMarkers {
    deepcopy: bool,
    validation: Validation,
    /// `+kubebuilder:validation:Optional` on the type: its fields are optional unless marked.
    optional_fields: bool,
}

fn type_markers(
    cx: &mut FileCx<'_>,
    markers: &[Marker],
    shape: ValueShape,
    name: &str,
) -> TypeMarkers {
    let mut out = TypeMarkers {
        deepcopy: cx.version.deepcopy_default,
        validation: Validation::default(),
        optional_fields: cx.version.optional_by_default,
    };
    for m in markers {
        match m.id() {
            M::DeepcopyGen => match m.value.as_str() {
                Some("true") => out.deepcopy = true,
                Some("false") => out.deepcopy = false,
                other => cx.push(
                    m.error_at(m.value_offset(), other.unwrap_or_default().chars().count(), format!(
                        "expected `true` or `false`, found `{}`",
                        other.unwrap_or_default()
                    ))
                    .with_help("`+k8s:deepcopy-gen=package` belongs in the version module's `//!` comments"),
                ),
            },
            M::ObjectGenerate => out.deepcopy = m.is_true(),
            M::ValidationOptional => out.optional_fields = true,
            M::ValidationRequired => out.optional_fields = false,
            _ => {
                schema_markers::apply(m, &mut out.validation, cx.diags);
            }
        }
    }
    let what = format!("`{name}`");
    cx.diags
        .extend(schema_markers::check_consistency(markers, &out.validation));
    cx.diags.extend(schema_markers::check_fit(
        markers,
        &out.validation,
        shape,
        &what,
    ));
    out
}

pub(crate) fn build_struct(
    cx: &mut FileCx<'_>,
    s: &syn::ItemStruct,
    after_line: usize,
) -> Option<TypeDef> {
    let name = s.ident.to_string();
    let markers = cx.markers(
        after_line,
        head_line(&s.vis, s.struct_token.span),
        Targets::TYPE,
    );
    let generic_names = generics(cx, &s.generics, &name);
    let mut problems = Vec::new();
    let container = serde_attrs::container(&s.attrs, false, &|a| cx.text_of(a), &mut problems);
    report_serde(cx, problems);
    if is_newtype(&s.fields) {
        return build_newtype(cx, s, &markers, container, &generic_names);
    }
    if let Some(span) = container.transparent {
        cx.error(
            span,
            format!("`#[serde(transparent)]` on `{name}`: only one-field tuple structs are supported as transparent"),
            format!("write the newtype as `struct {name}(Type);`"),
        );
    }
    let tm = type_markers(cx, &markers, ValueShape::Object, &name);

    let named = match &s.fields {
        Fields::Named(named) => named,
        Fields::Unnamed(f) => {
            cx.error(
                f.span(),
                format!("tuple struct `{name}` is not supported: JSON objects need field names"),
                format!("give the fields names: `struct {name} {{ name: Type }}`; a tuple struct of one field (a newtype) is supported"),
            );
            return None;
        }
        Fields::Unit => {
            cx.error(
                s.ident.span(),
                format!("unit struct `{name}` has no data to describe"),
                "add named fields, or use a unit variant of an enum",
            );
            return None;
        }
    };
    let mut fields = Vec::new();
    let mut prev = named.brace_token.span.open().start().line;
    for f in &named.named {
        if let Some(field) =
            build_field(cx, f, prev, &container, tm.optional_fields, &generic_names)
        {
            fields.push(field);
        }
        prev = f.span().end().line;
    }

    check_field_sets(cx, &markers, &fields);
    let kind = kind::build(cx, &name, &markers, &fields);
    Some(TypeDef {
        name,
        docs: docs(&s.attrs),
        location: cx.span(s.ident.span()).0,
        derives: derives(&s.attrs),
        deepcopy: tm.deepcopy,
        validation: tm.validation,
        body: TypeBody::Struct(StructDef {
            rename_all: container.rename_all.map(|(n, _)| n),
            default: container.default,
            serde_attrs: container.verbatim,
            fields,
        }),
        kind,
    })
}

/// The fields `AtMostOneOf` / `ExactlyOneOf` / `AtLeastOneOf` name must exist
/// (by JSON name): the API server rejects a CRD whose rule names a missing field.
fn check_field_sets(cx: &mut FileCx<'_>, markers: &[Marker], fields: &[Field]) {
    for m in markers
        .iter()
        .filter(|m| matches!(m.id(), M::AtMostOneOf | M::ExactlyOneOf | M::AtLeastOneOf))
    {
        for name in m.value.as_str_list() {
            if !fields.iter().any(|f| f.json_name == name && !f.skip) {
                let known: Vec<&str> = fields.iter().map(|f| f.json_name.as_str()).collect();
                cx.push(
                    m.error(format!(
                        "`{}` names `{name}`, which is not a field of this type",
                        m.name()
                    ))
                    .with_help(format!(
                        "use the JSON names of the fields: {}",
                        known.join(", ")
                    )),
                );
            }
        }
    }
}

/// `struct Hostname(String);`: a named type whose schema is its field's, with the
/// type's markers checked against the field's shape.
fn build_newtype(
    cx: &mut FileCx<'_>,
    s: &syn::ItemStruct,
    markers: &[Marker],
    container: ContainerSerde,
    generic_names: &[String],
) -> Option<TypeDef> {
    let name = s.ident.to_string();
    let field = s.fields.iter().next()?;
    let mut warnings = Vec::new();
    let resolved = types::resolve(&field.ty, &cx.scope(generic_names), &mut warnings);
    for w in warnings {
        let (loc, len) = cx.span(w.span);
        cx.push(
            Diagnostic::warning(w.message, loc)
                .with_span(len)
                .with_help(w.help),
        );
    }
    let inner = match resolved {
        Ok(ty) => ty,
        Err(e) => {
            if !e.silent {
                cx.error(e.span, e.message, e.help);
            }
            return None;
        }
    };
    if container.rename_all.is_some() {
        cx.error(
            s.ident.span(),
            format!("`#[serde(rename_all)]` on the newtype `{name}` has no fields to rename"),
            "remove the attribute",
        );
    }
    let shape = ValueShape::of(&inner, &cx.version.locals);
    let tm = type_markers(cx, markers, shape, &name);
    let kind = kind::build(cx, &name, markers, &[]);
    if kind.is_some() {
        cx.error(
            s.ident.span(),
            format!("the newtype `{name}` cannot be a kind: a kind is an object with `metadata`"),
            "remove `+genclient` / `+kubebuilder:object:root`, or give the kind named fields",
        );
        return None;
    }
    Some(TypeDef {
        name,
        docs: docs(&s.attrs),
        location: cx.span(s.ident.span()).0,
        derives: derives(&s.attrs),
        deepcopy: tm.deepcopy,
        validation: tm.validation,
        body: TypeBody::Newtype(NewtypeDef {
            inner,
            serde_attrs: container.verbatim,
        }),
        kind: None,
    })
}

/// `type Hostname = String;` with markers: they are read here (checked against
/// the aliased type's shape) and applied wherever a field names the alias.
pub(crate) fn build_alias(
    cx: &mut FileCx<'_>,
    t: &syn::ItemType,
    after_line: usize,
) -> Option<AliasDef> {
    let name = t.ident.to_string();
    let markers = cx.markers(
        after_line,
        head_line(&t.vis, t.type_token.span),
        Targets::TYPE,
    );
    let mut validation = Validation::default();
    for m in &markers {
        if !schema_markers::apply(m, &mut validation, cx.diags) {
            cx.push(
                m.error(format!(
                    "`{}` cannot be used on the type alias `{name}`",
                    m.name()
                ))
                .with_help(format!(
                    "an alias is the type it names; write the marker on a struct or enum, \
                         or make `{name}` a newtype (`struct {name}(Type);`)"
                )),
            );
        }
    }
    if !t.generics.params.is_empty() {
        if let Some(m) = markers.first() {
            cx.push(
                m.error(format!(
                    "the generic type alias `{name}` cannot carry markers"
                ))
                .with_help("remove the markers, or make the alias concrete"),
            );
        }
        return None;
    }
    let mut warnings = Vec::new();
    let shape = types::resolve(&t.ty, &cx.scope(&[]), &mut warnings)
        .map(|ty| ValueShape::of(&ty, &cx.version.locals))
        .unwrap_or(ValueShape::Unknown);
    let what = format!("the type alias `{name}`");
    cx.diags
        .extend(schema_markers::check_consistency(&markers, &validation));
    cx.diags.extend(schema_markers::check_fit(
        &markers,
        &validation,
        shape,
        &what,
    ));
    Some(AliasDef {
        name,
        docs: docs(&t.attrs),
        location: cx.span(t.ident.span()).0,
        validation,
    })
}

/// The type alias of the version module a field's type names, directly, in an
/// `Option`/`Box`, or (at any depth) as list or array items or map values.
fn alias_use(ty: &syn::Type, cx: &FileCx<'_>) -> Option<AliasUse> {
    let below = |inner: &syn::Type, step| {
        let mut found = alias_use(inner, cx)?;
        found.path.insert(0, step);
        Some(found)
    };
    let p = match ty {
        syn::Type::Path(p) => p,
        syn::Type::Array(a) => return below(&a.elem, AliasStep::Items),
        _ => return None,
    };
    let last = p.path.segments.last()?;
    let args: Vec<&syn::Type> = match &last.arguments {
        syn::PathArguments::AngleBracketed(a) => a
            .args
            .iter()
            .filter_map(|a| match a {
                syn::GenericArgument::Type(t) => Some(t),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    let name = last.ident.to_string();
    match (name.as_str(), args.as_slice()) {
        ("Option" | "Box", [inner]) => alias_use(inner, cx),
        ("Vec", [inner]) => below(inner, AliasStep::Items),
        ("BTreeMap" | "HashMap", [_, value]) => below(value, AliasStep::MapValues),
        (_, [])
            if p.path.segments.len() == 1
                && cx.version.aliases.contains_key(&name)
                && !cx.version.locals.contains_key(&name) =>
        {
            Some(AliasUse {
                name,
                path: Vec::new(),
            })
        }
        _ => None,
    }
}

fn build_field(
    cx: &mut FileCx<'_>,
    f: &syn::Field,
    after_line: usize,
    container: &ContainerSerde,
    optional_by_default: bool,
    generic_names: &[String],
) -> Option<Field> {
    let ident = f.ident.as_ref()?;
    let markers = cx.markers(after_line, head_line(&f.vis, ident.span()), Targets::FIELD);
    let mut problems = Vec::new();
    let serde = serde_attrs::field(&f.attrs, &|a| cx.text_of(a), &mut problems);
    report_serde(cx, problems);

    let mut warnings = Vec::new();
    let resolved = types::resolve(&f.ty, &cx.scope(generic_names), &mut warnings);
    for w in warnings {
        let (loc, len) = cx.span(w.span);
        cx.push(
            Diagnostic::warning(w.message, loc)
                .with_span(len)
                .with_help(w.help),
        );
    }
    let ty = match resolved {
        Ok(ty) => ty,
        Err(e) => {
            if !e.silent {
                cx.error(e.span, e.message, e.help);
            }
            return None;
        }
    };

    let name = ident.to_string();
    let plain = ident.unraw().to_string();
    let json_name = serde
        .rename
        .clone()
        .or_else(|| {
            container
                .rename_all
                .as_ref()
                .map(|(_, rule)| rule.apply_to_field(&plain))
        })
        .unwrap_or(plain);

    let mut validation = Validation::default();
    let mut required: Option<(bool, &Marker)> = None;
    let mut nullable = false;
    let mut lossless = false;
    for m in &markers {
        let set = match m.id() {
            M::ConversionLossless => {
                lossless = m.is_true();
                None
            }
            M::Optional | M::ValidationOptional => Some(false),
            M::Required | M::ValidationRequired => Some(true),
            M::Nullable => {
                nullable = m.is_true();
                None
            }
            _ => {
                schema_markers::apply(m, &mut validation, cx.diags);
                None
            }
        };
        if let Some(value) = set {
            if let Some((previous, _)) = required.filter(|(p, _)| *p != value) {
                let (a, b) = if previous {
                    ("required", "optional")
                } else {
                    ("optional", "required")
                };
                cx.push(
                    m.error(format!("field `{name}` is marked both {a} and {b}"))
                        .with_help("keep one of the two markers"),
                );
            }
            required = Some((value, m));
        }
    }
    let required_marker = required
        .map(|(r, _)| r)
        .or((optional_by_default).then_some(false));

    let ty_source = type_source(cx, &f.ty);
    let shape = ValueShape::of(&ty, &cx.version.locals);
    let what = format!("field `{name}` (`{ty_source}`)");
    cx.diags
        .extend(schema_markers::check_consistency(&markers, &validation));
    cx.diags.extend(schema_markers::check_fit(
        &markers,
        &validation,
        shape,
        &what,
    ));
    // The API server fills a default in only where a field is missing; the
    // Rust type writes this one every time.
    let always_written = !ty.is_option() && !serde.skip && !serde.may_be_left_out;
    // A default equal to what the type writes when unset (`0`, `""`, `[]`, ...)
    // makes no difference.
    let differs = validation
        .default
        .as_ref()
        .is_some_and(|d| !is_zero_value(d));
    if always_written && differs {
        let default_marker = markers
            .iter()
            .rev()
            .find(|m| matches!(m.id(), M::KubebuilderDefault | M::Default));
        if let Some(m) = default_marker {
            cx.push(
                m.warning(format!(
                    "the default of field `{name}` never applies to objects written with this \
                     Rust type: a field of type `{ty_source}` is always serialized, so the API \
                     server never sees it missing"
                ))
                .with_help(format!(
                    "make it `Option<{ty_source}>` (a `None` is left out and the server fills the \
                     default in), or keep it if only objects written in YAML rely on the default"
                )),
            );
        }
    }

    Some(Field {
        name,
        json_name,
        docs: docs(&f.attrs),
        location: cx.span(ident.span()).0,
        ty,
        ty_source,
        serde_attrs: serde.verbatim,
        flatten: serde.flatten,
        serde_default: serde.default,
        skip: serde.skip,
        validation,
        required_marker,
        nullable,
        alias: alias_use(&f.ty, cx),
        lossless,
    })
}

/// The type as written; re-printed on one line when it spans several.
fn type_source(cx: &FileCx<'_>, ty: &syn::Type) -> String {
    let text = cx.src.slice(ty.span());
    if !text.contains('\n') && !text.contains("//") && !text.is_empty() {
        return text.to_owned();
    }
    let file: syn::File = syn::parse_quote!(type __T = #ty;);
    let printed = prettyplease::unparse(&file);
    printed
        .trim()
        .trim_start_matches("type __T = ")
        .trim_end_matches(';')
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

pub(crate) fn build_enum(
    cx: &mut FileCx<'_>,
    e: &syn::ItemEnum,
    after_line: usize,
) -> Option<TypeDef> {
    let name = e.ident.to_string();
    let markers = cx.markers(
        after_line,
        head_line(&e.vis, e.enum_token.span),
        Targets::TYPE,
    );
    generics(cx, &e.generics, &name);
    let mut problems = Vec::new();
    let container = serde_attrs::container(&e.attrs, true, &|a| cx.text_of(a), &mut problems);
    report_serde(cx, problems);
    let tm = type_markers(cx, &markers, ValueShape::String, &name);

    if e.variants.is_empty() {
        cx.error(
            e.ident.span(),
            format!("enum `{name}` has no variants, so no value is valid"),
            "add unit variants, one per allowed string",
        );
    }
    let mut variants = Vec::new();
    let mut prev = e.brace_token.span.open().start().line;
    for v in &e.variants {
        // Variants take no markers; reading them reports any that are there.
        let line = v.ident.span().start().line;
        cx.markers(prev, line, Targets::VARIANT);
        prev = v.span().end().line;
        if !matches!(v.fields, Fields::Unit) {
            let (loc, len) = cx.span_between(v.ident.span(), v.fields.span());
            cx.push(
                Diagnostic::error(
                    format!(
                        "enum variant `{name}::{}` carries data, which has no structural schema",
                        v.ident
                    ),
                    loc,
                )
                .with_span(len)
                .with_help(
                    "API enums are strings: use unit variants only; for a choice between shapes, \
                     use a struct with one optional field per case",
                ),
            );
        }
        let mut problems = Vec::new();
        let serde = serde_attrs::variant(&v.attrs, &|a| cx.text_of(a), &mut problems);
        report_serde(cx, problems);
        let plain = v.ident.unraw().to_string();
        let json_name = serde
            .rename
            .clone()
            .or_else(|| {
                container
                    .rename_all
                    .as_ref()
                    .map(|(_, rule)| rule.apply_to_variant(&plain))
            })
            .unwrap_or(plain);
        variants.push(Variant {
            name: v.ident.to_string(),
            json_name,
            docs: docs(&v.attrs),
            serde_attrs: serde.verbatim,
            is_default: v.attrs.iter().any(|a| a.path().is_ident("default")),
            location: cx.span(v.ident.span()).0,
        });
    }

    let kind = kind::build(cx, &name, &markers, &[]);
    Some(TypeDef {
        name,
        docs: docs(&e.attrs),
        location: cx.span(e.ident.span()).0,
        derives: derives(&e.attrs),
        deepcopy: tm.deepcopy,
        validation: tm.validation,
        body: TypeBody::Enum(EnumDef {
            rename_all: container.rename_all.map(|(n, _)| n),
            serde_attrs: container.verbatim,
            variants,
        }),
        kind,
    })
}

/// A tuple struct of exactly one field: serde writes it as that field's value.
fn is_newtype(fields: &Fields) -> bool {
    matches!(fields, Fields::Unnamed(f) if f.unnamed.len() == 1)
}

/// The shape of a struct or enum item, for the version's table of local types.
pub(crate) fn shape_of(item: &syn::Item) -> Option<(String, Shape)> {
    match item {
        syn::Item::Struct(s) if is_newtype(&s.fields) => {
            Some((s.ident.to_string(), Shape::Newtype))
        }
        syn::Item::Struct(s) => Some((s.ident.to_string(), Shape::Struct)),
        syn::Item::Enum(e) => Some((e.ident.to_string(), Shape::Enum)),
        _ => None,
    }
}

/// Whether `value` is what a Rust type's `Default` serializes to when the type
/// is a string, number, bool, list or map: `""`, `0`, `false`, `[]`, `{}`.
fn is_zero_value(value: &serde_json::Value) -> bool {
    use serde_json::Value;
    match value {
        Value::Null => true,
        Value::Bool(b) => !b,
        Value::Number(n) => n.as_f64() == Some(0.0),
        Value::String(s) => s.is_empty(),
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
    }
}
