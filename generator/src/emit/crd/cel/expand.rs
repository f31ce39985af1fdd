//! The two-variable comprehension macros of the API server's environment
//! (cel-go's `ext.TwoVarComprehensions`: `all`, `exists`, `existsOne` and
//! `exists_one` with three arguments, `transformList`, `transformMap`,
//! `transformMapEntry`), which the parser here leaves as calls, expanded into
//! the comprehensions cel-go's parser makes of them, and the optional
//! library's `optMap` / `optFlatMap` (cel-go's `OptionalTypes`), expanded into
//! its conditional over a binding, so that they are checked and costed like
//! every other expression.

use cel::common::ast::{
    CallExpr, ComprehensionExpr, EntryExpr, Expr, IdedExpr, ListExpr, LiteralValue, MapExpr,
};

const ACCU: &str = "@result";

/// `e` with every two-variable and optional macro call expanded.
pub(crate) fn macros(mut e: IdedExpr) -> IdedExpr {
    let mut next = max_id(&e) + 1;
    expand(&mut e, &mut next);
    e
}

fn max_id(e: &IdedExpr) -> u64 {
    let mut max = e.id;
    visit(e, &mut |child| max = max.max(child.id));
    max
}

/// Calls `f` on every expression below `e`.
fn visit(e: &IdedExpr, f: &mut dyn FnMut(&IdedExpr)) {
    let each = |child: &IdedExpr, f: &mut dyn FnMut(&IdedExpr)| {
        f(child);
        visit(child, f);
    };
    match &e.expr {
        Expr::Select(s) => each(&s.operand, f),
        Expr::Call(c) => {
            if let Some(t) = &c.target {
                each(t, f);
            }
            for a in &c.args {
                each(a, f);
            }
        }
        Expr::Comprehension(c) => {
            for part in [
                &c.iter_range,
                &c.accu_init,
                &c.loop_cond,
                &c.loop_step,
                &c.result,
            ] {
                each(part, f);
            }
        }
        Expr::List(l) => {
            for x in &l.elements {
                each(x, f);
            }
        }
        Expr::Map(m) => {
            for entry in &m.entries {
                if let EntryExpr::MapEntry(entry) = &entry.expr {
                    each(&entry.key, f);
                    each(&entry.value, f);
                }
            }
        }
        Expr::Struct(s) => {
            for entry in &s.entries {
                if let EntryExpr::StructField(field) = &entry.expr {
                    each(&field.value, f);
                }
            }
        }
        Expr::Ident(_) | Expr::Literal(_) | Expr::Unspecified => {}
    }
}

fn expand(e: &mut IdedExpr, next: &mut u64) {
    match &mut e.expr {
        Expr::Select(s) => expand(&mut s.operand, next),
        Expr::Call(c) => {
            if let Some(t) = &mut c.target {
                expand(t, next);
            }
            for a in &mut c.args {
                expand(a, next);
            }
        }
        Expr::Comprehension(c) => {
            for part in [
                &mut c.iter_range,
                &mut c.accu_init,
                &mut c.loop_cond,
                &mut c.loop_step,
                &mut c.result,
            ] {
                expand(part, next);
            }
        }
        Expr::List(l) => l.elements.iter_mut().for_each(|x| expand(x, next)),
        Expr::Map(m) => {
            for entry in &mut m.entries {
                if let EntryExpr::MapEntry(entry) = &mut entry.expr {
                    expand(&mut entry.key, next);
                    expand(&mut entry.value, next);
                }
            }
        }
        Expr::Struct(s) => {
            for entry in &mut s.entries {
                if let EntryExpr::StructField(field) = &mut entry.expr {
                    expand(&mut field.value, next);
                }
            }
        }
        Expr::Ident(_) | Expr::Literal(_) | Expr::Unspecified => {}
    }
    if let Expr::Call(call) = &e.expr
        && let Some(expanded) = expansion(call, next).or_else(|| optional_expansion(call, next))
    {
        e.expr = expanded;
    }
}

/// The comprehension of a two-variable macro call, or `None` for other calls.
fn expansion(call: &CallExpr, next: &mut u64) -> Option<Expr> {
    let target = call.target.as_deref()?;
    let name = call.func_name.as_str();
    let known = matches!(
        (name, call.args.len()),
        ("all" | "exists" | "existsOne" | "exists_one", 3)
            | (
                "transformList" | "transformMap" | "transformMapEntry",
                3 | 4
            )
    );
    if !known {
        return None;
    }
    let (Expr::Ident(var1), Expr::Ident(var2)) = (&call.args[0].expr, &call.args[1].expr) else {
        return None;
    };
    let mut new = |expr: Expr| {
        *next += 1;
        IdedExpr { id: *next, expr }
    };
    let accu = |new: &mut dyn FnMut(Expr) -> IdedExpr| new(Expr::Ident(ACCU.to_owned()));
    let call_of = |name: &str, args: Vec<IdedExpr>| {
        Expr::Call(CallExpr {
            func_name: name.to_owned(),
            target: None,
            args,
        })
    };
    let boolean = |b: bool| Expr::Literal(LiteralValue::Boolean(b.into()));
    let int = |n: i64| Expr::Literal(LiteralValue::Int(n.into()));
    let body = call.args[2].clone();
    let (init, condition, step, result) = match name {
        "all" => {
            let a = accu(&mut new);
            let condition = new(call_of("@not_strictly_false", vec![a]));
            let a = accu(&mut new);
            let step = new(call_of("_&&_", vec![a, body]));
            (new(boolean(true)), condition, step, accu(&mut new))
        }
        "exists" => {
            let a = accu(&mut new);
            let not = new(call_of("!_", vec![a]));
            let condition = new(call_of("@not_strictly_false", vec![not]));
            let a = accu(&mut new);
            let step = new(call_of("_||_", vec![a, body]));
            (new(boolean(false)), condition, step, accu(&mut new))
        }
        "existsOne" | "exists_one" => {
            let a = accu(&mut new);
            let one = new(int(1));
            let plus = new(call_of("_+_", vec![a, one]));
            let a = accu(&mut new);
            let step = new(call_of("_?_:_", vec![body, plus, a]));
            let a = accu(&mut new);
            let one = new(int(1));
            let result = new(call_of("_==_", vec![a, one]));
            (new(int(0)), new(boolean(true)), step, result)
        }
        _ => {
            let (filter, transform) = match call.args.len() {
                4 => (Some(call.args[2].clone()), call.args[3].clone()),
                _ => (None, body),
            };
            let a = accu(&mut new);
            let (init, mut step) = if name == "transformList" {
                let list = new(Expr::List(ListExpr::new(vec![transform])));
                let empty = new(Expr::List(ListExpr::new(Vec::new())));
                (empty, new(call_of("_+_", vec![a, list])))
            } else {
                let mut args = vec![a];
                if name == "transformMap" {
                    args.push(new(Expr::Ident(var1.clone())));
                }
                args.push(transform);
                let empty = new(Expr::Map(MapExpr {
                    entries: Vec::new(),
                }));
                (empty, new(call_of("cel.@mapInsert", args)))
            };
            if let Some(filter) = filter {
                let a = accu(&mut new);
                step = new(call_of("_?_:_", vec![filter, step, a]));
            }
            (init, new(boolean(true)), step, accu(&mut new))
        }
    };
    Some(Expr::Comprehension(Box::new(ComprehensionExpr {
        iter_range: target.clone(),
        iter_var: var1.clone(),
        iter_var2: Some(var2.clone()),
        accu_var: ACCU.to_owned(),
        accu_init: init,
        loop_cond: condition,
        loop_step: step,
        result,
    })))
}

/// cel-go's expansion of `opt.optMap(v, e)` and `opt.optFlatMap(v, e)`:
/// `opt.hasValue() ? optional.of(<e with v bound to opt.value()>) :
/// optional.none()` (without `optional.of` for `optFlatMap`), the binding
/// being the comprehension `cel.bind` makes. `None` for other calls.
fn optional_expansion(call: &CallExpr, next: &mut u64) -> Option<Expr> {
    let target = call.target.as_deref()?;
    let name = call.func_name.as_str();
    if !matches!(name, "optMap" | "optFlatMap") || call.args.len() != 2 {
        return None;
    }
    let Expr::Ident(var) = &call.args[0].expr else {
        return None;
    };
    let mut new = |expr: Expr| {
        *next += 1;
        IdedExpr { id: *next, expr }
    };
    let member = |function: &str, target: &IdedExpr| {
        Expr::Call(CallExpr {
            func_name: function.to_owned(),
            target: Some(Box::new(target.clone())),
            args: Vec::new(),
        })
    };
    let call_of = |function: &str, args: Vec<IdedExpr>| {
        Expr::Call(CallExpr {
            func_name: function.to_owned(),
            target: None,
            args,
        })
    };
    let has_value = new(member("hasValue", target));
    let value = new(member("value", target));
    let binding = Expr::Comprehension(Box::new(ComprehensionExpr {
        iter_range: new(Expr::List(ListExpr::new(Vec::new()))),
        iter_var: "#unused".to_owned(),
        iter_var2: None,
        accu_var: var.clone(),
        accu_init: value,
        loop_cond: new(Expr::Literal(LiteralValue::Boolean(false.into()))),
        loop_step: new(Expr::Ident(var.clone())),
        result: call.args[1].clone(),
    }));
    let mut mapped = new(binding);
    if name == "optMap" {
        mapped = new(call_of("optional.of", vec![mapped]));
    }
    let none = new(call_of("optional.none", Vec::new()));
    Some(call_of("_?_:_", vec![has_value, mapped, none]))
}
