//! Doc comments → schema `description`, the way controller-gen joins them.

/// Joins doc lines like controller-gen (v0.14+): the lines keep their breaks
/// (`\n`) and their indentation, lose trailing whitespace and blank lines at
/// either end; runs of blank lines become one (a paragraph break). The lines
/// are the model's (`parse::item::docs`), which already lost the one space
/// after `///` that controller-gen drops after `//`.
pub(crate) fn join_docs(docs: &[String]) -> String {
    let mut lines: Vec<&str> = Vec::new();
    // Outside code fences, Kubernetes' doc conventions (controller-gen's
    // `extractDoc`, apimachinery's `fmtRawDoc`): a line starting with `TODO`
    // is a note to developers, and `---` ends what readers see.
    let mut in_code = false;
    'docs: for entry in docs {
        for line in entry.split('\n') {
            let line = line.trim_end();
            if line.starts_with("```") || line.starts_with("~~~") {
                in_code = !in_code;
            }
            if !in_code && line.starts_with("TODO") {
                continue;
            }
            if !in_code && line.starts_with("---") {
                break 'docs;
            }
            if line.is_empty() && lines.last().is_none_or(|last| last.is_empty()) {
                continue;
            }
            lines.push(line);
        }
    }
    while lines.last().is_some_and(|last| last.is_empty()) {
        lines.pop();
    }
    lines.join("\n")
}

/// The description for a schema, or `None` when there are no docs.
pub(crate) fn description(docs: &[String]) -> Option<String> {
    let text = join_docs(docs);
    (!text.is_empty()).then_some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn docs(lines: &[&str]) -> Vec<String> {
        lines.iter().map(|l| (*l).to_owned()).collect()
    }

    #[test]
    fn joins_lines_and_keeps_paragraphs() {
        let text = join_docs(&docs(&[
            "",
            "First line.",
            "Second line.  ",
            "",
            "",
            "Next paragraph.",
            "",
        ]));
        assert_eq!(text, "First line.\nSecond line.\n\nNext paragraph.");
    }

    #[test]
    fn todo_lines_are_dropped_and_a_rule_ends_the_text_outside_code() {
        assert_eq!(
            join_docs(&docs(&[
                "Host name.",
                "TODO: a note.",
                "```",
                "TODO in code",
                "---",
                "```",
                "More.",
                "---",
                "Hidden."
            ])),
            "Host name.\n```\nTODO in code\n---\n```\nMore."
        );
    }

    #[test]
    fn keeps_the_indentation_of_the_model_lines() {
        assert_eq!(join_docs(&docs(&["a:", "   b"])), "a:\n   b");
        assert_eq!(description(&docs(&["", " "])), None);
    }
}
