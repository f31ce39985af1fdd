//! From a problem the API server would report (`spec.versions[0].schema.
//! openAPIV3Schema.properties.spec.properties.tags.default: ...`) back to the
//! place in the input that caused it: the field the schema path ends in, or the
//! kind when the path names no field.

use super::CrdError;
use crate::model::{Field, FieldType, Location, TypeBody, TypeDef, VariantData, Version};

/// One version of the CRD as the model has it: the version module and the kind.
pub(crate) struct Source<'a> {
    pub version: &'a Version,
    pub kind: &'a TypeDef,
}

/// `problem` (`<path>: <message>`) as an error at the place its path points to;
/// `versions` are the CRD's versions in `spec.versions` order.
pub(crate) fn locate(problem: &str, versions: &[Source<'_>]) -> CrdError {
    let (path, _) = problem.split_once(": ").unwrap_or((problem, ""));
    let fallback = &versions[0];
    let Some((index, schema_path)) = version_schema_path(path) else {
        return CrdError::new(&fallback.kind.location, problem);
    };
    let Some(source) = versions.get(index) else {
        return CrdError::new(&fallback.kind.location, problem);
    };
    let location = walk(source, schema_path);
    CrdError::new(&location, problem)
}

/// `spec.versions[<i>].schema.openAPIV3Schema<rest>` → `(i, rest)`.
fn version_schema_path(path: &str) -> Option<(usize, &str)> {
    let rest = path.strip_prefix("spec.versions[")?;
    let (index, rest) = rest.split_once(']')?;
    let schema_path = rest.strip_prefix(".schema.openAPIV3Schema")?;
    Some((index.parse().ok()?, schema_path))
}

/// The deepest field `schema_path` reaches from the kind's root schema.
fn walk(source: &Source<'_>, schema_path: &str) -> Location {
    let mut location = source.kind.location.clone();
    let mut ty = FieldType::Local(source.kind.name.clone());
    for segment in schema_path.split('.').filter(|s| !s.is_empty()) {
        let next = match segment {
            // The checker writes `properties[name]`, like the API server.
            s if s.starts_with("properties[") => s
                .strip_prefix("properties[")
                .and_then(|rest| rest.strip_suffix(']'))
                .and_then(|name| {
                    let def = local_struct(source.version, &ty)?;
                    find_field(source.version, def, name)
                }),
            "items" => match strip(&ty) {
                FieldType::Vec(item) | FieldType::Array { item, .. } => {
                    ty = (**item).clone();
                    continue;
                }
                _ => None,
            },
            "additionalProperties" => match strip(&ty) {
                FieldType::Map { value, .. } => {
                    ty = (**value).clone();
                    continue;
                }
                _ => None,
            },
            _ => None,
        };
        let Some(field) = next else { break };
        location = field.location.clone();
        ty = field.ty.clone();
    }
    location
}

fn strip(ty: &FieldType) -> &FieldType {
    match ty {
        FieldType::Option(inner) | FieldType::Boxed(inner) => strip(inner),
        other => other,
    }
}

/// The struct or enum a field's type names, whose schema is an object.
fn local_struct<'a>(version: &'a Version, ty: &FieldType) -> Option<&'a TypeDef> {
    match strip(ty) {
        FieldType::Local(name) => version
            .find_type(name)
            .filter(|t| matches!(t.body, TypeBody::Struct(_) | TypeBody::Enum(_))),
        _ => None,
    }
}

/// The field whose JSON name is `name`, looking into `#[serde(flatten)]` fields
/// and into the variants of enums.
fn find_field<'a>(version: &'a Version, ty: &'a TypeDef, name: &str) -> Option<&'a Field> {
    let within = |f: &'a Field| {
        if f.flatten {
            local_struct(version, &f.ty).and_then(|inner| find_field(version, inner, name))
        } else {
            (f.json_name == name).then_some(f)
        }
    };
    match &ty.body {
        TypeBody::Struct(def) => def.fields.iter().filter(|f| !f.skip).find_map(within),
        TypeBody::Enum(def) => def.wire_variants().find_map(|v| match &v.data {
            VariantData::Newtype(f) if f.json_name == name => Some(f.as_ref()),
            VariantData::Newtype(f) => {
                local_struct(version, &f.ty).and_then(|inner| find_field(version, inner, name))
            }
            VariantData::Struct(fields) => fields.iter().filter(|f| !f.skip).find_map(within),
            VariantData::Unit => None,
        }),
        TypeBody::Newtype(_) => None,
    }
}
