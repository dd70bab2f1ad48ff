//! Golden rendering tests: the exact `Error()` strings and ERROR JSON that
//! Kubernetes' `field` package produces, for every error type and for each
//! way a bad value is printed.
//!
//! The expected strings were derived by reading `errors.go` and `path.go` of
//! `k8s.io/apimachinery/pkg/util/validation/field` (master): the constructors
//! fix the bad value and detail, `ErrorBody()` prints the type's human string,
//! then the value for the value-carrying types (int64/int32/float/bool with
//! `%v`, strings with `%q`, anything else as `encoding/json` marshals it; the
//! omit marker prints nothing), then `: detail` when the detail is not empty.
//! The JSON is the ERROR shape of DESIGN.md section 5.

use apimachinery::field::{BadValue, Error, ErrorList, ErrorType, Path};
use serde_json::{Value, json};

/// The ERROR JSON of an error with no marks and no origin.
fn plain(error_type: &str, field: &str, detail: &str, bad_value: Option<Value>) -> Value {
    let mut v = json!({
        "type": error_type,
        "field": field,
        "origin": "",
        "detail": detail,
        "coveredByDeclarative": false,
        "fromImperative": false,
        "shortCircuit": false,
        "stage": "",
    });
    if let Some(bad) = bad_value {
        v["badValue"] = bad;
    }
    v
}

fn check(e: &Error, display: &str, wire: Value) {
    assert_eq!(e.to_string(), display, "Display of {e:?}");
    let got = serde_json::to_value(e).expect("an Error serialises");
    assert_eq!(got, wire, "JSON of {e:?}");
}

#[test]
fn not_found() {
    let spec = Path::new("spec");
    check(
        &Error::not_found(&spec.child("ref"), "x"),
        r#"spec.ref: Not found: "x""#,
        plain("FieldValueNotFound", "spec.ref", "", Some(json!("x"))),
    );
}

#[test]
fn required() {
    let spec = Path::new("spec");
    check(
        &Error::required(&spec.child("x"), ""),
        "spec.x: Required value",
        plain("FieldValueRequired", "spec.x", "", Some(json!(""))),
    );
    check(
        &Error::required(&spec.child("x"), "must be set when y is"),
        "spec.x: Required value: must be set when y is",
        plain(
            "FieldValueRequired",
            "spec.x",
            "must be set when y is",
            Some(json!("")),
        ),
    );
}

#[test]
fn duplicate() {
    let items = Path::new("items");
    check(
        &Error::duplicate(&items.index(1), "a"),
        r#"items[1]: Duplicate value: "a""#,
        plain("FieldValueDuplicate", "items[1]", "", Some(json!("a"))),
    );
    // A struct key of a list-map is JSON-marshalled.
    check(
        &Error::duplicate(&items.index(2), json!({"name": "a", "port": 80})),
        r#"items[2]: Duplicate value: {"name":"a","port":80}"#,
        plain(
            "FieldValueDuplicate",
            "items[2]",
            "",
            Some(json!({"name": "a", "port": 80})),
        ),
    );
}

#[test]
fn invalid_with_every_kind_of_value() {
    let x = Path::new("x");
    let cases: Vec<(BadValue, &str, Value)> = vec![
        // int64 / int32 / int: %v or JSON, both decimal.
        (BadValue::from(5), "x: Invalid value: 5: bad", json!(5)),
        (BadValue::from(-1), "x: Invalid value: -1: bad", json!(-1)),
        (
            BadValue::from(i64::MIN),
            "x: Invalid value: -9223372036854775808: bad",
            json!(i64::MIN),
        ),
        (
            BadValue::from(u64::MAX),
            "x: Invalid value: 18446744073709551615: bad",
            json!(u64::MAX),
        ),
        // string: %q (strconv.Quote).
        (
            BadValue::from("a\"b\n"),
            r#"x: Invalid value: "a\"b\n": bad"#,
            json!("a\"b\n"),
        ),
        (
            BadValue::from(""),
            r#"x: Invalid value: "": bad"#,
            json!(""),
        ),
        (
            BadValue::from("tab\there\\ \u{7}"),
            r#"x: Invalid value: "tab\there\\ \a": bad"#,
            json!("tab\there\\ \u{7}"),
        ),
        (
            BadValue::from("日本\u{1}"),
            r#"x: Invalid value: "日本\x01": bad"#,
            json!("日本\u{1}"),
        ),
        // bool: %v.
        (
            BadValue::from(true),
            "x: Invalid value: true: bad",
            json!(true),
        ),
        (
            BadValue::from(false),
            "x: Invalid value: false: bad",
            json!(false),
        ),
        // nil: json.Marshal(nil) is `null`.
        (
            BadValue::from(None::<i32>),
            "x: Invalid value: null: bad",
            json!(null),
        ),
        // slices and maps: encoding/json, HTML-escaped, map keys sorted.
        (
            BadValue::of(&vec!["a", "b"]),
            r#"x: Invalid value: ["a","b"]: bad"#,
            json!(["a", "b"]),
        ),
        (
            BadValue::of(&Vec::<String>::new()),
            "x: Invalid value: []: bad",
            json!([]),
        ),
        (
            BadValue::of(&std::collections::BTreeMap::from([("b", 2), ("a", 1)])),
            r#"x: Invalid value: {"a":1,"b":2}: bad"#,
            json!({"a": 1, "b": 2}),
        ),
        (
            BadValue::from(json!({"k": "<a&b>"})),
            r#"x: Invalid value: {"k":"\u003ca\u0026b\u003e"}: bad"#,
            json!({"k": "<a&b>"}),
        ),
        (
            BadValue::from(json!(["x\ny", "\u{2028}"])),
            r#"x: Invalid value: ["x\ny","\u2028"]: bad"#,
            json!(["x\ny", "\u{2028}"]),
        ),
        // float64: %v, i.e. strconv 'g' with the shortest precision.
        (
            BadValue::from(1.5),
            "x: Invalid value: 1.5: bad",
            json!(1.5),
        ),
        (
            BadValue::from(-0.25),
            "x: Invalid value: -0.25: bad",
            json!(-0.25),
        ),
        (BadValue::from(2.0), "x: Invalid value: 2: bad", json!(2.0)),
        (
            BadValue::from(100000.0),
            "x: Invalid value: 100000: bad",
            json!(100000.0),
        ),
        (
            BadValue::from(1e6),
            "x: Invalid value: 1e+06: bad",
            json!(1e6),
        ),
        (
            BadValue::from(0.0001),
            "x: Invalid value: 0.0001: bad",
            json!(0.0001),
        ),
        (
            BadValue::from(0.00001),
            "x: Invalid value: 1e-05: bad",
            json!(0.00001),
        ),
        // float32: %v with the float32's own shortest digits.
        (
            BadValue::from(0.1f32),
            "x: Invalid value: 0.1: bad",
            json!(0.1),
        ),
        (
            BadValue::from(1.5e300),
            "x: Invalid value: 1.5e+300: bad",
            json!(1.5e300),
        ),
    ];
    for (value, display, wire) in cases {
        check(
            &Error::invalid(&x, value, "bad"),
            display,
            plain("FieldValueInvalid", "x", "bad", Some(wire)),
        );
    }
}

#[test]
fn floats_inside_composite_values_are_json_encoded() {
    // encoding/json writes floats with 'f' formatting (no ".0"), switching to
    // 'e' below 1e-6 and from 1e21, with a one-digit negative exponent.
    let x = Path::new("x");
    let e = Error::invalid(
        &x,
        json!([1e6, 2.0, 1.5, 1e21, 1e-7, 1e20, 0.000001, 1.25e-10]),
        "",
    );
    assert_eq!(
        e.to_string(),
        "x: Invalid value: [1000000,2,1.5,1e+21,1e-7,100000000000000000000,0.000001,1.25e-10]"
    );
    let e = Error::invalid(&x, json!({"max": 3.0, "ratio": 0.5}), "");
    assert_eq!(e.to_string(), r#"x: Invalid value: {"max":3,"ratio":0.5}"#);
}

#[test]
fn invalid_with_empty_detail_and_origin() {
    let spec = Path::new("spec");
    let e = Error::invalid(&spec.child("replicas"), -1, "").with_origin("minimum");
    check(&e, "spec.replicas: Invalid value: -1", {
        let mut v = plain("FieldValueInvalid", "spec.replicas", "", Some(json!(-1)));
        v["origin"] = json!("minimum");
        v
    });
}

#[test]
fn not_supported() {
    let spec = Path::new("spec");
    check(
        &Error::not_supported(&spec.child("mode"), "foo", &["A", "B"]),
        r#"spec.mode: Unsupported value: "foo": supported values: "A", "B""#,
        plain(
            "FieldValueNotSupported",
            "spec.mode",
            r#"supported values: "A", "B""#,
            Some(json!("foo")),
        ),
    );
    check(
        &Error::not_supported(&spec.child("mode"), "foo", &[] as &[&str]),
        r#"spec.mode: Unsupported value: "foo""#,
        plain(
            "FieldValueNotSupported",
            "spec.mode",
            "",
            Some(json!("foo")),
        ),
    );
    // Valid values are strconv.Quote'd.
    check(
        &Error::not_supported(&spec.child("mode"), "", &["a\"b", "c"]),
        r#"spec.mode: Unsupported value: "": supported values: "a\"b", "c""#,
        plain(
            "FieldValueNotSupported",
            "spec.mode",
            r#"supported values: "a\"b", "c""#,
            Some(json!("")),
        ),
    );
}

#[test]
fn forbidden() {
    let spec = Path::new("spec");
    check(
        &Error::forbidden(&spec, "disabled by policy"),
        "spec: Forbidden: disabled by policy",
        plain(
            "FieldValueForbidden",
            "spec",
            "disabled by policy",
            Some(json!("")),
        ),
    );
    check(
        &Error::forbidden(&spec, ""),
        "spec: Forbidden",
        plain("FieldValueForbidden", "spec", "", Some(json!(""))),
    );
}

#[test]
fn too_long() {
    let meta = Path::new("metadata");
    let name = meta.child("name");
    let omitted = Some(json!("<value omitted>"));
    check(
        &Error::too_long(&name, 63),
        "metadata.name: Too long: may not be more than 63 bytes",
        plain(
            "FieldValueTooLong",
            "metadata.name",
            "may not be more than 63 bytes",
            omitted.clone(),
        ),
    );
    check(
        &Error::too_long(&name, 1),
        "metadata.name: Too long: may not be more than 1 byte",
        plain(
            "FieldValueTooLong",
            "metadata.name",
            "may not be more than 1 byte",
            omitted.clone(),
        ),
    );
    check(
        &Error::too_long(&name, -1),
        "metadata.name: Too long: value is too long",
        plain(
            "FieldValueTooLong",
            "metadata.name",
            "value is too long",
            omitted.clone(),
        ),
    );
    check(
        &Error::too_long_characters(&name, 5),
        "metadata.name: Too long: may not be more than 5 characters",
        plain(
            "FieldValueTooLong",
            "metadata.name",
            "may not be more than 5 characters",
            omitted.clone(),
        ),
    );
    check(
        &Error::too_long_characters(&name, 1),
        "metadata.name: Too long: may not be more than 1 character",
        plain(
            "FieldValueTooLong",
            "metadata.name",
            "may not be more than 1 character",
            omitted.clone(),
        ),
    );
    check(
        &Error::too_long_characters(&name, -1),
        "metadata.name: Too long: value is too long",
        plain(
            "FieldValueTooLong",
            "metadata.name",
            "value is too long",
            omitted,
        ),
    );
}

#[test]
fn too_many() {
    let items = Path::new("items");
    check(
        &Error::too_many(&items, 5, 4),
        "items: Too many: 5: must have at most 4 items",
        plain(
            "FieldValueTooMany",
            "items",
            "must have at most 4 items",
            Some(json!(5)),
        ),
    );
    check(
        &Error::too_many(&items, 2, 1),
        "items: Too many: 2: must have at most 1 item",
        plain(
            "FieldValueTooMany",
            "items",
            "must have at most 1 item",
            Some(json!(2)),
        ),
    );
    // A negative actual quantity is the omit marker: no value, no badValue.
    check(
        &Error::too_many(&items, -1, -1),
        "items: Too many: has too many items",
        plain("FieldValueTooMany", "items", "has too many items", None),
    );
    check(
        &Error::too_many(&items, -1, 3),
        "items: Too many: must have at most 3 items",
        plain(
            "FieldValueTooMany",
            "items",
            "must have at most 3 items",
            None,
        ),
    );
}

#[test]
fn too_few() {
    let items = Path::new("items");
    check(
        &Error::too_few(&items, 0, 1),
        "items: Too few: 0: must have at least 1 item",
        plain(
            "FieldValueTooFew",
            "items",
            "must have at least 1 item",
            Some(json!(0)),
        ),
    );
    check(
        &Error::too_few(&items, 1, 3),
        "items: Too few: 1: must have at least 3 items",
        plain(
            "FieldValueTooFew",
            "items",
            "must have at least 3 items",
            Some(json!(1)),
        ),
    );
    // TooFew has no omit marker: a negative actual is printed.
    check(
        &Error::too_few(&items, -1, -1),
        "items: Too few: -1: has too few items",
        plain(
            "FieldValueTooFew",
            "items",
            "has too few items",
            Some(json!(-1)),
        ),
    );
}

#[test]
fn internal() {
    check(
        &Error::internal(&Path::root(), "panic during declarative validation: boom"),
        "<nil>: Internal error: panic during declarative validation: boom",
        plain(
            "InternalError",
            "<nil>",
            "panic during declarative validation: boom",
            None,
        ),
    );
    let spec = Path::new("spec");
    check(
        &Error::internal(&spec, "undefined validation option \"X\""),
        "spec: Internal error: undefined validation option \"X\"",
        plain(
            "InternalError",
            "spec",
            "undefined validation option \"X\"",
            None,
        ),
    );
}

#[test]
fn type_invalid() {
    let spec = Path::new("spec");
    check(
        &Error::type_invalid(&spec.child("n"), "x", "must be an integer"),
        r#"spec.n: Invalid value: "x": must be an integer"#,
        plain(
            "FieldValueTypeInvalid",
            "spec.n",
            "must be an integer",
            Some(json!("x")),
        ),
    );
    check(
        &Error::type_invalid(&spec.child("n"), json!([1]), ""),
        "spec.n: Invalid value: [1]",
        plain("FieldValueTypeInvalid", "spec.n", "", Some(json!([1]))),
    );
}

#[test]
fn too_short() {
    let x = Path::new("x");
    check(
        &Error::too_short(&x, "ab", 3),
        "x: Too short: must be at least 3 characters",
        plain(
            "FieldValueTooShort",
            "x",
            "must be at least 3 characters",
            Some(json!("ab")),
        ),
    );
    check(
        &Error::too_short(&x, "", 1),
        "x: Too short: must be at least 1 character",
        plain(
            "FieldValueTooShort",
            "x",
            "must be at least 1 character",
            Some(json!("")),
        ),
    );
    check(
        &Error::too_short(&x, "", -1),
        "x: Too short: value is too short",
        plain(
            "FieldValueTooShort",
            "x",
            "value is too short",
            Some(json!("")),
        ),
    );
}

#[test]
fn every_error_type_is_covered_with_its_wire_and_human_string() {
    let wire: Vec<(&str, &str)> = ErrorType::ALL
        .iter()
        .map(|t| (t.as_str(), t.human()))
        .collect();
    assert_eq!(
        wire,
        vec![
            ("FieldValueNotFound", "Not found"),
            ("FieldValueRequired", "Required value"),
            ("FieldValueDuplicate", "Duplicate value"),
            ("FieldValueInvalid", "Invalid value"),
            ("FieldValueNotSupported", "Unsupported value"),
            ("FieldValueForbidden", "Forbidden"),
            ("FieldValueTooLong", "Too long"),
            ("FieldValueTooMany", "Too many"),
            ("FieldValueTooFew", "Too few"),
            ("InternalError", "Internal error"),
            ("FieldValueTypeInvalid", "Invalid value"),
            ("FieldValueTooShort", "Too short"),
        ]
    );
}

#[test]
fn types_that_never_print_their_value() {
    // Required, Forbidden, TooLong, TooShort and Internal print only the type
    // (and detail), whatever bad value they carry.
    let x = Path::new("x");
    for t in [
        ErrorType::Required,
        ErrorType::Forbidden,
        ErrorType::TooLong,
        ErrorType::TooShort,
        ErrorType::Internal,
    ] {
        let e = Error::new(t, &x, BadValue::from(42), "d");
        assert_eq!(e.to_string(), format!("x: {}: d", t.human()));
    }
    // The others print it; the omit marker suppresses it for all of them.
    for t in [
        ErrorType::Invalid,
        ErrorType::TypeInvalid,
        ErrorType::NotSupported,
        ErrorType::NotFound,
        ErrorType::Duplicate,
        ErrorType::TooMany,
        ErrorType::TooFew,
    ] {
        let e = Error::new(t, &x, BadValue::from(42), "d");
        assert_eq!(e.to_string(), format!("x: {}: 42: d", t.human()));
        let e = Error::new(t, &x, BadValue::Omitted, "d");
        assert_eq!(e.to_string(), format!("x: {}: d", t.human()));
        let e = Error::new(t, &x, BadValue::Omitted, "");
        assert_eq!(e.to_string(), format!("x: {}", t.human()));
    }
}

#[test]
fn paths() {
    let root = Path::root();
    assert_eq!(
        Error::required(&root, "").to_string(),
        "<nil>: Required value"
    );
    let meta = Path::new("metadata");
    let labels = meta.child("labels");
    let key = labels.key("app.kubernetes.io/name");
    check(
        &Error::invalid(&key, "-x", "must start with an alphanumeric character"),
        r#"metadata.labels[app.kubernetes.io/name]: Invalid value: "-x": must start with an alphanumeric character"#,
        plain(
            "FieldValueInvalid",
            "metadata.labels[app.kubernetes.io/name]",
            "must start with an alphanumeric character",
            Some(json!("-x")),
        ),
    );
    // Map keys are neither quoted nor escaped.
    let annotations = meta.child("annotations");
    assert_eq!(
        Error::forbidden(&annotations.key("a \"b\"]"), "").to_string(),
        "metadata.annotations[a \"b\"]]: Forbidden"
    );
    let spec = Path::new("spec");
    let tmpl = spec.child("template");
    let pspec = tmpl.child("spec");
    let cs = pspec.child("containers");
    let c0 = cs.index(0);
    let ports = c0.child("ports");
    let p3 = ports.index(3);
    assert_eq!(
        Error::required(&p3.child("containerPort"), "").to_string(),
        "spec.template.spec.containers[0].ports[3].containerPort: Required value"
    );
    // A name containing dots renders like the equivalent chain of children.
    assert_eq!(
        Path::new("metadata.name").to_string(),
        meta.child("name").to_string()
    );
}

#[test]
fn marks_serialise_and_do_not_change_the_message() {
    let spec = Path::new("spec");
    let e = Error::invalid(
        &spec.child("replicas"),
        -1,
        "must be greater than or equal to 0",
    )
    .with_origin("minimum")
    .mark_covered_by_declarative()
    .mark_from_imperative()
    .mark_short_circuit()
    .mark_short_circuited_in_declarative()
    .mark_beta();
    check(
        &e,
        "spec.replicas: Invalid value: -1: must be greater than or equal to 0",
        json!({
            "type": "FieldValueInvalid", "field": "spec.replicas", "origin": "minimum",
            "detail": "must be greater than or equal to 0", "badValue": -1,
            "coveredByDeclarative": true, "fromImperative": true, "shortCircuit": true,
            "stage": "beta",
        }),
    );
    assert_eq!(
        serde_json::to_value(e.mark_alpha()).expect("serialises")["stage"],
        json!("alpha")
    );
}

#[test]
fn json_keys_come_in_contract_order() {
    let spec = Path::new("spec");
    let e = Error::invalid(
        &spec.child("replicas"),
        -1,
        "must be greater than or equal to 0",
    )
    .with_origin("minimum")
    .mark_covered_by_declarative()
    .mark_beta();
    assert_eq!(
        serde_json::to_string(&e).expect("serialises"),
        r#"{"type":"FieldValueInvalid","field":"spec.replicas","origin":"minimum","detail":"must be greater than or equal to 0","badValue":-1,"coveredByDeclarative":true,"fromImperative":false,"shortCircuit":false,"stage":"beta"}"#
    );
    let omitted = Error::too_many(&spec, -1, 2);
    assert_eq!(
        serde_json::to_string(&omitted).expect("serialises"),
        r#"{"type":"FieldValueTooMany","field":"spec","origin":"","detail":"must have at most 2 items","coveredByDeclarative":false,"fromImperative":false,"shortCircuit":false,"stage":""}"#
    );
}

#[test]
fn error_list_json_and_aggregate_message() {
    let a = Error::required(&Path::new("a"), "");
    let b = Error::forbidden(&Path::new("b"), "no");
    let list = ErrorList(vec![a.clone(), b.clone(), a.clone()]);
    assert_eq!(
        serde_json::to_value(&list).expect("serialises"),
        json!([
            plain("FieldValueRequired", "a", "", Some(json!(""))),
            plain("FieldValueForbidden", "b", "no", Some(json!(""))),
            plain("FieldValueRequired", "a", "", Some(json!(""))),
        ])
    );
    // ToAggregate drops repeated messages; one error prints bare, several in brackets.
    assert_eq!(list.to_string(), "[a: Required value, b: Forbidden: no]");
    assert_eq!(
        ErrorList(vec![a.clone(), a]).to_string(),
        "a: Required value"
    );
    assert_eq!(ErrorList::new().to_string(), "");
    assert_eq!(
        serde_json::to_value(ErrorList::new()).expect("serialises"),
        json!([])
    );
}

#[test]
fn json_round_trips() {
    let spec = Path::new("spec");
    let e = Error::not_supported(&spec.child("mode"), "foo", &["A"])
        .with_origin("enum")
        .mark_alpha()
        .mark_from_imperative();
    let back: Error =
        serde_json::from_value(serde_json::to_value(&e).expect("serialises")).expect("parses");
    assert_eq!(back, e);
}
