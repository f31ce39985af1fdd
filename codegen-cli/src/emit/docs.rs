//! Doc comments for generated items: text wrapped to readable lines, one
//! `#[doc = " ..."]` attribute per line so prettyplease prints `/// ...` lines.

use proc_macro2::TokenStream;
use quote::quote;

const WIDTH: usize = 88;

/// Splits text into lines: explicit newlines are kept, long lines outside code
/// fences are wrapped at word boundaries.
fn lines(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            out.push(line.to_owned());
            continue;
        }
        if in_code || line.len() <= WIDTH {
            out.push(line.to_owned());
            continue;
        }
        let mut current = String::new();
        for word in line.split(' ') {
            if !current.is_empty() && current.len() + 1 + word.len() > WIDTH {
                out.push(std::mem::take(&mut current));
            }
            if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(word);
        }
        out.push(current);
    }
    out
}

fn with_space(line: &str) -> String {
    if line.is_empty() {
        String::new()
    } else {
        format!(" {line}")
    }
}

/// Outer doc attributes (`/// ...`).
pub(crate) fn doc(text: &str) -> TokenStream {
    lines(text)
        .iter()
        .map(|l| {
            let l = with_space(l);
            quote!(#[doc = #l])
        })
        .collect()
}

/// Inner doc attributes (`//! ...`), for module docs.
pub(crate) fn inner_doc(text: &str) -> TokenStream {
    lines(text)
        .iter()
        .map(|l| {
            let l = with_space(l);
            quote!(#![doc = #l])
        })
        .collect()
}
