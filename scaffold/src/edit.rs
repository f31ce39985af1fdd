//! Edits of files the user owns: lines added at the scaffold's marker lines,
//! module declarations, and reading what may not exist. Shared by `create
//! api` and `create webhook`.

use std::path::Path;

use super::Error;

/// `text` with `line` inserted before the line holding `marker`, indented as
/// it is; `None` without the marker.
pub(super) fn insert_before_marker(text: &str, marker: &str, line: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len() + line.len() + 8);
    let mut found = false;
    for existing in text.split_inclusive('\n') {
        if !found && existing.trim() == marker {
            let indent: String = existing.chars().take_while(|c| c.is_whitespace()).collect();
            out.push_str(&format!("{indent}{line}\n"));
            found = true;
        }
        out.push_str(existing);
    }
    found.then_some(out)
}

/// `text` with the module declaration `line` inserted before the line holding
/// `marker`, in order among the declarations right above it (rustfmt keeps
/// them sorted); `None` without the marker.
pub fn insert_module_before_marker(text: &str, marker: &str, line: &str) -> Option<String> {
    let mut lines: Vec<&str> = text.split_inclusive('\n').collect();
    let at = lines.iter().position(|l| l.trim() == marker)?;
    let is_module = |l: &str| {
        let l = l.trim();
        (l.starts_with("pub mod ") || l.starts_with("mod ")) && l.ends_with(';')
    };
    let first = lines[..at]
        .iter()
        .rposition(|l| !is_module(l))
        .map_or(0, |i| i + 1);
    let position = lines[first..at]
        .iter()
        .position(|l| l.trim() > line)
        .map_or(at, |i| first + i);
    let indent: String = lines[at]
        .chars()
        .take_while(|c| c.is_whitespace())
        .collect();
    let new = format!("{indent}{line}\n");
    lines.insert(position, &new);
    Some(lines.concat())
}

pub(super) fn read_if_exists(path: &Path) -> Result<Option<String>, Error> {
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(source) => Err(Error::Io {
            path: path.to_owned(),
            source,
        }),
    }
}

/// Whether `text` has a `mod name;` line (with or without a visibility).
pub(super) fn declares_module(text: &str, name: &str) -> bool {
    let declaration = format!("mod {name};");
    text.lines().map(str::trim).any(|line| {
        line.strip_suffix(&declaration).is_some_and(|before| {
            let before = before.trim();
            before.is_empty() || before.starts_with("pub")
        })
    })
}

/// `text` with `lines` after it, separated by a blank line.
pub(super) fn append(text: &str, lines: &str) -> String {
    let body = text.trim_end();
    if body.is_empty() {
        lines.to_owned()
    } else {
        format!("{body}\n\n{lines}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn module_declarations_stay_sorted() {
        let text = "use a;\n\npub mod deployment;\npub mod pod;\n// marker\n";
        assert_eq!(
            insert_module_before_marker(text, "// marker", "pub mod memcached;").unwrap(),
            "use a;\n\npub mod deployment;\npub mod memcached;\npub mod pod;\n// marker\n"
        );
        assert_eq!(
            insert_module_before_marker(text, "// marker", "pub mod zoo;").unwrap(),
            "use a;\n\npub mod deployment;\npub mod pod;\npub mod zoo;\n// marker\n"
        );
        assert_eq!(
            insert_module_before_marker("// marker\n", "// marker", "pub mod a;").unwrap(),
            "pub mod a;\n// marker\n"
        );
        assert_eq!(
            insert_module_before_marker("x\n", "// marker", "pub mod a;"),
            None
        );
    }
}
