use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

/// An order for some quantity of one item.
// +genclient
// +kubebuilder:resource:shortName=ord
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name=Item,type=string,JSONPath=`.spec.item`
// +kubebuilder:printcolumn:name=Phase,type=string,JSONPath=`.status.phase`
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Order {
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// What is ordered.
    pub spec: OrderSpec,
    /// How far the order got.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<OrderStatus>,
}

/// OrderSpec is what an order asks for.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct OrderSpec {
    /// The catalogue name of the item.
    // +kubebuilder:validation:MinLength=1
    pub item: String,
    /// How many to ship.
    // +kubebuilder:validation:Minimum=1
    pub quantity: i32,
}

/// OrderStatus is the observed state of an order.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct OrderStatus {
    /// Where the order is.
    // +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phase: Option<OrderPhase>,
}

/// The stages an order goes through.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum OrderPhase {
    /// Accepted, not shipped yet.
    #[default]
    Pending,
    /// On its way.
    Shipped,
}
