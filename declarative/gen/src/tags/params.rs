//! Token helpers for the typed rule data a tag records
//! (`::apimachinery::rule::RuleParams` and `Condition` expressions):
//! shared by the tags that write literals or item selectors into it.

use crate::grammar::{Arg, Literal};
use proc_macro2::TokenStream;
use quote::quote;

/// The `::apimachinery::rule::RuleValue` of a literal.
///
/// ```text
/// value(&Literal::Int(3)) == quote!(::apimachinery::rule::RuleValue::Int(3))
/// ```
pub fn value(l: &Literal) -> TokenStream {
    match l {
        Literal::String(s) => quote!(::apimachinery::rule::RuleValue::Str(#s)),
        Literal::Int(i) => quote!(::apimachinery::rule::RuleValue::Int(#i)),
        Literal::Bool(b) => quote!(::apimachinery::rule::RuleValue::Bool(#b)),
    }
}

/// The `&[::apimachinery::rule::ItemMatch]` of a `+k8s:item(k: v, ...)`
/// selector's named arguments, in the order written.
///
/// ```text
/// item_matches(&[type: "A"]) == quote!(&[ItemMatch { field: "type", value: RuleValue::Str("A") }])
/// ```
pub fn item_matches(args: &[Arg]) -> TokenStream {
    let pairs: Vec<TokenStream> = args
        .iter()
        .map(|a| {
            let field = a.name.clone().unwrap_or_default();
            let v = value(&a.value);
            quote!(::apimachinery::rule::ItemMatch { field: #field, value: #v })
        })
        .collect();
    quote!(&[#(#pairs),*])
}

/// The `::apimachinery::rule::ListKind` of a `listType` / `unique` payload
/// (`atomic`, `set` or `map`; anything else is rejected by those tags
/// before a rule is recorded).
///
/// ```text
/// list_kind("set") == quote!(::apimachinery::rule::ListKind::Set)
/// ```
pub fn list_kind(kind: &str) -> TokenStream {
    match kind {
        "set" => quote!(::apimachinery::rule::ListKind::Set),
        "map" => quote!(::apimachinery::rule::ListKind::Map),
        _ => quote!(::apimachinery::rule::ListKind::Atomic),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::parse;

    #[test]
    fn values_and_item_matches() {
        assert_eq!(
            value(&Literal::Int(-3)).to_string(),
            quote!(::apimachinery::rule::RuleValue::Int(-3i64)).to_string()
        );
        assert_eq!(
            value(&Literal::Bool(true)).to_string(),
            quote!(::apimachinery::rule::RuleValue::Bool(true)).to_string()
        );
        let tag = parse("k8s:item(type: \"A\", n: 1)=+k8s:required").unwrap();
        let m = item_matches(&tag.args).to_string();
        assert!(m.contains("field : \"type\""), "{m}");
        assert!(m.contains("RuleValue :: Str (\"A\")"), "{m}");
        assert!(m.contains("RuleValue :: Int (1i64)"), "{m}");
        assert_eq!(
            list_kind("map").to_string(),
            quote!(::apimachinery::rule::ListKind::Map).to_string()
        );
    }
}
