//! Resource names: the all-lowercase plural of a kind, as gengo's
//! `NewAllLowercasePluralNamer` computes it, with exceptions.

use std::collections::BTreeMap;

/// Kinds whose plural the rules get wrong, as client-gen's default
/// `--plural-exceptions` (`Endpoints:Endpoints`).
pub const DEFAULT_PLURAL_EXCEPTIONS: &[(&str, &str)] = &[("Endpoints", "Endpoints")];

/// The lower-case plural of a kind name. `exceptions` maps a kind to its plural
/// (in any case) and wins over the rules; [`DEFAULT_PLURAL_EXCEPTIONS`] apply
/// unless `exceptions` names the same kind.
pub fn plural(kind: &str, exceptions: &BTreeMap<String, String>) -> String {
    if let Some(p) = exceptions.get(kind) {
        return p.to_lowercase();
    }
    if let Some((_, p)) = DEFAULT_PLURAL_EXCEPTIONS.iter().find(|(k, _)| *k == kind) {
        return p.to_lowercase();
    }
    gengo_plural(kind).to_lowercase()
}

/// The rules of gengo's plural namer, applied to the name as written.
fn gengo_plural(singular: &str) -> String {
    let chars: Vec<char> = singular.chars().collect();
    if chars.len() < 2 {
        return singular.to_owned();
    }
    let last = chars[chars.len() - 1];
    let before_last = chars[chars.len() - 2];
    let without_last: String = chars[..chars.len() - 1].iter().collect();
    match last {
        's' | 'x' | 'z' => format!("{singular}es"),
        'y' if is_consonant(before_last) => format!("{without_last}ies"),
        'h' if before_last == 'c' || before_last == 's' => format!("{singular}es"),
        // "knife" → "knives": gengo drops the `e` and then treats the `f`.
        'e' if before_last == 'f' => {
            let stem: String = chars[..chars.len() - 2].iter().collect();
            format!("{stem}ves")
        }
        'f' => format!("{without_last}ves"),
        _ => format!("{singular}s"),
    }
}

/// gengo counts only lower-case consonants.
fn is_consonant(c: char) -> bool {
    "bcdfghjklmnpqrstvwxyz".contains(c)
}

/// The plural as a snake_case Rust name, with the word breaks of the kind:
/// `FleetCluster` / `fleetclusters` → `fleet_clusters`, `NetworkPolicy` /
/// `networkpolicies` → `network_policies`. The kind's snake_case is followed as
/// long as the plural spells the same letters, then the rest of the plural is
/// appended; characters that cannot be in a name become `_`.
pub fn plural_snake_case(kind: &str, plural: &str) -> String {
    use heck::ToSnakeCase;
    let snake = kind.to_snake_case();
    let plural: Vec<char> = plural.to_ascii_lowercase().chars().collect();
    let mut out = String::new();
    let mut matched = 0;
    for c in snake.chars() {
        if c == '_' {
            out.push('_');
            continue;
        }
        if plural.get(matched) != Some(&c) {
            break;
        }
        out.push(c);
        matched += 1;
    }
    let out = out.trim_end_matches('_').to_owned();
    let rest: String = plural[matched..].iter().collect();
    let name = out + &rest;
    name.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plural_snake_case_follows_the_kinds_words() {
        for (kind, plural, expected) in [
            ("FleetCluster", "fleetclusters", "fleet_clusters"),
            ("NetworkPolicy", "networkpolicies", "network_policies"),
            ("App", "apps", "apps"),
            ("CronTab", "crontabs", "cron_tabs"),
            ("Person", "people", "people"),
            ("IPAddress", "ipaddresses", "ip_addresses"),
            ("Endpoints", "endpoints", "endpoints"),
            ("Box", "boxes", "boxes"),
            ("Widget", "gizmos", "gizmos"),
        ] {
            assert_eq!(plural_snake_case(kind, plural), expected, "{kind}/{plural}");
        }
    }

    fn p(kind: &str) -> String {
        plural(kind, &BTreeMap::new())
    }

    #[test]
    fn follows_gengo() {
        assert_eq!(p("App"), "apps");
        assert_eq!(p("Ingress"), "ingresses");
        assert_eq!(p("Box"), "boxes");
        assert_eq!(p("Policy"), "policies");
        assert_eq!(p("Gateway"), "gateways");
        assert_eq!(p("Mesh"), "meshes");
        assert_eq!(p("Batch"), "batches");
        assert_eq!(p("Graph"), "graphs");
        assert_eq!(p("Knife"), "knives");
        assert_eq!(p("Leaf"), "leaves");
        assert_eq!(p("Endpoints"), "endpoints");
        assert_eq!(p("X"), "x");
    }

    #[test]
    fn exceptions_win() {
        let ex = BTreeMap::from([("Person".to_owned(), "People".to_owned())]);
        assert_eq!(plural("Person", &ex), "people");
        let ex = BTreeMap::from([("Endpoints".to_owned(), "EndpointSets".to_owned())]);
        assert_eq!(plural("Endpoints", &ex), "endpointsets");
    }
}
