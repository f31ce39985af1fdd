//! Marker value syntax (controller-gen's): bare, `"quoted"` and `` `backtick` ``
//! strings, numbers, booleans, `a;b` and `{a,b}` lists, and JSON or
//! `{key: value}` literals for defaults. Every error says where in the marker
//! it is, so the diagnostic can underline the offending characters.

use super::suggest;

/// The type of a marker's value (or of one argument's value).
#[derive(Clone, Copy, Debug)]
pub enum ValueKind {
    /// A bare, `"quoted"` or `` `backtick` `` string.
    Str,
    /// A non-negative integer.
    UInt,
    Int,
    /// An integer or decimal number.
    Number,
    Bool,
    /// `a;b;c` or `{a,b,c}`.
    StrList,
    /// JSON, or a controller-gen literal (`{a,b}`, `a;b`, `{k: v}`, bare string).
    Literal,
    /// Strict JSON (`+default=`).
    Json,
    /// A list of scalars (`Enum=a;b;1`), each a string, number or boolean.
    LiteralList,
    /// A string from a fixed set.
    OneOf(&'static [&'static str]),
    /// The text as written, interpreted by the builder.
    Raw,
}

/// One named argument a marker accepts.
#[derive(Clone, Copy, Debug)]
pub struct ArgDef {
    pub name: &'static str,
    pub kind: ValueKind,
    pub required: bool,
}

impl ArgDef {
    pub const fn required(name: &'static str, kind: ValueKind) -> Self {
        ArgDef {
            name,
            kind,
            required: true,
        }
    }

    pub const fn optional(name: &'static str, kind: ValueKind) -> Self {
        ArgDef {
            name,
            kind,
            required: false,
        }
    }
}

/// A parsed value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A flag, or a flag given `=true` / `=false`.
    Flag(bool),
    Bool(bool),
    Int(i64),
    UInt(u64),
    Number(f64),
    Str(String),
    List(Vec<Value>),
    Json(serde_json::Value),
    Args(Vec<Arg>),
}

/// One `key=value` argument.
#[derive(Clone, Debug, PartialEq)]
pub struct Arg {
    pub key: String,
    pub value: Value,
    /// Character offset of the value from the marker's `+`.
    pub offset: usize,
    pub len: usize,
}

impl Value {
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) | Value::Flag(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_number(&self) -> Option<f64> {
        match self {
            Value::Number(n) => Some(*n),
            Value::Int(n) => Some(*n as f64),
            Value::UInt(n) => Some(*n as f64),
            _ => None,
        }
    }

    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Value::UInt(n) => Some(*n),
            _ => None,
        }
    }

    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Value::Int(n) => Some(*n),
            _ => None,
        }
    }

    /// Strings of a `StrList`.
    pub fn as_str_list(&self) -> Vec<String> {
        match self {
            Value::List(items) => items
                .iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect(),
            _ => Vec::new(),
        }
    }

    pub fn to_json(&self) -> serde_json::Value {
        match self {
            Value::Json(v) => v.clone(),
            Value::Str(s) => serde_json::Value::String(s.clone()),
            Value::Bool(b) | Value::Flag(b) => serde_json::Value::Bool(*b),
            Value::Int(n) => (*n).into(),
            Value::UInt(n) => (*n).into(),
            Value::Number(n) => serde_json::Number::from_f64(*n)
                .map_or(serde_json::Value::Null, serde_json::Value::Number),
            Value::List(items) => items.iter().map(Value::to_json).collect(),
            Value::Args(_) => serde_json::Value::Null,
        }
    }
}

/// A problem in a marker value, `offset` characters after the marker's `+`.
#[derive(Debug)]
pub(crate) struct MarkerError {
    pub offset: usize,
    pub len: usize,
    pub message: String,
    pub help: Option<String>,
}

impl MarkerError {
    pub fn new(offset: usize, len: usize, message: impl Into<String>) -> Self {
        MarkerError {
            offset,
            len,
            message: message.into(),
            help: None,
        }
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

/// `s` without surrounding whitespace, and the character offset where it starts.
pub(crate) fn trim_offset(s: &str, offset: usize) -> (&str, usize) {
    let start = s.trim_start();
    (
        start.trim_end(),
        offset + s.chars().count() - start.chars().count(),
    )
}

fn found(s: &str) -> String {
    if s.is_empty() {
        "nothing".to_owned()
    } else {
        format!("`{s}`")
    }
}

/// Parses one value; `offset` is the character offset of `raw` from the `+`.
pub(crate) fn parse_value(raw: &str, kind: ValueKind, offset: usize) -> Result<Value, MarkerError> {
    let (s, offset) = trim_offset(raw, offset);
    let len = s.chars().count();
    let bad =
        |what: &str| MarkerError::new(offset, len, format!("expected {what}, found {}", found(s)));
    match kind {
        ValueKind::Str => unquote(s, offset).map(Value::Str),
        ValueKind::Raw => Ok(Value::Str(s.to_owned())),
        ValueKind::UInt => s.parse().map(Value::UInt).map_err(|_| {
            bad("a non-negative integer").help("lengths and counts are whole numbers, 0 or more")
        }),
        ValueKind::Int => s.parse().map(Value::Int).map_err(|_| bad("an integer")),
        ValueKind::Number => match s.parse::<f64>() {
            Ok(n)
                if n.is_finite()
                    && s.starts_with(|c: char| {
                        c.is_ascii_digit() || c == '-' || c == '+' || c == '.'
                    }) =>
            {
                Ok(Value::Number(n))
            }
            _ => Err(bad("a number").help("write a number such as `0`, `-1` or `0.5`")),
        },
        ValueKind::Bool => match s {
            "true" => Ok(Value::Bool(true)),
            "false" => Ok(Value::Bool(false)),
            _ => Err(bad("`true` or `false`").help("write `true` or `false`")),
        },
        ValueKind::OneOf(options) => {
            let value = unquote(s, offset)?;
            if options.contains(&value.as_str()) {
                return Ok(Value::Str(value));
            }
            let list = options
                .iter()
                .map(|o| format!("`{o}`"))
                .collect::<Vec<_>>()
                .join(", ");
            let err = bad(&format!("one of {list}"));
            Err(match suggest::closest(&value, options.iter().copied()) {
                Some(s) => err.help(format!("did you mean `{s}`?")),
                None => err,
            })
        }
        ValueKind::StrList => split_list(s, offset)?
            .into_iter()
            .map(|(o, item)| unquote(item, o).map(Value::Str))
            .collect::<Result<_, _>>()
            .map(Value::List),
        ValueKind::Json => serde_json::from_str(s).map(Value::Json).map_err(|_| {
            bad("a JSON value").help(format!(
                "the value is JSON, so strings need quotes: `{}`",
                serde_json::Value::String(s.to_owned())
            ))
        }),
        ValueKind::Literal => match serde_json::from_str(s) {
            Ok(json) => Ok(Value::Json(json)),
            Err(_) => literal(s, offset).map(Value::Json),
        },
        ValueKind::LiteralList => split_list(s, offset)?
            .into_iter()
            .map(|(o, item)| scalar(item, o).map(Value::Json))
            .collect::<Result<_, _>>()
            .map(Value::List),
    }
}

/// A string value: `"quoted"` (with Go/JSON escapes), `` `raw` ``, or bare text.
fn unquote(s: &str, offset: usize) -> Result<String, MarkerError> {
    let len = s.chars().count();
    if let Some(inner) = s.strip_prefix('`') {
        return match inner.strip_suffix('`') {
            Some(body) if !body.contains('`') => Ok(body.to_owned()),
            _ => Err(
                MarkerError::new(offset, len, "unterminated backtick string")
                    .help("end the string with a backtick, and use one string per value"),
            ),
        };
    }
    if s.starts_with('"') {
        return serde_json::from_str::<String>(s).map_err(|_| {
            MarkerError::new(offset, len, "invalid quoted string")
                .help("close the quotes and escape inner quotes as `\\\"`; a backtick string needs no escapes")
        });
    }
    Ok(s.to_owned())
}

/// A list: `{a,b,c}` or `a;b;c`; returns each element with its offset.
pub(crate) fn split_list(s: &str, offset: usize) -> Result<Vec<(usize, &str)>, MarkerError> {
    let (inner, inner_offset, sep) = match s.strip_prefix('{').and_then(|r| r.strip_suffix('}')) {
        Some(inner) => (inner, offset + 1, ','),
        None => (s, offset, ';'),
    };
    if inner.trim().is_empty() {
        return Ok(Vec::new());
    }
    split_top_level(inner, sep)
        .into_iter()
        .map(|(o, item)| {
            let (t, o) = trim_offset(item, inner_offset + o);
            if t.is_empty() {
                Err(
                    MarkerError::new(o.saturating_sub(1), 1, "empty list element")
                        .help("remove the extra separator"),
                )
            } else {
                Ok((o, t))
            }
        })
        .collect()
}

/// A controller-gen literal that is not JSON: `{a,b}` and `a;b` lists,
/// `{key: value}` maps, or a scalar.
fn literal(s: &str, offset: usize) -> Result<serde_json::Value, MarkerError> {
    if let Some(inner) = s.strip_prefix('{').and_then(|r| r.strip_suffix('}')) {
        let items: Vec<(usize, &str)> = split_top_level(inner, ',')
            .into_iter()
            .filter(|(_, item)| !item.trim().is_empty())
            .collect();
        let is_map = !items.is_empty()
            && items
                .iter()
                .all(|(_, item)| !separators(item, ':').is_empty());
        if !is_map {
            return split_list(s, offset)?
                .into_iter()
                .map(|(o, item)| literal_or_json(item, o))
                .collect();
        }
        let mut map = serde_json::Map::new();
        for (o, item) in items {
            let colon = separators(item, ':')[0];
            let item_offset = offset + 1 + o;
            let (key, key_offset) = trim_offset(&item[..colon], item_offset);
            let key = unquote(key, key_offset)?;
            let value_start = item_offset + item[..=colon].chars().count();
            let (value, value_offset) = trim_offset(&item[colon + 1..], value_start);
            map.insert(key, literal_or_json(value, value_offset)?);
        }
        return Ok(serde_json::Value::Object(map));
    }
    if !separators(s, ';').is_empty() {
        return split_list(s, offset)?
            .into_iter()
            .map(|(o, item)| scalar(item, o))
            .collect();
    }
    scalar(s, offset)
}

fn literal_or_json(s: &str, offset: usize) -> Result<serde_json::Value, MarkerError> {
    serde_json::from_str(s).or_else(|_| literal(s, offset))
}

/// A scalar: quoted string, boolean, number, or bare string.
fn scalar(s: &str, offset: usize) -> Result<serde_json::Value, MarkerError> {
    if s.starts_with('"') || s.starts_with('`') {
        return unquote(s, offset).map(serde_json::Value::String);
    }
    if let Ok(v @ (serde_json::Value::Bool(_) | serde_json::Value::Number(_))) =
        serde_json::from_str(s)
    {
        return Ok(v);
    }
    if s.is_empty() {
        return Err(
            MarkerError::new(offset, 1, "expected a value, found nothing")
                .help("write the value after `=`, or remove the marker"),
        );
    }
    Ok(serde_json::Value::String(s.to_owned()))
}

/// Byte indices of `sep` where it is not inside quotes, backticks or brackets.
fn separators(s: &str, sep: char) -> Vec<usize> {
    let mut found = Vec::new();
    let mut depth = 0i32;
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for (byte, c) in s.char_indices() {
        if let Some(q) = quote {
            if escaped {
                escaped = false;
            } else if c == '\\' && q == '"' {
                escaped = true;
            } else if c == q {
                quote = None;
            }
            continue;
        }
        match c {
            '"' | '`' => quote = Some(c),
            '{' | '[' | '(' => depth += 1,
            '}' | ']' | ')' => depth -= 1,
            c if c == sep && depth == 0 => found.push(byte),
            _ => {}
        }
    }
    found
}

/// Splits at `sep` where it is not inside quotes, backticks or brackets; each
/// piece comes with its character offset in `s`.
pub(crate) fn split_top_level(s: &str, sep: char) -> Vec<(usize, &str)> {
    let mut pieces = Vec::new();
    let mut start = 0;
    for at in separators(s, sep) {
        pieces.push((s[..start].chars().count(), &s[start..at]));
        start = at + sep.len_utf8();
    }
    pieces.push((s[..start].chars().count(), &s[start..]));
    pieces
}
