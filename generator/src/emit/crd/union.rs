//! Rust enums with data as structural unions: the schema that holds what serde
//! writes for each variant, the CEL rules that keep an object to one variant,
//! and the enums no structural schema can describe.
//!
//! - Externally tagged (serde's default, `{"git": {...}}`): one optional
//!   property per variant, and a rule that exactly one is set.
//! - Internally tagged (`#[serde(tag = "type")]`, `{"type": "Git", "url": ...}`):
//!   the tag is a required `enum` property, the variants' fields are optional
//!   properties, and one rule per variant says which fields its tag requires and
//!   which belong to other variants.
//! - Adjacently tagged (`#[serde(tag = "t", content = "c")]`): the tag as above,
//!   the content a union of the variants' data (an object of their fields, or a
//!   value), with one rule per variant.
//! - Untagged (`#[serde(untagged)]`): an integer and a string variant are
//!   `x-kubernetes-int-or-string`; struct variants an object of their fields and
//!   a rule that follows serde: the first variant whose required fields are all
//!   set is the one read, and no field of another variant may be set (serde
//!   would drop it).
//!
//! Unions are atomic for server-side apply (`x-kubernetes-map-type: atomic`):
//! a manager that applies another variant conflicts with the owner of the
//! current one, and with `force` replaces it whole, rather than merging two
//! variants into an object no Rust type can read. A union flattened into a
//! struct (`#[serde(flatten)]`) shares that struct's fields and stays granular.
//!
//! Every enum whose variants have no common structural schema is an error that
//! names the variants in conflict.

use std::collections::BTreeSet;

use crate::prose::or_list;

use crate::model::{
    Field, FieldType, Location, Tagging, TypeBody, TypeDef, Variant, VariantData, Version,
    XValidation,
};

/// The schema of an enum with data, before it is turned into `JSONSchemaProps`.
pub(crate) enum UnionShape<'a> {
    /// `x-kubernetes-int-or-string`: untagged newtypes of an integer and a string.
    IntOrString,
    /// Untagged newtypes of one type: that type.
    Value(&'a Field),
    /// An object.
    Object(UnionObject<'a>),
}

/// An object that holds every variant.
pub(crate) struct UnionObject<'a> {
    /// In the order serde writes them (tag first).
    pub properties: Vec<(String, Property<'a>)>,
    pub required: Vec<String>,
    pub rules: Vec<XValidation>,
}

/// Where a property of a union object comes from.
pub(crate) enum Property<'a> {
    /// A field of one or more variants (the first one's docs and markers).
    Field(&'a Field),
    /// Externally tagged: the variant's data under its name.
    Variant(&'a Variant),
    /// The tag: the variants' names.
    Tag {
        values: Vec<String>,
        description: String,
    },
    /// Adjacently tagged: the content, a union of the variants' data.
    Content(Box<UnionShape<'a>>),
}

/// What a variant carries, as far as its schema is concerned.
#[derive(Clone, Copy)]
pub(crate) enum Data<'a> {
    None,
    /// Named fields: a struct variant's, or those of the struct a newtype
    /// variant holds (`default` is that struct's `#[serde(default)]`).
    Fields {
        fields: &'a [Field],
        default: bool,
    },
    /// A newtype variant's value that is not a struct of this version.
    Value(&'a Field),
}

/// An enum that has no structural schema, at the variant or field that shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct UnionError {
    pub location: Location,
    pub span_len: usize,
    pub message: String,
    pub help: String,
}

/// The union schema of `ty`, an enum with data (or tagged) of `version`.
pub(crate) fn layout<'a>(
    version: &'a Version,
    ty: &'a TypeDef,
) -> Result<UnionShape<'a>, Vec<UnionError>> {
    let TypeBody::Enum(def) = &ty.body else {
        return Err(Vec::new());
    };
    let variants: Vec<&Variant> = def.wire_variants().collect();
    let mut cx = Cx {
        version,
        ty,
        errors: Vec::new(),
    };
    let shape = match &def.tagging {
        Tagging::External => cx.external(&variants),
        Tagging::Internal { tag } => cx.internal(&variants, tag),
        Tagging::Adjacent { tag, content } => cx.adjacent(&variants, tag, content),
        Tagging::Untagged => cx.untagged(&variants),
    };
    match shape {
        Some(shape) if cx.errors.is_empty() => Ok(shape),
        _ => Err(cx.errors),
    }
}

struct Cx<'a> {
    version: &'a Version,
    ty: &'a TypeDef,
    errors: Vec<UnionError>,
}

/// A property several variants may share.
struct Merged<'a> {
    field: &'a Field,
    /// Indices of the variants that have it.
    variants: Vec<usize>,
    /// Indices of the variants that require it.
    required_in: Vec<usize>,
}

impl<'a> Cx<'a> {
    fn error(&mut self, at: &Location, len: usize, message: String, help: impl Into<String>) {
        self.errors.push(UnionError {
            location: at.clone(),
            span_len: len,
            message,
            help: help.into(),
        });
    }

    fn at_variant(&mut self, v: &Variant, message: String, help: impl Into<String>) {
        self.error(&v.location, v.name.chars().count(), message, help);
    }

    fn name(&self) -> &str {
        &self.ty.name
    }

    /// What `v` carries; a newtype of a struct of this version carries its fields.
    fn data(&self, v: &'a Variant) -> Data<'a> {
        match &v.data {
            VariantData::Unit => Data::None,
            VariantData::Struct(fields) => Data::Fields {
                fields,
                default: false,
            },
            VariantData::Newtype(field) => {
                let mut inner = &field.ty;
                while let FieldType::Boxed(t) = inner {
                    inner = t;
                }
                match inner {
                    FieldType::Local(name) => match self.version.find_type(name).map(|t| &t.body) {
                        Some(TypeBody::Struct(def)) => Data::Fields {
                            fields: &def.fields,
                            default: def.default,
                        },
                        _ => Data::Value(field),
                    },
                    _ => Data::Value(field),
                }
            }
        }
    }

    /// `{"<variant>": <data>}`: one optional property per variant, exactly one set.
    fn external(&mut self, variants: &[&'a Variant]) -> Option<UnionShape<'a>> {
        let units: Vec<&&Variant> = variants
            .iter()
            .filter(|v| matches!(v.data, VariantData::Unit))
            .collect();
        if let (Some(unit), Some(data)) = (
            units.first(),
            variants
                .iter()
                .find(|v| !matches!(v.data, VariantData::Unit)),
        ) {
            let (unit_name, data_name) = (unit.name.clone(), data.name.clone());
            self.at_variant(
                unit,
                format!(
                    "`{}::{unit_name}` is the string \"{}\" on the wire, but `{}::{data_name}` is an object: no structural schema holds both",
                    self.name(),
                    unit.json_name,
                    self.name()
                ),
                format!(
                    "write `{unit_name} {{}}` (the object `{{\"{}\": {{}}}}`), or tag the enum: `#[serde(tag = \"type\")]` writes every variant as an object",
                    unit.json_name
                ),
            );
            return None;
        }
        let mut properties = Vec::new();
        for v in variants {
            self.no_flatten(v);
            if let VariantData::Newtype(field) = &v.data {
                self.visible_to_cel(field, v);
            }
            properties.push((v.json_name.clone(), Property::Variant(v)));
        }
        let names: Vec<&str> = variants.iter().map(|v| v.json_name.as_str()).collect();
        let accesses = self.accesses(&names)?;
        let (required, rules) = match accesses.as_slice() {
            [] => (Vec::new(), Vec::new()),
            // One variant: its property is simply required.
            [_] => (vec![names[0].to_owned()], Vec::new()),
            _ => {
                let count = accesses
                    .iter()
                    .map(|a| format!("(has(self.{a}) ? 1 : 0)"))
                    .collect::<Vec<_>>()
                    .join(" + ");
                (
                    Vec::new(),
                    vec![rule(
                        format!("{count} == 1"),
                        format!("exactly one of {} must be set", or_list(&names)),
                    )],
                )
            }
        };
        Some(UnionShape::Object(UnionObject {
            properties,
            required,
            rules,
        }))
    }

    /// `{"<tag>": "<variant>", <fields>}`.
    fn internal(&mut self, variants: &[&'a Variant], tag: &str) -> Option<UnionShape<'a>> {
        let data: Vec<Data<'a>> = variants.iter().map(|v| self.data(v)).collect();
        for (v, d) in variants.iter().zip(&data) {
            if let Data::Value(field) = d {
                self.at_variant(
                    v,
                    format!(
                        "`{}::{}` holds a `{}`, which serde cannot write next to the tag `{tag}` of an internally tagged enum",
                        self.name(),
                        v.name,
                        field.ty_source
                    ),
                    format!(
                        "give the variant named fields (`{} {{ value: {} }}`), or use adjacent tagging: `#[serde(tag = \"{tag}\", content = \"value\")]`",
                        v.name, field.ty_source
                    ),
                );
            }
        }
        for (v, d) in variants.iter().zip(&data) {
            let Data::Fields { fields, .. } = d else {
                continue;
            };
            for field in fields.iter().filter(|f| f.json_name == tag && !f.skip) {
                self.error(
                    &field.location,
                    field.name.chars().count(),
                    format!(
                        "the field `{}` of `{}::{}` has the name of the tag `{tag}`",
                        field.name,
                        self.name(),
                        v.name
                    ),
                    "rename the field, or the tag (`#[serde(tag = \"...\")]`)",
                );
            }
        }
        let merged = self.merge(variants, &data)?;
        let tag_access = self.accesses(&[tag])?.remove(0);
        let names: Vec<&str> = merged.iter().map(|m| m.field.json_name.as_str()).collect();
        let accesses = self.accesses(&names)?;
        let mut rules = Vec::new();
        for (i, v) in variants.iter().enumerate() {
            let (needs, forbids) = constraints(&merged, i);
            // The tag of `#[serde(other)]` is never written (see `tag_property`).
            if v.other || needs.is_empty() && forbids.is_empty() {
                continue;
            }
            let checks: Vec<String> = needs
                .iter()
                .map(|&k| format!("has(self.{})", accesses[k]))
                .chain(
                    forbids
                        .iter()
                        .map(|&k| format!("!has(self.{})", accesses[k])),
                )
                .collect();
            rules.push(rule(
                format!(
                    "self.{tag_access} != {} || {}",
                    cel_string(&v.json_name),
                    and(&checks)
                ),
                variant_message(tag, &v.json_name, &[], &needs, &forbids, &names, ""),
            ));
        }
        let mut properties = vec![(tag.to_owned(), self.tag_property(variants))];
        properties.extend(
            merged
                .iter()
                .map(|m| (m.field.json_name.clone(), Property::Field(m.field))),
        );
        Some(UnionShape::Object(UnionObject {
            properties,
            required: vec![tag.to_owned()],
            rules,
        }))
    }

    /// `{"<tag>": "<variant>", "<content>": <data>}`.
    fn adjacent(
        &mut self,
        variants: &[&'a Variant],
        tag: &str,
        content: &str,
    ) -> Option<UnionShape<'a>> {
        let data: Vec<Data<'a>> = variants.iter().map(|v| self.data(v)).collect();
        let accesses = self.accesses(&[tag, content])?;
        let (tag_access, content_access) = (&accesses[0], &accesses[1]);
        let inner = self.data_shape(variants, &data)?;
        let mut rules = Vec::new();
        let merged = match &inner {
            Some(ContentShape::Fields(merged)) => Some(merged),
            _ => None,
        };
        let names: Vec<&str> = merged
            .map(|m| m.iter().map(|m| m.field.json_name.as_str()).collect())
            .unwrap_or_default();
        let field_accesses = self.accesses(&names)?;
        for (i, (v, d)) in variants.iter().zip(&data).enumerate() {
            if v.other {
                continue;
            }
            let unless = format!("self.{tag_access} != {} || ", cel_string(&v.json_name));
            let (condition, message) = match d {
                Data::None => (
                    format!("!has(self.{content_access})"),
                    format!("when {tag} is {}: {content} must not be set", v.json_name),
                ),
                _ => {
                    let mut checks = vec![format!("has(self.{content_access})")];
                    let (needs, forbids) = merged.map(|m| constraints(m, i)).unwrap_or_default();
                    checks.extend(
                        needs
                            .iter()
                            .map(|&k| format!("has(self.{content_access}.{})", field_accesses[k])),
                    );
                    checks.extend(
                        forbids
                            .iter()
                            .map(|&k| format!("!has(self.{content_access}.{})", field_accesses[k])),
                    );
                    let prefix = format!("{content}.");
                    let message = variant_message(
                        tag,
                        &v.json_name,
                        &[content],
                        &needs,
                        &forbids,
                        &names,
                        &prefix,
                    );
                    (and(&checks), message)
                }
            };
            rules.push(rule(format!("{unless}{condition}"), message));
        }
        let mut properties = vec![(tag.to_owned(), self.tag_property(variants))];
        if let Some(inner) = inner {
            let shape = match inner {
                ContentShape::Fields(merged) => UnionShape::Object(UnionObject {
                    properties: merged
                        .iter()
                        .map(|m| (m.field.json_name.clone(), Property::Field(m.field)))
                        .collect(),
                    required: Vec::new(),
                    rules: Vec::new(),
                }),
                ContentShape::Other(shape) => shape,
            };
            properties.push((content.to_owned(), Property::Content(Box::new(shape))));
        }
        Some(UnionShape::Object(UnionObject {
            properties,
            required: vec![tag.to_owned()],
            rules,
        }))
    }

    /// The variant's data alone.
    fn untagged(&mut self, variants: &[&'a Variant]) -> Option<UnionShape<'a>> {
        for v in variants {
            if matches!(v.data, VariantData::Unit) {
                self.at_variant(
                    v,
                    format!(
                        "the unit variant `{}::{}` of an untagged enum is `null` on the wire, which an API object cannot hold",
                        self.name(),
                        v.name
                    ),
                    format!(
                        "remove it and use `Option<{}>` where the value may be missing, or tag the enum",
                        self.name()
                    ),
                );
                return None;
            }
        }
        let data: Vec<Data<'a>> = variants.iter().map(|v| self.data(v)).collect();
        match self.data_shape(variants, &data)? {
            None => None,
            Some(ContentShape::Other(shape)) => Some(shape),
            Some(ContentShape::Fields(merged)) => {
                self.unreachable_variants(variants, &merged)?;
                let names: Vec<&str> = merged.iter().map(|m| m.field.json_name.as_str()).collect();
                let accesses = self.accesses(&names)?;
                let rules = match variants {
                    [_] => Vec::new(),
                    _ => vec![untagged_rule(variants, &merged, &accesses, &names)],
                };
                Some(UnionShape::Object(UnionObject {
                    properties: merged
                        .iter()
                        .map(|m| (m.field.json_name.clone(), Property::Field(m.field)))
                        .collect(),
                    required: Vec::new(),
                    rules,
                }))
            }
        }
    }

    /// The common schema of the variants' data (adjacent content, untagged
    /// value): their fields merged, or one value type, or int-or-string;
    /// `Some(None)` when no variant carries data.
    fn data_shape(
        &mut self,
        variants: &[&'a Variant],
        data: &[Data<'a>],
    ) -> Option<Option<ContentShape<'a>>> {
        let with_fields: Vec<usize> = (0..data.len())
            .filter(|&i| matches!(data[i], Data::Fields { .. }))
            .collect();
        let with_values: Vec<usize> = (0..data.len())
            .filter(|&i| matches!(data[i], Data::Value(_)))
            .collect();
        if let (Some(&f), Some(&v)) = (with_fields.first(), with_values.first()) {
            let Data::Value(value) = data[v] else {
                return None;
            };
            self.at_variant(
                variants[v],
                format!(
                    "`{}::{}` holds a `{}` but `{}::{}` an object: no structural schema holds both",
                    self.name(),
                    variants[v].name,
                    value.ty_source,
                    self.name(),
                    variants[f].name
                ),
                format!(
                    "give `{}` named fields (`{} {{ value: {} }}`)",
                    variants[v].name, variants[v].name, value.ty_source
                ),
            );
            return None;
        }
        if !with_fields.is_empty() {
            return self
                .merge(variants, data)
                .map(|merged| Some(ContentShape::Fields(merged)));
        }
        let values: Vec<(usize, &'a Field)> = with_values
            .iter()
            .filter_map(|&i| match data[i] {
                Data::Value(field) => Some((i, field)),
                _ => None,
            })
            .collect();
        let Some(&(first_index, first)) = values.first() else {
            return Some(None);
        };
        if values.iter().all(|(_, f)| same_schema(f, first)) {
            return Some(Some(ContentShape::Other(UnionShape::Value(first))));
        }
        let integer = values
            .iter()
            .filter(|(_, f)| is_integer(&f.ty))
            .collect::<Vec<_>>();
        let string = values
            .iter()
            .filter(|(_, f)| is_string(&f.ty))
            .collect::<Vec<_>>();
        if integer.len() + string.len() == values.len() && !integer.is_empty() {
            // Two integer (or two string) variants would make serde pick the
            // first for every value of that kind.
            for group in [&integer, &string] {
                if let [(a, _), (b, _), ..] = group.as_slice() {
                    let (a, b) = (variants[*a], variants[*b]);
                    self.at_variant(
                        b,
                        format!(
                            "`{}::{}` is never read: serde tries `{}` first and it takes the same values",
                            self.name(),
                            b.name,
                            a.name
                        ),
                        "keep one variant per kind of value (one integer, one string)",
                    );
                    return None;
                }
            }
            return Some(Some(ContentShape::Other(UnionShape::IntOrString)));
        }
        let (other_index, other) = values
            .iter()
            .find(|(_, f)| !same_schema(f, first))
            .copied()
            .unwrap_or((first_index, first));
        self.at_variant(
            variants[other_index],
            format!(
                "`{}::{}` holds a `{}` but `{}::{}` a `{}`: no structural schema holds both",
                self.name(),
                variants[other_index].name,
                other.ty_source,
                self.name(),
                variants[first_index].name,
                first.ty_source
            ),
            "variants of an untagged enum (or the content of an adjacently tagged one) must share \
             a schema: all objects, or one integer and one string (x-kubernetes-int-or-string)",
        );
        None
    }

    /// The fields of every variant as one list, a field shared by several
    /// variants only when its type and markers agree.
    fn merge(&mut self, variants: &[&'a Variant], data: &[Data<'a>]) -> Option<Vec<Merged<'a>>> {
        let mut merged: Vec<Merged<'a>> = Vec::new();
        let mut ok = true;
        for (i, d) in data.iter().enumerate() {
            let Data::Fields { fields, default } = d else {
                continue;
            };
            for field in fields.iter().filter(|f| !f.skip) {
                if field.flatten {
                    self.error(
                        &field.location,
                        field.name.chars().count(),
                        format!(
                            "`#[serde(flatten)]` in the variant `{}::{}` is not supported",
                            self.name(),
                            variants[i].name
                        ),
                        "write the fields into the variant, or hold the struct in a newtype variant",
                    );
                    ok = false;
                    continue;
                }
                let required = field.is_required(*default);
                match merged
                    .iter_mut()
                    .find(|m| m.field.json_name == field.json_name)
                {
                    Some(m) if !same_schema(m.field, field) => {
                        let first = variants[m.variants[0]].name.clone();
                        let what = if m.field.ty == field.ty {
                            "different markers".to_owned()
                        } else {
                            format!("`{}`, not `{}`", field.ty_source, m.field.ty_source)
                        };
                        self.error(
                            &field.location,
                            field.name.chars().count(),
                            format!(
                                "the field `{}` of `{}::{}` has {what} as in `{first}`: both are the property `{}`",
                                field.name,
                                self.name(),
                                variants[i].name,
                                field.json_name
                            ),
                            "give the two fields the same type and markers, or different names \
                             (`#[serde(rename = \"...\")]`)",
                        );
                        ok = false;
                    }
                    Some(m) => {
                        m.variants.push(i);
                        if required {
                            m.required_in.push(i);
                        }
                    }
                    None => {
                        ok &= self.visible_to_cel(field, variants[i]);
                        merged.push(Merged {
                            field,
                            variants: vec![i],
                            required_in: if required { vec![i] } else { Vec::new() },
                        });
                    }
                }
            }
        }
        ok.then_some(merged)
    }

    /// A later variant whose required fields include all of an earlier one's is
    /// never read: serde tries the earlier one first and it succeeds.
    fn unreachable_variants(
        &mut self,
        variants: &[&'a Variant],
        merged: &[Merged<'a>],
    ) -> Option<()> {
        let required = |i: usize| -> BTreeSet<&str> {
            merged
                .iter()
                .filter(|m| m.required_in.contains(&i))
                .map(|m| m.field.json_name.as_str())
                .collect()
        };
        for j in 1..variants.len() {
            for i in 0..j {
                let (earlier, later) = (required(i), required(j));
                if earlier.is_subset(&later) {
                    let needs = if earlier.is_empty() {
                        "requires no field, so it reads every object".to_owned()
                    } else {
                        format!(
                            "reads every object that has {}",
                            earlier
                                .iter()
                                .map(|n| format!("`{n}`"))
                                .collect::<Vec<_>>()
                                .join(" and ")
                        )
                    };
                    let (a, b) = (variants[i].name.clone(), variants[j].name.clone());
                    self.at_variant(
                        variants[j],
                        format!(
                            "`{}::{b}` is never read: serde tries `{a}` first, which {needs}",
                            self.name()
                        ),
                        format!(
                            "put `{b}` before `{a}`, or give `{a}` a required field `{b}` does not have"
                        ),
                    );
                    return None;
                }
            }
        }
        Some(())
    }

    /// The CEL spelling of each property name, or an error for names CEL rules
    /// cannot select.
    fn accesses(&mut self, names: &[&str]) -> Option<Vec<String>> {
        let mut out = Vec::new();
        for name in names {
            match super::cel::escape(name) {
                Some(escaped) => out.push(escaped),
                None => {
                    let (location, len) = (self.ty.location.clone(), self.ty.name.chars().count());
                    self.error(
                        &location,
                        len,
                        format!(
                            "the property `{name}` of `{}` cannot be named in the CEL rule that keeps the object to one variant",
                            self.name()
                        ),
                        "rename it to letters, digits, `_`, `-`, `.` and `/` (`#[serde(rename = \"...\")]`)",
                    );
                    return None;
                }
            }
        }
        Some(out)
    }

    fn tag_property(&self, variants: &[&'a Variant]) -> Property<'a> {
        // `#[serde(other)]` reads unknown tags; writing it back would replace the
        // tag the server holds, so the schema does not offer its name.
        let listed: Vec<&&Variant> = variants.iter().filter(|v| !v.other).collect();
        let lines: Vec<String> = listed
            .iter()
            .map(|v| match v.docs.first() {
                Some(doc) if !doc.trim().is_empty() => format!("- {}: {}", v.json_name, doc.trim()),
                _ => format!("- {}", v.json_name),
            })
            .collect();
        Property::Tag {
            values: listed.iter().map(|v| v.json_name.clone()).collect(),
            description: format!("Which variant this is:\n{}", lines.join("\n")),
        }
    }

    /// The rules name every property of a union; CEL sees no property whose
    /// schema has no type (`serde_json::Value`, maps and lists of it).
    fn visible_to_cel(&mut self, field: &Field, v: &Variant) -> bool {
        if field.validation.schemaless || !cel_visible(&field.ty) {
            let what = if field.name == "0" {
                format!("`{}::{}`", self.name(), v.name)
            } else {
                format!(
                    "the field `{}` of `{}::{}`",
                    field.name,
                    self.name(),
                    v.name
                )
            };
            self.error(
                &field.location,
                field.name.chars().count().max(1),
                format!(
                    "{what} holds a `{}`, a value without a schema type, which CEL rules cannot \
                     name: the rule that keeps the object to one variant needs to",
                    field.ty_source
                ),
                "give it a typed schema (`BTreeMap<String, String>`, a struct of its own), or \
                 hold it in a struct field of the variant",
            );
            return false;
        }
        true
    }

    fn no_flatten(&mut self, v: &'a Variant) {
        if let Data::Fields { fields, .. } = self.data(v) {
            for field in fields.iter().filter(|f| f.flatten && !f.skip) {
                self.error(
                    &field.location,
                    field.name.chars().count(),
                    format!(
                        "`#[serde(flatten)]` in the variant `{}::{}` is not supported",
                        self.name(),
                        v.name
                    ),
                    "write the fields into the variant, or hold the struct in a newtype variant",
                );
            }
        }
    }
}

/// The content of an adjacently tagged enum or the value of an untagged one.
enum ContentShape<'a> {
    Fields(Vec<Merged<'a>>),
    Other(UnionShape<'a>),
}

/// The merged fields variant `i` requires, and those it does not have.
fn constraints(merged: &[Merged<'_>], i: usize) -> (Vec<usize>, Vec<usize>) {
    let needs = (0..merged.len())
        .filter(|&k| merged[k].required_in.contains(&i))
        .collect();
    let forbids = (0..merged.len())
        .filter(|&k| !merged[k].variants.contains(&i))
        .collect();
    (needs, forbids)
}

/// serde's reading of an untagged object: the first variant whose required
/// fields are all set is read, and then no field it does not have may be set.
fn untagged_rule(
    variants: &[&Variant],
    merged: &[Merged<'_>],
    accesses: &[String],
    names: &[&str],
) -> XValidation {
    let mut expression = "false".to_owned();
    for i in (0..variants.len()).rev() {
        let (needs, forbids) = constraints(merged, i);
        let reads: Vec<String> = needs
            .iter()
            .map(|&k| format!("has(self.{})", accesses[k]))
            .collect();
        let keeps: Vec<String> = forbids
            .iter()
            .map(|&k| format!("!has(self.{})", accesses[k]))
            .collect();
        expression = if reads.is_empty() {
            and(&keeps)
        } else {
            format!("{} ? {} : {expression}", and(&reads), and(&keeps))
        };
    }
    let described: Vec<String> = variants
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let own: Vec<&str> = merged
                .iter()
                .enumerate()
                .filter(|(_, m)| m.variants.contains(&i))
                .map(|(k, _)| names[k])
                .collect();
            format!("{} ({})", v.json_name, own.join(", "))
        })
        .collect();
    rule(
        expression,
        format!(
            "the fields set must be those of one variant: {}",
            or_list(&described.iter().map(String::as_str).collect::<Vec<_>>())
        ),
    )
}

/// `when type is Git: url must be set; image must not be set`: what the rule of
/// one variant checks, field names after `prefix` (`c.` for adjacent content).
fn variant_message(
    tag: &str,
    variant: &str,
    set: &[&str],
    needs: &[usize],
    forbids: &[usize],
    names: &[&str],
    prefix: &str,
) -> String {
    let list = |keys: &[usize]| {
        keys.iter()
            .map(|&k| format!("{prefix}{}", names[k]))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut set: Vec<String> = set.iter().map(|s| (*s).to_owned()).collect();
    if !needs.is_empty() {
        set.push(list(needs));
    }
    let mut parts = Vec::new();
    if !set.is_empty() {
        parts.push(format!("{} must be set", set.join(", ")));
    }
    if !forbids.is_empty() {
        parts.push(format!("{} must not be set", list(forbids)));
    }
    format!("when {tag} is {variant}: {}", parts.join("; "))
}

fn rule(rule: String, message: String) -> XValidation {
    XValidation {
        rule,
        message: Some(message),
        message_expression: None,
        reason: None,
        field_path: None,
        optional_old_self: None,
        marker: None,
    }
}

/// `a && b && c`, `true` for none.
fn and(checks: &[String]) -> String {
    match checks {
        [] => "true".to_owned(),
        [one] => one.clone(),
        _ => checks.join(" && "),
    }
}

/// A CEL string literal.
fn cel_string(value: &str) -> String {
    format!("'{}'", value.replace('\\', "\\\\").replace('\'', "\\'"))
}

/// Whether the API server declares values of `ty` to CEL rules: not when the
/// schema has no type (`serde_json::Value`), nor lists and maps of such values.
fn cel_visible(ty: &FieldType) -> bool {
    match ty {
        FieldType::Json => false,
        FieldType::Option(inner)
        | FieldType::Boxed(inner)
        | FieldType::Vec(inner)
        | FieldType::Array { item: inner, .. } => cel_visible(inner),
        FieldType::Map { value, .. } => cel_visible(value),
        _ => true,
    }
}

/// Whether two fields make the same property schema.
fn same_schema(a: &Field, b: &Field) -> bool {
    a.ty == b.ty && a.validation == b.validation && a.nullable == b.nullable
}

fn strip(ty: &FieldType) -> &FieldType {
    match ty {
        FieldType::Option(inner) | FieldType::Boxed(inner) => strip(inner),
        other => other,
    }
}

fn is_integer(ty: &FieldType) -> bool {
    matches!(
        strip(ty),
        FieldType::Integer { .. } | FieldType::PointerSized { .. }
    )
}

fn is_string(ty: &FieldType) -> bool {
    matches!(strip(ty), FieldType::String)
}
