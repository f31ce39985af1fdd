#[kube_codegen_macros::api]
mod v1 {
    //! +groupName=shop.example.com

    use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;

    /// An order.
    /// +genclient
    #[derive(Debug, Default)]
    pub struct Order {
        /// Standard object metadata.
        pub metadata: ObjectMeta,
        /// How many.
        /// +kubebuilder:validation:Minimum=abc
        pub quantity: i32,
    }
}

fn main() {}
