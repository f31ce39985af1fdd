//! Kubernetes' CEL semver library (`semver`, `isSemver`, optionally
//! normalizing; `major`, `minor`, `patch`, `compareTo`, `isGreaterThan`,
//! `isLessThan`), parsing as `github.com/blang/semver/v4` parses, with its
//! messages.

use std::cmp::Ordering;
use std::sync::Arc;

use cel::common::types::{self as celtypes, Type};
use cel::common::value::{CowVal, Val};
use cel::objects::Opaque;
use cel::{Env, ExecutionError, Value as CelValue};

const TYPE_NAME: &str = "kubernetes.Semver";

/// A prerelease identifier.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Pre {
    Num(u64),
    Alpha(String),
}

/// A version; build metadata does not take part in comparisons, so it is
/// not kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Semver {
    major: u64,
    minor: u64,
    patch: u64,
    pre: Vec<Pre>,
}

impl Opaque for Semver {
    fn runtime_type_name(&self) -> &str {
        TYPE_NAME
    }
}

fn only(s: &str, allowed: impl Fn(u8) -> bool) -> bool {
    s.bytes().all(allowed)
}

fn digits(s: &str) -> bool {
    only(s, |b| b.is_ascii_digit())
}

fn alphanum(s: &str) -> bool {
    only(s, |b| b.is_ascii_alphanumeric() || b == b'-')
}

fn leading_zero(s: &str) -> bool {
    s.len() > 1 && s.starts_with('0')
}

/// `strconv.ParseUint`.
fn uint(s: &str) -> Result<u64, String> {
    if s.is_empty() || !digits(s) {
        return Err(format!("strconv.ParseUint: parsing {s:?}: invalid syntax"));
    }
    s.parse()
        .map_err(|_| format!("strconv.ParseUint: parsing {s:?}: value out of range"))
}

fn number(s: &str, what: &str, capital: &str) -> Result<u64, String> {
    if !digits(s) {
        return Err(format!("Invalid character(s) found in {what} number {s:?}"));
    }
    if leading_zero(s) {
        return Err(format!(
            "{capital} number must not contain leading zeroes {s:?}"
        ));
    }
    uint(s)
}

/// `semver.Parse`.
pub(super) fn parse(s: &str) -> Result<Semver, String> {
    if s.is_empty() {
        return Err("Version string empty".to_owned());
    }
    let parts: Vec<&str> = s.splitn(3, '.').collect();
    if parts.len() != 3 {
        return Err("No Major.Minor.Patch elements found".to_owned());
    }
    let major = number(parts[0], "major", "Major")?;
    let minor = number(parts[1], "minor", "Minor")?;
    let mut patch = parts[2];
    let mut build: Vec<&str> = Vec::new();
    if let Some(i) = patch.find('+') {
        build = patch[i + 1..].split('.').collect();
        patch = &patch[..i];
    }
    let mut prerelease: Vec<&str> = Vec::new();
    if let Some(i) = patch.find('-') {
        prerelease = patch[i + 1..].split('.').collect();
        patch = &patch[..i];
    }
    let patch = number(patch, "patch", "Patch")?;
    let mut pre = Vec::new();
    for p in prerelease {
        if p.is_empty() {
            return Err("Prerelease is empty".to_owned());
        }
        if digits(p) {
            if leading_zero(p) {
                return Err(format!(
                    "Numeric PreRelease version must not contain leading zeroes {p:?}"
                ));
            }
            pre.push(Pre::Num(uint(p)?));
        } else if alphanum(p) {
            pre.push(Pre::Alpha(p.to_owned()));
        } else {
            return Err(format!("Invalid character(s) found in prerelease {p:?}"));
        }
    }
    for b in build {
        if b.is_empty() {
            return Err("Buildversion is empty".to_owned());
        }
        if !alphanum(b) {
            return Err(format!(
                "Invalid character(s) found in build meta data {b:?}"
            ));
        }
    }
    Ok(Semver {
        major,
        minor,
        patch,
        pre,
    })
}

/// `normalizeAndParse`: no `v` prefix, no leading zeros, missing minor and
/// patch filled with 0.
pub(super) fn parse_normalized(s: &str) -> Result<Semver, String> {
    let s = s.strip_prefix('v').unwrap_or(s);
    let mut parts: Vec<String> = s
        .splitn(3, '.')
        .map(|p| {
            if p.len() > 1 {
                let trimmed = p.trim_start_matches('0');
                if trimmed.is_empty() || !trimmed.as_bytes()[0].is_ascii_digit() {
                    format!("0{trimmed}")
                } else {
                    trimmed.to_owned()
                }
            } else {
                p.to_owned()
            }
        })
        .collect();
    if parts.len() < 3 {
        if parts.last().is_some_and(|p| p.contains(['+', '-'])) {
            return Err("short version cannot contain PreRelease/Build meta data".to_owned());
        }
        while parts.len() < 3 {
            parts.push("0".to_owned());
        }
    }
    parse(&parts.join("."))
}

fn compare(a: &Semver, b: &Semver) -> Ordering {
    let core = (a.major, a.minor, a.patch).cmp(&(b.major, b.minor, b.patch));
    if core != Ordering::Equal {
        return core;
    }
    match (a.pre.is_empty(), b.pre.is_empty()) {
        (true, true) => return Ordering::Equal,
        (true, false) => return Ordering::Greater,
        (false, true) => return Ordering::Less,
        _ => {}
    }
    for (x, y) in a.pre.iter().zip(&b.pre) {
        let c = match (x, y) {
            (Pre::Num(_), Pre::Alpha(_)) => Ordering::Less,
            (Pre::Alpha(_), Pre::Num(_)) => Ordering::Greater,
            (Pre::Num(m), Pre::Num(n)) => m.cmp(n),
            (Pre::Alpha(m), Pre::Alpha(n)) => m.cmp(n),
        };
        if c != Ordering::Equal {
            return c;
        }
    }
    a.pre.len().cmp(&b.pre.len())
}

type Res<'b, 'v> = Result<CowVal<'b, 'v>, ExecutionError>;

fn out<'b, 'v>(v: CelValue) -> Res<'b, 'v> {
    Ok(CowVal::Owned(Box::<dyn Val>::try_from(v)?))
}

fn semver_arg(v: &CowVal<'_, '_>, function: &str) -> Result<Semver, ExecutionError> {
    match CelValue::try_from(v.as_ref())? {
        CelValue::Opaque(o) => o
            .downcast_ref::<Semver>()
            .cloned()
            .ok_or_else(|| ExecutionError::function_error(function, "no such overload")),
        _ => Err(ExecutionError::function_error(function, "no such overload")),
    }
}

/// The string and the normalize flag of `semver(s[, normalize])`.
fn string_args(args: &[CowVal<'_, '_>], function: &str) -> Result<(String, bool), ExecutionError> {
    let s = match CelValue::try_from(args[0].as_ref())? {
        CelValue::String(s) => s.to_string(),
        _ => return Err(ExecutionError::function_error(function, "no such overload")),
    };
    let normalize = match args
        .get(1)
        .map(|a| CelValue::try_from(a.as_ref()))
        .transpose()?
    {
        Some(CelValue::Bool(b)) => b,
        _ => false,
    };
    Ok((s, normalize))
}

fn parsed(s: &str, normalize: bool) -> Result<Semver, String> {
    if normalize {
        parse_normalized(s)
    } else {
        parse(s)
    }
}

fn semver<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    let (s, normalize) = string_args(&args, "semver")?;
    let v = parsed(&s, normalize).map_err(|e| ExecutionError::function_error("semver", e))?;
    out(CelValue::Opaque(Arc::new(v)))
}

fn is_semver<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    let (s, normalize) = string_args(&args, "isSemver")?;
    out(CelValue::Bool(parsed(&s, normalize).is_ok()))
}

fn part<'b, 'v>(args: Vec<CowVal<'b, 'v>>, name: &str, f: fn(&Semver) -> u64) -> Res<'b, 'v> {
    out(CelValue::Int(f(&semver_arg(&args[0], name)?) as i64))
}

fn major<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    part(args, "major", |v| v.major)
}

fn minor<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    part(args, "minor", |v| v.minor)
}

fn patch<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    part(args, "patch", |v| v.patch)
}

fn ordering<'b, 'v>(args: &[CowVal<'b, 'v>], name: &str) -> Result<Ordering, ExecutionError> {
    Ok(compare(
        &semver_arg(&args[0], name)?,
        &semver_arg(&args[1], name)?,
    ))
}

fn compare_to<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    out(CelValue::Int(ordering(&args, "compareTo")? as i64))
}

fn is_greater_than<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    out(CelValue::Bool(
        ordering(&args, "isGreaterThan")? == Ordering::Greater,
    ))
}

fn is_less_than<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    out(CelValue::Bool(
        ordering(&args, "isLessThan")? == Ordering::Less,
    ))
}

/// Registers the library on `env`.
pub(super) fn register(env: &mut Env) {
    use celtypes::{BOOL_TYPE, STRING_TYPE};
    let t = || Type::new_opaque_type(TYPE_NAME);
    let _ = env.add_overload("semver", "k8s.semver", vec![STRING_TYPE], semver);
    let _ = env.add_overload(
        "semver",
        "k8s.semverNormalize",
        vec![STRING_TYPE, BOOL_TYPE],
        semver,
    );
    let _ = env.add_overload("isSemver", "k8s.isSemver", vec![STRING_TYPE], is_semver);
    let _ = env.add_overload(
        "isSemver",
        "k8s.isSemverNormalize",
        vec![STRING_TYPE, BOOL_TYPE],
        is_semver,
    );
    let _ = env.add_member_overload("major", "k8s.semver.major", t(), vec![], major);
    let _ = env.add_member_overload("minor", "k8s.semver.minor", t(), vec![], minor);
    let _ = env.add_member_overload("patch", "k8s.semver.patch", t(), vec![], patch);
    let _ = env.add_member_overload(
        "compareTo",
        "k8s.semver.compareTo",
        t(),
        vec![t()],
        compare_to,
    );
    let _ = env.add_member_overload(
        "isGreaterThan",
        "k8s.semver.isGreaterThan",
        t(),
        vec![t()],
        is_greater_than,
    );
    let _ = env.add_member_overload(
        "isLessThan",
        "k8s.semver.isLessThan",
        t(),
        vec![t()],
        is_less_than,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_parse_and_order_as_blang_semver_does() {
        assert!(parse("1.2.3-alpha.1+build.5").is_ok());
        assert_eq!(
            parse("1.2").unwrap_err(),
            "No Major.Minor.Patch elements found"
        );
        assert_eq!(
            parse("01.2.3").unwrap_err(),
            "Major number must not contain leading zeroes \"01\""
        );
        assert_eq!(
            parse("1.x.3").unwrap_err(),
            "Invalid character(s) found in minor number \"x\""
        );
        assert_eq!(
            parse("1.2.3-01").unwrap_err(),
            "Numeric PreRelease version must not contain leading zeroes \"01\""
        );
        assert_eq!(parse_normalized("v1.02").unwrap(), parse("1.2.0").unwrap());
        assert_eq!(
            compare(&parse("1.0.0-alpha").unwrap(), &parse("1.0.0").unwrap()),
            Ordering::Less
        );
        assert_eq!(
            compare(
                &parse("1.0.0-alpha.1").unwrap(),
                &parse("1.0.0-alpha.beta").unwrap()
            ),
            Ordering::Less
        );
        assert_eq!(
            compare(
                &parse("1.0.0-rc.1").unwrap(),
                &parse("1.0.0-beta.11").unwrap()
            ),
            Ordering::Greater
        );
    }
}
