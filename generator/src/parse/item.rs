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
use super::serde_attrs::{self, ContainerSerde, RenameRule, SerdeProblem};
use super::types::{self, Shape};
use crate::diag::Diagnostic;
use crate::model::{
    AliasDef, AliasStep, AliasUse, EnumDef, Field, FieldType, NewtypeDef, StructDef, Tagging,
    TypeBody, TypeDef, Validation, Variant, VariantData,
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
    for pair in named.named.pairs() {
        let f = pair.value();
        let rule = container.rename_all.as_ref().map(|(_, r)| *r);
        if let Some(field) = build_field(cx, f, prev, rule, tm.optional_fields, &generic_names) {
            fields.push(field);
        }
        prev = end_line(pair.punct().copied(), || f.span());
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
    let inner = resolve_field_type(cx, &field.ty, generic_names, false)?;
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
        // Deep-copy markers of a Go named type (`+k8s:deepcopy-gen=false` on
        // `type HeaderName string`): an alias has no code of its own.
        if matches!(
            m.id(),
            M::DeepcopyGen
                | M::DeepcopyGenInterfaces
                | M::DeepcopyGenNonPointerInterfaces
                | M::ObjectGenerate
        ) {
            continue;
        }
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
        target: alias_use(&t.ty, cx).filter(|target| target.name != name),
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
    rename_all: Option<RenameRule>,
    optional_by_default: bool,
    generic_names: &[String],
) -> Option<Field> {
    let ident = f.ident.as_ref()?;
    let markers = cx.markers(after_line, head_line(&f.vis, ident.span()), Targets::FIELD);
    let mut problems = Vec::new();
    let serde = serde_attrs::field(&f.attrs, &|a| cx.text_of(a), &mut problems);
    report_serde(cx, problems);
    // A type that cannot be read is reported; the field stays, as any JSON, so
    // that what is checked later (CEL rules that name it) does not trip over
    // its absence. Nothing is generated from an input with errors.
    let ty = resolve_field_type(cx, &f.ty, generic_names, serde.serializes_itself)
        .unwrap_or(FieldType::Unresolved);

    let name = ident.to_string();
    let plain = ident.unraw().to_string();
    let json_name = serde
        .rename
        .clone()
        .or_else(|| rename_all.map(|rule| rule.apply_to_field(&plain)))
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
            M::K8sRequired => {
                validation.k8s_required = m.is_true();
                Some(true)
            }
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
        serializes_itself: serde.serializes_itself,
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
    let generic_names = generics(cx, &e.generics, &name);
    let mut problems = Vec::new();
    let container = serde_attrs::container(&e.attrs, true, &|a| cx.text_of(a), &mut problems);
    report_serde(cx, problems);
    let tagging = tagging(cx, &container);

    if e.variants.is_empty() {
        cx.error(
            e.ident.span(),
            format!("enum `{name}` has no variants, so no value is valid"),
            "add unit variants, one per allowed string",
        );
    }
    // Field markers follow the type's `+kubebuilder:validation:Optional`, as in structs.
    let optional_fields = markers
        .iter()
        .rev()
        .find_map(|m| match m.id() {
            M::ValidationOptional => Some(true),
            M::ValidationRequired => Some(false),
            _ => None,
        })
        .unwrap_or(cx.version.optional_by_default);
    let mut variants = Vec::new();
    let mut prev = e.brace_token.span.open().start().line;
    for pair in e.variants.pairs() {
        let v = pair.value();
        // Variants take no markers; reading them reports any that are there.
        let line = v.ident.span().start().line;
        cx.markers(prev, line, Targets::VARIANT);
        if let Some(variant) = build_variant(cx, v, &container, optional_fields, &generic_names) {
            variants.push(variant);
        }
        prev = end_line(pair.punct().copied(), || v.span());
    }
    let def = EnumDef {
        rename_all: container.rename_all.map(|(n, _)| n),
        serde_attrs: container.verbatim,
        tagging,
        variants,
    };
    // A union's markers describe an object (or an int-or-string value).
    let shape = if def.is_string_enum() {
        ValueShape::String
    } else if def.tagging == Tagging::Untagged {
        ValueShape::Unknown
    } else {
        ValueShape::Object
    };
    let tm = type_markers(cx, &markers, shape, &name);
    let kind = kind::build(cx, &name, &markers, &[]);
    Some(TypeDef {
        name,
        docs: docs(&e.attrs),
        location: cx.span(e.ident.span()).0,
        derives: derives(&e.attrs),
        deepcopy: tm.deepcopy,
        validation: tm.validation,
        body: TypeBody::Enum(def),
        kind,
    })
}

/// How serde writes the enum's variants, from its container attributes.
fn tagging(cx: &mut FileCx<'_>, container: &ContainerSerde) -> Tagging {
    match (&container.tag, &container.content, container.untagged) {
        (Some((tag, span)), _, Some(_)) => {
            cx.error(
                *span,
                format!(
                    "`#[serde(tag = \"{tag}\")]` and `#[serde(untagged)]` contradict each other"
                ),
                "keep one of the two attributes",
            );
            Tagging::Untagged
        }
        (_, _, Some(_)) => Tagging::Untagged,
        (Some((tag, _)), Some((content, _)), None) => Tagging::Adjacent {
            tag: tag.clone(),
            content: content.clone(),
        },
        (Some((tag, _)), None, None) => Tagging::Internal { tag: tag.clone() },
        (None, Some((content, span)), None) => {
            cx.error(
                *span,
                format!("`#[serde(content = \"{content}\")]` without `tag`"),
                "serde needs both for an adjacently tagged enum: add `tag = \"type\"`",
            );
            Tagging::External
        }
        (None, None, None) => Tagging::External,
    }
}

/// One variant: its JSON name (after `rename` / the enum's `rename_all`) and its
/// data, whose fields are read like a struct's.
fn build_variant(
    cx: &mut FileCx<'_>,
    v: &syn::Variant,
    container: &ContainerSerde,
    optional_fields: bool,
    generic_names: &[String],
) -> Option<Variant> {
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
    let data = match &v.fields {
        Fields::Unit => VariantData::Unit,
        Fields::Unnamed(f) if f.unnamed.len() == 1 => {
            let field = build_unnamed_field(cx, &f.unnamed[0], &json_name, generic_names)?;
            VariantData::Newtype(Box::new(field))
        }
        Fields::Unnamed(f) => {
            let (loc, len) = cx.span_between(v.ident.span(), f.span());
            cx.push(
                Diagnostic::error(
                    format!(
                        "tuple variant `{}` is a JSON array of {} values, which has no structural schema",
                        v.ident,
                        f.unnamed.len()
                    ),
                    loc,
                )
                .with_span(len)
                .with_help(format!(
                    "give the fields names: `{} {{ name: Type, ... }}`",
                    v.ident
                )),
            );
            return None;
        }
        Fields::Named(named) => {
            // The variant's own `rename_all` wins over the enum's `rename_all_fields`.
            let rule = serde
                .rename_all
                .as_ref()
                .or(container.rename_all_fields.as_ref())
                .map(|(_, r)| *r);
            let mut fields = Vec::new();
            let mut prev = named.brace_token.span.open().start().line;
            for pair in named.named.pairs() {
                let f = pair.value();
                if let Some(field) = build_field(cx, f, prev, rule, optional_fields, generic_names)
                {
                    fields.push(field);
                }
                prev = end_line(pair.punct().copied(), || f.span());
            }
            VariantData::Struct(fields)
        }
    };
    if let Some(span) = serde.other
        && !matches!(data, VariantData::Unit)
    {
        cx.error(
            span,
            format!("`#[serde(other)]` on `{}`, which carries data", v.ident),
            "serde reads unknown tags into a unit variant only: make it `Unknown` without fields",
        );
    }
    Some(Variant {
        name: v.ident.to_string(),
        json_name,
        docs: docs(&v.attrs),
        serde_attrs: serde.verbatim,
        is_default: v.attrs.iter().any(|a| a.path().is_ident("default")),
        location: cx.span(v.ident.span()).0,
        data,
        other: serde.other.is_some(),
        skip: serde.skip,
    })
}

/// The one field of a newtype variant (`Image(String)`): its type and serde
/// attributes; on the wire it is the variant's value.
fn build_unnamed_field(
    cx: &mut FileCx<'_>,
    f: &syn::Field,
    json_name: &str,
    generic_names: &[String],
) -> Option<Field> {
    let mut problems = Vec::new();
    let serde = serde_attrs::field(&f.attrs, &|a| cx.text_of(a), &mut problems);
    report_serde(cx, problems);
    let ty = resolve_field_type(cx, &f.ty, generic_names, serde.serializes_itself)?;
    Some(Field {
        name: "0".to_owned(),
        json_name: json_name.to_owned(),
        docs: docs(&f.attrs),
        location: cx.span(f.ty.span()).0,
        ty_source: type_source(cx, &f.ty),
        ty,
        serde_attrs: serde.verbatim,
        flatten: serde.flatten,
        serde_default: serde.default,
        skip: serde.skip,
        validation: Validation::default(),
        required_marker: None,
        nullable: false,
        alias: alias_use(&f.ty, cx),
        lossless: false,
        serializes_itself: serde.serializes_itself,
    })
}

/// A field's type, resolved; warnings and errors are reported. A field that
/// `serializes_itself` (`#[serde(with)]`) chose how its bytes are written.
fn resolve_field_type(
    cx: &mut FileCx<'_>,
    ty: &syn::Type,
    generic_names: &[String],
    serializes_itself: bool,
) -> Option<FieldType> {
    let mut warnings = Vec::new();
    let resolved = types::resolve(ty, &cx.scope(generic_names), &mut warnings);
    for w in warnings
        .into_iter()
        .filter(|w| !(w.numbers && serializes_itself))
    {
        let (loc, len) = cx.span(w.span);
        cx.push(
            Diagnostic::warning(w.message, loc)
                .with_span(len)
                .with_help(w.help),
        );
    }
    match resolved {
        Ok(ty) => Some(ty),
        Err(e) => {
            if !e.silent {
                cx.error(e.span, e.message, e.help);
            }
            None
        }
    }
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
        syn::Item::Enum(e) if serde_attrs::is_string_enum(e) => {
            Some((e.ident.to_string(), Shape::Enum))
        }
        syn::Item::Enum(e) => Some((e.ident.to_string(), Shape::Union)),
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

/// The line a struct ends on (its closing brace, or `;`), without gathering
/// its tokens.
pub fn struct_end_line(s: &syn::ItemStruct) -> usize {
    match (&s.fields, &s.semi_token) {
        (Fields::Named(named), _) => named.brace_token.span.close().end().line,
        (_, Some(semi)) => semi.span.end().line,
        _ => s.span().end().line,
    }
}

/// The line a field or variant ends on: that of the comma after it (a node's
/// whole span is its tokens', costly to gather), else of its own span.
fn end_line(comma: Option<&Token![,]>, span: impl FnOnce() -> Span) -> usize {
    match comma {
        Some(comma) => comma.span.end().line,
        None => span().end().line,
    }
}
