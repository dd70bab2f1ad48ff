//! The worst-case cost estimate (cel-go's `checker.CostEstimator` with
//! Kubernetes' library estimates and DRA's size estimator).

use super::*;

/// The worst-case cost of an expression, after cel-go's estimator with
/// Kubernetes' library estimates and DRA's size estimator.
pub(super) struct Coster<'a> {
    /// The checked type of every expression, by id.
    pub(super) types: &'a BTreeMap<u64, Ty>,
    /// Comprehension and binding variables with the size of their values.
    pub(super) vars: Vec<(String, u64)>,
}

/// `common.StringTraversalCostFactor`.
pub(super) const STRING_TRAVERSAL_FACTOR: f64 = 0.1;
/// `common.RegexStringLengthCostFactor`.
pub(super) const REGEX_LENGTH_FACTOR: f64 = 0.25;
/// `ResourceSliceMaxAttributeValuesPerDevice`: the estimate of `includes`.
pub(super) const MAX_ATTRIBUTE_VALUES: u64 = 48;
/// `DeviceMaxDomainLength`: the size of a key of `device.attributes`.
pub(super) const DOMAIN_MAX_LENGTH: u64 = 63;
/// `DeviceMaxIDLength`: the size of a key of `device.attributes[domain]`.
pub(super) const ID_MAX_LENGTH: u64 = 32;

/// `SizeEstimate.MultiplyByCostFactor`: rounded up, saturating.
pub(super) fn factor(size: u64, f: f64) -> u64 {
    if size == u64::MAX {
        return u64::MAX;
    }
    ((size as f64) * f).ceil() as u64
}

impl Coster<'_> {
    pub(super) fn ty(&self, e: &IdedExpr) -> Ty {
        self.types.get(&e.id).cloned().unwrap_or(Ty::Dyn)
    }

    /// The maximum size of what `e` evaluates to (elements of a list or map,
    /// characters of a string), `u64::MAX` when unknown.
    pub(super) fn size(&self, e: &IdedExpr) -> u64 {
        match &e.expr {
            Expr::Literal(LiteralValue::String(s)) => s.chars().count() as u64,
            Expr::Literal(LiteralValue::Bytes(b)) => b.len() as u64,
            Expr::Literal(_) => 1,
            Expr::List(l) => l.elements.len() as u64,
            Expr::Map(m) => m.entries.len() as u64,
            Expr::Ident(name) => self
                .vars
                .iter()
                .rev()
                .find(|(n, _)| n == name)
                .map_or(u64::MAX, |(_, s)| *s),
            Expr::Comprehension(c) => self.size(&c.iter_range),
            _ => match device_path(e).as_deref() {
                Some(["driver"]) => DRIVER_MAX_LENGTH,
                Some(["allowMultipleAllocations"]) => 1,
                Some(["attributes" | "capacity"]) => MAX_ATTRIBUTES,
                Some(["attributes" | "capacity", _]) => MAX_ATTRIBUTES,
                Some(["attributes", _, _]) => ATTRIBUTE_MAX_VALUE_LENGTH,
                _ => u64::MAX,
            },
        }
    }

    /// The size of the elements (list) or keys (map) a comprehension over
    /// `range` iterates.
    pub(super) fn element_size(&self, range: &IdedExpr) -> u64 {
        match &range.expr {
            Expr::List(l) => l.elements.iter().map(|x| self.size(x)).max().unwrap_or(0),
            _ => match device_path(range).as_deref() {
                Some(["attributes" | "capacity"]) => DOMAIN_MAX_LENGTH,
                Some(["attributes" | "capacity", _]) => ID_MAX_LENGTH,
                _ => u64::MAX,
            },
        }
    }

    pub(super) fn cost(&mut self, e: &IdedExpr) -> u64 {
        match &e.expr {
            Expr::Unspecified | Expr::Literal(_) => 0,
            Expr::Ident(_) => 1,
            // `PresenceTestHasCost(false)` in Kubernetes' base environment.
            Expr::Select(sel) if sel.test => self.cost(&sel.operand),
            Expr::Select(sel) => self.cost(&sel.operand).saturating_add(1),
            Expr::List(l) => l
                .elements
                .iter()
                .fold(10u64, |acc, x| acc.saturating_add(self.cost(x))),
            Expr::Map(m) => m
                .entries
                .iter()
                .fold(30u64, |acc, entry| match &entry.expr {
                    EntryExpr::MapEntry(me) => acc
                        .saturating_add(self.cost(&me.key))
                        .saturating_add(self.cost(&me.value)),
                    EntryExpr::StructField(sf) => acc.saturating_add(self.cost(&sf.value)),
                }),
            Expr::Struct(s) => s
                .entries
                .iter()
                .fold(40u64, |acc, entry| match &entry.expr {
                    EntryExpr::StructField(sf) => acc.saturating_add(self.cost(&sf.value)),
                    EntryExpr::MapEntry(me) => acc.saturating_add(self.cost(&me.value)),
                }),
            Expr::Comprehension(c) => {
                let mut sum = self
                    .cost(&c.iter_range)
                    .saturating_add(self.cost(&c.accu_init));
                let element = self.element_size(&c.iter_range);
                self.vars.push((c.iter_var.clone(), element));
                let per_iteration = self
                    .cost(&c.loop_cond)
                    .saturating_add(self.cost(&c.loop_step));
                self.vars.pop();
                sum = sum.saturating_add(self.cost(&c.result));
                sum.saturating_add(self.size(&c.iter_range).saturating_mul(per_iteration))
            }
            Expr::Call(call) => self.call_cost(call),
        }
    }

    pub(super) fn call_cost(&mut self, call: &CallExpr) -> u64 {
        let name = call.func_name.as_str();
        if name == "bind"
            && matches!(call.target.as_deref(), Some(IdedExpr { expr: Expr::Ident(t), .. }) if t == "cel")
            && call.args.len() == 3
        {
            // cel.bind expands to a comprehension over an empty list
            // literal (10) whose accumulator is the bound value.
            let init = self.cost(&call.args[1]);
            let var = match &call.args[0].expr {
                Expr::Ident(v) => v.clone(),
                _ => String::new(),
            };
            let size = self.size(&call.args[1]);
            self.vars.push((var, size));
            let body = self.cost(&call.args[2]);
            self.vars.pop();
            return 10u64.saturating_add(init).saturating_add(body);
        }
        let target_cost = call.target.as_deref().map_or(0, |t| self.cost(t));
        let arg_costs: Vec<u64> = call.args.iter().map(|a| self.cost(a)).collect();
        let args_sum = arg_costs
            .iter()
            .fold(target_cost, |acc, c| acc.saturating_add(*c));
        let receiver = call.target.as_deref().or(call.args.first());
        let argument = |i: usize| {
            if call.target.is_some() {
                call.args.get(i)
            } else {
                call.args.get(i + 1)
            }
        };
        let own = match name {
            "_&&_" | "_||_" => 0,
            "_?_:_" => {
                let cond = arg_costs.first().copied().unwrap_or(0);
                let branch = arg_costs.iter().skip(1).copied().max().unwrap_or(0);
                return cond.saturating_add(branch);
            }
            "_==_" | "_!=_" => self.smaller_size_cost(call),
            "_<_" | "_<=_" | "_>_" | "_>=_"
                if call
                    .args
                    .iter()
                    .all(|a| matches!(self.ty(a), Ty::String | Ty::Bytes)) =>
            {
                self.smaller_size_cost(call)
            }
            "_+_"
                if call
                    .args
                    .iter()
                    .all(|a| matches!(self.ty(a), Ty::String | Ty::Bytes | Ty::List(_))) =>
            {
                let total = call
                    .args
                    .iter()
                    .fold(0u64, |acc, a| acc.saturating_add(self.size(a)));
                factor(total, STRING_TRAVERSAL_FACTOR)
            }
            "@in" => match call.args.get(1) {
                Some(range) => match self.ty(range) {
                    Ty::Map(..) => 1,
                    Ty::List(_) => self.size(range),
                    _ => self.size(range).max(1),
                },
                None => 1,
            },
            "matches" => {
                let text = receiver.map_or(u64::MAX, |t| self.size(t));
                let regex = argument(0).map_or(u64::MAX, |r| self.size(r));
                factor(text, STRING_TRAVERSAL_FACTOR)
                    .saturating_mul(factor(regex, REGEX_LENGTH_FACTOR))
            }
            "find" | "findAll" => {
                let text = receiver.map_or(u64::MAX, |t| self.size(t));
                let regex = argument(0).map_or(u64::MAX, |r| self.size(r));
                factor(text.saturating_add(1), STRING_TRAVERSAL_FACTOR)
                    .saturating_mul(factor(regex, REGEX_LENGTH_FACTOR))
            }
            "contains" => {
                let text = receiver.map_or(u64::MAX, |t| self.size(t));
                let sub = argument(0).map_or(u64::MAX, |r| self.size(r));
                factor(text, STRING_TRAVERSAL_FACTOR)
                    .saturating_mul(factor(sub, STRING_TRAVERSAL_FACTOR))
            }
            "startsWith" | "endsWith" => factor(
                argument(0).map_or(u64::MAX, |r| self.size(r)),
                STRING_TRAVERSAL_FACTOR,
            ),
            "split" => factor(
                receiver.map_or(u64::MAX, |t| self.size(t)),
                2.0 * STRING_TRAVERSAL_FACTOR,
            ),
            "includes" => MAX_ATTRIBUTE_VALUES,
            _ => 1,
        };
        own.saturating_add(args_sum)
    }

    /// Equality and ordering of strings, bytes or lists: the smaller size
    /// times the traversal factor.
    pub(super) fn smaller_size_cost(&self, call: &CallExpr) -> u64 {
        let smallest = call.args.iter().map(|a| self.size(a)).min().unwrap_or(1);
        factor(smallest, STRING_TRAVERSAL_FACTOR)
    }
}

/// The field path below `device` an expression spells, with constant
/// string indexes as segments (`device.attributes["x"].y` is
/// `["attributes", "x", "y"]`).
pub(super) fn device_path(e: &IdedExpr) -> Option<Vec<&str>> {
    match &e.expr {
        Expr::Ident(name) if name == "device" => Some(Vec::new()),
        Expr::Select(sel) if !sel.test => {
            let mut p = device_path(&sel.operand)?;
            p.push(sel.field.as_str());
            Some(p)
        }
        Expr::Call(call) if call.func_name == "_[_]" && call.args.len() == 2 => {
            let mut p = device_path(&call.args[0])?;
            match &call.args[1].expr {
                Expr::Literal(LiteralValue::String(s)) => p.push(s.as_ref()),
                _ => p.push("*"),
            }
            Some(p)
        }
        _ => None,
    }
}
