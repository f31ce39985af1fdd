//! Go comments → Rust comment lines, in place. Go's doc comment (the group
//! right above a declaration) becomes `///` docs, its markers `//` lines, as
//! kube-codegen's input writes them; every other comment stays a `//`
//! comment. Groups keep their blank lines, so markers a blank line apart from
//! the docs (kubebuilder's layout) attach in Rust as they do in Go.

use super::go_model::Comment;

/// Whether a Go comment line is a marker (`// +name`), as controller-tools
/// tells them apart (`TrimSpace(text[2:])` starts with `+`).
pub(crate) fn is_marker(text: &str) -> bool {
    text.strip_prefix("//")
        .is_some_and(|rest| rest.trim_start().starts_with('+'))
}

/// The marker text (`+groupName=x`) of a marker line.
pub(crate) fn marker_text(text: &str) -> Option<&str> {
    let rest = text.strip_prefix("//")?.trim();
    rest.starts_with('+').then_some(rest)
}

/// Why kube-codegen cannot read a marker line (a misspelt or invented
/// marker, `+optional.`, `+kubebuilder:validation:OneOf`; text after a flag,
/// `+required - why`), which controller-gen ignores silently and kube-codegen
/// would refuse; `None` for a marker it reads, or a line that is none.
pub(crate) fn unreadable_marker(text: &str) -> Option<String> {
    let marker = marker_text(text)?;
    // `+` then a letter is a marker to kube-codegen; anything else is prose.
    if !marker[1..].starts_with(|c: char| c.is_ascii_alphabetic()) {
        return None;
    }
    let raw = kube_codegen::parse::markers::RawMarker {
        text: marker.to_owned(),
        location: kube_codegen::model::Location::default(),
    };
    match kube_codegen::parse::markers::parse_marker(&raw) {
        Ok(_) => None,
        Err(errors) => Some(
            errors
                .first()
                .map(|d| d.message.clone())
                .unwrap_or_default(),
        ),
    }
}

/// Whether [`unreadable_marker`] says anything.
pub(crate) fn is_unknown_marker(text: &str) -> bool {
    unreadable_marker(text).is_some()
}

/// The text an unknown marker is kept as: the marker after a note, so it is
/// no marker to kube-codegen, as it is none to controller-gen.
const UNKNOWN_NOTE: &str = "(a marker controller-gen cannot read, so it ignores it)";

/// A Go comment directive (`//nolint:lll`, `//go:generate`, `//line x`),
/// which Go's `CommentGroup.Text` (and so controller-gen) leaves out of docs.
pub(crate) fn is_directive(text: &str) -> bool {
    let Some(rest) = text.strip_prefix("//") else {
        return false;
    };
    if ["line ", "extern ", "export "]
        .iter()
        .any(|p| rest.starts_with(p))
    {
        return true;
    }
    let Some((head, tail)) = rest.split_once(':') else {
        return false;
    };
    !head.is_empty()
        && head
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        && tail.starts_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
}

/// The text a marker inside a `/* */` comment is kept as.
const BLOCK_NOTE: &str = "(in a /* */ comment, which controller-gen reads no markers from)";

/// The own-line comments strictly between lines `after` and `before`.
pub(crate) fn between(comments: &[Comment], after: usize, before: usize) -> Vec<&Comment> {
    comments
        .iter()
        .filter(|c| !c.trailing && c.line > after && c.end_line < before)
        .collect()
}

/// The trailing comment on line `line`, if any.
pub(crate) fn trailing_on(comments: &[Comment], line: usize) -> Option<&Comment> {
    comments.iter().find(|c| c.trailing && c.line == line)
}

/// Runs of comments on consecutive lines.
pub(crate) fn groups<'a>(comments: &[&'a Comment]) -> Vec<Vec<&'a Comment>> {
    let mut out: Vec<Vec<&Comment>> = Vec::new();
    for c in comments {
        match out.last_mut() {
            Some(group) if group.last().is_some_and(|l| l.end_line + 1 == c.line) => group.push(c),
            _ => out.push(vec![c]),
        }
    }
    out
}

/// The Rust lines for the comments above a declaration starting on line
/// `item_line`, indented by `indent`: groups in order, a blank line wherever
/// Go has one (runs of them become one, as rustfmt keeps them), the group
/// right above the item as its docs.
pub(crate) fn leading(comments: &[&Comment], item_line: usize, indent: &str) -> Vec<String> {
    let groups = groups(comments);
    let mut out = Vec::new();
    for (i, group) in groups.iter().enumerate() {
        if i > 0 {
            out.push(String::new());
        }
        let last = group.last().expect("a group has a comment");
        let is_doc = i + 1 == groups.len() && last.end_line + 1 == item_line;
        for c in group {
            out.extend(lines(c, is_doc).into_iter().map(|l| format!("{indent}{l}")));
        }
        if i + 1 == groups.len() && !is_doc {
            out.push(String::new());
        }
    }
    out
}

/// One Go comment as Rust lines: docs (`///`) or plain comments (`//`).
pub(crate) fn lines(c: &Comment, doc: bool) -> Vec<String> {
    if let Some(body) = c.text.strip_prefix("/*") {
        let body = body.strip_suffix("*/").unwrap_or(body);
        return body
            .lines()
            .map(str::trim)
            .skip_while(|l| l.is_empty())
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .skip_while(|l| l.is_empty())
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .map(|l| {
                if l.starts_with('+') {
                    // controller-gen reads markers from `//` comments only.
                    format!("// {BLOCK_NOTE} {l}")
                } else {
                    line_comment(&format!(" {l}"), doc)
                }
            })
            .collect();
    }
    if is_unknown_marker(&c.text) {
        let marker = marker_text(&c.text).unwrap_or_default();
        return vec![format!("// {UNKNOWN_NOTE} {marker}")];
    }
    let rest = c.text.strip_prefix("//").unwrap_or(&c.text);
    vec![line_comment(
        rest,
        doc && !is_marker(&c.text) && !is_directive(&c.text),
    )]
}

/// `//` + `rest` as a Rust doc or plain comment, never turned into another
/// kind of comment by what `rest` starts with.
fn line_comment(rest: &str, doc: bool) -> String {
    let rest = rest.trim_end();
    if rest.is_empty() {
        return if doc { "///".into() } else { "//".into() };
    }
    let guard = if rest.starts_with(['/', '!']) {
        " "
    } else {
        ""
    };
    if doc {
        format!("///{guard}{rest}")
    } else {
        format!("//{guard}{rest}")
    }
}

/// A trailing comment, as the end of a Rust line (` // why`).
pub(crate) fn trailing(c: &Comment) -> String {
    let text = lines(c, false).join(" ");
    format!(" {text}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(line: usize, text: &str) -> Comment {
        Comment {
            line,
            end_line: line + text.matches('\n').count(),
            text: text.into(),
            trailing: false,
        }
    }

    #[test]
    fn the_group_above_is_docs_and_its_markers_stay_markers() {
        let comments = [
            c(1, "// +kubebuilder:object:root=true"),
            c(3, "// Thing is a thing."),
            c(4, "//    indented"),
            c(5, "//+kubebuilder:subresource:status"),
            c(6, "/// slashes"),
        ];
        let refs: Vec<&Comment> = comments.iter().collect();
        assert_eq!(
            leading(&refs, 7, ""),
            [
                "// +kubebuilder:object:root=true",
                "",
                "/// Thing is a thing.",
                "///    indented",
                "//+kubebuilder:subresource:status",
                "/// / slashes",
            ]
        );
        // A group not right above the item is no doc comment.
        assert_eq!(
            leading(&refs[1..3], 9, "    "),
            ["    // Thing is a thing.", "    //    indented", ""]
        );
    }

    #[test]
    fn block_comments_become_line_comments() {
        let block = c(1, "/*\nCopyright 2020.\n\n  Licence.\n*/");
        assert_eq!(
            lines(&block, false),
            ["// Copyright 2020.", "//", "// Licence."]
        );
        let with_marker = c(1, "/*\nAn enum.\n+kubebuilder:validation:Enum=DSM\n*/");
        assert_eq!(
            lines(&with_marker, true),
            [
                "/// An enum.",
                "// (in a /* */ comment, which controller-gen reads no markers from) +kubebuilder:validation:Enum=DSM"
            ]
        );
        assert!(is_marker("//+optional"));
        assert!(is_directive("//nolint:kubeapilinter"));
        assert!(!is_directive("// nolint: it is fine"));
        assert_eq!(
            lines(&c(1, "//nolint:kubeapilinter"), true),
            ["//nolint:kubeapilinter"]
        );
        assert!(is_unknown_marker("// +optional."));
        assert!(!is_unknown_marker("// +optional"));
        assert_eq!(
            lines(&c(1, "// +kubebuilder:validation:OneOf=A,B"), true),
            [
                "// (a marker controller-gen cannot read, so it ignores it) +kubebuilder:validation:OneOf=A,B"
            ]
        );
        assert_eq!(
            unreadable_marker("// +required - the URL. https://example.com:443/").as_deref(),
            Some("unexpected text after `+required`")
        );
        assert!(!is_marker("// optional"));
        assert_eq!(marker_text("//  +groupName=x "), Some("+groupName=x"));
    }
}
