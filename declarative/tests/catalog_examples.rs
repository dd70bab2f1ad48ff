//! The examples of the tag catalog (`declarative-validation-tags.txt`),
//! transcribed to Rust types (Go `*T` -> `Option<T>`, slices -> `Vec`, maps
//! -> `BTreeMap`), compile and behave as documented. The examples omit
//! presence tags, so their types carry `+k8s:validation-gen-nolint`, as a Go
//! package would to skip the lint.

use apimachinery::field::ErrorType;
use apimachinery::operation::Context;
use apimachinery::{Stage, Validate};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

fn origins<T: Validate>(v: &T, ctx: &Context) -> Vec<(String, String)> {
    v.validate(ctx, None)
        .iter()
        .map(|e| (e.field.clone(), e.origin.to_string()))
        .collect()
}

/// +k8s:validation-gen-nolint
#[derive(Validate, Serialize, Deserialize, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct AlphaBeta {
    /// +k8s:alpha(since: "1.36")=+k8s:minimum=1
    my_field: i32,
    /// +k8s:beta(since: "1.37")=+k8s:minimum=1
    other: i32,
}

#[test]
fn alpha_and_beta() {
    let errs = AlphaBeta::default().validate(&Context::create(), None);
    assert!(errs[0].is_alpha() && errs[0].field == "myField");
    assert!(errs[1].is_beta() && errs[1].field == "other");
    assert_eq!(AlphaBeta::rules()[0].stage, Stage::Alpha);
}

/// +k8s:validation-gen-nolint
#[derive(Validate, Serialize, Deserialize, PartialEq, Default)]
struct CustomUnique {
    /// +k8s:listType=set
    /// +k8s:customUnique
    names: Vec<String>,
}

#[test]
fn custom_unique() {
    let v = CustomUnique {
        names: vec!["a".into(), "a".into()],
    };
    assert!(v.validate(&Context::create(), None).is_empty());
}

/// +k8s:validation-gen-nolint
#[derive(Validate, Serialize, Deserialize, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Each {
    /// +k8s:eachKey=+k8s:minimum=1
    my_map: BTreeMap<i32, String>,
    /// +k8s:eachVal=+k8s:minimum=1
    my_vals: BTreeMap<String, i32>,
}

#[test]
fn each_key_and_each_val() {
    let v = Each {
        my_map: [(0, "x".to_string()), (1, "y".to_string())].into(),
        my_vals: [("a".to_string(), 0), ("b".to_string(), 1)].into(),
    };
    assert_eq!(
        origins(&v, &Context::create()),
        vec![
            ("myMap".to_string(), "minimum".to_string()),
            ("myVals[a]".to_string(), "minimum".to_string())
        ]
    );
}

apimachinery::k8s_enum! {
    /// +k8s:enum
    pub enum MyEnum {
        /// The first value.
        MyEnumA = "A",
        /// The second value.
        MyEnumB = "B",
        /// +k8s:enumExclude
        MyEnumInternal = "Internal",
    }
}

/// +k8s:validation-gen-nolint
#[derive(Validate, Serialize, Deserialize, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct WithEnum {
    my_field: MyEnum,
}

#[test]
fn enum_and_enum_exclude() {
    let ok = WithEnum {
        my_field: MyEnum::MyEnumB,
    };
    assert!(ok.validate(&Context::create(), None).is_empty());
    for bad in [MyEnum::MyEnumInternal, MyEnum::from("C")] {
        let errs = WithEnum { my_field: bad }.validate(&Context::create(), None);
        assert_eq!(errs[0].error_type, ErrorType::NotSupported);
        assert_eq!(errs[0].detail, r#"supported values: "A", "B""#);
    }
}

/// +k8s:validation-gen-nolint
#[derive(Validate, Serialize, Deserialize, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Forbidden {
    /// +k8s:forbidden
    my_field: String,
}

#[test]
fn forbidden() {
    let errs = Forbidden {
        my_field: "x".into(),
    }
    .validate(&Context::create(), None);
    assert_eq!(errs[0].to_string(), "myField: Forbidden");
    assert!(
        Forbidden::default()
            .validate(&Context::create(), None)
            .is_empty()
    );
}

/// +k8s:validation-gen-nolint
#[derive(Validate, Serialize, Deserialize, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Format {
    /// +k8s:format=k8s-label-key
    label_key: String,
    /// +k8s:format=k8s-uuid
    uid: String,
}

#[test]
fn format() {
    let v = Format {
        label_key: "example.com/key".into(),
        uid: "not-a-uuid".into(),
    };
    assert_eq!(
        origins(&v, &Context::create()),
        vec![("uid".to_string(), "format=k8s-uuid".to_string())]
    );
}

/// +k8s:validation-gen-nolint
#[derive(Validate, Serialize, Deserialize, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Options {
    /// +k8s:ifDisabled(MyFeature)=+k8s:required
    my_field: String,
    /// +k8s:ifEnabled(MyFeature)=+k8s:required
    other: String,
}

#[test]
fn if_enabled_if_disabled() {
    let on = Context::create().option("MyFeature", true);
    let off = Context::create().option("MyFeature", false);
    let v = Options::default();
    assert_eq!(v.validate(&on, None)[0].field, "other");
    assert_eq!(v.validate(&off, None)[0].field, "myField");
}

#[derive(Validate, Serialize, Deserialize, PartialEq, Default, Clone)]
struct ExternalConfig {
    url: String,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, Serialize, Deserialize, PartialEq, Default)]
struct Modes {
    /// +k8s:modeDiscriminator
    mode: String,
    /// +k8s:ifMode("External")=+k8s:required
    external: Option<ExternalConfig>,
}

#[test]
fn if_mode_and_mode_discriminator() {
    let ext = Modes {
        mode: "External".into(),
        external: None,
    };
    assert_eq!(
        ext.validate(&Context::create(), None)[0].to_string(),
        "external: Required value"
    );
    let other = Modes {
        mode: "Internal".into(),
        external: Some(ExternalConfig::default()),
    };
    assert_eq!(
        other.validate(&Context::create(), None)[0].to_string(),
        "external: Forbidden"
    );
}

/// +k8s:validation-gen-nolint
#[derive(Validate, Serialize, Deserialize, PartialEq, Default)]
struct Immutable {
    /// +k8s:immutable
    name: String,
}

#[test]
fn immutable() {
    let old = Immutable { name: "a".into() };
    let new = Immutable { name: "b".into() };
    assert_eq!(
        new.validate(&Context::update(), Some(&old))[0].origin,
        "immutable"
    );
}

/// +k8s:supportsSubresource="/scale"
#[derive(Validate, Serialize, Deserialize, PartialEq, Default)]
struct MyResource {}

/// +k8s:isSubresource="/scale"
#[derive(Validate, Serialize, Deserialize, PartialEq, Default)]
struct MyResourceScale {}

#[test]
fn subresources() {
    let scale = Context::update().subresource("/scale");
    assert!(MyResource::default().validate(&scale, None).is_empty());
    assert!(MyResourceScale::default().validate(&scale, None).is_empty());
    let status = Context::update().subresource("/status");
    assert_eq!(
        MyResource::default().validate(&status, None)[0].error_type,
        ErrorType::Internal
    );
}

#[derive(Validate, Serialize, Deserialize, PartialEq, Default, Clone)]
struct MyCondition {
    #[serde(rename = "type")]
    kind: String,
    status: String,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, Serialize, Deserialize, PartialEq, Default)]
struct Items {
    /// +k8s:listType=map
    /// +k8s:listMapKey=type
    /// +k8s:item(type: "Approved")=+k8s:zeroOrOneOfMember
    /// +k8s:item(type: "Denied")=+k8s:zeroOrOneOfMember
    #[serde(rename = "conditions")]
    my_conditions: Vec<MyCondition>,
}

#[test]
fn item_and_zero_or_one_of_member() {
    let c = |t: &str| MyCondition {
        kind: t.into(),
        status: "True".into(),
    };
    let ok = Items {
        my_conditions: vec![c("Approved"), c("Other")],
    };
    assert!(ok.validate(&Context::create(), None).is_empty());
    let both = Items {
        my_conditions: vec![c("Approved"), c("Denied")],
    };
    assert_eq!(
        origins(&both, &Context::create()),
        vec![("conditions".to_string(), "zeroOrOneOf".to_string())]
    );
}

#[derive(Validate, Serialize, Deserialize, PartialEq, Default, Clone)]
#[serde(rename_all = "camelCase")]
struct KeyedStruct {
    key_field_one: String,
    key_field_two: String,
    value_field: String,
}

/// The catalog's typedef `type MyList []MyStruct`, a newtype here.
/// +k8s:listType=map
/// +k8s:listMapKey=keyFieldOne
/// +k8s:listMapKey=keyFieldTwo
#[derive(Validate, Serialize, Deserialize, PartialEq, Default)]
#[serde(transparent)]
struct MyList(Vec<KeyedStruct>);

/// +k8s:validation-gen-nolint
#[derive(Validate, Serialize, Deserialize, PartialEq, Default)]
struct ListMap {
    items: MyList,
}

#[test]
fn list_type_and_list_map_key() {
    let k = |a: &str, b: &str| KeyedStruct {
        key_field_one: a.into(),
        key_field_two: b.into(),
        value_field: String::new(),
    };
    let ok = ListMap {
        items: MyList(vec![k("a", "1"), k("a", "2")]),
    };
    assert!(ok.validate(&Context::create(), None).is_empty());
    let dup = ListMap {
        items: MyList(vec![k("a", "1"), k("a", "1")]),
    };
    assert_eq!(
        dup.validate(&Context::create(), None)[0]
            .to_string()
            .split(':')
            .next(),
        Some("items[1]")
    );
}

/// +k8s:validation-gen-nolint
#[derive(Validate, Serialize, Deserialize, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Limits {
    /// +k8s:maxBytes=64
    token: String,
    /// +k8s:maxItems=5
    my_list: Vec<String>,
    /// +k8s:maxLength=10
    my_string: String,
    /// +k8s:maxProperties=8
    labels: BTreeMap<String, String>,
    /// +k8s:maximum=10
    replicas: i32,
    /// +k8s:minItems=1
    names: Vec<String>,
    /// +k8s:minLength=1
    name: String,
    /// +k8s:minProperties=1
    selectors: BTreeMap<String, String>,
    /// +k8s:minimum=0
    my_int: i32,
}

#[test]
fn limits() {
    let ok = Limits {
        names: vec!["a".into()],
        name: "n".into(),
        selectors: [("a".to_string(), "b".to_string())].into(),
        ..Default::default()
    };
    assert!(ok.validate(&Context::create(), None).is_empty());
    let bad = Limits {
        token: "x".repeat(65),
        my_list: vec!["a".into(); 6],
        my_string: "é".repeat(11),
        labels: (0..9).map(|i| (i.to_string(), String::new())).collect(),
        replicas: 11,
        names: vec![],
        name: String::new(),
        selectors: BTreeMap::new(),
        my_int: -1,
    };
    let got: Vec<String> = origins(&bad, &Context::create())
        .into_iter()
        .map(|(_, o)| o)
        .collect();
    assert_eq!(
        got,
        vec![
            "maxBytes",
            "maxItems",
            "maxLength",
            "maxProperties",
            "maximum",
            "minItems",
            "minLength",
            "minProperties",
            "minimum"
        ]
    );
}

/// +k8s:validation-gen-nolint
#[derive(Validate, Serialize, Deserialize, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Neq {
    /// +k8s:neq="disallowed"
    my_string: String,
    /// +k8s:neq=0
    my_int: i32,
    /// +k8s:neq=true
    my_bool: bool,
}

#[test]
fn neq() {
    let v = Neq {
        my_string: "disallowed".into(),
        my_int: 0,
        my_bool: true,
    };
    assert_eq!(v.validate(&Context::create(), None).len(), 3);
}

/// +k8s:validation-gen-nolint
#[derive(Validate, Serialize, Deserialize, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Opaque {
    /// +k8s:opaqueType
    external_field: ExternalConfig,
}

#[test]
fn opaque_type() {
    assert!(Opaque::rules().is_empty());
}

/// +k8s:validation-gen-nolint
#[derive(Validate, Serialize, Deserialize, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Presence {
    /// +k8s:optional
    my_field: String,
    /// +k8s:required
    other: String,
}

#[test]
fn optional_and_required() {
    let errs = Presence::default().validate(&Context::create(), None);
    assert_eq!(errs.len(), 1);
    assert_eq!(errs[0].to_string(), "other: Required value");
}

#[derive(Validate, Serialize, Deserialize, PartialEq, Default, Clone)]
struct ObjectMeta {
    name: String,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, Serialize, Deserialize, PartialEq, Default)]
struct Wrapper {
    /// +k8s:subfield(name)=+k8s:required
    metadata: ObjectMeta,
}

#[test]
fn subfield() {
    let errs = Wrapper::default().validate(&Context::create(), None);
    assert_eq!(errs[0].to_string(), "metadata.name: Required value");
}

/// +k8s:validation-gen-nolint
#[derive(Validate, Serialize, Deserialize, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Unions {
    /// +k8s:unionDiscriminator
    #[serde(rename = "type")]
    kind: String,
    /// +k8s:unionMember
    /// +k8s:optional
    option_a: Option<String>,
    /// +k8s:unionMember
    /// +k8s:optional
    option_b: Option<String>,
    /// +k8s:unionMember(union: "backend", memberName: "service")
    /// +k8s:optional
    service: Option<String>,
    /// +k8s:unionMember(union: "backend", memberName: "resource")
    /// +k8s:optional
    resource: Option<String>,
}

#[test]
fn unions() {
    let v = Unions {
        kind: "OptionA".into(),
        option_a: Some("a".into()),
        service: Some("s".into()),
        ..Default::default()
    };
    assert!(v.validate(&Context::create(), None).is_empty());
    let bad = Unions {
        kind: "OptionB".into(),
        option_a: Some("a".into()),
        ..Default::default()
    };
    let got = origins(&bad, &Context::create());
    assert_eq!(
        got,
        vec![
            // Unions in name order: the unnamed (discriminated) one, then "backend".
            ("optionA".to_string(), "union".to_string()),
            ("optionB".to_string(), "union".to_string()),
            ("<nil>".to_string(), "union".to_string())
        ]
    );
}

#[derive(Validate, Serialize, Deserialize, PartialEq, Default, Clone)]
struct Port {
    name: String,
    port: i32,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, Serialize, Deserialize, PartialEq, Default, Clone)]
struct UniqueAndUpdate {
    /// +k8s:listType=atomic
    /// +k8s:unique=map
    /// +k8s:listMapKey=name
    ports: Vec<Port>,
    /// +k8s:update=NoModify
    /// +k8s:update=NoUnset
    token: Option<String>,
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:update=NoAddItem
    /// +k8s:update=NoRemoveItem
    frozen: Vec<Port>,
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:eachVal=+k8s:update=NoModify
    per_item: Vec<Port>,
}

#[test]
fn unique_and_update() {
    let p = |n: &str, v: i32| Port {
        name: n.into(),
        port: v,
    };
    let dup = UniqueAndUpdate {
        ports: vec![p("a", 1), p("a", 2)],
        ..Default::default()
    };
    assert_eq!(dup.validate(&Context::create(), None)[0].field, "ports[1]");
    let old = UniqueAndUpdate {
        token: Some("t".into()),
        frozen: vec![p("a", 1)],
        per_item: vec![p("a", 1)],
        ..Default::default()
    };
    let new = UniqueAndUpdate {
        token: None,
        frozen: vec![p("a", 1), p("b", 1)],
        per_item: vec![p("a", 2)],
        ..Default::default()
    };
    let got: Vec<(String, String)> = new
        .validate(&Context::update(), Some(&old))
        .iter()
        .map(|e| (e.field.clone(), e.detail.to_string()))
        .collect();
    assert_eq!(
        got,
        vec![
            (
                "token".to_string(),
                "field cannot be cleared once set".to_string()
            ),
            ("frozen[1]".to_string(), "item may not be added".to_string()),
            (
                "per_item[0]".to_string(),
                "field cannot be modified once set".to_string()
            ),
        ]
    );
}

/// +k8s:validation-gen-nolint
#[derive(Validate, Serialize, Deserialize, PartialEq, Default)]
struct FixtureStruct {
    /// +k8s:validateFalse="field FixtureStruct.Name"
    name: String,
}

#[test]
fn validate_false() {
    let errs = FixtureStruct::default().validate(&Context::create(), None);
    assert_eq!(errs[0].detail, "forced failure: field FixtureStruct.Name");
    assert_eq!(errs[0].origin, "validateFalse");
}

#[test]
fn tag_catalog_lists_every_catalog_tag() {
    let json: serde_json::Value = serde_json::from_str(apimachinery::tag_docs_json!()).unwrap();
    let names: Vec<&str> = json
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["tag"].as_str().unwrap())
        .collect();
    for tag in [
        "alpha",
        "beta",
        "customUnique",
        "eachKey",
        "eachVal",
        "enum",
        "enumExclude",
        "forbidden",
        "format",
        "ifDisabled",
        "ifEnabled",
        "ifMode",
        "immutable",
        "isSubresource",
        "item",
        "listMapKey",
        "listType",
        "maxBytes",
        "maxItems",
        "maxLength",
        "maxProperties",
        "maximum",
        "minItems",
        "minLength",
        "minProperties",
        "minimum",
        "modeDiscriminator",
        "neq",
        "opaqueType",
        "optional",
        "required",
        "subfield",
        "supportsSubresource",
        "unionDiscriminator",
        "unionMember",
        "unique",
        "update",
        "validateError",
        "validateFalse",
        "validateTrue",
        "validateTrueAlpha",
        "validateTrueBeta",
        "zeroOrOneOfMember",
        "monotonic",
        "dependentRequired",
        "dependentForbidden",
        "customValidation",
    ] {
        assert!(names.contains(&format!("k8s:{tag}").as_str()), "{tag}");
    }
}
