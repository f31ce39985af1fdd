//! Where this kube-codegen came from, so that `init` can take the runtime
//! crates from the same place when no `--runtime` is given.
//!
//! What a binary can know about its origin:
//! - cargo's install record: `cargo install` writes `.crates2.json` into its
//!   root (the parent of `bin/`), with the source of every package it
//!   installed, in cargo's own spelling: `path+file:///src/kube-codegen/codegen-cli`,
//!   `git+https://host/kube-codegen?tag=v0.1.0#<commit>`, `registry+…`. This is
//!   the one record of a `cargo install --git` (the build happened in a
//!   checkout under cargo's cache, which cargo may clean): the commit it
//!   names is exactly the code this binary was built from;
//! - the directory it was compiled in (`CARGO_MANIFEST_DIR`, fixed at build
//!   time): the source tree of a `cargo build` or `cargo install --path`, as
//!   long as it still holds the crates.
//!
//! Neither: the published crates, by version.

use std::path::{Path, PathBuf};

use super::source::{GitReference, Source, SourceArg, resolve_tree};

/// The source `init` uses without `--runtime`, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    /// Where the runtime crates come from.
    pub source: Source,
    /// Why this source, for `init`'s report (`installed by \`cargo install --path …\``).
    pub why: String,
}

/// Where this very binary came from.
/// `package` is the package the binary is installed as and `built_in` the
/// directory it was compiled in: the CLI's `CARGO_PKG_NAME` and
/// `CARGO_MANIFEST_DIR`, which only the binary's own crate knows.
pub fn detect(package: &str, built_in: &Path) -> Origin {
    let exe = std::env::current_exe().ok();
    detect_from(package, exe.as_deref(), built_in)
}

/// [`detect`] for a binary at `exe`.
pub fn detect_from(package: &str, exe: Option<&Path>, built_in: &Path) -> Origin {
    let mut notes = Vec::new();
    match exe.and_then(|exe| install_source(package, exe)) {
        Some(Installed::Path(dir)) => match tree_above(&dir) {
            Some(source) => {
                return Origin {
                    source,
                    why: format!(
                        "this kube-codegen was installed from it (`cargo install --path {}`)",
                        dir.display()
                    ),
                };
            }
            None => notes.push(format!(
                "this kube-codegen was installed from {}, which no longer holds the kube-codegen crates",
                dir.display()
            )),
        },
        Some(Installed::Git {
            url,
            reference,
            asked,
        }) => {
            return Origin {
                why: format!(
                    "this kube-codegen was installed from it (`cargo install --git {url}{asked}`)"
                ),
                source: Source::Git { url, reference },
            };
        }
        Some(Installed::Registry) => {
            return Origin {
                source: Source::Registry(None),
                why: "this kube-codegen was installed from the registry".to_owned(),
            };
        }
        None => {}
    }
    if !in_cargo_cache(built_in)
        && let Some(source) = tree_above(built_in)
    {
        return Origin {
            source,
            why: "this kube-codegen was built from it".to_owned(),
        };
    }
    notes.push("no kube-codegen source tree is known to this binary; `--runtime` names one".into());
    Origin {
        source: Source::Registry(None),
        why: notes.join("; "),
    }
}

/// The source tree holding `dir` (a crate of it, such as `codegen-cli`), or
/// `dir` itself.
fn tree_above(dir: &Path) -> Option<Source> {
    dir.ancestors()
        .take(2)
        .find_map(|candidate| resolve_tree(candidate).ok())
}

/// A checkout or unpacked package in cargo's cache (`$CARGO_HOME/git/checkouts`,
/// `$CARGO_HOME/registry/src`): cargo may delete it at any time.
fn in_cargo_cache(dir: &Path) -> bool {
    let parts: Vec<&std::ffi::OsStr> = dir.iter().collect();
    parts
        .windows(2)
        .any(|w| (w[0] == "git" && w[1] == "checkouts") || (w[0] == "registry" && w[1] == "src"))
}

/// The source cargo's install record names for a binary.
#[derive(Debug, PartialEq, Eq)]
enum Installed {
    /// `cargo install --path <dir>`.
    Path(PathBuf),
    /// `cargo install --git <url>`: the commit built, and the reference asked
    /// for (` --tag v0.1.0`), for the report.
    Git {
        url: String,
        reference: GitReference,
        asked: String,
    },
    /// `cargo install kube-codegen-cli`.
    Registry,
}

/// Reads `<root>/.crates2.json` for the binary `<root>/bin/<name>`.
fn install_source(package: &str, exe: &Path) -> Option<Installed> {
    let bin_dir = exe.parent()?;
    if bin_dir.file_name()? != "bin" {
        return None;
    }
    let record = std::fs::read_to_string(bin_dir.parent()?.join(".crates2.json")).ok()?;
    let bin = exe.file_name()?.to_str()?;
    install_source_in(&record, package, bin)
}

/// The source of `package` providing `bin` in a `.crates2.json`.
fn install_source_in(record: &str, package: &str, bin: &str) -> Option<Installed> {
    let record: serde_json::Value = serde_json::from_str(record).ok()?;
    let (key, _) = record
        .get("installs")?
        .as_object()?
        .iter()
        .find(|(key, info)| {
            key.split(' ').next() == Some(package)
                && info
                    .get("bins")
                    .and_then(serde_json::Value::as_array)
                    .is_some_and(|bins| bins.iter().any(|b| b.as_str() == Some(bin)))
        })?;
    // `name version (source)`.
    let source = key.split_once(" (")?.1.strip_suffix(')')?;
    if let Some(path) = source.strip_prefix("path+file://") {
        return Some(Installed::Path(PathBuf::from(path)));
    }
    if source.starts_with("git+") {
        let query = source
            .split_once('?')
            .map(|(_, q)| q.split('#').next().unwrap_or_default());
        let asked = match query.and_then(|q| q.split_once('=')) {
            Some((key, value)) => format!(" --{key} {value}"),
            None => String::new(),
        };
        // The fragment is the commit built: the runtime must be that commit's.
        return match SourceArg::parse(source).ok()? {
            SourceArg::Git { url, reference } => Some(Installed::Git {
                url,
                reference,
                asked,
            }),
            _ => None,
        };
    }
    (source.starts_with("registry+") || source.starts_with("sparse+"))
        .then_some(Installed::Registry)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The CLI's package, as cargo records its installs.
    const PACKAGE: &str = "kube-codegen-cli";

    fn record(key: &str) -> String {
        serde_json::json!({
            "installs": {
                "ripgrep 14.1.0 (registry+https://index.invalid/)": {"bins": ["rg"]},
                key: {"version_req": null, "bins": ["kube-codegen"], "features": [], "profile": "release"},
            }
        })
        .to_string()
    }

    #[test]
    fn a_git_install_pins_the_commit_it_was_built_from() {
        let installed = install_source_in(
            &record("kube-codegen-cli 0.1.0 (git+https://example.com/kc?tag=v0.1.0#0123abcd)"),
            PACKAGE,
            "kube-codegen",
        )
        .unwrap();
        assert_eq!(
            installed,
            Installed::Git {
                url: "https://example.com/kc".into(),
                reference: GitReference::Rev("0123abcd".into()),
                asked: " --tag v0.1.0".into(),
            }
        );
    }

    #[test]
    fn path_and_registry_installs_are_read() {
        let installed = install_source_in(
            &record("kube-codegen-cli 0.1.0 (path+file:///src/kc/codegen-cli)"),
            PACKAGE,
            "kube-codegen",
        )
        .unwrap();
        assert_eq!(installed, Installed::Path("/src/kc/codegen-cli".into()));
        let installed = install_source_in(
            &record("kube-codegen-cli 0.1.0 (registry+https://index.invalid/)"),
            PACKAGE,
            "kube-codegen",
        )
        .unwrap();
        assert_eq!(installed, Installed::Registry);
        // Another binary name: not this package's record.
        assert!(
            install_source_in(
                &record("kube-codegen-cli 0.1.0 (path+file:///src/kc/codegen-cli)"),
                PACKAGE,
                "kc"
            )
            .is_none()
        );
    }

    #[test]
    fn detection_prefers_the_install_record_then_the_build_tree() {
        let root = tempfile::tempdir().unwrap();
        let bin = root.path().join("bin/kube-codegen");
        std::fs::create_dir_all(bin.parent().unwrap()).unwrap();
        std::fs::write(
            root.path().join(".crates2.json"),
            record("kube-codegen-cli 0.1.0 (git+https://example.com/kc#0123abcd)"),
        )
        .unwrap();
        let this_tree = Path::new(env!("CARGO_MANIFEST_DIR"));
        let origin = detect_from(PACKAGE, Some(&bin), this_tree);
        assert_eq!(
            origin.source,
            Source::Git {
                url: "https://example.com/kc".into(),
                reference: GitReference::Rev("0123abcd".into()),
            }
        );
        assert_eq!(
            origin.why,
            "this kube-codegen was installed from it (`cargo install --git https://example.com/kc`)"
        );

        // Not installed (`cargo build`): the tree it was compiled in.
        let origin = detect_from(PACKAGE, Some(&root.path().join("kube-codegen")), this_tree);
        assert!(
            matches!(&origin.source, Source::Path { root, .. } if root == &this_tree.parent().unwrap().canonicalize().unwrap()),
            "{origin:?}"
        );
        assert_eq!(origin.why, "this kube-codegen was built from it");

        // Built in cargo's git cache, record gone: the published crates.
        let cached = Path::new("/home/u/.cargo/git/checkouts/kc-0123/0123abc/codegen-cli");
        let origin = detect_from(PACKAGE, None, cached);
        assert_eq!(origin.source, Source::Registry(None));
        assert_eq!(
            origin.why,
            "no kube-codegen source tree is known to this binary; `--runtime` names one"
        );
    }
}
