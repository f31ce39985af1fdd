//! The functions CRD rules may call: every overload of the API server's CEL
//! environment for new expressions (cel-go's standard library, its strings,
//! sets, lists and optional extensions, and Kubernetes' libraries), as
//! `functions.tsv` lists them. That file is the server's own declaration list,
//! dumped by `hack/update-cel-functions.sh` (with `hack/tools/cel-cost`) at the
//! pinned Kubernetes version.

use std::collections::HashMap;
use std::sync::LazyLock;

use super::types::{self, Type};

const TABLE: &str = include_str!("functions.tsv");

/// One overload of a function.
#[derive(Debug)]
pub(crate) struct Overload {
    pub id: String,
    /// Called as `target.f(args)`; its first parameter is the target's.
    pub member: bool,
    pub params: Vec<Type<'static>>,
    pub result: Type<'static>,
    /// How many type parameters it declares (`Param(0..count)`).
    pub type_params: u32,
}

/// The macros of the environment: (function, called on a target, argument
/// count; `None` for any).
#[derive(Debug)]
pub(crate) struct MacroDecl {
    pub function: String,
    pub member: bool,
    pub args: Option<usize>,
}

pub(crate) struct Functions {
    by_name: HashMap<String, Vec<Overload>>,
    pub macros: Vec<MacroDecl>,
}

/// The macros the parser here expands (the `cel` crate's standard ones).
const EXPANDED: [(&str, bool, usize); 7] = [
    ("has", false, 1),
    ("all", true, 2),
    ("exists", true, 2),
    ("exists_one", true, 2),
    ("map", true, 2),
    ("map", true, 3),
    ("filter", true, 2),
];

impl Functions {
    pub fn get(&self, name: &str) -> Option<&[Overload]> {
        self.by_name.get(name).map(Vec::as_slice)
    }

    /// Whether `f(args)` (`target.f(args)` when `member`) is a macro of the
    /// API server's environment that the parser here leaves as a call
    /// (two-variable comprehensions, `optMap`, ...).
    pub fn is_unexpanded_macro(&self, function: &str, member: bool, args: usize) -> bool {
        self.macros.iter().any(|m| {
            m.function == function && m.member == member && m.args.is_none_or(|n| n == args)
        }) && !EXPANDED.contains(&(function, member, args))
    }
}

/// The table, read once.
pub(crate) static FUNCTIONS: LazyLock<Functions> = LazyLock::new(|| parse(TABLE));

fn parse(table: &str) -> Functions {
    let mut by_name: HashMap<String, Vec<Overload>> = HashMap::new();
    let mut macros = Vec::new();
    for line in table.lines().filter(|l| !l.trim().is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols[0] == "macro" {
            macros.push(MacroDecl {
                function: cols[1].to_owned(),
                member: cols[2] == "member",
                args: cols[3].parse().ok(),
            });
            continue;
        }
        let [name, id, kind, args, result] = cols[..] else {
            continue;
        };
        let mut params = Vec::new();
        let arg_types = types::split_args(args)
            .into_iter()
            .map(|a| types::parse(a, &mut params))
            .collect();
        let result = types::parse(result, &mut params);
        by_name.entry(name.to_owned()).or_default().push(Overload {
            id: id.to_owned(),
            member: kind == "member",
            params: arg_types,
            result,
            type_params: u32::try_from(params.len()).unwrap_or(0),
        });
    }
    Functions { by_name, macros }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_reads() {
        let size = FUNCTIONS.get("size").unwrap();
        assert_eq!(size.len(), 8);
        let list_size = size.iter().find(|o| o.id == "list_size").unwrap();
        assert!(list_size.member);
        assert!(matches!(&list_size.params[0], Type::List(_)));
        let matches = FUNCTIONS.get("matches").unwrap();
        assert!(matches.iter().any(|o| o.id == "matches_string" && o.member));
        assert!(FUNCTIONS.get("quantity").is_some());
        assert!(FUNCTIONS.is_unexpanded_macro("transformList", true, 3));
        assert!(FUNCTIONS.is_unexpanded_macro("all", true, 3));
        assert!(!FUNCTIONS.is_unexpanded_macro("all", true, 2));
    }
}
