#[kube_codegen_macros::api(grup = "shop.example.com")]
mod v1 {}

#[kube_codegen_macros::api(group = "shop.example.com", plural_exceptions = "Moose")]
mod v2 {}

fn main() {}
