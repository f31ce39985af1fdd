//! Emitters: pure functions from the [`Api`](crate::model::Api) model to files.
//!
//! An emitter never reads or writes the file system; it returns [`GeneratedFile`]s
//! whose paths are relative to the output crate's root (`src/...`, `crds/...`).
//! Rust comes out as formatted text ([`code::Code`]); only the conversions,
//! whose expressions have no fixed shape, come out as tokens that the writer
//! formats with prettyplease. The writer adds the boilerplate header and
//! decides what to write.

use std::path::PathBuf;

use proc_macro2::TokenStream;

/// One output file.
#[derive(Clone, Debug)]
pub struct GeneratedFile {
    /// Relative to the output crate root, with `/` separators (`src/apis/myapp/v1/app.rs`).
    pub path: PathBuf,
    pub content: Content,
    /// The input file it is generated from, relative to the input directory
    /// (`myapp/v1/app.rs`), for a file made from one: its header names it.
    pub source: Option<PathBuf>,
}

/// What a file holds: Rust source, Rust tokens (formatted by the writer) or
/// other finished text.
#[derive(Clone, Debug)]
pub enum Content {
    /// A whole Rust file, formatted (without the boilerplate header).
    Rust(String),
    /// A whole Rust file as tokens, formatted by the writer with prettyplease.
    /// Inner attributes (`#![doc = "..."]`) become `//!` docs.
    Tokens(TokenStream),
    /// YAML or Markdown, already in final form (without the boilerplate header).
    Text(String),
}

impl Content {
    /// The file as Rust tokens (`None` for YAML or Markdown): what the proc
    /// macro and the single-file `include!` output work on.
    pub fn to_tokens(&self) -> Option<Result<TokenStream, proc_macro2::LexError>> {
        match self {
            Content::Rust(text) => Some(text.parse()),
            Content::Tokens(tokens) => Some(Ok(tokens.clone())),
            Content::Text(_) => None,
        }
    }
}

impl GeneratedFile {
    pub fn rust(path: impl Into<PathBuf>, text: String) -> Self {
        GeneratedFile {
            path: path.into(),
            content: Content::Rust(text),
            source: None,
        }
    }

    pub fn tokens(path: impl Into<PathBuf>, tokens: TokenStream) -> Self {
        GeneratedFile {
            path: path.into(),
            content: Content::Tokens(tokens),
            source: None,
        }
    }

    /// The file, its header naming `source` (relative to the input directory)
    /// as the input it is generated from.
    pub fn from_source(self, source: impl Into<PathBuf>) -> Self {
        GeneratedFile {
            source: Some(source.into()),
            ..self
        }
    }

    pub fn text(path: impl Into<PathBuf>, text: impl Into<String>) -> Self {
        GeneratedFile {
            path: path.into(),
            content: Content::Text(text.into()),
            source: None,
        }
    }
}

/// Settings every emitter may read.
#[derive(Clone, Debug)]
pub struct EmitOptions {
    /// The generated crate's name as users `use` it (`generated`), for doc examples.
    pub crate_name: String,
    /// How CRDs are generated (controller-gen's `crd:` options).
    pub crd: crd::CrdOptions,
    /// Whether the crate has `src/applyconfigurations` (on by default; the
    /// CLI's `--apply-configurations=false`, Go's `gen_client` without
    /// `--with-applyconfig`). The run's artifacts follow it, the docs too.
    pub apply_configurations: bool,
    /// Whether the code is gated by the crate's cargo features, one per API
    /// group and `applyconfigurations` (see [`features`]): on for the crate
    /// `generate` writes, off for code a `build.rs` includes in a crate that
    /// has features of its own.
    pub cargo_features: bool,
}

impl Default for EmitOptions {
    fn default() -> Self {
        EmitOptions {
            crate_name: "generated".to_owned(),
            crd: crd::CrdOptions::default(),
            apply_configurations: true,
            cargo_features: true,
        }
    }
}

pub mod applyconfig;
pub mod clientset;
pub(crate) mod code;
pub mod conversion;
pub mod crate_root;
pub mod crd;
pub mod deepcopy;
mod docs;
pub mod features;
pub mod informers;
mod names;
pub mod readme;
pub mod register;
pub mod rust_type;
mod serde_attr;
pub mod types;
