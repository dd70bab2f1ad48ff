//! Every tag fixture's boundary inputs (valid, invalid at each boundary,
//! create and update, unchanged-invalid ratcheting) run through the
//! declarative validator and its hand-written twin: the twin's errors
//! covered by declarative validation must equal the declarative errors by
//! (type, field, origin), as Kubernetes' mismatch check compares them.

use apimachinery::Validate;
use apimachinery::field::{ErrorList, ErrorMatcher};
use apimachinery::operation::Context;
use declarative::fixtures as dv;
use handwritten::fixtures as hv;
use std::collections::BTreeMap;

type Hv<T> = fn(&Context, &T, Option<&T>) -> ErrorList;

/// One input: the request, the object, the old object, and whether the
/// declarative side must reject it (so no case passes vacuously).
struct Case<T> {
    name: &'static str,
    ctx: Context,
    obj: T,
    old: Option<T>,
    invalid: bool,
}

fn create<T>(name: &'static str, obj: T, invalid: bool) -> Case<T> {
    Case {
        name,
        ctx: Context::create(),
        obj,
        old: None,
        invalid,
    }
}

fn update<T>(name: &'static str, obj: T, old: T, invalid: bool) -> Case<T> {
    Case {
        name,
        ctx: Context::update(),
        obj,
        old: Some(old),
        invalid,
    }
}

/// An update that leaves an (invalid) object unchanged: never rejected.
fn unchanged<T: Clone>(name: &'static str, obj: T) -> Case<T> {
    let old = obj.clone();
    update(name, obj, old, false)
}

fn with_ctx<T>(mut case: Case<T>, ctx: Context) -> Case<T> {
    let operation = case.ctx.operation;
    case.ctx = Context { operation, ..ctx };
    case
}

/// Kubernetes' runtime mismatch matcher.
fn strict() -> ErrorMatcher {
    ErrorMatcher::default()
        .by_type()
        .by_field()
        .by_origin()
        .require_origin_when_invalid()
}

/// The covered errors with one error per (type, field, origin) rendering,
/// as the mismatch check deduplicates the hand-written errors before
/// pairing (a want with an origin consumes every matching got).
fn dedupe(matcher: &ErrorMatcher, errs: &ErrorList) -> ErrorList {
    let mut seen = std::collections::HashSet::new();
    errs.iter()
        .filter(|e| seen.insert(matcher.render(e)))
        .cloned()
        .collect()
}

/// Runs every case with `matcher`; returns how many ran.
fn run_with<T: Validate>(
    fixture: &str,
    matcher: &ErrorMatcher,
    twin: Hv<T>,
    cases: Vec<Case<T>>,
) -> usize {
    let mut failures = Vec::new();
    for c in &cases {
        let dv_errs = c.obj.validate(&c.ctx, c.old.as_ref());
        let hv_errs = twin(&c.ctx, &c.obj, c.old.as_ref());
        let covered = dedupe(matcher, &hv_errs.extract_covered_by_declarative());
        if dv_errs.is_empty() == c.invalid {
            failures.push(format!(
                "{fixture}/{}: declarative side {} (expected {}): {:?}",
                c.name,
                if dv_errs.is_empty() {
                    "accepted"
                } else {
                    "rejected"
                },
                if c.invalid { "rejection" } else { "acceptance" },
                dv_errs.iter().map(ToString::to_string).collect::<Vec<_>>()
            ));
        }
        if let Err(problems) = matcher.test(&covered, &dv_errs) {
            failures.push(format!(
                "{fixture}/{}:\n  HV covered: {:?}\n  DV: {:?}\n  {}",
                c.name,
                covered.iter().map(ToString::to_string).collect::<Vec<_>>(),
                dv_errs.iter().map(ToString::to_string).collect::<Vec<_>>(),
                problems.join("\n  ")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    cases.len()
}

fn run<T: Validate>(fixture: &str, twin: Hv<T>, cases: Vec<Case<T>>) -> usize {
    run_with(fixture, &strict(), twin, cases)
}

fn map(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

#[test]
fn minimum() {
    use dv::minimum::MinimumFixture as F;
    let f = |count, replicas| F { count, replicas };
    run(
        "minimum",
        hv::minimum::validate,
        vec![
            create("at the bounds", f(1, Some(0)), false),
            create("unset", f(0, None), false),
            create("below both", f(-1, Some(-1)), true),
            create("count below", f(-5, Some(3)), true),
            create("replicas below", f(2, Some(-1)), true),
            unchanged("unchanged invalid", f(-1, Some(-1))),
            update("one changed", f(-2, Some(-1)), f(-1, Some(-1)), true),
            update("fixed", f(1, Some(0)), f(-1, Some(-1)), false),
            update("broken", f(-1, Some(0)), f(1, Some(0)), true),
        ],
    );
}

#[test]
fn maximum() {
    use dv::maximum::MaximumFixture as F;
    let f = |replicas| F { replicas };
    run(
        "maximum",
        hv::maximum::validate,
        vec![
            create("at the bound", f(Some(10)), false),
            create("unset", f(None), false),
            create("negative", f(Some(i64::MIN)), false),
            create("above", f(Some(11)), true),
            unchanged("unchanged invalid", f(Some(11))),
            update("changed invalid", f(Some(12)), f(Some(11)), true),
            update("fixed", f(Some(10)), f(Some(11)), false),
        ],
    );
}

#[test]
fn max_bytes() {
    use dv::max_bytes::MaxBytesFixture as F;
    let f = |t: &str| F { token: t.into() };
    run(
        "max_bytes",
        hv::max_bytes::validate,
        vec![
            create("4 bytes", f("abcd"), false),
            create("2 chars 4 bytes", f("éé"), false),
            create("empty", f(""), false),
            create("5 bytes", f("abcde"), true),
            create("3 chars 6 bytes", f("ééé"), true),
            unchanged("unchanged invalid", f("abcde")),
            update("changed invalid", f("ééé"), f("abcde"), true),
        ],
    );
}

#[test]
fn max_length() {
    use dv::max_length::MaxLengthFixture as F;
    let f = |n: &str| F { name: n.into() };
    run(
        "max_length",
        hv::max_length::validate,
        vec![
            create("5 chars", f("abcde"), false),
            create("5 chars 10 bytes", f("ééééé"), false),
            create("6 chars", f("abcdef"), true),
            create("6 multibyte chars", f("éééééé"), true),
            unchanged("unchanged invalid", f("abcdef")),
            update("changed invalid", f("éééééé"), f("abcdef"), true),
        ],
    );
}

#[test]
fn min_length() {
    use dv::min_length::MinLengthFixture as F;
    let f = |n: &str| F { name: n.into() };
    run(
        "min_length",
        hv::min_length::validate,
        vec![
            create("2 chars", f("ab"), false),
            create("2 multibyte chars", f("éé"), false),
            create("1 char", f("a"), true),
            create("1 multibyte char", f("é"), true),
            create("empty", f(""), true),
            unchanged("unchanged invalid", f("a")),
            unchanged("unchanged empty", f("")),
            update("changed invalid", f("b"), f("a"), true),
            update("cleared", f(""), f("ab"), true),
        ],
    );
}

#[test]
fn max_items() {
    use dv::max_items::MaxItemsFixture as F;
    let f = |items: &[&str]| F {
        items: items.iter().map(|s| s.to_string()).collect(),
        ..Default::default()
    };
    run(
        "max_items",
        hv::max_items::validate,
        vec![
            create("2 items", f(&["a", "b"]), false),
            create("empty", f(&[]), false),
            create("3 items short-circuit", f(&["aaaa", "b", "c"]), true),
            create("long item", f(&["aaaa", "b"]), true),
            unchanged("unchanged invalid", f(&["aaaa", "b", "c"])),
            update(
                "more",
                f(&["a", "a", "a", "a"]),
                f(&["aaaa", "b", "c"]),
                true,
            ),
            update(
                "atomic list revalidated",
                f(&["aaaa", "b"]),
                f(&["aaaa"]),
                true,
            ),
        ],
    );
}

#[test]
fn min_items() {
    use dv::min_items::MinItemsFixture as F;
    let f = |items: &[i32]| F {
        items: items.to_vec(),
    };
    run(
        "min_items",
        hv::min_items::validate,
        vec![
            create("2 items", f(&[1, 2]), false),
            create("1 item", f(&[1]), true),
            create("empty", f(&[]), true),
            unchanged("unchanged invalid", f(&[1])),
            update("changed invalid", f(&[2]), f(&[1]), true),
            update("emptied", f(&[]), f(&[1, 2]), true),
        ],
    );
}

#[test]
fn max_properties() {
    use dv::max_properties::MaxPropertiesFixture as F;
    let f = |n: usize| F {
        labels: (0..n).map(|i| (format!("k{i}"), "v".to_string())).collect(),
    };
    run(
        "max_properties",
        hv::max_properties::validate,
        vec![
            create("2", f(2), false),
            create("0", f(0), false),
            create("3", f(3), true),
            unchanged("unchanged invalid", f(3)),
            update("grown", f(4), f(3), true),
            update("shrunk", f(2), f(3), false),
        ],
    );
}

#[test]
fn min_properties() {
    use dv::min_properties::MinPropertiesFixture as F;
    let f = |n: usize| F {
        selector: (0..n).map(|i| (format!("k{i}"), "v".to_string())).collect(),
    };
    let mut changed = f(1);
    changed.selector.insert("k0".into(), "w".into());
    run(
        "min_properties",
        hv::min_properties::validate,
        vec![
            create("2", f(2), false),
            create("0", f(0), false),
            create("1", f(1), true),
            unchanged("unchanged invalid", f(1)),
            update("value changed", changed, f(1), true),
            update("emptied", f(0), f(1), false),
        ],
    );
}

#[test]
fn monotonic() {
    use dv::monotonic::MonotonicFixture as F;
    let f = |generation| F { generation };
    run(
        "monotonic",
        hv::monotonic::validate,
        vec![
            create("any value on create", f(Some(-5)), false),
            update("increased", f(Some(3)), f(Some(2)), false),
            unchanged("equal", f(Some(2))),
            update("decreased", f(Some(1)), f(Some(2)), true),
            update("unset", f(None), f(Some(2)), false),
            update("set", f(Some(-1)), f(None), false),
        ],
    );
}

#[test]
fn neq() {
    use dv::neq::NeqFixture as F;
    let f = |n: &str, count, flag| F {
        name: n.into(),
        count,
        flag,
    };
    run(
        "neq",
        hv::neq::validate,
        vec![
            create("allowed", f("x", Some(4), Some(false)), false),
            create("unset", f("", None, None), false),
            create("all disallowed", f("default", Some(5), Some(true)), true),
            create("name", f("default", None, None), true),
            create("flag", f("", None, Some(true)), true),
            unchanged("unchanged invalid", f("default", Some(5), Some(true))),
            update(
                "count changed",
                f("x", Some(5), Some(true)),
                f("x", Some(4), Some(true)),
                true,
            ),
        ],
    );
}

#[test]
fn levels() {
    use dv::levels::LevelsFixture as F;
    let f = |alpha, beta| F { alpha, beta };
    run(
        "levels",
        hv::levels::validate,
        vec![
            create("unset", f(None, None), false),
            create("at the bound", f(Some(1), Some(1)), false),
            create("both below", f(Some(0), Some(0)), true),
            create("beta below", f(None, Some(-3)), true),
            unchanged("unchanged invalid", f(Some(0), Some(0))),
            update(
                "alpha changed",
                f(Some(-1), Some(0)),
                f(Some(0), Some(0)),
                true,
            ),
        ],
    );
}

#[test]
fn forbidden() {
    use dv::forbidden::ForbiddenFixture as F;
    let f = |legacy: Option<&str>, count| F {
        legacy: legacy.map(Into::into),
        count,
    };
    run(
        "forbidden",
        hv::forbidden::validate,
        vec![
            create("unset", f(None, 0), false),
            create("empty pointer is set", f(Some(""), 0), true),
            create("both", f(Some("x"), 1), true),
            create("negative count", f(None, -1), true),
            unchanged("unchanged invalid", f(Some(""), 1)),
            update("count changed", f(Some(""), 2), f(Some(""), 1), true),
            update("cleared", f(None, 0), f(Some(""), 1), false),
        ],
    );
}

#[test]
fn optional() {
    use dv::optional::OptionalFixture as F;
    let f = |n: &str, port| F {
        name: n.into(),
        port,
    };
    run(
        "optional",
        hv::optional::validate,
        vec![
            create("unset", f("", None), false),
            create("valid", f("my-name", Some(1)), false),
            create("both invalid", f("Bad_Name", Some(0)), true),
            create("dots", f("a.b", None), true),
            create("too long", f(&"a".repeat(64), None), true),
            unchanged("unchanged invalid", f("Bad_Name", Some(0))),
            update(
                "port changed",
                f("Bad_Name", Some(-1)),
                f("Bad_Name", Some(0)),
                true,
            ),
        ],
    );
}

#[test]
fn required() {
    use dv::required::RequiredFixture as F;
    let valid = || F {
        name: "a".into(),
        replicas: Some(0),
        items: vec!["x".into()],
        labels: map(&[("k", "v")]),
    };
    let nameless = F {
        name: String::new(),
        ..valid()
    };
    run(
        "required",
        hv::required::validate,
        vec![
            create("valid", valid(), false),
            create("nothing set", F::default(), true),
            create(
                "name at the bound",
                F {
                    name: "abc".into(),
                    ..valid()
                },
                false,
            ),
            create(
                "name too long",
                F {
                    name: "abcd".into(),
                    ..valid()
                },
                true,
            ),
            create("no name", nameless.clone(), true),
            create(
                "no replicas",
                F {
                    replicas: None,
                    ..valid()
                },
                true,
            ),
            unchanged("unchanged invalid", F::default()),
            update("name cleared", nameless, valid(), true),
            update(
                "items emptied",
                F {
                    items: vec![],
                    ..valid()
                },
                valid(),
                true,
            ),
        ],
    );
}

#[test]
fn immutable() {
    use dv::immutable::ImmutableFixture as F;
    let f = |c: &str, uid: Option<&str>| F {
        class: c.into(),
        uid: uid.map(Into::into),
    };
    run(
        "immutable",
        hv::immutable::validate,
        vec![
            create("create", f("a", Some("1")), false),
            unchanged("unchanged", f("a", Some("1"))),
            update("class changed", f("b", Some("1")), f("a", Some("1")), true),
            update("uid changed", f("a", Some("2")), f("a", Some("1")), true),
            update("cleared", f("", None), f("a", Some("1")), true),
            update("set later", f("a", Some("1")), f("", None), true),
        ],
    );
}

#[test]
fn custom_unique() {
    use dv::custom_unique::{CustomUniqueCondition as C, CustomUniqueFixture as F};
    let c = |t: &str| C { kind: t.into() };
    let n = run(
        "custom_unique",
        hv::custom_unique::validate,
        vec![
            create(
                "unique",
                F {
                    conditions: vec![c("A"), c("B")],
                },
                false,
            ),
            create(
                "duplicates are hand-written only",
                F {
                    conditions: vec![c("A"), c("A")],
                },
                false,
            ),
        ],
    );
    // The hand-written uniqueness check exists and is not covered.
    let dup = F {
        conditions: vec![c("A"), c("A")],
    };
    let errs = hv::custom_unique::validate(&Context::create(), &dup, None);
    assert_eq!(errs.len(), 1);
    assert!(errs.extract_covered_by_declarative().is_empty());
    assert_eq!(n, 2);
}

#[test]
fn custom_validation() {
    use dv::custom_validation::CustomValidationFixture as F;
    let f = |even| F { even };
    let cases = || {
        vec![
            create("even", f(2), false),
            create("zero", f(0), false),
            create("odd", f(3), true),
            create("negative odd", f(-1), true),
            unchanged("unchanged invalid", f(3)),
            update("changed invalid", f(5), f(3), true),
        ]
    };
    // The custom function names its check with an origin, so Kubernetes'
    // runtime matcher (origin required on Invalid) pairs both sides.
    run(
        "custom_validation",
        hv::custom_validation::validate,
        cases(),
    );
    let bad = f(3);
    let dv_errs = bad.validate(&Context::create(), None);
    assert_eq!(dv_errs[0].origin, F::EVEN_ORIGIN);
    // Without the origin the same pair is a mismatch.
    let mut no_origin = dv_errs.clone();
    no_origin[0].origin = "".into();
    let hv_errs = hv::custom_validation::validate(&Context::create(), &bad, None);
    assert!(
        strict()
            .test(&hv_errs.extract_covered_by_declarative(), &no_origin)
            .is_err()
    );
}

#[test]
fn validate_false() {
    use dv::validate_false::ValidateFalseFixture as F;
    let f = |n: &str| F { name: n.into() };
    run(
        "validate_false",
        hv::validate_false::validate,
        vec![
            create("unset field", f(""), true),
            create("set field", f("x"), true),
            update("type-level check is not ratcheted", f("x"), f("x"), true),
            update("changed field", f("y"), f("x"), true),
        ],
    );
}

#[test]
fn if_enabled() {
    use dv::if_enabled::IfEnabledFixture as F;
    let f = |replicas, legacy: Option<&str>| F {
        replicas,
        legacy: legacy.map(Into::into),
        ..Default::default()
    };
    let gates = |zero, legacy| {
        Context::create()
            .option("ScaleToZero", zero)
            .option("Legacy", legacy)
    };
    let mut cases = Vec::new();
    for zero in [true, false] {
        for legacy in [true, false] {
            let ctx = gates(zero, legacy);
            cases.push(with_ctx(
                create("zero", f(Some(0), Some("x")), !zero || !legacy),
                ctx.clone(),
            ));
            cases.push(with_ctx(
                create("one", f(Some(1), None), false),
                ctx.clone(),
            ));
            cases.push(with_ctx(
                create("negative", f(Some(-1), None), true),
                ctx.clone(),
            ));
            cases.push(with_ctx(create("unset", f(None, None), false), ctx.clone()));
            cases.push(with_ctx(
                unchanged("unchanged", f(Some(-1), Some("x"))),
                ctx.clone(),
            ));
            cases.push(with_ctx(
                update(
                    "legacy changed",
                    f(None, Some("y")),
                    f(None, Some("x")),
                    !legacy,
                ),
                ctx,
            ));
        }
    }
    run("if_enabled", hv::if_enabled::validate, cases);
}

#[test]
fn dependent() {
    use dv::dependent::DependentFixture as F;
    let f = |key: Option<&str>, mult, dev| F {
        capacity_key: key.map(Into::into),
        capacity_multiplier: mult,
        device_multiplier: dev,
    };
    run(
        "dependent",
        hv::dependent::validate,
        vec![
            create("nothing", f(None, None, None), false),
            create("dependents without trigger", f(None, None, Some(1)), false),
            create("satisfied", f(Some("k"), Some(1), None), false),
            create("both broken", f(Some("k"), None, Some(1)), true),
            create("required missing", f(Some("k"), None, None), true),
            unchanged("unchanged invalid", f(Some("k"), None, Some(1))),
            update(
                "trigger value changed only",
                f(Some("j"), None, Some(1)),
                f(Some("k"), None, Some(1)),
                false,
            ),
            update(
                "multiplier unset",
                f(Some("k"), None, None),
                f(Some("k"), Some(1), None),
                true,
            ),
            update(
                "trigger set",
                f(Some("k"), None, Some(1)),
                f(None, None, Some(1)),
                true,
            ),
        ],
    );
}

#[test]
fn enum_() {
    use dv::enum_::{EnumFixture as F, FixturePolicy as P};
    let f = |policy: &str, fallback: Option<&str>| F {
        policy: policy.into(),
        fallback: fallback.map(P::from),
    };
    let mut cases = Vec::new();
    for retries in [true, false] {
        let ctx = Context::create().option("Retries", retries);
        cases.push(with_ctx(
            create("members", f("Always", Some("Never")), false),
            ctx.clone(),
        ));
        cases.push(with_ctx(create("unset", f("", None), false), ctx.clone()));
        cases.push(with_ctx(
            create("on failure", f("OnFailure", None), !retries),
            ctx.clone(),
        ));
        cases.push(with_ctx(
            create("excluded", f("Internal", None), true),
            ctx.clone(),
        ));
        cases.push(with_ctx(
            create("unknown", f("Sometimes", Some("x")), true),
            ctx.clone(),
        ));
        cases.push(with_ctx(
            create("empty fallback", f("Never", Some("")), true),
            ctx.clone(),
        ));
        cases.push(with_ctx(
            unchanged("unchanged invalid", f("Sometimes", Some("x"))),
            ctx.clone(),
        ));
        cases.push(with_ctx(
            update(
                "fallback changed",
                f("Sometimes", Some("y")),
                f("Sometimes", Some("x")),
                true,
            ),
            ctx,
        ));
    }
    run("enum", hv::enum_::validate, cases);
}

#[test]
fn each_key() {
    use dv::each_key::EachKeyFixture as F;
    let f = |keys: &[&str]| F {
        counters: keys.iter().map(|k| (k.to_string(), 1)).collect(),
        ..Default::default()
    };
    let mut value_changed = f(&["A", "b"]);
    value_changed.counters.insert("b".into(), 2);
    run(
        "each_key",
        hv::each_key::validate,
        vec![
            create("valid", f(&["a", "b-c"]), false),
            create("empty", f(&[]), false),
            create("invalid keys", f(&["A", "b", "c.d", "e_"]), true),
            unchanged("unchanged invalid", f(&["A"])),
            update(
                "existing key ratchets",
                value_changed,
                f(&["A", "b"]),
                false,
            ),
            update("new invalid key", f(&["A", "b", "C"]), f(&["A", "b"]), true),
        ],
    );
}

#[test]
fn each_val() {
    use dv::each_val::EachValFixture as F;
    let f = |names: &[&str], weights: &[(&str, i32)]| F {
        names: names.iter().map(|s| s.to_string()).collect(),
        weights: weights.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
    };
    run(
        "each_val",
        hv::each_val::validate,
        vec![
            create("valid", f(&["abc"], &[("a", 0)]), false),
            create(
                "invalid",
                f(&["abcd", "ok", "ééééé"], &[("a", -1), ("b", 0)]),
                true,
            ),
            unchanged("unchanged invalid", f(&["abcd"], &[("a", -1)])),
            update(
                "atomic list revalidated",
                f(&["abcd", "ok"], &[("a", -1)]),
                f(&["abcd"], &[("a", -1)]),
                true,
            ),
            update(
                "new map value",
                f(&["abcd"], &[("a", -1), ("b", -2)]),
                f(&["abcd"], &[("a", -1)]),
                true,
            ),
            update(
                "changed map value",
                f(&[], &[("a", -2)]),
                f(&[], &[("a", -1)]),
                true,
            ),
        ],
    );
}

#[test]
fn format() {
    use dv::format::FormatFixture as F;
    let valid = || F {
        short_name: "my-name".into(),
        long_name: "a.b.example.com".into(),
        long_name_caseless: "A.Example.com".into(),
        label_key: "example.com/Key_1".into(),
        prefixed_label_key: "example.com/key".into(),
        label_value: "Value-1".into(),
        uid: Some("0f3c1d2e-1234-4abc-8def-0123456789ab".into()),
        segment: "seg".into(),
        pool: "pool/a.b".into(),
        extended_resource: "example.com/gpu".into(),
        qualified_name: "example.com/my_name".into(),
    };
    let bad = || F {
        short_name: "My.Name".into(),
        long_name: "-a".into(),
        long_name_caseless: "a_b".into(),
        label_key: "a/b/c".into(),
        prefixed_label_key: "key".into(),
        label_value: "-x".into(),
        uid: Some("0F3C1D2E-1234-4ABC-8DEF-0123456789AB".into()),
        segment: "..".into(),
        pool: "a//b".into(),
        extended_resource: "gpu".into(),
        qualified_name: "noslash".into(),
    };
    let long = "a".repeat(254);
    let edge = || F {
        short_name: "a".repeat(64),
        long_name: long.clone(),
        long_name_caseless: "A".repeat(254),
        label_key: format!("{}/x", "a".repeat(254)),
        prefixed_label_key: "/key".into(),
        label_value: "a".repeat(64),
        uid: Some(String::new()),
        segment: "a/b%c".into(),
        pool: format!("{long}/Bad_Segment/"),
        extended_resource: "requests.kubernetes.io/x".into(),
        qualified_name: format!("{}/{}", "a".repeat(64), "1".repeat(33)),
    };
    let more = || F {
        short_name: "a.b".into(),
        long_name: "A.b".into(),
        long_name_caseless: "-".into(),
        label_key: "/".into(),
        prefixed_label_key: "Example.com/key".into(),
        label_value: "é".into(),
        uid: Some("0f3c1d2e12344abc8def0123456789ab".into()),
        segment: ".".into(),
        pool: "/".into(),
        extended_resource: "example.com/bad key".into(),
        qualified_name: "/".into(),
    };
    let qualified = |q: &str| F {
        qualified_name: q.into(),
        ..valid()
    };
    let mut changed = bad();
    changed.short_name = "Other.Name".into();
    let mut cases = vec![
        create("valid", valid(), false),
        create("unset", F::default(), false),
        create("invalid", bad(), true),
        create("edges", edge(), true),
        create("more", more(), true),
        create("qualified: a.b/c", qualified("a.b/c"), false),
        create("qualified: empty prefix", qualified("/name"), true),
        create("qualified: empty name", qualified("example.com/"), true),
        create("qualified: two slashes", qualified("a/b/c"), true),
        create(
            "qualified: bad identifier",
            qualified("example.com/1x"),
            true,
        ),
        create(
            "extended: kubernetes.io",
            F {
                extended_resource: "kubernetes.io/gpu".into(),
                ..valid()
            },
            true,
        ),
        unchanged("unchanged invalid", bad()),
        update("one changed", changed, bad(), true),
    ];
    cases.push(update("fixed", valid(), bad(), false));
    run("format", hv::format::validate, cases);
}

#[test]
fn item() {
    use dv::item::{ItemCondition as C, ItemFixture as F, ItemGates};
    let g = |gates: &[(&str, &str)]| F {
        gates: ItemGates(
            gates
                .iter()
                .map(|(t, s)| C {
                    kind: t.to_string(),
                    status: s.to_string(),
                })
                .collect(),
        ),
        ..Default::default()
    };
    let c = |t: &str, s: &str| C {
        kind: t.into(),
        status: s.into(),
    };
    run(
        "item",
        hv::item::validate,
        vec![
            create(
                "only the selected item",
                F {
                    conditions: vec![c("Other", "TooLongStatus"), c("Ready", "True")],
                    ..Default::default()
                },
                false,
            ),
            create(
                "no ready item",
                F {
                    conditions: vec![c("Other", "TooLongStatus")],
                    ..Default::default()
                },
                false,
            ),
            create(
                "ready too long",
                F {
                    conditions: vec![c("Other", "x"), c("Ready", "Unknown")],
                    ..Default::default()
                },
                true,
            ),
            create(
                "repeated key",
                F {
                    conditions: vec![c("Ready", "True"), c("Ready", "Unknown")],
                    ..Default::default()
                },
                true,
            ),
            unchanged(
                "unchanged invalid",
                F {
                    conditions: vec![c("Other", "x"), c("Ready", "Unknown")],
                    ..Default::default()
                },
            ),
            update(
                "moved but unchanged",
                F {
                    conditions: vec![c("Ready", "Unknown")],
                    ..Default::default()
                },
                F {
                    conditions: vec![c("Other", "x"), c("Ready", "Unknown")],
                    ..Default::default()
                },
                false,
            ),
            update(
                "changed",
                F {
                    conditions: vec![c("Ready", "Unknowns")],
                    ..Default::default()
                },
                F {
                    conditions: vec![c("Other", "x"), c("Ready", "Unknown")],
                    ..Default::default()
                },
                true,
            ),
            create(
                "typedef field: valid gates",
                g(&[("Ready", "True"), ("Locked", "a")]),
                false,
            ),
            create(
                "typedef field: ready gate too long",
                g(&[("Ready", "Unknown")]),
                true,
            ),
            create(
                "typedef field: repeated gate",
                g(&[("Locked", "a"), ("Locked", "b")]),
                true,
            ),
            unchanged(
                "typedef field: unchanged invalid",
                g(&[("Ready", "Unknown")]),
            ),
            update(
                "typedef field: locked gate changed",
                g(&[("Locked", "b")]),
                g(&[("Locked", "a")]),
                true,
            ),
        ],
    );
}

#[test]
fn list_map() {
    use dv::list_map::{ListMapFixture as F, ListMapPort as P};
    let p = |n: &str, proto: &str, port| P {
        name: n.into(),
        protocol: proto.into(),
        port,
    };
    run(
        "list_map",
        hv::list_map::validate,
        vec![
            create(
                "distinct keys",
                F {
                    ports: vec![p("a", "TCP", 1), p("a", "UDP", 1)],
                },
                false,
            ),
            create(
                "duplicate key",
                F {
                    ports: vec![p("a", "TCP", 1), p("a", "TCP", 2)],
                },
                true,
            ),
            create(
                "triplicate key",
                F {
                    ports: vec![p("a", "TCP", 1), p("a", "TCP", 2), p("a", "TCP", 3)],
                },
                true,
            ),
            create(
                "item invalid",
                F {
                    ports: vec![p("a", "TCP", -1), p("b", "TCP", 1)],
                },
                true,
            ),
            create(
                "empty keys",
                F {
                    ports: vec![p("", "", 0), p("", "", -1)],
                },
                true,
            ),
            unchanged(
                "unchanged invalid",
                F {
                    ports: vec![p("a", "TCP", -1), p("a", "TCP", -1)],
                },
            ),
            update(
                "reordered",
                F {
                    ports: vec![p("b", "TCP", 1), p("a", "TCP", -1)],
                },
                F {
                    ports: vec![p("a", "TCP", -1), p("b", "TCP", 1)],
                },
                false,
            ),
            update(
                "changed item",
                F {
                    ports: vec![p("b", "TCP", 1), p("a", "TCP", -2)],
                },
                F {
                    ports: vec![p("a", "TCP", -1), p("b", "TCP", 1)],
                },
                true,
            ),
            update(
                "new item",
                F {
                    ports: vec![p("a", "TCP", -1), p("c", "", 0)],
                },
                F {
                    ports: vec![p("a", "TCP", -1)],
                },
                true,
            ),
        ],
    );
}

#[test]
fn list_set() {
    use dv::list_set::ListSetFixture as F;
    let f = |v: &[&str]| F {
        finalizers: v.iter().map(|s| s.to_string()).collect(),
    };
    run(
        "list_set",
        hv::list_set::validate,
        vec![
            create("distinct", f(&["a", "b"]), false),
            create("empty", f(&[]), false),
            create("duplicate", f(&["a", "b", "a"]), true),
            unchanged("unchanged invalid", f(&["a", "b", "a"])),
            update(
                "more duplicates",
                f(&["a", "a", "a"]),
                f(&["a", "b", "a"]),
                true,
            ),
            update(
                "reordered duplicates",
                f(&["a", "a", "b"]),
                f(&["a", "b", "a"]),
                true,
            ),
        ],
    );
}

#[test]
fn unique() {
    use dv::unique::{UniqueFixture as F, UniqueRequest as R};
    let r = |n: &str, c| R {
        name: n.into(),
        count: c,
    };
    run(
        "unique",
        hv::unique::validate,
        vec![
            create(
                "distinct",
                F {
                    requests: vec![r("a", 1), r("b", 1)],
                    tags: vec![1, 2],
                },
                false,
            ),
            create(
                "duplicates",
                F {
                    requests: vec![r("a", 1), r("a", 2)],
                    tags: vec![1, 1],
                },
                true,
            ),
            unchanged(
                "unchanged invalid",
                F {
                    requests: vec![r("a", 1), r("a", 2)],
                    tags: vec![1, 1],
                },
            ),
            update(
                "requests changed",
                F {
                    requests: vec![r("a", 1), r("a", 3)],
                    tags: vec![1, 1],
                },
                F {
                    requests: vec![r("a", 1), r("a", 2)],
                    tags: vec![1, 1],
                },
                true,
            ),
        ],
    );
}

#[test]
fn subfield() {
    use dv::subfield::{SubfieldFixture as F, SubfieldMeta as M, SubfieldOwner as O};
    let lists = |finalizers: &[&str], uids: &[&str]| F {
        metadata: M {
            finalizers: finalizers.iter().map(|f| f.to_string()).collect(),
            owner_references: uids
                .iter()
                .map(|u| O {
                    uid: u.to_string(),
                    name: String::new(),
                })
                .collect(),
            ..Default::default()
        },
    };
    let f = |n: &str| F {
        metadata: M {
            name: n.into(),
            ..Default::default()
        },
    };
    run(
        "subfield",
        hv::subfield::validate,
        vec![
            create("finalizers repeated", lists(&["a", "a"], &[]), true),
            create("owner uid repeated", lists(&[], &["1", "1"]), true),
            unchanged("owner uid repeated unchanged", lists(&[], &["1", "1"])),
            create("valid", f("a.b"), false),
            create("empty", f(""), false),
            create("invalid", f("Bad_Name"), true),
            create("too long", f(&"a".repeat(254)), true),
            unchanged("unchanged invalid", f("Bad_Name")),
            update("changed invalid", f("Other_Bad"), f("Bad_Name"), true),
        ],
    );
}

#[test]
fn opaque_type() {
    use dv::opaque_type::{OpaqueInner as I, OpaqueTypeFixture as F};
    let f = |o: &str, t: &str| F {
        opaque: I { name: o.into() },
        transparent: I { name: t.into() },
        ..Default::default()
    };
    run(
        "opaque_type",
        hv::opaque_type::validate,
        vec![
            create("both named", f("a", "b"), false),
            create("opaque unnamed is not declarative", f("", "b"), false),
            create("transparent unnamed", f("a", ""), true),
            unchanged("unchanged invalid", f("", "")),
            update("transparent cleared", f("a", ""), f("a", "b"), true),
        ],
    );
}

#[test]
fn mode() {
    use dv::mode::ModeFixture as F;
    let f = |m: &str, file: Option<&str>, url: Option<&str>| F {
        mode: m.into(),
        file: file.map(Into::into),
        url: url.map(Into::into),
    };
    run(
        "mode",
        hv::mode::validate,
        vec![
            create("file mode", f("File", Some("f"), None), false),
            create("url mode", f("Url", None, Some("http://a")), false),
            create("url in file mode", f("File", Some("f"), Some("u")), true),
            create("file missing", f("File", None, None), true),
            create("url missing", f("Url", None, None), true),
            create("url too long", f("Url", None, Some("http://long")), true),
            create("no mode", f("", Some("f"), Some("u")), true),
            create("other mode", f("Other", None, None), false),
            unchanged(
                "unchanged invalid",
                f("Url", Some("f"), Some("http://long")),
            ),
            update(
                "mode changed",
                f("Url", Some("f"), Some("u")),
                f("File", Some("f"), Some("u")),
                true,
            ),
            update(
                "member changed",
                f("File", Some("f"), Some("v")),
                f("File", Some("f"), Some("u")),
                true,
            ),
        ],
    );
}

#[test]
fn subresources() {
    use dv::subresources::{IsSubresourceFixture as I, SupportsSubresourceFixture as S};
    let status = || Context::update().subresource("/status");
    let scale = || Context::update().subresource("/scale");
    run(
        "supports_subresource",
        hv::subresources::supports_subresource::validate,
        vec![
            create("valid", S { replicas: 0 }, false),
            create("invalid", S { replicas: -1 }, true),
            with_ctx(
                update(
                    "status invalid",
                    S { replicas: -1 },
                    S { replicas: 1 },
                    true,
                ),
                status(),
            ),
            with_ctx(unchanged("status unchanged", S { replicas: -1 }), status()),
        ],
    );
    run(
        "is_subresource",
        hv::subresources::is_subresource::validate,
        vec![
            with_ctx(
                update("scale valid", I { replicas: 1 }, I { replicas: 0 }, false),
                scale(),
            ),
            with_ctx(
                update("scale invalid", I { replicas: -1 }, I { replicas: 0 }, true),
                scale(),
            ),
            with_ctx(unchanged("scale unchanged", I { replicas: -1 }), scale()),
            with_ctx(create("scale create", I { replicas: -1 }, true), scale()),
            create("root is not served", I { replicas: 1 }, true),
            with_ctx(
                update(
                    "status is not served",
                    I { replicas: 1 },
                    I { replicas: 1 },
                    true,
                ),
                status(),
            ),
        ],
    );
}

#[test]
fn union() {
    use dv::union::{DiscriminatedUnionFixture as D, UnionFixture as U};
    let u = |basic: Option<&str>, gang| U {
        basic: basic.map(Into::into),
        gang,
        ..Default::default()
    };
    run(
        "union",
        hv::union::members::validate,
        vec![
            create("one", u(Some("x"), None), false),
            create("other", u(None, Some(1)), false),
            create("none", u(None, None), true),
            create("both", u(Some("x"), Some(1)), true),
            unchanged("unchanged both", u(Some("x"), Some(1))),
            update(
                "values changed, set-ness not",
                u(Some("y"), Some(1)),
                u(Some("x"), Some(2)),
                false,
            ),
            update(
                "second set",
                u(Some("x"), Some(1)),
                u(Some("x"), None),
                true,
            ),
            update(
                "an empty old object ratchets too",
                u(None, None),
                u(None, None),
                false,
            ),
        ],
    );
    let d = |kind: &str, service: Option<&str>, resource: Option<&str>| D {
        kind: kind.into(),
        service: service.map(Into::into),
        resource: resource.map(Into::into),
    };
    run(
        "discriminated_union",
        hv::union::discriminated::validate,
        vec![
            create("resource", d("Res", None, Some("r")), false),
            create("service", d("Service", Some("s"), None), false),
            create("nothing", d("", None, None), false),
            create("wrong member", d("Service", None, Some("r")), true),
            create("member without kind", d("", Some("s"), None), true),
            create("unknown kind", d("Resource", None, Some("r")), true),
            create("both", d("Res", Some("s"), Some("r")), true),
            unchanged("unchanged invalid", d("Service", None, Some("r"))),
            update(
                "kind changed",
                d("Res", Some("s"), None),
                d("Service", Some("s"), None),
                true,
            ),
        ],
    );
}

#[test]
fn update_constraints() {
    use dv::update::{UpdateFixture as F, UpdatePort as P};
    let p = |n: &str, port| P {
        name: n.into(),
        port,
    };
    let once = |v: Option<&str>| F {
        set_once: v.map(Into::into),
        ..Default::default()
    };
    let later = |v: &str| F {
        never_later: v.into(),
        ..Default::default()
    };
    let ports = |v: Vec<P>| F {
        ports: v,
        ..Default::default()
    };
    let labels = |v: &[(&str, &str)]| F {
        labels: map(v),
        ..Default::default()
    };
    run(
        "update",
        hv::update::validate,
        vec![
            create(
                "create sets anything",
                F {
                    set_once: Some("a".into()),
                    never_later: "x".into(),
                    ports: vec![p("a", 1)],
                    labels: map(&[("k", "v")]),
                    ..Default::default()
                },
                false,
            ),
            update("set once", once(Some("a")), once(None), false),
            update("modified", once(Some("b")), once(Some("a")), true),
            update(
                "struct changed from its zero value",
                F {
                    settings: dv::update::UpdateSettings {
                        mode: "fast".into(),
                        level: 0,
                    },
                    ..Default::default()
                },
                F::default(),
                true,
            ),
            update("cleared", once(None), once(Some("a")), true),
            unchanged("unchanged", once(Some("a"))),
            update("set later", later("x"), later(""), true),
            update("changed later", later("y"), later("x"), false),
            update("cleared later", later(""), later("x"), false),
            update(
                "port value changed",
                ports(vec![p("a", 2)]),
                ports(vec![p("a", 1)]),
                false,
            ),
            update(
                "port added",
                ports(vec![p("a", 1), p("b", 1)]),
                ports(vec![p("a", 1)]),
                true,
            ),
            update(
                "port removed",
                ports(vec![p("b", 1)]),
                ports(vec![p("a", 1), p("b", 1)]),
                true,
            ),
            update(
                "port renamed",
                ports(vec![p("c", 1)]),
                ports(vec![p("a", 1)]),
                true,
            ),
            create("duplicate port", ports(vec![p("a", 1), p("a", 2)]), true),
            update(
                "duplicate port added",
                ports(vec![p("a", 1), p("a", 2)]),
                ports(vec![p("a", 1)]),
                true,
            ),
            update("label removed", labels(&[]), labels(&[("k", "v")]), true),
            update(
                "label added",
                labels(&[("k", "v"), ("l", "w")]),
                labels(&[("k", "v")]),
                false,
            ),
            update(
                "label changed",
                labels(&[("k", "w")]),
                labels(&[("k", "v")]),
                false,
            ),
        ],
    );
}

#[test]
fn zero_or_one_of() {
    use dv::zero_or_one_of::{ZeroOrOneOfCondition as C, ZeroOrOneOfFixture as F};
    let c = |t: &str| C {
        kind: t.into(),
        status: "True".into(),
    };
    let conds = |v: &[&str]| F {
        conditions: v.iter().map(|t| c(t)).collect(),
        ..Default::default()
    };
    let ab = |a, b| F {
        a,
        b,
        ..Default::default()
    };
    run(
        "zero_or_one_of",
        hv::zero_or_one_of::validate,
        vec![
            create("none", F::default(), false),
            create("one condition", conds(&["Approved", "Ready"]), false),
            create("both conditions", conds(&["Approved", "Denied"]), true),
            create(
                "repeated approval is one member",
                conds(&["Approved", "Approved"]),
                false,
            ),
            create("one field", ab(Some(1), None), false),
            create("both fields", ab(Some(1), Some(2)), true),
            unchanged("unchanged conditions", conds(&["Approved", "Denied"])),
            unchanged("unchanged fields", ab(Some(1), Some(2))),
            update(
                "fields values changed",
                ab(Some(3), Some(4)),
                ab(Some(1), Some(2)),
                false,
            ),
            update(
                "second field set",
                ab(Some(1), Some(2)),
                ab(Some(1), None),
                true,
            ),
            update(
                "denied added",
                conds(&["Approved", "Denied"]),
                conds(&["Approved"]),
                true,
            ),
            update(
                "reordered",
                conds(&["Denied", "Approved"]),
                conds(&["Approved", "Denied"]),
                false,
            ),
        ],
    );
}
