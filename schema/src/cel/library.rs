//! The CEL environment of the rules: the standard library, the `strings`
//! and `lists` extensions, and the functions of Kubernetes' CEL library this
//! crate implements (lists, regex, sets); the others are listed so that a
//! rule calling one is refused by name.

use std::sync::{Arc, LazyLock};

use cel::common::types as celtypes;
use cel::common::value::{CowVal, Val};
use cel::{Env, ExecutionError, Value as CelValue};

/// Functions of Kubernetes' CEL library this crate does not implement: a
/// rule calling one is refused with a message naming it.
pub const UNSUPPORTED_FUNCTIONS: &[&str] = &[
    // URLs
    "url",
    "isURL",
    "getScheme",
    "getHost",
    "getHostname",
    "getPort",
    "getEscapedPath",
    "getQuery",
    // Named formats
    "format.named",
    "format.dns1123Label",
    "format.dns1123Subdomain",
    "format.dns1035Label",
    "format.qualifiedName",
    "format.dns1123LabelPrefix",
    "format.dns1123SubdomainPrefix",
    "format.dns1035LabelPrefix",
    "format.labelValue",
    "format.uri",
    "format.uuid",
    "format.byte",
    "format.date",
    "format.datetime",
    "validate",
    // Two-variable comprehensions
    "transformList",
    "transformMap",
    "transformMapEntry",
];

pub(super) static ENV: LazyLock<Arc<Env>> = LazyLock::new(|| {
    let mut env = Env::stdlib();
    let _ = cel::extensions::strings(&mut env);
    let _ = cel::extensions::lists(&mut env);
    use celtypes::{DYN_TYPE as DYNT, INT_TYPE as INT, LIST_TYPE as LIST, STRING_TYPE as STRING};
    let _ = env.add_member_overload("isSorted", "k8s.list.isSorted", LIST, vec![], is_sorted);
    let _ = env.add_member_overload("sum", "k8s.list.sum", LIST, vec![], sum);
    let _ = env.add_member_overload("min", "k8s.list.min", LIST, vec![], list_min);
    let _ = env.add_member_overload("max", "k8s.list.max", LIST, vec![], list_max);
    let _ = env.add_member_overload(
        "indexOf",
        "k8s.list.indexOf",
        LIST,
        vec![DYNT],
        list_index_of,
    );
    let _ = env.add_member_overload(
        "lastIndexOf",
        "k8s.list.lastIndexOf",
        LIST,
        vec![DYNT],
        list_last_index_of,
    );
    let _ = env.add_member_overload("find", "k8s.string.find", STRING, vec![STRING], find);
    let _ = env.add_member_overload(
        "findAll",
        "k8s.string.findAll",
        STRING,
        vec![STRING],
        find_all,
    );
    let _ = env.add_member_overload(
        "findAll",
        "k8s.string.findAllN",
        STRING,
        vec![STRING, INT],
        find_all_n,
    );
    let _ = env.add_overload(
        "sets.contains",
        "k8s.sets.contains",
        vec![LIST, LIST],
        sets_contains,
    );
    let _ = env.add_overload(
        "sets.equivalent",
        "k8s.sets.equivalent",
        vec![LIST, LIST],
        sets_equivalent,
    );
    let _ = env.add_overload(
        "sets.intersects",
        "k8s.sets.intersects",
        vec![LIST, LIST],
        sets_intersects,
    );
    super::quantity::register(&mut env);
    super::network::register(&mut env);
    super::semver::register(&mut env);
    Arc::new(env)
});

type Res<'b, 'v> = Result<CowVal<'b, 'v>, ExecutionError>;

fn arg_values(args: &[CowVal<'_, '_>]) -> Result<Vec<CelValue>, ExecutionError> {
    args.iter()
        .map(|a| CelValue::try_from(a.as_ref()))
        .collect()
}

fn out<'b, 'v>(v: CelValue) -> Res<'b, 'v> {
    Ok(CowVal::Owned(Box::<dyn Val>::try_from(v)?))
}

fn list_arg(v: &CelValue, function: &str) -> Result<Arc<Vec<CelValue>>, ExecutionError> {
    match v {
        CelValue::List(l) => Ok(Arc::clone(l)),
        _ => Err(ExecutionError::function_error(function, "expected a list")),
    }
}

fn compare(
    a: &CelValue,
    b: &CelValue,
    function: &str,
) -> Result<std::cmp::Ordering, ExecutionError> {
    a.partial_cmp(b)
        .ok_or_else(|| ExecutionError::function_error(function, "list elements must be comparable"))
}

fn is_sorted<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    let v = arg_values(&args)?;
    let list = list_arg(&v[0], "isSorted")?;
    for w in list.windows(2) {
        if compare(&w[0], &w[1], "isSorted")? == std::cmp::Ordering::Greater {
            return out(CelValue::Bool(false));
        }
    }
    out(CelValue::Bool(true))
}

fn sum<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    let v = arg_values(&args)?;
    let list = list_arg(&v[0], "sum")?;
    let mut total = match list.first() {
        Some(CelValue::Float(_)) => CelValue::Float(0.0),
        Some(CelValue::UInt(_)) => CelValue::UInt(0),
        Some(CelValue::Duration(_)) => CelValue::Duration(chrono::Duration::zero()),
        _ => CelValue::Int(0),
    };
    for item in list.iter() {
        total = match (&total, item) {
            (CelValue::Int(a), CelValue::Int(b)) => {
                CelValue::Int(a.checked_add(*b).ok_or(ExecutionError::Overflow(
                    "+",
                    total.clone(),
                    item.clone(),
                ))?)
            }
            (CelValue::UInt(a), CelValue::UInt(b)) => CelValue::UInt(a.saturating_add(*b)),
            (CelValue::Float(a), CelValue::Float(b)) => CelValue::Float(a + b),
            (CelValue::Duration(a), CelValue::Duration(b)) => CelValue::Duration(*a + *b),
            _ => return Err(ExecutionError::function_error("sum", "no such overload")),
        };
    }
    out(total)
}

fn extreme<'b, 'v>(
    args: Vec<CowVal<'b, 'v>>,
    function: &str,
    want: std::cmp::Ordering,
) -> Res<'b, 'v> {
    let v = arg_values(&args)?;
    let list = list_arg(&v[0], function)?;
    let Some(mut best) = list.first().cloned() else {
        return Err(ExecutionError::function_error(
            function,
            format!("{function} called on empty list"),
        ));
    };
    for item in list.iter().skip(1) {
        if compare(item, &best, function)? == want {
            best = item.clone();
        }
    }
    out(best)
}

fn list_min<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    extreme(args, "min", std::cmp::Ordering::Less)
}

fn list_max<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    extreme(args, "max", std::cmp::Ordering::Greater)
}

fn list_index_of<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    let v = arg_values(&args)?;
    let list = list_arg(&v[0], "indexOf")?;
    let i = list
        .iter()
        .position(|x| x == &v[1])
        .map_or(-1, |i| i as i64);
    out(CelValue::Int(i))
}

fn list_last_index_of<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    let v = arg_values(&args)?;
    let list = list_arg(&v[0], "lastIndexOf")?;
    let i = list
        .iter()
        .rposition(|x| x == &v[1])
        .map_or(-1, |i| i as i64);
    out(CelValue::Int(i))
}

fn regex_args(
    args: &[CowVal<'_, '_>],
    function: &str,
) -> Result<(String, regex::Regex), ExecutionError> {
    let v = arg_values(args)?;
    let (CelValue::String(s), CelValue::String(p)) = (&v[0], &v[1]) else {
        return Err(ExecutionError::function_error(function, "expected strings"));
    };
    let re = regex::Regex::new(p).map_err(|e| ExecutionError::function_error(function, e))?;
    Ok((s.to_string(), re))
}

fn find<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    let (s, re) = regex_args(&args, "find")?;
    out(CelValue::String(Arc::new(
        re.find(&s)
            .map(|m| m.as_str().to_owned())
            .unwrap_or_default(),
    )))
}

fn find_all_limit<'b, 'v>(args: &[CowVal<'b, 'v>], limit: Option<i64>) -> Res<'b, 'v> {
    let (s, re) = regex_args(&args[..2], "findAll")?;
    let take = match limit {
        Some(n) if n >= 0 => n as usize,
        _ => usize::MAX,
    };
    let found = re
        .find_iter(&s)
        .take(take)
        .map(|m| CelValue::String(Arc::new(m.as_str().to_owned())))
        .collect();
    out(CelValue::List(Arc::new(found)))
}

fn find_all<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    find_all_limit(&args, None)
}

fn find_all_n<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    let n = match CelValue::try_from(args[2].as_ref())? {
        CelValue::Int(n) => n,
        _ => -1,
    };
    find_all_limit(&args, Some(n))
}

/// Two list arguments.
type ListPair = (Arc<Vec<CelValue>>, Arc<Vec<CelValue>>);

fn two_lists(args: &[CowVal<'_, '_>], function: &str) -> Result<ListPair, ExecutionError> {
    let v = arg_values(args)?;
    Ok((list_arg(&v[0], function)?, list_arg(&v[1], function)?))
}

fn sets_contains<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    let (a, b) = two_lists(&args, "sets.contains")?;
    out(CelValue::Bool(b.iter().all(|x| a.contains(x))))
}

fn sets_equivalent<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    let (a, b) = two_lists(&args, "sets.equivalent")?;
    out(CelValue::Bool(
        b.iter().all(|x| a.contains(x)) && a.iter().all(|x| b.contains(x)),
    ))
}

fn sets_intersects<'b, 'v>(args: Vec<CowVal<'b, 'v>>) -> Res<'b, 'v> {
    let (a, b) = two_lists(&args, "sets.intersects")?;
    out(CelValue::Bool(b.iter().any(|x| a.contains(x))))
}
