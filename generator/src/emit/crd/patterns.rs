//! The `pattern`s of a run's schemas, compiled once each: an API repeats the
//! same few (every kind of a 500-kind API has the same name pattern), and
//! compiling a regular expression costs more than building the rest of its
//! schema (a tenth of a run before this cache).

use std::cell::RefCell;
use std::collections::HashMap;

thread_local! {
    static COMPILED: RefCell<HashMap<String, Result<regex::Regex, String>>> =
        RefCell::new(HashMap::new());
}

/// `pattern` compiled, or the regex crate's error message.
pub(crate) fn compiled(pattern: &str) -> Result<regex::Regex, String> {
    COMPILED.with(|cache| {
        if let Some(found) = cache.borrow().get(pattern) {
            return found.clone();
        }
        let result = regex::Regex::new(pattern).map_err(|e| e.to_string());
        cache
            .borrow_mut()
            .insert(pattern.to_owned(), result.clone());
        result
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compiles_once_and_keeps_errors() {
        assert!(compiled("^[a-z]+$").unwrap().is_match("abc"));
        assert!(compiled("^[a-z]+$").unwrap().is_match("xyz"));
        let err = compiled("a(b").unwrap_err();
        assert!(err.contains("unclosed group"), "{err}");
        assert_eq!(compiled("a(b").unwrap_err(), err);
    }
}
