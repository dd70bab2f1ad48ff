//! Editing a seed without copying it: each seed has a working copy that
//! edits change in place; the edited copy is read (deserialised, round
//! tripped) and then restored to the seed, copying back only the parts the
//! edits changed. Realising a case per fuzz execution then costs a walk of
//! the seed instead of a deep copy of it.

use serde_json::Value;
use std::sync::{Mutex, MutexGuard, PoisonError, TryLockError};

/// One working copy per seed.
///
/// ```
/// use dv_harness_generate::scratch::SeedCopies;
/// let seeds = vec![serde_json::json!({"a": [1, 2], "b": "x"})];
/// let copies = SeedCopies::new(&seeds);
/// let read = copies.with_edited(&seeds, 0, |v| { v["b"] = "y".into(); true }, |v| v["b"].clone());
/// assert_eq!(read, Some(serde_json::json!("y")));
/// // The copy is the seed again.
/// assert_eq!(copies.with_edited(&seeds, 0, |_| true, Clone::clone), Some(seeds[0].clone()));
/// ```
#[derive(Debug, Default)]
pub struct SeedCopies {
    copies: Vec<Mutex<Value>>,
}

impl SeedCopies {
    /// Working copies of `seeds`.
    pub fn new(seeds: &[Value]) -> SeedCopies {
        SeedCopies {
            copies: seeds.iter().cloned().map(Mutex::new).collect(),
        }
    }

    /// Applies `edit` to seed `i`'s working copy and, when it reports a
    /// change, returns what `read` makes of the edited copy (`None`
    /// otherwise); the copy is the seed again afterwards. `seeds` are the
    /// seeds the copies were made from. A copy another thread holds (or an
    /// index without one) is replaced by a fresh copy of the seed.
    pub fn with_edited<R>(
        &self,
        seeds: &[Value],
        i: usize,
        edit: impl FnOnce(&mut Value) -> bool,
        read: impl FnOnce(&Value) -> R,
    ) -> Option<R> {
        let seed = seeds.get(i)?;
        let Some(mut copy) = self.copies.get(i).and_then(|m| lock(m, seed)) else {
            let mut fresh = seed.clone();
            return edit(&mut fresh).then(|| read(&fresh));
        };
        let result = edit(&mut copy).then(|| read(&copy));
        restore(&mut copy, seed);
        result
    }
}

/// The working copy unless another thread holds it. A copy whose holder
/// panicked (the only way to leave it edited: [`SeedCopies::with_edited`]
/// restores it after every use) is restored to `seed` first.
fn lock<'m>(m: &'m Mutex<Value>, seed: &Value) -> Option<MutexGuard<'m, Value>> {
    match m.try_lock() {
        Ok(g) => Some(g),
        Err(TryLockError::Poisoned(p)) => {
            let mut g = PoisonError::into_inner(p);
            restore(&mut g, seed);
            m.clear_poison();
            Some(g)
        }
        Err(TryLockError::WouldBlock) => None,
    }
}

/// Makes `copy` equal to `original` (same members in the same order),
/// copying only the subtrees that differ; returns how many were copied.
///
/// ```
/// use dv_harness_generate::scratch::restore;
/// let original = serde_json::json!({"a": {"b": [1, 2, 3]}, "c": {"d": "x"}});
/// let mut copy = original.clone();
/// copy["a"]["b"][1] = 5.into();
/// copy["c"].as_object_mut().unwrap().insert("e".into(), 1.into());
/// assert_eq!(restore(&mut copy, &original), 2);
/// assert_eq!(copy, original);
/// assert_eq!(restore(&mut copy, &original), 0);
/// ```
pub fn restore(copy: &mut Value, original: &Value) -> usize {
    match (&mut *copy, original) {
        (Value::Object(c), Value::Object(o))
            if c.len() == o.len() && c.keys().zip(o.keys()).all(|(a, b)| a == b) =>
        {
            c.values_mut()
                .zip(o.values())
                .map(|(c, o)| restore(c, o))
                .sum()
        }
        (Value::Array(c), Value::Array(o)) if c.len() == o.len() => {
            c.iter_mut().zip(o).map(|(c, o)| restore(c, o)).sum()
        }
        (Value::String(c), Value::String(o)) if c == o => 0,
        (Value::Number(c), Value::Number(o)) if c == o => 0,
        (Value::Bool(c), Value::Bool(o)) if c == o => 0,
        (Value::Null, Value::Null) => 0,
        (c, o) => {
            *c = o.clone();
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reordered_members_are_restored_in_order() {
        let original = json!({"a": 1, "b": 2});
        let mut copy = json!({"b": 2, "a": 1});
        assert_eq!(restore(&mut copy, &original), 1);
        let keys: Vec<&String> = copy.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["a", "b"]);
    }

    #[test]
    fn changed_types_and_lengths_are_restored() {
        let original = json!({"a": [1, {"b": null}], "c": 1.5, "d": true});
        for edited in [
            json!({"a": [1], "c": 1.5, "d": true}),
            json!({"a": [1, {"b": 0}], "c": "1.5", "d": false}),
            json!(null),
            json!({"a": [1, {"b": null}], "c": 2, "d": true}),
        ] {
            let mut copy = edited;
            assert!(restore(&mut copy, &original) > 0);
            assert_eq!(copy, original);
        }
    }

    #[test]
    fn a_held_copy_is_not_shared() {
        let seeds = vec![json!({"a": 1})];
        let copies = SeedCopies::new(&seeds);
        let outer = copies.with_edited(
            &seeds,
            0,
            |v| {
                v["a"] = 2.into();
                true
            },
            |v| {
                // The copy is held: a nested use edits a fresh copy.
                let inner = copies.with_edited(
                    &seeds,
                    0,
                    |w| {
                        w["a"] = 3.into();
                        true
                    },
                    |w| w["a"].clone(),
                );
                (v["a"].clone(), inner)
            },
        );
        assert_eq!(outer, Some((json!(2), Some(json!(3)))));
        assert_eq!(copies.with_edited(&seeds, 0, |_| false, Clone::clone), None);
        assert_eq!(
            copies.with_edited(&seeds, 0, |_| true, Clone::clone),
            Some(seeds[0].clone())
        );
        assert_eq!(copies.with_edited(&seeds, 1, |_| true, Clone::clone), None);
    }

    #[test]
    fn a_copy_left_edited_by_a_panic_is_restored() {
        let seeds = vec![json!({"a": 1})];
        let copies = SeedCopies::new(&seeds);
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            copies.with_edited(
                &seeds,
                0,
                |v| {
                    v["a"] = 9.into();
                    true
                },
                |_| panic!("reader panics"),
            )
        }));
        assert!(r.is_err());
        assert_eq!(
            copies.with_edited(&seeds, 0, |_| true, Clone::clone),
            Some(seeds[0].clone())
        );
    }
}
