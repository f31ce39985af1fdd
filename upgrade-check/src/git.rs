//! Files as they were at a commit, read with `git` (`ls-tree`, `cat-file`)
//! without touching the work tree, and the CRDs generated from the input
//! as it was there.

use std::io::Write as _;
use std::path::{Component, Path, PathBuf};
use std::process::{Command, Stdio};

use super::{Error, Generation, Side};
use kube_codegen::pipeline;

fn git(args: &[&str]) -> Result<Vec<u8>, Error> {
    let out = Command::new("git")
        .args(args)
        .output()
        .map_err(|e| Error::Git(format!("cannot run git: {e}")))?;
    if !out.status.success() {
        return Err(Error::Git(
            String::from_utf8_lossy(&out.stderr).trim().to_owned(),
        ));
    }
    Ok(out.stdout)
}

/// The commit `reference` names; an error that says so when it names none.
fn commit(reference: &str) -> Result<String, Error> {
    let spec = format!("{reference}^{{commit}}");
    match git(&["rev-parse", "--verify", "--quiet", &spec]) {
        Ok(out) => Ok(String::from_utf8_lossy(&out).trim().to_owned()),
        Err(_) => Err(Error::Git(format!(
            "`{reference}` names no commit of the repository here"
        ))),
    }
}

/// `path` (relative to the current directory) as a path from the
/// repository's root.
fn from_root(path: &Path) -> Result<String, Error> {
    let prefix = String::from_utf8_lossy(&git(&["rev-parse", "--show-prefix"])?)
        .trim()
        .to_owned();
    let joined = if path.is_absolute() {
        let top = String::from_utf8_lossy(&git(&["rev-parse", "--show-toplevel"])?)
            .trim()
            .to_owned();
        let canonical = path.canonicalize().unwrap_or_else(|_| path.to_owned());
        let top = Path::new(&top)
            .canonicalize()
            .unwrap_or_else(|_| PathBuf::from(&top));
        canonical
            .strip_prefix(&top)
            .map_err(|_| Error::Git(format!("{} is outside the repository", path.display())))?
            .to_owned()
    } else {
        Path::new(&prefix).join(path)
    };
    // `a/../b` → `b`: git paths have no `..`.
    let mut parts: Vec<String> = Vec::new();
    for component in joined.components() {
        match component {
            Component::ParentDir => {
                parts.pop();
            }
            Component::Normal(p) => parts.push(p.to_string_lossy().into_owned()),
            _ => {}
        }
    }
    Ok(parts.join("/"))
}

/// A file's text at `reference` (`path` from the repository's root).
pub fn show(reference: &str, path: &str) -> Result<String, Error> {
    let commit = commit(reference)?;
    let out = git(&["show", &format!("{commit}:{path}")])
        .map_err(|_| Error::Git(format!("`{path}` does not exist at `{reference}`")))?;
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// The `.rs` files under `dir` at `reference`, relative to `dir`, as the
/// input reader takes them (hidden directories and `target` left out).
pub fn input_files(reference: &str, dir: &Path) -> Result<Vec<(PathBuf, String)>, Error> {
    let commit = commit(reference)?;
    let root = from_root(dir)?;
    let listing = git(&[
        "ls-tree",
        "-r",
        "-z",
        "--name-only",
        &commit,
        "--",
        &format!("{root}/"),
    ])?;
    let paths: Vec<String> = listing
        .split(|b| *b == 0)
        .filter(|p| !p.is_empty())
        .map(|p| String::from_utf8_lossy(p).into_owned())
        .filter(|p| p.ends_with(".rs"))
        .filter(|p| {
            let rel = p.strip_prefix(&root).unwrap_or(p).trim_start_matches('/');
            !rel.split('/').any(|c| c.starts_with('.') || c == "target")
        })
        .collect();
    if paths.is_empty() {
        return Ok(Vec::new());
    }
    // One `git cat-file --batch` for every file.
    let mut child = Command::new("git")
        .args(["cat-file", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| Error::Git(format!("cannot run git: {e}")))?;
    let mut request = String::new();
    for p in &paths {
        request.push_str(&format!("{commit}:{p}\n"));
    }
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let writer = std::thread::spawn(move || stdin.write_all(request.as_bytes()));
    let out = child
        .wait_with_output()
        .map_err(|e| Error::Git(e.to_string()))?;
    let _ = writer.join();
    let mut files = Vec::new();
    let mut rest = &out.stdout[..];
    for p in &paths {
        let header_end = rest
            .iter()
            .position(|b| *b == b'\n')
            .ok_or_else(|| Error::Git("cat-file answered less than asked".to_owned()))?;
        let header = String::from_utf8_lossy(&rest[..header_end]).into_owned();
        let size: usize = header
            .rsplit(' ')
            .next()
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| Error::Git(format!("cat-file: {header}")))?;
        let body = &rest[header_end + 1..header_end + 1 + size];
        let rel = p.strip_prefix(&root).unwrap_or(p).trim_start_matches('/');
        files.push((
            PathBuf::from(rel),
            String::from_utf8_lossy(body).into_owned(),
        ));
        rest = &rest[(header_end + 2 + size).min(rest.len())..];
    }
    Ok(files)
}

/// The side of `git:<reference>`: the CRDs generated from the input as it
/// was at that commit (none when the input did not exist then).
pub fn generate(reference: &str, generation: &Generation) -> Result<Side, Error> {
    let label = format!("git:{reference}");
    let files = input_files(reference, &generation.input_dir)?;
    if files.is_empty() {
        return Ok(Side {
            label,
            crds: Default::default(),
            generated: None,
        });
    }
    let checked = pipeline::parse_sources_at_and_check(
        &generation.input_dir,
        &files,
        &generation.parse,
        Some(&generation.crd),
    )
    .map_err(|diagnostics| Error::Input {
        label: format!(
            "{label} ({} at that commit)",
            generation.input_dir.display()
        ),
        diagnostics,
    })?;
    Ok(Side::generated(label, checked.parsed.api, checked.crds))
}
