//! The checks `k8s.io/apimachinery/pkg/util/validation` makes of label keys and
//! values, with its messages word for word (the API server returns them).

const QUALIFIED_NAME_FMT: &str = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
const QUALIFIED_NAME_ERR: &str = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const QUALIFIED_NAME_MAX: usize = 63;
const LABEL_VALUE_FMT: &str = "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?";
const LABEL_VALUE_ERR: &str = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const LABEL_VALUE_MAX: usize = 63;
const DNS1123_SUBDOMAIN_FMT: &str =
    "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*";
const DNS1123_SUBDOMAIN_ERR: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const DNS1123_SUBDOMAIN_MAX: usize = 253;

/// Go's `RegexError`: the message, examples, and the regex.
fn regex_error(message: &str, format: &str, examples: &[&str]) -> String {
    if examples.is_empty() {
        return format!("{message} (regex used for validation is '{format}')");
    }
    let mut text = format!("{message} (e.g. ");
    for (i, example) in examples.iter().enumerate() {
        if i > 0 {
            text.push_str(" or ");
        }
        text.push_str(&format!("'{example}', "));
    }
    text.push_str(&format!("regex used for validation is '{format}')"));
    text
}

fn max_len_error(length: usize) -> String {
    format!("must be no more than {length} characters")
}

/// `([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]`: alphanumeric at both ends.
fn is_qualified_name_part(value: &str) -> bool {
    let bytes = value.as_bytes();
    let inner = |b: &u8| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.');
    match (bytes.first(), bytes.last()) {
        (Some(first), Some(last)) => {
            first.is_ascii_alphanumeric() && last.is_ascii_alphanumeric() && bytes.iter().all(inner)
        }
        _ => false,
    }
}

fn is_dns1123_label(value: &str) -> bool {
    let bytes = value.as_bytes();
    let edge = |b: &u8| b.is_ascii_lowercase() || b.is_ascii_digit();
    match (bytes.first(), bytes.last()) {
        (Some(first), Some(last)) => {
            edge(first) && edge(last) && bytes.iter().all(|b| edge(b) || *b == b'-')
        }
        _ => false,
    }
}

/// Go's `IsDNS1123Subdomain`.
pub(crate) fn dns1123_subdomain(value: &str) -> Vec<String> {
    let mut errors = Vec::new();
    if value.len() > DNS1123_SUBDOMAIN_MAX {
        errors.push(max_len_error(DNS1123_SUBDOMAIN_MAX));
    }
    if !value.split('.').all(is_dns1123_label) {
        errors.push(regex_error(
            DNS1123_SUBDOMAIN_ERR,
            DNS1123_SUBDOMAIN_FMT,
            &["example.com"],
        ));
    }
    errors
}

/// Go's `IsQualifiedName`, which label keys must be.
pub(crate) fn qualified_name(value: &str) -> Vec<String> {
    let mut errors = Vec::new();
    let parts: Vec<&str> = value.split('/').collect();
    let name = match parts.as_slice() {
        [name] => *name,
        [prefix, name] => {
            if prefix.is_empty() {
                errors.push("prefix part must be non-empty".to_owned());
            } else {
                errors.extend(
                    dns1123_subdomain(prefix)
                        .into_iter()
                        .map(|e| format!("prefix part {e}")),
                );
            }
            *name
        }
        _ => {
            errors.push(format!(
                "a qualified name {} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
                regex_error(
                    QUALIFIED_NAME_ERR,
                    QUALIFIED_NAME_FMT,
                    &["MyName", "my.name", "123-abc"]
                )
            ));
            return errors;
        }
    };
    if name.is_empty() {
        errors.push("name part must be non-empty".to_owned());
    } else if name.len() > QUALIFIED_NAME_MAX {
        errors.push(format!("name part {}", max_len_error(QUALIFIED_NAME_MAX)));
    }
    if !is_qualified_name_part(name) {
        errors.push(format!(
            "name part {}",
            regex_error(
                QUALIFIED_NAME_ERR,
                QUALIFIED_NAME_FMT,
                &["MyName", "my.name", "123-abc"]
            )
        ));
    }
    errors
}

/// Go's `IsValidLabelValue`.
pub(crate) fn label_value(value: &str) -> Vec<String> {
    let mut errors = Vec::new();
    if value.len() > LABEL_VALUE_MAX {
        errors.push(max_len_error(LABEL_VALUE_MAX));
    }
    if !value.is_empty() && !is_qualified_name_part(value) {
        errors.push(regex_error(
            LABEL_VALUE_ERR,
            LABEL_VALUE_FMT,
            &["MyValue", "my_value", "12345"],
        ));
    }
    errors
}

/// Go's `%q` of a string: double-quoted, with Go's escapes for the characters
/// a label selector can carry.
pub(crate) fn go_quote(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    out.push('"');
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_may_have_a_dns_prefix() {
        assert!(qualified_name("app").is_empty());
        assert!(qualified_name("example.com/app").is_empty());
        assert!(qualified_name("app.kubernetes.io/name").is_empty());
        assert_eq!(qualified_name("/app"), ["prefix part must be non-empty"]);
        assert_eq!(
            qualified_name("Example.com/app"),
            [format!(
                "prefix part {}",
                regex_error(
                    DNS1123_SUBDOMAIN_ERR,
                    DNS1123_SUBDOMAIN_FMT,
                    &["example.com"]
                )
            )]
        );
        assert_eq!(qualified_name("a/b/c").len(), 1);
        assert!(qualified_name(&"a".repeat(64))[0].contains("no more than 63"));
    }

    #[test]
    fn values_may_be_empty() {
        assert!(label_value("").is_empty());
        assert!(label_value("a.b-c_d").is_empty());
        assert_eq!(label_value("-a").len(), 1);
        assert_eq!(label_value(&"a".repeat(64)).len(), 1);
    }

    #[test]
    fn regex_errors_read_like_go() {
        assert_eq!(
            regex_error("m", "f", &["a", "b"]),
            "m (e.g. 'a',  or 'b', regex used for validation is 'f')"
        );
    }
}
