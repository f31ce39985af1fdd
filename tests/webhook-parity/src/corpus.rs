//! Where the cases live, and the markers each side holds.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// This crate's directory, `tests/webhook-parity`.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The Go module holding every case's Go package(s).
pub fn go_module() -> PathBuf {
    root().join("cases")
}

/// One case: a directory with `go/` and `rust/`.
#[derive(Clone, Debug)]
pub struct Case {
    /// The directory's name, which says what the case is about.
    pub name: String,
    dir: PathBuf,
}

impl Case {
    /// controller-gen's `paths=`, relative to [`go_module`].
    pub fn go_paths(&self) -> String {
        format!("./{}/go/...", self.name)
    }

    /// kube-codegen's source directory.
    pub fn rust_dir(&self) -> PathBuf {
        self.dir.join("rust")
    }

    /// The webhook markers of one side (`go` or `rust`), sorted: both sides
    /// must hold the same.
    pub fn markers(&self, side: &str) -> Result<Vec<String>> {
        let mut markers = Vec::new();
        for file in files(&self.dir.join(side))? {
            let text = std::fs::read_to_string(&file)?;
            markers.extend(text.lines().filter_map(|line| {
                let at = line.find("+kubebuilder:webho")?;
                Some(line[at..].trim_end().to_owned())
            }));
        }
        markers.sort();
        Ok(markers)
    }
}

/// Every case, by name.
pub fn cases() -> Result<Vec<Case>> {
    let dir = go_module();
    let mut cases = Vec::new();
    for entry in std::fs::read_dir(&dir).with_context(|| format!("reading {}", dir.display()))? {
        let path = entry?.path();
        if path.join("go").is_dir() && path.join("rust").is_dir() {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            cases.push(Case { name, dir: path });
        }
    }
    cases.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(cases)
}

/// Every file under `dir`, recursively, sorted.
fn files(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let path = entry?.path();
            if path.is_dir() {
                pending.push(path);
            } else {
                out.push(path);
            }
        }
    }
    out.sort();
    Ok(out)
}
