//! Model types → structural OpenAPI v3 schemas (`JSONSchemaProps`).
//!
//! Rust types map the way k8s and controller-gen map Go types: `String` → string,
//! `bool` → boolean, `i8`..`i32`/`u8`/`u16` → integer `int32`, `i64`/`u32`/`u64` →
//! integer `int64` (unsigned ones add `minimum: 0`), `isize`/`usize` (Go's `int`/`uint`) →
//! integer without format, `f32`/`f64` → number (only
//! with `allow_dangerous_types`, as in controller-gen), `Vec<u8>` → what serde
//! writes, a list of integers 0..=255 (a string `byte` when the field writes it
//! itself, `#[serde(with)]`, as Go's `[]byte`), `ByteString` → string `byte`,
//! `Vec<T>` → array,
//! `BTreeMap`/`HashMap<String, V>` → object with `additionalProperties`,
//! `Option<T>`/`Box<T>` → `T` (nullable only with `+nullable`), `serde_json::Value`
//! → `x-kubernetes-preserve-unknown-fields`, local structs → inline objects, local
//! unit enums → string `enum`s, k8s-openapi types → their real schemas.
//!
//! Recursion: a structural schema is a finite tree, so a local type that contains
//! itself (through `Box`, `Vec`, `Option` or a map) is cut at the point where it
//! recurses: that node becomes `type: object` with
//! `x-kubernetes-preserve-unknown-fields: true` (and the type's description). The
//! API server accepts the CRD and keeps the nested data unvalidated, which is what
//! a Go user gets by marking such a field `+kubebuilder:validation:Schemaless`.

use std::collections::BTreeMap;

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::{
    JSON, JSONSchemaProps, JSONSchemaPropsOrArray, JSONSchemaPropsOrBool, ValidationRule,
};

use super::CrdError;
use super::docs::description;
use super::external::ExternalSchemas;
use super::union::{self, Property, UnionObject, UnionShape};
use super::validation;
use crate::model::{
    AliasStep, AliasUse, BYTE_STRING, Field, FieldType, Location, StructDef, TypeBody, TypeDef,
    Validation, Variant, VariantData, Version,
};

/// The API server's base64 check of `format: byte` (kube-openapi's
/// `govalidator.IsBase64`), with the empty string allowed: the items of a list
/// (or values of a map) of bytes, which serde must write even when empty.
pub(crate) const BASE64_OR_EMPTY: &str =
    "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$";

/// k8s-openapi's `RawExtension`, whose `Default` is `RawExtension(Value::Null)`.
const RAW_EXTENSION: &str = "k8s_openapi::apimachinery::pkg::runtime::RawExtension";

/// controller-gen's description of the root `apiVersion` property.
pub const API_VERSION_DESCRIPTION: &str = "APIVersion defines the versioned schema of this representation of an object.\nServers should convert recognized schemas to the latest internal value, and\nmay reject unrecognized values.\nMore info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources";

/// controller-gen's description of the root `kind` property.
pub const KIND_DESCRIPTION: &str = "Kind is a string value representing the REST resource this object represents.\nServers may infer this from the endpoint the client submits requests to.\nCannot be updated.\nIn CamelCase.\nMore info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds";

/// The root names the API server owns; a kind's own fields of these names are
/// replaced by the standard schemas.
const ROOT_NAMES: [&str; 3] = ["apiVersion", "kind", "metadata"];

/// The `openAPIV3Schema` of a kind declared in `version`.
pub fn kind_schema(version: &Version, kind: &TypeDef) -> Result<JSONSchemaProps, Vec<CrdError>> {
    let mut externals = ExternalSchemas::new();
    let mut errors = Vec::new();
    let schema = SchemaBuilder::new(version, &mut externals, &mut errors).root(kind);
    if errors.is_empty() {
        Ok(schema)
    } else {
        Err(errors)
    }
}

/// Builds schemas for the types of one version; problems go to `errors`, and a
/// schema that could not be built is left as preserve-unknown-fields so the walk
/// can continue and report every problem.
pub(crate) struct SchemaBuilder<'a> {
    version: &'a Version,
    externals: &'a mut ExternalSchemas,
    errors: &'a mut Vec<CrdError>,
    /// Local types being expanded, outermost first (for recursion cuts).
    stack: Vec<String>,
    /// Floats allowed (controller-gen's `allowDangerousTypes`); refused otherwise.
    allow_dangerous_types: bool,
}

/// The pieces of an object schema collected from a struct's fields.
#[derive(Default)]
struct ObjectParts {
    properties: BTreeMap<String, JSONSchemaProps>,
    /// In field order, like controller-gen.
    required: Vec<String>,
    /// A flattened map or `serde_json::Value` accepts any further field.
    preserve_unknown: bool,
    /// `x-kubernetes-validations` of flattened types, which now apply to the parent.
    rules: Vec<ValidationRule>,
}

impl<'a> SchemaBuilder<'a> {
    pub(crate) fn new(
        version: &'a Version,
        externals: &'a mut ExternalSchemas,
        errors: &'a mut Vec<CrdError>,
    ) -> Self {
        SchemaBuilder {
            version,
            externals,
            errors,
            stack: Vec::new(),
            allow_dangerous_types: false,
        }
    }

    /// Accept `f32`/`f64` fields as `type: number` (controller-gen's
    /// `allowDangerousTypes`); without it they are errors, as in controller-gen.
    pub(crate) fn allow_dangerous_types(mut self, allow: bool) -> Self {
        self.allow_dangerous_types = allow;
        self
    }

    /// The root schema of a kind: `apiVersion`, `kind`, `metadata: {type: object}`
    /// and the kind's own fields.
    pub(crate) fn root(&mut self, kind: &TypeDef) -> JSONSchemaProps {
        let TypeBody::Struct(def) = &kind.body else {
            self.error(
                &kind.location,
                format!("kind {} must be a struct", kind.name),
            );
            return object(BTreeMap::new());
        };
        self.stack.push(kind.name.clone());
        let parts = self.object_parts(def);
        self.stack.pop();

        let mut properties = BTreeMap::from([
            (
                "apiVersion".to_owned(),
                string(Some(API_VERSION_DESCRIPTION)),
            ),
            ("kind".to_owned(), string(Some(KIND_DESCRIPTION))),
            ("metadata".to_owned(), object(BTreeMap::new())),
        ]);
        let own = parts
            .properties
            .into_iter()
            .filter(|(name, _)| !ROOT_NAMES.contains(&name.as_str()));
        properties.extend(own);
        let mut required: Vec<String> = parts
            .required
            .into_iter()
            .filter(|name| !ROOT_NAMES.contains(&name.as_str()))
            .collect();
        // The API server sets and checks `metadata` itself, so it is left out
        // of `required` (as kube-derive does), unless a marker asks for it:
        // controller-gen lists it for a Go `ObjectMeta` without `omitempty`.
        if def
            .fields
            .iter()
            .any(|f| f.json_name == "metadata" && !f.skip && f.required_marker == Some(true))
        {
            required.insert(0, "metadata".to_owned());
        }

        let mut schema = object(properties);
        schema.description = description(&kind.docs);
        schema.required = non_empty(required);
        schema.x_kubernetes_preserve_unknown_fields = parts.preserve_unknown.then_some(true);
        schema.x_kubernetes_validations = non_empty(parts.rules);
        validation::apply(&mut schema, &kind.validation, &kind.location, self.errors);
        schema
    }

    fn object_parts(&mut self, def: &StructDef) -> ObjectParts {
        self.fields_parts(&def.fields, def.default)
    }

    /// The properties of named fields (a struct's, or a struct variant's);
    /// `container_default` is the container's `#[serde(default)]`.
    fn fields_parts(&mut self, fields: &[Field], container_default: bool) -> ObjectParts {
        let mut parts = ObjectParts::default();
        for field in fields.iter().filter(|f| !f.skip) {
            if field.flatten {
                self.flatten_into(&mut parts, field, container_default);
                continue;
            }
            let mut schema = self.field_schema(field);
            if schema.default.is_none() && !field.ty.is_option() {
                let serde_defaulted = field.serde_default || container_default;
                let always_sent = !field
                    .serde_attrs
                    .iter()
                    .any(|a| a.contains("skip_serializing_if"));
                if serde_defaulted {
                    schema.default = rust_default(&schema)
                        .or_else(|| always_sent.then(|| empty_default(&schema)).flatten())
                        .map(JSON);
                }
            }
            parts.properties.insert(field.json_name.clone(), schema);
            if field.is_required(container_default) {
                parts.required.push(field.json_name.clone());
            }
        }
        parts
    }

    /// `#[serde(flatten)]`: the inner struct's properties (and, when the field itself
    /// is required, its required list) join the parent's.
    fn flatten_into(&mut self, parts: &mut ObjectParts, field: &Field, container_default: bool) {
        let required = !field.ty.is_option() && field.is_required(container_default);
        match strip_wrappers(&field.ty) {
            FieldType::Local(name) => {
                let Some(ty) = self.lookup(name, &field.location) else {
                    return;
                };
                if let TypeBody::Enum(def) = &ty.body
                    && !def.is_string_enum()
                {
                    self.flatten_union(parts, ty, field, required);
                    return;
                }
                let TypeBody::Struct(def) = &ty.body else {
                    self.error(
                        &field.location,
                        format!(
                            "#[serde(flatten)] needs a struct with named fields or a map, but \
                             {name} is an enum or a newtype"
                        ),
                    );
                    return;
                };
                if self.stack.iter().any(|n| n == name) {
                    self.error(
                        &field.location,
                        format!("#[serde(flatten)] of {name} inside itself has no finite schema"),
                    );
                    return;
                }
                self.stack.push(name.clone());
                let inner = self.object_parts(def);
                self.stack.pop();
                parts.properties.extend(inner.properties);
                if required {
                    parts.required.extend(inner.required);
                }
                parts.preserve_unknown |= inner.preserve_unknown;
                parts.rules.extend(inner.rules);
                parts
                    .rules
                    .extend(ty.validation.x_validations.iter().map(validation::rule));
                parts
                    .rules
                    .extend(ty.validation.field_set_rules.iter().map(validation::rule));
            }
            FieldType::Map { .. } | FieldType::Json => parts.preserve_unknown = true,
            FieldType::External(ext) => {
                let Some(schema) = self.external(&ext.path, &field.location) else {
                    return;
                };
                match schema.properties {
                    Some(properties) => {
                        parts.properties.extend(properties);
                        if required {
                            parts.required.extend(schema.required.unwrap_or_default());
                        }
                    }
                    None => parts.preserve_unknown = true,
                }
            }
            _ => self.error(
                &field.location,
                format!(
                    "#[serde(flatten)] needs a struct or a map, but the field's type is {}",
                    field.ty_source
                ),
            ),
        }
    }

    /// A field's schema: its type's schema, the field's docs as description (they
    /// win over the type's), its markers, and `+nullable`.
    fn field_schema(&mut self, field: &Field) -> JSONSchemaProps {
        // `Schemaless`: controller-gen does not look at the type at all.
        let mut schema = if field.validation.schemaless {
            JSONSchemaProps::default()
        } else if field.is_bytes() {
            typed("string", Some("byte"))
        } else {
            self.type_schema(&field.ty, &field.location)
        };
        if let Some(alias) = &field.alias {
            self.apply_alias(&mut schema, alias, &field.location);
        }
        if let Some(text) = description(&field.docs) {
            schema.description = Some(text);
        }
        // The field's markers meet its named type's, or the checks an external
        // type's schema carries (`kube::core::Duration`'s pattern of what kube
        // reads): a field may tighten them, never replace them.
        let intrinsic;
        let named = match self.named_validation(field) {
            Some(named) => Some(named),
            None if matches!(strip_wrappers(&field.ty), FieldType::External(_)) => {
                intrinsic = validation::string_checks(&schema);
                Some(&intrinsic)
            }
            None => None,
        };
        match named {
            Some(named) => {
                let (own, both) = validation::split_conflicts(named, &field.validation);
                validation::apply(&mut schema, &own, &field.location, self.errors);
                validation::keep_both(&mut schema, both);
            }
            None => validation::apply(&mut schema, &field.validation, &field.location, self.errors),
        }
        if field.validation.k8s_required {
            not_empty(&mut schema, field);
        }
        // Null safety: a `RawExtension` field (not in an `Option`) holds `null`
        // by default and serde writes it; the schema must accept what the type writes.
        let raw_extension =
            matches!(&field.ty, FieldType::External(ext) if ext.path == RAW_EXTENSION);
        if field.nullable || raw_extension {
            schema.nullable = Some(true);
        }
        schema
    }

    /// The markers of the named type (alias, newtype, struct or enum) a field's
    /// value is, which the field's own markers meet.
    fn named_validation(&self, field: &Field) -> Option<&'a Validation> {
        if let Some(alias) = &field.alias {
            return alias
                .path
                .is_empty()
                .then(|| self.version.find_alias(&alias.name))
                .flatten()
                .map(|def| &def.validation);
        }
        let mut ty = &field.ty;
        while let FieldType::Option(inner) | FieldType::Boxed(inner) = ty {
            ty = inner;
        }
        match ty {
            FieldType::Local(name) => self.version.find_type(name).map(|def| &def.validation),
            _ => None,
        }
    }

    /// The docs and markers of a type alias, on the part of a field's schema the
    /// alias names (the value, or list items / map values at any depth), before the
    /// field's own (conflicting value validations end up in an `allOf`, see
    /// [`validation::split_conflicts`]).
    fn apply_alias(&mut self, schema: &mut JSONSchemaProps, alias: &AliasUse, location: &Location) {
        self.apply_alias_at(schema, alias, location, 0);
    }

    /// [`Self::apply_alias`], `depth` aliases down a chain of aliases (the
    /// inner alias's docs and markers first, as controller-gen applies a
    /// named type's before those of the type defined from it).
    fn apply_alias_at(
        &mut self,
        schema: &mut JSONSchemaProps,
        alias: &AliasUse,
        location: &Location,
        depth: usize,
    ) {
        let Some(def) = self.version.find_alias(&alias.name) else {
            return;
        };
        let target = alias.path.iter().try_fold(schema, |s, step| match step {
            AliasStep::Items => match &mut s.items {
                Some(JSONSchemaPropsOrArray::Schema(item)) => Some(item.as_mut()),
                _ => None,
            },
            AliasStep::MapValues => match &mut s.additional_properties {
                Some(JSONSchemaPropsOrBool::Schema(value)) => Some(value.as_mut()),
                _ => None,
            },
        });
        let Some(target) = target else {
            self.error(
                location,
                format!(
                    "the markers of type alias {} do not fit this field's schema",
                    alias.name
                ),
            );
            return;
        };
        if let Some(inner) = def.target.as_ref().filter(|_| depth < 16) {
            self.apply_alias_at(target, inner, location, depth + 1);
        }
        if let Some(text) = description(&def.docs) {
            target.description = Some(text);
        }
        validation::apply(target, &def.validation, &def.location, self.errors);
    }

    fn type_schema(&mut self, ty: &FieldType, location: &Location) -> JSONSchemaProps {
        match ty {
            FieldType::String => string(None),
            FieldType::Bool => typed("boolean", None),
            FieldType::Integer { bits, signed } => integer(*bits, *signed),
            // Go's `int`/`uint`: no format, as controller-gen writes them.
            FieldType::PointerSized { signed } => JSONSchemaProps {
                minimum: (!signed).then_some(0.0),
                ..typed("integer", None)
            },
            FieldType::Float { bits } => {
                if !self.allow_dangerous_types {
                    self.error(location, super::dangerous::float_refused(*bits));
                }
                // Like controller-gen with `allowDangerousTypes`: no format.
                typed("number", None)
            }
            FieldType::Option(inner) | FieldType::Boxed(inner) => self.type_schema(inner, location),
            // serde writes a `Vec<u8>` as a list of numbers; a field that
            // writes it as base64 itself is a byte field (`field_schema`).
            FieldType::Vec(item) => JSONSchemaProps {
                type_: Some("array".to_owned()),
                items: Some(JSONSchemaPropsOrArray::Schema(Box::new(
                    self.element_schema(item, location),
                ))),
                ..Default::default()
            },
            // Go's `[N]T` (`[N]byte` too) is a plain list in controller-gen's schema.
            FieldType::Array { item, .. } => JSONSchemaProps {
                type_: Some("array".to_owned()),
                items: Some(JSONSchemaPropsOrArray::Schema(Box::new(
                    self.type_schema(item, location),
                ))),
                ..Default::default()
            },
            FieldType::External(ext) if ext.path == BYTE_STRING => typed("string", Some("byte")),
            FieldType::Map { key, value, .. } => JSONSchemaProps {
                type_: Some("object".to_owned()),
                additional_properties: Some(JSONSchemaPropsOrBool::Schema(Box::new(
                    self.element_schema(value, location),
                ))),
                // The server refuses the keys the Rust key type cannot read
                // (an enum's unknown names, text in an integer key).
                x_kubernetes_validations: crate::map_keys::key_shape(key, self.version)
                    .ok()
                    .and_then(|shape| crate::map_keys::key_rule(&shape))
                    .map(|(rule, message)| {
                        vec![ValidationRule {
                            rule,
                            message: Some(message),
                            ..Default::default()
                        }]
                    }),
                ..Default::default()
            },
            FieldType::Json => preserve_unknown(),
            FieldType::Unresolved => placeholder(),
            FieldType::Local(name) => self.local(name, location),
            FieldType::External(ext) => self
                .external(&ext.path, location)
                .unwrap_or_else(placeholder),
        }
    }

    /// A list item's or map value's schema. An `Option` there is written as
    /// `null` (serde cannot leave an element out), so the schema says
    /// `nullable: true` and the API server accepts what the type serializes.
    fn element_schema(&mut self, ty: &FieldType, location: &Location) -> JSONSchemaProps {
        // serde writes every element, an empty `ByteString` as `""`, which
        // `format: byte` refuses: the same base64 check, with `""` allowed.
        if matches!(strip_wrappers(ty), FieldType::External(ext) if ext.path == BYTE_STRING) {
            return JSONSchemaProps {
                pattern: Some(BASE64_OR_EMPTY.to_owned()),
                nullable: ty.is_option().then_some(true),
                ..typed("string", None)
            };
        }
        let mut schema = self.type_schema(ty, location);
        if ty.is_option() {
            schema.nullable = Some(true);
        }
        schema
    }

    /// The schema of a type declared in this version, with the type's markers.
    fn local(&mut self, name: &str, location: &Location) -> JSONSchemaProps {
        let Some(ty) = self.lookup(name, location) else {
            return placeholder();
        };
        if self.stack.iter().any(|n| n == name) {
            // Recursion cut: see the module docs.
            let mut cut = object(BTreeMap::new());
            cut.description = description(&ty.docs);
            cut.x_kubernetes_preserve_unknown_fields = Some(true);
            return cut;
        }
        self.stack.push(name.to_owned());
        let mut schema = match &ty.body {
            TypeBody::Struct(def) => {
                let parts = self.object_parts(def);
                let mut schema = object(parts.properties);
                schema.required = non_empty(parts.required);
                schema.x_kubernetes_preserve_unknown_fields =
                    parts.preserve_unknown.then_some(true);
                schema.x_kubernetes_validations = non_empty(parts.rules);
                schema
            }
            // A newtype is its field on the wire; its own markers follow below.
            TypeBody::Newtype(def) => self.type_schema(&def.inner, &ty.location),
            TypeBody::Enum(def) if def.is_string_enum() => JSONSchemaProps {
                type_: Some("string".to_owned()),
                // `#[serde(other)]` reads any other string; writing it back would
                // replace the value the server holds, so its own name is not offered.
                enum_: Some(
                    def.wire_variants()
                        .filter(|v| !v.other)
                        .map(|v| JSON(serde_json::Value::String(v.json_name.clone())))
                        .collect(),
                ),
                ..Default::default()
            },
            TypeBody::Enum(_) => self.union(ty),
        };
        self.stack.pop();
        schema.description = description(&ty.docs);
        validation::apply(&mut schema, &ty.validation, &ty.location, self.errors);
        schema
    }

    /// The schema of an enum with data (see [`union`]); an atomic object for
    /// server-side apply, so that a manager applying another variant replaces
    /// the whole value instead of merging two variants.
    fn union(&mut self, ty: &'a TypeDef) -> JSONSchemaProps {
        match self.union_layout(ty) {
            Some(UnionShape::Object(object)) => {
                let mut schema = self.union_object(object);
                schema.x_kubernetes_map_type = Some("atomic".to_owned());
                schema
            }
            Some(shape) => self.union_shape(shape),
            None => placeholder(),
        }
    }

    /// The layout of an enum with data, or `None` with its errors reported.
    fn union_layout(&mut self, ty: &'a TypeDef) -> Option<UnionShape<'a>> {
        match union::layout(self.version, ty) {
            Ok(shape) => Some(shape),
            Err(errors) => {
                self.errors.extend(errors.into_iter().map(|e| {
                    CrdError::new(&e.location, e.message)
                        .with_help(e.help)
                        .with_span(e.span_len)
                }));
                None
            }
        }
    }

    fn union_shape(&mut self, shape: UnionShape<'a>) -> JSONSchemaProps {
        match shape {
            UnionShape::IntOrString => JSONSchemaProps {
                x_kubernetes_int_or_string: Some(true),
                any_of: Some(validation::int_or_string_any_of()),
                ..Default::default()
            },
            UnionShape::Value(field) => self.field_schema(field),
            UnionShape::Object(object) => self.union_object(object),
        }
    }

    fn union_object(&mut self, union: UnionObject<'a>) -> JSONSchemaProps {
        let mut properties = BTreeMap::new();
        for (name, property) in union.properties {
            let schema = match property {
                Property::Field(field) => self.field_schema(field),
                Property::Variant(variant) => self.variant_schema(variant),
                Property::Tag {
                    values,
                    description,
                } => JSONSchemaProps {
                    description: Some(description),
                    enum_: Some(
                        values
                            .into_iter()
                            .map(|v| JSON(serde_json::Value::String(v)))
                            .collect(),
                    ),
                    ..typed("string", None)
                },
                Property::Content(shape) => self.union_shape(*shape),
            };
            properties.insert(name, schema);
        }
        let mut schema = object(properties);
        schema.required = non_empty(union.required);
        schema.x_kubernetes_validations =
            non_empty(union.rules.iter().map(validation::rule).collect());
        schema
    }

    /// An externally tagged variant's property: a newtype's value, or a struct
    /// variant's fields; described by the variant's docs.
    fn variant_schema(&mut self, variant: &'a Variant) -> JSONSchemaProps {
        let mut schema = match &variant.data {
            VariantData::Newtype(field) => self.field_schema(field),
            VariantData::Struct(fields) => {
                let parts = self.fields_parts(fields, false);
                let mut schema = object(parts.properties);
                schema.required = non_empty(parts.required);
                schema.x_kubernetes_preserve_unknown_fields =
                    parts.preserve_unknown.then_some(true);
                schema
            }
            VariantData::Unit => object(BTreeMap::new()),
        };
        if let Some(text) = description(&variant.docs) {
            schema.description = Some(text);
        }
        schema
    }

    /// `#[serde(flatten)]` of an enum with data: its properties and rules join
    /// the struct's (and its tag is required when the field is).
    fn flatten_union(
        &mut self,
        parts: &mut ObjectParts,
        ty: &'a TypeDef,
        field: &Field,
        required: bool,
    ) {
        if self.stack.contains(&ty.name) {
            self.error(
                &field.location,
                format!(
                    "#[serde(flatten)] of {} inside itself has no finite schema",
                    ty.name
                ),
            );
            return;
        }
        self.stack.push(ty.name.clone());
        match self.union_layout(ty) {
            Some(UnionShape::Object(object)) => {
                let schema = self.union_object(object);
                parts
                    .properties
                    .extend(schema.properties.unwrap_or_default());
                if required {
                    parts.required.extend(schema.required.unwrap_or_default());
                }
                parts
                    .rules
                    .extend(schema.x_kubernetes_validations.unwrap_or_default());
                parts
                    .rules
                    .extend(ty.validation.x_validations.iter().map(validation::rule));
            }
            Some(_) => self.error(
                &field.location,
                format!(
                    "#[serde(flatten)] needs an object, but the untagged enum {} is a single value",
                    ty.name
                ),
            ),
            None => {}
        }
        self.stack.pop();
    }

    fn lookup(&mut self, name: &str, location: &Location) -> Option<&'a TypeDef> {
        let found = self.version.find_type(name);
        if found.is_none() {
            self.error(
                location,
                format!(
                    "type {name} is not declared in {} {}; declare it in this version module",
                    self.version.module, self.version.name
                ),
            );
        }
        found
    }

    fn external(&mut self, path: &str, location: &Location) -> Option<JSONSchemaProps> {
        // The types of other crates kube-codegen knows (timestamps, kube's own).
        if let Some(known) = crate::parse::crate_types::known(path) {
            return Some(
                serde_json::from_value(known.schema())
                    .expect("the schemas of known crate types are JSONSchemaProps"),
            );
        }
        let schema = self.externals.schema(path);
        if schema.is_none() {
            self.error(
                location,
                format!(
                    "no schema is known for {path}: use a k8s-openapi type (core, apps, batch, \
                     autoscaling, networking, rbac, policy, storage, discovery, coordination, \
                     scheduling, meta, resource, intstr, runtime, apiextensions), a type \
                     declared in this version module, or serde_json::Value"
                ),
            );
        }
        schema
    }

    fn error(&mut self, location: &Location, message: String) {
        self.errors.push(CrdError::new(location, message));
    }
}

/// The default of an object field that serde fills with `Default::default()`
/// when it is missing (`#[serde(default)]`), when the object's schema has
/// defaults of its own: `{}` (with the defaults of its required fields, which
/// the API server wants in the default itself), so that the server creates the
/// object and fills in its defaults exactly when Rust would default it
/// (controller-tools#622). `None` when nothing inside has a default (the
/// schema stays as controller-gen writes it), or when `{}` is not a valid value
/// (a required field without a default, which serde cannot read from `{}`
/// either, or a rule it breaks).
fn rust_default(schema: &JSONSchemaProps) -> Option<serde_json::Value> {
    let properties = schema.properties.as_ref()?;
    if schema.type_.as_deref() != Some("object") || !has_nested_defaults(schema) {
        return None;
    }
    let mut default = serde_json::Map::new();
    for name in schema.required.iter().flatten() {
        let value = properties.get(name)?.default.as_ref()?;
        default.insert(name.clone(), value.0.clone());
    }
    let default = serde_json::Value::Object(default);
    let mut problems = Vec::new();
    super::defaults::check_default(&default, schema, "", &mut problems);
    problems.is_empty().then_some(default)
}

/// The default of a `#[serde(default)]` field Rust always sends (not an
/// `Option`, not skipped when empty) whose value server-side apply can empty
/// out: a granular object
/// without required properties, a map, a `set` or `map` list. When a field
/// manager applies it empty after having set what is inside, the API server's
/// merge leaves `null` (or nothing) in its place (structured-merge-diff#305)
/// and refuses the object ("must be of type object: null", "Required value");
/// with its empty value as default, the server fills that back in, as serde
/// fills in a missing one. (A required field stays without default, as in
/// controller-gen: the server refusing it emptied is refusing it missing.)
/// `None` where the empty value is not valid
/// (required properties, `minProperties`/`minItems`, a CEL rule), or the
/// value is replaced whole (atomic), nullable, untyped or an embedded object.
fn empty_default(schema: &JSONSchemaProps) -> Option<serde_json::Value> {
    if schema.nullable == Some(true)
        || schema.x_kubernetes_preserve_unknown_fields == Some(true)
        || schema.x_kubernetes_embedded_resource == Some(true)
        || schema.x_kubernetes_int_or_string == Some(true)
    {
        return None;
    }
    let empty = match schema.type_.as_deref()? {
        "object" if schema.x_kubernetes_map_type.as_deref() != Some("atomic") => {
            serde_json::Value::Object(serde_json::Map::new())
        }
        "array"
            if matches!(
                schema.x_kubernetes_list_type.as_deref(),
                Some("set" | "map")
            ) =>
        {
            serde_json::Value::Array(Vec::new())
        }
        _ => return None,
    };
    let mut problems = Vec::new();
    super::defaults::check_default(&empty, schema, "", &mut problems);
    problems.is_empty().then_some(empty)
}

/// Whether a property of `schema`, or of an object property that is present
/// whenever `schema` is (required or defaulted), has a default.
fn has_nested_defaults(schema: &JSONSchemaProps) -> bool {
    let required: Vec<&String> = schema.required.iter().flatten().collect();
    schema.properties.iter().flatten().any(|(name, p)| {
        p.default.is_some()
            || (p.type_.as_deref() == Some("object")
                && required.contains(&name)
                && has_nested_defaults(p))
    })
}

/// `+k8s:required`'s minimum (controller-gen v0.23's `K8sRequired`), unless a
/// bound is given: one character, item or property where the field's schema is
/// its own string, list or map; one property where the field names a type (a
/// `$ref` in controller-gen: a struct, an enum, a newtype, an alias, an external
/// type), whatever that type is, as controller-gen writes it.
fn not_empty(schema: &mut JSONSchemaProps, field: &Field) {
    let named = field.alias.is_some()
        || match strip_wrappers(&field.ty) {
            FieldType::Local(_) => true,
            FieldType::External(ext) => ext.path != BYTE_STRING,
            _ => false,
        };
    if named {
        schema.min_properties.get_or_insert(1);
        return;
    }
    match schema.type_.as_deref() {
        Some("string") => {
            schema.min_length.get_or_insert(1);
        }
        Some("array") => {
            schema.min_items.get_or_insert(1);
        }
        Some("object") => {
            schema.min_properties.get_or_insert(1);
        }
        _ => {}
    }
}

fn strip_wrappers(ty: &FieldType) -> &FieldType {
    match ty {
        FieldType::Option(inner) | FieldType::Boxed(inner) => strip_wrappers(inner),
        other => other,
    }
}

fn typed(type_: &str, format: Option<&str>) -> JSONSchemaProps {
    JSONSchemaProps {
        type_: Some(type_.to_owned()),
        format: format.map(str::to_owned),
        ..Default::default()
    }
}

fn string(description: Option<&str>) -> JSONSchemaProps {
    JSONSchemaProps {
        description: description.map(str::to_owned),
        ..typed("string", None)
    }
}

/// Widths that fit in Go's int32 are `int32`, the rest `int64`; unsigned integers
/// cannot be negative, which the schema says with `minimum: 0`. A type narrower
/// than its format (`u8`, `u16`, `u32`, `i8`, `i16`) also gets its bounds, or
/// the API server would store values serde cannot read back.
fn integer(bits: u8, signed: bool) -> JSONSchemaProps {
    let fits_int32 = bits < 32 || (bits == 32 && signed);
    let narrow = bits < 32 || (bits == 32 && !signed);
    let (min, max) = match (signed, bits) {
        (false, b) if b <= 32 => (0.0, f64::from(u32::MAX >> (32 - u32::from(b)))),
        (true, b) if b < 32 => (
            -f64::from(1_u32 << (b - 1)),
            f64::from((1_u32 << (b - 1)) - 1),
        ),
        _ => (0.0, 0.0),
    };
    JSONSchemaProps {
        minimum: if signed {
            narrow.then_some(min)
        } else {
            Some(0.0)
        },
        maximum: narrow.then_some(max),
        ..typed("integer", Some(if fits_int32 { "int32" } else { "int64" }))
    }
}

fn object(properties: BTreeMap<String, JSONSchemaProps>) -> JSONSchemaProps {
    JSONSchemaProps {
        type_: Some("object".to_owned()),
        properties: (!properties.is_empty()).then_some(properties),
        ..Default::default()
    }
}

/// What stands for a schema that could not be built (its error is reported):
/// a value CEL rules see as `dyn`, so that they are still checked without
/// tripping over it. A CRD with errors is never written.
fn placeholder() -> JSONSchemaProps {
    JSONSchemaProps {
        x_kubernetes_int_or_string: Some(true),
        ..Default::default()
    }
}

fn preserve_unknown() -> JSONSchemaProps {
    JSONSchemaProps {
        x_kubernetes_preserve_unknown_fields: Some(true),
        ..Default::default()
    }
}

fn non_empty<T>(items: Vec<T>) -> Option<Vec<T>> {
    (!items.is_empty()).then_some(items)
}
