//! The Kubernetes versions whose built-in type schemas the generator carries.
//!
//! Each version's data is the API server's own OpenAPI v3 component schemas,
//! reduced to what controller-gen emits for the same Go types, one JSON line per
//! type (`generator/k8s-schemas/v<major>_<minor>.jsonl`, made by
//! `hack/update-k8s-schemas.sh`). To support another version: run the script with
//! it and add a line to [`VERSIONS`].

use std::fmt;
use std::str::FromStr;

/// `(version, schema data)`, oldest first.
/// The versions k8s-openapi 0.29 has features for (`v1_33` to `v1_37`).
static VERSIONS: &[(&str, &str)] = &[
    ("1.33", include_str!("../../../k8s-schemas/v1_33.jsonl")),
    ("1.34", include_str!("../../../k8s-schemas/v1_34.jsonl")),
    ("1.35", include_str!("../../../k8s-schemas/v1_35.jsonl")),
    ("1.36", include_str!("../../../k8s-schemas/v1_36.jsonl")),
    ("1.37", include_str!("../../../k8s-schemas/v1_37.jsonl")),
];

/// The version the workspace pins (k8s-openapi's `v1_34` feature, the local
/// control plane's `KUBE_VERSION`): the default.
const DEFAULT: &str = "1.34";

/// A Kubernetes minor version whose schema data is built in (`1.34`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KubeVersion {
    name: &'static str,
    data: &'static str,
}

impl KubeVersion {
    /// The version name, `1.34`.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Every version with data, oldest first.
    pub fn available() -> impl Iterator<Item = &'static str> {
        VERSIONS.iter().map(|(name, _)| *name)
    }

    /// The JSON lines of this version's schemas.
    pub(crate) fn data(&self) -> &'static str {
        self.data
    }
}

impl Default for KubeVersion {
    fn default() -> Self {
        DEFAULT.parse().expect("the default version has data")
    }
}

/// A version given by the user that has no schema data.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "no schemas of the built-in Kubernetes types for version {requested}: this kube-codegen \
     carries {available}; use one of those, or add the version's data with \
     `hack/update-k8s-schemas.sh v{requested}.0`"
)]
pub struct UnknownKubeVersion {
    pub requested: String,
    pub available: String,
}

impl FromStr for KubeVersion {
    type Err = UnknownKubeVersion;

    /// Accepts `1.34`, `v1.34`, `1.34.4` and k8s-openapi's feature spelling `v1_34`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let trimmed = s.trim().trim_start_matches('v').replace('_', ".");
        let minor: String = trimmed.split('.').take(2).collect::<Vec<_>>().join(".");
        VERSIONS
            .iter()
            .find(|(name, _)| *name == minor)
            .map(|(name, data)| KubeVersion { name, data })
            .ok_or_else(|| UnknownKubeVersion {
                requested: if minor.is_empty() {
                    s.to_owned()
                } else {
                    minor
                },
                available: VERSIONS
                    .iter()
                    .map(|(n, _)| *n)
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }
}

impl fmt::Display for KubeVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_of_a_version_parse() {
        for s in ["1.34", "v1.34", "1.34.4", "v1_34"] {
            assert_eq!(s.parse::<KubeVersion>().unwrap().name(), "1.34", "{s}");
        }
        assert_eq!(KubeVersion::default().name(), "1.34");
        assert_eq!("v1_37".parse::<KubeVersion>().unwrap().name(), "1.37");
    }

    #[test]
    fn a_version_without_data_says_which_exist() {
        let err = "1.20".parse::<KubeVersion>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "no schemas of the built-in Kubernetes types for version 1.20: this kube-codegen \
             carries 1.33, 1.34, 1.35, 1.36, 1.37; use one of those, or add the version's data with \
             `hack/update-k8s-schemas.sh v1.20.0`"
        );
    }
}
