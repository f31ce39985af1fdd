//! Listers and the shared informer factory: `src/listers/**` and
//! `src/informers/**` of the generated crate.
//!
//! Kind-independent machinery (the namespace-indexed store, the generic lister and
//! informer, the factory core) is emitted verbatim from `support/`; per kind, thin
//! typed wrappers are generated (`AppLister`, `AppInformer`) plus the accessor chain
//! `factory.<group>().<version>().<plural>()`.

mod informer;
mod lister;
pub mod naming;
mod roots;
pub mod support;
mod tree;

use crate::emit::{EmitOptions, GeneratedFile};
use crate::model::{Api, Group};

use naming::{INFORMER_SUPPORT_MODULES, LISTER_SUPPORT_MODULES, informer_kinds};

/// Every file under `src/listers/` and `src/informers/`.
pub fn emit_informers(api: &Api, opts: &EmitOptions) -> Vec<GeneratedFile> {
    let kinds = informer_kinds(api);
    let by_group = tree::by_group(&kinds);
    let groups: Vec<&Group> = api
        .groups
        .iter()
        .filter(|g| by_group.contains_key(g.name.as_str()))
        .collect();
    let mut files = support::support_files(opts);
    files.push(roots::listers_root(&groups, &kinds, opts));
    files.push(roots::informers_root(&groups, &kinds, opts));
    for group in &groups {
        let versions = &by_group[group.name.as_str()];
        files.extend(tree::lister_modules(
            group,
            versions,
            LISTER_SUPPORT_MODULES,
        ));
        files.extend(tree::informer_modules(
            group,
            versions,
            INFORMER_SUPPORT_MODULES,
        ));
    }
    for kind in &kinds {
        files.push(lister::emit_lister(kind, opts));
        files.push(informer::emit_informer(kind, opts));
    }
    files
}
