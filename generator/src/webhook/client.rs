//! The API server's checks of where it calls a webhook
//! (`k8s.io/apiserver/pkg/util/webhook`, `ValidateWebhookURL` and
//! `ValidateWebhookService`): for admission webhooks and for the conversion
//! webhooks of CRDs alike.

use super::names;

/// Why the API server refuses `url` (Go's `url.Parse` and `ValidateWebhookURL`).
pub fn check_url(url: &str) -> Result<(), &'static str> {
    let Some((scheme, rest)) = url.split_once("://") else {
        return Err("is not an `https://` URL");
    };
    if scheme != "https" {
        return Err("is not an `https://` URL");
    }
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    if authority.contains('@') {
        Err("has a user in it")
    } else if authority.is_empty() {
        Err("has no host")
    } else if url.contains('#') {
        Err("has a fragment")
    } else if url.split('#').next().is_some_and(|u| u.contains('?')) {
        Err("has a query")
    } else if url.chars().any(|c| c.is_whitespace() || c.is_control()) {
        Err("has a space or control character in it")
    } else {
        Ok(())
    }
}

/// Why the API server refuses a Service `path` (`ValidateWebhookService`):
/// it starts with `/`, and its segments are DNS subdomains.
pub(crate) fn check_path(path: &str) -> Result<(), String> {
    if path.is_empty() || path == "/" {
        return Ok(());
    }
    if path == "//" {
        return Err("path `//` has an empty segment".to_owned());
    }
    if !path.starts_with('/') {
        return Err(format!("path `{path}` does not start with `/`"));
    }
    let inner = &path[1..];
    let inner = inner.strip_suffix('/').unwrap_or(inner);
    for segment in inner.split('/') {
        if segment.is_empty() {
            return Err(format!("path `{path}` has an empty segment"));
        }
        if !names::is_dns1123_subdomain(segment) {
            return Err(format!(
                "path segment `{segment}` is not lowercase letters, digits, `-` and `.`"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_as_go_parses_them() {
        assert_eq!(check_url("https://somewebhook:9443/validate"), Ok(()));
        assert_eq!(check_url("https://user@host/x"), Err("has a user in it"));
        assert_eq!(check_url("https:///x"), Err("has no host"));
        assert_eq!(check_url("https://h/x?a=b"), Err("has a query"));
        assert_eq!(check_url("https://h/x#f"), Err("has a fragment"));
        assert_eq!(check_path("/a/b.c/"), Ok(()));
        assert!(check_path("/a//b").is_err());
        assert!(check_path("a").is_err());
    }
}
