//! Scaffolded Rust files go through the user's rustfmt as they are written, so
//! that a new workspace passes `cargo fmt --check` however long its names are
//! (a template cannot know where rustfmt breaks a line with `Memcached` in it,
//! or with `HorizontalPodAutoscaler`). Without a rustfmt, or if it fails, the
//! text stays as the template has it: it compiles either way.

use std::io::Write;
use std::process::{Command, Stdio};

/// `text` formatted by `$RUSTFMT` (default `rustfmt`) for edition 2024, or
/// `text` itself.
pub fn format(text: &str) -> String {
    let program = std::env::var_os("RUSTFMT").unwrap_or_else(|| "rustfmt".into());
    let child = Command::new(program)
        .args(["--edition", "2024", "--emit", "stdout", "--quiet"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn();
    let Ok(mut child) = child else {
        return text.to_owned();
    };
    let written = child
        .stdin
        .take()
        .is_some_and(|mut stdin| stdin.write_all(text.as_bytes()).is_ok());
    match child.wait_with_output() {
        Ok(out) if written && out.status.success() && !out.stdout.is_empty() => {
            String::from_utf8(out.stdout).unwrap_or_else(|_| text.to_owned())
        }
        _ => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_with_rustfmt_or_keeps_the_text() {
        let text = "fn main() { let x = 1; }\n";
        let formatted = format(text);
        // CI and this repository's checks run rustfmt, so it is there.
        assert_eq!(formatted, "fn main() {\n    let x = 1;\n}\n");
        assert_eq!(
            format("fn (\n"),
            "fn (\n",
            "text rustfmt cannot parse stays"
        );
    }
}
