//! The baseline: Kubernetes-style random fill, as
//! `TestVersionedValidationByFuzzing` does with `randfill` (`NilChance(.5)`,
//! `NumElements(0, 1)`): every field of the object's shape gets a random
//! value or is left nil with probability 1/2, lists get 0 or 1 element,
//! strings and integers are random. It knows the type's shape (taken from
//! the kind's seed objects, as the Go fuzzer knows the Go type) but nothing
//! about the rules.

use dv_harness_engine::case::Case;
use dv_harness_engine::pair::DynPair;
use dv_harness_generate::repair::repaired;
use proptest::prelude::Rng;
use proptest::test_runner::TestRng;
use serde_json::{Map, Value};

/// The shape of a kind's objects: the seeds merged member by member (list
/// items merged into one item shape).
///
/// ```
/// use serde_json::json;
/// let shape = dv_harness_oracles::selftest::baseline::shape(&[json!({"a": 1}), json!({"b": ["x", "y"]})]);
/// assert_eq!(shape, json!({"a": 1, "b": ["x"]}));
/// ```
pub fn shape(seeds: &[Value]) -> Value {
    let mut out = Value::Null;
    for s in seeds {
        merge(&mut out, s);
    }
    out
}

fn merge(into: &mut Value, from: &Value) {
    match (into, from) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, v) in b {
                merge(a.entry(k.clone()).or_insert(Value::Null), v);
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            if a.is_empty() {
                a.push(Value::Null);
            }
            for v in b {
                merge(&mut a[0], v);
            }
        }
        (slot @ Value::Null, Value::Array(b)) => {
            let mut item = Value::Null;
            for v in b {
                merge(&mut item, v);
            }
            *slot = Value::Array(vec![item]);
        }
        (slot @ Value::Null, v) => *slot = v.clone(),
        _ => {}
    }
}

const CHARS: &[char] = &[
    'a', 'b', 'z', 'A', 'Z', '0', '9', '-', '.', '_', '/', ' ', ':', '@', 'é', '世', '\u{0}',
];

fn chance(rng: &mut TestRng, half: bool) -> bool {
    half && rng.next_u32() & 1 == 0
}

fn random_string(rng: &mut TestRng) -> String {
    let len = (rng.next_u32() % 20) as usize;
    (0..len)
        .map(|_| CHARS[(rng.next_u32() as usize) % CHARS.len()])
        .collect()
}

/// A random fill of `shape`: each member nil (omitted) with chance 1/2,
/// lists with 0 or 1 element, random strings (0-19 characters), random
/// 32-bit integers, random booleans.
///
/// ```
/// use serde_json::json;
/// let mut rng = dv_harness_generate::campaign::rng_for(1, "v1", "T");
/// let v = dv_harness_oracles::selftest::baseline::fill(&json!({"a": 1, "b": ["s"]}), &mut rng);
/// assert!(v.is_object());
/// assert!(v.get("b").is_none_or(|b| b.as_array().unwrap().len() <= 1));
/// ```
pub fn fill(shape: &Value, rng: &mut TestRng) -> Value {
    match shape {
        Value::Object(m) => {
            let mut out = Map::new();
            for (k, v) in m {
                if k == "apiVersion" || k == "kind" {
                    out.insert(k.clone(), v.clone());
                    continue;
                }
                if chance(rng, true) {
                    continue;
                }
                out.insert(k.clone(), fill(v, rng));
            }
            Value::Object(out)
        }
        Value::Array(items) => match items.first() {
            Some(item) if rng.next_u32() & 1 == 1 => Value::Array(vec![fill(item, rng)]),
            _ => Value::Array(Vec::new()),
        },
        Value::String(_) => Value::String(random_string(rng)),
        Value::Number(n) if n.is_f64() => Value::from(f64::from(rng.next_u32()) / 1000.0),
        Value::Number(_) => Value::from(i64::from(rng.next_u32() as i32)),
        Value::Bool(_) => Value::Bool(rng.next_u32() & 1 == 1),
        Value::Null => Value::Null,
    }
}

/// Random-fill cases for one pair: creates and updates (old and new both
/// random fills) on the root or a served subresource, default gates.
pub struct RandomFill<'p> {
    pair: &'p dyn DynPair,
    shape: Value,
    rng: TestRng,
}

impl<'p> RandomFill<'p> {
    /// A generator over the shape of `seeds`.
    ///
    /// ```
    /// use dv_harness_oracles::selftest::baseline::RandomFill;
    /// let registry = dv_harness_kinds::registry().unwrap();
    /// let rc = registry.find("ReplicationController", None).unwrap();
    /// let seeds = [serde_json::json!({"metadata": {"name": "a"}, "spec": {"replicas": 1}})];
    /// let mut g = RandomFill::new(rc, &seeds, 7);
    /// let case = g.next_case().unwrap();
    /// assert!(rc.roundtrip(&case.object).is_ok());
    /// ```
    pub fn new(pair: &'p dyn DynPair, seeds: &[Value], seed: u64) -> RandomFill<'p> {
        RandomFill {
            pair,
            shape: shape(seeds),
            rng: dv_harness_generate::campaign::rng_for(
                seed ^ 0x5eed_ba5e,
                pair.api_version(),
                pair.kind(),
            ),
        }
    }

    fn object(&mut self) -> Option<Value> {
        let v = fill(&self.shape, &mut self.rng);
        repaired(self.pair, &v).ok()
    }

    /// The next case, or `None` when the fill does not deserialise.
    pub fn next_case(&mut self) -> Option<Case<Value>> {
        let object = self.object()?;
        if self.rng.next_u32() & 1 == 0 {
            return Some(Case::create(object));
        }
        let old = self.object()?;
        let subs = self.pair.subresources();
        let pick = (self.rng.next_u32() as usize) % (subs.len() + 1);
        let case = Case::update(object, old);
        Some(match subs.get(pick) {
            Some(s) => case.subresource(s),
            None => case,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn fill_omits_about_half_and_keeps_lists_short() {
        let mut rng = dv_harness_generate::campaign::rng_for(3, "v1", "T");
        let s = json!({"a": 1, "b": "x", "c": [1], "d": true});
        let mut present = 0;
        for _ in 0..400 {
            let v = fill(&s, &mut rng);
            present += v.as_object().unwrap().len();
            if let Some(c) = v.get("c") {
                assert!(c.as_array().unwrap().len() <= 1);
            }
        }
        assert!((600..1000).contains(&present), "{present}");
    }
}
