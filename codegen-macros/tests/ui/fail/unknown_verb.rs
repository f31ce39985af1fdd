#[kube_codegen_macros::api]
mod v1 {
    //! +groupName=shop.example.com

    use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;

    /// An order.
    /// +genclient
    /// +genclient:onlyVerbs=create,gett
    #[derive(Debug, Default)]
    pub struct Order {
        /// Standard object metadata.
        pub metadata: ObjectMeta,
    }
}

fn main() {}
