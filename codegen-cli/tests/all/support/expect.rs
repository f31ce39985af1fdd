//! Expected outputs kept in files, re-blessed by one variable (prost-build's
//! fixtures, trybuild's `TRYBUILD=overwrite`): [`expect_file!`] compares what a
//! test produced with its file and, with `KUBE_CODEGEN_BLESS=1`, writes the
//! file instead. Read the diff (`git diff`) before committing a re-blessed file.

use std::path::Path;

/// The variable that re-blesses expected files: `KUBE_CODEGEN_BLESS=1`.
pub const BLESS: &str = "KUBE_CODEGEN_BLESS";

/// Asserts that `$actual` is the content of the file at `$path` (relative to
/// the package directory, where tests run); with `KUBE_CODEGEN_BLESS=1` writes
/// it instead. On a difference, panics with a unified diff and the command that
/// re-blesses the files of the calling test module.
macro_rules! expect_file {
    ($path:expr, $actual:expr $(,)?) => {
        $crate::support::expect::compare($path.as_ref(), $actual.as_ref(), module_path!())
    };
}
pub(crate) use expect_file;

/// [`expect_file!`]'s work; `module` is the caller's `module_path!()`, which
/// names the test binary (and the module in it) the re-bless command runs.
#[track_caller]
pub fn compare(path: &Path, actual: &str, module: &str) {
    if std::env::var(BLESS).is_ok_and(|v| v == "1") {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).unwrap();
        }
        std::fs::write(path, actual)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        return;
    }
    let Ok(expected) = std::fs::read_to_string(path) else {
        panic!(
            "{} is missing; if this output is right:\n{actual}\nbless it: {}",
            path.display(),
            rebless_command(module)
        );
    };
    if expected != actual {
        let diff = similar::TextDiff::from_lines(expected.as_str(), actual)
            .unified_diff()
            .header(&format!("{} (expected)", path.display()), "actual")
            .to_string();
        panic!(
            "{} differs from the output:\n{diff}\nIf the new output is right, re-bless: {}",
            path.display(),
            rebless_command(module)
        );
    }
}

/// `KUBE_CODEGEN_BLESS=1 cargo test -p <package> --test <binary> [<module>::]`
/// for a `module_path!()` (`diagnostics`, or `all::diagnostics` in a test
/// binary made of modules).
pub fn rebless_command(module: &str) -> String {
    let (binary, filter) = match module.split_once("::") {
        Some((binary, rest)) => (binary, format!(" {rest}::")),
        None => (module, String::new()),
    };
    format!(
        "{BLESS}=1 cargo test -p {} --test {binary}{filter}",
        env!("CARGO_PKG_NAME")
    )
}
