//! The typed clientset and the fake clientset: `src/clientset/**` of the generated
//! crate.
//!
//! Generated per API: the `Clientset` and `Interface` (`root`), one client and trait
//! per group-version (`group_version`) and per kind (`typed`, with the methods of
//! `methods`), and the fake's per-kind parts (`fake`). Copied verbatim: the
//! kind-independent support code in `support/` (error type, parameters, custom-verb
//! requests, the fake's tracker, actions and server semantics), which is real Rust
//! compiled as part of every generated crate, because that crate must not depend on
//! the generator.

mod docs;
mod fake;
mod group_version;
mod imports;
mod methods;
pub(crate) mod names;
mod root;
mod typed;

use std::path::PathBuf;

use quote::ToTokens;

use super::{EmitOptions, GeneratedFile};
use crate::model::Api;

/// Support files: (path under `src/clientset/`, source).
const SUPPORT: &[(&str, &str)] = &[
    ("error.rs", include_str!("support/error.rs")),
    ("params.rs", include_str!("support/params.rs")),
    ("request.rs", include_str!("support/request.rs")),
    ("fake/actions.rs", include_str!("support/fake/actions.rs")),
    ("fake/info.rs", include_str!("support/fake/info.rs")),
    ("fake/meta.rs", include_str!("support/fake/meta.rs")),
    ("fake/patch.rs", include_str!("support/fake/patch.rs")),
    ("fake/resource.rs", include_str!("support/fake/resource.rs")),
    ("fake/rest.rs", include_str!("support/fake/rest.rs")),
    ("fake/scale.rs", include_str!("support/fake/scale.rs")),
    ("fake/selector.rs", include_str!("support/fake/selector.rs")),
    ("fake/tracker.rs", include_str!("support/fake/tracker.rs")),
    ("fake/watch.rs", include_str!("support/fake/watch.rs")),
];

fn clientset_path(rest: &str) -> PathBuf {
    PathBuf::from(format!("src/clientset/{rest}"))
}

/// The support files as generated files.
fn support_files() -> Vec<GeneratedFile> {
    SUPPORT
        .iter()
        .map(|(path, source)| {
            // The sources are part of this crate and covered by its tests, so a parse
            // failure is a bug in the generator, not in the user's input.
            let file = syn::parse_file(source)
                .unwrap_or_else(|e| panic!("support file {path} does not parse: {e}"));
            GeneratedFile::rust(clientset_path(path), file.into_token_stream())
        })
        .collect()
}

/// Emits `src/clientset/**`: the typed clientset, its traits and the fake clientset.
pub fn emit_clientset(api: &Api, opts: &EmitOptions) -> Vec<GeneratedFile> {
    let groups = names::client_groups(api);
    let mut files = vec![
        GeneratedFile::rust(clientset_path("mod.rs"), root::root_file(&groups, opts)),
        GeneratedFile::rust(
            clientset_path("fake/mod.rs"),
            fake::root_file(&groups, opts),
        ),
    ];
    for (group, versions) in &groups {
        let g = &group.module;
        files.push(GeneratedFile::rust(
            clientset_path(&format!("{g}/mod.rs")),
            group_version::group_file(group, versions),
        ));
        files.push(GeneratedFile::rust(
            clientset_path(&format!("fake/{g}/mod.rs")),
            fake::group_file(group, versions),
        ));
        for gv in versions {
            let v = &gv.version.module;
            files.push(GeneratedFile::rust(
                clientset_path(&format!("{g}/{v}/mod.rs")),
                group_version::version_file(gv),
            ));
            files.push(GeneratedFile::rust(
                clientset_path(&format!("fake/{g}/{v}/mod.rs")),
                fake::version_file(gv),
            ));
            for kind in &gv.kinds {
                let k = kind.module_name();
                files.push(GeneratedFile::rust(
                    clientset_path(&format!("{g}/{v}/{k}.rs")),
                    typed::kind_file(gv, kind),
                ));
                files.push(GeneratedFile::rust(
                    clientset_path(&format!("fake/{g}/{v}/{k}.rs")),
                    fake::kind_file(gv, kind),
                ));
            }
        }
    }
    files.extend(support_files());
    files
}
