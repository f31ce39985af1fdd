//! What a schema node is to CEL: the API server's `DeclType` (apiserver's
//! `common.SchemaDeclType`), with the largest size a value can have (from
//! `maxItems` / `maxProperties` / `maxLength`, or else what fits in a request)
//! and the smallest size it serializes to, which the cost model multiplies by.

use std::collections::BTreeMap;

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::{
    JSONSchemaProps, JSONSchemaPropsOrArray, JSONSchemaPropsOrBool,
};

/// The largest request the API server takes (`MaxRequestSizeBytes`): sizes
/// nothing bounds are estimated from it.
pub(crate) const MAX_REQUEST_SIZE: i64 = 3 * 1024 * 1024;

/// A node's CEL declaration.
#[derive(Clone, Debug)]
pub(crate) struct Decl {
    pub kind: DeclKind,
    /// The most characters, bytes, items or entries a value may have (0 for
    /// numbers and booleans, as the API server leaves it).
    pub max_elements: i64,
    /// The fewest bytes its JSON takes.
    pub min_size: i64,
}

#[derive(Clone, Debug)]
pub(crate) enum DeclKind {
    Int,
    Double,
    Bool,
    String,
    Bytes,
    Duration,
    Timestamp,
    /// `x-kubernetes-int-or-string`.
    Dyn,
    List(Box<Decl>),
    /// A map's values (its keys are strings).
    Map(Box<Decl>),
    /// An object's properties, by their CEL (escaped) names.
    Object(BTreeMap<String, Decl>),
}

/// The keys of every map: the API server's shared `StringType`, whose size it
/// never sets.
pub(crate) static MAP_KEY: Decl = Decl {
    kind: DeclKind::String,
    max_elements: 0,
    min_size: 2,
};

impl Decl {
    fn simple(kind: DeclKind, max_elements: i64, min_size: i64) -> Decl {
        Decl {
            kind,
            max_elements,
            min_size,
        }
    }

    /// The declaration of `s`, or `None` where the API server exposes nothing
    /// to rules (no type and not int-or-string, lists and maps of such values):
    /// such a property is not a field in CEL. `resource_root` for the root and
    /// for embedded resources, whose `apiVersion`, `kind` and `metadata.name` /
    /// `generateName` rules may always read.
    pub fn of(s: &JSONSchemaProps, resource_root: bool) -> Option<Decl> {
        if s.x_kubernetes_int_or_string == Some(true) {
            let max = match s.max_length {
                Some(n) => n.max(0) * 4,
                None => MAX_REQUEST_SIZE - 2,
            };
            return Some(Decl::simple(DeclKind::Dyn, max, 1));
        }
        match s.type_.as_deref() {
            Some("array") => {
                let Some(JSONSchemaPropsOrArray::Schema(items)) = &s.items else {
                    return None;
                };
                let item = Decl::of(items, items.x_kubernetes_embedded_resource == Some(true))?;
                let max = match s.max_items {
                    Some(n) => n.max(0),
                    None => (MAX_REQUEST_SIZE - 2) / (item.min_size + 1),
                };
                Some(Decl::simple(DeclKind::List(Box::new(item)), max, 2))
            }
            Some("object") => {
                if let Some(JSONSchemaPropsOrBool::Schema(values)) = &s.additional_properties {
                    let value =
                        Decl::of(values, values.x_kubernetes_embedded_resource == Some(true))?;
                    let max = match s.max_properties {
                        Some(n) => n.max(0),
                        None => (MAX_REQUEST_SIZE - 2) / (value.min_size + 6),
                    };
                    return Some(Decl::simple(DeclKind::Map(Box::new(value)), max, 2));
                }
                Some(object(s, resource_root))
            }
            Some("string") => Some(string(s)),
            Some("boolean") => Some(Decl::simple(DeclKind::Bool, 0, 4)),
            Some("number") => Some(Decl::simple(DeclKind::Double, 0, 1)),
            Some("integer") => Some(Decl::simple(DeclKind::Int, 0, 1)),
            _ => None,
        }
    }

    /// The fields of an object declaration.
    pub fn fields(&self) -> Option<&BTreeMap<String, Decl>> {
        match &self.kind {
            DeclKind::Object(fields) => Some(fields),
            _ => None,
        }
    }
}

fn object(s: &JSONSchemaProps, resource_root: bool) -> Decl {
    let mut properties: Vec<(&str, &JSONSchemaProps)> = s
        .properties
        .iter()
        .flatten()
        .map(|(name, p)| (name.as_str(), p))
        .collect();
    // The API server's `WithTypeAndObjectMeta`: unless the schema already
    // says so, `kind` and `apiVersion` are strings and `metadata` holds the
    // two names.
    let meta = meta_schemas();
    if resource_root && !has_type_and_object_meta(s) {
        properties.retain(|(name, _)| !["kind", "apiVersion", "metadata"].contains(name));
        properties.extend([
            ("kind", &meta.string),
            ("apiVersion", &meta.string),
            ("metadata", &meta.metadata),
        ]);
    }
    let required: Vec<&str> = s.required.iter().flatten().map(String::as_str).collect();
    let mut fields = BTreeMap::new();
    // An object serializes to at least `{}` plus its required fields that the
    // server does not default.
    let mut min_size = 2;
    for (name, property) in properties {
        let Some(decl) = Decl::of(
            property,
            property.x_kubernetes_embedded_resource == Some(true),
        ) else {
            continue;
        };
        if required.contains(&name) && property.default.is_none() {
            min_size += i64::try_from(name.len()).unwrap_or(i64::MAX) + decl.min_size + 4;
        }
        if let Some(escaped) = super::escape(name) {
            fields.insert(escaped, decl);
        }
    }
    Decl::simple(DeclKind::Object(fields), 0, min_size)
}

fn string(s: &JSONSchemaProps) -> Decl {
    let request = MAX_REQUEST_SIZE - 2;
    match s.format.as_deref() {
        Some("byte") => Decl::simple(
            DeclKind::Bytes,
            s.max_length.map_or(request, |n| n.max(0)),
            2,
        ),
        Some("duration") => Decl::simple(DeclKind::Duration, 32, 3),
        Some("date") => Decl::simple(DeclKind::Timestamp, 12, 12),
        Some("date-time") => Decl::simple(DeclKind::Timestamp, 32, 21),
        _ => {
            let max = match (s.max_length, &s.enum_) {
                // A character may take four bytes.
                (Some(n), _) => n.max(0) * 4,
                (None, Some(values)) if !values.is_empty() => values
                    .iter()
                    .filter_map(|v| v.0.as_str())
                    .map(|v| i64::try_from(v.len()).unwrap_or(i64::MAX))
                    .max()
                    .unwrap_or(0),
                _ => request,
            };
            Decl::simple(DeclKind::String, max, 2)
        }
    }
}

/// The schemas `WithTypeAndObjectMeta` adds.
struct MetaSchemas {
    string: JSONSchemaProps,
    metadata: JSONSchemaProps,
}

fn meta_schemas() -> MetaSchemas {
    let string = JSONSchemaProps {
        type_: Some("string".to_owned()),
        ..Default::default()
    };
    let metadata = JSONSchemaProps {
        type_: Some("object".to_owned()),
        properties: Some(BTreeMap::from([
            ("name".to_owned(), string.clone()),
            ("generateName".to_owned(), string.clone()),
        ])),
        ..Default::default()
    };
    MetaSchemas { string, metadata }
}

fn has_type_and_object_meta(s: &JSONSchemaProps) -> bool {
    let Some(p) = &s.properties else {
        return false;
    };
    let typed =
        |s: Option<&JSONSchemaProps>, t: &str| s.and_then(|s| s.type_.as_deref()) == Some(t);
    let meta = p.get("metadata");
    let meta_props = meta.and_then(|m| m.properties.as_ref());
    typed(p.get("kind"), "string")
        && typed(p.get("apiVersion"), "string")
        && typed(meta, "object")
        && typed(meta_props.and_then(|m| m.get("name")), "string")
        && typed(meta_props.and_then(|m| m.get("generateName")), "string")
}
