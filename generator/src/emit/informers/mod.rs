//! Listers and informers: `src/listers/**` and `src/informers/**` of the
//! generated crate, a thin typed surface over `kube_codegen_runtime`.
//!
//! Per API: `src/informers/mod.rs` with `SharedInformerFactoryExt`, which adds
//! one accessor per group-version to the runtime's `SharedInformerFactory`
//! (`factory.myapp_v1().apps()`), and `src/listers/mod.rs` with a lister alias
//! per kind (`AppLister`). Per group-version: `src/informers/<group>/<version>.rs`
//! with the accessors and an informer alias per kind. The factory, informers,
//! listers and selectors are the runtime's.

mod roots;
mod version;

use crate::emit::names::informer_groups;
use crate::emit::{EmitOptions, GeneratedFile};
use crate::model::Api;

/// Every file under `src/listers/` and `src/informers/`.
pub fn emit_informers(api: &Api, opts: &EmitOptions) -> Vec<GeneratedFile> {
    let groups = informer_groups(api);
    let mut files = vec![
        GeneratedFile::rust("src/informers/mod.rs", roots::informers_root(&groups, opts)),
        GeneratedFile::rust("src/listers/mod.rs", roots::listers_root(&groups, opts)),
    ];
    for (_, versions) in &groups {
        for gv in versions {
            files.push(GeneratedFile::rust(
                gv.file("informers"),
                version::version_file(gv),
            ));
        }
    }
    files
}
