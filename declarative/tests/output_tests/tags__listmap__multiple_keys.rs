//! Port of validation-gen's `output_tests/tags/listmap/multiple_keys`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! list-maps (also a list typedef keyed at type level) with two keys:
//! uniqueness, update correlation by key, ratcheting, pointer keys in
//! `+k8s:item` selectors.

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
    /// +k8s:listMapKey=key1Field
    /// +k8s:listMapKey=key2Field
    /// +k8s:eachVal=+k8s:immutable
    list_field: Vec<OtherStruct>,

    /// +k8s:listType=map
    /// +k8s:listMapKey=key1Field
    /// +k8s:listMapKey=key2Field
    /// +k8s:eachVal=+k8s:immutable
    list_typedef_field: Vec<OtherTypedefStruct>,

    /// +k8s:eachVal=+k8s:immutable
    #[dv(typedef = "Vec<OtherStruct>")]
    typedef_field: ListType,

    /// +k8s:listType=map
    /// +k8s:listMapKey=key1Field
    /// +k8s:listMapKey=key2Field
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListComparableField[*]"
    list_comparable_field: Vec<OtherStruct>,

    /// +k8s:listType=map
    /// +k8s:listMapKey=key1Field
    /// +k8s:listMapKey=key2Field
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListNonComparableField[*]"
    list_non_comparable_field: Vec<NonComparableStruct>,

    /// +k8s:listType=map
    /// +k8s:listMapKey=key1Field
    /// +k8s:listMapKey=key2Field
    /// +k8s:item(key1Field: "target-ptr", key2Field: 42)=+k8s:validateFalse="item ListPtrKeyField[key1Field=target-ptr,key2Field=42]"
    list_ptr_key_field: Vec<PtrKeyStruct>,

    /// +k8s:listType=map
    /// +k8s:listMapKey=stringPtrKey
    /// +k8s:listMapKey=stringKey
    /// +k8s:item(stringPtrKey: "target-ptr", stringKey: "target")=+k8s:validateFalse="item ListMixedPtrKeyField"
    list_mixed_ptr_key_field: Vec<MixedPtrKeyStruct>,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct OtherStruct {
    key1_field: String,
    key2_field: i64,
    data_field: String,
}

/// Go's `type OtherTypedefStruct OtherStruct` (no tags of its own).
type OtherTypedefStruct = OtherStruct;

/// Go's `type ListType []OtherStruct`, a list typedef keyed at type level.
///
/// +k8s:validation-gen-nolint
/// +k8s:listType=map
/// +k8s:listMapKey=key1Field
/// +k8s:listMapKey=key2Field
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct ListType(Vec<OtherStruct>);

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct NonComparableStruct {
    key1_field: String,
    key2_field: i64,
    data_field: Vec<String>,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct PtrKeyStruct {
    key1_field: Option<String>,
    key2_field: i64,
    data_field: String,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct MixedPtrKeyStruct {
    string_ptr_key: Option<String>,
    string_key: String,
    data_field: String,
}

fn o(k1: &str, k2: i64, d: &str) -> OtherStruct {
    OtherStruct {
        key1_field: k1.into(),
        key2_field: k2,
        data_field: d.into(),
    }
}

fn nc(k1: &str, k2: i64, d: &str) -> NonComparableStruct {
    NonComparableStruct {
        key1_field: k1.into(),
        key2_field: k2,
        data_field: vec![d.into()],
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
        o("key1", 1, "one"), // unique
        o("key2", 2, "two"), // dup
        o("key2", 2, "two"),
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
    let struct_a1 = lists(vec![o("key1", 1, "one"), o("key2", 2, "two")]);
    // Same data, different order.
    let struct_a2 = lists(vec![o("key2", 2, "two"), o("key1", 1, "one")]);
    // Different data.
    let struct_b = lists(vec![
        o("key3", 3, "THREE"),
        o("key1", 1, "ONE"),
        o("key2", 2, "TWO"),
    ]);

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
        list_comparable_field: vec![o("key1", 1, "one"), o("key2", 2, "two")],
        list_non_comparable_field: vec![nc("key1", 1, "one"), nc("key2", 2, "two")],
        ..Default::default()
    };
    // Same data, different order.
    let struct2 = Struct {
        list_comparable_field: vec![o("key2", 2, "two"), o("key1", 1, "one")],
        list_non_comparable_field: vec![nc("key2", 2, "two"), nc("key1", 1, "one")],
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
fn test_item_with_ptr_key() {
    let pk = |k1: Option<&str>, k2: i64, d: &str| PtrKeyStruct {
        key1_field: k1.map(Into::into),
        key2_field: k2,
        data_field: d.into(),
    };
    value(Struct {
        list_ptr_key_field: vec![
            pk(Some("target-ptr"), 42, "match"),
            pk(Some("target-ptr"), 99, "no match, int differs"),
            pk(Some("other"), 42, "no match, string differs"),
            pk(None, 42, "no match, nil string"),
        ],
        ..Default::default()
    })
    .expect_validate_false_by_path(&[(
        "listPtrKeyField[0]",
        &["item ListPtrKeyField[key1Field=target-ptr,key2Field=42]"],
    )]);

    value(Struct {
        list_ptr_key_field: vec![pk(Some("other"), 42, "d1"), pk(None, 99, "d2")],
        ..Default::default()
    })
    .expect_valid();

    let mk = |p: Option<&str>, s: &str, d: &str| MixedPtrKeyStruct {
        string_ptr_key: p.map(Into::into),
        string_key: s.into(),
        data_field: d.into(),
    };
    value(Struct {
        list_mixed_ptr_key_field: vec![
            mk(Some("target-ptr"), "target", "match"),
            mk(Some("target-ptr"), "other", "no match"),
            mk(None, "target", "no match"),
        ],
        ..Default::default()
    })
    .expect_validate_false_by_path(&[("listMixedPtrKeyField[0]", &["item ListMixedPtrKeyField"])]);
}
