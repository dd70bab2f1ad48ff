//! cel-go's parser recursion limit and the depth its parse-tree visitor
//! counts against it.

use super::*;

/// cel-go's parser limit (`maxRecursionDepth`, 250 unless the environment
/// sets `ParserRecursionLimit`, which Kubernetes does not). It bounds two
/// depths: the nesting of each grammar rule while ANTLR parses (cel-go's
/// recursion listener: `expression recursion limit exceeded: 250`; cel-rust
/// has the same listener, counting `expr` rules, which for nesting is the
/// same count, so it is given the limit that stops at the same nesting) and
/// the depth of [`visitor_depth`] while the AST is built (`max recursion
/// depth exceeded`). Both errors have no location (`<input>:-1:0`, no snippet).
pub(super) const CEL_GO_MAX_RECURSION_DEPTH: u16 = 250;

/// What cel-rust's recursion listener says when the limit is passed.
pub(super) const CEL_RUST_RECURSION_ERROR: &str = "Recursion limit of";

/// The depth cel-go's parse-tree visitor counts against
/// [`CEL_GO_MAX_RECURSION_DEPTH`]: along any path, the ternaries, relation
/// and arithmetic operators, field selections, index operations and member
/// calls (each of those a context the visitor enters with a depth check;
/// `&&`/`||` chains, unary operators, global calls and literals are not).
/// A comprehension stands for the member-call macro it was expanded from
/// (`x.all(..)`, `x.map(..)`, ...); the nodes a macro synthesises inside it
/// are counted too, so this may exceed cel-go's count by up to two for an
/// expression whose deepest path runs through a `map`/`filter` body.
pub(super) fn visitor_depth(e: &IdedExpr) -> usize {
    let deepest =
        |es: &mut dyn Iterator<Item = &IdedExpr>| es.map(visitor_depth).max().unwrap_or(0);
    match &e.expr {
        Expr::Select(sel) => 1 + visitor_depth(&sel.operand),
        Expr::Call(call) => {
            let own = usize::from(
                call.target.is_some()
                    || matches!(
                        call.func_name.as_str(),
                        "_?_:_"
                            | "_==_"
                            | "_!=_"
                            | "_<_"
                            | "_<=_"
                            | "_>_"
                            | "_>=_"
                            | "@in"
                            | "_+_"
                            | "_-_"
                            | "_*_"
                            | "_/_"
                            | "_%_"
                            | "_[_]"
                            | "_[?_]"
                            | "_?._"
                    ),
            );
            own + deepest(&mut call.target.iter().map(|t| &**t).chain(call.args.iter()))
        }
        Expr::Comprehension(c) => {
            1 + deepest(
                &mut [
                    &c.iter_range,
                    &c.accu_init,
                    &c.loop_cond,
                    &c.loop_step,
                    &c.result,
                ]
                .into_iter(),
            )
        }
        Expr::List(list) => deepest(&mut list.elements.iter()),
        Expr::Map(map) => deepest(&mut map.entries.iter().flat_map(entry_exprs)),
        Expr::Struct(st) => deepest(&mut st.entries.iter().flat_map(entry_exprs)),
        Expr::Unspecified | Expr::Ident(_) | Expr::Literal(_) => 0,
    }
}

/// The expressions of a map or struct literal entry.
pub(super) fn entry_exprs(entry: &cel::common::ast::IdedEntryExpr) -> Vec<&IdedExpr> {
    match &entry.expr {
        EntryExpr::MapEntry(m) => vec![&m.key, &m.value],
        EntryExpr::StructField(f) => vec![&f.value],
    }
}
