//! `x-kubernetes-validations`: CEL rules compiled once with the maintained
//! `cel` crate, evaluated as the API server evaluates them (`self`,
//! `oldSelf` transition rules only on update with an old value unless
//! `optionalOldSelf`, `messageExpression`, `reason`, `fieldPath`,
//! ratcheting of unchanged values).
//!
//! Values are converted as Kubernetes converts them: `date-time` and `date`
//! strings are timestamps, `duration` strings durations, `byte` strings
//! bytes, `number` values doubles, property names escaped (`foo-bar` is
//! `self.foo__dash__bar`), and the resource root shows `apiVersion`, `kind`
//! and `metadata.name`/`generateName`.
//!
//! Besides the CEL standard library and the `strings` and `lists`
//! extensions, the Kubernetes functions implemented are the list library
//! (`isSorted`, `sum`, `min`, `max`, `indexOf`, `lastIndexOf`), the regex
//! library (`find`, `findAll`) and the sets extension (`sets.contains`,
//! `sets.equivalent`, `sets.intersects`). A rule using another function of
//! Kubernetes' CEL library ([`UNSUPPORTED_FUNCTIONS`]) is refused when the
//! schema is compiled, naming the function.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock};

use cel::common::types::{self as celtypes, CelOptional};
use cel::common::value::{CowVal, Val};
use cel::objects::{Key, Map};
use cel::{Context, Env, ExecutionError, Program, Value as CelValue};
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::{
    JSONSchemaProps, ValidationRule,
};
use serde_json::Value;

use crate::errors::{BadValue, ErrorType, FieldError};
use crate::structural::Node;

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
    // Quantity
    "quantity",
    "isQuantity",
    "isGreaterThan",
    "isLessThan",
    "compareTo",
    "asInteger",
    "asApproximateFloat",
    "isInteger",
    "add",
    "sub",
    // IP and CIDR
    "ip",
    "isIP",
    "cidr",
    "isCIDR",
    "family",
    "isUnspecified",
    "isLoopback",
    "isLinkLocalMulticast",
    "isLinkLocalUnicast",
    "isGlobalUnicast",
    "containsIP",
    "containsCIDR",
    "prefixLength",
    "masked",
    "ip.isCanonical",
    // Semver
    "semver",
    "isSemver",
    "major",
    "minor",
    "patch",
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

static ENV: LazyLock<Arc<Env>> = LazyLock::new(|| {
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
    Arc::new(env)
});

/// One compiled rule.
pub(crate) struct Rule {
    source: ValidationRule,
    program: Result<Program, String>,
    message: Option<Result<Program, String>>,
    uses_old_self: bool,
    /// The `fieldPath`, relative to the node (`x.y`).
    field_path: Option<String>,
}

impl std::fmt::Debug for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Rule")
            .field("rule", &self.source.rule)
            .finish()
    }
}

fn compile(source: &str) -> Result<Program, String> {
    let program = ENV.compile(source).map_err(|e| e.to_string())?;
    let refs = program.references();
    if let Some(f) = UNSUPPORTED_FUNCTIONS.iter().find(|f| refs.has_function(f)) {
        return Err(format!(
            "`{f}` is a function of Kubernetes' CEL library that kube-codegen-schema does not implement (see its documentation for the list); the API server evaluates this rule, this crate cannot"
        ));
    }
    Ok(program)
}

impl Rule {
    /// Compiles a rule of the node `s`.
    pub(crate) fn compile(rule: &ValidationRule, s: &JSONSchemaProps) -> Result<Rule, String> {
        let program = compile(&rule.rule)?;
        let uses_old_self = program.references().has_variable("oldSelf");
        let message = match rule.message_expression.as_deref().filter(|m| !m.is_empty()) {
            Some(m) => Some(Ok(
                compile(m).map_err(|e| format!("messageExpression: {e}"))?
            )),
            None => None,
        };
        let field_path = match rule.field_path.as_deref().filter(|p| !p.is_empty()) {
            Some(p) => {
                Some(normalize_field_path(p, s).map_err(|e| format!("fieldPath {p:?}: {e}"))?)
            }
            None => None,
        };
        Ok(Rule {
            source: rule.clone(),
            program: Ok(program),
            message,
            uses_old_self,
            field_path,
        })
    }

    /// A rule that does not compile: validation reports it, as the server
    /// reports a rule compile error.
    pub(crate) fn failed(rule: &ValidationRule, message: String) -> Rule {
        Rule {
            source: rule.clone(),
            program: Err(message),
            message: None,
            uses_old_self: rule.rule.contains("oldSelf"),
            field_path: None,
        }
    }
}

/// `ValidFieldPath`: `.a.b['c']` relative to the node, as a field path
/// (`a.b.c`, or `[key]` into a map).
fn normalize_field_path(path: &str, s: &JSONSchemaProps) -> Result<String, String> {
    let mut out = String::new();
    let mut schema = s.clone();
    let mut rest = path;
    while !rest.is_empty() {
        let (name, tail) = if let Some(r) = rest.strip_prefix("['") {
            let end = r.find("']").ok_or("expected ] after a quoted name")?;
            (
                r[..end].replace("\\'", "'").replace("\\\\", "\\"),
                &r[end + 2..],
            )
        } else if let Some(r) = rest.strip_prefix('.') {
            let end = r.find(['.', '[']).unwrap_or(r.len());
            (r[..end].to_owned(), &r[end..])
        } else {
            return Err(format!("expected [ or . but got: {rest}"));
        };
        if let Some(props) = schema.properties.as_ref().filter(|p| !p.is_empty()) {
            let next = props.get(&name).ok_or("does not refer to a valid field")?.clone();
            if !out.is_empty() {
                out.push('.');
            }
            out.push_str(&name);
            schema = next;
        } else if let Some(k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::JSONSchemaPropsOrBool::Schema(a)) =
            &schema.additional_properties
        {
            out.push_str(&format!("[{name}]"));
            schema = (**a).clone();
        } else {
            return Err("does not refer to a valid field".to_owned());
        }
        rest = tail;
    }
    Ok(out)
}

// ------------------------------------------------------------- evaluation

/// Validates the rules of `node` and below on `obj` (`old`: the correlated
/// old value on update). `unchanged`: ratcheting of the nearest correlated
/// ancestor. `resource_root`: the node is a resource or embedded resource.
pub(crate) fn validate(
    node: &Node,
    obj: &Value,
    old: Option<&Value>,
    path: &str,
    unchanged: bool,
    resource_root: bool,
    errors: &mut Vec<FieldError>,
) {
    if obj.is_null() || !node.has_rules() {
        return;
    }
    let unchanged = match old {
        Some(o) => crate::openapi::deep_equal(node, o, obj),
        None => unchanged,
    };
    evaluate(node, node, obj, old, path, unchanged, resource_root, errors);
    for all_of in &node.all_of {
        if !all_of.rules.is_empty() {
            evaluate(all_of, node, obj, old, path, false, resource_root, errors);
        }
    }
    match obj {
        Value::Array(items) => {
            let Some(item) = node.items.as_deref() else {
                return;
            };
            let olds = old.and_then(Value::as_array);
            for (i, v) in items.iter().enumerate() {
                let o = olds.and_then(|olds| correlate(node, v, olds));
                validate(
                    item,
                    v,
                    o,
                    &format!("{path}[{i}]"),
                    unchanged && o.is_none(),
                    item.embedded,
                    errors,
                );
            }
        }
        Value::Object(map) => {
            let correlatable = matches!(
                node.map_type.as_deref(),
                None | Some("granular") | Some("atomic")
            );
            let olds = old.and_then(Value::as_object).filter(|_| correlatable);
            for (k, v) in map {
                let (child, child_path) = match (node.properties.get(k), node.additional_schema()) {
                    (Some(p), _) => (p, join(path, k)),
                    (None, Some(a)) => (a, format!("{path}[{k}]")),
                    _ => continue,
                };
                let o = olds.and_then(|m| m.get(k));
                validate(
                    child,
                    v,
                    o,
                    &child_path,
                    unchanged && o.is_none(),
                    child.embedded,
                    errors,
                );
            }
        }
        _ => {}
    }
}

fn join(path: &str, name: &str) -> String {
    if path.is_empty() {
        name.to_owned()
    } else {
        format!("{path}.{name}")
    }
}

fn correlate<'a>(list: &Node, v: &Value, olds: &'a [Value]) -> Option<&'a Value> {
    if list.list_type.as_deref() != Some("map") {
        return None;
    }
    let key = |x: &Value| -> Vec<Option<Value>> {
        list.list_map_keys
            .iter()
            .map(|k| x.get(k).cloned())
            .collect()
    };
    let wanted = key(v);
    olds.iter().find(|o| key(o) == wanted)
}

/// Runs the rules of `rules_of` (the node or one of its `allOf`) with the
/// types of `node`.
#[allow(clippy::too_many_arguments)]
fn evaluate(
    rules_of: &Node,
    node: &Node,
    obj: &Value,
    old: Option<&Value>,
    path: &str,
    unchanged: bool,
    resource_root: bool,
    errors: &mut Vec<FieldError>,
) {
    if rules_of.rules.is_empty() {
        return;
    }
    let type_name = node.type_.clone().unwrap_or_default();
    let bad = || BadValue::Json(Value::String(type_name.clone()));
    let field = if path.is_empty() {
        "<nil>".to_owned()
    } else {
        path.to_owned()
    };
    let this = to_cel(node, obj, resource_root);
    let previous = old.map(|o| to_cel(node, o, resource_root));
    for rule in &rules_of.rules {
        let program = match &rule.program {
            Ok(p) => p,
            Err(e) => {
                errors.push(FieldError::new(
                    ErrorType::Invalid,
                    &field,
                    bad(),
                    format!("rule compile error: {e}"),
                ));
                continue;
            }
        };
        let optional = rule.source.optional_old_self == Some(true);
        if rule.uses_old_self && previous.is_none() && !optional {
            continue;
        }
        let mut ctx = Context::with_env(Arc::clone(&ENV));
        ctx.add_variable_from_value("self", this.clone());
        if optional {
            let opt = match &previous {
                Some(p) => CelOptional::of(boxed(p.clone())),
                None => CelOptional::none(),
            };
            ctx.add_variable_as_val("oldSelf", Box::new(opt));
        } else if let Some(p) = &previous {
            ctx.add_variable_from_value("oldSelf", p.clone());
        }
        let rule_text = rule_error_string(&rule.source);
        match program.execute(&ctx) {
            Err(e) => {
                let text = go_error(&e);
                let detail = if text.starts_with("no such overload") {
                    format!(
                        "'{text}': call arguments did not match a supported operator, function or macro signature for rule: {rule_text}"
                    )
                } else {
                    format!("{text} evaluating rule: {rule_text}")
                };
                errors.push(FieldError::new(ErrorType::Invalid, &field, bad(), detail));
            }
            Ok(CelValue::Bool(true)) => {}
            Ok(_) => {
                let at = match &rule.field_path {
                    Some(p) => join(path, p),
                    None => field.clone(),
                };
                // A rule without oldSelf does not fail an unchanged value.
                if !rule.uses_old_self && unchanged && old.is_some() {
                    continue;
                }
                let message = rule
                    .message
                    .as_ref()
                    .and_then(|m| m.as_ref().ok())
                    .and_then(|m| message_expression(m, &this, previous.as_ref()))
                    .unwrap_or_else(|| rule_message_or_default(&rule.source));
                let e = match rule.source.reason.as_deref() {
                    Some("FieldValueForbidden") => {
                        FieldError::new(ErrorType::Forbidden, at, BadValue::Omitted, message)
                    }
                    Some("FieldValueRequired") => {
                        FieldError::new(ErrorType::Required, at, BadValue::Omitted, message)
                    }
                    Some("FieldValueDuplicate") => {
                        FieldError::new(ErrorType::Duplicate, at, bad(), "")
                    }
                    _ => FieldError::new(ErrorType::Invalid, at, bad(), message),
                };
                errors.push(e);
            }
        }
    }
}

fn boxed(v: CelValue) -> Box<dyn Val> {
    Box::<dyn Val>::try_from(v).unwrap_or_else(|_| Box::new(celtypes::CelNull))
}

/// A `messageExpression`'s message, `None` to fall back to the rule's.
fn message_expression(
    program: &Program,
    this: &CelValue,
    old: Option<&CelValue>,
) -> Option<String> {
    let mut ctx = Context::with_env(Arc::clone(&ENV));
    ctx.add_variable_from_value("self", this.clone());
    if let Some(o) = old {
        ctx.add_variable_from_value("oldSelf", o.clone());
    }
    match program.execute(&ctx) {
        Ok(CelValue::String(s)) => {
            let s = s.trim();
            (!s.is_empty() && !s.contains('\n') && s.len() <= 5 * 1024).then(|| s.to_owned())
        }
        _ => None,
    }
}

fn rule_error_string(rule: &ValidationRule) -> String {
    match rule
        .message
        .as_deref()
        .map(str::trim)
        .filter(|m| !m.is_empty())
    {
        Some(m) => m.to_owned(),
        None => rule.rule.trim().to_owned(),
    }
}

fn rule_message_or_default(rule: &ValidationRule) -> String {
    match rule
        .message
        .as_deref()
        .map(str::trim)
        .filter(|m| !m.is_empty())
    {
        Some(m) => m.to_owned(),
        None => format!("failed rule: {}", rule.rule.trim()),
    }
}

/// The error text cel-go would give for an evaluation error.
fn go_error(e: &ExecutionError) -> String {
    match e {
        ExecutionError::NoSuchKey(k) => format!("no such key: {k}"),
        ExecutionError::NoSuchOverload(_) => "no such overload".to_owned(),
        ExecutionError::DivisionByZero(_) => "division by zero".to_owned(),
        ExecutionError::RemainderByZero(_) => "modulus by zero".to_owned(),
        ExecutionError::Overflow(..) => "integer overflow".to_owned(),
        ExecutionError::IndexOutOfBounds(i) => format!("index out of bounds: {}", cel_display(i)),
        other => other.to_string(),
    }
}

fn cel_display(v: &CelValue) -> String {
    match v {
        CelValue::Int(i) => i.to_string(),
        CelValue::UInt(u) => u.to_string(),
        CelValue::String(s) => s.to_string(),
        other => format!("{other:?}"),
    }
}

// ------------------------------------------------------------- values

/// `cel.Escape`: how a property name is spelt in CEL; `None` when it cannot be.
pub(crate) fn escape(name: &str) -> Option<String> {
    const RESERVED: &[&str] = &[
        "true",
        "false",
        "null",
        "in",
        "as",
        "break",
        "const",
        "continue",
        "else",
        "for",
        "function",
        "if",
        "import",
        "let",
        "loop",
        "package",
        "namespace",
        "return",
        "var",
        "void",
        "while",
    ];
    if name.is_empty() || name.as_bytes()[0].is_ascii_digit() {
        return None;
    }
    if RESERVED.contains(&name) {
        return Some(format!("__{name}__"));
    }
    let mut out = String::with_capacity(name.len());
    let mut chars = name.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '_' if chars.peek() == Some(&'_') => {
                chars.next();
                out.push_str("__underscores__");
            }
            '.' => out.push_str("__dot__"),
            '-' => out.push_str("__dash__"),
            '/' => out.push_str("__slash__"),
            c if c.is_ascii_alphanumeric() || c == '_' => out.push(c),
            _ => return None,
        }
    }
    Some(out)
}

fn key(s: &str) -> Key {
    Key::String(Arc::new(s.to_owned()))
}

/// A JSON value as CEL sees it under schema `node` (`UnstructuredToVal`).
pub(crate) fn to_cel(node: &Node, v: &Value, resource_root: bool) -> CelValue {
    match v {
        Value::Null => CelValue::Null,
        Value::Bool(b) => CelValue::Bool(*b),
        Value::Number(n) => {
            if node.type_.as_deref() == Some("number") {
                CelValue::Float(n.as_f64().unwrap_or(0.0))
            } else if let Some(i) = n.as_i64() {
                CelValue::Int(i)
            } else if let Some(u) = n.as_u64() {
                CelValue::UInt(u)
            } else {
                CelValue::Float(n.as_f64().unwrap_or(0.0))
            }
        }
        Value::String(s) => string_value(node, s),
        Value::Array(items) => {
            let list = items
                .iter()
                .map(|i| match node.items.as_deref() {
                    Some(item) => to_cel(item, i, item.embedded),
                    None => plain(i),
                })
                .collect();
            CelValue::List(Arc::new(list))
        }
        Value::Object(map) => {
            let mut out: HashMap<Key, CelValue> = HashMap::with_capacity(map.len());
            if !node.properties.is_empty() || resource_root {
                for (k, child) in &node.properties {
                    if let (Some(value), Some(name)) = (map.get(k), escape(k)) {
                        out.insert(key(&name), to_cel(child, value, child.embedded));
                    }
                }
                if resource_root {
                    for k in ["apiVersion", "kind"] {
                        if let Some(Value::String(s)) = map.get(k) {
                            out.insert(key(k), CelValue::String(Arc::new(s.clone())));
                        }
                    }
                    if let Some(Value::Object(meta)) = map.get("metadata") {
                        let mut m = HashMap::new();
                        for k in ["name", "generateName"] {
                            if let Some(Value::String(s)) = meta.get(k) {
                                m.insert(key(k), CelValue::String(Arc::new(s.clone())));
                            }
                        }
                        out.insert(key("metadata"), CelValue::Map(Map { map: Arc::new(m) }));
                    }
                }
                if node.preserve_unknown {
                    for (k, value) in map {
                        if !node.properties.contains_key(k)
                            && let Some(name) = escape(k)
                        {
                            out.entry(key(&name)).or_insert_with(|| plain(value));
                        }
                    }
                }
            } else {
                for (k, value) in map {
                    let converted = match node.additional_schema() {
                        Some(a) => to_cel(a, value, a.embedded),
                        None => plain(value),
                    };
                    out.insert(key(k), converted);
                }
            }
            CelValue::Map(Map { map: Arc::new(out) })
        }
    }
}

fn string_value(node: &Node, s: &str) -> CelValue {
    let string = || CelValue::String(Arc::new(s.to_owned()));
    if node.type_.as_deref() != Some("string") {
        return string();
    }
    match node.format.as_deref() {
        Some("byte") => {
            use base64::Engine;
            match base64::engine::general_purpose::STANDARD.decode(s) {
                Ok(b) => CelValue::Bytes(Arc::new(b)),
                Err(_) => string(),
            }
        }
        Some("duration") => match crate::formats::parse_duration(s) {
            Some(ns) => CelValue::Duration(chrono::Duration::nanoseconds(ns as i64)),
            None => string(),
        },
        Some("date-time") => match chrono::DateTime::parse_from_rfc3339(s) {
            Ok(t) => CelValue::Timestamp(t),
            Err(_) => string(),
        },
        Some("date") => match chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d") {
            Ok(d) => CelValue::Timestamp(
                d.and_hms_opt(0, 0, 0)
                    .unwrap_or_default()
                    .and_utc()
                    .fixed_offset(),
            ),
            Err(_) => string(),
        },
        _ => string(),
    }
}

/// A value without a schema: JSON as CEL values.
fn plain(v: &Value) -> CelValue {
    match v {
        Value::Null => CelValue::Null,
        Value::Bool(b) => CelValue::Bool(*b),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => CelValue::Int(i),
            (None, Some(u)) => CelValue::UInt(u),
            _ => CelValue::Float(n.as_f64().unwrap_or(0.0)),
        },
        Value::String(s) => CelValue::String(Arc::new(s.clone())),
        Value::Array(items) => CelValue::List(Arc::new(items.iter().map(plain).collect())),
        Value::Object(map) => CelValue::Map(Map {
            map: Arc::new(map.iter().map(|(k, v)| (key(k), plain(v))).collect()),
        }),
    }
}

// ------------------------------------------------------------- Kubernetes library

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
