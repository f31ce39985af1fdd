//! "Did you mean …?": the closest known name to a misspelt one.

/// Levenshtein distance over characters; a change of letter case costs nothing
/// extra beyond the substitution, so `minimum` is one edit from `Minimum`.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// The candidate closest to `wrong`, if it is close enough to be a plausible typo:
/// at most a third of the candidate's length away (and at least one edit allowed
/// for short names). Case-insensitive equality always counts as close.
pub fn closest<'a>(wrong: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let mut best: Option<(usize, &str)> = None;
    for candidate in candidates {
        let distance = if candidate.eq_ignore_ascii_case(wrong) {
            0
        } else {
            edit_distance(wrong, candidate)
        };
        let limit = (candidate.chars().count() / 3).max(1);
        if distance <= limit && best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, candidate));
        }
    }
    best.map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(edit_distance("Minimun", "Minimum"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn picks_the_closest_plausible_candidate() {
        let names = ["create", "update", "updateStatus", "delete"];
        assert_eq!(closest("updte", names), Some("update"));
        assert_eq!(closest("UpdateStatus", names), Some("updateStatus"));
        assert_eq!(closest("frobnicate", names), None);
    }
}
