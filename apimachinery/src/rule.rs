//! [`Rule`]: one entry of a type's declarative rule inventory, with its
//! typed parameters ([`params`]).

use crate::field::ErrorType;
use serde::Serialize;

pub mod params;

pub use params::{Condition, ItemMatch, ListKind, Measure, RuleParams, RuleValue, UnionMember};

/// The lifecycle stage of a declarative rule: `+k8s:alpha(...)=`, `+k8s:beta(...)=`,
/// or unprefixed (stable, always enforced).
///
/// ```
/// use apimachinery::Stage;
/// assert_eq!(serde_json::to_string(&Stage::Beta).unwrap(), "\"beta\"");
/// assert_eq!(Stage::Stable.as_str(), "stable");
/// ```
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Stage {
    /// Shadow only: hand-written validation is authoritative.
    Alpha,
    /// Enforced unless the `DeclarativeValidationBeta` gate is off.
    Beta,
    /// Always enforced.
    Stable,
}

impl Stage {
    /// `alpha`, `beta` or `stable`.
    ///
    /// ```
    /// assert_eq!(apimachinery::Stage::Alpha.as_str(), "alpha");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Stage::Alpha => "alpha",
            Stage::Beta => "beta",
            Stage::Stable => "stable",
        }
    }
}

/// One (error type, origin) pair a rule can emit.
///
/// ```
/// use apimachinery::{RuleError, field::ErrorType};
/// let e = RuleError { error_type: ErrorType::Invalid, origin: "minimum" };
/// assert_eq!(serde_json::to_value(&e).unwrap()["type"], "FieldValueInvalid");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RuleError {
    /// The error type.
    #[serde(rename = "type")]
    pub error_type: ErrorType,
    /// The origin (empty when the validator sets none, as `Required`).
    pub origin: &'static str,
}

/// One declarative rule of a type, as the derive records it.
///
/// The harness uses the inventory for tag-aware generation (the boundary
/// values of `params` at `path`), for evidence and for promotion. The tag
/// text fields (`tag`, `validator`, `args`, `payload`, `conditions`) are the
/// inventory as written; `params` and `when` are the same facts as typed
/// data, which readers match on.
///
/// ```
/// use apimachinery::{Rule, RuleError, Stage, field::ErrorType};
/// use apimachinery::rule::RuleParams;
/// static RULE: Rule = Rule {
///     id: "ReplicationController/spec.replicas/minimum",
///     kind: "ReplicationController",
///     path: "spec.replicas",
///     tag: "+k8s:minimum=0",
///     validator: "minimum",
///     args: "",
///     payload: "0",
///     stage: Stage::Stable,
///     since: None,
///     field_type: "Option<i32>",
///     conditions: &[],
///     errors: &[RuleError { error_type: ErrorType::Invalid, origin: "minimum" }],
///     params: RuleParams::Minimum(0),
///     when: &[],
/// };
/// let json = serde_json::to_value(&RULE).unwrap();
/// assert_eq!(json["path"], "spec.replicas");
/// assert_eq!(json["stage"], "stable");
/// assert_eq!(json["params"], serde_json::json!({"kind": "minimum", "value": 0}));
/// assert_eq!(json["when"], serde_json::json!([]));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Rule {
    /// Stable identifier: `<Type>/<path pattern>/<validator>` (made unique by the derive).
    pub id: &'static str,
    /// The Rust type (the root type for rules of nested types) the rule was declared in.
    pub kind: &'static str,
    /// JSON path pattern, `[*]` for every list item or map value: `spec.conditions[*].type`.
    pub path: &'static str,
    /// The full tag text as written, e.g. `+k8s:beta(since: "1.36")=+k8s:maxLength=63`.
    pub tag: &'static str,
    /// The innermost validator tag name (`minimum`, `format`, `listType`, ...).
    pub validator: &'static str,
    /// The innermost validator's arguments as written (`type: "Approved"`), empty if none.
    pub args: &'static str,
    /// The innermost validator's payload (`0`, `k8s-short-name`), empty if none.
    pub payload: &'static str,
    /// Lifecycle stage.
    pub stage: Stage,
    /// The `since` version of an alpha/beta wrapper.
    pub since: Option<&'static str>,
    /// The Rust type of the validated field.
    pub field_type: &'static str,
    /// Option conditions wrapping the rule: `ifEnabled(X)`, `ifDisabled(Y)`, `item(type: "A")`.
    pub conditions: &'static [&'static str],
    /// The (type, origin) pairs the rule can emit.
    pub errors: &'static [RuleError],
    /// The innermost validator and its parameters, typed.
    pub params: RuleParams,
    /// The wrappers the rule is evaluated under (options, item selector,
    /// mode, map keys), typed: `conditions` plus `+k8s:eachKey`.
    pub when: &'static [Condition],
}
