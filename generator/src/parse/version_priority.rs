//! Kubernetes version priority: `v2` > `v1` > `v1beta2` > `v1beta1` >
//! `v1alpha1` > anything else (alphabetically), as the API server orders
//! the versions of a group.

use std::cmp::Ordering;

/// Sort key: GA before beta before alpha before non-Kubernetes-like names;
/// higher numbers first within each class.
fn key(version: &str) -> (u8, std::cmp::Reverse<u64>, std::cmp::Reverse<u64>, &str) {
    use std::cmp::Reverse;
    if let Some((major, class, minor)) = parse(version) {
        return (class, Reverse(major), Reverse(minor), "");
    }
    (3, Reverse(0), Reverse(0), version)
}

/// `v<major>[(alpha|beta)<minor>]` → (major, class 0 GA / 1 beta / 2 alpha, minor).
fn parse(version: &str) -> Option<(u64, u8, u64)> {
    let rest = version.strip_prefix('v')?;
    let digits = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    if digits == 0 || rest.starts_with('0') {
        return None;
    }
    let major = rest[..digits].parse().ok()?;
    let tail = &rest[digits..];
    if tail.is_empty() {
        return Some((major, 0, 0));
    }
    let (class, minor) = if let Some(m) = tail.strip_prefix("beta") {
        (1, m)
    } else if let Some(m) = tail.strip_prefix("alpha") {
        (2, m)
    } else {
        return None;
    };
    if minor.is_empty() || minor.starts_with('0') || !minor.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((major, class, minor.parse().ok()?))
}

/// Orders versions from highest priority to lowest.
pub fn compare(a: &str, b: &str) -> Ordering {
    key(a).cmp(&key(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kubernetes_order() {
        let mut v = vec![
            "foo",
            "v1alpha1",
            "v1",
            "v11alpha2",
            "v1beta1",
            "v2",
            "v10beta3",
            "v12alpha1",
            "v1beta2",
            "bar",
        ];
        v.sort_by(|a, b| compare(a, b));
        assert_eq!(
            v,
            vec![
                "v2",
                "v1",
                "v10beta3",
                "v1beta2",
                "v1beta1",
                "v12alpha1",
                "v11alpha2",
                "v1alpha1",
                "bar",
                "foo"
            ]
        );
    }
}
