//! The merge schema of a CRD version: its OpenAPI schema read as the API
//! server's type converter reads it (kube-openapi's `schemaconv`), compiled
//! once into a table of types.
//!
//! - an object is a struct (its `properties`) and/or a map (its
//!   `additionalProperties`); `x-kubernetes-map-type: atomic` makes it one
//!   leaf, otherwise its fields are owned one by one;
//! - an array is atomic unless `x-kubernetes-list-type` is `set` (items
//!   owned by value) or `map` (items owned by `x-kubernetes-list-map-keys`);
//! - `x-kubernetes-preserve-unknown-fields` (inherited by descendants) or an
//!   object without properties accepts any field, typed by its value;
//! - `metadata` of the resource and of every `x-kubernetes-embedded-resource`
//!   is `ObjectMeta` with its real list and map types (finalizers a set,
//!   ownerReferences a map keyed by uid, ...), as the API server links it.

use std::collections::BTreeMap;

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::{
    JSONSchemaProps, JSONSchemaPropsOrArray, JSONSchemaPropsOrBool,
};
use serde_json::Value;

/// Index of a type in a [`Schema`].
pub type TypeId = usize;

/// A scalar's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scalar {
    Numeric,
    String,
    Boolean,
    Untyped,
}

/// A list type.
#[derive(Clone, Debug)]
pub(crate) struct ListType {
    pub(crate) elem: TypeId,
    /// Owned whole (`atomic`, the default) or item by item.
    pub(crate) atomic: bool,
    /// The map keys of a `map` list; empty for a `set`.
    pub(crate) keys: Vec<String>,
}

/// A struct and/or map type.
#[derive(Clone, Debug)]
pub(crate) struct MapType {
    /// Named fields: their type and default (used for list-map keys).
    pub(crate) fields: BTreeMap<String, (TypeId, Option<Value>)>,
    /// The type of other keys; `None` when unknown fields are not allowed.
    pub(crate) elem: Option<TypeId>,
    pub(crate) atomic: bool,
}

impl MapType {
    /// The type of key `name`: its field's, else the element type.
    pub(crate) fn field_type(&self, name: &str) -> Option<TypeId> {
        self.fields.get(name).map(|(t, _)| *t).or(self.elem)
    }
}

/// What values a type accepts: a scalar, a list, a map, or several (for
/// untyped nodes, decided by the value).
#[derive(Clone, Debug, Default)]
pub(crate) struct Atom {
    pub(crate) scalar: Option<Scalar>,
    pub(crate) list: Option<ListType>,
    pub(crate) map: Option<MapType>,
}

/// A compiled merge schema.
#[derive(Clone, Debug)]
pub struct Schema {
    atoms: Vec<Atom>,
    root: TypeId,
}

/// `__untyped_atomic_`: any value, owned whole.
const UNTYPED_ATOMIC: TypeId = 0;
/// `__untyped_deduced_`: any value; maps are owned field by field.
const DEDUCED: TypeId = 1;

/// The OpenAPI schema of `ObjectMeta` (and its `OwnerReference` and
/// `ManagedFieldsEntry`) as the Kubernetes 1.34 API server publishes it,
/// descriptions left out.
const OBJECT_META: &str = r#"{"type":"object","properties":{
 "annotations":{"type":"object","additionalProperties":{"type":"string"}},
 "creationTimestamp":{"type":"string","format":"date-time"},
 "deletionGracePeriodSeconds":{"type":"integer","format":"int64"},
 "deletionTimestamp":{"type":"string","format":"date-time"},
 "finalizers":{"type":"array","items":{"type":"string"},"x-kubernetes-list-type":"set"},
 "generateName":{"type":"string"},
 "generation":{"type":"integer","format":"int64"},
 "labels":{"type":"object","additionalProperties":{"type":"string"}},
 "managedFields":{"type":"array","x-kubernetes-list-type":"atomic","items":{"type":"object","properties":{
   "apiVersion":{"type":"string"},"fieldsType":{"type":"string"},"fieldsV1":{"type":"object"},
   "manager":{"type":"string"},"operation":{"type":"string"},"subresource":{"type":"string"},
   "time":{"type":"string","format":"date-time"}}}},
 "name":{"type":"string"},
 "namespace":{"type":"string"},
 "ownerReferences":{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["uid"],
   "items":{"type":"object","x-kubernetes-map-type":"atomic","required":["apiVersion","kind","name","uid"],"properties":{
     "apiVersion":{"type":"string"},"blockOwnerDeletion":{"type":"boolean"},"controller":{"type":"boolean"},
     "kind":{"type":"string"},"name":{"type":"string"},"uid":{"type":"string"}}}},
 "resourceVersion":{"type":"string"},
 "selfLink":{"type":"string"},
 "uid":{"type":"string"}}}"#;

impl Schema {
    /// Compiles the `openAPIV3Schema` of a CRD version (the resource root: it
    /// gets `apiVersion`, `kind` and `ObjectMeta`'s `metadata`).
    pub fn from_crd_schema(root: &JSONSchemaProps) -> Schema {
        let mut b = Builder {
            atoms: vec![untyped_atomic(), deduced()],
            object_meta: None,
        };
        let root = b.build(root, false, true);
        Schema {
            atoms: b.atoms,
            root,
        }
    }

    /// A schema for a resource without a schema: every field typed by its value.
    pub fn deduced() -> Schema {
        Schema::from_crd_schema(&JSONSchemaProps {
            x_kubernetes_preserve_unknown_fields: Some(true),
            type_: Some("object".to_owned()),
            ..JSONSchemaProps::default()
        })
    }

    pub(crate) fn root(&self) -> TypeId {
        self.root
    }

    pub(crate) fn atom(&self, ty: TypeId) -> &Atom {
        &self.atoms[ty]
    }
}

fn untyped_atomic() -> Atom {
    Atom {
        scalar: Some(Scalar::Untyped),
        list: Some(ListType {
            elem: UNTYPED_ATOMIC,
            atomic: true,
            keys: vec![],
        }),
        map: Some(MapType {
            fields: BTreeMap::new(),
            elem: Some(UNTYPED_ATOMIC),
            atomic: true,
        }),
    }
}

fn deduced() -> Atom {
    Atom {
        scalar: Some(Scalar::Untyped),
        list: Some(ListType {
            elem: UNTYPED_ATOMIC,
            atomic: true,
            keys: vec![],
        }),
        map: Some(MapType {
            fields: BTreeMap::new(),
            elem: Some(DEDUCED),
            atomic: false,
        }),
    }
}

struct Builder {
    atoms: Vec<Atom>,
    object_meta: Option<TypeId>,
}

impl Builder {
    fn push(&mut self, atom: Atom) -> TypeId {
        self.atoms.push(atom);
        self.atoms.len() - 1
    }

    fn object_meta(&mut self) -> TypeId {
        if let Some(t) = self.object_meta {
            return t;
        }
        let props: JSONSchemaProps =
            serde_json::from_str(OBJECT_META).expect("the built-in ObjectMeta schema parses");
        let t = self.build(&props, false, false);
        self.object_meta = Some(t);
        t
    }

    /// `resource`: the root or an embedded resource, which gets the type and
    /// object meta fields.
    fn build(&mut self, s: &JSONSchemaProps, preserve: bool, resource: bool) -> TypeId {
        let preserve = preserve || s.x_kubernetes_preserve_unknown_fields == Some(true);
        let resource = resource || s.x_kubernetes_embedded_resource == Some(true);
        let typ = s.type_.as_deref().unwrap_or("");
        let atom = match typ {
            "" => Atom {
                scalar: Some(Scalar::Untyped),
                list: Some(self.list(s, preserve)),
                map: Some(self.map(s, preserve, resource)),
            },
            "object" => Atom {
                map: Some(self.map(s, preserve, resource)),
                ..Atom::default()
            },
            "array" => Atom {
                list: Some(self.list(s, preserve)),
                ..Atom::default()
            },
            "integer" | "number" => Atom {
                scalar: Some(Scalar::Numeric),
                ..Atom::default()
            },
            "boolean" => Atom {
                scalar: Some(Scalar::Boolean),
                ..Atom::default()
            },
            "string" => {
                let scalar = match s.format.as_deref().unwrap_or("") {
                    "" | "byte" => Scalar::String,
                    _ => Scalar::Untyped,
                };
                Atom {
                    scalar: Some(scalar),
                    ..Atom::default()
                }
            }
            _ => Atom {
                scalar: Some(Scalar::Untyped),
                ..Atom::default()
            },
        };
        self.push(atom)
    }

    fn map(&mut self, s: &JSONSchemaProps, preserve: bool, resource: bool) -> MapType {
        let mut fields = BTreeMap::new();
        for (name, prop) in s.properties.iter().flatten() {
            let t = self.build(prop, preserve, false);
            fields.insert(
                name.clone(),
                (t, prop.default.as_ref().map(|d| d.0.clone())),
            );
        }
        if resource {
            let string = self.push(Atom {
                scalar: Some(Scalar::String),
                ..Atom::default()
            });
            fields.insert("apiVersion".to_owned(), (string, None));
            fields.insert("kind".to_owned(), (string, None));
            let meta = self.object_meta();
            fields.insert("metadata".to_owned(), (meta, None));
        }
        let no_properties = s.properties.as_ref().is_none_or(|p| p.is_empty());
        let elem = match &s.additional_properties {
            None if preserve || no_properties => Some(DEDUCED),
            None => None,
            Some(JSONSchemaPropsOrBool::Schema(schema)) => {
                Some(self.build(schema, preserve, false))
            }
            Some(JSONSchemaPropsOrBool::Bool(true)) => Some(DEDUCED),
            Some(JSONSchemaPropsOrBool::Bool(false)) => None,
        };
        MapType {
            fields,
            elem,
            atomic: s.x_kubernetes_map_type.as_deref() == Some("atomic"),
        }
    }

    fn list(&mut self, s: &JSONSchemaProps, preserve: bool) -> ListType {
        let elem = match &s.items {
            Some(JSONSchemaPropsOrArray::Schema(items)) => self.build(items, preserve, false),
            Some(JSONSchemaPropsOrArray::Schemas(items)) if items.len() == 1 => {
                self.build(&items[0], preserve, false)
            }
            _ => UNTYPED_ATOMIC,
        };
        let (atomic, keys) = match s.x_kubernetes_list_type.as_deref() {
            Some("set") => (false, vec![]),
            Some("map") => (
                false,
                s.x_kubernetes_list_map_keys.clone().unwrap_or_default(),
            ),
            _ => (true, vec![]),
        };
        ListType { elem, atomic, keys }
    }
}
