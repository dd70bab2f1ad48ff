//! The AST validators of Kubernetes' base CEL environment, run after a
//! clean check: homogeneous aggregate literals and literal arguments of
//! `matches`, `duration` and `timestamp` that parse.

use super::*;

/// The AST validators of Kubernetes' base environment (`cel.ASTValidators`
/// and `HomogeneousAggregateLiterals`): list and map literals of one
/// element type (except within `format` calls), and literal arguments of
/// `matches` (a regex), `duration` and `timestamp` that parse. `exempt`:
/// `e` is a literal inside a `format` call.
pub(super) fn validate_ast(e: &IdedExpr, exempt: bool, checker: &mut Checker<'_>) {
    match &e.expr {
        Expr::List(l) => {
            if !exempt {
                let mut first: Option<Ty> = None;
                for x in &l.elements {
                    let t = checker.types.get(&x.id).cloned().unwrap_or(Ty::Dyn);
                    match &first {
                        None => first = Some(t),
                        Some(f) if *f != t => {
                            checker.report(x.id, format!("expected type '{f}' but found '{t}'"));
                            break;
                        }
                        Some(_) => {}
                    }
                }
            }
            for x in &l.elements {
                validate_ast(x, exempt, checker);
            }
        }
        Expr::Map(m) => {
            let mut first: Option<(Ty, Ty)> = None;
            for entry in &m.entries {
                let EntryExpr::MapEntry(me) = &entry.expr else {
                    continue;
                };
                let k = checker.types.get(&me.key.id).cloned().unwrap_or(Ty::Dyn);
                let v = checker.types.get(&me.value.id).cloned().unwrap_or(Ty::Dyn);
                if exempt {
                    continue;
                }
                match &first {
                    None => first = Some((k, v)),
                    Some((fk, fv)) => {
                        let (fk, fv) = (fk.clone(), fv.clone());
                        if fk != k {
                            checker
                                .report(me.key.id, format!("expected type '{fk}' but found '{k}'"));
                        }
                        if fv != v {
                            checker.report(
                                me.value.id,
                                format!("expected type '{fv}' but found '{v}'"),
                            );
                        }
                    }
                }
            }
            for entry in &m.entries {
                if let EntryExpr::MapEntry(me) = &entry.expr {
                    validate_ast(&me.key, exempt, checker);
                    validate_ast(&me.value, exempt, checker);
                }
            }
        }
        Expr::Call(call) => {
            if let Some(arg) = call.args.first()
                && let Expr::Literal(lit) = &arg.expr
            {
                let valid = match (call.func_name.as_str(), lit) {
                    ("matches", LiteralValue::String(re)) => regex::Regex::new(re).is_ok(),
                    ("duration", LiteralValue::String(d)) => is_go_duration(d),
                    ("timestamp", LiteralValue::String(t)) => is_rfc3339(t),
                    _ => true,
                };
                if !valid {
                    checker.report(arg.id, format!("invalid {} argument", call.func_name));
                }
            }
            let in_format = call.func_name == "format";
            if let Some(t) = &call.target {
                validate_ast(t, in_format, checker);
            }
            for a in &call.args {
                validate_ast(a, in_format, checker);
            }
        }
        Expr::Select(sel) => validate_ast(&sel.operand, false, checker),
        Expr::Comprehension(c) => {
            for x in [
                &c.iter_range,
                &c.accu_init,
                &c.loop_cond,
                &c.loop_step,
                &c.result,
            ] {
                validate_ast(x, false, checker);
            }
        }
        Expr::Struct(s) => {
            for entry in &s.entries {
                if let EntryExpr::StructField(f) = &entry.expr {
                    validate_ast(&f.value, false, checker);
                }
            }
        }
        Expr::Unspecified | Expr::Ident(_) | Expr::Literal(_) => {}
    }
}

/// Go's `time.ParseDuration` grammar: an optional sign, then `0` or a
/// sequence of decimal numbers each with a unit (`ns`, `us`, `µs`, `ms`,
/// `s`, `m`, `h`).
pub(super) fn is_go_duration(s: &str) -> bool {
    let s = s.strip_prefix(['-', '+']).unwrap_or(s);
    if s == "0" {
        return true;
    }
    if s.is_empty() {
        return false;
    }
    let mut rest = s;
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        let number = &rest[..digits];
        if number.is_empty() || number == "." || number.matches('.').count() > 1 {
            return false;
        }
        rest = &rest[digits..];
        let unit = ["ns", "us", "µs", "μs", "ms", "s", "m", "h"]
            .into_iter()
            .find(|u| rest.starts_with(u) && !(*u == "m" && rest.starts_with("ms")));
        match unit {
            Some(u) => rest = &rest[u.len()..],
            None => return false,
        }
    }
    true
}

/// An RFC 3339 timestamp as Go's `time.Parse(time.RFC3339, ...)` accepts
/// it, within CEL's range (years 1 to 9999).
pub(super) fn is_rfc3339(s: &str) -> bool {
    let b = s.as_bytes();
    let num = |from: usize, len: usize| -> Option<u32> {
        let part = s.get(from..from + len)?;
        if part.bytes().all(|c| c.is_ascii_digit()) {
            part.parse().ok()
        } else {
            None
        }
    };
    let (Some(year), Some(month), Some(day), Some(hour), Some(minute), Some(second)) = (
        num(0, 4),
        num(5, 2),
        num(8, 2),
        num(11, 2),
        num(14, 2),
        num(17, 2),
    ) else {
        return false;
    };
    if b.len() < 20
        || b[4] != b'-'
        || b[7] != b'-'
        || !matches!(b[10], b'T' | b't')
        || b[13] != b':'
        || b[16] != b':'
    {
        return false;
    }
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    if year == 0 || day == 0 || day > days || hour > 23 || minute > 59 || second > 59 {
        return false;
    }
    let mut rest = &s[19..];
    if let Some(frac) = rest.strip_prefix('.') {
        let n = frac
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(frac.len());
        if n == 0 {
            return false;
        }
        rest = &frac[n..];
    }
    match rest {
        "Z" | "z" => true,
        zone => {
            let zb = zone.as_bytes();
            zb.len() == 6
                && matches!(zb[0], b'+' | b'-')
                && zb[3] == b':'
                && zone[1..3].parse::<u32>().is_ok_and(|h| h < 24)
                && zone[4..6].parse::<u32>().is_ok_and(|m| m < 60)
        }
    }
}
