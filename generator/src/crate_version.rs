//! The generated crate's version, derived from configuration.
//!
//! `kube-codegen generate --crate-version 1.2.0` sets `[package] version` in
//! `<output-dir>/Cargo.toml`; `verify` with the same flag reports a different
//! version as stale. It is the only line of that hand-written file the
//! generator touches. This repository's scripts pass the version of the input
//! API crate (`apis/Cargo.toml`), so the published crate is versioned with the
//! API it is generated from: bump the API, regenerate, publish.

/// Checks that `version` is a semantic version (`1.2.3`, `0.1.0-alpha.1`,
/// `1.0.0+build.5`), as cargo requires.
pub fn parse(version: &str) -> Result<String, String> {
    let (core, build) = split_once_or(version, '+');
    let (core, pre) = split_once_or(core, '-');
    let numbers: Vec<&str> = core.split('.').collect();
    let numeric = |s: &str| {
        !s.is_empty() && s.chars().all(|c| c.is_ascii_digit()) && (s == "0" || !s.starts_with('0'))
    };
    let ident = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    let valid = numbers.len() == 3
        && numbers.iter().all(|n| numeric(n))
        && pre.is_none_or(|p| p.split('.').all(ident))
        && build.is_none_or(|b| b.split('.').all(ident));
    if valid {
        Ok(version.to_owned())
    } else {
        Err(format!(
            "`{version}` is not a semantic version such as `1.2.3` or `0.2.0-alpha.1`"
        ))
    }
}

fn split_once_or(s: &str, c: char) -> (&str, Option<&str>) {
    match s.split_once(c) {
        Some((a, b)) => (a, Some(b)),
        None => (s, None),
    }
}

/// `manifest` (a Cargo.toml) with `[package] version` set to `version`; the
/// rest of the text, comments and layout included, stays as it is.
pub fn set_version(manifest: &str, version: &str) -> Result<String, String> {
    let mut out = String::with_capacity(manifest.len() + 16);
    let mut in_package = false;
    let mut done = false;
    let mut name_line_end = None;
    for line in manifest.split_inclusive('\n') {
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            if in_package && !done {
                break;
            }
            in_package = trimmed == "[package]";
        } else if in_package && !done {
            let key = trimmed.split(['=', ' ', '.']).next().unwrap_or("");
            if key == "version" {
                let rest = trimmed["version".len()..].trim_start();
                if rest.starts_with('.') || rest.contains("workspace") {
                    return Err(
                        "`version` is inherited from the workspace (`version.workspace = true`); \
                         write `version = \"...\"` in the generated crate's Cargo.toml to let \
                         --crate-version manage it"
                            .to_owned(),
                    );
                }
                let indent = &line[..line.len() - line.trim_start().len()];
                let newline = if line.ends_with("\r\n") {
                    "\r\n"
                } else if line.ends_with('\n') {
                    "\n"
                } else {
                    ""
                };
                out.push_str(&format!("{indent}version = \"{version}\"{newline}"));
                done = true;
                continue;
            }
            if key == "name" {
                name_line_end = Some(out.len() + line.len());
            }
        }
        out.push_str(line);
    }
    if done {
        // The loop stopped early only when the version was not found; here the
        // whole text was copied.
        return Ok(out);
    }
    match name_line_end {
        Some(at) => {
            let mut text = manifest.to_owned();
            let insert = if manifest[..at].ends_with('\n') {
                format!("version = \"{version}\"\n")
            } else {
                format!("\nversion = \"{version}\"")
            };
            text.insert_str(at, &insert);
            Ok(text)
        }
        None => Err("no `[package]` with a `name` in the generated crate's Cargo.toml".to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_semantic_versions_only() {
        for ok in [
            "0.1.0",
            "1.22.333",
            "1.0.0-alpha.1",
            "1.0.0+build.7",
            "1.0.0-rc-1+x",
        ] {
            assert_eq!(parse(ok).as_deref(), Ok(ok));
        }
        for bad in ["1.0", "v1.0.0", "1.0.0.0", "01.0.0", "1.0.0-", "1.x.0", ""] {
            let err = parse(bad).unwrap_err();
            assert!(err.contains("not a semantic version"), "{bad}: {err}");
        }
    }

    #[test]
    fn replaces_only_the_package_version() {
        let manifest = "[package]\nname = \"generated\"\nversion = \"0.1.0\" # managed\nedition = \"2024\"\n\n[dependencies]\nserde = { version = \"1\" }\n";
        assert_eq!(
            set_version(manifest, "0.2.0").unwrap(),
            "[package]\nname = \"generated\"\nversion = \"0.2.0\"\nedition = \"2024\"\n\n[dependencies]\nserde = { version = \"1\" }\n"
        );
    }

    #[test]
    fn inserts_a_missing_version_after_the_name() {
        let manifest = "[package]\nname = \"generated\"\nedition = \"2024\"\n";
        assert_eq!(
            set_version(manifest, "1.0.0").unwrap(),
            "[package]\nname = \"generated\"\nversion = \"1.0.0\"\nedition = \"2024\"\n"
        );
    }

    #[test]
    fn refuses_a_workspace_version() {
        let err = set_version(
            "[package]\nname = \"g\"\nversion.workspace = true\n",
            "1.0.0",
        )
        .unwrap_err();
        assert!(err.contains("inherited from the workspace"), "{err}");
        let err = set_version("[dependencies]\nx = \"1\"\n", "1.0.0").unwrap_err();
        assert!(err.contains("no `[package]`"), "{err}");
    }
}
