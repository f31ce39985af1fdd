//! Short, stable one-line renderings of JSON values for difference lists.

use serde_json::Value;

/// The longest rendering kept; longer values are cut and marked with their
/// full length, so a changed tail still shows as a changed length.
const MAX_CHARS: usize = 160;

/// What a missing attribute renders as.
pub const ABSENT: &str = "(absent)";

/// Compact JSON, cut to [`MAX_CHARS`].
pub fn value(v: Option<&Value>) -> String {
    match v {
        None => ABSENT.to_owned(),
        Some(v) => cut(&v.to_string()),
    }
}

/// `text` cut to [`MAX_CHARS`] characters.
pub fn cut(text: &str) -> String {
    let count = text.chars().count();
    if count <= MAX_CHARS {
        return text.to_owned();
    }
    let head: String = text.chars().take(MAX_CHARS).collect();
    format!("{head}… ({count} chars)")
}
