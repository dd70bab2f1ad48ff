//! Ratcheting: whether the generated validators would skip the value an
//! unpaired hand-written error is about, because it is unchanged from the
//! stored object (KEP-5073).
//!
//! The generated code walks the new and old objects together and skips any
//! node equal to its old counterpart. Its counterpart is found the way
//! Kubernetes' validation-gen correlates: struct fields by name, map values
//! by key, list-map items (`+k8s:listType=map` or `+k8s:unique=map`, keys
//! from `+k8s:listMapKey`) by key, set items (`=set`) by value, and items of
//! atomic lists not at all (a changed atomic list is revalidated entirely).
//! [`Ratcheting`] follows an error's field path through both objects (as
//! JSON) with the same correlation, read from the pair's rule inventory.

use apimachinery::Rule;
use apimachinery::field::{Error, ErrorType};
use apimachinery::rule::{ListKind, RuleParams};
use serde_json::Value;
use std::collections::HashMap;

/// How the items of one list are correlated with the old list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListCorrelation {
    /// A list-map: the old item with the same values of these keys.
    Map(Vec<&'static str>),
    /// A set: the old item equal to the new one.
    Set,
}

/// The list correlations of a kind, by list path pattern (`[*]` for every
/// item: `status.devices[*].conditions`). A list not listed is atomic.
///
/// ```
/// use dv_harness_engine::ratchet::Ratcheting;
/// use apimachinery::field::{Error, Path};
/// use serde_json::json;
/// // No rules: every list is atomic, items are never correlated.
/// let r = Ratcheting::default();
/// let old = json!({"spec": {"items": [{"name": "a"}], "labels": {"a.b/c": "x"}}});
/// let new = json!({"spec": {"items": [{"name": "a"}], "labels": {"a.b/c": "y"}}});
/// assert!(r.unchanged_at(&new, &old, "spec.items[0].name")); // the whole list is unchanged
/// assert!(!r.unchanged_at(&new, &old, "spec.labels[a.b/c]"));
/// assert!(r.unchanged_at(&new, &old, "spec.missing"));
/// assert!(!r.unchanged_at(&new, &old, "<nil>"));
/// let moved = json!({"spec": {"items": [{"name": "b"}, {"name": "a"}]}});
/// assert!(!r.unchanged_at(&moved, &old, "spec.items[1].name")); // atomic: revalidated
/// let e = Error::required(&Path::new("spec").child("missing"), "");
/// assert!(r.exempts(&new, &old, &e));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Ratcheting {
    lists: HashMap<&'static str, ListCorrelation>,
}

impl Ratcheting {
    /// The correlations declared by a rule inventory: a pattern with a
    /// `listType` or `unique` rule of kind `map`, or with `listMapKey`
    /// rules, is a list-map keyed by the `listMapKey` fields (in order);
    /// one of kind `set` is a set (a `unique` rule overrides `listType`,
    /// as in the generated code).
    ///
    /// ```
    /// use dv_harness_engine::ratchet::{ListCorrelation, Ratcheting};
    /// use apimachinery::{Rule, Stage};
    /// use apimachinery::rule::{ListKind, RuleParams};
    /// const fn rule(path: &'static str, params: RuleParams) -> Rule {
    ///     Rule { id: "", kind: "T", path, tag: "", validator: "", args: "", payload: "",
    ///         stage: Stage::Stable, since: None, field_type: "", conditions: &[], errors: &[],
    ///         params, when: &[] }
    /// }
    /// static RULES: [Rule; 3] = [rule("ports", RuleParams::ListType(ListKind::Map)),
    ///     rule("ports", RuleParams::ListMapKey("name")), rule("ips", RuleParams::Unique(ListKind::Set))];
    /// let r = Ratcheting::from_rules(&RULES);
    /// assert_eq!(r.list("ports"), Some(&ListCorrelation::Map(vec!["name"])));
    /// assert_eq!(r.list("ips"), Some(&ListCorrelation::Set));
    /// assert_eq!(r.list("other"), None);
    /// ```
    pub fn from_rules(rules: &'static [Rule]) -> Ratcheting {
        let mut keys: HashMap<&'static str, Vec<&'static str>> = HashMap::new();
        let mut kinds: HashMap<&'static str, (bool, ListKind)> = HashMap::new();
        for rule in rules {
            let (unique, kind) = match rule.params {
                RuleParams::ListMapKey(key) => {
                    keys.entry(rule.path).or_default().push(key);
                    continue;
                }
                RuleParams::ListType(kind) => (false, kind),
                RuleParams::Unique(kind) => (true, kind),
                _ => continue,
            };
            if kind == ListKind::Atomic {
                continue;
            }
            let slot = kinds.entry(rule.path).or_insert((unique, kind));
            if unique && !slot.0 {
                *slot = (true, kind);
            }
        }
        let mut lists = HashMap::new();
        for (path, (_, kind)) in &kinds {
            if *kind == ListKind::Set {
                lists.insert(*path, ListCorrelation::Set);
            }
        }
        for (path, k) in keys {
            let declared = kinds.get(path).map(|(_, kind)| *kind);
            if declared != Some(ListKind::Set) {
                lists.insert(path, ListCorrelation::Map(k));
            }
        }
        Ratcheting { lists }
    }

    /// The correlation of the list at a path pattern, `None` when atomic.
    pub fn list(&self, pattern: &str) -> Option<&ListCorrelation> {
        self.lists.get(pattern)
    }

    /// Whether the generated validators skip the error as ratcheted: the
    /// value at its field is unchanged, or for `Duplicate` (reported at an
    /// item, but a check of the whole list) the list is unchanged.
    ///
    /// ```
    /// use dv_harness_engine::ratchet::Ratcheting;
    /// use apimachinery::field::{Error, Path};
    /// use serde_json::json;
    /// let old = json!({"xs": ["a", "b"]});
    /// let new = json!({"xs": ["a", "b", "a"]});
    /// let e = Error::duplicate(&Path::new("xs").index(2), "a");
    /// assert!(!Ratcheting::default().exempts(&new, &old, &e));
    /// ```
    pub fn exempts(&self, new: &Value, old: &Value, error: &Error) -> bool {
        let field = error.field.as_str();
        let field = if error.error_type == ErrorType::Duplicate {
            strip_last_subscript(field)
        } else {
            field
        };
        self.unchanged_at(new, old, field)
    }

    /// Whether the value at a rendered field path (`spec.items[0].name`,
    /// `metadata.labels[a.b/c]`, `<nil>` for the whole object) is skipped by
    /// the generated validators on update: some node on the way (or the
    /// value itself) equals its correlated old counterpart. Absent in both
    /// counts as unchanged; a node with no old counterpart (added, moved in
    /// an atomic list, path not found) as changed.
    pub fn unchanged_at(&self, new: &Value, old: &Value, field: &str) -> bool {
        if field == "<nil>" {
            return new == old;
        }
        let mut pattern = String::with_capacity(field.len());
        let mut cur_new = Some(new);
        let mut cur_old = Some(old);
        let mut rest = field;
        loop {
            if cur_new == cur_old {
                return true;
            }
            let (Some(n), Some(o)) = (cur_new, cur_old) else {
                return false;
            };
            let Some((segment, after)) = next_segment(rest) else {
                return false;
            };
            rest = after;
            match segment {
                Segment::Field(name) => {
                    if !pattern.is_empty() {
                        pattern.push('.');
                    }
                    pattern.push_str(name);
                    cur_new = n.get(name);
                    cur_old = o.get(name);
                }
                Segment::Subscript(sub) => match n {
                    Value::Array(items) => {
                        let Some(item) = sub.parse::<usize>().ok().and_then(|i| items.get(i))
                        else {
                            return false;
                        };
                        cur_old = self.correlate(&pattern, item, o);
                        cur_new = Some(item);
                        pattern.push_str("[*]");
                    }
                    Value::Object(map) => {
                        cur_new = map.get(sub);
                        cur_old = o.get(sub);
                        pattern.push_str("[*]");
                    }
                    _ => return false,
                },
            }
        }
    }

    /// The old item correlated with `item` of the list at `pattern`.
    fn correlate<'v>(&self, pattern: &str, item: &Value, old_list: &'v Value) -> Option<&'v Value> {
        let old_items = old_list.as_array()?;
        match self.lists.get(pattern)? {
            ListCorrelation::Map(keys) => old_items
                .iter()
                .find(|o| keys.iter().all(|k| o.get(k) == item.get(k))),
            ListCorrelation::Set => old_items.iter().find(|o| *o == item),
        }
    }
}

/// One step of a rendered field path.
enum Segment<'f> {
    /// `.name` (or the leading `name`).
    Field(&'f str),
    /// `[3]` or `[key]`.
    Subscript(&'f str),
}

fn next_segment(rest: &str) -> Option<(Segment<'_>, &str)> {
    if rest.is_empty() {
        return None;
    }
    if let Some(after) = rest.strip_prefix('[') {
        let end = after.find(']')?;
        return Some((Segment::Subscript(&after[..end]), &after[end + 1..]));
    }
    let name = rest.strip_prefix('.').unwrap_or(rest);
    let end = name.find(['.', '[']).unwrap_or(name.len());
    Some((Segment::Field(&name[..end]), &name[end..]))
}

/// `xs[3]` → `xs`; a path not ending in a subscript is returned as is.
fn strip_last_subscript(field: &str) -> &str {
    match (field.ends_with(']'), field.rfind('[')) {
        (true, Some(start)) if start > 0 => &field[..start],
        _ => field,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::Stage;
    use apimachinery::field::Path;
    use serde_json::json;

    const fn rule(path: &'static str, params: RuleParams) -> Rule {
        Rule {
            id: "",
            kind: "T",
            path,
            tag: "",
            validator: "",
            args: "",
            payload: "",
            stage: Stage::Stable,
            since: None,
            field_type: "",
            conditions: &[],
            errors: &[],
            params,
            when: &[],
        }
    }

    static RULES: [Rule; 8] = [
        rule("devices", RuleParams::ListType(ListKind::Map)),
        rule("devices", RuleParams::ListMapKey("driver")),
        rule("devices", RuleParams::ListMapKey("device")),
        rule(
            "devices[*].conditions",
            RuleParams::ListType(ListKind::Atomic),
        ),
        rule("ips", RuleParams::Unique(ListKind::Set)),
        rule("requests", RuleParams::ListType(ListKind::Atomic)),
        rule("requests", RuleParams::Unique(ListKind::Map)),
        rule("requests", RuleParams::ListMapKey("name")),
    ];

    fn ratcheting() -> Ratcheting {
        Ratcheting::from_rules(&RULES)
    }

    #[test]
    fn inventory_gives_the_correlations() {
        let r = ratcheting();
        assert_eq!(
            r.list("devices"),
            Some(&ListCorrelation::Map(vec!["driver", "device"]))
        );
        assert_eq!(r.list("ips"), Some(&ListCorrelation::Set));
        assert_eq!(
            r.list("requests"),
            Some(&ListCorrelation::Map(vec!["name"])),
            "unique=map overrides listType=atomic"
        );
        assert_eq!(r.list("devices[*].conditions"), None);
    }

    fn device(driver: &str, device: &str, time: Option<&str>) -> Value {
        let mut condition = json!({"type": "Ready"});
        if let Some(t) = time {
            condition["lastTransitionTime"] = json!(t);
        }
        json!({"driver": driver, "device": device, "conditions": [condition]})
    }

    #[test]
    fn list_map_items_are_correlated_by_key() {
        let r = ratcheting();
        let old = json!({"devices": [device("d", "a", None), device("d", "b", Some("t"))]});
        // The unchanged item moved from index 0 to 1; a new one is inserted first.
        let new = json!({"devices": [device("d", "c", None), device("d", "a", None), device("d", "b", Some("t"))]});
        let field = "devices[1].conditions[0].lastTransitionTime";
        assert!(r.unchanged_at(&new, &old, field));
        // The inserted item has no old counterpart.
        assert!(!r.unchanged_at(&new, &old, "devices[0].conditions[0].lastTransitionTime"));
        // Index lookup would have compared device "a" with device "b".
        assert!(!Ratcheting::default().unchanged_at(&new, &old, field));
    }

    #[test]
    fn a_changed_list_map_item_is_walked_into() {
        let r = ratcheting();
        let old = json!({"devices": [device("d", "a", None)]});
        let mut changed = device("d", "a", None);
        changed["data"] = json!(1);
        let new = json!({"devices": [changed]});
        // The item changed, but its conditions (an atomic list) did not.
        assert!(r.unchanged_at(&new, &old, "devices[0].conditions[0].lastTransitionTime"));
        // A key change is another item.
        let new = json!({"devices": [device("d", "z", None)]});
        assert!(!r.unchanged_at(&new, &old, "devices[0].conditions[0].lastTransitionTime"));
    }

    #[test]
    fn set_items_are_correlated_by_value() {
        let r = ratcheting();
        let old = json!({"ips": ["10.0.0.1/24", "bad"]});
        let new = json!({"ips": ["bad", "10.0.0.2/24"]});
        assert!(r.unchanged_at(&new, &old, "ips[0]"));
        assert!(!r.unchanged_at(&new, &old, "ips[1]"));
    }

    #[test]
    fn atomic_lists_are_all_or_nothing() {
        let r = ratcheting();
        let old = json!({"devices": [{"driver": "d", "device": "a", "conditions": [{"type": "A"}, {"type": "B"}]}]});
        let same = old.clone();
        assert!(r.unchanged_at(&same, &old, "devices[0].conditions[1].lastTransitionTime"));
        // One item added: the atomic list is revalidated, even its first, unchanged item.
        let new = json!({"devices": [{"driver": "d", "device": "a", "conditions": [{"type": "A"}, {"type": "B"}, {"type": "C"}]}]});
        assert!(!r.unchanged_at(&new, &old, "devices[0].conditions[0].lastTransitionTime"));
    }

    #[test]
    fn map_values_are_correlated_by_key_and_fields_by_name() {
        let r = ratcheting();
        let old = json!({"labels": {"a": "x", "b": "y"}, "spec": {"n": 1, "m": 2}});
        let new = json!({"labels": {"b": "y", "a": "z"}, "spec": {"n": 1, "m": 3}});
        assert!(r.unchanged_at(&new, &old, "labels[b]"));
        assert!(!r.unchanged_at(&new, &old, "labels[a]"));
        assert!(r.unchanged_at(&new, &old, "spec.n"));
        assert!(!r.unchanged_at(&new, &old, "spec.m"));
        assert!(r.unchanged_at(&new, &old, "spec.absent"));
        // Gone in the new object, or a path that does not exist there.
        assert!(!r.unchanged_at(&json!({"labels": {}}), &old, "labels[a].x"));
        assert!(!r.unchanged_at(&new, &old, "spec.m[3]"));
    }

    #[test]
    fn duplicates_are_judged_on_the_whole_list() {
        let r = ratcheting();
        let old = json!({"requests": [{"name": "a"}, {"name": "b"}]});
        let new = json!({"requests": [{"name": "b"}, {"name": "a"}, {"name": "a"}]});
        let dup = Error::duplicate(&Path::new("requests").index(1), "a");
        // Item 1 correlates with an unchanged old item, but the list changed.
        assert!(r.unchanged_at(&new, &old, "requests[1]"));
        assert!(!r.exempts(&new, &old, &dup));
        assert!(r.exempts(&old, &old, &dup));
    }

    #[test]
    fn strip_last_subscript_keeps_the_list() {
        assert_eq!(strip_last_subscript("a.b[3]"), "a.b");
        assert_eq!(strip_last_subscript("a.b"), "a.b");
        assert_eq!(strip_last_subscript("[3]"), "[3]");
    }
}
