#[kube_codegen_macros::api]
pub struct Order {
    pub quantity: i32,
}

fn main() {}
