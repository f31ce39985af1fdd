//! The differential suite of `kube-codegen crd diff` against crdify: the
//! same pair of CRDs through both, each finding compared as a verdict (which
//! check, at which version and property, error or warning) and, where both
//! word it the same way, as a message. See `DIFFERENCES.md`.
//!
//! - [`crdify`]: the reference, built by `hack/tools/crdify.sh` at the
//!   pinned release, and its JSON report read into verdicts.
//! - [`verdicts`]: our report read into the same verdicts, and the two
//!   compared.
//! - [`differences`]: the documented differences, enforced.
//! - [`mutations`]: pairs made from our fixtures' CRDs, one change each.

pub mod crdify;
pub mod differences;
pub mod mutations;
pub mod verdicts;

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;

/// The repository root.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The CRDs kube-codegen generates from an input directory, as YAML, with
/// the options `hack/update-codegen.sh` gives the fixture (floats, a
/// conversion webhook).
pub fn generate(input_dir: &Path) -> Result<Vec<String>> {
    let options = kube_codegen::emit::crd::CrdOptions {
        allow_dangerous_types: true,
        conversion_webhook: Some(kube_codegen::model::WebhookClient::Url(
            "https://webhook.example.com/convert".to_owned(),
        )),
        ..kube_codegen::emit::crd::CrdOptions::default()
    };
    let checked = kube_codegen::pipeline::parse_and_check(
        input_dir,
        &kube_codegen::parse::ParseOptions::default(),
        Some(&options),
        false,
    )
    .map_err(|d| anyhow::anyhow!("{d}"))
    .with_context(|| format!("generating CRDs from {}", input_dir.display()))?;
    Ok(checked.crds.iter().map(|crd| crd.to_yaml()).collect())
}

/// A CRD read from YAML.
pub fn parse_crd(yaml: &str) -> Result<CustomResourceDefinition> {
    serde_saphyr::from_str(yaml).context("parsing a CustomResourceDefinition")
}
