//! Every error is reported, each at its own place.

#[kube_codegen_macros::api]
mod v1 {
    //! +groupName=shop.example.com

    use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;

    /// An order.
    /// +genclinet
    #[derive(Debug, Default)]
    pub struct Order {
        /// Standard object metadata.
        pub metadata: ObjectMeta,
        /// How many.
        /// +kubebuilder:validation:MaxLength=-3
        pub name: String,
        /// A reference is not a wire type.
        pub note: &'static str,
    }
}

fn main() {}
