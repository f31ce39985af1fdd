//! Every rule by its kube-api-linter name, in one table: KAL's default,
//! whether the `crd` profile runs it, whether it has fixes, and what it
//! checks on Rust types. Presets (`nonullable`, `nophase`, `notimestamp`,
//! `noreferences`, `defaultorrequired`) are configurations of the generic
//! rules (`forbiddenmarkers`, `namingconventions`, `conflictingmarkers`), as
//! in KAL.

use serde_json::Value;

use super::context::Cx;
use super::finding::Finding;
use super::rules;
use super::settings::ConfigError;

/// One rule.
#[derive(Debug)]
pub struct Rule {
    /// KAL's name.
    pub name: &'static str,
    /// What it checks, in one line.
    pub description: &'static str,
    /// On in KAL's defaults (the `native` profile).
    pub default: bool,
    /// On in the `crd` profile (KAL's proposed `CustomResource` preset).
    pub crd: bool,
    /// `--fix` can fix some of its findings.
    pub fix: bool,
    pub(crate) run: fn(&Cx<'_>, &Value) -> Result<Vec<Finding>, ConfigError>,
}

const fn rule(
    name: &'static str,
    description: &'static str,
    default: bool,
    crd: bool,
    fix: bool,
    run: fn(&Cx<'_>, &Value) -> Result<Vec<Finding>, ConfigError>,
) -> Rule {
    Rule {
        name,
        description,
        default,
        crd,
        fix,
        run,
    }
}

/// Every rule, in KAL's (alphabetical) order.
pub static RULES: &[Rule] = &[
    rule(
        "arrayofstruct",
        "lists of structs whose struct has a required field",
        true,
        true,
        false,
        rules::arrayofstruct::run,
    ),
    rule(
        "commentstart",
        "doc comments of fields start with the field's JSON name",
        true,
        true,
        true,
        rules::commentstart::run,
    ),
    rule(
        "conditions",
        "`conditions` is `Vec<Condition>`, first, `+listType=map`, `+listMapKey=type`, `+optional`",
        true,
        true,
        true,
        rules::conditions::run,
    ),
    rule(
        "conflictingmarkers",
        "configured sets of markers that exclude each other",
        false,
        false,
        false,
        rules::conflictingmarkers::run,
    ),
    rule(
        "defaultorrequired",
        "no field both required and defaulted",
        true,
        true,
        false,
        rules::defaultorrequired::run,
    ),
    rule(
        "defaults",
        "defaulted fields are optional, left out when unset, and use one default marker",
        true,
        true,
        true,
        rules::defaults::run,
    ),
    rule(
        "dependenttags",
        "configured markers that need other markers",
        false,
        false,
        false,
        rules::dependenttags::run,
    ),
    rule(
        "duplicatemarkers",
        "no marker written twice",
        true,
        true,
        true,
        rules::duplicatemarkers::run,
    ),
    rule(
        "forbiddenmarkers",
        "configured markers that must not be used",
        false,
        false,
        true,
        rules::forbiddenmarkers::run,
    ),
    rule(
        "integers",
        "integers are `i32` or `i64`",
        true,
        true,
        false,
        rules::integers::run,
    ),
    rule(
        "jsontags",
        "JSON names are camelCase (optionally the field's name)",
        true,
        true,
        true,
        rules::jsontags::run,
    ),
    rule(
        "maxlength",
        "strings and lists have a maximum length",
        false,
        true,
        false,
        rules::maxlength::run,
    ),
    rule(
        "minlength",
        "strings, lists, maps and structs have a minimum size",
        false,
        true,
        false,
        rules::minlength::run,
    ),
    rule(
        "namingconventions",
        "configured patterns in field names",
        false,
        false,
        true,
        rules::namingconventions::run,
    ),
    rule(
        "nobools",
        "no `bool` fields",
        false,
        false,
        false,
        rules::nobools::run,
    ),
    rule(
        "nodurations",
        "no duration types",
        true,
        true,
        false,
        rules::nodurations::run,
    ),
    rule(
        "nofloats",
        "no `f32`/`f64` fields",
        true,
        true,
        false,
        rules::nofloats::run,
    ),
    rule(
        "nomaps",
        "no maps except string to string",
        true,
        true,
        false,
        rules::nomaps::run,
    ),
    rule(
        "nonpointerstructs",
        "struct fields that are no `Option` are marked required or optional",
        true,
        false,
        true,
        rules::nonpointerstructs::run,
    ),
    rule(
        "nonullable",
        "no `+nullable`",
        true,
        true,
        true,
        rules::nonullable::run,
    ),
    rule(
        "nophase",
        "no `phase` fields",
        true,
        true,
        false,
        rules::nophase::run,
    ),
    rule(
        "noreferences",
        "`Ref`, not `Reference`, in field names",
        true,
        true,
        true,
        rules::noreferences::run,
    ),
    rule(
        "notimestamp",
        "`Time`, not `Timestamp`, in field names",
        true,
        true,
        true,
        rules::notimestamp::run,
    ),
    rule(
        "optionalfields",
        "optional fields are `Option`s left out when `None`",
        true,
        true,
        true,
        rules::optionalfields::run,
    ),
    rule(
        "optionalorrequired",
        "every field is marked optional or required",
        true,
        true,
        true,
        rules::optionalorrequired::run,
    ),
    rule(
        "preferredmarkers",
        "configured preferred spellings of markers",
        false,
        false,
        true,
        rules::preferredmarkers::run,
    ),
    rule(
        "requiredfields",
        "required fields with a valid zero value are `Option`s",
        true,
        true,
        true,
        rules::requiredfields::run,
    ),
    rule(
        "ssatags",
        "lists have a server-side apply `+listType`",
        true,
        true,
        false,
        rules::ssatags::run,
    ),
    rule(
        "statusoptional",
        "the fields of a status are optional",
        false,
        true,
        true,
        rules::statusoptional::run,
    ),
    rule(
        "statussubresource",
        "kinds with a status have the status subresource, and the reverse",
        false,
        true,
        true,
        rules::statussubresource::run,
    ),
    rule(
        "uniquemarkers",
        "single-valued markers written once",
        true,
        true,
        false,
        rules::uniquemarkers::run,
    ),
];

/// The rule of this name.
pub fn find(name: &str) -> Option<&'static Rule> {
    RULES.iter().find(|r| r.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kal_rule_once_in_order() {
        assert_eq!(RULES.len(), 31);
        let names: Vec<_> = RULES.iter().map(|r| r.name).collect();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(names, sorted);
    }

    /// KAL's proposed `CustomResource` preset: its defaults without
    /// `nonpointerstructs`, with the four CRD rules.
    #[test]
    fn crd_profile_is_the_defaults_adjusted() {
        for r in RULES {
            let expected = match r.name {
                "nonpointerstructs" => false,
                "maxlength" | "minlength" | "statussubresource" | "statusoptional" => true,
                _ => r.default,
            };
            assert_eq!(r.crd, expected, "{}", r.name);
        }
    }
}
