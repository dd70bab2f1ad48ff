//! Property-test input shared by the comparison and lifecycle tests: a
//! hand-written error list and the declarative list that mirrors it.

use apimachinery::field::Error;
use proptest::prelude::*;

/// The same errors on both sides (each drawn from a strategy `error` builds), possibly
/// reordered, with a duplicate, some hand-written errors left uncovered and
/// each declarative error at a random stage; `min_len` errors at least, up
/// to 19, and with `with_extra` possibly one declarative error of its own.
/// With `distinct`, every field is made unique (what the in-order fast paths
/// need), still subject to normalisation rules.
pub(crate) fn paired_lists<S>(
    error: fn() -> S,
    min_len: usize,
    with_extra: bool,
) -> impl Strategy<Value = (Vec<Error>, Vec<Error>)>
where
    S: Strategy<Value = Error> + 'static,
{
    let extra = if with_extra {
        prop::option::of(error()).boxed()
    } else {
        Just(None).boxed()
    };
    (
        prop::collection::vec((error(), 0..4usize, 0..8usize), min_len..20),
        any::<bool>(),
        prop::option::of(0..20usize),
        any::<bool>(),
        extra,
    )
        .prop_flat_map(|(mut pairs, reorder, duplicate, distinct, extra)| {
            if distinct {
                for (i, (e, _, _)) in pairs.iter_mut().enumerate() {
                    e.field = format!("{}[{i}]", e.field);
                }
            }
            let hv: Vec<Error> = pairs
                .iter()
                .map(|(e, _, cover)| Error {
                    stability_level: Default::default(),
                    covered_by_declarative: *cover > 0,
                    ..e.clone()
                })
                .collect();
            let mut dv: Vec<Error> = pairs
                .iter()
                .map(|(e, stage, _)| {
                    let e = Error {
                        covered_by_declarative: false,
                        ..e.clone()
                    };
                    match stage {
                        0 => e,
                        1 => e.mark_alpha(),
                        _ => e.mark_beta(),
                    }
                })
                .collect();
            if let Some(i) = duplicate
                && !dv.is_empty()
            {
                let i = i % dv.len();
                dv.insert(i, dv[i].clone());
            }
            dv.extend(extra);
            let dv = if reorder {
                Just(dv).prop_shuffle().boxed()
            } else {
                Just(dv).boxed()
            };
            (Just(hv), dv)
        })
}
