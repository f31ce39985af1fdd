//! The typed clientset: `src/clientset/**` of the generated crate, a thin typed
//! surface over `kube_codegen_runtime`.
//!
//! Per API: `src/clientset/mod.rs` (`root`), the `Interface` extension trait
//! that adds the group-version accessors to every clientset of the runtime, the
//! real one and the fake alike. Per group-version: one file (`version`) with the
//! group-version client and its per-kind accessors, the verbs each kind allows
//! (the runtime's `verb` marker traits), and the traits of `+genclient:method=`
//! verbs (`methods`). Clients, the fake, errors and parameters are the runtime's.

mod methods;
mod root;
mod version;

use super::{EmitOptions, GeneratedFile};
use crate::emit::names::client_groups;
use crate::model::Api;

/// Emits `src/clientset/**`.
pub fn emit_clientset(api: &Api, opts: &EmitOptions) -> Vec<GeneratedFile> {
    let groups = client_groups(api);
    let mut files = vec![GeneratedFile::rust(
        "src/clientset/mod.rs",
        root::root_file(&groups, opts),
    )];
    for (_, versions) in &groups {
        for gv in versions {
            files.push(GeneratedFile::rust(
                gv.file("clientset"),
                version::version_file(gv),
            ));
        }
    }
    files
}
