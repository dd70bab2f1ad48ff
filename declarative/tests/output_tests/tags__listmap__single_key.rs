//! Port of validation-gen's `output_tests/tags/listmap/single_key`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! list-maps (also a list typedef keyed at type level) with one key:
//! uniqueness (also of pointer keys), update
//! correlation by key, ratcheting.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{BadValue, Error, ErrorList, ErrorMatcher};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Struct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:listType=map
    /// +k8s:listMapKey=keyField
    /// +k8s:eachVal=+k8s:immutable
    list_field: Vec<OtherStruct>,

    /// +k8s:listType=map
    /// +k8s:listMapKey=keyField
    /// +k8s:eachVal=+k8s:immutable
    list_typedef_field: Vec<OtherTypedefStruct>,

    /// +k8s:eachVal=+k8s:immutable
    #[dv(typedef = "Vec<OtherStruct>")]
    typedef_field: ListType,

    /// +k8s:listType=map
    /// +k8s:listMapKey=keyField
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListComparableField[*]"
    list_comparable_field: Vec<OtherStruct>,

    /// +k8s:listType=map
    /// +k8s:listMapKey=keyField
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListNonComparableField[*]"
    list_non_comparable_field: Vec<NonComparableStruct>,

    /// +k8s:listType=map
    /// +k8s:listMapKey=keyField
    list_ptr_key_field: Vec<PtrKeyStruct>,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct OtherStruct {
    key_field: String,
    data_field: String,
}

/// Go's `type OtherTypedefStruct OtherStruct` (no tags of its own).
type OtherTypedefStruct = OtherStruct;

/// Go's `type ListType []OtherStruct`, a list typedef keyed at type level.
///
/// +k8s:validation-gen-nolint
/// +k8s:listType=map
/// +k8s:listMapKey=keyField
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct ListType(Vec<OtherStruct>);

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct NonComparableStruct {
    key_field: String,
    string_ptr_field: Option<String>,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct PtrKeyStruct {
    key_field: Option<String>,
    data_field: String,
}

fn o(k: &str, d: &str) -> OtherStruct {
    OtherStruct {
        key_field: k.into(),
        data_field: d.into(),
    }
}

fn nc(k: &str, d: &str) -> NonComparableStruct {
    NonComparableStruct {
        key_field: k.into(),
        string_ptr_field: Some(d.into()),
    }
}

/// `listField`, `listTypedefField` and `typedefField` all set to `items`.
fn lists(items: Vec<OtherStruct>) -> Struct {
    Struct {
        list_field: items.clone(),
        typedef_field: ListType(items.clone()),
        list_typedef_field: items,
        ..Default::default()
    }
}

fn immutable(list: &str, i: usize) -> Error {
    Error::invalid(&path(list).index(i), BadValue::Omitted, "immutable").with_origin("immutable")
}

fn immutable_matcher() -> ErrorMatcher {
    ErrorMatcher::default()
        .by_type()
        .by_field()
        .by_detail_substring()
        .by_origin()
}

#[test]
fn test_uniqueness() {
    value(lists(vec![
        o("key1", "one"),
        o("key2", "two"),
        o("key2", "two"),
    ]))
    .expect_matches(
        ErrorMatcher::default().by_type().by_field(),
        ErrorList(vec![
            Error::duplicate(&path("listField").index(2), BadValue::Omitted),
            Error::duplicate(&path("listTypedefField").index(2), BadValue::Omitted),
            Error::duplicate(&path("typedefField").index(2), BadValue::Omitted),
        ]),
    );
}

#[test]
fn test_update_correlation() {
    let struct_a1 = lists(vec![o("key1", "one"), o("key2", "two")]);
    // Same data, different order.
    let struct_a2 = lists(vec![o("key2", "two"), o("key1", "one")]);
    // Different data.
    let struct_b = lists(vec![o("key3", "THREE"), o("key1", "ONE"), o("key2", "TWO")]);

    value(struct_a1.clone())
        .old_value(struct_a2.clone())
        .expect_valid();
    value(struct_a2).old_value(struct_a1.clone()).expect_valid();

    value(struct_a1.clone())
        .old_value(struct_b.clone())
        .expect_matches(
            immutable_matcher(),
            ErrorList(vec![
                immutable("listField", 0),
                immutable("listField", 1),
                immutable("listTypedefField", 0),
                immutable("listTypedefField", 1),
                immutable("typedefField", 0),
                immutable("typedefField", 1),
            ]),
        );

    value(struct_b).old_value(struct_a1).expect_matches(
        immutable_matcher(),
        ErrorList(vec![
            immutable("listField", 0),
            immutable("listField", 1),
            immutable("listField", 2),
            immutable("listTypedefField", 0),
            immutable("listTypedefField", 1),
            immutable("listTypedefField", 2),
            immutable("typedefField", 0),
            immutable("typedefField", 1),
            immutable("typedefField", 2),
        ]),
    );
}

#[test]
fn test_ratcheting() {
    let struct1 = Struct {
        list_comparable_field: vec![o("key1", "one"), o("key2", "two")],
        list_non_comparable_field: vec![nc("key1", "one"), nc("key2", "two")],
        ..Default::default()
    };
    // Same data, different order.
    let struct2 = Struct {
        list_comparable_field: vec![o("key2", "two"), o("key1", "one")],
        list_non_comparable_field: vec![nc("key2", "two"), nc("key1", "one")],
        ..Default::default()
    };
    value(struct1.clone()).expect_validate_false_by_path(&[
        (
            "listComparableField[0]",
            &["field Struct.ListComparableField[*]"],
        ),
        (
            "listComparableField[1]",
            &["field Struct.ListComparableField[*]"],
        ),
        (
            "listNonComparableField[0]",
            &["field Struct.ListNonComparableField[*]"],
        ),
        (
            "listNonComparableField[1]",
            &["field Struct.ListNonComparableField[*]"],
        ),
    ]);
    value(struct1.clone())
        .old_value(struct2.clone())
        .expect_valid();
    value(struct2).old_value(struct1).expect_valid();
}

#[test]
fn test_uniqueness_ptr_key() {
    let pk = |k: Option<&str>, d: &str| PtrKeyStruct {
        key_field: k.map(Into::into),
        data_field: d.into(),
    };
    value(Struct {
        list_ptr_key_field: vec![
            pk(Some("key1"), "one"),
            pk(Some("key2"), "two"),
            pk(Some("key2"), "three"), // duplicate key
            pk(None, "four"),
            pk(None, "five"), // duplicate nil key
        ],
        ..Default::default()
    })
    .expect_matches(
        ErrorMatcher::default().by_type().by_field(),
        ErrorList(vec![
            Error::duplicate(&path("listPtrKeyField").index(2), BadValue::Omitted),
            Error::duplicate(&path("listPtrKeyField").index(4), BadValue::Omitted),
        ]),
    );
}
