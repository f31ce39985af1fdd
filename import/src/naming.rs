//! Rust names for Go ones: fields (from their JSON names, so that serde's
//! `rename_all = "camelCase"` gives the JSON name back), constants, file
//! modules and group modules.

use heck::ToShoutySnakeCase;

const KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern",
    "false", "fn", "for", "gen", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut",
    "pub", "ref", "return", "self", "Self", "static", "struct", "super", "trait", "true", "type",
    "unsafe", "use", "where", "while", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "try", "typeof", "unsized", "virtual", "yield",
];

/// Words that cannot be raw identifiers.
const NOT_RAW: &[&str] = &["crate", "self", "Self", "super", "_"];

/// `name` as an identifier: raw (`r#type`) where it is a keyword.
pub(crate) fn ident(name: &str) -> String {
    if NOT_RAW.contains(&name) {
        format!("{name}_")
    } else if KEYWORDS.contains(&name) {
        format!("r#{name}")
    } else {
        name.to_owned()
    }
}

/// The Rust field name for a JSON name (`caBundle` → `ca_bundle`), or
/// `None` when the JSON name has no identifier form (`$ref`, `x-y` gives
/// `x_y`, which needs a `rename`).
pub(crate) fn field_name(json: &str) -> Option<String> {
    let snake = snake_case(json);
    let valid = !snake.is_empty()
        && !snake.starts_with(|c: char| c.is_ascii_digit())
        && snake.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    valid.then(|| ident(&snake))
}

/// `podIPs` → `pod_ips`, `HTTPRoute` → `http_route`, `caBundle` →
/// `ca_bundle`: words start at a capital after a small letter or digit, and
/// at the last capital of a run followed by a small letter, except a plural
/// `s` after an acronym (`IPs`).
fn snake_case(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + 4);
    for (i, &c) in chars.iter().enumerate() {
        if !c.is_ascii_alphanumeric() {
            if !out.ends_with('_') && !out.is_empty() {
                out.push('_');
            }
            continue;
        }
        if c.is_ascii_uppercase() && i > 0 {
            let prev = chars[i - 1];
            let next = chars.get(i + 1).copied();
            let after = chars.get(i + 2).copied();
            let plural = next == Some('s') && !after.is_some_and(|a| a.is_ascii_lowercase());
            let starts_word = prev.is_ascii_lowercase()
                || prev.is_ascii_digit()
                || (prev.is_ascii_uppercase()
                    && next.is_some_and(|n| n.is_ascii_lowercase())
                    && !plural);
            if starts_word && !out.ends_with('_') {
                out.push('_');
            }
        }
        out.push(c.to_ascii_lowercase());
    }
    out.trim_end_matches('_').to_owned()
}

/// What serde's `rename_all = "camelCase"` makes of a field name.
pub(crate) fn serde_camel(field: &str) -> String {
    let field = field.strip_prefix("r#").unwrap_or(field);
    let mut out = String::with_capacity(field.len());
    let mut capitalize = false;
    for (i, c) in field.chars().enumerate() {
        if c == '_' {
            capitalize = true;
        } else if capitalize {
            out.push(c.to_ascii_uppercase());
            capitalize = false;
        } else if i == 0 {
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// A constant's Rust name (`ConcurrencyPolicyAllow` → `CONCURRENCY_POLICY_ALLOW`).
pub(crate) fn const_name(go: &str) -> String {
    ident(&go.to_shouty_snake_case())
}

/// A module name for a file stem or path part (`httproute_types`,
/// `external-secrets` → `external_secrets`).
pub(crate) fn module_name(text: &str) -> String {
    let mut out: String = text
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, 'm');
    }
    if out == "mod"
        || out == "lib"
        || KEYWORDS.contains(&out.as_str())
        || NOT_RAW.contains(&out.as_str())
    {
        out.push('_');
    }
    out
}

/// The field name of an embedded struct (`ObjectReference` → `object_reference`).
pub(crate) fn embedded_name(type_name: &str) -> String {
    ident(&snake_case(type_name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_names_come_back_through_serde_camel_case() {
        for json in ["caBundle", "apiVersion", "ips", "hostPath", "v1Beta"] {
            let field = field_name(json).unwrap();
            assert_eq!(serde_camel(&field), json, "{field}");
        }
        // Acronyms stay words (such fields get a `rename`).
        assert_eq!(field_name("podIPs").unwrap(), "pod_ips");
        assert_eq!(field_name("HTTPRoute").unwrap(), "http_route");
        assert_eq!(field_name("clusterIPFamily").unwrap(), "cluster_ip_family");
        assert_eq!(field_name("URLs").unwrap(), "urls");
        assert_eq!(field_name("type").unwrap(), "r#type");
        assert_eq!(serde_camel("r#type"), "type");
        assert_eq!(field_name("x-kubernetes-x").unwrap(), "x_kubernetes_x");
        // Not the JSON name: such fields get a `rename`.
        assert_ne!(serde_camel(&field_name("$ref").unwrap()), "$ref");
        assert_eq!(
            const_name("ConcurrencyPolicyAllow"),
            "CONCURRENCY_POLICY_ALLOW"
        );
        assert_eq!(module_name("external-secrets"), "external_secrets");
        assert_eq!(module_name("mod"), "mod_");
        assert_eq!(module_name("type"), "type_");
    }
}
