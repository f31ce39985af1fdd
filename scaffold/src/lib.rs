//! Scaffolding: `kube-codegen init` (a new workspace), `kube-codegen create
//! api` (a new kind) and `kube-codegen create webhook` (its admission
//! webhooks). Each job first builds a [`FilePlan`], the whole set of
//! files it will create or change, checks it against the disk, and only then
//! writes: a refused or failed plan leaves nothing behind.

pub mod builtin;
pub mod create_api;
pub mod create_webhook;
#[doc(hidden)]
pub mod edit;
pub mod init;
pub mod layout;
pub mod names;
pub mod origin;
#[doc(hidden)]
pub mod rustfmt;
pub mod source;
mod templates;

use std::path::{Path, PathBuf};

/// Why a scaffolding command did nothing.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Files the plan would create exist already.
    #[error(
        "refusing to overwrite what exists:\n{}\n  = help: move or delete these, or run in another directory; nothing was written",
        list(.0)
    )]
    Exists(Vec<PathBuf>),
    /// A name given on the command line is not valid.
    #[error(transparent)]
    Name(#[from] names::NameError),
    /// Flags that do not go together, or name nothing that exists.
    #[error("{message}\n  = help: {help}")]
    Usage {
        /// What is wrong with the flags.
        message: String,
        /// How to write them instead.
        help: String,
    },
    /// Where kube-codegen's crates should come from cannot be used.
    #[error(transparent)]
    Source(#[from] source::SourceError),
    /// The input does not parse (reading the kind a controller is for).
    #[error("{0}")]
    Input(kube_codegen::diag::Diagnostics),
    /// The existing module files do not fit the new kind.
    #[error("{}: {message}\n  = help: {help}", .path.display())]
    Layout {
        /// The module file that does not fit.
        path: PathBuf,
        /// What in it stands in the way.
        message: String,
        /// How to make room for the new kind.
        help: String,
    },
    /// A file could not be read or written.
    #[error("{}: {source}", .path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
}

fn list(paths: &[PathBuf]) -> String {
    paths
        .iter()
        .map(|p| format!("  {}", p.display()))
        .collect::<Vec<_>>()
        .join("\n")
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> Error + '_ {
    move |source| Error::Io {
        path: path.to_owned(),
        source,
    }
}

/// One file a plan writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannedFile {
    /// Where it is written, relative to the directory the command runs in.
    pub path: PathBuf,
    /// Its whole content.
    pub content: String,
    /// Executable (the hack scripts).
    pub executable: bool,
    /// The file exists and this is its new, extended content.
    pub replaces_existing: bool,
}

/// Everything a scaffolding command writes, decided before anything is written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FilePlan {
    /// The files, in the order they are written.
    pub files: Vec<PlannedFile>,
}

impl FilePlan {
    /// Adds a new file (one that must not exist yet).
    pub fn create(&mut self, path: impl Into<PathBuf>, content: impl Into<String>) {
        self.files.push(PlannedFile {
            path: path.into(),
            content: content.into(),
            executable: false,
            replaces_existing: false,
        });
    }

    /// Adds a new executable script.
    pub fn create_script(&mut self, path: impl Into<PathBuf>, content: impl Into<String>) {
        self.create(path, content);
        if let Some(last) = self.files.last_mut() {
            last.executable = true;
        }
    }

    /// Adds the new content of a file that exists.
    pub fn update(&mut self, path: impl Into<PathBuf>, content: impl Into<String>) {
        self.files.push(PlannedFile {
            path: path.into(),
            content: content.into(),
            executable: false,
            replaces_existing: true,
        });
    }

    /// The paths of new files that exist already.
    pub fn conflicts(&self) -> Vec<PathBuf> {
        self.files
            .iter()
            .filter(|f| !f.replaces_existing && f.path.exists())
            .map(|f| f.path.clone())
            .collect()
    }

    /// Writes every file, after checking that no new file exists. Each file
    /// is written to a temporary file next to it and renamed into place; when
    /// one fails, what was written before it is taken back.
    pub fn write(&self) -> Result<Written, Error> {
        let conflicts = self.conflicts();
        if !conflicts.is_empty() {
            return Err(Error::Exists(conflicts));
        }
        let mut written = Written::default();
        for file in &self.files {
            if let Err(err) = written.write(file) {
                // Best effort: the first error is the one to report.
                let _ = written.revert();
                return Err(err);
            }
        }
        Ok(written)
    }
}

/// What [`FilePlan::write`] changed, so that a later step that fails (the
/// regeneration after `create api`) can leave the directory as it was.
#[derive(Debug, Default)]
pub struct Written {
    /// The files written, in plan order.
    pub paths: Vec<PathBuf>,
    /// The previous content of the files that existed.
    previous: Vec<(PathBuf, Vec<u8>)>,
    /// Directories created for the files, outermost first.
    new_dirs: Vec<PathBuf>,
}

impl Written {
    fn write(&mut self, file: &PlannedFile) -> Result<(), Error> {
        let dir = match file.path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        let missing: Vec<PathBuf> = dir
            .ancestors()
            .take_while(|d| !d.as_os_str().is_empty() && !d.exists())
            .map(Path::to_path_buf)
            .collect();
        std::fs::create_dir_all(dir).map_err(io(dir))?;
        self.new_dirs.extend(missing.into_iter().rev());
        if file.replaces_existing {
            let old = std::fs::read(&file.path).map_err(io(&file.path))?;
            self.previous.push((file.path.clone(), old));
        }
        // New Rust files take the user's formatting; what is added to a
        // file of theirs is left as it is around it.
        let content = if file.path.extension().is_some_and(|e| e == "rs") && !file.replaces_existing
        {
            rustfmt::format(&file.content)
        } else {
            file.content.clone()
        };
        let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(io(dir))?;
        std::io::Write::write_all(&mut tmp, content.as_bytes()).map_err(io(&file.path))?;
        set_mode(tmp.path(), file.executable).map_err(io(&file.path))?;
        tmp.persist(&file.path)
            .map_err(|e| e.error)
            .map_err(io(&file.path))?;
        self.paths.push(file.path.clone());
        Ok(())
    }

    /// Puts back the previous content of replaced files, removes the created
    /// files, then the directories created for them.
    pub fn revert(&self) -> Result<(), Error> {
        for path in &self.paths {
            match self.previous.iter().find(|(p, _)| p == path) {
                Some((_, old)) => std::fs::write(path, old).map_err(io(path))?,
                None => std::fs::remove_file(path).map_err(io(path))?,
            }
        }
        for dir in self.new_dirs.iter().rev() {
            std::fs::remove_dir(dir).map_err(io(dir))?;
        }
        Ok(())
    }
}

#[cfg(unix)]
fn set_mode(path: &Path, executable: bool) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let mode = if executable { 0o755 } else { 0o644 };
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
}

#[cfg(not(unix))]
fn set_mode(_: &Path, _: bool) -> std::io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_refuses_and_writes_nothing_when_a_file_exists() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("b.txt"), "mine").unwrap();
        let mut plan = FilePlan::default();
        plan.create(dir.path().join("a/a.txt"), "a");
        plan.create(dir.path().join("b.txt"), "b");
        let err = plan.write().unwrap_err();
        assert!(matches!(&err, Error::Exists(p) if p == &[dir.path().join("b.txt")]));
        assert!(err.to_string().contains("refusing to overwrite"), "{err}");
        assert!(!dir.path().join("a").exists());
        assert_eq!(
            std::fs::read_to_string(dir.path().join("b.txt")).unwrap(),
            "mine"
        );
    }

    #[cfg(unix)]
    #[test]
    fn scripts_are_executable() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let mut plan = FilePlan::default();
        plan.create_script(dir.path().join("hack/x.sh"), "#!/bin/sh\n");
        plan.create(dir.path().join("y.txt"), "y");
        plan.write().unwrap();
        let mode = |p: &str| {
            std::fs::metadata(dir.path().join(p))
                .unwrap()
                .permissions()
                .mode()
                & 0o777
        };
        assert_eq!(mode("hack/x.sh"), 0o755);
        assert_eq!(mode("y.txt"), 0o644);
    }
}
