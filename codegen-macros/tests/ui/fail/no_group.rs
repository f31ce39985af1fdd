#[kube_codegen_macros::api]
mod v1 {
    /// A type in a module that names no API group.
    #[derive(Debug, Default)]
    pub struct Order {
        /// How many.
        pub quantity: i32,
    }
}

fn main() {}
