//! Kubernetes' version priority (apimachinery's
//! `CompareKubeAwareVersionStrings`), by which crdify orders the served
//! versions it pairs: GA above beta above alpha, higher numbers above lower,
//! and names of another form below all, in reverse alphabetical order.

use std::cmp::Ordering;

/// `v<major>[(alpha|beta)<minor>]` → (kind: 2 GA, 1 beta, 0 alpha; major; minor).
fn parse(version: &str) -> Option<(u8, u64, u64)> {
    let rest = version.strip_prefix('v')?;
    let digits = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    let major = rest[..digits].parse().ok()?;
    let tail = &rest[digits..];
    if tail.is_empty() {
        return Some((2, major, 0));
    }
    let (kind, minor) = if let Some(m) = tail.strip_prefix("beta") {
        (1, m)
    } else {
        (0, tail.strip_prefix("alpha")?)
    };
    if minor.is_empty() || !minor.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((kind, major, minor.parse().ok()?))
}

/// `Greater` when `a` has the higher priority.
pub fn compare(a: &str, b: &str) -> Ordering {
    if a == b {
        return Ordering::Equal;
    }
    match (parse(a), parse(b)) {
        (None, None) => b.cmp(a),
        (None, Some(_)) => Ordering::Less,
        (Some(_), None) => Ordering::Greater,
        (Some(x), Some(y)) => x.cmp(&y),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascending_as_crdify_sorts_served_versions() {
        let mut v = vec![
            "v1", "foo", "v2beta1", "v1alpha1", "v1beta2", "bar", "v1beta1", "v2",
        ];
        v.sort_by(|a, b| compare(a, b));
        assert_eq!(
            v,
            [
                "foo", "bar", "v1alpha1", "v1beta1", "v1beta2", "v2beta1", "v1", "v2"
            ]
        );
    }
}
