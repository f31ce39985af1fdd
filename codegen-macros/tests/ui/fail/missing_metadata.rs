#[kube_codegen_macros::api]
mod v1 {
    //! +groupName=shop.example.com

    /// An order without object metadata.
    /// +genclient
    #[derive(Debug, Default)]
    pub struct Order {
        /// How many.
        pub quantity: i32,
    }
}

fn main() {}
