//! One API version, written once and read by both front doors: the macro
//! expands it here, and `tests/equivalence.rs` hands its text to the CLI's
//! parser as `shop/v1/{mod,types}.rs`. Markers are in `///` lines, which both
//! see (a macro cannot see `//` comments).

#[kube_codegen_macros::api]
pub mod v1 {
    //! Version v1 of the `shop.example.com` API.
    //!
    //! +groupName=shop.example.com

    use std::collections::BTreeMap;

    use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ObjectMeta};
    use serde::{Deserialize, Serialize};

    /// An order for some items, shipped to one address.
    /// +genclient
    /// +kubebuilder:resource:shortName=ord,categories=shop
    /// +kubebuilder:subresource:status
    /// +kubebuilder:printcolumn:name=Phase,type=string,JSONPath=`.status.phase`
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    pub struct Order {
        /// Standard object metadata.
        pub metadata: ObjectMeta,
        /// What is ordered.
        pub spec: OrderSpec,
        /// How far the order got.
        /// +optional
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub status: Option<OrderStatus>,
    }

    /// What an order asks for.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    #[serde(rename_all = "camelCase")]
    pub struct OrderSpec {
        /// Quantities by catalogue name.
        /// +kubebuilder:validation:MinProperties=1
        pub items: BTreeMap<String, i32>,
        /// Where to ship.
        /// +kubebuilder:validation:MinLength=1
        /// +kubebuilder:validation:MaxLength=200
        pub ship_to: String,
        /// How fast.
        #[serde(default)]
        pub priority: Priority,
        /// Free-form notes.
        /// +listType=atomic
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub notes: Vec<String>,
    }

    /// How fast an order ships.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "lowercase")]
    pub enum Priority {
        /// In the next regular delivery.
        #[default]
        Normal,
        /// Today.
        Express,
    }

    /// How far an order got.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    pub struct OrderStatus {
        /// The current phase.
        /// +optional
        /// +kubebuilder:validation:Enum=Pending;Shipped
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub phase: Option<String>,
        /// Observations of the order's state.
        /// +optional
        /// +listType=map
        /// +listMapKey=type
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub conditions: Vec<Condition>,
    }

    /// A warehouse orders ship from; cluster-scoped and without status.
    /// +genclient
    /// +genclient:nonNamespaced
    /// +genclient:noStatus
    /// +kubebuilder:resource:scope=Cluster
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    pub struct Warehouse {
        /// Standard object metadata.
        pub metadata: ObjectMeta,
        /// Where it is.
        pub spec: WarehouseSpec,
    }

    /// Where a warehouse is.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    pub struct WarehouseSpec {
        /// The city.
        /// +kubebuilder:validation:Pattern=`^[A-Z][a-z]+$`
        pub city: String,
    }
}
