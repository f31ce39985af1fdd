//! Lists written as English for messages and documentation: "a, b or c".
//! One place, so that the marker reference, the diagnostics of the RBAC and
//! webhook markers, and the CRD's union rules say it the same way.

/// `a, b or c`.
pub(crate) fn or_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// "`a`, `b` or `c`": each item as code.
pub(crate) fn code_list(values: &[&str]) -> String {
    let quoted: Vec<String> = values.iter().map(|v| format!("`{v}`")).collect();
    let quoted: Vec<&str> = quoted.iter().map(String::as_str).collect();
    or_list(&quoted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_as_english() {
        assert_eq!(or_list(&[]), "");
        assert_eq!(or_list(&["a"]), "a");
        assert_eq!(or_list(&["a", "b"]), "a or b");
        assert_eq!(
            code_list(&["get", "list", "watch"]),
            "`get`, `list` or `watch`"
        );
    }
}
