//! Exhaustive small-domain comparison of every tag fixture's declarative
//! validator with its hand-written twin: each fixture gets a pool of
//! objects built from the boundary values of its fields; every object is
//! checked on create and every ordered pair of objects as an update
//! (including each object against itself: unchanged-invalid ratcheting),
//! under every option combination the fixture reads. The covered
//! hand-written errors must equal the declarative errors by (type, field,
//! origin) under Kubernetes' runtime matcher, and by detail.

use apimachinery::Validate;
use apimachinery::field::{ErrorList, ErrorMatcher};
use apimachinery::operation::Context;
use declarative::fixtures as dv;
use handwritten::fixtures as hv;
use std::collections::{BTreeMap, HashSet};

type Hv<T> = fn(&Context, &T, Option<&T>) -> ErrorList;

/// Borrows one string field of a fixture.
type FieldOf<T> = fn(&mut T) -> &mut String;

/// Kubernetes' runtime mismatch matcher (type, field, origin, an origin
/// required on `Invalid`), here also requiring equal details: the twins
/// word their errors exactly as the generated validators do.
fn strict() -> ErrorMatcher {
    ErrorMatcher::default()
        .by_type()
        .by_field()
        .by_origin()
        .require_origin_when_invalid()
        .by_detail_exact()
}

fn dedupe(matcher: &ErrorMatcher, errs: &ErrorList) -> ErrorList {
    let mut seen = HashSet::new();
    errs.iter()
        .filter(|e| seen.insert(matcher.render(e)))
        .cloned()
        .collect()
}

/// What a sweep compared: requests run, and how many the declarative side
/// rejected (so a sweep that never exercises a rule is noticed).
#[derive(Debug, Default, Clone, Copy)]
struct Sweep {
    requests: usize,
    rejected: usize,
}

/// Compares both sides on every create and every update of `pool` under
/// each of `contexts` (their operation is replaced).
fn sweep_with<T: Validate + std::fmt::Debug>(
    fixture: &str,
    matcher: &ErrorMatcher,
    twin: Hv<T>,
    pool: &[T],
    contexts: &[Context],
) -> Sweep {
    let mut failures = Vec::new();
    let mut sweep = Sweep::default();
    // Kubernetes' update constraints may report one removed item per old
    // item at the same path (exact duplicates); the matcher's Test rejects
    // exact duplicates in what it is given, the runtime check does not care.
    let exact = ErrorMatcher::default().exactly();
    let mut compare = |ctx: &Context, obj: &T, old: Option<&T>| {
        let dv_errs = dedupe(&exact, &obj.validate(ctx, old));
        let covered = dedupe(
            matcher,
            &twin(ctx, obj, old).extract_covered_by_declarative(),
        );
        sweep.requests += 1;
        sweep.rejected += usize::from(!dv_errs.is_empty());
        if let Err(problems) = matcher.test(&covered, &dv_errs) {
            failures.push(format!(
                "{fixture} {:?} {}\n  obj: {obj:?}\n  old: {old:?}\n  HV covered: {:?}\n  DV: {:?}\n  {}",
                ctx.operation,
                ctx.subresource_path(),
                covered.iter().map(ToString::to_string).collect::<Vec<_>>(),
                dv_errs.iter().map(ToString::to_string).collect::<Vec<_>>(),
                problems.join("\n  ")
            ));
        }
    };
    for base in contexts {
        let create = Context {
            operation: apimachinery::operation::Operation::Create,
            ..base.clone()
        };
        let update = Context {
            operation: apimachinery::operation::Operation::Update,
            ..base.clone()
        };
        for obj in pool {
            compare(&create, obj, None);
            for old in pool {
                compare(&update, obj, Some(old));
            }
        }
    }
    let shown: Vec<&String> = failures.iter().take(8).collect();
    assert!(
        failures.is_empty(),
        "{} mismatches, first ones:\n{}",
        failures.len(),
        shown
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    sweep
}

fn sweep<T: Validate + std::fmt::Debug>(fixture: &str, twin: Hv<T>, pool: &[T]) -> Sweep {
    sweep_with(fixture, &strict(), twin, pool, &[Context::create()])
}

/// Every combination of one value from each of two pools.
fn product2<A: Clone, B: Clone, T>(a: &[A], b: &[B], f: impl Fn(A, B) -> T) -> Vec<T> {
    a.iter()
        .flat_map(|x| b.iter().map(|y| f(x.clone(), y.clone())))
        .collect()
}

/// Every sequence of at most `max` items drawn (with repeats) from `items`.
fn sequences<T: Clone>(items: &[T], max: usize) -> Vec<Vec<T>> {
    let mut all = vec![Vec::new()];
    let mut last = vec![Vec::new()];
    for _ in 0..max {
        let next: Vec<Vec<T>> = last
            .iter()
            .flat_map(|seq: &Vec<T>| {
                items.iter().map(move |i| {
                    let mut s = seq.clone();
                    s.push(i.clone());
                    s
                })
            })
            .collect();
        all.extend(next.iter().cloned());
        last = next;
    }
    all
}

fn s(v: &str) -> String {
    v.to_string()
}

fn opt(v: Option<&str>) -> Option<String> {
    v.map(s)
}

fn assert_exercised(fixture: &str, sweep: Sweep) {
    assert!(
        sweep.rejected > 0 && sweep.rejected < sweep.requests,
        "{fixture}: {sweep:?} does not exercise both outcomes"
    );
}

#[test]
fn scalars() {
    let r = sweep(
        "minimum",
        hv::minimum::validate,
        &product2(
            &[-1, 0, 1, 2],
            &[None, Some(-1), Some(0), Some(1)],
            |count, replicas| dv::minimum::MinimumFixture { count, replicas },
        ),
    );
    assert_exercised("minimum", r);
    let pool: Vec<_> = [None, Some(9), Some(10), Some(11), Some(i64::MAX)]
        .into_iter()
        .map(|replicas| dv::maximum::MaximumFixture { replicas })
        .collect();
    assert_exercised("maximum", sweep("maximum", hv::maximum::validate, &pool));
    let pool: Vec<_> = [None, Some(-1), Some(0), Some(1), Some(2)]
        .into_iter()
        .map(|generation| dv::monotonic::MonotonicFixture { generation })
        .collect();
    assert_exercised(
        "monotonic",
        sweep("monotonic", hv::monotonic::validate, &pool),
    );
    let mut pool = Vec::new();
    for name in ["", "default", "x"] {
        for count in [None, Some(4), Some(5)] {
            for flag in [None, Some(false), Some(true)] {
                pool.push(dv::neq::NeqFixture {
                    name: s(name),
                    count,
                    flag,
                });
            }
        }
    }
    assert_exercised("neq", sweep("neq", hv::neq::validate, &pool));
    let values = [None, Some(0), Some(1)];
    let pool = product2(&values, &values, |alpha, beta| dv::levels::LevelsFixture {
        alpha,
        beta,
    });
    assert_exercised("levels", sweep("levels", hv::levels::validate, &pool));
    let pool = product2(
        &[None, Some(""), Some("x")],
        &[-1, 0, 1],
        |legacy, count| dv::forbidden::ForbiddenFixture {
            legacy: opt(legacy),
            count,
        },
    );
    assert_exercised(
        "forbidden",
        sweep("forbidden", hv::forbidden::validate, &pool),
    );
    let pool: Vec<_> = [-1, 0, 1, 2, 3]
        .into_iter()
        .map(|even| dv::custom_validation::CustomValidationFixture { even })
        .collect();
    let r = sweep("custom_validation", hv::custom_validation::validate, &pool);
    assert_exercised("custom_validation", r);
    let pool: Vec<_> = ["", "x", "y"]
        .into_iter()
        .map(|n| dv::validate_false::ValidateFalseFixture { name: s(n) })
        .collect();
    let r = sweep("validate_false", hv::validate_false::validate, &pool);
    assert_eq!(r.rejected, r.requests, "the type-level check always fails");
}

#[test]
fn strings() {
    let pool: Vec<_> = ["", "abcd", "éé", "abcde", "ééé"]
        .into_iter()
        .map(|t| dv::max_bytes::MaxBytesFixture { token: s(t) })
        .collect();
    assert_exercised(
        "max_bytes",
        sweep("max_bytes", hv::max_bytes::validate, &pool),
    );
    let pool: Vec<_> = ["", "abcde", "ééééé", "abcdef", "éééééé"]
        .into_iter()
        .map(|n| dv::max_length::MaxLengthFixture { name: s(n) })
        .collect();
    assert_exercised(
        "max_length",
        sweep("max_length", hv::max_length::validate, &pool),
    );
    let pool: Vec<_> = ["", "a", "é", "ab", "éé"]
        .into_iter()
        .map(|n| dv::min_length::MinLengthFixture { name: s(n) })
        .collect();
    assert_exercised(
        "min_length",
        sweep("min_length", hv::min_length::validate, &pool),
    );
    let pool = product2(
        &["", "a", "Bad_Name", "a.b"],
        &[None, Some(-1), Some(0), Some(1)],
        |n, port| dv::optional::OptionalFixture { name: s(n), port },
    );
    assert_exercised("optional", sweep("optional", hv::optional::validate, &pool));
    let pool: Vec<_> = ["", "a.b", "Bad_Name", "Other_Bad", "-"]
        .into_iter()
        .map(|n| dv::subfield::SubfieldFixture {
            metadata: dv::subfield::SubfieldMeta {
                name: s(n),
                ..Default::default()
            },
        })
        .collect();
    assert_exercised("subfield", sweep("subfield", hv::subfield::validate, &pool));
    // List tags through the subfield: finalizers (a set), ownerReferences
    // (a list-map keyed by uid).
    let owner = |uid: &str, name: &str| dv::subfield::SubfieldOwner {
        uid: s(uid),
        name: s(name),
    };
    let pool = product2(
        &sequences(&[s("a"), s("b")], 2),
        &sequences(&[owner("1", "x"), owner("1", "y"), owner("2", "x")], 2),
        |finalizers, owner_references| dv::subfield::SubfieldFixture {
            metadata: dv::subfield::SubfieldMeta {
                finalizers,
                owner_references,
                ..Default::default()
            },
        },
    );
    assert_exercised(
        "subfield lists",
        sweep("subfield lists", hv::subfield::validate, &pool),
    );
    let pool = product2(&["", "a", "b"], &[None, Some("1"), Some("2")], |c, uid| {
        dv::immutable::ImmutableFixture {
            class: s(c),
            uid: opt(uid),
        }
    });
    assert_exercised(
        "immutable",
        sweep("immutable", hv::immutable::validate, &pool),
    );
}

#[test]
fn collections() {
    let pool: Vec<_> = sequences(&[s("a"), s("aaaa"), s("b")], 3)
        .into_iter()
        .map(|items| dv::max_items::MaxItemsFixture {
            items,
            ..Default::default()
        })
        .collect();
    assert_exercised(
        "max_items",
        sweep("max_items", hv::max_items::validate, &pool),
    );
    let pool: Vec<_> = sequences(&[1, 2], 2)
        .into_iter()
        .map(|items| dv::min_items::MinItemsFixture { items })
        .collect();
    assert_exercised(
        "min_items",
        sweep("min_items", hv::min_items::validate, &pool),
    );
    let maps: Vec<BTreeMap<String, String>> =
        sequences(&[("k0", "v"), ("k1", "v"), ("k0", "w"), ("k2", "v")], 3)
            .into_iter()
            .map(|kv| kv.into_iter().map(|(k, v)| (s(k), s(v))).collect())
            .collect();
    let pool: Vec<_> = maps
        .iter()
        .map(|labels| dv::max_properties::MaxPropertiesFixture {
            labels: labels.clone(),
        })
        .collect();
    assert_exercised(
        "max_properties",
        sweep("max_properties", hv::max_properties::validate, &pool),
    );
    let pool: Vec<_> = maps
        .iter()
        .map(|selector| dv::min_properties::MinPropertiesFixture {
            selector: selector.clone(),
        })
        .collect();
    assert_exercised(
        "min_properties",
        sweep("min_properties", hv::min_properties::validate, &pool),
    );
    let mut pool = Vec::new();
    for name in ["", "a", "abcd"] {
        for replicas in [None, Some(0)] {
            for items in [vec![], vec![s("x")]] {
                for labels in [BTreeMap::new(), BTreeMap::from([(s("k"), s("v"))])] {
                    pool.push(dv::required::RequiredFixture {
                        name: s(name),
                        replicas,
                        items: items.clone(),
                        labels,
                    });
                }
            }
        }
    }
    assert_exercised("required", sweep("required", hv::required::validate, &pool));
    let pool: Vec<_> = sequences(&["a", "A", "b.c", "d"], 2)
        .into_iter()
        .map(|keys| dv::each_key::EachKeyFixture {
            counters: keys
                .into_iter()
                .enumerate()
                .map(|(i, k)| (s(k), i as i64))
                .collect(),
            ..Default::default()
        })
        .chain(
            sequences(&["a", "ninechars", "eight888", "tenchars10"], 2)
                .into_iter()
                .map(|keys| dv::each_key::EachKeyFixture {
                    named: keys
                        .into_iter()
                        .enumerate()
                        .map(|(i, k)| (dv::each_key::EachKeyName(s(k)), i as i64))
                        .collect(),
                    ..Default::default()
                }),
        )
        .collect();
    assert_exercised("each_key", sweep("each_key", hv::each_key::validate, &pool));
    let names = sequences(&[s("abc"), s("abcd"), s("ééé")], 2);
    let weights: Vec<BTreeMap<String, i32>> = sequences(&[("a", 0), ("a", -1), ("b", -2)], 2)
        .into_iter()
        .map(|kv| kv.into_iter().map(|(k, v)| (s(k), v)).collect())
        .collect();
    // The two fields are independent: vary one at a time.
    let mut pool: Vec<_> = names
        .into_iter()
        .map(|names| dv::each_val::EachValFixture {
            names,
            ..Default::default()
        })
        .collect();
    pool.extend(
        weights
            .into_iter()
            .map(|weights| dv::each_val::EachValFixture {
                weights,
                ..Default::default()
            }),
    );
    assert_exercised("each_val", sweep("each_val", hv::each_val::validate, &pool));
    let pool: Vec<_> = sequences(&[s("a"), s("b")], 3)
        .into_iter()
        .map(|finalizers| dv::list_set::ListSetFixture { finalizers })
        .collect();
    assert_exercised("list_set", sweep("list_set", hv::list_set::validate, &pool));
    use dv::unique::UniqueRequest as R;
    let requests = sequences(
        &[
            R {
                name: s("a"),
                count: 1,
            },
            R {
                name: s("a"),
                count: 2,
            },
            R {
                name: s("b"),
                count: 1,
            },
        ],
        2,
    );
    let tags = sequences(&[1_i64, 2], 2);
    let mut pool: Vec<_> = requests
        .into_iter()
        .map(|requests| dv::unique::UniqueFixture {
            requests,
            ..Default::default()
        })
        .collect();
    pool.extend(tags.into_iter().map(|tags| dv::unique::UniqueFixture {
        tags,
        ..Default::default()
    }));
    assert_exercised("unique", sweep("unique", hv::unique::validate, &pool));
    use dv::custom_unique::CustomUniqueCondition as C;
    let pool: Vec<_> = sequences(&[C { kind: s("A") }, C { kind: s("B") }], 2)
        .into_iter()
        .map(|conditions| dv::custom_unique::CustomUniqueFixture { conditions })
        .collect();
    let r = sweep("custom_unique", hv::custom_unique::validate, &pool);
    assert_eq!(r.rejected, 0, "no declarative uniqueness check");
}

#[test]
fn list_maps() {
    use dv::list_map::ListMapPort as P;
    let p = |n: &str, proto: &str, port| P {
        name: s(n),
        protocol: s(proto),
        port,
    };
    let pool: Vec<_> = sequences(
        &[
            p("a", "TCP", 1),
            p("a", "TCP", -1),
            p("a", "UDP", 0),
            p("", "", 2),
        ],
        3,
    )
    .into_iter()
    .map(|ports| dv::list_map::ListMapFixture { ports })
    .collect();
    assert_exercised("list_map", sweep("list_map", hv::list_map::validate, &pool));
    use dv::item::ItemCondition as C;
    let c = |t: &str, st: &str| C {
        kind: s(t),
        status: s(st),
    };
    let pool: Vec<_> = sequences(
        &[
            c("Ready", "True"),
            c("Ready", "Unknown"),
            c("Other", "TooLongStatus"),
            c("Frozen", "a"),
            c("Frozen", "b"),
            c("Sealed", "a"),
            c("Sealed", "b"),
        ],
        2,
    )
    .into_iter()
    .map(|conditions| dv::item::ItemFixture {
        conditions,
        ..Default::default()
    })
    .collect();
    assert_exercised("item", sweep("item", hv::item::validate, &pool));
    // A field of a list typedef: its own selector and the typedef's.
    let pool: Vec<_> = sequences(
        &[
            c("Ready", "True"),
            c("Ready", "Unknown"),
            c("Locked", "a"),
            c("Locked", "b"),
        ],
        2,
    )
    .into_iter()
    .map(|gates| dv::item::ItemFixture {
        gates: dv::item::ItemGates(gates),
        ..Default::default()
    })
    .collect();
    assert_exercised("item gates", sweep("item gates", hv::item::validate, &pool));
    use dv::zero_or_one_of::ZeroOrOneOfCondition as Z;
    let z = |t: &str| Z {
        kind: s(t),
        status: s("True"),
    };
    let conditions = sequences(&[z("Approved"), z("Denied"), z("Ready")], 2);
    let mut pool = Vec::new();
    for conditions in &conditions {
        for (a, b) in [
            (None, None),
            (Some(1), None),
            (Some(1), Some(2)),
            (None, Some(3)),
        ] {
            pool.push(dv::zero_or_one_of::ZeroOrOneOfFixture {
                conditions: conditions.clone(),
                a,
                b,
            });
        }
    }
    assert_exercised(
        "zero_or_one_of",
        sweep("zero_or_one_of", hv::zero_or_one_of::validate, &pool),
    );
    use dv::update::UpdatePort as U;
    let u = |n: &str, port| U { name: s(n), port };
    let mut pool = Vec::new();
    for set_once in [None, Some("a"), Some("b")] {
        for never_later in ["", "x"] {
            pool.push(dv::update::UpdateFixture {
                set_once: opt(set_once),
                never_later: s(never_later),
                ..Default::default()
            });
        }
    }
    let labels = [
        BTreeMap::new(),
        BTreeMap::from([(s("k"), s("v"))]),
        BTreeMap::from([(s("k"), s("w"))]),
        BTreeMap::from([(s("l"), s("v"))]),
    ];
    for ports in sequences(&[u("a", 1), u("a", 2), u("b", 1)], 2) {
        for labels in &labels {
            pool.push(dv::update::UpdateFixture {
                ports: ports.clone(),
                labels: labels.clone(),
                ..Default::default()
            });
        }
    }
    for (mode, level) in [("", 0), ("fast", 0), ("fast", 1)] {
        pool.push(dv::update::UpdateFixture {
            settings: dv::update::UpdateSettings {
                mode: s(mode),
                level,
            },
            ..Default::default()
        });
    }
    assert_exercised("update", sweep("update", hv::update::validate, &pool));
}

#[test]
fn structure() {
    let mut pool = Vec::new();
    for mode in ["", "File", "Url", "Other"] {
        for file in [None, Some("f")] {
            for url in [None, Some("u"), Some("http://long")] {
                pool.push(dv::mode::ModeFixture {
                    mode: s(mode),
                    file: opt(file),
                    url: opt(url),
                });
            }
        }
    }
    assert_exercised("mode", sweep("mode", hv::mode::validate, &pool));
    let pool = product2(
        &[None, Some("x"), Some("y")],
        &[None, Some(1)],
        |basic, gang| dv::union::UnionFixture {
            basic: opt(basic),
            gang,
            ..Default::default()
        },
    );
    assert_exercised("union", sweep("union", hv::union::members::validate, &pool));
    let mut pool = Vec::new();
    for kind in ["", "Service", "Res", "Other"] {
        for service in [None, Some("s")] {
            for resource in [None, Some("r")] {
                pool.push(dv::union::DiscriminatedUnionFixture {
                    kind: s(kind),
                    service: opt(service),
                    resource: opt(resource),
                });
            }
        }
    }
    assert_exercised(
        "discriminated_union",
        sweep(
            "discriminated_union",
            hv::union::discriminated::validate,
            &pool,
        ),
    );
    use dv::opaque_type::OpaqueInner as I;
    let pool = product2(&["", "a"], &["", "b"], |o, t| {
        dv::opaque_type::OpaqueTypeFixture {
            opaque: I { name: s(o) },
            transparent: I { name: s(t) },
            ..Default::default()
        }
    });
    assert_exercised(
        "opaque_type",
        sweep("opaque_type", hv::opaque_type::validate, &pool),
    );
    let pool = product2(
        &[None, Some("k"), Some("j")],
        &[
            (None, None),
            (Some(1), None),
            (None, Some(1)),
            (Some(1), Some(1)),
        ],
        |key, (m, d)| dv::dependent::DependentFixture {
            capacity_key: opt(key),
            capacity_multiplier: m,
            device_multiplier: d,
        },
    );
    assert_exercised(
        "dependent",
        sweep("dependent", hv::dependent::validate, &pool),
    );
}

#[test]
fn options_and_subresources() {
    let gates: Vec<Context> = product2(&[true, false], &[true, false], |zero, legacy| {
        Context::create()
            .option("ScaleToZero", zero)
            .option("Legacy", legacy)
            .option("KeyedPorts", legacy)
    });
    let mut pool = product2(
        &[None, Some(-1), Some(0), Some(1)],
        &[None, Some("x"), Some("y")],
        |replicas, legacy| dv::if_enabled::IfEnabledFixture {
            replicas,
            legacy: opt(legacy),
            ..Default::default()
        },
    );
    use dv::if_enabled::IfEnabledPort as IP;
    let ip = |n: &str, port| IP { name: s(n), port };
    for ports in sequences(&[ip("a", 1), ip("a", 2), ip("b", 1)], 2) {
        pool.push(dv::if_enabled::IfEnabledFixture {
            ports,
            ..Default::default()
        });
    }
    let r = sweep_with(
        "if_enabled",
        &strict(),
        hv::if_enabled::validate,
        &pool,
        &gates,
    );
    assert_exercised("if_enabled", r);
    use dv::enum_::FixturePolicy as P;
    let pool = product2(
        &["", "Always", "Never", "OnFailure", "Internal", "Bad"],
        &[
            None,
            Some(""),
            Some("Always"),
            Some("OnFailure"),
            Some("Bad"),
        ],
        |policy, fallback| dv::enum_::EnumFixture {
            policy: P::from(policy),
            fallback: fallback.map(P::from),
        },
    );
    let retries = [
        Context::create().option("Retries", true),
        Context::create().option("Retries", false),
    ];
    let r = sweep_with("enum", &strict(), hv::enum_::validate, &pool, &retries);
    assert_exercised("enum", r);
    let pool: Vec<_> = [-1, 0, 1]
        .into_iter()
        .map(|replicas| dv::subresources::SupportsSubresourceFixture { replicas })
        .collect();
    let served = [Context::create(), Context::create().subresource("/status")];
    let r = sweep_with(
        "supports_subresource",
        &strict(),
        hv::subresources::supports_subresource::validate,
        &pool,
        &served,
    );
    assert_exercised("supports_subresource", r);
    let pool: Vec<_> = [-1, 0, 1]
        .into_iter()
        .map(|replicas| dv::subresources::IsSubresourceFixture { replicas })
        .collect();
    let all = [
        Context::create(),
        Context::create().subresource("/scale"),
        Context::create().subresource("/status"),
    ];
    let r = sweep_with(
        "is_subresource",
        &strict(),
        hv::subresources::is_subresource::validate,
        &pool,
        &all,
    );
    assert_exercised("is_subresource", r);
}

#[test]
fn formats() {
    use dv::format::FormatFixture as F;
    let valid = F {
        short_name: s("my-name"),
        long_name: s("a.b.example.com"),
        long_name_caseless: s("A.Example.com"),
        label_key: s("example.com/Key_1"),
        prefixed_label_key: s("example.com/key"),
        label_value: s("Value-1"),
        uid: Some(s("0f3c1d2e-1234-4abc-8def-0123456789ab")),
        segment: s("seg"),
        pool: s("pool/a.b"),
        extended_resource: s("example.com/gpu"),
        qualified_name: s("example.com/my_name"),
    };
    let long = "a".repeat(254);
    let variants: Vec<(FieldOf<F>, Vec<String>)> = vec![
        (
            |f| &mut f.short_name,
            vec![s(""), s("a.b"), s("A"), "a".repeat(64), s("-")],
        ),
        (
            |f| &mut f.long_name,
            vec![s(""), s("A.b"), long.clone(), s("a..b")],
        ),
        (
            |f| &mut f.long_name_caseless,
            vec![s("a_b"), "A".repeat(254)],
        ),
        (
            |f| &mut f.label_key,
            vec![s("a/b/c"), s("/"), format!("{long}/x"), s("a/"), s("é")],
        ),
        (
            |f| &mut f.prefixed_label_key,
            vec![s("key"), s("/key"), s("Example.com/key")],
        ),
        (
            |f| &mut f.label_value,
            vec![s("-x"), "a".repeat(64), s("é")],
        ),
        (|f| &mut f.segment, vec![s(".."), s("."), s("a/b%c")]),
        (
            |f| &mut f.pool,
            vec![s("a//b"), s("/"), format!("{long}/Bad/"), s("A")],
        ),
        (
            |f| &mut f.extended_resource,
            vec![
                s("gpu"),
                s("kubernetes.io/gpu"),
                s("requests.example.com/x"),
                s("example.com/bad key"),
                format!("{long}/x"),
            ],
        ),
        (
            |f| &mut f.qualified_name,
            vec![
                s("noslash"),
                s("/"),
                s("/name"),
                s("example.com/"),
                s("a/b/c"),
                s("example.com/1x"),
                format!("{}/{}", "a".repeat(64), "1".repeat(33)),
                "x".repeat(33),
            ],
        ),
    ];
    let mut pool = vec![valid.clone(), F::default()];
    for (field, values) in &variants {
        for v in values {
            let mut f = valid.clone();
            *field(&mut f) = v.clone();
            pool.push(f);
        }
    }
    for uid in [
        None,
        Some(s("")),
        Some(s("0F3C1D2E-1234-4ABC-8DEF-0123456789AB")),
    ] {
        pool.push(F {
            uid,
            ..valid.clone()
        });
    }
    assert_exercised("format", sweep("format", hv::format::validate, &pool));
}
