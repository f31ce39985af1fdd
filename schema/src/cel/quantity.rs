//! Kubernetes' CEL quantity library (`quantity`, `isQuantity`, and on a
//! quantity `isInteger`, `asInteger`, `asApproximateFloat`, `sign`, `add`,
//! `sub`, `compareTo`, `isGreaterThan`, `isLessThan`), on quantities parsed as
//! `resource.ParseQuantity` parses them and held exactly in nano-units (the
//! precision a `resource.Quantity` keeps).

use std::sync::Arc;

use cel::common::types::{self as celtypes, Type};
use cel::common::value::{CowVal, Val};
use cel::objects::Opaque;
use cel::{Env, ExecutionError, Value as CelValue};

const TYPE_NAME: &str = "kubernetes.Quantity";
const FORMAT_WRONG: &str =
    "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
const NANO: i128 = 1_000_000_000;

/// A quantity, in nano-units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Quantity(i128);

impl Opaque for Quantity {
    fn runtime_type_name(&self) -> &str {
        TYPE_NAME
    }
}

fn quantity_type() -> Type {
    Type::new_opaque_type(TYPE_NAME)
}

/// `resource.ParseQuantity`.
pub(super) fn parse(s: &str) -> Result<Quantity, String> {
    if s.is_empty() {
        return Err(FORMAT_WRONG.to_owned());
    }
    let bytes = s.as_bytes();
    let mut pos = 0;
    let negative = match bytes.first() {
        Some(b'-') => {
            pos += 1;
            true
        }
        Some(b'+') => {
            pos += 1;
            false
        }
        _ => false,
    };
    let digits = |from: usize| {
        from + bytes[from..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    let num_end = digits(pos);
    let num = &s[pos..num_end];
    pos = num_end;
    let mut denom = "";
    if pos < bytes.len() && bytes[pos] == b'.' {
        let end = digits(pos + 1);
        denom = &s[pos + 1..end];
        pos = end;
    }
    let suffix_start = pos;
    while pos < bytes.len() && b"eEinumkKMGTP".contains(&bytes[pos]) {
        pos += 1;
    }
    if pos < bytes.len() && (bytes[pos] == b'-' || bytes[pos] == b'+') {
        pos += 1;
    }
    pos = digits(pos);
    if pos != bytes.len() {
        return Err(FORMAT_WRONG.to_owned());
    }
    let suffix = &s[suffix_start..];
    let (base2, exponent): (bool, i32) = match suffix {
        "" => (false, 0),
        "n" => (false, -9),
        "u" => (false, -6),
        "m" => (false, -3),
        "k" => (false, 3),
        "M" => (false, 6),
        "G" => (false, 9),
        "T" => (false, 12),
        "P" => (false, 15),
        "E" => (false, 18),
        "Ki" => (true, 10),
        "Mi" => (true, 20),
        "Gi" => (true, 30),
        "Ti" => (true, 40),
        "Pi" => (true, 50),
        "Ei" => (true, 60),
        s if s.len() > 1 && (s.starts_with('e') || s.starts_with('E')) => (
            false,
            s[1..]
                .parse::<i32>()
                .map_err(|_| "unable to parse quantity's suffix".to_owned())?,
        ),
        _ => return Err("unable to parse quantity's suffix".to_owned()),
    };
    let too_large = || "quantity is out of the range this implementation holds exactly".to_owned();
    // The digits as an integer, and how many of them are decimals.
    let mut mantissa: i128 = 0;
    for b in num.bytes().chain(denom.bytes()) {
        mantissa = mantissa
            .checked_mul(10)
            .and_then(|m| m.checked_add(i128::from(b - b'0')))
            .ok_or_else(too_large)?;
    }
    let mut scale = 9 - denom.len() as i32; // power of ten from the mantissa to nanos
    if base2 {
        mantissa = mantissa
            .checked_mul(1i128 << exponent)
            .ok_or_else(too_large)?;
    } else {
        scale += exponent;
    }
    let nanos = if scale >= 0 {
        10i128
            .checked_pow(scale as u32)
            .and_then(|p| mantissa.checked_mul(p))
            .ok_or_else(too_large)?
    } else {
        // Below a nano the value rounds up, as a Quantity does.
        let divisor = 10i128.checked_pow((-scale) as u32).unwrap_or(i128::MAX);
        let (q, r) = (mantissa / divisor, mantissa % divisor);
        if r != 0 { q + 1 } else { q }
    };
    Ok(Quantity(if negative { -nanos } else { nanos }))
}

type Res<'b, 'v> = Result<CowVal<'b, 'v>, ExecutionError>;

fn value(q: Quantity) -> CelValue {
    CelValue::Opaque(Arc::new(q))
}

fn out<'b, 'v>(v: CelValue) -> Res<'b, 'v> {
    Ok(CowVal::Owned(Box::<dyn Val>::try_from(v)?))
}

fn quantity_arg(v: &CowVal<'_, '_>, function: &str) -> Result<Quantity, ExecutionError> {
    match CelValue::try_from(v.as_ref())? {
        CelValue::Opaque(o) => o
            .downcast_ref::<Quantity>()
            .copied()
            .ok_or_else(|| ExecutionError::function_error(function, "expected a quantity")),
        _ => Err(ExecutionError::function_error(
            function,
            "expected a quantity",
        )),
    }
}

fn operand(v: &CowVal<'_, '_>, function: &str) -> Result<Quantity, ExecutionError> {
    match CelValue::try_from(v.as_ref())? {
        CelValue::Int(i) => Ok(Quantity(i128::from(i) * NANO)),
        _ => quantity_arg(v, function),
    }
}

fn string_arg(v: &CowVal<'_, '_>, function: &str) -> Result<String, ExecutionError> {
    match CelValue::try_from(v.as_ref())? {
        CelValue::String(s) => Ok(s.to_string()),
        _ => Err(ExecutionError::function_error(
            function,
            "expected a string",
        )),
    }
}

fn quantity<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    let s = string_arg(&args[0], "quantity")?;
    out(value(parse(&s).map_err(|e| {
        ExecutionError::function_error("quantity", e)
    })?))
}

fn is_quantity<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    let s = string_arg(&args[0], "isQuantity")?;
    out(CelValue::Bool(parse(&s).is_ok()))
}

fn as_int(q: Quantity) -> Option<i64> {
    (q.0 % NANO == 0)
        .then(|| i64::try_from(q.0 / NANO).ok())
        .flatten()
}

fn is_integer<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    out(CelValue::Bool(
        as_int(quantity_arg(&args[0], "isInteger")?).is_some(),
    ))
}

fn as_integer<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    let q = quantity_arg(&args[0], "asInteger")?;
    let i = as_int(q).ok_or_else(|| {
        ExecutionError::function_error("asInteger", "cannot convert value to integer")
    })?;
    out(CelValue::Int(i))
}

fn as_approximate_float<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    let q = quantity_arg(&args[0], "asApproximateFloat")?;
    out(CelValue::Float(q.0 as f64 / NANO as f64))
}

fn sign<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    out(CelValue::Int(
        quantity_arg(&args[0], "sign")?.0.signum() as i64
    ))
}

fn add<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    let (a, b) = (quantity_arg(&args[0], "add")?, operand(&args[1], "add")?);
    out(value(Quantity(a.0 + b.0)))
}

fn sub<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    let (a, b) = (quantity_arg(&args[0], "sub")?, operand(&args[1], "sub")?);
    out(value(Quantity(a.0 - b.0)))
}

fn compare_to<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    let (a, b) = (
        quantity_arg(&args[0], "compareTo")?,
        quantity_arg(&args[1], "compareTo")?,
    );
    out(CelValue::Int(a.0.cmp(&b.0) as i64))
}

fn is_greater_than<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    let (a, b) = (
        quantity_arg(&args[0], "isGreaterThan")?,
        quantity_arg(&args[1], "isGreaterThan")?,
    );
    out(CelValue::Bool(a.0 > b.0))
}

fn is_less_than<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    let (a, b) = (
        quantity_arg(&args[0], "isLessThan")?,
        quantity_arg(&args[1], "isLessThan")?,
    );
    out(CelValue::Bool(a.0 < b.0))
}

/// Registers the library on `env`.
pub(super) fn register(env: &mut Env) {
    use celtypes::{INT_TYPE, STRING_TYPE};
    let _ = env.add_overload("quantity", "k8s.quantity", vec![STRING_TYPE], quantity);
    let _ = env.add_overload(
        "isQuantity",
        "k8s.isQuantity",
        vec![STRING_TYPE],
        is_quantity,
    );
    let members: [(&str, &str, Vec<Type>, cel::common::functions::Function); 11] = [
        ("isInteger", "k8s.quantity.isInteger", vec![], is_integer),
        ("asInteger", "k8s.quantity.asInteger", vec![], as_integer),
        (
            "asApproximateFloat",
            "k8s.quantity.asApproximateFloat",
            vec![],
            as_approximate_float,
        ),
        ("sign", "k8s.quantity.sign", vec![], sign),
        ("add", "k8s.quantity.add", vec![quantity_type()], add),
        ("add", "k8s.quantity.addInt", vec![INT_TYPE], add),
        ("sub", "k8s.quantity.sub", vec![quantity_type()], sub),
        ("sub", "k8s.quantity.subInt", vec![INT_TYPE], sub),
        (
            "compareTo",
            "k8s.quantity.compareTo",
            vec![quantity_type()],
            compare_to,
        ),
        (
            "isGreaterThan",
            "k8s.quantity.isGreaterThan",
            vec![quantity_type()],
            is_greater_than,
        ),
        (
            "isLessThan",
            "k8s.quantity.isLessThan",
            vec![quantity_type()],
            is_less_than,
        ),
    ];
    for (name, id, args, f) in members {
        let _ = env.add_member_overload(name, id, quantity_type(), args, f);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantities_parse_like_resource_parse_quantity() {
        let nanos = |s: &str| parse(s).map(|q| q.0);
        assert_eq!(nanos("1"), Ok(NANO));
        assert_eq!(nanos("1.5G"), Ok(1_500_000_000 * NANO));
        assert_eq!(nanos("200k"), Ok(200_000 * NANO));
        assert_eq!(nanos("1Ki"), Ok(1024 * NANO));
        assert_eq!(nanos("100m"), Ok(NANO / 10));
        assert_eq!(nanos("-2e3"), Ok(-2000 * NANO));
        assert_eq!(nanos("1n"), Ok(1));
        assert_eq!(nanos("0.1n"), Ok(1), "below a nano rounds up");
        assert_eq!(nanos("-"), Ok(0));
        assert!(nanos("200K").is_err());
        assert!(nanos("Three").is_err());
        assert!(nanos("1,3G").is_err());
        assert_eq!(nanos(""), Err(FORMAT_WRONG.to_owned()));
    }
}
