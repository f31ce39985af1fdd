//! `go.mod`: the module path, its requirements and replacements, and where
//! the Go module cache keeps a required module's source, so that packages of
//! other modules an API names are read from where `go build` reads them.

use std::path::{Path, PathBuf};

/// The parts of a `go.mod` the import needs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct GoMod {
    /// The directory holding `go.mod`.
    pub dir: PathBuf,
    pub module: String,
    /// (module path, version).
    pub requires: Vec<(String, String)>,
    /// (module path, replacement): a directory or a (module, version).
    pub replaces: Vec<(String, Replacement)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Replacement {
    Dir(PathBuf),
    Module(String, String),
}

impl GoMod {
    /// Reads `dir/go.mod`.
    pub fn read(dir: &Path) -> Option<GoMod> {
        let text = std::fs::read_to_string(dir.join("go.mod")).ok()?;
        Some(parse(dir, &text))
    }

    /// The nearest `go.mod` at or above `dir`.
    pub fn enclosing(dir: &Path) -> Option<GoMod> {
        let dir = std::fs::canonicalize(dir).ok()?;
        dir.ancestors().find_map(GoMod::read)
    }

    /// The import path of the package in `dir` (inside this module).
    pub fn import_path_of(&self, dir: &Path) -> Option<String> {
        let dir = std::fs::canonicalize(dir).ok()?;
        let root = std::fs::canonicalize(&self.dir).ok()?;
        let rest = dir.strip_prefix(&root).ok()?;
        let mut path = self.module.clone();
        for part in rest.components() {
            path.push('/');
            path.push_str(&part.as_os_str().to_string_lossy());
        }
        Some(path)
    }

    /// Where the package `import` is: inside this module, or in the module
    /// cache at the version this module requires (after replacements).
    pub fn locate(&self, import: &str) -> Option<PathBuf> {
        if let Some(rest) = below(import, &self.module) {
            return Some(self.dir.join(rest));
        }
        let (module, version) = self
            .requires
            .iter()
            .filter(|(m, _)| below(import, m).is_some())
            .max_by_key(|(m, _)| m.len())?;
        let rest = below(import, module)?;
        let (module, version) = match self.replaces.iter().find(|(m, _)| m == module) {
            Some((_, Replacement::Dir(dir))) => return Some(self.dir.join(dir).join(rest)),
            Some((_, Replacement::Module(m, v))) => (m.clone(), v.clone()),
            None => (module.clone(), version.clone()),
        };
        let dir = module_cache()?.join(format!("{}@{}", escape(&module), escape(&version)));
        Some(dir.join(rest))
    }
}

/// `import` below `module`: the rest of the path (`""` for the module itself).
fn below<'a>(import: &'a str, module: &str) -> Option<&'a str> {
    let rest = import.strip_prefix(module)?;
    if rest.is_empty() {
        Some("")
    } else {
        rest.strip_prefix('/')
    }
}

fn parse(dir: &Path, text: &str) -> GoMod {
    let mut out = GoMod {
        dir: dir.to_owned(),
        ..GoMod::default()
    };
    let mut block: Option<&str> = None;
    for raw in text.lines() {
        let line = raw.split("//").next().unwrap_or_default().trim();
        if line.is_empty() {
            continue;
        }
        if line == ")" {
            block = None;
            continue;
        }
        let (verb, rest) = match block {
            Some(verb) => (verb, line),
            None => {
                let (verb, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
                let rest = rest.trim();
                if rest == "(" {
                    block = Some(verb);
                    continue;
                }
                (verb, rest)
            }
        };
        let words: Vec<&str> = rest
            .split_whitespace()
            .map(|w| w.trim_matches('"'))
            .collect();
        match (verb, words.as_slice()) {
            ("module", [module, ..]) => out.module = (*module).to_owned(),
            ("require", [module, version, ..]) => {
                out.requires
                    .push(((*module).to_owned(), (*version).to_owned()));
            }
            ("replace", words) => {
                let Some(arrow) = words.iter().position(|w| *w == "=>") else {
                    continue;
                };
                let (Some(from), Some(to)) = (words.first(), words.get(arrow + 1)) else {
                    continue;
                };
                let replacement = match words.get(arrow + 2) {
                    Some(version) => Replacement::Module((*to).to_owned(), (*version).to_owned()),
                    None => Replacement::Dir(PathBuf::from(to)),
                };
                out.replaces.push(((*from).to_owned(), replacement));
            }
            _ => {}
        }
    }
    out
}

/// The Go module cache: `$GOMODCACHE`, else `$GOPATH/pkg/mod`, else `~/go/pkg/mod`.
pub(crate) fn module_cache() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("GOMODCACHE").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    if let Some(gopath) = std::env::var_os("GOPATH").filter(|d| !d.is_empty()) {
        let first = std::env::split_paths(&gopath).next()?;
        return Some(first.join("pkg/mod"));
    }
    Some(PathBuf::from(std::env::var_os("HOME")?).join("go/pkg/mod"))
}

/// The module cache's spelling of a path: upper-case letters as `!` and the
/// lower-case letter (`github.com/Azure` → `github.com/!azure`).
fn escape(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for c in path.chars() {
        if c.is_ascii_uppercase() {
            out.push('!');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const GO_MOD: &str = r#"module github.com/Example/operator // the operator

go 1.24.0

require (
	k8s.io/api v0.34.4
	sigs.k8s.io/gateway-api v1.6.3 // indirect
)

require github.com/Other/Shared v0.2.0

replace github.com/Other/Shared => ../shared

replace (
	k8s.io/api => k8s.io/api v0.33.0
)
"#;

    #[test]
    fn modules_requirements_and_replacements_are_read() {
        let m = parse(Path::new("/src/op"), GO_MOD);
        assert_eq!(m.module, "github.com/Example/operator");
        assert_eq!(
            m.requires,
            [
                ("k8s.io/api".to_owned(), "v0.34.4".to_owned()),
                ("sigs.k8s.io/gateway-api".to_owned(), "v1.6.3".to_owned()),
                ("github.com/Other/Shared".to_owned(), "v0.2.0".to_owned()),
            ]
        );
        assert_eq!(
            m.locate("github.com/Example/operator/api/v1"),
            Some(PathBuf::from("/src/op/api/v1"))
        );
        assert_eq!(
            m.locate("github.com/Other/Shared/apis/meta"),
            Some(PathBuf::from("/src/op/../shared/apis/meta"))
        );
        let cached = m.locate("k8s.io/api/core/v1").unwrap();
        assert!(cached.ends_with("k8s.io/api@v0.33.0/core/v1"), "{cached:?}");
        let escaped = m.locate("sigs.k8s.io/gateway-api/apis/v1").unwrap();
        assert!(
            escaped.ends_with("sigs.k8s.io/gateway-api@v1.6.3/apis/v1"),
            "{escaped:?}"
        );
        assert_eq!(m.locate("example.org/unknown"), None);
        assert_eq!(escape("github.com/Azure/go"), "github.com/!azure/go");
    }
}
