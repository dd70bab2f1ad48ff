//! Port of `cmd/validation-gen/output_tests/cross_pkg`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test (`+k8s:validation-gen=*`: `T1`) of a type whose
//! fields use types of other Go packages: `output_tests/primitives`,
//! `output_tests/typedefs` (both validated there) and
//! `output_tests/_codegenignore/other` (validated there, but every use here
//! is `+k8s:opaqueType`, so its failures must not show). Those packages'
//! types are ported as the submodules [`primitives`], [`typedefs`] and
//! [`other`] (same commit). The commented-out Go typedefs at the end of the
//! package (`TypedefSliceOther`, `TypedefMapOther`) are not ported either.

#![allow(non_snake_case)]

use crate::support::value;
use apimachinery::Validate;
use std::collections::BTreeMap;

/// Port of the types of `cmd/validation-gen/output_tests/primitives`.
mod primitives {
    use apimachinery::Validate;

    /// +k8s:validation-gen-nolint
    #[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
    pub(crate) struct T1 {
        #[serde(rename = "TypeMeta")]
        pub(crate) type_meta: i64,

        /// +k8s:validateFalse="field T1.S"
        #[serde(rename = "s")]
        pub(crate) s: String,
        /// +k8s:validateFalse="field T1.I"
        #[serde(rename = "i")]
        pub(crate) i: i64,
        /// +k8s:validateFalse="field T1.B"
        #[serde(rename = "b")]
        pub(crate) b: bool,
        /// +k8s:validateFalse="field T1.F"
        #[serde(rename = "f")]
        pub(crate) f: f64,

        /// +k8s:validateFalse="field T1.T2"
        #[serde(rename = "t2")]
        pub(crate) t2: T2,

        // No internal validations.
        #[serde(rename = "t3")]
        pub(crate) t3: T3,

        // Duplicate types with no validation.
        #[serde(rename = "anothers")]
        pub(crate) another_s: String,
        #[serde(rename = "anotheri")]
        pub(crate) another_i: i64,
        #[serde(rename = "anotherb")]
        pub(crate) another_b: bool,
        #[serde(rename = "anotherf")]
        pub(crate) another_f: f64,
        #[serde(rename = "anothert2")]
        pub(crate) another_t2: T2,
    }

    // Note: This has validations and is linked into the type-graph of T1.
    /// +k8s:validation-gen-nolint
    #[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
    pub(crate) struct T2 {
        /// +k8s:validateFalse="field T2.S"
        #[serde(rename = "s")]
        pub(crate) s: String,
        /// +k8s:validateFalse="field T2.I"
        #[serde(rename = "i")]
        pub(crate) i: i64,
        /// +k8s:validateFalse="field T2.B"
        #[serde(rename = "b")]
        pub(crate) b: bool,
        /// +k8s:validateFalse="field T2.F"
        #[serde(rename = "f")]
        pub(crate) f: f64,
    }

    // Note: This has no validations and is linked into the type-graph of T1.
    /// +k8s:validation-gen-nolint
    #[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
    pub(crate) struct T3 {
        #[serde(rename = "s")]
        pub(crate) s: String,
        #[serde(rename = "i")]
        pub(crate) i: i64,
        #[serde(rename = "b")]
        pub(crate) b: bool,
        #[serde(rename = "f")]
        pub(crate) f: f64,
    }

    // T4 and T5 are neither root types of that package nor linked into a
    // root type's graph: no validators, and not used here.
}

/// Port of the types of `cmd/validation-gen/output_tests/typedefs`. Go's
/// `type E3 E1` and `type E4 T2` are distinct types with the underlying
/// type's fields (and field tags) but only their own type-level tags.
mod typedefs {
    use apimachinery::Validate;

    /// +k8s:validateFalse="type E1"
    /// +k8s:validation-gen-nolint
    #[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
    #[serde(transparent)]
    pub(crate) struct E1(pub(crate) String);

    /// +k8s:validateFalse="type E2"
    /// +k8s:validation-gen-nolint
    #[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
    #[serde(transparent)]
    pub(crate) struct E2(pub(crate) i64);

    /// +k8s:validateFalse="type E3"
    /// +k8s:validation-gen-nolint
    #[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
    #[serde(transparent)]
    pub(crate) struct E3(pub(crate) String);

    /// +k8s:validateFalse="type E4"
    /// +k8s:validation-gen-nolint
    #[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
    pub(crate) struct E4 {
        /// +k8s:validateFalse="field T2.S"
        #[serde(rename = "s")]
        pub(crate) s: String,
    }

    // The package's T1 and T2 are not used by `cross_pkg`.
}

/// Port of the types of `cmd/validation-gen/output_tests/_codegenignore/other`.
mod other {
    use apimachinery::Validate;

    /// +k8s:validateFalse="you should not see this outside of this pkg"
    /// +k8s:validation-gen-nolint
    #[derive(Validate, serde::Serialize, PartialEq, Eq, PartialOrd, Ord, Hash, Clone, Default)]
    #[serde(transparent)]
    pub(crate) struct StringType(pub(crate) String);

    // Map keys of `+k8s:eachVal` maps render through `AsRef<str>`.
    impl AsRef<str> for StringType {
        fn as_ref(&self) -> &str {
            &self.0
        }
    }

    /// +k8s:validateFalse="you should not see this outside of this pkg"
    /// +k8s:validation-gen-nolint
    #[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
    #[serde(transparent)]
    pub(crate) struct IntType(pub(crate) i64);

    /// +k8s:validateFalse="you should not see this outside of this pkg"
    /// +k8s:validation-gen-nolint
    #[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
    pub(crate) struct StructType {
        /// +k8s:validateFalse="you should not see this outside of this pkg"
        #[serde(rename = "stringField")]
        pub(crate) string_field: String,
    }
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T1 {
    #[serde(rename = "TypeMeta")]
    type_meta: i64,

    /// +k8s:validateTrue="field T1.PrimitivesT1"
    #[serde(rename = "primitivest1")]
    primitives_t1: primitives::T1,
    /// +k8s:validateTrue="field T1.PrimitivesT1Ptr"
    #[serde(rename = "primitivest1Ptr")]
    primitives_t1_ptr: Option<primitives::T1>,
    /// +k8s:validateTrue="field T1.PrimitivesT2"
    #[serde(rename = "primitivest2")]
    primitives_t2: primitives::T2,
    /// +k8s:validateTrue="field T1.PrimitivesT2Ptr"
    #[serde(rename = "primitivest2Ptr")]
    primitives_t2_ptr: Option<primitives::T1>,
    /// +k8s:validateTrue="field T1.PrimitivesT3"
    #[serde(rename = "primitivest3")]
    primitives_t3: primitives::T3,
    /// +k8s:validateTrue="field T1.PrimitivesT3Ptr"
    #[serde(rename = "primitivest3Ptr")]
    primitives_t3_ptr: Option<primitives::T1>,

    /// +k8s:validateTrue="field T1.TypedefsE1"
    #[serde(rename = "typedefse1")]
    typedefs_e1: typedefs::E1,
    /// +k8s:validateTrue="field T1.TypedefsE1Ptr"
    #[serde(rename = "typedefse1Ptr")]
    typedefs_e1_ptr: Option<typedefs::E1>,
    /// +k8s:validateTrue="field T1.TypedefsE2"
    #[serde(rename = "typedefse2")]
    typedefs_e2: typedefs::E2,
    /// +k8s:validateTrue="field T1.TypedefsE2Ptr"
    #[serde(rename = "typedefse2Ptr")]
    typedefs_e2_ptr: Option<typedefs::E2>,
    /// +k8s:validateTrue="field T1.TypedefsE3"
    #[serde(rename = "typedefse3")]
    typedefs_e3: typedefs::E3,
    /// +k8s:validateTrue="field T1.TypedefsE3Ptr"
    #[serde(rename = "typedefse3Ptr")]
    typedefs_e3_ptr: Option<typedefs::E3>,
    /// +k8s:validateTrue="field T1.TypedefsE4"
    #[serde(rename = "typedefse4")]
    typedefs_e4: typedefs::E4,
    /// +k8s:validateTrue="field T1.TypedefsE4Ptr"
    #[serde(rename = "typedefse4Ptr")]
    typedefs_e4_ptr: Option<typedefs::E4>,

    /// +k8s:validateTrue="field T1.OtherString"
    /// +k8s:opaqueType
    #[serde(rename = "otherString")]
    other_string: other::StringType,
    /// +k8s:validateTrue="field T1.OtherStringPtr"
    /// +k8s:opaqueType
    #[serde(rename = "otherStringPtr")]
    other_string_ptr: Option<other::StringType>,
    /// +k8s:validateTrue="field T1.OtherInt"
    /// +k8s:opaqueType
    #[serde(rename = "otherInt")]
    other_int: other::IntType,
    /// +k8s:validateTrue="field T1.OtherIntPtr"
    /// +k8s:opaqueType
    #[serde(rename = "otherIntPtr")]
    other_int_ptr: Option<other::IntType>,
    /// +k8s:validateTrue="field T1.OtherStruct"
    /// +k8s:opaqueType
    #[serde(rename = "otherStruct")]
    other_struct: other::StructType,
    /// +k8s:validateTrue="field T1.OtherStructPtr"
    /// +k8s:opaqueType
    #[serde(rename = "otherStructPtr")]
    other_struct_ptr: Option<other::StructType>,

    /// +k8s:validateTrue="field T1.SliceOfOtherStruct"
    /// +k8s:eachVal=+k8s:validateTrue="field T1.SliceOfOtherStruct values"
    /// +k8s:eachVal=+k8s:opaqueType
    #[serde(rename = "sliceOfOtherStruct")]
    slice_of_other_struct: Vec<other::StructType>,

    /// +k8s:validateTrue="field T1.ListMapOfOtherStruct"
    /// +k8s:eachVal=+k8s:validateTrue="field T1.SliceOfOtherStruct values"
    /// +k8s:listType=map
    /// +k8s:listMapKey=stringField
    /// +k8s:eachVal=+k8s:opaqueType
    #[serde(rename = "listMapOfOtherStruct")]
    list_map_of_other_struct: Vec<other::StructType>,

    /// +k8s:validateTrue="field T1.MapOfOtherStringToOtherStruct"
    /// +k8s:eachKey=+k8s:validateTrue="field T1.MapOfOtherStringToOtherStruct keys"
    /// +k8s:eachVal=+k8s:validateTrue="field T1.MapOfOtherStringToOtherStruct values"
    /// +k8s:eachKey=+k8s:opaqueType
    /// +k8s:eachVal=+k8s:opaqueType
    #[serde(rename = "mapOfOtherStringToOtherStruct")]
    map_of_other_string_to_other_struct: BTreeMap<other::StringType, other::StructType>,
}

fn p2(n: i64) -> primitives::T2 {
    primitives::T2 {
        s: format!("s{n}"),
        i: n,
        b: true,
        f: n as f64 + 0.5,
    }
}

fn p1(n: i64) -> primitives::T1 {
    primitives::T1 {
        type_meta: n,
        s: format!("s{n}"),
        i: n,
        b: true,
        f: n as f64 + 0.5,
        t2: p2(n + 1),
        t3: primitives::T3 {
            s: format!("s{n}"),
            i: n,
            b: true,
            f: 0.5,
        },
        another_s: format!("a{n}"),
        another_i: n + 2,
        another_b: true,
        another_f: 1.5,
        another_t2: p2(n + 3),
    }
}

fn other_struct(v: &str) -> other::StructType {
    other::StructType {
        string_field: v.into(),
    }
}

/// The paths a filled `primitives::T1` fails at, under `prefix`.
fn primitives_t1_paths(prefix: &str) -> Vec<(String, &'static str)> {
    let mut out = Vec::new();
    for (sub, arg) in [
        ("anothert2.b", "field T2.B"),
        ("anothert2.f", "field T2.F"),
        ("anothert2.i", "field T2.I"),
        ("anothert2.s", "field T2.S"),
        ("b", "field T1.B"),
        ("f", "field T1.F"),
        ("i", "field T1.I"),
        ("s", "field T1.S"),
        ("t2", "field T1.T2"),
        ("t2.b", "field T2.B"),
        ("t2.f", "field T2.F"),
        ("t2.i", "field T2.I"),
        ("t2.s", "field T2.S"),
    ] {
        out.push((format!("{prefix}.{sub}"), arg));
    }
    out
}

#[test]
fn t1() {
    let v = T1 {
        type_meta: 7,
        primitives_t1: p1(10),
        primitives_t1_ptr: Some(p1(20)),
        primitives_t2: p2(30),
        primitives_t2_ptr: Some(p1(40)),
        primitives_t3: primitives::T3 {
            s: "s".into(),
            i: 1,
            b: true,
            f: 2.5,
        },
        primitives_t3_ptr: Some(p1(50)),
        typedefs_e1: typedefs::E1("e1".into()),
        typedefs_e1_ptr: Some(typedefs::E1("pe1".into())),
        typedefs_e2: typedefs::E2(2),
        typedefs_e2_ptr: Some(typedefs::E2(3)),
        typedefs_e3: typedefs::E3("e3".into()),
        typedefs_e3_ptr: Some(typedefs::E3("pe3".into())),
        typedefs_e4: typedefs::E4 { s: "e4".into() },
        typedefs_e4_ptr: Some(typedefs::E4 { s: "pe4".into() }),
        other_string: other::StringType("os".into()),
        other_string_ptr: Some(other::StringType("pos".into())),
        other_int: other::IntType(4),
        other_int_ptr: Some(other::IntType(5)),
        other_struct: other_struct("ost"),
        other_struct_ptr: Some(other_struct("post")),
        slice_of_other_struct: vec![other_struct("x"), other_struct("y")],
        list_map_of_other_struct: vec![other_struct("k1"), other_struct("k2")],
        map_of_other_string_to_other_struct: [
            (other::StringType("a".into()), other_struct("A")),
            (other::StringType("b".into()), other_struct("B")),
        ]
        .into(),
    };

    let mut owned: Vec<(String, &'static str)> = Vec::new();
    for prefix in [
        "primitivest1",
        "primitivest1Ptr",
        "primitivest2Ptr",
        "primitivest3Ptr",
    ] {
        owned.extend(primitives_t1_paths(prefix));
    }
    for (sub, arg) in [
        ("b", "field T2.B"),
        ("f", "field T2.F"),
        ("i", "field T2.I"),
        ("s", "field T2.S"),
    ] {
        owned.push((format!("primitivest2.{sub}"), arg));
    }
    for (path, arg) in [
        ("typedefse1", "type E1"),
        ("typedefse1Ptr", "type E1"),
        ("typedefse2", "type E2"),
        ("typedefse2Ptr", "type E2"),
        ("typedefse3", "type E3"),
        ("typedefse3Ptr", "type E3"),
        ("typedefse4", "type E4"),
        ("typedefse4.s", "field T2.S"),
        ("typedefse4Ptr", "type E4"),
        ("typedefse4Ptr.s", "field T2.S"),
    ] {
        owned.push((path.to_string(), arg));
    }
    assert_eq!(owned.len(), 4 * 13 + 4 + 10, "every path of the JSON");
    let args: Vec<[&str; 1]> = owned.iter().map(|(_, a)| [*a]).collect();
    let expected: Vec<(&str, &[&str])> = owned
        .iter()
        .zip(&args)
        .map(|((p, _), a)| (p.as_str(), &a[..]))
        .collect();
    value(v).expect_validate_false_by_path(&expected);
}
