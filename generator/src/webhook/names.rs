//! The name formats the API server checks in webhook configurations
//! (`k8s.io/apimachinery/pkg/util/validation`): DNS names, label keys and
//! values.

/// `[a-z0-9]([-a-z0-9]*[a-z0-9])?` of any length.
fn is_dashed_lower_alphanumeric(s: &str) -> bool {
    let b = s.as_bytes();
    let edge = |c: &u8| c.is_ascii_lowercase() || c.is_ascii_digit();
    match (b.first(), b.last()) {
        (Some(first), Some(last)) => {
            edge(first) && edge(last) && b.iter().all(|c| edge(c) || *c == b'-')
        }
        _ => false,
    }
}

/// `[a-z0-9]([-a-z0-9]*[a-z0-9])?`, at most 63 characters (`IsDNS1123Label`).
pub(super) fn is_dns1123_label(s: &str) -> bool {
    s.len() <= 63 && is_dashed_lower_alphanumeric(s)
}

/// Dot-separated DNS-1123 labels, at most 253 characters (`IsDNS1123Subdomain`;
/// its labels are limited by the total length only).
pub(super) fn is_dns1123_subdomain(s: &str) -> bool {
    s.len() <= 253 && s.split('.').all(is_dashed_lower_alphanumeric)
}

/// `[a-z]([-a-z0-9]*[a-z0-9])?`, at most 63 characters (`IsDNS1035Label`).
pub(super) fn is_dns1035_label(s: &str) -> bool {
    is_dns1123_label(s) && s.starts_with(|c: char| c.is_ascii_lowercase())
}

/// `([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]`, at most 63 characters.
fn is_name_part(s: &str) -> bool {
    let b = s.as_bytes();
    let inner = |c: &u8| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.');
    match (b.first(), b.last()) {
        (Some(first), Some(last)) => {
            s.len() <= 63
                && first.is_ascii_alphanumeric()
                && last.is_ascii_alphanumeric()
                && b.iter().all(inner)
        }
        _ => false,
    }
}

/// A label key or match condition name: `name` or `dns.prefix/name`
/// (`IsQualifiedName`).
pub(super) fn is_qualified_name(s: &str) -> bool {
    match s.split_once('/') {
        Some((prefix, name)) => {
            !prefix.is_empty()
                && is_dns1123_subdomain(prefix)
                && !name.contains('/')
                && is_name_part(name)
        }
        None => is_name_part(s),
    }
}

/// A label value: empty, or like the name part of a qualified name
/// (`IsValidLabelValue`).
pub(super) fn is_label_value(s: &str) -> bool {
    s.is_empty() || is_name_part(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dns_names() {
        assert!(is_dns1123_subdomain("default.cronjob.example.com"));
        assert!(!is_dns1123_subdomain("Default.example.com"));
        assert!(!is_dns1123_subdomain("a..b"));
        assert!(!is_dns1123_subdomain(&"a".repeat(254)));
        assert!(is_dns1123_label("mutate-v1-pod"));
        assert!(!is_dns1123_label("mutate_v1"));
        assert!(is_dns1035_label("v1beta1"));
        assert!(!is_dns1035_label("1v"));
    }

    #[test]
    fn label_keys_and_values() {
        assert!(is_qualified_name("app.kubernetes.io/name"));
        assert!(is_qualified_name("exclude-leases"));
        assert!(!is_qualified_name("/name"));
        assert!(!is_qualified_name("a/b/c"));
        assert!(!is_qualified_name("-x"));
        assert!(is_label_value(""));
        assert!(is_label_value("my_value.1"));
        assert!(!is_label_value("has space"));
    }
}
