//! A scratch project with one controller source file, where `kube-codegen`
//! runs over this repository's `apis/` with the marker flags a test gives:
//! the RBAC and webhook generators' end-to-end tests.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_kube-codegen");

/// The project, removed when dropped.
pub struct Work {
    _tmp: tempfile::TempDir,
    /// Its root: `controller/src/` holds the source file.
    pub root: PathBuf,
    args: &'static [&'static str],
}

impl Work {
    /// A project whose `controller/src/<file>` holds `source`; every run
    /// passes `args` after the input and output flags.
    pub fn new(file: &str, source: &str, args: &'static [&'static str]) -> Work {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().to_owned();
        std::fs::create_dir_all(root.join("controller/src")).unwrap();
        std::fs::write(root.join("controller/src").join(file), source).unwrap();
        Work {
            _tmp: tmp,
            root,
            args,
        }
    }

    /// `kube-codegen <command>` (`generate`, `verify`) of `apis/` into
    /// `generated/`, with the project's flags.
    pub fn run(&self, command: &str) -> Output {
        Command::new(BIN)
            .current_dir(&self.root)
            .arg(command)
            .arg("--input-dir")
            .arg(apis())
            .args(["--output-dir", "generated"])
            .args(self.args)
            .output()
            .unwrap()
    }

    /// The text of `path` under the root.
    pub fn read(&self, path: &str) -> String {
        std::fs::read_to_string(self.root.join(path)).unwrap()
    }
}

/// This repository's API.
pub fn apis() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../apis/src")
}
