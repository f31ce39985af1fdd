//! Doc comments for generated items: text wrapped to readable lines, written
//! as `/// ...` lines by [`Code::doc`](super::code::Code::doc).

const WIDTH: usize = 88;

/// Whether `text` is one line that needs no wrapping: [`lines`] would give it back whole.
pub(crate) fn is_one_line(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= WIDTH
        && !text.contains('\n')
        && !text.trim_start().starts_with("```")
}

/// Splits text into lines: explicit newlines are kept, long lines outside code
/// fences are wrapped at word boundaries.
pub(crate) fn lines(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            out.push(line.to_owned());
            continue;
        }
        if in_code || line.len() <= WIDTH {
            out.push(line.to_owned());
            continue;
        }
        let mut current = String::new();
        for word in line.split(' ') {
            if !current.is_empty() && current.len() + 1 + word.len() > WIDTH {
                out.push(std::mem::take(&mut current));
            }
            if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(word);
        }
        out.push(current);
    }
    out
}
