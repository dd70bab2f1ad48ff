//! A `core/v1` `NodeSelector` held as the JSON it was written as, compared
//! the way Kubernetes compares the Go value.
//!
//! `resource/v1` keeps `status.allocation.nodeSelector` as JSON: the
//! hand-written side reads it into a [`NodeSelector`] itself, so that a
//! selector of the wrong shape is reported instead of failing the whole
//! object. Kubernetes compares a stored and an updated allocation with
//! `apiequality.Semantic.DeepEqual` (hand-written `ValidateImmutableField`,
//! declarative ratcheting before `+k8s:update=NoModify`), which treats a nil
//! and an empty slice alike; a stored object never even holds an empty
//! slice, as neither its JSON (`omitempty`) nor its protobuf encoding writes
//! one. The JSON `{"matchFields": []}` and `{}` are therefore the same
//! selector, and so are a `null` member and an absent one (Go's decoder
//! leaves the field at its zero value). [`NodeSelectorJson`]'s equality
//! reads both sides as [`NodeSelector`]s (`null` read as Go reads it,
//! `apimachinery::go_null`) and compares those; JSON that is no `NodeSelector` is compared as JSON.
//! Serialisation writes the JSON exactly as read, `[]` included.

use super::node_selector::NodeSelector;
use apimachinery::go_null::GoNull;
use apimachinery::text_eq::TextEq;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A `core/v1` `NodeSelector` kept as JSON, equal to another when Go's
/// `Semantic.DeepEqual` would find the decoded selectors equal.
///
/// ```
/// use declarative::api::core::v1::NodeSelectorJson;
/// let a: NodeSelectorJson = serde_json::from_str(r#"{"nodeSelectorTerms":[{"matchFields":[]}]}"#).unwrap();
/// let b: NodeSelectorJson = serde_json::from_str(r#"{"nodeSelectorTerms":[{"matchFields":null}]}"#).unwrap();
/// let c: NodeSelectorJson = serde_json::from_str(r#"{"nodeSelectorTerms":[{}]}"#).unwrap();
/// assert!(a == b && b == c);
/// assert_eq!(serde_json::to_string(&a).unwrap(), r#"{"nodeSelectorTerms":[{"matchFields":[]}]}"#);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, Default)]
#[serde(transparent)]
pub struct NodeSelectorJson(pub Value);

impl NodeSelectorJson {
    /// The selector as Go's decoder reads it (`null` as Go reads it).
    /// `None` when the JSON is no `NodeSelector`.
    ///
    /// ```
    /// use declarative::api::core::v1::NodeSelectorJson;
    /// let s = NodeSelectorJson(serde_json::json!({"nodeSelectorTerms": [{"matchExpressions": null}]}));
    /// assert_eq!(s.decoded().unwrap().node_selector_terms.len(), 1);
    /// assert!(NodeSelectorJson(serde_json::json!({"nodeSelectorTerms": 1})).decoded().is_none());
    /// ```
    pub fn decoded(&self) -> Option<NodeSelector> {
        NodeSelectorJson::decode(&self.0).ok()
    }

    /// Reads `value` as a [`NodeSelector`] the way Go's decoder does
    /// ([`GoNull`]): a `null` member is the member's zero value, a `null`
    /// list item the item's (`""` for a string); the error says why JSON is
    /// no selector.
    ///
    /// ```
    /// use declarative::api::core::v1::NodeSelectorJson;
    /// let sel = serde_json::json!({"nodeSelectorTerms": [{"matchFields": null}]});
    /// assert_eq!(NodeSelectorJson::decode(&sel).unwrap().node_selector_terms.len(), 1);
    /// assert!(NodeSelectorJson::decode(&serde_json::json!({"nodeSelectorTerms": "x"})).is_err());
    /// ```
    pub fn decode(value: &Value) -> Result<NodeSelector, serde_json::Error> {
        NodeSelector::deserialize(GoNull(value))
    }
}

impl PartialEq for NodeSelectorJson {
    fn eq(&self, other: &Self) -> bool {
        self.text_eq(other)
    }
}

impl TextEq for NodeSelectorJson {
    fn text_eq(&self, other: &Self) -> bool {
        if self.0.text_eq(&other.0) {
            return true;
        }
        match (self.decoded(), other.decoded()) {
            (Some(a), Some(b)) => a.text_eq(&b),
            _ => false,
        }
    }
}

impl From<Value> for NodeSelectorJson {
    fn from(value: Value) -> NodeSelectorJson {
        NodeSelectorJson(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn nulls_are_read_as_go_reads_them_in_lists_and_members() {
        let v = json!({"nodeSelectorTerms": [{"matchExpressions": [
            {"key": null, "operator": "In", "values": ["a", null]}
        ]}]});
        let typed = NodeSelectorJson::decode(&v).unwrap();
        let req = &typed.node_selector_terms[0].match_expressions[0];
        assert_eq!(req.key, "");
        assert_eq!(req.values, ["a", ""]);
        let same = json!({"nodeSelectorTerms": [{"matchExpressions": [
            {"key": "", "operator": "In", "values": ["a", ""]}
        ]}]});
        assert_eq!(sel(v), sel(same));
    }

    fn sel(v: Value) -> NodeSelectorJson {
        NodeSelectorJson(v)
    }

    #[test]
    fn empty_lists_nulls_and_absent_members_are_equal() {
        let req = json!({"key": "k", "operator": "Exists"});
        let forms = [
            json!({"nodeSelectorTerms": [{"matchExpressions": [req]}]}),
            json!({"nodeSelectorTerms": [{"matchExpressions": [req], "matchFields": []}]}),
            json!({"nodeSelectorTerms": [{"matchExpressions": [req], "matchFields": null}]}),
            json!({"nodeSelectorTerms": [{"matchExpressions": [{"key": "k", "operator": "Exists", "values": []}]}]}),
        ];
        for a in &forms {
            for b in &forms {
                assert_eq!(sel(a.clone()), sel(b.clone()), "{a} vs {b}");
            }
        }
        assert_eq!(
            sel(json!({})),
            sel(json!({"nodeSelectorTerms": []})),
            "terms: nil and empty"
        );
        assert_eq!(sel(json!({})), sel(json!({"nodeSelectorTerms": null})));
    }

    #[test]
    fn different_selectors_differ() {
        let a = sel(json!({"nodeSelectorTerms": [{"matchFields": []}]}));
        assert_ne!(a, sel(json!({"nodeSelectorTerms": []})), "one term vs none");
        assert_ne!(
            a,
            sel(
                json!({"nodeSelectorTerms": [{"matchFields": [{"key": "k", "operator": "Exists"}]}]})
            )
        );
        assert_ne!(
            sel(
                json!({"nodeSelectorTerms": [{"matchExpressions": [{"key": "k", "operator": "In", "values": ["a"]}]}]})
            ),
            sel(
                json!({"nodeSelectorTerms": [{"matchExpressions": [{"key": "k", "operator": "In", "values": []}]}]})
            )
        );
    }

    #[test]
    fn undecodable_json_compares_as_json() {
        assert_eq!(
            sel(json!({"nodeSelectorTerms": 1})),
            sel(json!({"nodeSelectorTerms": 1}))
        );
        assert_ne!(
            sel(json!({"nodeSelectorTerms": 1})),
            sel(json!({"nodeSelectorTerms": []}))
        );
    }

    #[test]
    fn serialises_as_written() {
        for text in [
            r#"{"nodeSelectorTerms":[{"matchFields":[]}]}"#,
            r#"{"nodeSelectorTerms":null}"#,
            "{}",
        ] {
            let s: NodeSelectorJson = serde_json::from_str(text).unwrap();
            assert_eq!(serde_json::to_string(&s).unwrap(), text);
        }
    }
}
