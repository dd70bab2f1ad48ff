//! The once-per-type rule inventory of derived types, safe for mutually
//! recursive types (`T1` holding a list of `T2` holding a list of `T1`):
//! a type met again while its own inventory is being built contributes
//! nothing there (the inventory of a recursive type is cut at the
//! recursion), and an inventory built inside such a cut is returned but not
//! cached, so each type's cached inventory is its own, complete up to its
//! own recursion.

use crate::rule::Rule;
use std::cell::RefCell;
use std::sync::OnceLock;

thread_local! {
    /// The types whose inventories are being built on this thread, outermost first.
    static BUILDING: RefCell<Vec<&'static str>> = const { RefCell::new(Vec::new()) };
    /// The lowest position in [`BUILDING`] at which a cut happened: the
    /// inventories above it lack that type's rules.
    static CUT_AT: RefCell<Option<usize>> = const { RefCell::new(None) };
}

/// The inventory of type `name`, built by `build` once and cached in `cell`
/// (`build` calls the nested types' `rules()`); `&[]` when `name` is
/// already being built on this thread.
///
/// ```
/// use apimachinery::Rule;
/// use apimachinery::rules_once::rules_once;
/// use std::sync::OnceLock;
///
/// static CELL: OnceLock<Vec<Rule>> = OnceLock::new();
/// fn rules() -> &'static [Rule] {
///     // A type that contains itself: the inner call is cut.
///     rules_once(&CELL, "T", || {
///         assert!(rules().is_empty());
///         Vec::new()
///     })
/// }
/// assert!(rules().is_empty());
/// ```
#[inline]
pub fn rules_once(
    cell: &'static OnceLock<Vec<Rule>>,
    name: &'static str,
    build: impl FnOnce() -> Vec<Rule>,
) -> &'static [Rule] {
    // Built once: the look-up is one load where it is written (generated
    // code asks a field type for its rules on every validation, to skip a
    // type without any), the building out of line.
    match cell.get() {
        Some(rules) => rules,
        None => build_once(cell, name, build),
    }
}

/// [`rules_once`]'s first call for a type (and calls inside a recursion cut).
#[cold]
#[inline(never)]
fn build_once(
    cell: &'static OnceLock<Vec<Rule>>,
    name: &'static str,
    build: impl FnOnce() -> Vec<Rule>,
) -> &'static [Rule] {
    let at = BUILDING.with(|b| {
        let mut b = b.borrow_mut();
        match b.iter().position(|n| *n == name) {
            Some(i) => Err(i),
            None => {
                b.push(name);
                Ok(b.len() - 1)
            }
        }
    });
    let at = match at {
        Ok(at) => at,
        Err(i) => {
            CUT_AT.with(|c| {
                let mut c = c.borrow_mut();
                *c = Some(c.map_or(i, |old| old.min(i)));
            });
            return &[];
        }
    };
    let rules = build();
    BUILDING.with(|b| b.borrow_mut().pop());
    let cut_below = CUT_AT.with(|c| {
        let mut c = c.borrow_mut();
        match *c {
            Some(i) if i < at => true,
            Some(_) => {
                // Cuts at this type (or above it) are complete now.
                *c = None;
                false
            }
            None => false,
        }
    });
    if cut_below {
        // Lacks an enclosing type's rules: not this type's own inventory.
        Box::leak(rules.into_boxed_slice())
    } else {
        cell.get_or_init(|| rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rule::Stage;

    fn rule(path: &'static str) -> Rule {
        Rule {
            id: "",
            kind: "",
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
            params: crate::rule::RuleParams::Required,
            when: &[],
        }
    }

    static A: OnceLock<Vec<Rule>> = OnceLock::new();
    static B: OnceLock<Vec<Rule>> = OnceLock::new();

    // A holds B, B holds A; each has one rule of its own.
    fn a() -> &'static [Rule] {
        rules_once(&A, "A", || {
            let mut v = vec![rule("a")];
            v.extend(b().iter().cloned());
            v
        })
    }
    fn b() -> &'static [Rule] {
        rules_once(&B, "B", || {
            let mut v = vec![rule("b")];
            v.extend(a().iter().cloned());
            v
        })
    }

    #[test]
    fn mutual_recursion_is_cut_and_each_type_keeps_its_own_inventory() {
        let paths = |r: &[Rule]| r.iter().map(|r| r.path).collect::<Vec<_>>();
        assert_eq!(paths(a()), ["a", "b"]);
        // B's inventory built inside A's lacked A's rules: not cached then.
        assert_eq!(paths(b()), ["b", "a", "b"]);
        assert_eq!(paths(a()), ["a", "b"]);
    }
}
