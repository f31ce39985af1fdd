//! Generates the `shop.example.com` API (types with deep-copy `Clone` and
//! `Resource` impls, clientset, fake clientset, listers, informers, CRDs) from
//! `apis/` into `OUT_DIR/kube_codegen.rs`, which `src/lib.rs` includes.
//!
//! Cargo re-runs this script only when a file under `apis/` changes; bad input
//! fails the build with the diagnostics (file, line, column, fix).

fn main() -> Result<(), kube_codegen::builder::BuildError> {
    kube_codegen::builder::Builder::new("apis").generate()?;
    Ok(())
}
