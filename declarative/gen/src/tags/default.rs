//! `+default=<json>` (Kubernetes' `validators/required.go`, `hasZeroDefault`):
//! not a validation tag of its own but a marker `+k8s:optional` reads. A
//! field that is optional to clients but has a default is required to the
//! server, because defaulting runs before validation:
//!
//! - a nilable field (pointer, list, map) with a default: `+k8s:optional`
//!   validates as `+k8s:required` (nil or empty is `Required`, origin empty);
//! - a value field whose default is not its zero value: likewise (the zero
//!   value is what defaulting replaces, so it cannot survive validation);
//! - a value field whose default is its zero value: `+k8s:optional` is only
//!   documentation, it emits nothing (not even the short-circuit), so the
//!   field's other validators see the zero value.
//!
//! The payload is JSON. Numbers compare as Go's `float64` (`0`, `0.0` and
//! `-0` are all zero); the zero of a string is `""`, of a bool `false`. A
//! named value type (a string or integer typedef) is zero for `""`, `0` or
//! `false` (the derive cannot see its underlying type). Like Kubernetes, an
//! empty, `null`, non-JSON or repeated `+default` is a compile error, and only
//! the field's own `+k8s:optional` reads it (not a `+k8s:subfield` payload).

use super::presence::{presence, struct_guard};
use super::{Cx, FunctionGen, Out, Scope};
use crate::grammar::{self, Tag};
use crate::model::Shape;
use quote::quote;

/// One `+default` line of a field.
///
/// ```text
/// /// +default=1   ->  DefaultMarker { payload: "1" }
/// ```
#[derive(Clone, Debug)]
pub struct DefaultMarker {
    /// The value after `=` (empty when there is none).
    pub payload: String,
}

/// The `+default` markers in a list of attributes (`+default=V` and the
/// function form `+default(args)=V`).
///
/// ```text
/// markers_of(&attrs) == vec![DefaultMarker { payload: "\"TCP\"", .. }]
/// ```
pub fn markers_of(attrs: &[syn::Attribute]) -> Vec<DefaultMarker> {
    let mut out = Vec::new();
    for attr in attrs {
        for line in crate::model::doc_lines(attr) {
            if grammar::tag_name_of(&line) != Some("default") {
                continue;
            }
            let rest = line.trim().trim_start_matches('+')["default".len()..].to_string();
            let payload = match rest.find('=') {
                Some(i) if rest.starts_with('=') || rest.starts_with('(') => {
                    rest[i + 1..].trim().to_string()
                }
                _ => String::new(),
            };
            out.push(DefaultMarker { payload });
        }
    }
    out
}

/// What a field's default means for `+k8s:optional`.
#[derive(Debug, PartialEq, Eq)]
pub enum Defaulted {
    /// No `+default`: plain optional.
    No,
    /// Nilable, or a non-zero default: the field is effectively required.
    Required,
    /// A value field with a zero default: optional is documentation only.
    ZeroValue,
}

/// Whether `v` is the Go zero value for a non-nilable field of `shape`.
fn is_zero(shape: &Shape, v: &serde_json::Value) -> Result<bool, String> {
    use serde_json::Value;
    let zero_number = |v: &Value| v.as_f64() == Some(0.0);
    Ok(match shape {
        Shape::Int | Shape::Float => zero_number(v),
        Shape::Bool => *v == Value::Bool(false),
        Shape::Str => *v == Value::String(String::new()),
        Shape::Named | Shape::Unknown => match v {
            Value::String(s) => s.is_empty(),
            Value::Bool(b) => !b,
            Value::Number(_) => zero_number(v),
            _ => return Err("unknown zero-value for a named type with this default".into()),
        },
        Shape::Pointer(_) | Shape::Slice(_) | Shape::Map(..) => false,
    })
}

/// Classifies the field's `+default` (Kubernetes' `hasZeroDefault`).
///
/// ```text
/// defaulted(&cx) == Ok(Defaulted::Required)   // Option<i32> with +default=1
/// ```
pub fn defaulted(cx: &Cx<'_>) -> Result<Defaulted, String> {
    let Some(field) = cx.field else {
        return Ok(Defaulted::No);
    };
    // Only the field's own optional: a subfield payload sees an Unknown shape
    // and list items / map values have their own scopes.
    if cx.scope != Scope::Field || matches!(cx.ty.shape, Shape::Unknown) {
        return Ok(Defaulted::No);
    }
    let payload = match field.defaults.as_slice() {
        [] => return Ok(Defaulted::No),
        [one] => &one.payload,
        many => {
            let all: Vec<&str> = many.iter().map(|m| m.payload.as_str()).collect();
            return Err(format!("+default tag with multiple values: {all:?}"));
        }
    };
    let value: serde_json::Value = serde_json::from_str(payload)
        .map_err(|e| format!("failed to parse default value {payload:?}: {e}"))?;
    if value.is_null() {
        return Err(format!(
            "failed to parse default value {payload:?}: unmarshalled to nil"
        ));
    }
    if matches!(
        cx.ty.shape,
        Shape::Pointer(_) | Shape::Slice(_) | Shape::Map(..)
    ) {
        return Ok(Defaulted::Required);
    }
    Ok(if is_zero(&cx.ty.shape, &value)? {
        Defaulted::ZeroValue
    } else {
        Defaulted::Required
    })
}

/// `+k8s:optional` on a field with a `+default`: `None` when the field has
/// none (plain optional), else the required check or nothing.
///
/// ```text
/// optional_with_default(&cx, tag, &mut out) == Some(Ok(vec![required_pointer(...)]))
/// ```
pub fn optional_with_default(
    cx: &Cx<'_>,
    tag: &Tag,
    out: &mut Out,
) -> Option<Result<Vec<FunctionGen>, String>> {
    match defaulted(cx) {
        Err(e) => Some(Err(e)),
        Ok(Defaulted::No) => None,
        Ok(Defaulted::ZeroValue) => Some(Ok(Vec::new())),
        Ok(Defaulted::Required) => {
            cx.rule(
                out,
                tag,
                quote!(::apimachinery::rule::RuleParams::Optional),
                vec![("Required", String::new())],
            );
            Some(presence(cx, "required").map(|call| {
                vec![FunctionGen::short_circuit(struct_guard(
                    cx,
                    "k8s:required",
                    call,
                ))]
            }))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn zero_values_follow_go() {
        assert!(is_zero(&Shape::Int, &json!(0)).unwrap());
        assert!(is_zero(&Shape::Int, &json!(0.0)).unwrap());
        assert!(!is_zero(&Shape::Int, &json!(1)).unwrap());
        assert!(!is_zero(&Shape::Int, &json!("0")).unwrap());
        assert!(is_zero(&Shape::Bool, &json!(false)).unwrap());
        assert!(!is_zero(&Shape::Bool, &json!(0)).unwrap());
        assert!(is_zero(&Shape::Str, &json!("")).unwrap());
        assert!(!is_zero(&Shape::Str, &json!("TCP")).unwrap());
        assert!(is_zero(&Shape::Named, &json!("")).unwrap());
        assert!(!is_zero(&Shape::Named, &json!("TCP")).unwrap());
        assert!(is_zero(&Shape::Named, &json!({"a": 1})).is_err());
    }

    #[test]
    fn markers_are_read_from_doc_lines() {
        let f: syn::Field = syn::parse_quote! {
            /// +k8s:optional
            /// +default={"k": "v"}
            /// +defaulted=no
            x: i32
        };
        let m = markers_of(&f.attrs);
        assert_eq!(m.len(), 1);
        assert_eq!(m[0].payload, r#"{"k": "v"}"#);
        let f: syn::Field = syn::parse_quote! {
            /// +default
            x: i32
        };
        assert_eq!(markers_of(&f.attrs)[0].payload, "");
    }
}
