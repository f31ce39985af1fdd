//! `unhandled`: whatever still differs between two nodes after every check
//! took its keywords out (`format`, `x-kubernetes-list-type`, `allOf`, ...).
//! Its enforcement is the configuration's `unhandledEnforcement`. crdify
//! prints a Go struct diff; here each keyword is one line, old -> new.

use std::collections::BTreeSet;

use super::Change;
use crate::gofmt::json;
use crate::schema::Node;

/// The check's name in reports.
pub(crate) const NAME: &str = "unhandled";

/// The change left between `old` and `new`, if any.
pub(crate) fn compare(old: &Node, new: &Node) -> Option<Change> {
    if old == new {
        return None;
    }
    let keys: BTreeSet<&String> = old.keys().chain(new.keys()).collect();
    let mut message = String::from("unhandled changes found :");
    for key in keys {
        let (a, b) = (old.get(key), new.get(key));
        if a == b {
            continue;
        }
        let show = |v: Option<&serde_json::Value>| v.map_or_else(|| "(unset)".to_owned(), json);
        message.push_str(&format!("\n  {key}: {} -> {}", show(a), show(b)));
    }
    Some(Change::new(message))
}
