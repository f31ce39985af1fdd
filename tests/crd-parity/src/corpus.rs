//! Where the corpus lives: one directory per API under `apis/`, each with a
//! `go/` tree (controller-gen's input) and a `rust/` tree (kube-codegen's).

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// This crate's directory, `tests/crd-parity`.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The repository root.
pub fn repo_root() -> PathBuf {
    root().join("../..")
}

/// The Go module holding every API's Go types.
pub fn go_module() -> PathBuf {
    root().join("apis")
}

/// One API of the corpus.
#[derive(Clone, Debug)]
pub struct Api {
    /// The directory name, used as the first part of every difference key.
    pub name: String,
    dir: PathBuf,
}

impl Api {
    /// controller-gen's `paths=` argument, relative to [`go_module`].
    pub fn go_paths(&self) -> String {
        format!("./{}/go/...", self.name)
    }

    /// kube-codegen's `--input-dir`.
    pub fn rust_dir(&self) -> PathBuf {
        self.dir.join("rust")
    }

    /// The probe objects of this API, if it has any.
    pub fn probes_file(&self) -> PathBuf {
        root().join("probes").join(format!("{}.yaml", self.name))
    }
}

/// Every API of the corpus, by name.
pub fn apis() -> Result<Vec<Api>> {
    let dir = go_module();
    let mut apis = Vec::new();
    for entry in std::fs::read_dir(&dir).with_context(|| format!("reading {}", dir.display()))? {
        let path = entry?.path();
        if is_api(&path) {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            apis.push(Api { name, dir: path });
        }
    }
    apis.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(apis)
}

fn is_api(path: &Path) -> bool {
    path.join("go").is_dir() && path.join("rust").is_dir()
}
