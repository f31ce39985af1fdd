//! The parser over a rich in-test input that uses every marker (several groups,
//! versions and files), and over the repository's own API crates.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use kube_codegen::model::{
    Api, ClientConfig, CustomMethod, Field, FieldType, Group, Kind, PrinterColumn,
    ScaleSubresource, TypeBody, TypeDef, Verb, Version, XValidation,
};
use kube_codegen::parse::{ParseOptions, parse_dir, parse_sources};
use serde_json::json;

const SHOP_V1_MOD: &str = r#"//! Version v1 of the shop API.
//!
//! +groupName=shop.example.com
//! +groupGoName=Shop
//! +k8s:deepcopy-gen=package

mod order;
mod store;

pub use order::*;
pub use self::store::{Store, StoreSpec, StoreStatus};
"#;

const SHOP_V1_ORDER: &str = r#"use std::collections::BTreeMap;

use k8s_openapi::api::autoscaling::v1::Scale;
use k8s_openapi::api::core::v1 as corev1;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{ObjectMeta, Time};
use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;
use serde::{Deserialize, Serialize};

// +genclient
// +genclient:method=GetScale,verb=get,subresource=scale,result=k8s.io/api/autoscaling/v1.Scale
// +genclient:method=UpdateScale,verb=update,subresource=scale,input=Scale,result=Scale
// +genclient:skipVerbs=deleteCollection;apply
// +kubebuilder:resource:path=orders,singular=order,shortName=ord;o,categories={shop,all}
// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.selector
// +kubebuilder:printcolumn:name=Items,type=integer,JSONPath=`.spec.items`,description="How many items",format=int32,priority=1
// +kubebuilder:printcolumn:name="Age",type=date,JSONPath=.metadata.creationTimestamp
// +kubebuilder:storageversion
// +kubebuilder:selectablefield:JSONPath=`.spec.customer`
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

/// Order is a customer's order.
///
/// It is fulfilled by a store.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Order {
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// What was ordered.
    pub spec: OrderSpec,
    /// Where the order is.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<OrderStatus>,
}

/// OrderSpec is what was ordered.
// +kubebuilder:validation:XValidation:rule="self.items >= self.minItems",message="too few items",messageExpression="'need ' + string(self.minItems)",reason=FieldValueInvalid,fieldPath=.items
// +kubebuilder:validation:MinProperties=1
// +kubebuilder:validation:MaxProperties=40
// +structType=granular
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OrderSpec {
    /// Who ordered.
    // +kubebuilder:validation:MinLength=1
    // +kubebuilder:validation:MaxLength=63
    // +kubebuilder:validation:Pattern=`^[a-z]+(,[a-z]+)*$`
    // +kubebuilder:title=Customer
    pub customer: String,
    /// How many items.
    // +kubebuilder:validation:Minimum=1
    // +kubebuilder:validation:Maximum=1e3
    // +kubebuilder:validation:ExclusiveMaximum=true
    // +kubebuilder:validation:ExclusiveMinimum=false
    // +kubebuilder:validation:MultipleOf=2
    // +kubebuilder:default=2
    pub items: i32,
    /// The fewest items.
    #[serde(default)]
    pub min_items: u64,
    /// Replicas for the scale subresource.
    // +optional
    pub replicas: Option<i32>,
    /// Requested delivery, explicitly required though optional in Rust.
    // +required
    // +nullable
    pub deliver_at: Option<Time>,
    /// Packaging.
    // +kubebuilder:validation:Enum=box;"bag;paper";3;true
    // +kubebuilder:validation:Format=packaging
    #[serde(rename = "packaging-kind")]
    pub packaging: String,
    /// Notes, a set.
    // +listType=set
    // +kubebuilder:validation:MinItems=0
    // +kubebuilder:validation:MaxItems=5
    // +kubebuilder:validation:UniqueItems=true
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// Lines, keyed by sku.
    // +listType=map
    // +listMapKey=sku
    // +listMapKey=variant
    #[serde(default)]
    pub lines: Vec<Line>,
    /// Labels.
    // +mapType=atomic
    // +kubebuilder:default={"gift": "no"}
    #[serde(default)]
    pub labels: BTreeMap<String, String>,
    /// The pod that packs it.
    pub packer: Option<corev1::PodSpec>,
    /// A port.
    // +kubebuilder:validation:XIntOrString
    pub port: IntOrString,
    /// Anything.
    // +kubebuilder:validation:XPreserveUnknownFields
    pub extra: serde_json::Value,
    /// A whole object.
    // +kubebuilder:validation:XEmbeddedResource
    // +kubebuilder:pruning:PreserveUnknownFields
    pub attachment: Option<serde_json::Value>,
    /// Another object.
    // +kubebuilder:validation:EmbeddedResource
    // +kubebuilder:validation:Type=object
    pub wrapped: Option<serde_json::Value>,
    /// Priority as text.
    // +default="normal"
    // +kubebuilder:validation:Optional
    pub r#priority: String,
    /// The next order in a chain.
    pub next: Option<Box<OrderSpec>>,
    /// Type of the order.
    pub r#type: OrderType,
    /// Tags, through a type alias of another file.
    pub tags: Option<Tags>,
}

/// Line is one line of an order.
// +k8s:deepcopy-gen=false
#[derive(Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Line {
    /// Stock keeping unit.
    pub sku: String,
    /// Variant.
    pub variant: String,
}

/// OrderType is a kind of order.
// +enum
// +kubebuilder:validation:Enum=Standard;EXPRESS_DELIVERY
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum OrderType {
    /// The usual.
    #[default]
    #[serde(rename = "Standard")]
    Standard,
    /// Fast.
    ExpressDelivery,
}

/// OrderStatus is where the order is.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderStatus {
    /// Packed so far.
    pub replicas: i32,
    /// Selector of the packers.
    pub selector: Option<String>,
}

// Used by serde defaults.
fn default_items() -> i32 {
    2
}

impl Order {
    /// Whether anything was ordered.
    pub fn is_empty(&self) -> bool {
        // +not-a-marker-inside-a-body
        self.spec.items == 0
    }
}

impl Clone for Line {
    fn clone(&self) -> Self {
        Line { sku: self.sku.clone(), variant: self.variant.clone() }
    }
}
"#;

const SHOP_V1_STORE: &str = r#"use std::collections::BTreeMap as Map;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

/// Tags by name; an alias is resolved where it is used.
pub type Tags = Map<String, String>;

/// Store is a cluster-wide store.
// +genclient
// +genclient:nonNamespaced
// +genclient:onlyVerbs=get,list,watch,updateStatus
// +kubebuilder:resource:scope=Cluster
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Store {
    pub metadata: ObjectMeta,
    pub spec: StoreSpec,
    pub status: StoreStatus,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StoreSpec {
    pub city: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StoreStatus {
    pub open: bool,
}

/// Person uses a plural exception.
// +genclient
// +genclient:noVerbs
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Person {
    pub metadata: ObjectMeta,
}

/// Budget has a status, a client without status verbs, and a status subresource.
// +genclient
// +genclient:noStatus
// +kubebuilder:subresource:status
// +genclient:readonly
// +resourceName=budgetz
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Budget {
    pub metadata: ObjectMeta,
    pub status: Option<BudgetStatus>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BudgetStatus {
    pub spent: f64,
}
"#;

const SHOP_V1BETA1_MOD: &str = r#"//! +groupName=shop.example.com

mod order;
pub use order::*;
"#;

const SHOP_V1BETA1_ORDER: &str = r#"use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

// +genclient
// +kubebuilder:resource:path=orders,shortName=ord;o,categories={shop,all}
// +kubebuilder:deprecatedversion:warning="use shop.example.com/v1"
// +kubebuilder:unservedversion

/// Order, the old shape.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Order {
    pub metadata: ObjectMeta,
    pub spec: OldSpec,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct OldSpec {
    pub count: i16,
}
"#;

const AUDIT_MOD: &str = r#"//! Audit events.
//!
//! +groupName=audit.example.com
//! +versionName=v1alpha1
//! +kubebuilder:object:generate=false
//! +kubebuilder:validation:Optional

mod event;
pub use event::*;
"#;

const AUDIT_EVENT: &str = r#"use k8s_openapi::apimachinery::pkg::apis::meta::v1::{ListMeta, ObjectMeta};
use serde::{Deserialize, Serialize};

/// Event records one audited action.
// +kubebuilder:object:root=true
// +kubebuilder:resource:scope=Namespaced
// +k8s:deepcopy-gen=true
// +k8s:deepcopy-gen:nonpointer-interfaces=true
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Event {
    pub metadata: ObjectMeta,
    /// Who did it.
    pub actor: String,
    /// Must be there despite the module default.
    // +kubebuilder:validation:Required
    pub action: String,
}

/// EventList is a list of events (not a kind of its own).
// +kubebuilder:object:root=true
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct EventList {
    pub metadata: ListMeta,
    pub items: Vec<Event>,
}
"#;

fn sources() -> Vec<(PathBuf, String)> {
    [
        ("lib.rs", "pub mod shop;\npub mod audit;\n"),
        ("shop/mod.rs", "pub mod v1;\npub mod v1beta1;\n"),
        ("shop/v1/mod.rs", SHOP_V1_MOD),
        ("shop/v1/order.rs", SHOP_V1_ORDER),
        ("shop/v1/store.rs", SHOP_V1_STORE),
        ("shop/v1beta1/mod.rs", SHOP_V1BETA1_MOD),
        ("shop/v1beta1/order.rs", SHOP_V1BETA1_ORDER),
        ("audit/mod.rs", "pub mod alpha;\n"),
        ("audit/alpha/mod.rs", AUDIT_MOD),
        ("audit/alpha/event.rs", AUDIT_EVENT),
    ]
    .into_iter()
    .map(|(p, t)| (PathBuf::from(p), t.to_owned()))
    .collect()
}

fn parse_rich() -> kube_codegen::parse::Parsed {
    let opts = ParseOptions {
        plural_exceptions: BTreeMap::from([("Person".to_owned(), "People".to_owned())]),
    };
    match parse_sources(&sources(), &opts) {
        Ok(parsed) => parsed,
        Err(d) => panic!("parse failed:\n{d}"),
    }
}

fn group<'a>(api: &'a Api, name: &str) -> &'a Group {
    api.groups.iter().find(|g| g.name == name).unwrap()
}

fn version<'a>(g: &'a Group, name: &str) -> &'a Version {
    g.versions.iter().find(|v| v.name == name).unwrap()
}

fn ty<'a>(v: &'a Version, name: &str) -> &'a TypeDef {
    v.find_type(name)
        .unwrap_or_else(|| panic!("no type {name}"))
}

fn kind(t: &TypeDef) -> &Kind {
    t.kind
        .as_ref()
        .unwrap_or_else(|| panic!("{} is not a kind", t.name))
}

fn field<'a>(t: &'a TypeDef, name: &str) -> &'a Field {
    match &t.body {
        TypeBody::Struct(s) => s
            .fields
            .iter()
            .find(|f| f.name == name)
            .unwrap_or_else(|| panic!("no field {name}")),
        TypeBody::Enum(_) | TypeBody::Newtype(_) => panic!("{} has no named fields", t.name),
    }
}

fn external(path: &str) -> FieldType {
    FieldType::External(kube_codegen::model::ExternalType::new(path))
}

#[test]
fn groups_versions_and_files() {
    let parsed = parse_rich();
    // Defaults on fields the Rust type always writes (the text is in diagnostics.rs).
    let fields: Vec<&str> = parsed
        .warnings
        .iter()
        .map(|d| {
            assert!(d.message.contains("never applies"), "{d}");
            d.message.split('`').nth(1).unwrap()
        })
        .collect();
    assert_eq!(
        fields,
        ["items", "labels", "r#priority"],
        "{}",
        parsed.warnings
    );
    let api = &parsed.api;
    let names: Vec<_> = api.groups.iter().map(|g| g.name.as_str()).collect();
    assert_eq!(names, ["audit.example.com", "shop.example.com"]);

    let shop = group(api, "shop.example.com");
    assert_eq!(shop.module, "shop");
    assert_eq!(shop.go_name.as_deref(), Some("Shop"));
    let versions: Vec<_> = shop.versions.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(versions, ["v1", "v1beta1"]);
    let v1 = version(shop, "v1");
    assert_eq!(v1.docs, ["Version v1 of the shop API."]);
    assert!(v1.deepcopy_package);
    assert_eq!(v1.location.to_string(), "shop/v1/mod.rs:3:5");
    // mod.rs declares nothing but modules and re-exports: not a file of its own.
    let stems: Vec<_> = v1.files.iter().map(|f| f.stem.as_str()).collect();
    assert_eq!(stems, ["order", "store"]);

    let audit = group(api, "audit.example.com");
    let alpha = &audit.versions[0];
    assert_eq!(
        (alpha.name.as_str(), alpha.module.as_str()),
        ("v1alpha1", "alpha")
    );
    assert!(!alpha.deepcopy_package);
    assert_eq!(alpha.docs, ["Audit events."]);

    let inputs: Vec<_> = parsed
        .inputs
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    assert_eq!(inputs.len(), 10);
    assert!(inputs.contains(&"lib.rs".to_owned()));
}

#[test]
fn uses_and_items_are_kept_verbatim() {
    let api = parse_rich().api;
    let v1 = version(group(&api, "shop.example.com"), "v1");
    let order = &v1.files[0];
    assert_eq!(order.path, PathBuf::from("shop/v1/order.rs"));
    assert_eq!(order.uses[2], "use k8s_openapi::api::core::v1 as corev1;");
    assert_eq!(order.uses.len(), 6);
    assert_eq!(order.items.len(), 2, "{:#?}", order.items);
    assert_eq!(
        order.items[0],
        "// Used by serde defaults.\nfn default_items() -> i32 {\n    2\n}"
    );
    assert!(order.items[1].starts_with("impl Order {\n    /// Whether anything was ordered."));
    assert!(order.items[1].contains("// +not-a-marker-inside-a-body"));
    let names: Vec<_> = order.types.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(
        names,
        ["Order", "OrderSpec", "Line", "OrderType", "OrderStatus"]
    );
}

#[test]
fn kinds_clients_and_crd_markers() {
    let api = parse_rich().api;
    let shop = group(&api, "shop.example.com");
    let v1 = version(shop, "v1");

    let order = ty(v1, "Order");
    assert_eq!(order.location.to_string(), "shop/v1/order.rs:25:12");
    assert_eq!(
        order.docs,
        [
            "Order is a customer's order.",
            "",
            "It is fulfilled by a store."
        ]
    );
    assert_eq!(
        order.derives,
        ["Debug", "Default", "PartialEq", "Serialize", "Deserialize"]
    );
    let k = kind(order);
    assert_eq!(
        k.client,
        Some(ClientConfig {
            verbs: vec![
                Verb::Create,
                Verb::Update,
                Verb::UpdateStatus,
                Verb::Delete,
                Verb::Get,
                Verb::List,
                Verb::Watch,
                Verb::Patch,
                Verb::PatchStatus,
                Verb::ApplyStatus,
            ],
            methods: vec![
                CustomMethod {
                    name: "GetScale".into(),
                    verb: "get".into(),
                    subresource: Some("scale".into()),
                    input: None,
                    result: Some("k8s_openapi::api::autoscaling::v1::Scale".into()),
                },
                CustomMethod {
                    name: "UpdateScale".into(),
                    verb: "update".into(),
                    subresource: Some("scale".into()),
                    input: Some("k8s_openapi::api::autoscaling::v1::Scale".into()),
                    result: Some("k8s_openapi::api::autoscaling::v1::Scale".into()),
                },
            ],
            no_status: false,
        })
    );
    assert!(k.namespaced);
    assert_eq!(
        (k.plural.as_str(), k.singular.as_str()),
        ("orders", "order")
    );
    assert_eq!(k.short_names, ["ord", "o"]);
    assert_eq!(k.categories, ["shop", "all"]);
    assert!(k.status_subresource);
    assert_eq!(
        k.scale,
        Some(ScaleSubresource {
            spec_replicas_path: ".spec.replicas".into(),
            status_replicas_path: ".status.replicas".into(),
            label_selector_path: Some(".status.selector".into()),
        })
    );
    assert_eq!(
        k.printer_columns,
        [
            PrinterColumn {
                name: "Items".into(),
                type_: "integer".into(),
                json_path: ".spec.items".into(),
                description: Some("How many items".into()),
                format: Some("int32".into()),
                priority: Some(1),
            },
            PrinterColumn {
                name: "Age".into(),
                type_: "date".into(),
                json_path: ".metadata.creationTimestamp".into(),
                description: None,
                format: None,
                priority: None,
            },
        ]
    );
    assert!(k.storage_version && k.served && k.deprecated.is_none());
    assert_eq!(k.selectable_fields, [".spec.customer"]);

    let old = kind(ty(version(shop, "v1beta1"), "Order"));
    assert!(!old.storage_version && !old.served);
    assert_eq!(
        old.deprecated.as_ref().unwrap().warning.as_deref(),
        Some("use shop.example.com/v1")
    );
    assert_eq!(
        old.client.as_ref().unwrap().verbs.len(),
        9,
        "no status field: no status verbs"
    );
    assert!(old.client.as_ref().unwrap().no_status);

    let store = kind(ty(v1, "Store"));
    assert!(!store.namespaced);
    assert_eq!(
        store.client.as_ref().unwrap().verbs,
        [Verb::UpdateStatus, Verb::Get, Verb::List, Verb::Watch]
    );
    assert!(
        store.status_subresource,
        "+genclient without noStatus and a status field"
    );
    assert!(store.storage_version, "only version of Store");

    let person = kind(ty(v1, "Person"));
    assert_eq!(person.plural, "people");
    assert!(person.client.as_ref().unwrap().verbs.is_empty());
    assert!(!person.status_subresource);

    let budget = kind(ty(v1, "Budget"));
    assert_eq!(budget.plural, "budgetz");
    let client = budget.client.as_ref().unwrap();
    assert_eq!(client.verbs, [Verb::Get, Verb::List, Verb::Watch]);
    assert!(client.no_status);
    assert!(
        budget.status_subresource,
        "+kubebuilder:subresource:status wins over noStatus"
    );

    let audit = &group(&api, "audit.example.com").versions[0];
    let event = ty(audit, "Event");
    assert!(
        event.deepcopy,
        "+k8s:deepcopy-gen=true beats the module's object:generate=false"
    );
    let ek = kind(event);
    assert!(ek.client.is_none() && ek.namespaced && ek.storage_version);
    assert_eq!(ek.plural, "events");
    let list = ty(audit, "EventList");
    assert!(list.kind.is_none(), "list types are not kinds");
    assert!(!list.deepcopy);
}

#[test]
fn fields_types_names_and_validation() {
    let api = parse_rich().api;
    let v1 = version(group(&api, "shop.example.com"), "v1");
    let spec = ty(v1, "OrderSpec");
    let TypeBody::Struct(s) = &spec.body else {
        panic!()
    };
    assert_eq!(s.rename_all.as_deref(), Some("camelCase"));
    assert_eq!(
        s.serde_attrs,
        [r#"#[serde(rename_all = "camelCase", deny_unknown_fields)]"#]
    );
    assert_eq!(
        spec.validation.x_validations,
        [XValidation {
            rule: "self.items >= self.minItems".into(),
            message: Some("too few items".into()),
            message_expression: Some("'need ' + string(self.minItems)".into()),
            reason: Some("FieldValueInvalid".into()),
            field_path: Some(".items".into()),
            optional_old_self: None,
            marker: None,
        }]
    );
    assert_eq!(
        (
            spec.validation.min_properties,
            spec.validation.max_properties
        ),
        (Some(1), Some(40))
    );
    assert_eq!(spec.validation.struct_type.as_deref(), Some("granular"));

    let json: Vec<_> = s.fields.iter().map(|f| f.json_name.as_str()).collect();
    assert_eq!(
        json,
        [
            "customer",
            "items",
            "minItems",
            "replicas",
            "deliverAt",
            "packaging-kind",
            "notes",
            "lines",
            "labels",
            "packer",
            "port",
            "extra",
            "attachment",
            "wrapped",
            "priority",
            "next",
            "type",
            "tags"
        ]
    );

    let customer = field(spec, "customer");
    assert_eq!(customer.location.to_string(), "shop/v1/order.rs:49:9");
    assert_eq!(customer.docs, ["Who ordered."]);
    assert_eq!(customer.ty, FieldType::String);
    assert!(customer.is_required(s.default));
    let cv = &customer.validation;
    assert_eq!((cv.min_length, cv.max_length), (Some(1), Some(63)));
    assert_eq!(cv.pattern.as_deref(), Some("^[a-z]+(,[a-z]+)*$"));
    assert_eq!(cv.title.as_deref(), Some("Customer"));

    let items = field(spec, "items");
    let iv = &items.validation;
    assert_eq!(
        (iv.minimum, iv.maximum, iv.multiple_of),
        (Some(1.0), Some(1000.0), Some(2.0))
    );
    assert_eq!(
        (iv.exclusive_minimum, iv.exclusive_maximum),
        (Some(false), Some(true))
    );
    assert_eq!(iv.default, Some(json!(2)));
    assert!(
        items.is_required(false),
        "a default leaves a field required, as in controller-gen"
    );

    let min_items = field(spec, "min_items");
    assert_eq!(
        min_items.ty,
        FieldType::Integer {
            bits: 64,
            signed: false
        }
    );
    assert!(min_items.serde_default && !min_items.is_required(false));

    let replicas = field(spec, "replicas");
    assert_eq!(replicas.required_marker, Some(false));
    assert!(!replicas.is_required(false));

    let deliver = field(spec, "deliver_at");
    assert_eq!(
        deliver.ty,
        FieldType::Option(Box::new(external(
            "k8s_openapi::apimachinery::pkg::apis::meta::v1::Time"
        )))
    );
    assert_eq!(deliver.ty_source, "Option<Time>");
    assert!(deliver.is_required(false) && deliver.nullable);

    let packaging = field(spec, "packaging");
    assert_eq!(
        packaging.serde_attrs,
        [r#"#[serde(rename = "packaging-kind")]"#]
    );
    assert_eq!(
        packaging.validation.enum_values,
        Some(vec![
            json!("box"),
            json!("bag;paper"),
            json!(3),
            json!(true)
        ])
    );
    assert_eq!(packaging.validation.format.as_deref(), Some("packaging"));

    let notes = field(spec, "notes");
    let nv = &notes.validation;
    assert_eq!(nv.list_type.as_deref(), Some("set"));
    assert_eq!(
        (nv.min_items, nv.max_items, nv.unique_items),
        (Some(0), Some(5), Some(true))
    );
    assert!(
        !notes.is_required(false),
        "skip_serializing_if makes a field optional"
    );

    let lines = field(spec, "lines");
    assert_eq!(
        lines.ty,
        FieldType::Vec(Box::new(FieldType::Local("Line".into())))
    );
    assert_eq!(lines.validation.list_type.as_deref(), Some("map"));
    assert_eq!(lines.validation.list_map_keys, ["sku", "variant"]);

    let labels = field(spec, "labels");
    assert_eq!(
        labels.ty,
        FieldType::Map {
            ordered: true,
            key: Box::new(FieldType::String),
            value: Box::new(FieldType::String)
        }
    );
    assert_eq!(labels.validation.map_type.as_deref(), Some("atomic"));
    assert_eq!(labels.validation.default, Some(json!({"gift": "no"})));

    assert_eq!(
        field(spec, "packer").ty,
        FieldType::Option(Box::new(external("k8s_openapi::api::core::v1::PodSpec")))
    );
    let port = field(spec, "port");
    assert_eq!(
        port.ty,
        external("k8s_openapi::apimachinery::pkg::util::intstr::IntOrString")
    );
    assert!(port.validation.int_or_string);
    let extra = field(spec, "extra");
    assert_eq!(extra.ty, FieldType::Json);
    assert!(extra.validation.preserve_unknown_fields);
    let attachment = &field(spec, "attachment").validation;
    assert!(attachment.embedded_resource && attachment.preserve_unknown_fields);
    let wrapped = &field(spec, "wrapped").validation;
    assert!(wrapped.embedded_resource);
    assert_eq!(wrapped.type_override.as_deref(), Some("object"));

    let priority = field(spec, "r#priority");
    assert_eq!(priority.json_name, "priority");
    assert_eq!(priority.validation.default, Some(json!("normal")));
    assert_eq!(priority.required_marker, Some(false));

    assert_eq!(
        field(spec, "next").ty,
        FieldType::Option(Box::new(FieldType::Boxed(Box::new(FieldType::Local(
            "OrderSpec".into()
        )))))
    );
    assert_eq!(
        field(spec, "r#type").ty,
        FieldType::Local("OrderType".into())
    );

    let status = field(ty(v1, "Order"), "status");
    assert_eq!(
        status.docs,
        ["Where the order is."],
        "doc-comment markers are not docs"
    );
    assert_eq!(status.required_marker, Some(false));

    let line = ty(v1, "Line");
    assert!(!line.deepcopy);
    assert_eq!(
        line.derives,
        ["Debug", "Default", "PartialEq", "Serialize", "Deserialize"]
    );

    let audit = &group(&api, "audit.example.com").versions[0];
    let event = ty(audit, "Event");
    assert_eq!(
        field(event, "actor").required_marker,
        Some(false),
        "module-level Optional"
    );
    assert_eq!(field(event, "action").required_marker, Some(true));
}

#[test]
fn unit_enums() {
    let api = parse_rich().api;
    let v1 = version(group(&api, "shop.example.com"), "v1");
    let t = ty(v1, "OrderType");
    let TypeBody::Enum(e) = &t.body else { panic!() };
    assert_eq!(e.rename_all.as_deref(), Some("SCREAMING_SNAKE_CASE"));
    let variants: Vec<_> = e
        .variants
        .iter()
        .map(|v| (v.name.as_str(), v.json_name.as_str(), v.is_default))
        .collect();
    assert_eq!(
        variants,
        [
            ("Standard", "Standard", true),
            ("ExpressDelivery", "EXPRESS_DELIVERY", false)
        ]
    );
    assert_eq!(e.variants[1].docs, ["Fast."]);
    assert_eq!(e.variants[1].location.to_string(), "shop/v1/order.rs:140:5");
    assert_eq!(
        t.validation.enum_values,
        Some(vec![json!("Standard"), json!("EXPRESS_DELIVERY")])
    );
}

#[test]
fn plural_exception_defaults_and_options() {
    let mut files = sources();
    let opts = ParseOptions::default();
    files.retain(|(p, _)| !p.starts_with("audit"));
    let api = parse_sources(&files, &opts).unwrap().api;
    let v1 = version(group(&api, "shop.example.com"), "v1");
    assert_eq!(kind(ty(v1, "Person")).plural, "persons");
}

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn parse_tree(dir: &Path) -> Api {
    parse_tree_expecting(dir, &[])
}

/// Parses `dir`; its only warnings must be the `expected` ones (headlines, in order).
fn parse_tree_expecting(dir: &Path, expected: &[&str]) -> Api {
    match parse_dir(dir, &ParseOptions::default()) {
        Ok(parsed) => {
            let headlines: Vec<&str> = parsed.warnings.iter().map(|d| d.message.as_str()).collect();
            assert_eq!(
                headlines, expected,
                "unexpected warnings:\n{}",
                parsed.warnings
            );
            parsed.api
        }
        Err(d) => panic!("parse failed:\n{d}"),
    }
}

#[test]
fn fixture_api_parses_with_only_its_deliberate_warnings() {
    // The fixture keeps defaults on fields its Rust types always write, on
    // purpose: the e2e tests show the server defaulting objects written as JSON.
    let never_applies = |field: &str, ty: &str| {
        format!(
            "the default of field `{field}` never applies to objects written with this Rust \
             type: a field of type `{ty}` is always serialized, so the API server never sees it missing"
        )
    };
    let expected = [
        never_applies("replicas", "i32"),
        never_applies("attempts", "u32"),
        never_applies("class", "String"),
    ];
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    let api = parse_tree_expecting(&manifest_dir().join("../tests/fixture-apis/src"), &expected);
    assert!(api.groups.len() >= 2, "the fixture has several groups");
    assert!(api.kinds().any(|(_, _, _, k)| !k.namespaced));
    assert!(api.kinds().any(|(_, _, _, k)| k.namespaced));
    // Every kind has exactly one storage version across its group.
    for g in &api.groups {
        let mut storage: BTreeMap<&str, usize> = BTreeMap::new();
        for v in &g.versions {
            for t in v.types() {
                if let Some(k) = &t.kind {
                    *storage.entry(&t.name).or_default() += usize::from(k.storage_version);
                }
            }
        }
        assert!(storage.values().all(|n| *n == 1), "{}: {storage:?}", g.name);
    }
}

#[test]
fn app_example_parses_without_diagnostics() {
    let dir = manifest_dir().join("../apis/src");
    let api = parse_tree(&dir);
    let (g, v, t, k) = api.kinds().next().unwrap();
    assert_eq!(
        (g.name.as_str(), v.name.as_str(), t.name.as_str()),
        ("myapp.k8s.io", "v1", "App")
    );
    assert_eq!(k.plural, "apps");
    assert!(k.status_subresource && k.storage_version && k.namespaced);
    assert_eq!(t.location.file, dir.join("myapp/v1/app.rs"));
}

/// A crate root and nothing else (a workspace `kube-codegen init` just made)
/// is an API without kinds yet; anything else without a version module is a
/// wrong directory or a layout the user did not mean.
#[test]
fn an_api_without_kinds_yet_is_a_crate_root_alone() {
    let opts = ParseOptions::default();
    let empty = parse_sources(
        &[(PathBuf::from("lib.rs"), "//! APIs.\n".to_owned())],
        &opts,
    )
    .unwrap();
    assert!(empty.api.groups.is_empty());

    let nothing = parse_sources(&[], &opts).unwrap_err().to_string();
    assert!(
        nothing.starts_with("error: no API version modules found\n"),
        "{nothing}"
    );
    assert!(
        nothing.contains(
            "= help: expected `<group>/<version>/mod.rs` starting with `//! +groupName=<group>`"
        ),
        "{nothing}"
    );
    let stray = parse_sources(
        &[
            (PathBuf::from("lib.rs"), "pub mod util;\n".to_owned()),
            (
                PathBuf::from("util/helpers.rs"),
                "pub fn f() {}\n".to_owned(),
            ),
        ],
        &opts,
    )
    .unwrap_err()
    .to_string();
    assert!(stray.contains("no API version modules found"), "{stray}");
}
