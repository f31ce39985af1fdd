//! Values spelt the way crdify's messages spell them (Go's `%q`, `%v` and
//! `encoding/json`), so a finding reads the same from either tool.

use serde_json::Value;

/// Go's `strconv.Quote` (`%q`): double quotes, with `"`, `\` and control
/// characters escaped.
pub(crate) fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{b}' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Go's `%v` of a `float64` (`strconv.FormatFloat(f, 'g', -1, 64)`): the
/// shortest digits, in exponent form below 1e-4 and from 1e+06 on.
pub(crate) fn float(f: f64) -> String {
    if f.is_nan() {
        return "NaN".to_owned();
    }
    if f.is_infinite() {
        return if f > 0.0 { "+Inf" } else { "-Inf" }.to_owned();
    }
    if f == 0.0 {
        return if f.is_sign_negative() { "-0" } else { "0" }.to_owned();
    }
    // Rust's `{:e}` is the shortest round-trip form: `1.5e-5`, `1e6`.
    let scientific = format!("{f:e}");
    let (mantissa, exp) = scientific
        .split_once('e')
        .expect("`{:e}` always has an exponent");
    let exp: i32 = exp.parse().expect("`{:e}` writes an integer exponent");
    let negative = mantissa.starts_with('-');
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let sign = if negative { "-" } else { "" };
    if !(-4..6).contains(&exp) {
        let (first, rest) = digits.split_at(1);
        let dot = if rest.is_empty() { "" } else { "." };
        let exp_sign = if exp < 0 { '-' } else { '+' };
        return format!("{sign}{first}{dot}{rest}e{exp_sign}{:02}", exp.abs());
    }
    let point = exp + 1; // digits before the decimal point
    let body = if point <= 0 {
        format!("0.{}{digits}", "0".repeat(point.unsigned_abs() as usize))
    } else if point as usize >= digits.len() {
        format!("{digits}{}", "0".repeat(point as usize - digits.len()))
    } else {
        let (int, frac) = digits.split_at(point as usize);
        format!("{int}.{frac}")
    };
    format!("{sign}{body}")
}

/// Go's `%v` of a `[]string`: `[a b c]`.
pub(crate) fn list<S: AsRef<str>>(items: &[S]) -> String {
    let joined: Vec<&str> = items.iter().map(AsRef::as_ref).collect();
    format!("[{}]", joined.join(" "))
}

/// A JSON value as Go's `encoding/json` writes it after `sigs.k8s.io/yaml`
/// read it (the raw bytes crdify compares and prints): compact, object keys
/// sorted, whole numbers without a fraction, `<`, `>` and `&` escaped.
pub(crate) fn json(value: &Value) -> String {
    let mut out = String::new();
    write_json(value, &mut out);
    out
}

fn write_json(value: &Value, out: &mut String) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(&number(n)),
        Value::String(s) => json_string(s, out),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(item, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            out.push('{');
            for (i, key) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                json_string(key, out);
                out.push(':');
                write_json(&map[key], out);
            }
            out.push('}');
        }
    }
}

fn number(n: &serde_json::Number) -> String {
    if let Some(i) = n.as_i64() {
        return i.to_string();
    }
    if let Some(u) = n.as_u64() {
        return u.to_string();
    }
    let f = n.as_f64().unwrap_or_default();
    #[allow(clippy::cast_possible_truncation)]
    if f.fract() == 0.0 && f.abs() < 1e21 {
        return format!("{}", f as i128);
    }
    if f.abs() < 1e-6 || f.abs() >= 1e21 {
        // Go: 'e' format with the exponent's leading zero dropped (`1e-07` → `1e-7`).
        let s = float(f);
        return s.replace("e-0", "e-").replace("e+0", "e+");
    }
    format!("{f}")
}

fn json_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_as_go_prints_them() {
        assert_eq!(float(10.0), "10");
        assert_eq!(float(1.5), "1.5");
        assert_eq!(float(100_000.0), "100000");
        assert_eq!(float(1_000_000.0), "1e+06");
        assert_eq!(float(123_456_789.0), "1.23456789e+08");
        assert_eq!(float(0.0001), "0.0001");
        assert_eq!(float(0.00001), "1e-05");
        assert_eq!(float(-2.25), "-2.25");
        assert_eq!(float(0.0), "0");
    }

    #[test]
    fn quotes_as_go_quotes() {
        assert_eq!(quote("Managed"), "\"Managed\"");
        assert_eq!(quote("\"x\"\n"), "\"\\\"x\\\"\\n\"");
    }

    #[test]
    fn json_as_go_marshals_it() {
        let v: Value = serde_json::json!({"b": 1.0, "a": [true, null, "x<y"], "c": 2.5});
        assert_eq!(json(&v), r#"{"a":[true,null,"x\u003cy"],"b":1,"c":2.5}"#);
        assert_eq!(list(&["a", "b"]), "[a b]");
    }
}
