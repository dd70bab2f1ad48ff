//! `+k8s:neq=<value>` (Kubernetes' `validators/equality.go`): the value must
//! not equal a disallowed string, integer or boolean.

use super::docs::{PayloadDoc, Stability, TagDoc, VALUES, doc};
use super::{Cx, FunctionGen, Out, lit_tokens, nilable, string};
use crate::grammar::{Literal, Tag};
use crate::model::Shape;
use quote::quote;

/// `+k8s:neq`.
pub static NEQ: TagDoc = TagDoc {
    payload_types: &["raw"],
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<value>",
        docs: "The disallowed value. The parser will infer the type (string, int, bool).",
    }],
    ..doc(
        "k8s:neq",
        "Verifies the field's value is not equal to a specific disallowed value. Supports string, integer, and boolean types.",
        Stability::Alpha,
        VALUES,
        emit,
    )
};

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    let lit = tag
        .value_literal()
        .ok_or("requires a string, int or bool value")?;
    // The detail, finished here when the value renders without Go's
    // quoting rules for unprintable text; else `neq` writes it.
    let call = match (&cx.ty.deref().shape, lit, finished_detail(lit)) {
        (Shape::Str | Shape::Named | Shape::Unknown, Literal::String(s), detail) => {
            let (n, o) = string(&cx.ty).ok_or("unsupported type")?;
            match detail {
                Some(d) => {
                    quote!(::apimachinery::validate::neq_with_detail(ctx, fld_path, #n, #o, #s, #d))
                }
                None => quote!(::apimachinery::validate::neq(ctx, fld_path, #n, #o, #s)),
            }
        }
        (Shape::Int | Shape::Unknown, Literal::Int(_), detail)
        | (Shape::Bool | Shape::Unknown, Literal::Bool(_), detail) => {
            let (n, o) = nilable(&cx.ty);
            let v = lit_tokens(lit);
            match detail {
                Some(d) => {
                    quote!(::apimachinery::validate::neq_with_detail(ctx, fld_path, #n, #o, &#v, #d))
                }
                None => quote!(::apimachinery::validate::neq(ctx, fld_path, #n, #o, &#v)),
            }
        }
        _ => {
            return Err(format!(
                "value type {} does not match the field type {}",
                lit.type_name(),
                cx.ty.text()
            ));
        }
    };
    let v = super::params::value(lit);
    cx.rule(
        out,
        tag,
        quote!(::apimachinery::rule::RuleParams::Neq(#v)),
        vec![("Invalid", "neq".into())],
    );
    // One comparison with a constant: cheap (see `FunctionGen::cheap`).
    Ok(vec![FunctionGen::plain(call).with_sink().cheap()])
}

/// The detail of `+k8s:neq=<value>` as `validate::neq` writes it (`must not
/// be equal to <value>`, strings Go-quoted), when the value is an integer,
/// a boolean or printable ASCII text (whose Go quoting escapes only `"`
/// and `\`); `None` for other text, left to the primitive.
///
/// ```text
/// finished_detail(&Literal::String("a\"b".into())) == Some(r#"must not be equal to "a\"b""#)
/// finished_detail(&Literal::Int(5)) == Some("must not be equal to 5")
/// finished_detail(&Literal::String("\n".into())) == None
/// ```
fn finished_detail(lit: &Literal) -> Option<String> {
    const LEAD: &str = "must not be equal to ";
    match lit {
        Literal::Int(i) => Some(format!("{LEAD}{i}")),
        Literal::Bool(b) => Some(format!("{LEAD}{b}")),
        Literal::String(s) if s.bytes().all(|b| (0x20..0x7f).contains(&b)) => {
            let mut d = format!("{LEAD}\"");
            for c in s.chars() {
                if c == '"' || c == '\\' {
                    d.push('\\');
                }
                d.push(c);
            }
            d.push('"');
            Some(d)
        }
        Literal::String(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finished_details_are_go_quoted_printable_ascii_only() {
        let d = |l: Literal| finished_detail(&l);
        assert_eq!(
            d(Literal::Int(-5)).as_deref(),
            Some("must not be equal to -5")
        );
        assert_eq!(
            d(Literal::Bool(true)).as_deref(),
            Some("must not be equal to true")
        );
        assert_eq!(
            d(Literal::String(r#"a"b\c d"#.into())).as_deref(),
            Some(r#"must not be equal to "a\"b\\c d""#)
        );
        assert_eq!(d(Literal::String("tab\there".into())), None);
        assert_eq!(d(Literal::String("é".into())), None);
    }
}
