use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

// +kubebuilder:webhook:path=/validate-shop-example-com-v1-order,mutating=false,failurePolicy=fail,sideEffects=None,groups=shop.example.com,resources=orders,verbs=create,versions=v1,name=vorder.kb.io,admissionReviewVersions=v1
// +kubebuilder:webhookconfiguration:mutating=false,name=shop-webhooks

/// An order.
// +genclient
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Order {
    pub metadata: ObjectMeta,
}
