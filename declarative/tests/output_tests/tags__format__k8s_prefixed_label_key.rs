//! Port of `cmd/validation-gen/output_tests/tags/format/k8s-prefixed-label-key`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:format=k8s-prefixed-label-key
    #[serde(rename = "prefixedLabelKeyField")]
    field: String,
    /// +k8s:format=k8s-prefixed-label-key
    #[serde(rename = "prefixedLabelKeyPtrField")]
    ptr_field: Option<String>,
    // Note: no validation here.
    #[serde(rename = "prefixedLabelKeyTypedefField")]
    typedef_field: PrefixedLabelKeyStringType,
}

/// +k8s:validation-gen-nolint
/// +k8s:format=k8s-prefixed-label-key
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct PrefixedLabelKeyStringType(String);

fn mk(a: &str, b: &str, c: &str) -> Struct {
    Struct {
        field: a.to_string(),
        ptr_field: Some(b.to_string()),
        typedef_field: PrefixedLabelKeyStringType(c.to_string()),
    }
}

/// The three fields' format errors (details `da`, `db`, `dc`).
fn invalid(a: &str, b: &str, c: &str, d: [&str; 3]) -> ErrorList {
    let o = "format=k8s-prefixed-label-key";
    ErrorList(vec![
        Error::invalid(&path("prefixedLabelKeyField"), a, d[0].to_owned()).with_origin(o),
        Error::invalid(&path("prefixedLabelKeyPtrField"), b, d[1].to_owned()).with_origin(o),
        Error::invalid(&path("prefixedLabelKeyTypedefField"), c, d[2].to_owned()).with_origin(o),
    ])
}

fn matcher() -> ErrorMatcher {
    ErrorMatcher::default().by_type().by_field().by_origin()
}

#[test]
fn test() {
    for s in [
        String::from("simple.com/simple"),
        String::from("now-with-dashes.com/simple"),
        String::from("now.with.dots.com/simple"),
        String::from("now-with.dashes-and.dots.com/simple"),
        String::from("1-num.2-num.com/3-num"),
        String::from("1234.com/5678"),
        String::from("1.2.3.4/5678"),
        String::from("example.com/Uppercase_Is_OK_123"),
        "a".repeat(253) + "/" + &"b".repeat(63),
    ] {
        let s: &str = &s;
        value(mk(s, s, s)).expect_valid();
    }
    for s in [
        String::from("simple"),
        String::from("now-with-dashes"),
        String::from("1-starts-with-num"),
        String::from("1234"),
        String::from("Uppercase_Is_OK_123"),
        String::from("requests.storage-foo"),
        "a".repeat(63),
        String::from("nospecialchars%^=@"),
        String::from("cantendwithadash-"),
        String::from("-cantstartwithadash-"),
        String::from("only/one/slash"),
        String::from("Example.com/abc"),
        String::from("example_com/abc"),
        String::from("example.com/"),
        String::from("/simple"),
        "a".repeat(64),
        "a".repeat(254) + "/abc",
    ] {
        let s: &str = &s;
        let v = mk(s, s, s);
        value(v.clone()).expect_matches(matcher(), invalid(s, s, s, ["", "", ""]));
    }
}
