//! controller-gen's `maxDescLen`: descriptions cut to a length, at a sentence end.

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::{
    JSONSchemaProps, JSONSchemaPropsOrArray, JSONSchemaPropsOrBool,
};

/// Cuts every description in `schema` (the root included) to `max_len` bytes the
/// way controller-gen's `TruncateDescription` does: 0 removes descriptions; a
/// longer one keeps its first `max_len` bytes, then drops what follows the last
/// sentence terminal (Unicode `STerm`) in them, if there is one after the first
/// byte. The cut never splits a character (Go's would).
pub fn truncate_descriptions(schema: &mut JSONSchemaProps, max_len: usize) {
    if let Some(description) = &mut schema.description {
        if max_len == 0 {
            schema.description = None;
        } else if description.len() > max_len {
            *description = truncate(description, max_len);
        }
    }
    for child in children(schema) {
        truncate_descriptions(child, max_len);
    }
}

/// Every direct subschema of `schema`.
pub(crate) fn children(schema: &mut JSONSchemaProps) -> Vec<&mut JSONSchemaProps> {
    let mut out: Vec<&mut JSONSchemaProps> = Vec::new();
    for map in [
        &mut schema.properties,
        &mut schema.pattern_properties,
        &mut schema.definitions,
    ]
    .into_iter()
    .flatten()
    {
        out.extend(map.values_mut());
    }
    for list in [&mut schema.all_of, &mut schema.any_of, &mut schema.one_of]
        .into_iter()
        .flatten()
    {
        out.extend(list.iter_mut());
    }
    if let Some(not) = &mut schema.not {
        out.push(not);
    }
    match &mut schema.items {
        Some(JSONSchemaPropsOrArray::Schema(item)) => out.push(item),
        Some(JSONSchemaPropsOrArray::Schemas(items)) => out.extend(items.iter_mut()),
        None => {}
    }
    for extra in [
        &mut schema.additional_properties,
        &mut schema.additional_items,
    ] {
        if let Some(JSONSchemaPropsOrBool::Schema(s)) = extra {
            out.push(s);
        }
    }
    out
}

fn truncate(description: &str, max_len: usize) -> String {
    let mut end = max_len;
    while !description.is_char_boundary(end) {
        end -= 1;
    }
    let cut = &description[..end];
    match cut
        .char_indices()
        .rev()
        .find(|(_, c)| is_sentence_terminal(*c))
    {
        Some((at, c)) if at > 0 => cut[..at + c.len_utf8()].to_owned(),
        _ => cut.to_owned(),
    }
}

/// Unicode's `Sentence_Terminal` property, the characters Go's `unicode.STerm`
/// holds that occur in API documentation (Latin, CJK, Arabic, Devanagari, ...).
fn is_sentence_terminal(c: char) -> bool {
    matches!(
        c,
        '!' | '.' | '?' | '\u{589}' | '\u{61D}'..='\u{61F}' | '\u{6D4}' | '\u{700}'..='\u{702}'
            | '\u{964}' | '\u{965}' | '\u{203C}' | '\u{203D}' | '\u{2047}'..='\u{2049}'
            | '\u{2E2E}' | '\u{2E3C}' | '\u{3002}' | '\u{FE52}' | '\u{FE56}' | '\u{FE57}'
            | '\u{FF01}' | '\u{FF0E}' | '\u{FF1F}' | '\u{FF61}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn described(text: &str) -> JSONSchemaProps {
        JSONSchemaProps {
            description: Some(text.to_owned()),
            ..Default::default()
        }
    }

    #[test]
    fn cuts_at_the_last_sentence_end_within_the_limit() {
        assert_eq!(
            truncate("First one. Second one. Third.", 25),
            "First one. Second one."
        );
        // No sentence end in the kept bytes: the bare cut, like controller-gen.
        assert_eq!(truncate("no sentence end here at all", 10), "no sentenc");
        // A terminal only at byte 0 does not count (Go: `n > 0`).
        assert_eq!(truncate(".leading dot only", 5), ".lead");
        // Never inside a character.
        assert_eq!(truncate("é".repeat(10).as_str(), 5), "éé");
    }

    #[test]
    fn zero_drops_every_description_and_short_ones_stay() {
        let mut schema = described("Root.");
        schema.properties = Some([("a".to_owned(), described("Child text. More."))].into());
        let mut zero = schema.clone();
        truncate_descriptions(&mut zero, 0);
        assert_eq!(zero.description, None);
        assert_eq!(zero.properties.as_ref().unwrap()["a"].description, None);
        truncate_descriptions(&mut schema, 12);
        assert_eq!(schema.description.as_deref(), Some("Root."));
        assert_eq!(
            schema.properties.as_ref().unwrap()["a"]
                .description
                .as_deref(),
            Some("Child text.")
        );
    }
}
