//! What `OLD` and `NEW` of `crd diff` name, and reading each into a [`Side`].

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;

use super::{Error, Generation, Side, cluster, git, yaml};
use kube_codegen::pipeline;

/// One side of `crd diff`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Spec {
    /// A CRD YAML file, a directory of them, or a directory of Rust input
    /// (`apis/src`, generated here).
    Path(PathBuf),
    /// `git:<ref>`: the CRDs generated from `--input-dir` as it was at that commit.
    Git(String),
    /// crdify's `git://<ref>?path=<file>`: a CRD YAML file as it was at that commit.
    GitFile {
        /// The commit.
        reference: String,
        /// The file, relative to the repository's root.
        path: String,
    },
    /// `cluster:<name>` (crdify's `kube://<name>`): the installed CRD;
    /// `cluster:` alone: the installed CRDs named on the other side.
    Cluster(Option<String>),
}

impl FromStr for Spec {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let nonempty = |what: &str, v: &str| {
            if v.is_empty() {
                Err(format!("`{s}` names no {what}"))
            } else {
                Ok(v.to_owned())
            }
        };
        if let Some(reference) = s.strip_prefix("git:").filter(|r| !r.starts_with("//")) {
            return Ok(Spec::Git(nonempty(
                "git reference (`git:HEAD`, `git:main`)",
                reference,
            )?));
        }
        if let Some(rest) = s.strip_prefix("git://") {
            let (reference, query) = rest.split_once('?').unwrap_or((rest, ""));
            let path = query.strip_prefix("path=").unwrap_or_default();
            return Ok(Spec::GitFile {
                reference: nonempty("git reference", reference)?,
                path: nonempty("file (`git://<ref>?path=<file>`)", path)?,
            });
        }
        if let Some(name) = s.strip_prefix("cluster:") {
            return Ok(Spec::Cluster((!name.is_empty()).then(|| name.to_owned())));
        }
        if let Some(name) = s.strip_prefix("kube://") {
            return Ok(Spec::Cluster(Some(nonempty(
                "CustomResourceDefinition",
                name,
            )?)));
        }
        let path = s.strip_prefix("file://").unwrap_or(s);
        Ok(Spec::Path(PathBuf::from(nonempty(
            "file or directory",
            path,
        )?)))
    }
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Spec::Path(path) => write!(f, "{}", path.display()),
            Spec::Git(reference) => write!(f, "git:{reference}"),
            Spec::GitFile { reference, path } => write!(f, "git://{reference}?path={path}"),
            Spec::Cluster(Some(name)) => write!(f, "cluster:{name}"),
            Spec::Cluster(None) => write!(f, "cluster:"),
        }
    }
}

impl Spec {
    /// Whether the side needs the other side's CRD names (`cluster:`).
    pub fn needs_names(&self) -> bool {
        matches!(self, Spec::Cluster(None))
    }

    /// Reads the side. `names`: the other side's CRD names, for `cluster:`.
    pub fn load(&self, generation: &Generation, names: &BTreeSet<String>) -> Result<Side, Error> {
        let label = self.to_string();
        match self {
            Spec::Path(path) if is_rust_input(path) => {
                let checked = pipeline::parse_and_check(
                    path,
                    &generation.parse,
                    Some(&generation.crd),
                    false,
                )
                .map_err(|diagnostics| Error::Input {
                    label: label.clone(),
                    diagnostics,
                })?;
                Ok(Side::generated(label, checked.parsed.api, checked.crds))
            }
            Spec::Path(path) => side(label, yaml::read_path(path)?),
            Spec::Git(reference) => git::generate(reference, generation),
            Spec::GitFile { reference, path } => {
                let text = git::show(reference, path)?;
                let crds = yaml::read_text(&text, Path::new(&label))?;
                side(label, crds)
            }
            Spec::Cluster(Some(name)) => {
                let found = cluster::fetch(std::slice::from_ref(name))?;
                match found.into_iter().next().flatten() {
                    Some(crd) => side(label, vec![crd]),
                    None => Err(Error::Cluster(format!(
                        "no CustomResourceDefinition `{name}` is installed"
                    ))),
                }
            }
            Spec::Cluster(None) => {
                let wanted: Vec<String> = names.iter().cloned().collect();
                let found = cluster::fetch(&wanted)?;
                side(label, found.into_iter().flatten().collect())
            }
        }
    }
}

fn side(label: String, crds: Vec<CustomResourceDefinition>) -> Result<Side, Error> {
    let mut by_name = BTreeMap::new();
    for crd in crds {
        let name = crd.metadata.name.clone().unwrap_or_default();
        if by_name.insert(name.clone(), crd).is_some() {
            return Err(Error::Duplicate { label, name });
        }
    }
    Ok(Side {
        label,
        crds: by_name,
        generated: None,
    })
}

/// Whether `path` is a directory of Rust input: `.rs` files and no YAML.
fn is_rust_input(path: &Path) -> bool {
    fn scan(dir: &Path, rust: &mut bool, yaml: &mut bool) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if path.is_dir() {
                if !name.starts_with('.') && name != "target" {
                    scan(&path, rust, yaml);
                }
            } else if name.ends_with(".rs") {
                *rust = true;
            } else if name.ends_with(".yaml") || name.ends_with(".yml") {
                *yaml = true;
            }
        }
    }
    if !path.is_dir() {
        return false;
    }
    let (mut rust, mut yaml) = (false, false);
    scan(path, &mut rust, &mut yaml);
    rust && !yaml
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_of_side() {
        let parse = |s: &str| s.parse::<Spec>();
        assert_eq!(parse("git:HEAD~1"), Ok(Spec::Git("HEAD~1".into())));
        assert_eq!(
            parse("git://main?path=config/crd/a.yaml"),
            Ok(Spec::GitFile {
                reference: "main".into(),
                path: "config/crd/a.yaml".into()
            })
        );
        assert_eq!(
            parse("cluster:apps.example.com"),
            Ok(Spec::Cluster(Some("apps.example.com".into())))
        );
        assert_eq!(
            parse("kube://apps.example.com"),
            Ok(Spec::Cluster(Some("apps.example.com".into())))
        );
        assert_eq!(parse("cluster:"), Ok(Spec::Cluster(None)));
        assert_eq!(
            parse("file:///tmp/a.yaml"),
            Ok(Spec::Path("/tmp/a.yaml".into()))
        );
        assert_eq!(
            parse("generated/crds"),
            Ok(Spec::Path("generated/crds".into()))
        );
        assert!(
            parse("git:")
                .unwrap_err()
                .contains("names no git reference")
        );
        assert!(
            parse("git://main")
                .unwrap_err()
                .contains("git://<ref>?path=<file>")
        );
    }
}
