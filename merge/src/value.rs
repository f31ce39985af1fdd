//! Equality and the total order of JSON values as structured-merge-diff defines
//! them (`value.Equals`, `value.Compare`): integers and floats compare by
//! value, and values of different kinds order float/int < string < bool <
//! list < map < null.

use std::cmp::Ordering;

use serde_json::Value;

use crate::go::{go_float, go_quote};

/// `value.EqualsUsing`: numbers by value (`1 == 1.0`), lists element-wise,
/// maps key-wise.
pub(crate) fn equals(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            if x.is_f64() || y.is_f64() {
                x.as_f64() == y.as_f64()
            } else {
                x.as_i128() == y.as_i128()
            }
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| equals(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| equals(v, w)))
        }
        _ => a == b,
    }
}

fn rank(v: &Value) -> u8 {
    match v {
        Value::Number(_) => 0,
        Value::String(_) => 2,
        Value::Bool(_) => 3,
        Value::Array(_) => 4,
        Value::Object(_) => 5,
        Value::Null => 6,
    }
}

/// `value.Compare`: a total order over values.
pub(crate) fn compare(a: &Value, b: &Value) -> Ordering {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            if x.is_f64() || y.is_f64() {
                let (x, y) = (x.as_f64().unwrap_or(0.0), y.as_f64().unwrap_or(0.0));
                x.partial_cmp(&y).unwrap_or(Ordering::Equal)
            } else {
                x.as_i128().cmp(&y.as_i128())
            }
        }
        (Value::String(x), Value::String(y)) => x.cmp(y),
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
        (Value::Array(x), Value::Array(y)) => {
            for (a, b) in x.iter().zip(y) {
                let c = compare(a, b);
                if c != Ordering::Equal {
                    return c;
                }
            }
            x.len().cmp(&y.len())
        }
        (Value::Object(x), Value::Object(y)) => {
            // Maps compare by their sorted keys, then values.
            let mut xk: Vec<_> = x.iter().collect();
            let mut yk: Vec<_> = y.iter().collect();
            xk.sort_by(|a, b| a.0.cmp(b.0));
            yk.sort_by(|a, b| a.0.cmp(b.0));
            for ((ka, va), (kb, vb)) in xk.iter().zip(&yk) {
                let c = ka.cmp(kb).then_with(|| compare(va, vb));
                if c != Ordering::Equal {
                    return c;
                }
            }
            xk.len().cmp(&yk.len())
        }
        _ => rank(a).cmp(&rank(b)),
    }
}

/// `value.ToString`: how a key or set value is shown in a path
/// (`[name="a",port=80]`, `[="x"]`).
pub(crate) fn to_display(v: &Value) -> String {
    match v {
        Value::Null => "null".to_owned(),
        Value::Number(n) => match n.as_i64() {
            Some(i) => i.to_string(),
            None => go_float(n.as_f64().unwrap_or(0.0)),
        },
        Value::String(s) => go_quote(s),
        Value::Bool(b) => b.to_string(),
        Value::Array(items) => format!(
            "[{}]",
            items.iter().map(to_display).collect::<Vec<_>>().join(",")
        ),
        Value::Object(map) => map
            .iter()
            .map(|(k, v)| format!("{k}={}", to_display(v)))
            .collect::<String>(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::go_json;
    use serde_json::json;

    #[test]
    fn numbers_compare_by_value_across_int_and_float() {
        assert!(equals(&json!(1), &json!(1.0)));
        assert_eq!(compare(&json!(2), &json!(1.5)), Ordering::Greater);
        assert_eq!(compare(&json!(1), &json!("a")), Ordering::Less);
        assert_eq!(compare(&json!("a"), &json!(true)), Ordering::Less);
        assert_eq!(compare(&json!({}), &json!(null)), Ordering::Less);
    }

    #[test]
    fn go_formatting() {
        assert_eq!(go_float(10.0), "10");
        assert_eq!(go_float(2.5), "2.5");
        assert_eq!(go_float(1e21), "1e+21");
        assert_eq!(go_float(0.00001), "1e-05");
        assert_eq!(go_quote("a\"b"), "\"a\\\"b\"");
        assert_eq!(
            go_json(&json!({"b": "<x>", "a": 1})),
            r#"{"a":1,"b":"\u003cx\u003e"}"#
        );
        assert_eq!(to_display(&json!("x")), "\"x\"");
    }
}
