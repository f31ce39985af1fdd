//! From a problem the API server would report (`spec.versions[0].schema.
//! openAPIV3Schema.properties.spec.properties.tags.default: ...`) back to the
//! place in the input that caused it: the field the schema path ends in, or the
//! kind when the path names no field.

use super::CrdError;
use crate::model::{Field, FieldType, Location, TypeBody, TypeDef, Version};

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

/// One step from a schema into a part of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Step<'p> {
    /// `properties[name]`.
    Property(&'p str),
    /// `items` of a list.
    Items,
    /// `additionalProperties`: the values of a map.
    MapValues,
}

/// The deepest field `schema_path` reaches from the kind's root schema.
fn walk(source: &Source<'_>, schema_path: &str) -> Location {
    let steps =
        schema_path
            .split('.')
            .filter(|s| !s.is_empty())
            .map_while(|segment| match segment {
                // The checker writes `properties[name]`, like the API server.
                s if s.starts_with("properties[") => s
                    .strip_prefix("properties[")
                    .and_then(|rest| rest.strip_suffix(']'))
                    .map(Step::Property),
                "items" => Some(Step::Items),
                "additionalProperties" => Some(Step::MapValues),
                _ => None,
            });
    fields_along(source, steps)
        .last()
        .map_or_else(|| source.kind.location.clone(), |f| f.location.clone())
}

/// The fields `steps` pass through from the kind's root, outermost first; it
/// stops where a step leaves the version's own types (a k8s-openapi type).
pub(super) fn fields_along<'a, 'p>(
    source: &Source<'a>,
    steps: impl IntoIterator<Item = Step<'p>>,
) -> Vec<&'a Field> {
    let mut fields = Vec::new();
    let mut ty = FieldType::Local(source.kind.name.clone());
    for step in steps {
        let next = match step {
            Step::Property(name) => local_struct(source.version, &ty)
                .and_then(|def| find_field(source.version, def, name)),
            Step::Items => match strip(&ty) {
                FieldType::Vec(item) | FieldType::Array { item, .. } => {
                    ty = (**item).clone();
                    continue;
                }
                _ => None,
            },
            Step::MapValues => match strip(&ty) {
                FieldType::Map { value, .. } => {
                    ty = (**value).clone();
                    continue;
                }
                _ => None,
            },
        };
        let Some(field) = next else { break };
        fields.push(field);
        ty = field.ty.clone();
    }
    fields
}

fn strip(ty: &FieldType) -> &FieldType {
    match ty {
        FieldType::Option(inner) | FieldType::Boxed(inner) => strip(inner),
        other => other,
    }
}

fn local_struct<'a>(version: &'a Version, ty: &FieldType) -> Option<&'a TypeDef> {
    match strip(ty) {
        FieldType::Local(name) => version
            .find_type(name)
            .filter(|t| matches!(t.body, TypeBody::Struct(_))),
        _ => None,
    }
}

/// The field whose JSON name is `name`, looking into `#[serde(flatten)]` fields.
fn find_field<'a>(version: &'a Version, ty: &'a TypeDef, name: &str) -> Option<&'a Field> {
    let TypeBody::Struct(def) = &ty.body else {
        return None;
    };
    def.fields.iter().filter(|f| !f.skip).find_map(|f| {
        if f.flatten {
            local_struct(version, &f.ty).and_then(|inner| find_field(version, inner, name))
        } else {
            (f.json_name == name).then_some(f)
        }
    })
}
