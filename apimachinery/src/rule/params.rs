//! [`RuleParams`] and [`Condition`]: a rule's validator and parameters, and
//! the wrappers it is evaluated under, as typed data the derive records, so
//! that readers of the inventory (boundary generation, ratcheting, coverage,
//! mutants) match on them instead of re-parsing tag text.

use crate::validate::UpdateConstraint;
use serde::Serialize;

/// A literal written in a tag (a `+k8s:neq` payload, a `+k8s:item` selector value).
///
/// ```
/// use apimachinery::rule::RuleValue;
/// assert_eq!(serde_json::to_value(RuleValue::Str("a")).unwrap(), "a");
/// assert_eq!(serde_json::to_value(RuleValue::Int(3)).unwrap(), 3);
/// assert_eq!(RuleValue::Bool(true).to_json(), serde_json::json!(true));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(untagged)]
pub enum RuleValue {
    /// A string.
    Str(&'static str),
    /// An integer.
    Int(i64),
    /// A boolean.
    Bool(bool),
}

impl RuleValue {
    /// The value as JSON.
    ///
    /// ```
    /// assert_eq!(apimachinery::rule::RuleValue::Str("x").to_json(), serde_json::json!("x"));
    /// ```
    pub fn to_json(self) -> serde_json::Value {
        match self {
            RuleValue::Str(s) => serde_json::Value::String(s.to_string()),
            RuleValue::Int(i) => serde_json::Value::from(i),
            RuleValue::Bool(b) => serde_json::Value::Bool(b),
        }
    }
}

/// One `field: value` pair of a `+k8s:item(...)` selector: an item is
/// selected when its field `field` (JSON name) equals `value`.
///
/// ```
/// use apimachinery::rule::{ItemMatch, RuleValue};
/// let m = ItemMatch { field: "type", value: RuleValue::Str("Approved") };
/// assert_eq!(serde_json::to_value(m).unwrap(), serde_json::json!({"field": "type", "value": "Approved"}));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct ItemMatch {
    /// The item's field (JSON name).
    pub field: &'static str,
    /// The value it must have.
    pub value: RuleValue,
}

/// The list semantics of `+k8s:listType` / `+k8s:unique`.
///
/// ```
/// use apimachinery::rule::ListKind;
/// assert_eq!(serde_json::to_value(ListKind::Map).unwrap(), "map");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ListKind {
    /// Items are not correlated.
    Atomic,
    /// Items are unique and correlated by value.
    Set,
    /// Items are unique and correlated by their `+k8s:listMapKey` fields.
    Map,
}

/// One member of a `+k8s:unionMember` / `+k8s:zeroOrOneOfMember` group: a
/// field of the union's struct, or (with `item` not empty) the items of the
/// list field `field` selected by `+k8s:item(...)`.
///
/// ```
/// use apimachinery::rule::{ItemMatch, RuleValue, UnionMember};
/// static M: UnionMember = UnionMember {
///     field: "conditions",
///     item: &[ItemMatch { field: "type", value: RuleValue::Str("Approved") }],
/// };
/// assert!(M.is_item());
/// assert!(!UnionMember { field: "a", item: &[] }.is_item());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct UnionMember {
    /// The member field (JSON name), or the list the selected items are in.
    pub field: &'static str,
    /// The item selector; empty for a field member.
    #[serde(skip_serializing_if = "<[ItemMatch]>::is_empty")]
    pub item: &'static [ItemMatch],
}

impl UnionMember {
    /// Whether the member is a set of selected list items.
    ///
    /// ```
    /// assert!(!apimachinery::rule::UnionMember { field: "a", item: &[] }.is_item());
    /// ```
    pub const fn is_item(&self) -> bool {
        !self.item.is_empty()
    }
}

/// What a rule validates, with its parameters: one variant per validator tag
/// family that records a rule. Serialised (the `"params"` object of the
/// inventory JSON) as `{"kind": "<validator>", "value": ...}`.
///
/// ```
/// use apimachinery::rule::RuleParams;
/// let p = RuleParams::MaxLength(63);
/// assert_eq!(serde_json::to_value(p).unwrap(), serde_json::json!({"kind": "maxLength", "value": 63}));
/// assert_eq!(p.bound(), Some((apimachinery::rule::Measure::Chars, 63, false)));
/// assert_eq!(serde_json::to_value(RuleParams::Required).unwrap(), serde_json::json!({"kind": "required"}));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", content = "value", rename_all = "camelCase")]
pub enum RuleParams {
    /// `+k8s:minimum=<n>`.
    Minimum(i64),
    /// `+k8s:maximum=<n>`.
    Maximum(i64),
    /// `+k8s:minLength=<n>` (characters).
    MinLength(usize),
    /// `+k8s:maxLength=<n>` (characters).
    MaxLength(usize),
    /// `+k8s:maxBytes=<n>`.
    MaxBytes(usize),
    /// `+k8s:minItems=<n>`.
    MinItems(usize),
    /// `+k8s:maxItems=<n>`.
    MaxItems(usize),
    /// `+k8s:minProperties=<n>`.
    MinProperties(usize),
    /// `+k8s:maxProperties=<n>`.
    MaxProperties(usize),
    /// `+k8s:format=<name>`.
    Format(&'static str),
    /// `+k8s:enum`: the type's members, sorted (values excluded unconditionally left out).
    Enum(&'static [&'static str]),
    /// `+k8s:neq=<value>`: the forbidden value.
    Neq(RuleValue),
    /// `+k8s:required`.
    Required,
    /// `+k8s:optional` on a field with a `+default` (required to the server).
    Optional,
    /// `+k8s:forbidden`.
    Forbidden,
    /// `+k8s:listType=<kind>`.
    ListType(ListKind),
    /// `+k8s:unique=<kind>`.
    Unique(ListKind),
    /// `+k8s:listMapKey=<field>`: one key field (JSON name) of a list-map.
    ListMapKey(&'static str),
    /// `+k8s:update=<constraint>`.
    Update(UpdateConstraint),
    /// `+k8s:immutable`.
    Immutable,
    /// `+k8s:monotonic`.
    Monotonic,
    /// `+k8s:dependentRequired(<dependent>)` on field `trigger` (the rule's
    /// path is the dependent field).
    DependentRequired {
        /// The tagged field (JSON name): when it is set ...
        trigger: &'static str,
        /// ... this sibling (JSON name) must be set.
        dependent: &'static str,
    },
    /// `+k8s:dependentForbidden(<dependent>)` on field `trigger`.
    DependentForbidden {
        /// The tagged field (JSON name): when it is set ...
        trigger: &'static str,
        /// ... this sibling (JSON name) must be unset.
        dependent: &'static str,
    },
    /// A `+k8s:unionMember` group, discriminated or not.
    Union {
        /// The members.
        members: &'static [UnionMember],
        /// The `+k8s:unionDiscriminator` field (JSON name), when declared.
        discriminator: Option<&'static str>,
    },
    /// A `+k8s:zeroOrOneOfMember` group.
    ZeroOrOneOf {
        /// The members.
        members: &'static [UnionMember],
    },
    /// `+k8s:ifMode(<mode>)=...`: the field is forbidden in the modes it has
    /// no rule for.
    IfMode {
        /// The group's `+k8s:modeDiscriminator` field (JSON name, a sibling
        /// of the member).
        discriminator: &'static str,
        /// The mode value the rule's payload applies in.
        mode: &'static str,
    },
    /// `+k8s:customValidation`: a hand-written function.
    CustomValidation,
    /// `+k8s:validateTrue` / `validateFalse` (test tags): a fixed result.
    Fixed {
        /// Whether the value is valid.
        valid: bool,
    },
}

/// What a numeric bound measures (see [`RuleParams::bound`]).
///
/// ```
/// assert_ne!(apimachinery::rule::Measure::Int, apimachinery::rule::Measure::Bytes);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Measure {
    /// An integer value.
    Int,
    /// A string's length in characters.
    Chars,
    /// A string's length in bytes.
    Bytes,
    /// A list's length.
    Items,
    /// A map's number of entries.
    Properties,
}

impl RuleParams {
    /// The numeric bound of a limit rule: (what it measures, the bound,
    /// whether it is a lower bound).
    ///
    /// ```
    /// use apimachinery::rule::{Measure, RuleParams};
    /// assert_eq!(RuleParams::Minimum(-1).bound(), Some((Measure::Int, -1, true)));
    /// assert_eq!(RuleParams::MaxItems(5).bound(), Some((Measure::Items, 5, false)));
    /// assert_eq!(RuleParams::Required.bound(), None);
    /// ```
    pub fn bound(&self) -> Option<(Measure, i64, bool)> {
        let len = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        Some(match *self {
            RuleParams::Minimum(n) => (Measure::Int, n, true),
            RuleParams::Maximum(n) => (Measure::Int, n, false),
            RuleParams::MinLength(n) => (Measure::Chars, len(n), true),
            RuleParams::MaxLength(n) => (Measure::Chars, len(n), false),
            RuleParams::MaxBytes(n) => (Measure::Bytes, len(n), false),
            RuleParams::MinItems(n) => (Measure::Items, len(n), true),
            RuleParams::MaxItems(n) => (Measure::Items, len(n), false),
            RuleParams::MinProperties(n) => (Measure::Properties, len(n), true),
            RuleParams::MaxProperties(n) => (Measure::Properties, len(n), false),
            _ => return None,
        })
    }

    /// Whether the rule validates only on update (Kubernetes' update-only
    /// validators: `+k8s:immutable`, `+k8s:update`, `+k8s:monotonic`).
    ///
    /// ```
    /// use apimachinery::rule::RuleParams;
    /// assert!(RuleParams::Immutable.update_only());
    /// assert!(!RuleParams::Required.update_only());
    /// ```
    pub fn update_only(&self) -> bool {
        matches!(
            self,
            RuleParams::Immutable | RuleParams::Update(_) | RuleParams::Monotonic
        )
    }
}

/// A wrapper a rule is evaluated under, besides those its path expresses
/// (`+k8s:eachVal` gives `[*]`, `+k8s:subfield` a `.field` step).
/// Serialised (the `"when"` array of the inventory JSON) as
/// `{"kind": "ifEnabled", "value": "X"}`.
///
/// ```
/// use apimachinery::rule::Condition;
/// assert_eq!(serde_json::to_value(Condition::IfEnabled("X")).unwrap(),
///     serde_json::json!({"kind": "ifEnabled", "value": "X"}));
/// assert_eq!(Condition::IfDisabled("Y").option(), Some(("Y", false)));
/// assert_eq!(serde_json::to_value(Condition::EachKey).unwrap(), serde_json::json!({"kind": "eachKey"}));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", content = "value", rename_all = "camelCase")]
pub enum Condition {
    /// `+k8s:ifEnabled(<option>)=`.
    IfEnabled(&'static str),
    /// `+k8s:ifDisabled(<option>)=`.
    IfDisabled(&'static str),
    /// `+k8s:item(...)=`: only the list items with these field values.
    Item(&'static [ItemMatch]),
    /// `+k8s:ifMode(<mode>)=`: only when the mode discriminator has this value.
    IfMode {
        /// The `+k8s:modeDiscriminator` field (JSON name, a sibling of the
        /// rule's field).
        discriminator: &'static str,
        /// The mode value.
        mode: &'static str,
    },
    /// `+k8s:eachKey=`: the rule validates the keys of the map at its path.
    EachKey,
}

impl Condition {
    /// The option and the state it must be in, for `ifEnabled` / `ifDisabled`.
    ///
    /// ```
    /// assert_eq!(apimachinery::rule::Condition::IfEnabled("A").option(), Some(("A", true)));
    /// ```
    pub fn option(&self) -> Option<(&'static str, bool)> {
        match *self {
            Condition::IfEnabled(o) => Some((o, true)),
            Condition::IfDisabled(o) => Some((o, false)),
            _ => None,
        }
    }

    /// The item selector, for `item(...)`.
    ///
    /// ```
    /// assert!(apimachinery::rule::Condition::EachKey.item().is_none());
    /// ```
    pub fn item(&self) -> Option<&'static [ItemMatch]> {
        match *self {
            Condition::Item(m) => Some(m),
            _ => None,
        }
    }

    /// The mode value, for `ifMode(...)`.
    ///
    /// ```
    /// use apimachinery::rule::Condition;
    /// assert_eq!(Condition::IfMode { discriminator: "type", mode: "File" }.mode(), Some("File"));
    /// ```
    pub fn mode(&self) -> Option<&'static str> {
        match *self {
            Condition::IfMode { mode, .. } => Some(mode),
            _ => None,
        }
    }

    /// The mode discriminator field (JSON name, a sibling of the rule's
    /// field), for `ifMode(...)`.
    ///
    /// ```
    /// use apimachinery::rule::Condition;
    /// assert_eq!(Condition::IfMode { discriminator: "type", mode: "File" }.discriminator(), Some("type"));
    /// assert_eq!(serde_json::to_value(Condition::IfMode { discriminator: "type", mode: "File" }).unwrap(),
    ///     serde_json::json!({"kind": "ifMode", "value": {"discriminator": "type", "mode": "File"}}));
    /// ```
    pub fn discriminator(&self) -> Option<&'static str> {
        match *self {
            Condition::IfMode { discriminator, .. } => Some(discriminator),
            _ => None,
        }
    }
}
