//! From a problem the API server would report (`spec.versions[0].schema.
//! openAPIV3Schema.properties.spec.properties.tags.default: ...`) back to the
//! place in the input that caused it: the marker of the CEL rule the path ends
//! in, else the field it ends in, or the kind when the path names no field.

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::{
    CustomResourceDefinition, JSONSchemaProps, JSONSchemaPropsOrArray, JSONSchemaPropsOrBool,
};

use super::CrdError;
use crate::model::{
    Field, FieldType, Location, TypeBody, TypeDef, Validation, VariantData, Version,
};

/// One version of the CRD as the model has it: the version module and the kind.
pub(crate) struct Source<'a> {
    pub version: &'a Version,
    pub kind: &'a TypeDef,
}

/// `problem` (`<path>: <message>`) as an error at the place its path points to;
/// `versions` are the CRD's versions in `spec.versions` order, as in `crd`.
pub(crate) fn locate(
    problem: &str,
    versions: &[Source<'_>],
    crd: &CustomResourceDefinition,
) -> CrdError {
    let (path, _) = problem.split_once(": ").unwrap_or((problem, ""));
    let fallback = &versions[0];
    let Some((index, schema_path)) = version_schema_path(path) else {
        return CrdError::new(&fallback.kind.location, problem);
    };
    let Some(source) = versions.get(index) else {
        return CrdError::new(&fallback.kind.location, problem);
    };
    let location = walk(source, schema_path);
    let root = crd
        .spec
        .versions
        .get(index)
        .and_then(|v| v.schema.as_ref())
        .and_then(|s| s.open_api_v3_schema.as_ref());
    let error = match root.and_then(|root| rule_marker(source, root, schema_path, &location)) {
        Some((marker, len)) => CrdError::new(&marker, problem).with_span(len),
        None => CrdError::new(&location, problem),
    };
    match help(problem) {
        Some(help) => error.with_help(help),
        None => error,
    }
}

/// How to fix the CEL problems whose cure is not in the server's message.
fn help(problem: &str) -> Option<&'static str> {
    if problem.contains("exceeds budget by factor") || problem.contains("exceeding cost limit") {
        Some(
            "bound what the rule walks: `+kubebuilder:validation:MaxItems` on the lists, \
             `MaxProperties` on the maps and `MaxLength` on the strings above and in it; the \
             cost is the rule's worst case times how often it may run",
        )
    } else if problem.contains("oldSelf cannot be used on the uncorrelatable portion") {
        Some(
            "old and new items of a list correlate only by key: make the list `+listType=map` \
             with `+listMapKey=`, or write the rule on the list itself",
        )
    } else {
        None
    }
}

/// The marker that wrote the CEL rule `schema_path` ends in
/// (`...x-kubernetes-validations[i]...`): the one with the rule's text, the
/// nearest above `near` when several have it.
fn rule_marker(
    source: &Source<'_>,
    root: &JSONSchemaProps,
    schema_path: &str,
    near: &Location,
) -> Option<(Location, usize)> {
    let (node_path, rest) = schema_path.split_once(".x-kubernetes-validations[")?;
    let index: usize = rest.split(']').next()?.parse().ok()?;
    let node = node_path
        .split('.')
        .filter(|s| !s.is_empty())
        .try_fold(root, |node, segment| match segment {
            "items" => match &node.items {
                Some(JSONSchemaPropsOrArray::Schema(items)) => Some(items.as_ref()),
                _ => None,
            },
            "additionalProperties" => match &node.additional_properties {
                Some(JSONSchemaPropsOrBool::Schema(values)) => Some(values.as_ref()),
                _ => None,
            },
            s => {
                let name = s.strip_prefix("properties[")?.strip_suffix(']')?;
                node.properties.as_ref()?.get(name)
            }
        })?;
    let rule = &node.x_kubernetes_validations.as_ref()?.get(index)?.rule;
    let mut candidates: Vec<(Location, usize)> = Vec::new();
    let mut collect = |v: &Validation| {
        let rules = v.x_validations.iter().chain(&v.field_set_rules);
        candidates.extend(
            rules
                .filter(|x| x.rule == *rule)
                .filter_map(|x| x.marker.clone()),
        );
    };
    for ty in source.version.types() {
        collect(&ty.validation);
        let fields: Vec<&Field> = match &ty.body {
            TypeBody::Struct(def) => def.fields.iter().collect(),
            TypeBody::Enum(def) => def.variants.iter().flat_map(|v| v.data.fields()).collect(),
            TypeBody::Newtype(_) => Vec::new(),
        };
        for field in fields {
            collect(&field.validation);
            if let Some(items) = &field.validation.items {
                collect(items);
            }
        }
    }
    for alias in &source.version.aliases {
        collect(&alias.validation);
    }
    let above = candidates
        .iter()
        .filter(|(at, _)| at.file == near.file && at.line <= near.line)
        .max_by_key(|(at, _)| at.line);
    above.or(candidates.first()).cloned()
}

/// `spec.versions[<i>].schema.openAPIV3Schema<rest>` → `(i, rest)`.
fn version_schema_path(path: &str) -> Option<(usize, &str)> {
    let rest = path.strip_prefix("spec.versions[")?;
    let (index, rest) = rest.split_once(']')?;
    let schema_path = rest.strip_prefix(".schema.openAPIV3Schema")?;
    Some((index.parse().ok()?, schema_path))
}

/// Where a node of a generated CRD's schema comes from: the deepest field
/// of the kind `kind` of `group`/`version` that `steps` reach from its root
/// (where a step leaves the input's own types, the field holding them), else
/// the kind itself; `None` when the API has no such kind.
pub fn schema_source<'p>(
    api: &crate::model::Api,
    group: &str,
    version: &str,
    kind: &str,
    steps: impl IntoIterator<Item = Step<'p>>,
) -> Option<Location> {
    let (_, version, ty, _) = api
        .kinds()
        .find(|(g, v, t, _)| g.name == group && v.name == version && t.name == kind)?;
    let source = Source { version, kind: ty };
    let fields = fields_along(&source, steps);
    Some(
        fields
            .last()
            .map_or_else(|| ty.location.clone(), |f| f.location.clone()),
    )
}

/// One step from a schema into a part of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step<'p> {
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
