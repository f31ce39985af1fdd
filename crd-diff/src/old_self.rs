//! Whether a CEL rule is a transition rule: it reads `oldSelf`. A report's
//! rule answers it, and the CEL check asks it of both sides of a change; its
//! own module so that the two need not import each other.

/// Whether a CEL expression reads the variable `oldSelf`: the identifier
/// outside string literals, and not as a field selected with `.`.
pub(crate) fn uses_old_self(expression: &str) -> bool {
    let bytes = expression.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'"' || c == b'\'' {
            i = skip_string(bytes, i);
            continue;
        }
        if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            let selected = expression[..start].trim_end().ends_with('.');
            if &expression[start..i] == "oldSelf" && !selected {
                return true;
            }
            continue;
        }
        i += 1;
    }
    false
}

/// The index after the string literal starting at `start` (quotes single,
/// double or tripled; a raw prefix `r` needs no care: escapes only matter
/// for the closing quote, which a raw string cannot escape anyway).
fn skip_string(bytes: &[u8], start: usize) -> usize {
    let quote = bytes[start];
    let triple = bytes.len() >= start + 3 && bytes[start + 1] == quote && bytes[start + 2] == quote;
    let mut i = start + if triple { 3 } else { 1 };
    while i < bytes.len() {
        if bytes[i] == b'\\' {
            i += 2;
            continue;
        }
        if bytes[i] == quote {
            if !triple {
                return i + 1;
            }
            if bytes.len() >= i + 3 && bytes[i + 1] == quote && bytes[i + 2] == quote {
                return i + 3;
            }
        }
        i += 1;
    }
    bytes.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn old_self_is_the_variable_not_a_word() {
        assert!(uses_old_self("self == oldSelf"));
        assert!(uses_old_self("!has(oldSelf.x) || self.x == oldSelf.x"));
        assert!(!uses_old_self("self.x > 0 && 'oldSelf' != self.y"));
        assert!(!uses_old_self("self.oldSelf == 1"));
        assert!(!uses_old_self("self.oldSelfish > 0"));
        assert!(!uses_old_self(r#"self.msg == """oldSelf""""#));
    }
}
