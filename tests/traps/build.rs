//! Generates the types (with deep-copy `Clone` and `Resource` impls) and the
//! CRDs of every case that kube-codegen accepts, `cases/ok/`, each its own API
//! group; the refused cases (`cases/refused/`) are generated one by one by the
//! test that checks their diagnostics. Descriptions are dropped: the pod
//! template's would make its CRD too large for client-side apply, which is not
//! what the corpus tries.

fn main() -> Result<(), kube_codegen::builder::BuildError> {
    kube_codegen::builder::Builder::new("cases/ok")
        .clientset(false)
        .informers(false)
        .max_description_length(0)
        .generate()?;
    Ok(())
}
