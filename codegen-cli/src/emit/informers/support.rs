//! The kind-independent code of listers and informers, emitted verbatim.
//!
//! It lives as real `.rs` files under `support/` (so editors and reviewers see
//! ordinary Rust), is embedded with `include_str!`, and is parsed with syn so the
//! writer formats it like every other generated file. `__CRATE__` in doc examples
//! becomes the generated crate's name.

use quote::ToTokens;

use crate::emit::{EmitOptions, GeneratedFile};

/// Each support file: its path in the generated crate, and its source.
pub const SUPPORT_FILES: &[(&str, &str)] = &[
    (
        "src/listers/indexer.rs",
        include_str!("support/listers/indexer.rs"),
    ),
    (
        "src/listers/lister.rs",
        include_str!("support/listers/lister.rs"),
    ),
    (
        "src/listers/selector.rs",
        include_str!("support/listers/selector.rs"),
    ),
    (
        "src/informers/factory.rs",
        include_str!("support/informers/factory.rs"),
    ),
    (
        "src/informers/handler.rs",
        include_str!("support/informers/handler.rs"),
    ),
    (
        "src/informers/listeners.rs",
        include_str!("support/informers/listeners.rs"),
    ),
    (
        "src/informers/scope.rs",
        include_str!("support/informers/scope.rs"),
    ),
    (
        "src/informers/shared.rs",
        include_str!("support/informers/shared.rs"),
    ),
];

/// The support files, ready for the writer.
pub fn support_files(opts: &EmitOptions) -> Vec<GeneratedFile> {
    SUPPORT_FILES
        .iter()
        .map(|(path, source)| {
            let source = source.replace("__CRATE__", &opts.crate_name);
            // The sources are part of this crate and a test parses every one of them,
            // so a failure here is a bug in the generator, not in the user's input.
            let file = syn::parse_file(&source)
                .unwrap_or_else(|error| panic!("support file {path} does not parse: {error}"));
            GeneratedFile::rust(*path, file.into_token_stream())
        })
        .collect()
}
