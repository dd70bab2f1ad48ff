//! Port of `cmd/validation-gen/output_tests/tags/opaque`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::value;
use apimachinery::Validate;
use std::collections::BTreeMap;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:validateFalse="field Struct.StructField"
    #[serde(rename = "structField")]
    struct_field: OtherStruct,
    /// +k8s:validateFalse="field Struct.StructPtrField"
    /// +k8s:required
    #[serde(rename = "structPtrField")]
    struct_ptr_field: Option<OtherStruct>,
    /// +k8s:validateFalse="field Struct.OpaqueStructField"
    /// +k8s:opaqueType
    #[serde(rename = "opaqueStructField")]
    opaque_struct_field: OtherStruct,
    /// +k8s:validateFalse="field Struct.OpaqueStructPtrField"
    /// +k8s:required
    /// +k8s:opaqueType
    #[serde(rename = "opaqueStructPtrField")]
    opaque_struct_ptr_field: Option<OtherStruct>,
    /// +k8s:validateFalse="field Struct.SliceOfStructField"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.SliceOfStructField vals"
    #[serde(rename = "sliceOfStructField")]
    slice_of_struct_field: Vec<OtherStruct>,
    /// +k8s:validateFalse="field Struct.SliceOfOpaqueStructField"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.SliceOfOpaqueStructField vals"
    /// +k8s:eachVal=+k8s:opaqueType
    #[serde(rename = "sliceOfOpaqueStructField")]
    slice_of_opaque_struct_field: Vec<OtherStruct>,
    /// +k8s:validateFalse="field Struct.ListMapOfStructField"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListMapOfStructField vals"
    /// +k8s:listType=map
    /// +k8s:listMapKey=stringField
    #[serde(rename = "listMapOfStructField")]
    list_map_of_struct_field: Vec<OtherStruct>,
    /// +k8s:validateFalse="field Struct.ListMapOfOpaqueStructField"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListMapOfOpaqueStructField vals"
    /// +k8s:listType=map
    /// +k8s:listMapKey=stringField
    /// +k8s:eachVal=+k8s:opaqueType
    #[serde(rename = "listMapOfOpaqueStructField")]
    list_map_of_opaque_struct_field: Vec<OtherStruct>,
    /// +k8s:validateFalse="field Struct.MapOfStringToStructField"
    /// +k8s:eachKey=+k8s:validateFalse="field Struct.MapOfStringToStructField keys"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.MapOfStringToStructField vals"
    #[serde(rename = "mapOfStringToStructField")]
    map_of_string_to_struct_field: BTreeMap<OtherString, OtherStruct>,
    /// +k8s:validateFalse="field Struct.MapOfStringToOpaqueStructField"
    /// +k8s:eachKey=+k8s:validateFalse="field Struct.MapOfStringToOpaqueStructField keys"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.MapOfStringToOpaqueStructField vals"
    /// +k8s:eachKey=+k8s:opaqueType
    /// +k8s:eachVal=+k8s:opaqueType
    #[serde(rename = "mapOfStringToOpaqueStructField")]
    map_of_string_to_opaque_struct_field: BTreeMap<OtherString, OtherStruct>,
}

/// +k8s:validateFalse="type OtherStruct"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct OtherStruct {
    /// +k8s:validateFalse="field OtherStruct.StringField"
    #[serde(rename = "stringField")]
    string_field: String,
}

// Fields with the opaque markers and no field validations: no validation
// is generated for them.
/// +k8s:validateTrue="type OpaqueFieldsStruct"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct OpaqueFieldsStruct {
    /// +k8s:opaqueType
    #[serde(flatten)]
    other_struct: OtherStruct,
    /// +k8s:eachVal=+k8s:opaqueType
    #[serde(rename = "opaqueSliceField")]
    opaque_slice_field: Vec<OtherStruct>,
    /// +k8s:eachKey=+k8s:opaqueType
    /// +k8s:eachVal=+k8s:opaqueType
    #[serde(rename = "opaqueMapField")]
    opaque_map_field: BTreeMap<OtherString, OtherStruct>,
    #[serde(rename = "typedefOpaqueStructField")]
    typedef_opaque_struct_field: TypedefOpaqueStruct,
    #[serde(rename = "typedefOpaqueSliceField")]
    typedef_opaque_slice_field: TypedefOpaqueSlice,
    #[serde(rename = "typedefOpaqueMapField")]
    typedef_opaque_map_field: TypedefOpaqueMap,
    /// +k8s:opaqueType
    #[serde(rename = "isolatedOpaqueStructField")]
    isolated_opaque_struct_field: OtherStruct,
}

/// +k8s:validateFalse="type OtherString"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Eq, PartialOrd, Ord, Clone, Default)]
#[serde(transparent)]
struct OtherString(String);

impl AsRef<str> for OtherString {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

/// +k8s:opaqueType
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct TypedefOpaqueStruct {
    /// +k8s:required
    #[serde(rename = "stringField")]
    string_field: String,
}

/// +k8s:eachVal=+k8s:opaqueType
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct TypedefOpaqueSlice(Vec<OtherStruct>);

/// +k8s:eachKey=+k8s:opaqueType
/// +k8s:eachVal=+k8s:opaqueType
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct TypedefOpaqueMap(BTreeMap<OtherString, OtherStruct>);

/// +k8s:validateTrue="type TypedefSliceOther"
/// +k8s:eachVal=+k8s:opaqueType
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
#[allow(dead_code)]
struct TypedefSliceOther(Vec<OtherStruct>);

/// +k8s:validateTrue="type TypedefMapOther"
/// +k8s:eachKey=+k8s:opaqueType
/// +k8s:eachVal=+k8s:opaqueType
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
#[allow(dead_code)]
struct TypedefMapOther(BTreeMap<OtherString, OtherStruct>);

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct NoValidationStruct {
    #[serde(rename = "stringField")]
    string_field: String,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Eq, PartialOrd, Ord, Clone, Default)]
#[serde(transparent)]
struct NoValidationString(String);

impl AsRef<str> for NoValidationString {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

// When a type, key or value is opaque and its type has no validation, no
// validation calls are emitted.
/// +k8s:validateTrue="type OpaqueNoValidationFieldsStruct"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct OpaqueNoValidationFieldsStruct {
    /// +k8s:opaqueType
    #[serde(flatten)]
    no_validation_struct: NoValidationStruct,
    /// +k8s:eachVal=+k8s:opaqueType
    #[serde(rename = "opaqueSliceField")]
    opaque_slice_field: Vec<NoValidationStruct>,
    /// +k8s:eachKey=+k8s:opaqueType
    /// +k8s:eachVal=+k8s:opaqueType
    #[serde(rename = "opaqueMapField")]
    opaque_map_field: BTreeMap<NoValidationString, NoValidationStruct>,
    /// +k8s:opaqueType
    #[serde(rename = "isolatedOpaqueStructField")]
    isolated_opaque_struct_field: NoValidationStruct,
}

/// +k8s:opaqueType
/// +k8s:validateFalse="type OpaqueStructWithValidation"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct OpaqueStructWithValidation {
    /// +k8s:validateFalse="field OpaqueStructWithValidation.StringField"
    #[serde(rename = "stringField")]
    string_field: String,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct BaseStruct {
    /// +k8s:validateFalse="field BaseStruct.Field"
    #[serde(rename = "field")]
    field: String,
}

// Go's `type OpaqueAliasWithValidation BaseStruct`: a struct type of its own
// with BaseStruct's fields (and their tags).
/// +k8s:opaqueType
/// +k8s:validateFalse="type OpaqueAliasWithValidation"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct OpaqueAliasWithValidation {
    /// +k8s:validateFalse="field BaseStruct.Field"
    #[serde(rename = "field")]
    field: String,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct ParentWithOpaqueAliasWithValidation {
    #[serde(rename = "typeMeta")]
    type_meta: i64,
    #[serde(rename = "field")]
    field: OpaqueAliasWithValidation,
}

fn other(s: &str) -> OtherStruct {
    OtherStruct {
        string_field: s.into(),
    }
}

fn ab() -> BTreeMap<OtherString, OtherStruct> {
    [
        (OtherString("a".into()), other("foo")),
        (OtherString("b".into()), other("bar")),
    ]
    .into()
}

#[test]
fn test() {
    value(Struct {
        struct_field: other(""),
        struct_ptr_field: Some(other("")),
        opaque_struct_field: other(""),
        opaque_struct_ptr_field: Some(other("")),
        slice_of_struct_field: vec![other(""), other("")],
        slice_of_opaque_struct_field: vec![other(""), other("")],
        list_map_of_struct_field: vec![other("foo"), other("bar")],
        list_map_of_opaque_struct_field: vec![other("foo"), other("bar")],
        map_of_string_to_struct_field: ab(),
        map_of_string_to_opaque_struct_field: ab(),
    })
    .expect_validate_false_by_path(&[
        (
            "structField",
            &["field Struct.StructField", "type OtherStruct"],
        ),
        (
            "structPtrField",
            &["field Struct.StructPtrField", "type OtherStruct"],
        ),
        (
            "structField.stringField",
            &["field OtherStruct.StringField"],
        ),
        (
            "structPtrField.stringField",
            &["field OtherStruct.StringField"],
        ),
        ("opaqueStructField", &["field Struct.OpaqueStructField"]),
        (
            "opaqueStructPtrField",
            &["field Struct.OpaqueStructPtrField"],
        ),
        ("sliceOfStructField", &["field Struct.SliceOfStructField"]),
        (
            "sliceOfStructField[0]",
            &["field Struct.SliceOfStructField vals", "type OtherStruct"],
        ),
        (
            "sliceOfStructField[0].stringField",
            &["field OtherStruct.StringField"],
        ),
        (
            "sliceOfStructField[1]",
            &["field Struct.SliceOfStructField vals", "type OtherStruct"],
        ),
        (
            "sliceOfStructField[1].stringField",
            &["field OtherStruct.StringField"],
        ),
        (
            "sliceOfOpaqueStructField",
            &["field Struct.SliceOfOpaqueStructField"],
        ),
        (
            "sliceOfOpaqueStructField[0]",
            &["field Struct.SliceOfOpaqueStructField vals"],
        ),
        (
            "sliceOfOpaqueStructField[1]",
            &["field Struct.SliceOfOpaqueStructField vals"],
        ),
        (
            "listMapOfStructField",
            &["field Struct.ListMapOfStructField"],
        ),
        (
            "listMapOfStructField[0]",
            &["field Struct.ListMapOfStructField vals", "type OtherStruct"],
        ),
        (
            "listMapOfStructField[0].stringField",
            &["field OtherStruct.StringField"],
        ),
        (
            "listMapOfStructField[1]",
            &["field Struct.ListMapOfStructField vals", "type OtherStruct"],
        ),
        (
            "listMapOfStructField[1].stringField",
            &["field OtherStruct.StringField"],
        ),
        (
            "listMapOfOpaqueStructField",
            &["field Struct.ListMapOfOpaqueStructField"],
        ),
        (
            "listMapOfOpaqueStructField[0]",
            &["field Struct.ListMapOfOpaqueStructField vals"],
        ),
        (
            "listMapOfOpaqueStructField[1]",
            &["field Struct.ListMapOfOpaqueStructField vals"],
        ),
        (
            "mapOfStringToStructField",
            &[
                "field Struct.MapOfStringToStructField",
                "field Struct.MapOfStringToStructField keys",
                "field Struct.MapOfStringToStructField keys",
                "type OtherString",
                "type OtherString",
            ],
        ),
        (
            "mapOfStringToStructField[a]",
            &[
                "field Struct.MapOfStringToStructField vals",
                "type OtherStruct",
            ],
        ),
        (
            "mapOfStringToStructField[a].stringField",
            &["field OtherStruct.StringField"],
        ),
        (
            "mapOfStringToStructField[b]",
            &[
                "field Struct.MapOfStringToStructField vals",
                "type OtherStruct",
            ],
        ),
        (
            "mapOfStringToStructField[b].stringField",
            &["field OtherStruct.StringField"],
        ),
        (
            "mapOfStringToOpaqueStructField",
            &[
                "field Struct.MapOfStringToOpaqueStructField",
                "field Struct.MapOfStringToOpaqueStructField keys",
                "field Struct.MapOfStringToOpaqueStructField keys",
            ],
        ),
        (
            "mapOfStringToOpaqueStructField[a]",
            &["field Struct.MapOfStringToOpaqueStructField vals"],
        ),
        (
            "mapOfStringToOpaqueStructField[b]",
            &["field Struct.MapOfStringToOpaqueStructField vals"],
        ),
    ]);

    value(Struct {
        list_map_of_struct_field: vec![other("foo"), other("foo")],
        list_map_of_opaque_struct_field: vec![other("foo"), other("foo")],
        ..Default::default()
    })
    .expect_validate_false_by_path(&[
        (
            "structField",
            &["field Struct.StructField", "type OtherStruct"],
        ),
        (
            "structField.stringField",
            &["field OtherStruct.StringField"],
        ),
        ("opaqueStructField", &["field Struct.OpaqueStructField"]),
        (
            "listMapOfStructField",
            &["field Struct.ListMapOfStructField"],
        ),
        (
            "listMapOfStructField[0]",
            &["field Struct.ListMapOfStructField vals", "type OtherStruct"],
        ),
        (
            "listMapOfStructField[0].stringField",
            &["field OtherStruct.StringField"],
        ),
        (
            "listMapOfStructField[1]",
            &["field Struct.ListMapOfStructField vals", "type OtherStruct"],
        ),
        (
            "listMapOfStructField[1].stringField",
            &["field OtherStruct.StringField"],
        ),
        (
            "listMapOfOpaqueStructField",
            &["field Struct.ListMapOfOpaqueStructField"],
        ),
        (
            "listMapOfOpaqueStructField[0]",
            &["field Struct.ListMapOfOpaqueStructField vals"],
        ),
        (
            "listMapOfOpaqueStructField[1]",
            &["field Struct.ListMapOfOpaqueStructField vals"],
        ),
        (
            "mapOfStringToOpaqueStructField",
            &["field Struct.MapOfStringToOpaqueStructField"],
        ),
        (
            "mapOfStringToStructField",
            &["field Struct.MapOfStringToStructField"],
        ),
        (
            "sliceOfOpaqueStructField",
            &["field Struct.SliceOfOpaqueStructField"],
        ),
        ("sliceOfStructField", &["field Struct.SliceOfStructField"]),
    ]);

    value(OtherString("foo".into())).expect_validate_false_by_path(&[("", &["type OtherString"])]);

    value(OtherStruct::default()).expect_validate_false_by_path(&[
        ("", &["type OtherStruct"]),
        ("stringField", &["field OtherStruct.StringField"]),
    ]);

    value(OpaqueFieldsStruct {
        other_struct: other("foo"),
        opaque_slice_field: vec![other("foo")],
        opaque_map_field: [(OtherString("a".into()), other("foo"))].into(),
        typedef_opaque_struct_field: TypedefOpaqueStruct {
            string_field: "foo".into(),
        },
        typedef_opaque_slice_field: TypedefOpaqueSlice(vec![other("foo")]),
        typedef_opaque_map_field: TypedefOpaqueMap(
            [(OtherString("a".into()), other("foo"))].into(),
        ),
        isolated_opaque_struct_field: other("foo"),
    })
    .expect_valid();

    let nv = || NoValidationStruct {
        string_field: "foo".into(),
    };
    value(OpaqueNoValidationFieldsStruct {
        no_validation_struct: nv(),
        opaque_slice_field: vec![nv()],
        opaque_map_field: [(NoValidationString("a".into()), nv())].into(),
        isolated_opaque_struct_field: nv(),
    })
    .expect_valid();

    value(OpaqueStructWithValidation {
        string_field: "foo".into(),
    })
    .expect_validate_false_by_path(&[("", &["type OpaqueStructWithValidation"])]);

    value(ParentWithOpaqueAliasWithValidation {
        field: OpaqueAliasWithValidation {
            field: "foo".into(),
        },
        ..Default::default()
    })
    .expect_validate_false_by_path(&[("field", &["type OpaqueAliasWithValidation"])]);

    value(OpaqueAliasWithValidation {
        field: "foo".into(),
    })
    .expect_validate_false_by_path(&[("", &["type OpaqueAliasWithValidation"])]);

    value(BaseStruct {
        field: "foo".into(),
    })
    .expect_validate_false_by_path(&[("field", &["field BaseStruct.Field"])]);
}
