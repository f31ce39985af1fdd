//! The API server's estimate of a rule's worst-case cost: cel-go's
//! `checker.Cost` (each identifier and field selection 1, calls by their
//! overload, comprehensions their step times the size of what they range
//! over) with Kubernetes' `library.CostEstimator` for its libraries and
//! apiextensions' size estimator (sizes from `maxItems` / `maxProperties` /
//! `maxLength`, or what fits in a request). Ported function by function, so
//! the numbers are the server's own; `hack/tools/cel-cost` prints the server's
//! for comparison (`cargo test -p crd-parity --test cel`).

use std::collections::HashMap;

use cel::common::ast::{CallExpr, ComprehensionExpr, EntryExpr, Expr, IdedExpr, LiteralValue};

use super::checker::Checked;
use super::decl::{Decl, DeclKind, MAP_KEY};
use super::types::{Kind, Type};

/// A range of costs or sizes, `max` the worst case; additions and
/// multiplications saturate, as cel-go's do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Estimate {
    pub min: u64,
    pub max: u64,
}

impl Estimate {
    pub const UNKNOWN: Estimate = Estimate {
        min: 0,
        max: u64::MAX,
    };

    pub fn fixed(n: u64) -> Estimate {
        Estimate { min: n, max: n }
    }

    pub fn add(self, other: Estimate) -> Estimate {
        Estimate {
            min: self.min.saturating_add(other.min),
            max: self.max.saturating_add(other.max),
        }
    }

    pub fn multiply(self, other: Estimate) -> Estimate {
        Estimate {
            min: self.min.saturating_mul(other.min),
            max: self.max.saturating_mul(other.max),
        }
    }

    /// cel-go's `MultiplyByCostFactor`: times a factor, rounded up.
    pub fn factor(self, f: f64) -> Estimate {
        Estimate {
            min: by_factor(self.min, f),
            max: by_factor(self.max, f),
        }
    }

    pub fn union(self, other: Estimate) -> Estimate {
        Estimate {
            min: self.min.min(other.min),
            max: self.max.max(other.max),
        }
    }
}

#[allow(
    clippy::cast_precision_loss,
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss
)]
fn by_factor(x: u64, f: f64) -> u64 {
    let x = x as f64;
    if x > 0.0 && f > 0.0 && x > u64::MAX as f64 / f {
        return u64::MAX;
    }
    let ceil = (x * f).ceil();
    if ceil >= 18_446_744_073_709_551_616.0 {
        return u64::MAX;
    }
    ceil as u64
}

/// cel-go's cost constants (`common/cost.go`).
const STRING_TRAVERSAL: f64 = 0.1;
const REGEX_LENGTH: f64 = 0.25;
const LIST_CREATE: u64 = 10;
const MAP_CREATE: u64 = 30;
const STRUCT_CREATE: u64 = 40;

/// The accumulator variables of macro expansions, whose paths are not given
/// to estimators.
fn is_accumulator(name: &str) -> bool {
    name == "__result__" || name == "@result"
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Container {
    List,
    Map,
}

/// The sizes of a list's or map's keys and values, where an expression knows them.
#[derive(Clone, Copy, Debug)]
struct EntrySize {
    container: Container,
    key: Estimate,
    value: Estimate,
}

impl EntrySize {
    fn union(a: Option<EntrySize>, b: Option<EntrySize>) -> Option<EntrySize> {
        let (a, b) = (a?, b?);
        Some(EntrySize {
            container: a.container,
            key: a.key.union(b.key),
            value: a.value.union(b.value),
        })
    }
}

#[derive(Clone, Debug)]
struct LocalVar {
    path: Vec<String>,
    size: Option<Estimate>,
    entry: Option<EntrySize>,
}

/// What a cost function sees of an argument or target: cel-go's `AstNode`.
#[derive(Clone, Debug)]
struct Node<'d> {
    path: Vec<String>,
    ty: Type<'d>,
    /// The literal of a constant argument (`split`'s limit).
    literal: Option<i64>,
    computed: Option<Estimate>,
}

/// The worst-case cost of one evaluation of `e`, which `checked` typed; sizes
/// come from `root`, the declaration of the rule's node.
pub(crate) fn estimate(e: &IdedExpr, checked: &Checked<'_>, root: &Decl) -> Estimate {
    let mut coster = Coster {
        checked,
        root,
        paths: HashMap::new(),
        locals: HashMap::new(),
        sizes: HashMap::new(),
        entries: HashMap::new(),
    };
    coster.cost(e)
}

struct Coster<'a, 'd> {
    checked: &'a Checked<'d>,
    root: &'a Decl,
    paths: HashMap<u64, Vec<String>>,
    locals: HashMap<String, Vec<LocalVar>>,
    sizes: HashMap<u64, Estimate>,
    entries: HashMap<u64, EntrySize>,
}

impl<'d> Coster<'_, 'd> {
    fn ty(&self, e: &IdedExpr) -> Type<'d> {
        self.checked.types.get(&e.id).cloned().unwrap_or(Type::Dyn)
    }

    fn local(&self, name: &str) -> Option<&LocalVar> {
        self.locals.get(name).and_then(|stack| stack.last())
    }

    fn path(&self, e: &IdedExpr) -> Vec<String> {
        if let Expr::Ident(name) = &e.expr
            && let Some(v) = self.local(name)
        {
            return v.path.clone();
        }
        self.paths.get(&e.id).cloned().unwrap_or_default()
    }

    fn cost(&mut self, e: &IdedExpr) -> Estimate {
        match &e.expr {
            Expr::Literal(_) | Expr::Unspecified => Estimate::default(),
            Expr::Ident(name) => {
                let path = match self.local(name) {
                    Some(v) => v.path.clone(),
                    None => vec![name.clone()],
                };
                self.paths.insert(e.id, path);
                Estimate::fixed(1)
            }
            Expr::Select(select) => {
                if select.test {
                    // `has()`: the API server counts the presence test as free.
                    return self.cost(&select.operand);
                }
                let mut sum = self.cost(&select.operand);
                if matches!(
                    self.ty(&select.operand).kind(),
                    Kind::Map | Kind::Struct | Kind::Param
                ) {
                    sum = sum.add(Estimate::fixed(1));
                }
                let mut path = self.path(&select.operand);
                path.push(select.field.clone());
                self.paths.insert(e.id, path);
                sum
            }
            Expr::Call(call) => self.call(e, call),
            Expr::List(list) => {
                let mut sum = Estimate::default();
                let mut item = Estimate {
                    min: if list.elements.is_empty() {
                        0
                    } else {
                        u64::MAX
                    },
                    max: 0,
                };
                for element in &list.elements {
                    sum = sum.add(self.cost(element));
                    item = item.union(self.size_or_unknown(element));
                }
                self.entries.insert(
                    e.id,
                    EntrySize {
                        container: Container::List,
                        key: Estimate::fixed(1),
                        value: item,
                    },
                );
                sum.add(Estimate::fixed(LIST_CREATE))
            }
            Expr::Map(map) => {
                let mut sum = Estimate::default();
                let empty = map.entries.is_empty();
                let start = Estimate {
                    min: if empty { 0 } else { u64::MAX },
                    max: 0,
                };
                let (mut keys, mut values) = (start, start);
                for entry in &map.entries {
                    if let EntryExpr::MapEntry(entry) = &entry.expr {
                        sum = sum.add(self.cost(&entry.key));
                        sum = sum.add(self.cost(&entry.value));
                        keys = keys.union(self.size_or_unknown(&entry.key));
                        values = values.union(self.size_or_unknown(&entry.value));
                    }
                }
                self.entries.insert(
                    e.id,
                    EntrySize {
                        container: Container::Map,
                        key: keys,
                        value: values,
                    },
                );
                sum.add(Estimate::fixed(MAP_CREATE))
            }
            Expr::Struct(s) => {
                let mut sum = Estimate::default();
                for entry in &s.entries {
                    if let EntryExpr::StructField(field) = &entry.expr {
                        sum = sum.add(self.cost(&field.value));
                    }
                }
                sum.add(Estimate::fixed(STRUCT_CREATE))
            }
            Expr::Comprehension(c) => self.comprehension(e, c),
        }
    }

    fn comprehension(&mut self, e: &IdedExpr, c: &ComprehensionExpr) -> Estimate {
        let mut sum = self.cost(&c.iter_range);
        sum = sum.add(self.cost(&c.accu_init));
        let accu = LocalVar {
            path: self.path(&c.accu_init),
            size: self.compute_size(&c.accu_init),
            entry: self.entry_size(&c.accu_init),
        };
        self.locals
            .entry(c.accu_var.clone())
            .or_default()
            .push(accu);
        let range_entry = self.entry_size(&c.iter_range);
        let container = match range_entry.map(|e| e.container) {
            Some(container) => container,
            None if self.ty(&c.iter_range).kind() == Kind::List => Container::List,
            None => Container::Map,
        };
        let range_path = self.path(&c.iter_range);
        let with = |sub: &str| {
            let mut path = range_path.clone();
            path.push(sub.to_owned());
            path
        };
        match &c.iter_var2 {
            None => {
                let (size, sub) = match container {
                    Container::List => (range_entry.map(|e| e.value), "@items"),
                    Container::Map => (range_entry.map(|e| e.key), "@keys"),
                };
                self.push_var(&c.iter_var, with(sub), size);
            }
            Some(var2) => {
                let key_sub = if container == Container::List {
                    "@indices"
                } else {
                    "@keys"
                };
                let value_sub = if container == Container::List {
                    "@items"
                } else {
                    "@values"
                };
                self.push_var(&c.iter_var, with(key_sub), range_entry.map(|e| e.key));
                self.push_var(var2, with(value_sub), range_entry.map(|e| e.value));
            }
        }
        let loop_cost = self.cost(&c.loop_cond);
        let step_cost = self.cost(&c.loop_step);
        self.pop_var(&c.iter_var);
        if let Some(var2) = &c.iter_var2 {
            self.pop_var(var2);
        }
        sum = sum.add(self.cost(&c.result));
        self.pop_var(&c.accu_var);
        let range_count = self.size_or_unknown(&c.iter_range);
        sum = sum.add(range_count.multiply(step_cost.add(loop_cost)));
        match &c.accu_init.expr {
            Expr::Literal(_) => {
                if let Some(size) = self.compute_size(&c.accu_init) {
                    self.sizes.insert(e.id, size);
                }
            }
            Expr::List(_) | Expr::Map(_) => {
                self.sizes.insert(e.id, range_count);
                if let Some(step) = self.entry_size(&c.loop_step) {
                    self.entries.insert(e.id, step);
                }
            }
            _ => {}
        }
        sum
    }

    fn push_var(&mut self, name: &str, path: Vec<String>, size: Option<Estimate>) {
        self.locals
            .entry(name.to_owned())
            .or_default()
            .push(LocalVar {
                path,
                size,
                entry: None,
            });
    }

    fn pop_var(&mut self, name: &str) {
        if let Some(stack) = self.locals.get_mut(name) {
            stack.pop();
        }
    }

    fn node(&mut self, e: &IdedExpr) -> Node<'d> {
        let mut path = self.path(e);
        if path.first().is_some_and(|p| is_accumulator(p)) {
            path.clear();
        }
        let literal = match &e.expr {
            Expr::Literal(LiteralValue::Int(n)) => Some(*n.inner()),
            _ => None,
        };
        Node {
            path,
            ty: self.ty(e),
            literal,
            computed: self.compute_size(e),
        }
    }

    fn call(&mut self, e: &IdedExpr, call: &CallExpr) -> Estimate {
        let qualified = self.checked.qualified.get(&e.id);
        let function = qualified.map_or(call.func_name.as_str(), String::as_str);
        if function == "dyn"
            && let Some(arg) = call.args.first()
        {
            let cost = self.cost(arg);
            if let Some(size) = self.compute_size(arg) {
                self.sizes.insert(e.id, size);
            }
            if let Some(entry) = self.entry_size(arg) {
                self.entries.insert(e.id, entry);
            }
            return Estimate::fixed(1).add(cost);
        }
        let mut arg_costs = Vec::with_capacity(call.args.len());
        let mut args = Vec::with_capacity(call.args.len());
        for arg in &call.args {
            arg_costs.push(self.cost(arg));
            args.push(self.node(arg));
        }
        let Some(overloads) = self.checked.overloads.get(&e.id).cloned() else {
            return Estimate::default();
        };
        let mut sum = Estimate::default();
        let target = match &call.target {
            Some(target) if qualified.is_none() => {
                sum = sum.add(self.cost(target));
                Some(self.node(target))
            }
            _ => None,
        };
        let mut fn_cost = Estimate {
            min: u64::MAX,
            max: 0,
        };
        let mut result_size: Option<Estimate> = None;
        for overload in &overloads {
            let (cost, size) = self.function_cost(
                e,
                call,
                function,
                overload,
                target.as_ref(),
                &args,
                &arg_costs,
            );
            fn_cost = fn_cost.union(cost);
            if let Some(size) = size {
                result_size = Some(result_size.map_or(size, |r| r.union(size)));
            }
            if (overload == "index_list" || overload == "index_map")
                && let Some(list) = call.args.first()
            {
                result_size = self.entry_size(list).map(|e| e.value);
                let mut path = self.path(list);
                path.push(if overload == "index_list" {
                    "@items".to_owned()
                } else {
                    "@values".to_owned()
                });
                self.paths.insert(e.id, path);
            }
            if result_size.is_none() {
                result_size = self.compute_size(e);
            }
        }
        if let Some(size) = result_size {
            self.sizes.insert(e.id, size);
        }
        sum.add(fn_cost)
    }

    #[allow(clippy::too_many_arguments)]
    fn function_cost(
        &mut self,
        e: &IdedExpr,
        call: &CallExpr,
        function: &str,
        overload: &str,
        target: Option<&Node<'d>>,
        args: &[Node<'d>],
        arg_costs: &[Estimate],
    ) -> (Estimate, Option<Estimate>) {
        let arg_sum = arg_costs
            .iter()
            .fold(Estimate::default(), |sum, c| sum.add(*c));
        // The sets extension's own estimators come first, as options of the
        // environment.
        let sets = match overload {
            "list_sets_contains_list" | "list_sets_intersects_list" => Some(1.0),
            "list_sets_equivalent_list" => Some(2.0),
            _ => None,
        };
        if let (Some(factor), [a, b]) = (sets, args) {
            let cost = self
                .size_of(a)
                .multiply(self.size_of(b))
                .factor(factor)
                .add(Estimate::fixed(1));
            return (cost.add(arg_sum), None);
        }
        if let Some((cost, size)) = self.kubernetes_cost(function, overload, target, args) {
            return (cost.add(arg_sum), size);
        }
        let unknown = |n: &Node<'_>| n.computed.unwrap_or(Estimate::UNKNOWN);
        match overload {
            "string_format" if target.is_some() => {
                let t = target.map(unknown).unwrap_or(Estimate::UNKNOWN);
                return (t.factor(STRING_TRAVERSAL).add(arg_sum), None);
            }
            "string_to_bytes" if args.len() == 1 => {
                let sz = unknown(&args[0]);
                let size = Estimate {
                    min: sz.min,
                    max: sz.max.saturating_mul(4),
                };
                return (sz.factor(STRING_TRAVERSAL).add(arg_sum), Some(size));
            }
            "bytes_to_string" if args.len() == 1 => {
                let sz = unknown(&args[0]);
                let size = Estimate {
                    min: sz.min / 4,
                    max: sz.max,
                };
                return (sz.factor(STRING_TRAVERSAL).add(arg_sum), Some(size));
            }
            "strings_quote" if args.len() == 1 => {
                let sz = unknown(&args[0]);
                let size = Estimate {
                    min: sz.min.saturating_add(2),
                    max: sz.max.saturating_mul(2).saturating_add(2),
                };
                return (sz.factor(STRING_TRAVERSAL).add(arg_sum), Some(size));
            }
            "starts_with_string" | "ends_with_string" if args.len() == 1 => {
                return (
                    unknown(&args[0]).factor(STRING_TRAVERSAL).add(arg_sum),
                    None,
                );
            }
            "in_list" if args.len() == 2 => {
                return (unknown(&args[1]).factor(1.0).add(arg_sum), None);
            }
            "matches_string" if target.is_some() && args.len() == 1 => {
                let t = target.map(unknown).unwrap_or(Estimate::UNKNOWN);
                let string = t.add(Estimate::fixed(1)).factor(STRING_TRAVERSAL);
                let regex = unknown(&args[0]).factor(REGEX_LENGTH);
                return (string.multiply(regex).add(arg_sum), None);
            }
            "contains_string" if target.is_some() && args.len() == 1 => {
                let t = target.map(unknown).unwrap_or(Estimate::UNKNOWN);
                let string = t.factor(STRING_TRAVERSAL);
                let sub = unknown(&args[0]).factor(STRING_TRAVERSAL);
                return (string.multiply(sub).add(arg_sum), None);
            }
            "logical_or" | "logical_and" if arg_costs.len() == 2 => {
                let (lhs, rhs) = (arg_costs[0], arg_costs[1]);
                return (
                    Estimate {
                        min: lhs.min,
                        max: lhs.add(rhs).max,
                    },
                    None,
                );
            }
            "conditional" if args.len() == 3 => {
                let size = unknown(&args[1]).union(unknown(&args[2]));
                let entry = EntrySize::union(
                    self.entry_size(&call.args[1]),
                    self.entry_size(&call.args[2]),
                );
                if let Some(entry) = entry {
                    self.entries.insert(e.id, entry);
                }
                let cost = arg_costs[0].add(arg_costs[1].union(arg_costs[2]));
                return (cost, Some(size));
            }
            "add_string" | "add_bytes" | "add_list" if args.len() == 2 => {
                let size = unknown(&args[0]).add(unknown(&args[1]));
                let entry = EntrySize::union(
                    self.entry_size(&call.args[0]),
                    self.entry_size(&call.args[1]),
                );
                if let Some(entry) = entry {
                    self.entries.insert(e.id, entry);
                }
                let cost = if overload == "add_list" {
                    Estimate::fixed(1)
                } else {
                    size.factor(STRING_TRAVERSAL)
                };
                return (cost.add(arg_sum), Some(size));
            }
            "less_string"
            | "greater_string"
            | "less_equals_string"
            | "greater_equals_string"
            | "less_bytes"
            | "greater_bytes"
            | "less_equals_bytes"
            | "greater_equals_bytes"
            | "equals"
            | "not_equals"
                if args.len() == 2 =>
            {
                let (lhs, rhs) = (unknown(&args[0]), unknown(&args[1]));
                let smallest = lhs.max.min(rhs.max);
                let cost = Estimate {
                    min: u64::from(smallest > 0),
                    max: smallest,
                }
                .factor(STRING_TRAVERSAL);
                return (cost.add(arg_sum), None);
            }
            _ => {}
        }
        (Estimate::fixed(1).add(arg_sum), None)
    }

    /// Kubernetes' `library.CostEstimator.EstimateCallCost`: its libraries'
    /// functions, by name.
    fn kubernetes_cost(
        &self,
        function: &str,
        overload: &str,
        target: Option<&Node<'d>>,
        args: &[Node<'d>],
    ) -> Option<(Estimate, Option<Estimate>)> {
        let one = Estimate::fixed(1);
        let traversal = |sz: Estimate| sz.factor(STRING_TRAVERSAL);
        match function {
            "check" => Some((Estimate::fixed(350_000), None)),
            "serviceAccount" | "path" | "group" | "resource" | "subresource" | "namespace"
            | "name" | "allowed" | "reason" | "error" | "errored" => Some((one, None)),
            "fieldSelector" | "labelSelector" if args.len() == 1 => {
                let length = self.size_of(&args[0]);
                let parse = length.factor(STRING_TRAVERSAL);
                let requirements = length.factor(0.5).factor(f64::from(10 + 40_u8));
                Some((Estimate::fixed(10).add(parse).add(requirements), None))
            }
            "isSorted" | "sum" | "max" | "min" | "indexOf" | "lastIndexOf" => {
                let target = target?;
                match self.element_node(target) {
                    Some(element) => {
                        let mut element_cost = one;
                        if matches!(element.ty.kind(), Kind::String | Kind::Bytes) {
                            element_cost = element_cost.add(traversal(self.size_of(&element)));
                        }
                        Some((self.size_of(target).multiply(element_cost), None))
                    }
                    None => Some((traversal(self.size_of(target)), None)),
                }
            }
            "url" | "jsonpatch.escapeKey" if args.len() == 1 => {
                let sz = self.size_of(&args[0]);
                Some((traversal(sz), Some(sz)))
            }
            "lowerAscii" | "upperAscii" | "substring" | "trim" => {
                let sz = self.size_of(target?);
                Some((traversal(sz), Some(sz)))
            }
            "replace" if args.len() >= 2 => {
                let sz = self.size_of(target?);
                let (to_replace, with) = (self.size_of(&args[0]), self.size_of(&args[1]));
                let (mut count, mut retained) = (Estimate::default(), Estimate::default());
                if to_replace.min == 0 {
                    count.max = if sz.max < u64::MAX {
                        sz.max + 1
                    } else {
                        sz.max
                    };
                    retained.max = sz.max;
                } else if with.max <= to_replace.min {
                    count.max = 0;
                    retained.max = sz.max;
                } else {
                    count.max = float_ceil_div(sz.max, to_replace.min);
                }
                if to_replace.max == 0 {
                    count.min = if sz.min < u64::MAX {
                        sz.min + 1
                    } else {
                        sz.min
                    };
                    retained.min = sz.min;
                } else if to_replace.max <= with.min {
                    count.min = 0;
                    retained.min = sz.min;
                } else {
                    count.min = float_ceil_div(sz.min, to_replace.max);
                }
                let size = count.multiply(with).add(retained);
                Some((sz.factor(2.0 * STRING_TRAVERSAL), Some(size)))
            }
            "split" => {
                let sz = self.size_of(target?);
                let max = match args.get(1).and_then(|a| a.literal) {
                    Some(limit) => u64::try_from(limit).unwrap_or(0),
                    None => sz.max,
                };
                Some((
                    sz.factor(2.0 * STRING_TRAVERSAL),
                    Some(Estimate { min: 0, max }),
                ))
            }
            "join" => {
                let target = target?;
                let list = self.size_of(target);
                let mut sz = match self.element_node(target) {
                    Some(element) => list.multiply(self.size_of(&element)),
                    None => Estimate::default(),
                };
                if let Some(separator) = args.first() {
                    let separators = Estimate {
                        min: list.min.saturating_sub(1),
                        max: list.max.saturating_sub(1),
                    };
                    sz = sz.add(self.size_of(separator).multiply(separators));
                }
                Some((traversal(sz), Some(sz)))
            }
            "find" | "findAll" if !args.is_empty() => {
                let sz = self.size_of(target?);
                let string = sz.add(one).factor(STRING_TRAVERSAL);
                let regex = self.size_of(&args[0]).factor(REGEX_LENGTH);
                Some((
                    string.multiply(regex),
                    Some(Estimate {
                        min: 0,
                        max: sz.max,
                    }),
                ))
            }
            "cidr" | "isIP" | "isCIDR" if !args.is_empty() => {
                Some((traversal(self.size_of(&args[0])), None))
            }
            "ip" if overload == "cidr_ip" => Some((one, None)),
            "ip" if !args.is_empty() => Some((traversal(self.size_of(&args[0])), None)),
            "ip.isCanonical" if !args.is_empty() => {
                Some((self.size_of(&args[0]).factor(2.0 * STRING_TRAVERSAL), None))
            }
            "masked"
            | "prefixLength"
            | "family"
            | "isUnspecified"
            | "isLoopback"
            | "isLinkLocalMulticast"
            | "isLinkLocalUnicast"
            | "isGlobalUnicast" => Some((one, None)),
            "containsIP" | "containsCIDR" if !args.is_empty() => {
                let sz = Estimate { min: 4, max: 16 };
                let mut cost = traversal(sz.add(sz));
                if function == "containsCIDR" {
                    cost = cost.add(traversal(sz)).add(one);
                }
                if overload == "cidr_contains_ip_string" || overload == "cidr_contains_cidr_string"
                {
                    cost = cost.add(traversal(self.size_of(&args[0])));
                }
                Some((cost, None))
            }
            "quantity" | "isQuantity" | "semver" | "isSemver" if !args.is_empty() => {
                Some((traversal(self.size_of(&args[0])), None))
            }
            "validate" if !args.is_empty() => Some((
                traversal(self.size_of(&args[0])).factor(128.0 * REGEX_LENGTH),
                None,
            )),
            "format.named" => Some((one, None)),
            "sign" | "asInteger" | "isInteger" | "asApproximateFloat" | "isGreaterThan"
            | "isLessThan" | "compareTo" | "add" | "sub" | "major" | "minor" | "patch" => {
                Some((one, None))
            }
            "getScheme" | "getHostname" | "getHost" | "getPort" | "getEscapedPath" | "getQuery" => {
                Some((one, None))
            }
            "_==_" if args.len() == 2 && args[0].ty.exact(&args[1].ty) => {
                let Type::Named(name, _) = &args[0].ty else {
                    return None;
                };
                match name.as_str() {
                    "net.IP"
                    | "net.CIDR"
                    | "kubernetes.Quantity"
                    | "kubernetes.authorization.Authorizer"
                    | "kubernetes.authorization.PathCheck"
                    | "kubernetes.authorization.GroupCheck"
                    | "kubernetes.authorization.ResourceCheck"
                    | "kubernetes.authorization.Decision"
                    | "kubernetes.Semver" => Some((one, None)),
                    "kubernetes.NamedFormat" => {
                        Some((traversal(Estimate { min: 1, max: 64 }), None))
                    }
                    "kubernetes.URL" => {
                        let size = args[1].computed.unwrap_or(one);
                        Some((
                            traversal(Estimate {
                                min: 1,
                                max: size.max,
                            }),
                            None,
                        ))
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Kubernetes' `sizeEstimate`: the computed size, else the schema's.
    fn size_of(&self, node: &Node<'d>) -> Estimate {
        node.computed
            .or_else(|| self.schema_size(&node.path))
            .unwrap_or(Estimate::UNKNOWN)
    }

    /// The items of a list node (Kubernetes' `listElementNode`).
    fn element_node(&self, list: &Node<'d>) -> Option<Node<'d>> {
        let Type::List(item) = &list.ty else {
            return None;
        };
        let path = if list.path.is_empty() {
            Vec::new()
        } else {
            let mut path = list.path.clone();
            path.push("@items".to_owned());
            path
        };
        Some(Node {
            path,
            ty: (**item).clone(),
            literal: None,
            computed: None,
        })
    }

    /// apiextensions' size estimator: the size of the value at `path` (from
    /// the rule's `self`) as its declaration bounds it.
    fn schema_size(&self, path: &[String]) -> Option<Estimate> {
        if path.is_empty() {
            return None;
        }
        let mut node: &Decl = self.root;
        for step in &path[1..] {
            node = match (step.as_str(), &node.kind) {
                ("@items" | "@values", DeclKind::List(item) | DeclKind::Map(item)) => item,
                ("@keys", DeclKind::Map(_)) => &MAP_KEY,
                (name, DeclKind::Object(fields)) => fields.get(name)?,
                _ => return None,
            };
        }
        Some(Estimate {
            min: 0,
            max: u64::try_from(node.max_elements).unwrap_or(0),
        })
    }

    fn size_or_unknown(&mut self, e: &IdedExpr) -> Estimate {
        self.compute_size(e).unwrap_or(Estimate::UNKNOWN)
    }

    /// cel-go's `computeSize`: a known size, a literal's, the schema's (cached),
    /// 1 for scalars, or a local variable's.
    fn compute_size(&mut self, e: &IdedExpr) -> Option<Estimate> {
        if let Some(size) = self.sizes.get(&e.id) {
            return Some(*size);
        }
        if let Some(size) = literal_size(e) {
            return Some(size);
        }
        if let Some(size) = self.schema_size(&self.path(e)) {
            self.sizes.insert(e.id, size);
            return Some(size);
        }
        if self.ty(e).is_scalar() {
            return Some(Estimate::fixed(1));
        }
        if let Expr::Ident(name) = &e.expr
            && let Some(size) = self.local(name).and_then(|v| v.size)
        {
            return Some(size);
        }
        None
    }

    fn entry_size(&self, e: &IdedExpr) -> Option<EntrySize> {
        if let Some(entry) = self.entries.get(&e.id) {
            return Some(*entry);
        }
        if let Expr::Ident(name) = &e.expr {
            return self.local(name).and_then(|v| v.entry);
        }
        None
    }
}

/// `uint64(math.Ceil(float64(a) / float64(b)))`, as Kubernetes computes it.
#[allow(
    clippy::cast_precision_loss,
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss
)]
fn float_ceil_div(a: u64, b: u64) -> u64 {
    (a as f64 / b as f64).ceil() as u64
}

/// The size of a literal, list or map written in the expression.
fn literal_size(e: &IdedExpr) -> Option<Estimate> {
    let n = match &e.expr {
        Expr::Literal(LiteralValue::String(s)) => s.inner().chars().count(),
        Expr::Literal(LiteralValue::Bytes(b)) => b.inner().len(),
        Expr::Literal(_) => 1,
        Expr::List(list) => list.elements.len(),
        Expr::Map(map) => map.entries.len(),
        _ => return None,
    };
    Some(Estimate::fixed(u64::try_from(n).unwrap_or(u64::MAX)))
}
