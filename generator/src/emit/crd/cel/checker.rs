//! The type checker of CRD rules: cel-go's `checker` over the API server's
//! environment, with the same results the cost model needs (the type of every
//! expression and the overloads each call may take) and the same mistakes
//! refused: fields the schema does not have, names nothing declares, calls no
//! overload takes.

use std::collections::HashMap;

use cel::common::ast::{CallExpr, EntryExpr, Expr, IdedExpr, LiteralValue};

use super::decl::{Decl, DeclKind};
use super::functions::FUNCTIONS;
use super::types::{Mapping, Type, most_general};
use crate::parse::suggest;

/// What checking one expression found.
#[derive(Default)]
pub(crate) struct Checked<'d> {
    /// The type of every expression, by id.
    pub types: HashMap<u64, Type<'d>>,
    /// The overloads each call may resolve to, by id.
    pub overloads: HashMap<u64, Vec<String>>,
    /// Calls written `a.b.f(x)` that name the function `a.b.f` (no target).
    pub qualified: HashMap<u64, String>,
    pub errors: Vec<String>,
    /// The expression calls a macro in a form not expanded here (a macro
    /// whose variable is not a plain name): its type and cost are unknown.
    pub unmodelled: bool,
}

/// Checks `e` with `self` (and `oldSelf`) of type `self_ty`.
pub(crate) fn check<'d>(e: &IdedExpr, self_ty: Type<'d>, old_self: Type<'d>) -> Checked<'d> {
    check_with(
        e,
        HashMap::from([
            ("self".to_owned(), self_ty),
            ("oldSelf".to_owned(), old_self),
        ]),
    )
}

/// Checks `e` with `variables` declared; a name may be qualified
/// (`authorizer.requestResource`), as cel-go resolves `a.b` as one name first.
pub(crate) fn check_with<'d>(e: &IdedExpr, variables: HashMap<String, Type<'d>>) -> Checked<'d> {
    let mut checker = Checker {
        scopes: vec![variables],
        mapping: Mapping::default(),
        next_param: 1000,
        out: Checked::default(),
    };
    checker.check(e);
    let Checker {
        mapping, mut out, ..
    } = checker;
    for t in out.types.values_mut() {
        *t = mapping.substitute(t, true);
    }
    out
}

/// The type of a declaration.
pub(crate) fn type_of(decl: &Decl) -> Type<'_> {
    match &decl.kind {
        DeclKind::Int => Type::Int,
        DeclKind::Double => Type::Double,
        DeclKind::Bool => Type::Bool,
        DeclKind::String => Type::String,
        DeclKind::Bytes => Type::Bytes,
        DeclKind::Duration => Type::Duration,
        DeclKind::Timestamp => Type::Timestamp,
        DeclKind::Dyn => Type::Dyn,
        DeclKind::List(item) => Type::List(Box::new(type_of(item))),
        DeclKind::Map(value) => Type::Map(Box::new(Type::String), Box::new(type_of(value))),
        DeclKind::Object(_) => Type::Object(decl),
    }
}

struct Checker<'d> {
    scopes: Vec<HashMap<String, Type<'d>>>,
    mapping: Mapping<'d>,
    next_param: u32,
    out: Checked<'d>,
}

impl<'d> Checker<'d> {
    fn set(&mut self, e: &IdedExpr, t: Type<'d>) -> Type<'d> {
        self.out.types.insert(e.id, t.clone());
        t
    }

    fn fresh(&mut self) -> Type<'d> {
        self.next_param += 1;
        Type::Param(self.next_param)
    }

    fn lookup(&self, name: &str) -> Option<&Type<'d>> {
        self.scopes.iter().rev().find_map(|s| s.get(name))
    }

    fn check(&mut self, e: &IdedExpr) -> Type<'d> {
        let t = match &e.expr {
            Expr::Literal(literal) => match literal {
                LiteralValue::Boolean(_) => Type::Bool,
                LiteralValue::Bytes(_) => Type::Bytes,
                LiteralValue::Double(_) => Type::Double,
                LiteralValue::Int(_) => Type::Int,
                LiteralValue::Null => Type::Null,
                LiteralValue::String(_) => Type::String,
                LiteralValue::UInt(_) => Type::Uint,
            },
            Expr::Ident(name) => match self.lookup(name) {
                Some(t) => t.clone(),
                None => match type_name(name) {
                    Some(t) => Type::Meta(Some(Box::new(t))),
                    None => {
                        self.undeclared(name);
                        Type::Error
                    }
                },
            },
            Expr::Select(select) if !select.test && self.qualified_variable(e).is_some() => {
                self.qualified_variable(e).unwrap_or(Type::Error)
            }
            Expr::Select(select) => {
                let field = self.select_field(&select.operand, &select.field, false);
                if select.test {
                    Type::Bool
                } else {
                    self.mapping.substitute(&field, false)
                }
            }
            Expr::Call(call) => self.call(e, call),
            Expr::Comprehension(c) => {
                self.check(&c.iter_range);
                let accu = self.check(&c.accu_init);
                let range = self.mapping.substitute(&self.type_at(&c.iter_range), false);
                let (var, var2) = match &range {
                    Type::List(item) if c.iter_var2.is_some() => (Type::Int, (**item).clone()),
                    Type::List(item) => ((**item).clone(), Type::Dyn),
                    Type::Map(key, value) => ((**key).clone(), (**value).clone()),
                    Type::Dyn | Type::Error | Type::Param(_) => {
                        self.mapping.assign(&Type::Dyn, &range);
                        (Type::Dyn, Type::Dyn)
                    }
                    other => {
                        self.out.errors.push(format!(
                            "expression of type '{other}' cannot be range of a comprehension \
                             (must be list, map, or dynamic)"
                        ));
                        (Type::Error, Type::Error)
                    }
                };
                self.scopes
                    .push(HashMap::from([(c.accu_var.clone(), accu.clone())]));
                let mut scope = HashMap::from([(c.iter_var.clone(), var)]);
                if let Some(var2_name) = &c.iter_var2 {
                    scope.insert(var2_name.clone(), var2);
                }
                self.scopes.push(scope);
                let condition = self.check(&c.loop_cond);
                self.assert(&condition, &Type::Bool);
                let step = self.check(&c.loop_step);
                self.assert(&step, &accu);
                self.scopes.pop();
                let result = self.check(&c.result);
                self.scopes.pop();
                self.mapping.substitute(&result, false)
            }
            Expr::List(list) => {
                let mut elements: Option<Type<'d>> = None;
                for (i, element) in list.elements.iter().enumerate() {
                    let mut t = self.check(element);
                    if list.optional_indices.contains(&i) {
                        t = t.unwrap_optional().cloned().unwrap_or(t);
                    }
                    elements = Some(self.join(elements, t));
                }
                let item = elements.unwrap_or_else(|| self.fresh());
                Type::List(Box::new(item))
            }
            Expr::Map(map) => {
                let (mut keys, mut values) = (None, None);
                for entry in &map.entries {
                    if let EntryExpr::MapEntry(entry) = &entry.expr {
                        let k = self.check(&entry.key);
                        keys = Some(self.join(keys, k));
                        let mut v = self.check(&entry.value);
                        if entry.optional {
                            v = v.unwrap_optional().cloned().unwrap_or(v);
                        }
                        values = Some(self.join(values, v));
                    }
                }
                match (keys, values) {
                    (Some(k), Some(v)) => Type::Map(Box::new(k), Box::new(v)),
                    _ => Type::Map(Box::new(self.fresh()), Box::new(self.fresh())),
                }
            }
            Expr::Struct(s) => {
                for entry in &s.entries {
                    if let EntryExpr::StructField(field) = &entry.expr {
                        self.check(&field.value);
                    }
                }
                self.undeclared(&s.type_name);
                Type::Error
            }
            Expr::Unspecified => Type::Error,
        };
        self.set(e, t)
    }

    /// The type of a declared variable whose name has a dot, written `a.b`.
    fn qualified_variable(&self, e: &IdedExpr) -> Option<Type<'d>> {
        let name = qualified_name(e)?;
        name.contains('.').then(|| self.lookup(&name).cloned())?
    }

    fn type_at(&self, e: &IdedExpr) -> Type<'d> {
        self.out.types.get(&e.id).cloned().unwrap_or(Type::Error)
    }

    /// cel-go's `joinTypes` with homogeneous aggregate literals: elements of a
    /// list (or keys, values of a map) must agree.
    fn join(&mut self, previous: Option<Type<'d>>, current: Type<'d>) -> Type<'d> {
        let Some(previous) = previous else {
            return current;
        };
        if self.mapping.assign(&previous, &current) {
            return most_general(&previous, &current);
        }
        self.out.errors.push(format!(
            "expected type '{}' but found '{}'",
            self.mapping.substitute(&previous, true),
            self.mapping.substitute(&current, true)
        ));
        Type::Error
    }

    fn assert(&mut self, found: &Type<'d>, expected: &Type<'d>) {
        if !self.mapping.assign(found, expected) {
            self.out.errors.push(format!(
                "expected type '{}' but found '{}'",
                self.mapping.substitute(expected, true),
                self.mapping.substitute(found, true)
            ));
        }
    }

    fn undeclared(&mut self, name: &str) {
        self.out.errors.push(format!(
            "undeclared reference to '{name}' (in container '')"
        ));
    }

    /// `operand.field`: a map's value, an object's field (refused when the
    /// object has no such field), `dyn` for what is not known here.
    fn select_field(&mut self, operand: &IdedExpr, field: &str, optional: bool) -> Type<'d> {
        self.check(operand);
        let operand_ty = self.mapping.substitute(&self.type_at(operand), false);
        let (target, was_optional) = match operand_ty.unwrap_optional() {
            Some(inner) => (inner.clone(), true),
            None => (operand_ty.clone(), false),
        };
        let result = match &target {
            Type::Map(_, value) => (**value).clone(),
            Type::Object(decl) => match decl.fields().and_then(|f| f.get(field)) {
                Some(field_decl) => type_of(field_decl),
                None => {
                    let known = decl.fields().into_iter().flatten().map(|(n, _)| n.as_str());
                    let hint = suggest::closest(field, known)
                        .map(|known| format!("; did you mean `{known}`?"))
                        .unwrap_or_default();
                    self.out
                        .errors
                        .push(format!("undefined field '{field}'{hint}"));
                    Type::Error
                }
            },
            Type::Param(_) => {
                self.mapping.assign(&Type::Dyn, &target);
                Type::Dyn
            }
            Type::Dyn | Type::Error => Type::Dyn,
            other => {
                self.out
                    .errors
                    .push(format!("type '{other}' does not support field selection"));
                Type::Dyn
            }
        };
        if was_optional || optional {
            Type::optional(result)
        } else {
            result
        }
    }

    fn call(&mut self, e: &IdedExpr, call: &CallExpr) -> Type<'d> {
        let name = call.func_name.as_str();
        if name == "_?._" {
            if let (
                Some(operand),
                Some(IdedExpr {
                    expr: Expr::Literal(LiteralValue::String(field)),
                    ..
                }),
            ) = (call.args.first(), call.args.get(1))
            {
                let t = self.select_field(operand, field, true);
                self.out
                    .overloads
                    .insert(e.id, vec!["select_optional_field".to_owned()]);
                return self.mapping.substitute(&t, false);
            }
            return Type::Error;
        }
        if FUNCTIONS.is_unexpanded_macro(name, call.target.is_some(), call.args.len()) {
            self.out.unmodelled = true;
            return Type::Dyn;
        }
        let args: Vec<Type<'d>> = call.args.iter().map(|a| self.check(a)).collect();
        let Some(target) = &call.target else {
            return match FUNCTIONS.get(name) {
                Some(_) => self.resolve(e, name, None, args),
                None => {
                    self.undeclared(name);
                    Type::Error
                }
            };
        };
        if let Some(prefix) = qualified_name(target) {
            let full = format!("{prefix}.{name}");
            if FUNCTIONS.get(&full).is_some() {
                self.out.qualified.insert(e.id, full.clone());
                return self.resolve(e, &full, None, args);
            }
        }
        let target_ty = self.check(target);
        match FUNCTIONS.get(name) {
            Some(_) => self.resolve(e, name, Some(target_ty), args),
            None => {
                self.undeclared(name);
                Type::Error
            }
        }
    }

    /// cel-go's `resolveOverload`: every overload of the call style whose
    /// parameters take the arguments; the result of the first, or `dyn` when
    /// several disagree.
    fn resolve(
        &mut self,
        e: &IdedExpr,
        name: &str,
        target: Option<Type<'d>>,
        args: Vec<Type<'d>>,
    ) -> Type<'d> {
        let member = target.is_some();
        let all: Vec<Type<'d>> = target.into_iter().chain(args).collect();
        let overloads = FUNCTIONS.get(name).unwrap_or_default();
        if name == "_&&_" || name == "_||_" {
            let mut ok = true;
            for t in &all {
                if !self.mapping.assign(t, &Type::Bool) {
                    self.out.errors.push(format!(
                        "expected type 'bool' but found '{}'",
                        self.mapping.substitute(t, true)
                    ));
                    ok = false;
                }
            }
            if let Some(o) = overloads.first() {
                self.out.overloads.insert(e.id, vec![o.id.clone()]);
            }
            return if ok { Type::Bool } else { Type::Error };
        }
        let mut result: Option<Type<'d>> = None;
        let mut matched = Vec::new();
        for overload in overloads.iter().filter(|o| o.member == member) {
            let base = self.next_param + 1;
            self.next_param += overload.type_params + 1;
            let params: Vec<Type<'d>> = overload
                .params
                .iter()
                .map(|p| p.instantiate(base))
                .collect();
            if params.len() != all.len() {
                continue;
            }
            let mut trial = self.mapping.clone();
            if all.iter().zip(&params).all(|(a, p)| trial.assign(a, p)) {
                self.mapping = trial;
                matched.push(overload.id.clone());
                let r = self
                    .mapping
                    .substitute(&overload.result.instantiate(base), false);
                result = Some(match result {
                    None => r,
                    Some(previous) if matches!(previous, Type::Dyn) || r.exact(&previous) => {
                        previous
                    }
                    Some(_) => Type::Dyn,
                });
            }
        }
        let Some(result) = result else {
            let shown: Vec<String> = all
                .iter()
                .map(|t| self.mapping.substitute(t, true).to_string())
                .collect();
            let applied = if member {
                format!("{}.({})", shown[0], shown[1..].join(", "))
            } else {
                format!("({})", shown.join(", "))
            };
            self.out.errors.push(format!(
                "found no matching overload for '{name}' applied to '{applied}'"
            ));
            return Type::Error;
        };
        self.out.overloads.insert(e.id, matched);
        result
    }
}

/// The types CEL names as identifiers (`type(self.port) == int`).
fn type_name(name: &str) -> Option<Type<'static>> {
    Some(match name {
        "int" => Type::Int,
        "uint" => Type::Uint,
        "double" => Type::Double,
        "bool" => Type::Bool,
        "string" => Type::String,
        "bytes" => Type::Bytes,
        "null_type" => Type::Null,
        "list" => Type::List(Box::new(Type::Dyn)),
        "map" => Type::Map(Box::new(Type::Dyn), Box::new(Type::Dyn)),
        "type" => Type::Meta(None),
        "google.protobuf.Timestamp" => Type::Timestamp,
        "google.protobuf.Duration" => Type::Duration,
        _ => return None,
    })
}

/// `a.b` of `a.b.f()`: a name made of identifiers, which may be a function's
/// namespace (`optional.none()`, `sets.contains(...)`).
fn qualified_name(e: &IdedExpr) -> Option<String> {
    match &e.expr {
        Expr::Ident(name) => Some(name.clone()),
        Expr::Select(s) if !s.test => Some(format!("{}.{}", qualified_name(&s.operand)?, s.field)),
        _ => None,
    }
}
