//! The scaling behavior an autoscaling/v1 HorizontalPodAutoscaler carries in
//! its `autoscaling.alpha.kubernetes.io/behavior` annotation, decoded into
//! the internal `HorizontalPodAutoscalerBehavior` Kubernetes validates.
//!
//! autoscaling/v1 has no `spec.behavior`; Kubernetes keeps it in this
//! annotation. Its v1 conversion writes the annotation by marshaling the
//! *internal* type and reads it back by unmarshaling into the internal type
//! (`Convert_v1_HorizontalPodAutoscaler_To_autoscaling_HorizontalPodAutoscaler`
//! in `pkg/apis/autoscaling/v1/conversion.go`; the kubernetes/kubernetes
//! version in the store, 6672a99e, predates behavior, so the text read is the
//! newest one the store holds, pacoxu/kubernetes@a5e3996e, store id
//! 25957655523, which matches the v2beta1 conversion of the same store, id
//! 265206503; that fork's text then also converts the v2 default scaling
//! rules into `spec.behavior.scaleUp/scaleDown`, which would dereference a
//! nil behavior for every v1 object without the annotation, so it is taken
//! for the fork's own change and not ported: autoscaling/v1 gets no
//! behavior defaults here). The internal types (`pkg/apis/autoscaling/types.go`, read at
//! 00c836b4; `tolerance` from the strategy of store id 235012456 and
//! k8s.io/api `autoscaling/v2/types.go` at 10b39a39) carry no JSON tags, so
//! the keys are the Go field names: `ScaleUp`, `ScaleDown`,
//! `StabilizationWindowSeconds`, `SelectPolicy`, `Policies`, `Tolerance`,
//! `Type`, `Value`, `PeriodSeconds`.
//!
//! The conversion moves the decoded behavior to `spec.behavior` only when
//! the text decodes without error and sets `ScaleUp` or `ScaleDown`;
//! otherwise the annotation is ignored (no error). [`parse`] decodes as Go's
//! `encoding/json` does into those types:
//! - keys match field names case-insensitively (Unicode simple folding,
//!   which for these names adds `ſ` for `s` and the Kelvin sign for `k`),
//!   unknown keys are skipped, and keys apply in document order, so a
//!   later duplicate overrides an earlier one and a repeated rules object
//!   is decoded into the rules already there (merged, as Go does through a
//!   non-nil pointer);
//! - `null` leaves a field unchanged: a pointer stays unset, an `int32` or
//!   string stays zero or empty, a `null` policy in the list stays a zero
//!   policy;
//! - an `int32` must be an integer literal in range (`1.0`, `1e3` and a
//!   string are errors), a string field must be a string, a rules object an
//!   object, the policies an array; `Tolerance` decodes as a
//!   `resource.Quantity` (a string or a bare number; anything else must
//!   parse as a quantity, which it does not).
//!
//! Any such error discards the whole annotation, as the conversion does.
//! Not reproduced: Go reuses a list's backing elements when a duplicate
//! `Policies` key decodes a shorter list over a longer one; a bare number
//! tolerance is re-read from its decimal value rather than its literal text,
//! and `-0` is read as a float (an error for an `int32`, which Go reads as
//! 0): limits of the JSON reader here.

use crate::core::v1::quantity::{Quantity, parse_quantity};
use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Number;

/// The internal `HorizontalPodAutoscalerBehavior`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Behavior {
    /// `ScaleUp`.
    pub scale_up: Option<ScalingRules>,
    /// `ScaleDown`.
    pub scale_down: Option<ScalingRules>,
}

/// The internal `HPAScalingRules`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ScalingRules {
    /// `StabilizationWindowSeconds`.
    pub stabilization_window_seconds: Option<i32>,
    /// `SelectPolicy`.
    pub select_policy: Option<String>,
    /// `Policies` (`None`: absent or `null`).
    pub policies: Option<Vec<ScalingPolicy>>,
    /// `Tolerance`.
    pub tolerance: Option<Quantity>,
}

/// The internal `HPAScalingPolicy`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ScalingPolicy {
    /// `Type`: `Pods` or `Percent`.
    pub type_: String,
    /// `Value`.
    pub value: i32,
    /// `PeriodSeconds`.
    pub period_seconds: i32,
}

/// Why the annotation's text does not decode.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BehaviorDecodeError {
    /// Not JSON.
    #[error("malformed JSON: {0}")]
    Syntax(String),
    /// JSON of the wrong type for a field.
    #[error("cannot decode {value} into {target}")]
    Type {
        /// What the field holds in Go.
        target: &'static str,
        /// The kind of JSON value found.
        value: &'static str,
    },
    /// A tolerance that is not a quantity.
    #[error("tolerance: {0}")]
    Quantity(String),
}

/// A JSON value that keeps every object entry in document order,
/// duplicates included.
#[derive(Debug, Clone)]
enum Json {
    Null,
    Bool,
    Number(Number),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    fn kind(&self) -> &'static str {
        match self {
            Json::Null => "null",
            Json::Bool => "bool",
            Json::Number(_) => "number",
            Json::String(_) => "string",
            Json::Array(_) => "array",
            Json::Object(_) => "object",
        }
    }
}

struct JsonVisitor;

impl<'de> Visitor<'de> for JsonVisitor {
    type Value = Json;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_unit<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }
    fn visit_bool<E>(self, _: bool) -> Result<Json, E> {
        Ok(Json::Bool)
    }
    fn visit_i64<E>(self, v: i64) -> Result<Json, E> {
        Ok(Json::Number(v.into()))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Json, E> {
        Ok(Json::Number(v.into()))
    }
    fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Json, E> {
        Number::from_f64(v)
            .map(Json::Number)
            .ok_or_else(|| E::custom("number out of range"))
    }
    fn visit_str<E>(self, v: &str) -> Result<Json, E> {
        Ok(Json::String(v.to_string()))
    }
    fn visit_string<E>(self, v: String) -> Result<Json, E> {
        Ok(Json::String(v))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element::<Json>()? {
            items.push(item);
        }
        Ok(Json::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
        let mut entries = Vec::new();
        while let Some((key, value)) = map.next_entry::<String, Json>()? {
            entries.push((key, value));
        }
        Ok(Json::Object(entries))
    }
}

impl<'de> Deserialize<'de> for Json {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Json, D::Error> {
        d.deserialize_any(JsonVisitor)
    }
}

/// A key folded as Go's `encoding/json` compares field names (Unicode
/// simple case folding; `ſ` folds to `s`, the Kelvin sign to `k`).
fn fold(key: &str) -> String {
    key.chars()
        .flat_map(|c| match c {
            'ſ' => 's'.to_lowercase(),
            c => c.to_lowercase(),
        })
        .collect()
}

/// The entries of an object, keys folded; `Ok(None)` for `null`.
fn object(
    value: Json,
    target: &'static str,
) -> Result<Option<Vec<(String, Json)>>, BehaviorDecodeError> {
    match value {
        Json::Null => Ok(None),
        Json::Object(entries) => Ok(Some(
            entries.into_iter().map(|(k, v)| (fold(&k), v)).collect(),
        )),
        other => Err(BehaviorDecodeError::Type {
            target,
            value: other.kind(),
        }),
    }
}

/// An `int32` value: `Ok(None)` for `null` (a pointer field becomes unset,
/// a plain one is left as it was).
fn int32(value: Json) -> Result<Option<i32>, BehaviorDecodeError> {
    let mismatch = |value: &'static str| BehaviorDecodeError::Type {
        target: "int32",
        value,
    };
    match value {
        Json::Null => Ok(None),
        Json::Number(n) => n
            .as_i64()
            .and_then(|n| i32::try_from(n).ok())
            .map(Some)
            .ok_or_else(|| mismatch("number")),
        other => Err(mismatch(other.kind())),
    }
}

/// A string value: `Ok(None)` for `null`.
fn string(value: Json) -> Result<Option<String>, BehaviorDecodeError> {
    match value {
        Json::Null => Ok(None),
        Json::String(s) => Ok(Some(s)),
        other => Err(BehaviorDecodeError::Type {
            target: "string",
            value: other.kind(),
        }),
    }
}

/// `Quantity.UnmarshalJSON` on a non-null value: a string's content or a
/// bare literal, parsed as a quantity.
fn quantity(value: Json) -> Result<Quantity, BehaviorDecodeError> {
    let text = match value {
        Json::String(s) => s,
        Json::Number(n) => n.to_string(),
        other => {
            return Err(BehaviorDecodeError::Quantity(format!(
                "not a quantity: {}",
                other.kind()
            )));
        }
    };
    parse_quantity(&text).map_err(|e| BehaviorDecodeError::Quantity(e.to_string()))
}

fn decode_policy(value: Json, policy: &mut ScalingPolicy) -> Result<(), BehaviorDecodeError> {
    let Some(entries) = object(value, "HPAScalingPolicy")? else {
        return Ok(());
    };
    for (key, value) in entries {
        match key.as_str() {
            "type" => {
                if let Some(s) = string(value)? {
                    policy.type_ = s;
                }
            }
            "value" => {
                if let Some(n) = int32(value)? {
                    policy.value = n;
                }
            }
            "periodseconds" => {
                if let Some(n) = int32(value)? {
                    policy.period_seconds = n;
                }
            }
            _ => {}
        }
    }
    Ok(())
}

fn decode_policies(value: Json) -> Result<Option<Vec<ScalingPolicy>>, BehaviorDecodeError> {
    match value {
        Json::Null => Ok(None),
        Json::Array(items) => {
            let mut policies = Vec::with_capacity(items.len());
            for item in items {
                let mut policy = ScalingPolicy::default();
                decode_policy(item, &mut policy)?;
                policies.push(policy);
            }
            Ok(Some(policies))
        }
        other => Err(BehaviorDecodeError::Type {
            target: "[]HPAScalingPolicy",
            value: other.kind(),
        }),
    }
}

/// Decodes a rules object into `slot`: `null` clears it, an object is
/// decoded into the rules already there (new ones if unset).
fn decode_rules(value: Json, slot: &mut Option<ScalingRules>) -> Result<(), BehaviorDecodeError> {
    let Some(entries) = object(value, "HPAScalingRules")? else {
        *slot = None;
        return Ok(());
    };
    let rules = slot.get_or_insert_with(ScalingRules::default);
    for (key, value) in entries {
        match key.as_str() {
            "stabilizationwindowseconds" => rules.stabilization_window_seconds = int32(value)?,
            "selectpolicy" => rules.select_policy = string(value)?,
            "policies" => rules.policies = decode_policies(value)?,
            "tolerance" => {
                rules.tolerance = match value {
                    Json::Null => None,
                    v => Some(quantity(v)?),
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// Decodes the annotation's text into the internal behavior (`ScaleUp` and
/// `ScaleDown` unset when the text sets neither).
///
/// ```
/// use handwritten::autoscaling::v1::annotation_behavior::parse;
/// let b = parse(r#"{"ScaleUp":{"SelectPolicy":"Min","Policies":[{"Type":"Pods","Value":1,"PeriodSeconds":60}]}}"#).unwrap();
/// assert_eq!(b.scale_up.unwrap().select_policy.as_deref(), Some("Min"));
/// let b = parse(r#"{"scaledown":{"stabilizationWindowSeconds":300}}"#).unwrap();
/// assert_eq!(b.scale_down.unwrap().stabilization_window_seconds, Some(300));
/// assert!(parse(r#"{"ScaleUp":{"Policies":[{"Value":"1"}]}}"#).is_err());
/// ```
pub fn parse(text: &str) -> Result<Behavior, BehaviorDecodeError> {
    let value: Json =
        serde_json::from_str(text).map_err(|e| BehaviorDecodeError::Syntax(e.to_string()))?;
    let mut behavior = Behavior::default();
    let Some(entries) = object(value, "HorizontalPodAutoscalerBehavior")? else {
        return Ok(behavior);
    };
    for (key, value) in entries {
        match key.as_str() {
            "scaleup" => decode_rules(value, &mut behavior.scale_up)?,
            "scaledown" => decode_rules(value, &mut behavior.scale_down)?,
            _ => {}
        }
    }
    Ok(behavior)
}

/// What the v1 conversion moves to `spec.behavior`: the decoded behavior
/// when the text decodes and sets `ScaleUp` or `ScaleDown`, else nothing.
///
/// ```
/// use handwritten::autoscaling::v1::annotation_behavior::convert;
/// assert!(convert(r#"{"ScaleUp":{}}"#).is_some());
/// assert!(convert("{}").is_none());
/// assert!(convert("not json").is_none());
/// assert!(convert(r#"{"ScaleUp":{"Tolerance":true}}"#).is_none());
/// ```
pub fn convert(text: &str) -> Option<Behavior> {
    parse(text)
        .ok()
        .filter(|b| b.scale_up.is_some() || b.scale_down.is_some())
}

/// A string as Go's `json.Marshal` writes it (HTML characters and the
/// line and paragraph separators escaped).
fn go_string(s: &str) -> String {
    serde_json::to_string(s)
        .unwrap_or_default()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
        .replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029")
}

fn encode_rules(rules: Option<&ScalingRules>) -> String {
    let Some(rules) = rules else {
        return "null".into();
    };
    let window = rules
        .stabilization_window_seconds
        .map_or_else(|| "null".into(), |n| n.to_string());
    let select = rules
        .select_policy
        .as_deref()
        .map_or_else(|| "null".into(), go_string);
    let policies = rules.policies.as_ref().map_or_else(
        || "null".into(),
        |policies| {
            let items: Vec<String> = policies
                .iter()
                .map(|p| {
                    format!(
                        r#"{{"Type":{},"Value":{},"PeriodSeconds":{}}}"#,
                        go_string(&p.type_),
                        p.value,
                        p.period_seconds
                    )
                })
                .collect();
            format!("[{}]", items.join(","))
        },
    );
    let tolerance = rules
        .tolerance
        .as_ref()
        .map_or_else(|| "null".into(), |q| go_string(&q.to_string()));
    format!(
        r#"{{"StabilizationWindowSeconds":{window},"SelectPolicy":{select},"Policies":{policies},"Tolerance":{tolerance}}}"#
    )
}

/// The annotation text the v1 conversion writes for `behavior`
/// (`json.Marshal` of the internal type: every field, `null` when unset).
///
/// ```
/// use handwritten::autoscaling::v1::annotation_behavior::{encode, parse};
/// let text = r#"{"scaleUp":{"policies":[{"type":"Pods","value":4,"periodSeconds":15}]}}"#;
/// assert_eq!(encode(&parse(text).unwrap()),
///     r#"{"ScaleUp":{"StabilizationWindowSeconds":null,"SelectPolicy":null,"Policies":[{"Type":"Pods","Value":4,"PeriodSeconds":15}],"Tolerance":null},"ScaleDown":null}"#);
/// ```
pub fn encode(behavior: &Behavior) -> String {
    format!(
        r#"{{"ScaleUp":{},"ScaleDown":{}}}"#,
        encode_rules(behavior.scale_up.as_ref()),
        encode_rules(behavior.scale_down.as_ref())
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_fold_and_apply_in_order() {
        let b = parse(
            r#"{"SCALEUP":{"SelectPolicy":"Min"},"ſcaleUp":{"Policies":[]},"ScaleDown":{"x":1},"ScaleDown":null}"#,
        )
        .unwrap();
        let up = b.scale_up.unwrap();
        assert_eq!(up.select_policy.as_deref(), Some("Min"));
        assert_eq!(up.policies, Some(vec![]));
        assert!(b.scale_down.is_none());
        let b = parse(
            r#"{"ScaleUp":{"StabilizationWindowSeconds":5,"stabilizationwindowseconds":null}}"#,
        )
        .unwrap();
        assert_eq!(b.scale_up.unwrap().stabilization_window_seconds, None);
    }

    #[test]
    fn nulls_leave_zero_values() {
        let b = parse(
            r#"{"ScaleUp":{"Policies":[null,{"Type":null,"Value":null,"PeriodSeconds":7}],"Tolerance":null,"SelectPolicy":null}}"#,
        )
        .unwrap();
        let up = b.scale_up.unwrap();
        assert_eq!(
            up.policies.unwrap(),
            [
                ScalingPolicy::default(),
                ScalingPolicy {
                    period_seconds: 7,
                    ..ScalingPolicy::default()
                }
            ]
        );
        assert!(up.tolerance.is_none() && up.select_policy.is_none());
        assert_eq!(parse("null").unwrap(), Behavior::default());
    }

    #[test]
    fn type_mismatches_are_errors() {
        for text in [
            "",
            "[]",
            r#""x""#,
            r#"{"ScaleUp":1}"#,
            r#"{"ScaleUp":{"StabilizationWindowSeconds":1.0}}"#,
            r#"{"ScaleUp":{"StabilizationWindowSeconds":2147483648}}"#,
            r#"{"ScaleUp":{"StabilizationWindowSeconds":"1"}}"#,
            r#"{"ScaleUp":{"SelectPolicy":1}}"#,
            r#"{"ScaleUp":{"Policies":{}}}"#,
            r#"{"ScaleUp":{"Policies":[1]}}"#,
            r#"{"ScaleDown":{"Tolerance":"0.1x"}}"#,
            r#"{"ScaleDown":{"Tolerance":{}}}"#,
        ] {
            assert!(parse(text).is_err(), "{text}");
            assert!(convert(text).is_none(), "{text}");
        }
        assert!(parse(r#"{"Other":[1,{"a":true}],"ScaleUp":{"Unknown":"x"}}"#).is_ok());
    }

    #[test]
    fn tolerance_is_a_quantity() {
        let b =
            parse(r#"{"ScaleUp":{"Tolerance":"100m"},"ScaleDown":{"Tolerance":0.05}}"#).unwrap();
        assert_eq!(b.scale_up.unwrap().tolerance.unwrap().to_string(), "100m");
        assert_eq!(b.scale_down.unwrap().tolerance.unwrap().to_string(), "50m");
    }

    #[test]
    fn encoding_round_trips() {
        let text = r#"{"ScaleDown":{"StabilizationWindowSeconds":-1,"SelectPolicy":"<Max>","Tolerance":"1"}}"#;
        let b = parse(text).unwrap();
        let encoded = encode(&b);
        assert!(
            encoded.contains(r#""SelectPolicy":"\u003cMax\u003e""#),
            "{encoded}"
        );
        assert_eq!(parse(&encoded).unwrap(), b);
    }
}
