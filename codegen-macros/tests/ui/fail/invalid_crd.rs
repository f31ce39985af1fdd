#[kube_codegen_macros::api]
mod v1 {
    //! +groupName=shop.example.com

    use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
    use serde::{Deserialize, Serialize};

    /// An order whose default breaks its own minimum: the API server would
    /// reject the CRD, so the macro does.
    /// +genclient
    #[derive(Debug, Default, Serialize, Deserialize)]
    pub struct Order {
        pub metadata: ObjectMeta,
        /// How many.
        /// +kubebuilder:validation:Minimum=1
        /// +kubebuilder:default=0
        pub quantity: Option<i32>,
    }
}

fn main() {}
