//! Mutations of an object's JSON: a rule's boundary edit, a structure-aware
//! leaf change, removing or zeroing a field, duplicating, reordering list
//! items, adding map keys. Locations are chosen by `proptest` indexes at
//! application time, so a list of edits stays meaningful whatever the
//! earlier edits did, and shrinks by dropping edits.

use super::boundary::{Exemplars, RuleEdits};
use super::path::{Location, Pattern, Step, get_mut, remove};
use super::values::{Scalar, scalar, zero_like};
use apimachinery::Rule;
use apimachinery::rule::RuleParams;
use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::Value;

/// What the mutator knows about a kind: its rules' boundary edits and the
/// values its seeds hold at the rules' paths.
///
/// ```
/// use dv_harness_generate::mutate::Model;
/// let m = Model::new(&[], &[serde_json::json!({})]);
/// assert!(m.edits.is_empty());
/// ```
#[derive(Debug, Clone)]
pub struct Model {
    /// The boundary edits of each rule that has any.
    pub edits: Vec<RuleEdits>,
    /// Values seen in the seeds.
    pub exemplars: Exemplars,
}

impl Model {
    /// The model of a kind from its rules and seed objects.
    pub fn new(rules: &[Rule], seeds: &[Value]) -> Model {
        let mut patterns: Vec<Pattern> = Vec::new();
        for r in rules {
            let p = Pattern::parse(r.path);
            patterns.push(p.each());
            if let RuleParams::Union { members, .. } | RuleParams::ZeroOrOneOf { members } =
                r.params
            {
                for m in members.iter().filter(|m| !m.is_item()) {
                    patterns.push(p.field(m.field));
                }
            }
            patterns.push(p);
        }
        let exemplars = Exemplars::collect(seeds, &patterns);
        let edits = rules
            .iter()
            .map(|r| RuleEdits::for_rule(r, &exemplars))
            .filter(|e| !e.actions.is_empty())
            .collect();
        Model { edits, exemplars }
    }

    /// Each rule's edits with its index in [`Model::edits`] and its rule
    /// among `rules` (edits whose rule is not there are skipped).
    pub fn edits_with_rules<'m>(
        &'m self,
        rules: &'m [Rule],
    ) -> impl Iterator<Item = (usize, &'m RuleEdits, &'m Rule)> {
        self.edits.iter().enumerate().filter_map(|(i, e)| {
            let rule = rules.iter().find(|r| r.id == e.rule_id)?;
            Some((i, e, rule))
        })
    }
}

/// One mutation of an object.
///
/// ```
/// use dv_harness_generate::mutate::{Edit, Model};
/// use proptest::sample::Index;
/// use proptest::strategy::{Strategy, ValueTree};
/// let mut runner = proptest::test_runner::TestRunner::deterministic();
/// let idx = |runner: &mut _| proptest::arbitrary::any::<Index>().new_tree(runner).unwrap().current();
/// let e = Edit::Remove { site: idx(&mut runner) };
/// let mut v = serde_json::json!({"apiVersion": "v1", "kind": "K", "spec": {"a": 1}});
/// assert!(e.apply(&mut v, &Model::new(&[], &[])));
/// assert_ne!(v, serde_json::json!({"apiVersion": "v1", "kind": "K", "spec": {"a": 1}}));
/// assert_eq!(v["kind"], "K");
/// ```
#[derive(Debug, Clone)]
pub enum Edit {
    /// Boundary action `variant` of rule `rule` at one of its locations.
    Boundary {
        /// Which rule (modulo the number of rules with edits).
        rule: Index,
        /// Which of its actions.
        variant: Index,
        /// Which location.
        site: Index,
    },
    /// Replace a scalar leaf by a value of the same JSON type.
    Leaf {
        /// Which leaf.
        site: Index,
        /// The replacement values.
        scalar: Scalar,
    },
    /// Remove a field, list item or map entry.
    Remove {
        /// Which one.
        site: Index,
    },
    /// Set a value to the zero value of its type.
    Zero {
        /// Which one.
        site: Index,
    },
    /// Append a copy of a list item (optionally with one leaf changed).
    Duplicate {
        /// Which list.
        site: Index,
        /// Which item.
        item: Index,
        /// The leaf change of the copy.
        change: Option<Scalar>,
    },
    /// Swap two list items.
    Swap {
        /// Which list.
        site: Index,
        /// First item.
        a: Index,
        /// Second item.
        b: Index,
    },
    /// Add an object member (a map key) with a copy of a sibling's value.
    AddKey {
        /// Which object.
        site: Index,
        /// The key.
        key: String,
    },
}

/// Whether a member of the top-level object is type metadata, which no
/// mutation touches.
fn is_type_meta(top: bool, key: &str) -> bool {
    top && (key == "apiVersion" || key == "kind")
}

/// How many sites below `value` (not `value` itself) `keep` accepts.
fn count_sites(value: &Value, top: bool, keep: &impl Fn(&Value) -> bool) -> usize {
    match value {
        Value::Object(m) => m
            .iter()
            .map(|(k, v)| {
                usize::from(!is_type_meta(top, k) && keep(v)) + count_sites(v, false, keep)
            })
            .sum(),
        Value::Array(a) => a
            .iter()
            .map(|v| usize::from(keep(v)) + count_sites(v, false, keep))
            .sum(),
        _ => 0,
    }
}

/// The `n`th site below `value` in pre-order (counting down `n`), its
/// steps in reverse order.
fn nth_site(
    value: &Value,
    top: bool,
    n: &mut usize,
    keep: &impl Fn(&Value) -> bool,
) -> Option<Location> {
    match value {
        Value::Object(m) => m.iter().find_map(|(k, v)| {
            let mut loc = nth_here_or_below(v, is_type_meta(top, k), n, keep)?;
            loc.push(Step::Key(k.clone()));
            Some(loc)
        }),
        Value::Array(a) => a.iter().enumerate().find_map(|(i, v)| {
            let mut loc = nth_here_or_below(v, false, n, keep)?;
            loc.push(Step::Index(i));
            Some(loc)
        }),
        _ => None,
    }
}

/// [`nth_site`] for a child: the child itself (unless it is type
/// metadata), then its descendants.
fn nth_here_or_below(
    value: &Value,
    is_meta: bool,
    n: &mut usize,
    keep: &impl Fn(&Value) -> bool,
) -> Option<Location> {
    if !is_meta && keep(value) {
        if *n == 0 {
            return Some(Vec::new());
        }
        *n -= 1;
    }
    nth_site(value, false, n, keep)
}

/// The site `i` picks among the locations of `obj` (pre-order, without the
/// root and the top-level `apiVersion`/`kind`) whose value `keep` accepts.
/// Counts first and builds only the chosen location.
fn pick_site(obj: &Value, i: &Index, keep: impl Fn(&Value) -> bool) -> Option<Location> {
    let count = count_sites(obj, true, &keep);
    if count == 0 {
        return None;
    }
    let mut n = i.index(count);
    let mut loc = nth_site(obj, true, &mut n, &keep)?;
    loc.reverse();
    Some(loc)
}

fn change_leaf(v: &mut Value, scalar: &Scalar) -> bool {
    match v {
        Value::Object(m) => m.values_mut().any(|x| change_leaf(x, scalar)),
        Value::Array(a) => a.iter_mut().any(|x| change_leaf(x, scalar)),
        other => {
            *other = scalar.like(other);
            true
        }
    }
}

impl Edit {
    /// Applies the edit; returns whether anything was done.
    pub fn apply(&self, obj: &mut Value, model: &Model) -> bool {
        match self {
            Edit::Boundary {
                rule,
                variant,
                site,
            } => {
                if model.edits.is_empty() {
                    return false;
                }
                let e = &model.edits[rule.index(model.edits.len())];
                let v = variant.index(e.actions.len().max(1));
                e.apply(obj, v, site.index(usize::MAX / 2), &model.exemplars)
            }
            Edit::Leaf { site, scalar } => {
                let leaf = pick_site(obj, site, |v| !v.is_object() && !v.is_array());
                match leaf.and_then(|l| get_mut(obj, &l)) {
                    Some(v) => {
                        *v = scalar.like(v);
                        true
                    }
                    None => false,
                }
            }
            Edit::Remove { site } => match pick_site(obj, site, |_| true) {
                Some(l) => remove(obj, &l).is_some(),
                None => false,
            },
            Edit::Zero { site } => {
                match pick_site(obj, site, |_| true).and_then(|l| get_mut(obj, &l)) {
                    Some(v) => {
                        *v = zero_like(v);
                        true
                    }
                    None => false,
                }
            }
            Edit::Duplicate { site, item, change } => {
                let list = pick_site(obj, site, |v| v.as_array().is_some_and(|a| !a.is_empty()));
                let Some(Value::Array(items)) = list.and_then(|l| get_mut(obj, &l)) else {
                    return false;
                };
                let mut copy = items[item.index(items.len())].clone();
                if let Some(s) = change {
                    change_leaf(&mut copy, s);
                }
                items.push(copy);
                true
            }
            Edit::Swap { site, a, b } => {
                let list = pick_site(obj, site, |v| v.as_array().is_some_and(|a| a.len() >= 2));
                let Some(Value::Array(items)) = list.and_then(|l| get_mut(obj, &l)) else {
                    return false;
                };
                let (i, j) = (a.index(items.len()), b.index(items.len()));
                items.swap(i, j);
                i != j
            }
            Edit::AddKey { site, key } => {
                let object = pick_site(obj, site, Value::is_object);
                let Some(Value::Object(m)) = object.and_then(|l| get_mut(obj, &l)) else {
                    return false;
                };
                let value = m
                    .values()
                    .next()
                    .cloned()
                    .unwrap_or_else(|| Value::String(String::new()));
                m.insert(key.clone(), value);
                true
            }
        }
    }
}

/// Edits, weighted towards the boundary mutator.
///
/// ```
/// use proptest::strategy::{Strategy, ValueTree};
/// let mut runner = proptest::test_runner::TestRunner::deterministic();
/// let _e = dv_harness_generate::mutate::edit().new_tree(&mut runner).unwrap().current();
/// ```
pub fn edit() -> BoxedStrategy<Edit> {
    let key = super::values::k8s_string();
    prop_oneof![
        10 => (any::<Index>(), any::<Index>(), any::<Index>())
            .prop_map(|(rule, variant, site)| Edit::Boundary { rule, variant, site }),
        3 => (any::<Index>(), scalar()).prop_map(|(site, scalar)| Edit::Leaf { site, scalar }),
        2 => any::<Index>().prop_map(|site| Edit::Remove { site }),
        1 => any::<Index>().prop_map(|site| Edit::Zero { site }),
        2 => (any::<Index>(), any::<Index>(), proptest::option::of(scalar()))
            .prop_map(|(site, item, change)| Edit::Duplicate { site, item, change }),
        1 => (any::<Index>(), any::<Index>(), any::<Index>())
            .prop_map(|(site, a, b)| Edit::Swap { site, a, b }),
        1 => (any::<Index>(), key).prop_map(|(site, key)| Edit::AddKey { site, key }),
    ]
    .boxed()
}

/// Applies edits, keeping them only if the result still deserialises into
/// the kind's type (`roundtrip` returns the canonical JSON); returns the
/// final canonical object and how many edits took.
///
/// Usually the edited object deserialises (`roundtrip` repairs what it
/// can), so all edits are applied to one copy and round-tripped once; only
/// when that fails are they applied one by one, each kept only if its
/// result round-trips.
///
/// ```
/// use dv_harness_generate::mutate::{apply_edits, Model};
/// let base = serde_json::json!({"a": 1});
/// let (out, took) = apply_edits(&base, &[], &Model::new(&[], &[]), |v| Ok::<_, ()>(v.clone()));
/// assert_eq!((out, took), (base, 0));
/// ```
pub fn apply_edits<E>(
    base: &Value,
    edits: &[Edit],
    model: &Model,
    roundtrip: impl Fn(&Value) -> Result<Value, E>,
) -> (Value, usize) {
    if edits.is_empty() {
        return (base.clone(), 0);
    }
    let mut all = base.clone();
    let applied = edits.iter().filter(|e| e.apply(&mut all, model)).count();
    if applied == 0 {
        return (base.clone(), 0);
    }
    if let Ok(canonical) = roundtrip(&all) {
        return (canonical, applied);
    }
    apply_one_by_one(base, edits, model, roundtrip)
}

/// [`apply_edits`] edit by edit: each edit is kept only if its result
/// round-trips (what [`apply_edits`] does when all edits together do not).
pub(crate) fn apply_one_by_one<E>(
    base: &Value,
    edits: &[Edit],
    model: &Model,
    roundtrip: impl Fn(&Value) -> Result<Value, E>,
) -> (Value, usize) {
    let mut cur = base.clone();
    let mut took = 0;
    for e in edits {
        let mut next = cur.clone();
        if e.apply(&mut next, model)
            && let Ok(canonical) = roundtrip(&next)
        {
            cur = canonical;
            took += 1;
        }
    }
    (cur, took)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    use serde_json::json;

    fn index(runner: &mut TestRunner) -> Index {
        any::<Index>().new_tree(runner).unwrap().current()
    }

    /// What [`pick_site`] must return: the `i`th of every location in
    /// pre-order but the root and the top-level type metadata.
    fn pick_site_by_listing(
        obj: &Value,
        i: &Index,
        keep: impl Fn(&Value) -> bool,
    ) -> Option<Location> {
        let all: Vec<Location> = crate::path::locations(obj)
            .into_iter()
            .filter(|(l, v)| {
                let meta = matches!(&l[..], [Step::Key(k)] if k == "apiVersion" || k == "kind");
                !l.is_empty() && !meta && keep(v)
            })
            .map(|(l, _)| l)
            .collect();
        (!all.is_empty()).then(|| all[i.index(all.len())].clone())
    }

    #[test]
    fn sites_are_picked_as_from_the_list_of_locations() {
        let mut runner = TestRunner::deterministic();
        let objects = [
            json!({}),
            json!(5),
            json!({"apiVersion": "v1", "kind": "K", "metadata": {"labels": {"a": "b", "kind": "x"}},
                "spec": {"l": [1, [2, 3], {"m": [], "apiVersion": {"n": 1}}], "e": {}}}),
            json!({"kind": {"kind": 1, "x": [true]}, "a": [[], [[]], [{}]]}),
        ];
        let keeps: [fn(&Value) -> bool; 5] = [
            |_| true,
            |v| !v.is_object() && !v.is_array(),
            |v| v.as_array().is_some_and(|a| !a.is_empty()),
            |v| v.as_array().is_some_and(|a| a.len() >= 2),
            Value::is_object,
        ];
        for obj in &objects {
            for keep in keeps {
                for _ in 0..40 {
                    let i = index(&mut runner);
                    assert_eq!(
                        pick_site(obj, &i, keep),
                        pick_site_by_listing(obj, &i, keep),
                        "{obj}"
                    );
                }
            }
        }
    }

    #[test]
    fn type_meta_is_never_touched() {
        let mut runner = TestRunner::deterministic();
        let strategy = edit();
        let model = Model::new(&[], &[]);
        for _ in 0..500 {
            let e = strategy.new_tree(&mut runner).unwrap().current();
            let mut v =
                json!({"apiVersion": "v1", "kind": "K", "spec": {"l": [1, 2], "m": {"a": "b"}}});
            e.apply(&mut v, &model);
            assert_eq!(v["apiVersion"], "v1");
            assert_eq!(v["kind"], "K");
        }
    }

    #[test]
    fn list_edits() {
        let mut runner = TestRunner::deterministic();
        let model = Model::new(&[], &[]);
        let mut v = json!({"l": [1, 2]});
        let e = Edit::Duplicate {
            site: index(&mut runner),
            item: index(&mut runner),
            change: None,
        };
        assert!(e.apply(&mut v, &model));
        assert_eq!(v["l"].as_array().unwrap().len(), 3);
        let mut v = json!({"l": [1]});
        let e = Edit::Swap {
            site: index(&mut runner),
            a: index(&mut runner),
            b: index(&mut runner),
        };
        assert!(!e.apply(&mut v, &model), "no list with two items");
    }

    #[test]
    fn edits_are_round_tripped_once_unless_that_fails() {
        let mut runner = TestRunner::deterministic();
        let model = Model::new(&[], &[]);
        let base = json!({"a": 1, "b": [1, 2], "c": "x"});
        let edits: Vec<Edit> = (0..3)
            .map(|_| Edit::Remove {
                site: index(&mut runner),
            })
            .collect();
        let calls = std::cell::Cell::new(0);
        let (out, took) = apply_edits(&base, &edits, &model, |v| {
            calls.set(calls.get() + 1);
            Ok::<_, ()>(v.clone())
        });
        assert_eq!((took, calls.get()), (3, 1));
        assert_ne!(out, base);
        // A round trip that rejects a missing `a`: both edits together
        // remove it, so they are tried one by one and only the first stays.
        let (first, last) = (
            crate::values::index(0).unwrap(),
            crate::values::index(u64::MAX).unwrap(),
        );
        let base = json!({"a": 1, "b": 2});
        let edits = [Edit::Remove { site: last }, Edit::Remove { site: first }];
        let (out, took) = apply_edits(&base, &edits, &model, |v| {
            if v.get("a").is_some() {
                Ok(v.clone())
            } else {
                Err(())
            }
        });
        assert_eq!((out, took), (json!({"a": 1}), 1));
    }

    #[test]
    fn failed_roundtrips_drop_the_edit() {
        let mut runner = TestRunner::deterministic();
        let model = Model::new(&[], &[]);
        let base = json!({"a": 1});
        let edits = vec![Edit::Remove {
            site: index(&mut runner),
        }];
        let (out, took) = apply_edits(&base, &edits, &model, |_| Err(()));
        assert_eq!((out, took), (base, 0));
    }
}
