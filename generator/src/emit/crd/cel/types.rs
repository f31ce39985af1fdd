//! CEL types as the API server's type checker (cel-go's `checker`) sees them,
//! with its rules for which argument a parameter accepts: type parameters that
//! bind as they are matched, `dyn` that fits everything, `null` that fits
//! objects, timestamps, durations and library types.

use std::collections::HashMap;
use std::fmt;

use super::decl::Decl;

/// A CEL type.
#[derive(Clone, Debug)]
pub(crate) enum Type<'d> {
    Int,
    Uint,
    Double,
    String,
    Bool,
    Bytes,
    Null,
    Timestamp,
    Duration,
    Dyn,
    /// What an expression that failed to check has; fits everything, so one
    /// mistake is reported once.
    Error,
    List(Box<Type<'d>>),
    Map(Box<Type<'d>>, Box<Type<'d>>),
    /// An object of the schema: a struct type of its own (the API server names
    /// each by its path), whose fields are the node's properties.
    Object(&'d Decl),
    /// A type of a library (`kubernetes.Quantity`, `net.IP`), or CEL's
    /// `optional_type(T)`, with its parameters.
    Named(String, Vec<Type<'d>>),
    /// `type(T)`, the type of a type (CEL's `type`).
    Meta(Option<Box<Type<'d>>>),
    /// A type parameter (of a function's declaration, or one the checker made
    /// up for an empty list).
    Param(u32),
}

/// The kinds cel-go's cost model looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Scalar,
    String,
    Bytes,
    List,
    Map,
    Struct,
    Opaque,
    Param,
    Dyn,
    Other,
}

/// The library types that are structs (not opaque) in the API server's
/// environment: selecting from them costs like selecting an object's field.
const STRUCT_TYPES: [&str; 10] = [
    "kubernetes.Quantity",
    "kubernetes.URL",
    "kubernetes.Semver",
    "kubernetes.NamedFormat",
    "kubernetes.authorization.Authorizer",
    "kubernetes.authorization.PathCheck",
    "kubernetes.authorization.GroupCheck",
    "kubernetes.authorization.ResourceCheck",
    "kubernetes.authorization.Decision",
    "kubernetes.authorization.ServiceAccountCheck",
];

impl<'d> Type<'d> {
    pub fn optional(inner: Type<'d>) -> Type<'d> {
        Type::Named("optional_type".to_owned(), vec![inner])
    }

    /// `optional_type(T)` → `T`.
    pub fn unwrap_optional(&self) -> Option<&Type<'d>> {
        match self {
            Type::Named(name, params) if name == "optional_type" => params.first(),
            _ => None,
        }
    }

    pub fn kind(&self) -> Kind {
        match self {
            Type::Int
            | Type::Uint
            | Type::Double
            | Type::Bool
            | Type::Timestamp
            | Type::Duration => Kind::Scalar,
            Type::String => Kind::String,
            Type::Bytes => Kind::Bytes,
            Type::List(_) => Kind::List,
            Type::Map(..) => Kind::Map,
            Type::Object(_) => Kind::Struct,
            Type::Named(name, _) if STRUCT_TYPES.contains(&name.as_str()) => Kind::Struct,
            Type::Named(..) => Kind::Opaque,
            Type::Param(_) => Kind::Param,
            Type::Dyn | Type::Error => Kind::Dyn,
            Type::Null | Type::Meta(_) => Kind::Other,
        }
    }

    /// cel-go's `isScalar`: a value whose size is always 1.
    pub fn is_scalar(&self) -> bool {
        match self {
            Type::Named(name, params) if name == "optional_type" => {
                params.first().is_some_and(Type::is_scalar)
            }
            other => other.kind() == Kind::Scalar,
        }
    }

    fn is_dyn_or_error(&self) -> bool {
        matches!(self, Type::Dyn | Type::Error)
    }

    /// The same type, exactly (objects by node).
    pub fn exact(&self, other: &Type<'_>) -> bool {
        match (self, other) {
            (Type::List(a), Type::List(b)) => a.exact(b),
            (Type::Map(ak, av), Type::Map(bk, bv)) => ak.exact(bk) && av.exact(bv),
            (Type::Object(a), Type::Object(b)) => std::ptr::eq(*a, *b),
            (Type::Named(a, ap), Type::Named(b, bp)) => {
                a == b && ap.len() == bp.len() && ap.iter().zip(bp).all(|(x, y)| x.exact(y))
            }
            (Type::Meta(a), Type::Meta(b)) => match (a, b) {
                (Some(a), Some(b)) => a.exact(b),
                (None, None) => true,
                _ => false,
            },
            (Type::Param(a), Type::Param(b)) => a == b,
            (a, b) => std::mem::discriminant(a) == std::mem::discriminant(b),
        }
    }

    /// Type parameters renumbered from `base` (a fresh instance of a declaration).
    pub fn instantiate(&self, base: u32) -> Type<'d> {
        self.map_params(&|p| Type::Param(base + p))
    }

    fn map_params(&self, f: &dyn Fn(u32) -> Type<'d>) -> Type<'d> {
        match self {
            Type::Param(p) => f(*p),
            Type::List(t) => Type::List(Box::new(t.map_params(f))),
            Type::Map(k, v) => Type::Map(Box::new(k.map_params(f)), Box::new(v.map_params(f))),
            Type::Named(n, ps) => {
                Type::Named(n.clone(), ps.iter().map(|p| p.map_params(f)).collect())
            }
            Type::Meta(Some(t)) => Type::Meta(Some(Box::new(t.map_params(f)))),
            other => other.clone(),
        }
    }
}

impl fmt::Display for Type<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Int => f.write_str("int"),
            Type::Uint => f.write_str("uint"),
            Type::Double => f.write_str("double"),
            Type::String => f.write_str("string"),
            Type::Bool => f.write_str("bool"),
            Type::Bytes => f.write_str("bytes"),
            Type::Null => f.write_str("null_type"),
            Type::Timestamp => f.write_str("google.protobuf.Timestamp"),
            Type::Duration => f.write_str("google.protobuf.Duration"),
            Type::Dyn | Type::Param(_) => f.write_str("dyn"),
            Type::Error => f.write_str("*error*"),
            Type::List(t) => write!(f, "list({t})"),
            Type::Map(k, v) => write!(f, "map({k}, {v})"),
            Type::Object(_) => f.write_str("object"),
            Type::Named(name, params) if params.is_empty() => f.write_str(name),
            Type::Named(name, params) => write!(
                f,
                "{name}({})",
                params
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Type::Meta(Some(t)) => write!(f, "type({t})"),
            Type::Meta(None) => f.write_str("type"),
        }
    }
}

/// What the type parameters stand for so far.
#[derive(Clone, Debug, Default)]
pub(crate) struct Mapping<'d> {
    subs: HashMap<u32, Type<'d>>,
}

impl<'d> Mapping<'d> {
    fn find(&self, t: &Type<'d>) -> Option<&Type<'d>> {
        match t {
            Type::Param(p) => self.subs.get(p),
            _ => None,
        }
    }

    fn add(&mut self, param: &Type<'d>, to: Type<'d>) {
        if let Type::Param(p) = param {
            self.subs.insert(*p, to);
        }
    }

    /// cel-go's `isAssignable`: whether an argument of type `t1` fits a
    /// parameter of type `t2`, binding type parameters; the mapping changes
    /// only when it does.
    pub fn assign(&mut self, t1: &Type<'d>, t2: &Type<'d>) -> bool {
        let mut copy = self.clone();
        if copy.assignable(t1, t2) {
            *self = copy;
            true
        } else {
            false
        }
    }

    fn assignable(&mut self, t1: &Type<'d>, t2: &Type<'d>) -> bool {
        if let Type::Param(_) = t2 {
            let (valid, has_sub) = self.valid_substitution(t1, t2);
            if valid {
                return true;
            }
            if has_sub {
                return false;
            }
        }
        if let Type::Param(_) = t1 {
            return self.valid_substitution(t2, t1).0;
        }
        if t1.is_dyn_or_error() || t2.is_dyn_or_error() {
            return true;
        }
        if let Type::Null = t1 {
            return nullable(t2);
        }
        if let Type::Null = t2 {
            return nullable(t1);
        }
        match (t1, t2) {
            (Type::List(a), Type::List(b)) => self.assignable(a, b),
            (Type::Map(ak, av), Type::Map(bk, bv)) => {
                self.assignable(ak, bk) && self.assignable(av, bv)
            }
            (Type::Named(a, ap), Type::Named(b, bp)) => {
                a == b
                    && ap.len() == bp.len()
                    && ap.iter().zip(bp).all(|(x, y)| self.assignable(x, y))
            }
            (Type::Meta(_), Type::Meta(_)) => true,
            (a, b) => a.exact(b),
        }
    }

    fn valid_substitution(&mut self, t1: &Type<'d>, t2: &Type<'d>) -> (bool, bool) {
        if t1.exact(t2) {
            return (true, true);
        }
        if let Some(sub) = self.find(t2).cloned() {
            if t1.exact(&sub) {
                return (true, true);
            }
            if self.assignable(t1, &sub) {
                let general = most_general(t1, &sub);
                if self.not_referenced_in(t2, &general) {
                    self.add(t2, general);
                }
                return (true, true);
            }
            return (false, true);
        }
        if self.not_referenced_in(t2, t1) {
            self.add(t2, t1.clone());
            return (true, false);
        }
        (false, false)
    }

    fn not_referenced_in(&self, t: &Type<'d>, within: &Type<'d>) -> bool {
        if t.exact(within) {
            return false;
        }
        match within {
            Type::Param(_) => match self.find(within) {
                Some(sub) => self.not_referenced_in(t, sub),
                None => true,
            },
            Type::List(a) => self.not_referenced_in(t, a),
            Type::Map(k, v) => self.not_referenced_in(t, k) && self.not_referenced_in(t, v),
            Type::Named(_, ps) => ps.iter().all(|p| self.not_referenced_in(t, p)),
            Type::Meta(Some(a)) => self.not_referenced_in(t, a),
            _ => true,
        }
    }

    /// `t` with what its parameters stand for; unbound ones become `dyn` when
    /// `to_dyn`.
    pub fn substitute(&self, t: &Type<'d>, to_dyn: bool) -> Type<'d> {
        if let Some(sub) = self.find(t) {
            return self.substitute(sub, to_dyn);
        }
        match t {
            Type::Param(_) if to_dyn => Type::Dyn,
            Type::List(a) => Type::List(Box::new(self.substitute(a, to_dyn))),
            Type::Map(k, v) => Type::Map(
                Box::new(self.substitute(k, to_dyn)),
                Box::new(self.substitute(v, to_dyn)),
            ),
            Type::Named(n, ps) => Type::Named(
                n.clone(),
                ps.iter().map(|p| self.substitute(p, to_dyn)).collect(),
            ),
            Type::Meta(Some(a)) => Type::Meta(Some(Box::new(self.substitute(a, to_dyn)))),
            other => other.clone(),
        }
    }
}

/// cel-go's legacy nullability: `null` fits objects, library types,
/// timestamps and durations.
fn nullable(t: &Type<'_>) -> bool {
    matches!(
        t,
        Type::Object(_) | Type::Named(..) | Type::Timestamp | Type::Duration | Type::Null
    )
}

/// The less specific of two compatible types.
pub(crate) fn most_general<'d>(t1: &Type<'d>, t2: &Type<'d>) -> Type<'d> {
    if less_specific(t1, t2) {
        t1.clone()
    } else {
        t2.clone()
    }
}

fn less_specific(t1: &Type<'_>, t2: &Type<'_>) -> bool {
    if matches!(t1, Type::Dyn | Type::Param(_)) {
        return true;
    }
    if matches!(t2, Type::Dyn | Type::Param(_)) {
        return false;
    }
    match (t1, t2) {
        (Type::List(a), Type::List(b)) => less_specific(a, b),
        (Type::Map(ak, av), Type::Map(bk, bv)) => less_specific(ak, bk) && less_specific(av, bv),
        (Type::Named(a, ap), Type::Named(b, bp)) => {
            a == b && ap.len() == bp.len() && ap.iter().zip(bp).all(|(x, y)| less_specific(x, y))
        }
        (Type::Meta(_), Type::Meta(_)) => true,
        (a, b) => a.exact(b),
    }
}

/// Parses a type as the function table writes it (cel-go's `Type.String()`):
/// `int`, `list(<A>)`, `map(<K>, <V>)`, `optional_type(<V>)`, `type(<A>)`,
/// `kubernetes.Quantity`; type parameters are numbered in `params`.
pub(crate) fn parse(text: &str, params: &mut Vec<String>) -> Type<'static> {
    let text = text.trim();
    if let Some(name) = text.strip_prefix('<').and_then(|t| t.strip_suffix('>')) {
        let index = params.iter().position(|p| p == name).unwrap_or_else(|| {
            params.push(name.to_owned());
            params.len() - 1
        });
        return Type::Param(u32::try_from(index).unwrap_or(0));
    }
    let (head, args) = match text.find('(') {
        Some(open) if text.ends_with(')') => {
            (&text[..open], split_args(&text[open + 1..text.len() - 1]))
        }
        _ => (text, Vec::new()),
    };
    let mut args: Vec<Type<'static>> = args.iter().map(|a| parse(a, params)).collect();
    match (head, args.len()) {
        ("int", 0) => Type::Int,
        ("uint", 0) => Type::Uint,
        ("double", 0) => Type::Double,
        ("string", 0) => Type::String,
        ("bool", 0) => Type::Bool,
        ("bytes", 0) => Type::Bytes,
        ("null_type", 0) => Type::Null,
        ("dyn" | "any", 0) => Type::Dyn,
        ("google.protobuf.Timestamp", 0) => Type::Timestamp,
        ("google.protobuf.Duration", 0) => Type::Duration,
        ("list", 1) => Type::List(Box::new(args.remove(0))),
        ("map", 2) => {
            let value = args.remove(1);
            Type::Map(Box::new(args.remove(0)), Box::new(value))
        }
        ("type", 0) => Type::Meta(None),
        ("type", 1) => Type::Meta(Some(Box::new(args.remove(0)))),
        (name, _) => Type::Named(name.to_owned(), args),
    }
}

/// `a, map(b, c)` → `["a", "map(b, c)"]`.
pub(crate) fn split_args(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                out.push(text[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    if !text[start..].trim().is_empty() {
        out.push(text[start..].trim());
    }
    out
}
