//! The type checker (cel-go's `checker` package, for the DRA environment)
//! and cel-go's error layout (`ERROR: <input>:L:C: ...` with the source
//! line and a caret).

use super::*;

/// One checker error at a 1-based line and 0-based column.
pub(super) struct Issue {
    pub(super) line: usize,
    pub(super) column: usize,
    pub(super) message: String,
}

/// cel-go's `Errors.ToDisplayString`: sorted by position, each with its
/// source line and a caret under the column.
pub(super) fn render(source: &str, issues: &mut [Issue]) -> String {
    issues.sort_by_key(|i| (i.line, i.column));
    let mut out = Vec::new();
    for issue in issues.iter() {
        let mut s = format!(
            "ERROR: <input>:{}:{}: {}",
            issue.line,
            issue.column + 1,
            issue.message
        );
        // cel-go shows no snippet for an empty source.
        let snippet = if source.is_empty() {
            None
        } else {
            source.split('\n').nth(issue.line.saturating_sub(1))
        };
        if let Some(line) = snippet {
            let line = line.replace('\t', " ");
            s.push_str("\n | ");
            s.push_str(&line);
            s.push_str("\n | ");
            let mut chars = line.chars();
            for _ in 0..issue.column {
                match chars.next() {
                    Some(c) if c.len_utf8() > 1 => s.push('\u{FF0E}'),
                    Some(_) => s.push('.'),
                    None => break,
                }
            }
            match chars.next() {
                Some(c) if c.len_utf8() > 1 => s.push('\u{FF3E}'),
                _ => s.push('^'),
            }
        }
        out.push(s);
    }
    out.join("\n")
}

pub(super) struct Checker<'a> {
    pub(super) functions: &'static Functions,
    pub(super) features: CelFeatures,
    pub(super) scopes: Vec<(String, Ty)>,
    pub(super) issues: Vec<Issue>,
    pub(super) types: BTreeMap<u64, Ty>,
    pub(super) offsets: &'a cel::common::ast::SourceInfo,
    pub(super) source: &'a str,
}

/// Whether `t` is dynamic for assignment (`dyn`, `any`, an error).
pub(super) fn is_dyn_or_error(t: &Ty) -> bool {
    matches!(t, Ty::Dyn | Ty::Any | Ty::Error)
}

/// `arg` can be passed where `param` is expected, binding type parameters.
pub(super) fn assignable(param: &Ty, arg: &Ty, bound: &mut BTreeMap<&'static str, Ty>) -> bool {
    if let Ty::Param(p) = param {
        return match bound.get(p).cloned() {
            None => {
                bound.insert(p, arg.clone());
                true
            }
            Some(b) => {
                if is_dyn_or_error(&b) && !is_dyn_or_error(arg) {
                    bound.insert(p, arg.clone());
                    true
                } else {
                    assignable(&b, arg, &mut BTreeMap::new())
                }
            }
        };
    }
    if is_dyn_or_error(param) || is_dyn_or_error(arg) {
        return true;
    }
    match (param, arg) {
        (Ty::List(p), Ty::List(a)) => assignable(p, a, bound),
        (Ty::Map(pk, pv), Ty::Map(ak, av)) => {
            assignable(pk, ak, bound) && assignable(pv, av, bound)
        }
        (Ty::Type(p), Ty::Type(a)) => assignable(p, a, bound),
        (Ty::Opt(p), Ty::Opt(a)) => assignable(p, a, bound),
        _ => param == arg,
    }
}

pub(super) fn substitute(t: &Ty, bound: &BTreeMap<&'static str, Ty>) -> Ty {
    match t {
        Ty::Param(p) => bound.get(p).cloned().unwrap_or(Ty::Dyn),
        Ty::List(e) => list(substitute(e, bound)),
        Ty::Map(k, v) => map(substitute(k, bound), substitute(v, bound)),
        Ty::Type(e) => Ty::Type(Box::new(substitute(e, bound))),
        Ty::Opt(e) => opt(substitute(e, bound)),
        other => other.clone(),
    }
}

/// The result type of several matching overloads: their type when all
/// agree, `dyn` otherwise.
pub(super) fn join(types: &[Ty]) -> Ty {
    match types.split_first() {
        None => Ty::Dyn,
        Some((first, rest)) if rest.iter().all(|t| t == first) => first.clone(),
        _ => Ty::Dyn,
    }
}

impl Checker<'_> {
    pub(super) fn location(&self, id: u64) -> (usize, usize) {
        let Some((start, _)) = self.offsets.offset_for(id) else {
            return (1, 0);
        };
        let mut line = 1;
        let mut column = 0;
        for (i, c) in self.source.chars().enumerate() {
            if i as u32 >= start {
                break;
            }
            if c == '\n' {
                line += 1;
                column = 0;
            } else {
                column += 1;
            }
        }
        (line, column)
    }

    pub(super) fn report(&mut self, id: u64, message: String) {
        let (line, column) = self.location(id);
        self.issues.push(Issue {
            line,
            column,
            message,
        });
    }

    pub(super) fn undeclared(&mut self, id: u64, name: &str) {
        self.report(
            id,
            format!("undeclared reference to '{name}' (in container '')"),
        );
    }

    pub(super) fn lookup(&self, name: &str) -> Option<Ty> {
        if let Some((_, t)) = self.scopes.iter().rev().find(|(n, _)| n == name) {
            return Some(t.clone());
        }
        match name {
            "device" => Some(Ty::Named(DEVICE)),
            "bool" => Some(Ty::Type(Box::new(Ty::Bool))),
            "int" => Some(Ty::Type(Box::new(Ty::Int))),
            "uint" => Some(Ty::Type(Box::new(Ty::Uint))),
            "double" => Some(Ty::Type(Box::new(Ty::Double))),
            "string" => Some(Ty::Type(Box::new(Ty::String))),
            "bytes" => Some(Ty::Type(Box::new(Ty::Bytes))),
            "null_type" => Some(Ty::Type(Box::new(Ty::Null))),
            "list" => Some(Ty::Type(Box::new(list(Ty::Dyn)))),
            "map" => Some(Ty::Type(Box::new(map(Ty::Dyn, Ty::Dyn)))),
            "type" => Some(Ty::Type(Box::new(Ty::Type(Box::new(Ty::Dyn))))),
            _ => None,
        }
    }

    pub(super) fn check(&mut self, e: &IdedExpr) -> Ty {
        let t = self.check_kind(e);
        self.types.insert(e.id, t.clone());
        t
    }

    pub(super) fn check_kind(&mut self, e: &IdedExpr) -> Ty {
        match &e.expr {
            Expr::Unspecified => Ty::Error,
            Expr::Literal(l) => match l {
                LiteralValue::Boolean(_) => Ty::Bool,
                LiteralValue::Bytes(_) => Ty::Bytes,
                LiteralValue::Double(_) => Ty::Double,
                LiteralValue::Int(_) => Ty::Int,
                LiteralValue::Null => Ty::Null,
                LiteralValue::String(_) => Ty::String,
                LiteralValue::UInt(_) => Ty::Uint,
            },
            Expr::Ident(name) => match self.lookup(name) {
                Some(t) => t,
                None => {
                    self.undeclared(e.id, name);
                    Ty::Error
                }
            },
            Expr::Select(sel) => {
                let operand = self.check(&sel.operand);
                let t = self.select(e.id, &operand, &sel.field);
                if sel.test { Ty::Bool } else { t }
            }
            Expr::List(l) => {
                let mut elements: Option<Ty> = None;
                for x in &l.elements {
                    let t = self.check(x);
                    elements = Some(self.join_literal(x.id, elements, t));
                }
                list(elements.unwrap_or(Ty::Dyn))
            }
            Expr::Map(m) => {
                let mut keys: Option<Ty> = None;
                let mut values: Option<Ty> = None;
                for entry in &m.entries {
                    if let EntryExpr::MapEntry(me) = &entry.expr {
                        let k = self.check(&me.key);
                        keys = Some(self.join_literal(me.key.id, keys, k));
                        let v = self.check(&me.value);
                        values = Some(self.join_literal(me.value.id, values, v));
                    }
                }
                map(keys.unwrap_or(Ty::Dyn), values.unwrap_or(Ty::Dyn))
            }
            Expr::Struct(s) => {
                self.undeclared(e.id, &s.type_name);
                Ty::Error
            }
            Expr::Comprehension(c) => self.comprehension(c),
            Expr::Call(call) => self.call(e.id, call),
        }
    }

    /// cel-go's `joinTypes` with dynamic aggregate literals: the more general
    /// of two assignable types, `dyn` otherwise. Kubernetes' homogeneity
    /// requirement is a validator run after checking ([`validate_ast`]).
    pub(super) fn join_literal(&mut self, _id: u64, previous: Option<Ty>, current: Ty) -> Ty {
        let Some(previous) = previous else {
            return current;
        };
        if assignable(&previous, &current, &mut BTreeMap::new()) {
            if is_dyn_or_error(&current) && !is_dyn_or_error(&previous) {
                current
            } else {
                previous
            }
        } else {
            Ty::Dyn
        }
    }

    pub(super) fn select(&mut self, id: u64, operand: &Ty, field: &str) -> Ty {
        if let Ty::Opt(inner) = operand {
            return match self.select(id, inner, field) {
                Ty::Error => Ty::Error,
                t => opt(t),
            };
        }
        match operand {
            Ty::Named(DEVICE) => match device_field(self.features, field) {
                Some(t) => t,
                None => {
                    self.report(id, format!("undefined field '{field}'"));
                    Ty::Error
                }
            },
            Ty::Map(_, v) => (**v).clone(),
            t if is_dyn_or_error(t) => Ty::Dyn,
            t => {
                self.report(id, format!("type '{t}' does not support field selection"));
                Ty::Error
            }
        }
    }

    pub(super) fn comprehension(&mut self, c: &ComprehensionExpr) -> Ty {
        let range = self.check(&c.iter_range);
        let accu = self.check(&c.accu_init);
        let (var, var2) = match &range {
            Ty::List(e) => (Ty::Int, (**e).clone()),
            Ty::Map(k, v) => ((**k).clone(), (**v).clone()),
            Ty::Dyn | Ty::Error => (Ty::Dyn, Ty::Dyn),
            other => {
                self.report(
                    c.iter_range.id,
                    format!(
                        "expression of type '{other}' cannot be range of a comprehension (must be list, map, or dynamic)"
                    ),
                );
                (Ty::Error, Ty::Error)
            }
        };
        let depth = self.scopes.len();
        self.scopes.push((c.accu_var.clone(), accu));
        match &c.iter_var2 {
            Some(v2) => {
                self.scopes.push((c.iter_var.clone(), var));
                self.scopes.push((v2.clone(), var2));
            }
            None => {
                let single = if matches!(range, Ty::List(_)) {
                    var2
                } else {
                    var
                };
                self.scopes.push((c.iter_var.clone(), single));
            }
        }
        self.check(&c.loop_cond);
        self.check(&c.loop_step);
        self.scopes.truncate(depth + 1);
        let result = self.check(&c.result);
        self.scopes.truncate(depth);
        result
    }

    pub(super) fn call(&mut self, id: u64, call: &CallExpr) -> Ty {
        let name = call.func_name.as_str();
        if name == "_?._" && call.args.len() == 2 {
            let operand = self.check(&call.args[0]);
            let field = match &call.args[1].expr {
                Expr::Literal(LiteralValue::String(f)) => f.to_string(),
                _ => String::new(),
            };
            return match self.select(id, &operand, &field) {
                Ty::Error => Ty::Error,
                t @ Ty::Opt(_) => t,
                t => opt(t),
            };
        }
        if let Some(target) = &call.target
            && let Expr::Ident(prefix) = &target.expr
            && self.lookup(prefix).is_none()
        {
            let qualified = format!("{prefix}.{name}");
            if let Some(key) = self.functions.0.keys().find(|k| **k == qualified).copied() {
                let types: Vec<Ty> = call.args.iter().map(|a| self.check(a)).collect();
                return self.resolve(id, key, false, &types);
            }
        }
        if let Some(target) = &call.target {
            if name == "bind"
                && matches!(&target.expr, Expr::Ident(t) if t == "cel")
                && self.lookup("cel").is_none()
                && call.args.len() == 3
                && let Expr::Ident(var) = &call.args[0].expr
            {
                let init = self.check(&call.args[1]);
                self.scopes.push((var.clone(), init));
                let body = self.check(&call.args[2]);
                self.scopes.pop();
                return body;
            }
            let target_ty = self.check(target);
            if !self.functions.0.contains_key(name) {
                self.undeclared(id, name);
                return Ty::Error;
            }
            let mut types = vec![target_ty];
            types.extend(call.args.iter().map(|a| self.check(a)));
            return self.resolve(id, name, true, &types);
        }
        if !self.functions.0.contains_key(name) {
            self.undeclared(id, name);
            return Ty::Error;
        }
        let types: Vec<Ty> = call.args.iter().map(|a| self.check(a)).collect();
        self.resolve(id, name, false, &types)
    }

    pub(super) fn resolve(&mut self, id: u64, name: &str, member: bool, types: &[Ty]) -> Ty {
        let mut results = Vec::new();
        if let Some(overloads) = self.functions.0.get(name) {
            for o in overloads {
                if o.member != member || o.params.len() != types.len() {
                    continue;
                }
                let mut bound = BTreeMap::new();
                if o.params
                    .iter()
                    .zip(types)
                    .all(|(p, a)| assignable(p, a, &mut bound))
                {
                    results.push(substitute(&o.result, &bound));
                }
            }
        }
        if results.is_empty() {
            let shown = if member {
                let (target, rest) = types
                    .split_first()
                    .map_or((String::new(), &[][..]), |(t, r)| (t.to_string(), r));
                format!(
                    "{target}.({})",
                    rest.iter()
                        .map(Ty::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            } else {
                format!(
                    "({})",
                    types
                        .iter()
                        .map(Ty::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            };
            self.report(
                id,
                format!("found no matching overload for '{name}' applied to '{shown}'"),
            );
            return Ty::Error;
        }
        join(&results)
    }
}
