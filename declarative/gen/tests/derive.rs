//! Behaviour of generated validators: presence, limits, ratcheting,
//! lifecycle marks, options, nested types, lists, rules.

use apimachinery::field::ErrorType;
use apimachinery::operation::Context;
use apimachinery::{Stage, Validate};
use std::collections::BTreeMap;

#[derive(Validate, PartialEq, Clone, Default, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct Inner {
    /// +k8s:required
    /// +k8s:maxLength=3
    name: String,
    /// +k8s:optional
    /// +k8s:minimum=1
    port: Option<i32>,
}

#[derive(Validate, PartialEq, Clone, Default, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct Outer {
    /// +k8s:optional
    /// +k8s:alpha(since: "1.36")=+k8s:minimum=0
    /// +k8s:maximum=10
    replicas: Option<i32>,
    /// +k8s:optional
    spec: Option<Inner>,
    /// +k8s:optional
    /// +k8s:maxItems=2
    /// +k8s:listType=set
    tags: Vec<String>,
    /// +k8s:optional
    /// +k8s:ifEnabled(Strict)=+k8s:format=k8s-short-name
    short: String,
    /// +k8s:optional
    /// +k8s:maxProperties=1
    labels: BTreeMap<String, String>,
    /// +k8s:optional
    /// +k8s:immutable
    id: String,
}

#[test]
fn valid_object_has_no_errors() {
    let o = Outer::default();
    assert!(o.validate(&Context::create(), None).is_empty());
}

#[test]
fn limits_and_alpha_marks() {
    let o = Outer {
        replicas: Some(-1),
        ..Default::default()
    };
    let errs = o.validate(&Context::create(), None);
    assert_eq!(errs.len(), 1);
    assert_eq!(errs[0].field, "replicas");
    assert_eq!(errs[0].origin, "minimum");
    assert!(errs[0].is_alpha());
    let o = Outer {
        replicas: Some(11),
        ..Default::default()
    };
    let errs = o.validate(&Context::create(), None);
    assert_eq!(errs[0].origin, "maximum");
    assert!(!errs[0].is_alpha());
}

#[test]
fn nested_and_short_circuit() {
    let o = Outer {
        spec: Some(Inner::default()),
        ..Default::default()
    };
    let errs = o.validate(&Context::create(), None);
    assert_eq!(errs.len(), 1);
    assert_eq!(errs[0].to_string(), "spec.name: Required value");
    assert!(errs[0].short_circuit);
    let o = Outer {
        spec: Some(Inner {
            name: "abcd".into(),
            port: Some(0),
        }),
        ..Default::default()
    };
    let errs = o.validate(&Context::create(), None);
    let got: Vec<(String, String)> = errs
        .iter()
        .map(|e| (e.field.clone(), e.origin.to_string()))
        .collect();
    assert_eq!(
        got,
        vec![
            ("spec.name".to_string(), "maxLength".to_string()),
            ("spec.port".to_string(), "minimum".to_string())
        ]
    );
}

#[test]
fn validate_into_appends_the_same_errors_in_order() {
    use apimachinery::field::{Error, ErrorList, Path};
    let o = Outer {
        replicas: Some(11),
        spec: Some(Inner {
            name: "abcd".into(),
            port: Some(0),
        }),
        tags: vec!["a".into(), "b".into(), "a".into()],
        ..Default::default()
    };
    let ctx = Context::create();
    let alone = o.validate_at(&ctx, &Path::root(), None);
    assert_eq!(alone.len(), 4, "{alone}");
    let first = Error::required(&Path::new("before"), "");
    let mut sink = ErrorList::from(first.clone());
    o.validate_into(&ctx, &Path::root(), None, &mut sink);
    let mut expected = vec![first];
    expected.extend(alone.0);
    assert_eq!(sink.0, expected);
}

#[test]
fn ratcheting() {
    let bad = Outer {
        replicas: Some(11),
        ..Default::default()
    };
    assert!(bad.validate(&Context::update(), Some(&bad)).is_empty());
    let worse = Outer {
        replicas: Some(12),
        ..Default::default()
    };
    assert_eq!(worse.validate(&Context::update(), Some(&bad)).len(), 1);
}

#[test]
fn lists_maps_options_immutable() {
    let o = Outer {
        tags: vec!["a".into(), "a".into(), "b".into()],
        labels: [
            ("a".to_string(), "1".to_string()),
            ("b".to_string(), "2".to_string()),
        ]
        .into(),
        ..Default::default()
    };
    let errs = o.validate(&Context::create(), None);
    let got: Vec<(ErrorType, &str)> = errs
        .iter()
        .map(|e| (e.error_type, e.field.as_str()))
        .collect();
    assert_eq!(
        got,
        vec![(ErrorType::TooMany, "tags"), (ErrorType::TooMany, "labels")]
    );
    let o = Outer {
        short: "Not_Short".into(),
        ..Default::default()
    };
    assert!(
        o.validate(&Context::create().option("Strict", false), None)
            .is_empty()
    );
    assert_eq!(
        o.validate(&Context::create().option("Strict", true), None)
            .len(),
        1
    );
    assert_eq!(
        o.validate(&Context::create(), None)[0].error_type,
        ErrorType::Internal
    );
    let old = Outer {
        id: "a".into(),
        ..Default::default()
    };
    let new = Outer {
        id: "b".into(),
        ..Default::default()
    };
    let errs = new.validate(&Context::update(), Some(&old));
    assert_eq!(errs[0].origin, "immutable");
}

#[test]
fn rule_inventory() {
    let rules = Outer::rules();
    let paths: Vec<(&str, &str)> = rules.iter().map(|r| (r.path, r.validator)).collect();
    assert!(paths.contains(&("replicas", "minimum")));
    assert!(paths.contains(&("spec.name", "required")));
    assert!(paths.contains(&("spec.port", "minimum")));
    let min = rules
        .iter()
        .find(|r| r.path == "replicas" && r.validator == "minimum")
        .unwrap();
    assert_eq!(min.stage, Stage::Alpha);
    assert_eq!(min.since, Some("1.36"));
    assert_eq!(min.tag, "+k8s:alpha(since: \"1.36\")=+k8s:minimum=0");
    assert_eq!(min.kind, "Outer");
    assert_eq!(min.id, "Outer/replicas/minimum");
    let fmt = rules.iter().find(|r| r.validator == "format").unwrap();
    assert_eq!(fmt.conditions, &["ifEnabled(Strict)"]);
    assert_eq!(fmt.payload, "k8s-short-name");
}

apimachinery::k8s_enum! {
    /// The protocol of a port.
    /// +k8s:enum
    pub enum Protocol {
        /// TCP.
        Tcp = "TCP",
        /// UDP.
        Udp = "UDP",
        /// +k8s:ifDisabled(Sctp)=+k8s:enumExclude
        Sctp = "SCTP",
        /// +k8s:enumExclude
        Unknown = "Unknown",
    }
}

#[derive(Validate, PartialEq, Clone, Default, serde::Serialize, serde::Deserialize)]
struct Port {
    /// +k8s:required
    name: String,
    /// +k8s:optional
    /// +k8s:minimum=1
    port: i32,
    /// +k8s:optional
    protocol: Protocol,
}

#[derive(Validate, PartialEq, Clone, Default, serde::Serialize)]
struct Ports {
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    ports: Vec<Port>,
    /// +k8s:optional
    /// +k8s:eachVal=+k8s:maxLength=2
    names: Vec<String>,
    /// +k8s:optional
    /// +k8s:eachKey=+k8s:format=k8s-short-name
    /// +k8s:eachVal=+k8s:minimum=0
    weights: BTreeMap<String, i32>,
}

fn port(name: &str, p: i32) -> Port {
    Port {
        name: name.into(),
        port: p,
        protocol: Protocol::Tcp,
    }
}

#[test]
fn enums() {
    assert_eq!(serde_json::to_string(&Protocol::Udp).unwrap(), "\"UDP\"");
    let p: Port = serde_json::from_str(r#"{"name":"a","port":1,"protocol":"SCTP"}"#).unwrap();
    assert_eq!(p.protocol, Protocol::Sctp);
    let ports = Ports {
        ports: vec![p],
        ..Default::default()
    };
    let errs = ports.validate(&Context::create().option("Sctp", false), None);
    assert_eq!(
        errs[0].to_string(),
        r#"ports[0].protocol: Unsupported value: "SCTP": supported values: "TCP", "UDP""#
    );
    assert!(
        ports
            .validate(&Context::create().option("Sctp", true), None)
            .is_empty()
    );
    assert_eq!(Protocol::VALUES, &["TCP", "UDP", "SCTP", "Unknown"]);
    let rule = Protocol::rules()[0].clone();
    assert_eq!(rule.payload, "SCTP,TCP,UDP");
}

#[test]
fn list_map_items_are_correlated_by_key() {
    let old = Ports {
        ports: vec![port("a", -1), port("b", 1)],
        ..Default::default()
    };
    // Create: the invalid port and a duplicate key.
    let new = Ports {
        ports: vec![port("a", -1), port("b", 1), port("b", 2)],
        ..Default::default()
    };
    let errs = new.validate(&Context::create().option("Sctp", true), None);
    let got: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        got,
        vec![
            r#"ports[2]: Duplicate value: {"name":"b","port":2,"protocol":"TCP"}"#.to_string(),
            "ports[0].port: Invalid value: -1: must be greater than or equal to 1".to_string(),
        ]
    );
    // Update reordering items: unchanged item "a" (invalid) ratchets.
    let reordered = Ports {
        ports: vec![port("b", 1), port("a", -1)],
        ..Default::default()
    };
    assert!(
        reordered
            .validate(&Context::update().option("Sctp", true), Some(&old))
            .is_empty()
    );
    // A changed invalid item fails.
    let changed = Ports {
        ports: vec![port("b", -1), port("a", -1)],
        ..Default::default()
    };
    let errs = changed.validate(&Context::update().option("Sctp", true), Some(&old));
    assert_eq!(errs.len(), 1);
    assert_eq!(errs[0].field, "ports[0].port");
    let paths: Vec<&str> = Ports::rules().iter().map(|r| r.path).collect();
    assert!(paths.contains(&"ports[*].port"));
    assert!(paths.contains(&"ports[*].protocol"));
    assert!(paths.contains(&"ports"));
}

#[test]
fn each_val_and_each_key() {
    let v = Ports {
        names: vec!["ok".into(), "toolong".into()],
        weights: [("Bad_Key".to_string(), -1), ("good".to_string(), 1)].into(),
        ..Default::default()
    };
    let errs = v.validate(&Context::create(), None);
    let got: Vec<(String, String)> = errs
        .iter()
        .map(|e| (e.field.clone(), e.origin.to_string()))
        .collect();
    assert_eq!(
        got,
        vec![
            ("names[1]".to_string(), "maxLength".to_string()),
            ("weights".to_string(), "format=k8s-short-name".to_string()),
            ("weights[Bad_Key]".to_string(), "minimum".to_string()),
        ]
    );
    // Unchanged map entries and keys ratchet on update when the map changed.
    let mut w2 = v.clone();
    w2.weights.insert("other".into(), 2);
    w2.names = v.names.clone();
    let errs = w2.validate(&Context::update(), Some(&v));
    assert!(errs.is_empty(), "{errs}");
}

#[derive(Validate, PartialEq, Clone, Default, serde::Serialize)]
struct PtrList {
    /// +k8s:optional
    /// +k8s:eachVal=+k8s:minimum=1
    items: Vec<Option<i32>>,
}

#[test]
fn pointer_lists_reject_nil_items_first() {
    let v = PtrList {
        items: vec![Some(0), None],
    };
    let errs = v.validate(&Context::create(), None);
    assert_eq!(errs.len(), 1);
    assert_eq!(errs[0].to_string(), "items[1]: Required value");
    assert!(errs[0].short_circuit);
    let v = PtrList {
        items: vec![Some(0), Some(2)],
    };
    assert_eq!(v.validate(&Context::create(), None)[0].field, "items[0]");
}

#[derive(Validate, PartialEq, Clone, Default, serde::Serialize)]
struct Chains {
    /// +k8s:optional
    /// +k8s:ifEnabled(X)=+k8s:eachVal=+k8s:minimum=1
    a: Vec<i32>,
    /// +k8s:ifDisabled(X)=+k8s:forbidden
    /// +k8s:ifEnabled(X)=+k8s:optional
    b: BTreeMap<String, String>,
    /// +k8s:optional
    /// +k8s:eachVal=+k8s:format=k8s-short-name
    c: Vec<Option<String>>,
    /// +k8s:optional
    /// +k8s:beta(since: "1.36")=+k8s:ifEnabled(X)=+k8s:eachKey=+k8s:maxLength=2
    d: BTreeMap<String, i32>,
}

#[test]
fn chains_compose() {
    let v = Chains {
        a: vec![0],
        b: [("k".to_string(), "v".to_string())].into(),
        c: vec![Some("Bad_Name".into())],
        d: [("long".to_string(), 1)].into(),
    };
    let on = Context::create().option("X", true);
    let got: Vec<(String, String, bool)> = v
        .validate(&on, None)
        .iter()
        .map(|e| (e.field.clone(), e.origin.to_string(), e.is_beta()))
        .collect();
    assert_eq!(
        got,
        vec![
            ("a[0]".to_string(), "minimum".to_string(), false),
            (
                "c[0]".to_string(),
                "format=k8s-short-name".to_string(),
                false
            ),
            ("d".to_string(), "maxLength".to_string(), true),
        ]
    );
    let off = Context::create().option("X", false);
    let got: Vec<String> = v
        .validate(&off, None)
        .iter()
        .map(|e| e.field.clone())
        .collect();
    assert_eq!(got, vec!["b".to_string(), "c[0]".to_string()]);
    let rule = Chains::rules().iter().find(|r| r.path == "d").unwrap();
    assert_eq!(rule.conditions, &["ifEnabled(X)"]);
    assert_eq!(rule.stage, Stage::Beta);
}

#[derive(Validate, PartialEq, Clone, Default, serde::Serialize)]
struct Keyed {
    key: String,
    /// +k8s:optional
    /// +k8s:minimum=0
    value: i32,
}

/// A Go typedef `type KeyedList []Keyed`.
/// +k8s:listType=map
/// +k8s:listMapKey=key
/// +k8s:maxItems=3
#[derive(Validate, PartialEq, Clone, Default, serde::Serialize)]
#[serde(transparent)]
struct KeyedList(Vec<Keyed>);

/// +k8s:maxLength=3
#[derive(Validate, PartialEq, Clone, Default, serde::Serialize)]
struct Short(String);

#[derive(Validate, PartialEq, Clone, Default, serde::Serialize)]
struct UsesTypedefs {
    /// +k8s:optional
    items: KeyedList,
    /// +k8s:optional
    short: Short,
}

#[test]
fn newtypes_are_typedefs() {
    let k = |key: &str, value: i32| Keyed {
        key: key.into(),
        value,
    };
    let v = UsesTypedefs {
        items: KeyedList(vec![k("a", -1), k("a", 1)]),
        short: Short("abcd".into()),
    };
    let got: Vec<(String, String)> = v
        .validate(&Context::create(), None)
        .iter()
        .map(|e| (e.field.clone(), e.error_type.as_str().to_string()))
        .collect();
    assert_eq!(
        got,
        vec![
            ("items[1]".to_string(), "FieldValueDuplicate".to_string()),
            (
                "items[0].value".to_string(),
                "FieldValueInvalid".to_string()
            ),
            ("short".to_string(), "FieldValueTooLong".to_string()),
        ]
    );
    let too_many = KeyedList(vec![k("a", 0), k("b", 0), k("c", 0), k("d", 0)]);
    assert_eq!(
        too_many.validate(&Context::create(), None)[0].origin,
        "maxItems"
    );
    let paths: Vec<&str> = UsesTypedefs::rules().iter().map(|r| r.path).collect();
    assert!(paths.contains(&"items"));
    assert!(paths.contains(&"items[*].value"));
    assert!(paths.contains(&"short"));
}

#[derive(Validate, PartialEq, Clone, Default, serde::Serialize)]
struct Embedded {
    /// +k8s:optional
    /// +k8s:maxLength=2
    kind: String,
}

#[derive(Validate, PartialEq, Clone, Default, serde::Serialize)]
struct WithEmbedded {
    #[serde(flatten)]
    embedded: Embedded,
    /// +k8s:optional
    /// +k8s:minimum=0
    count: i32,
}

#[test]
fn flattened_structs_validate_at_the_parent_path() {
    let v = WithEmbedded {
        embedded: Embedded { kind: "abc".into() },
        count: -1,
    };
    let got: Vec<String> = v
        .validate(&Context::create(), None)
        .iter()
        .map(|e| e.field.clone())
        .collect();
    assert_eq!(got, vec!["kind".to_string(), "count".to_string()]);
    let paths: Vec<&str> = WithEmbedded::rules().iter().map(|r| r.path).collect();
    assert_eq!(paths, vec!["count", "kind"]);
}

apimachinery::k8s_enum! {
    /// +k8s:beta(since: "1.37")=+k8s:enum
    pub enum Staged {
        /// The only value.
        One = "One",
    }
}

#[test]
fn staged_enums() {
    let errs = Staged::from("Two").validate(&Context::create(), None);
    assert!(errs[0].is_beta());
    let rule = &Staged::rules()[0];
    assert_eq!(rule.stage, Stage::Beta);
    assert_eq!(rule.since, Some("1.37"));
    assert_eq!(rule.tag, "+k8s:beta(since: \"1.37\")=+k8s:enum");
}

// ---- `+default` read by `+k8s:optional` (validation-gen's
// output_tests/tags/optional/{nonzero,zero}_defaults) ----

#[derive(Validate, PartialEq, Clone, Default)]
struct Submarker {
    name: String,
}

#[derive(Validate, PartialEq, Clone, Default)]
#[serde(rename_all = "camelCase")]
struct NonzeroDefaults {
    /// +k8s:optional
    /// +default="foobar"
    string_field: String,
    /// +k8s:optional
    /// +default="foobar"
    string_ptr_field: Option<String>,
    /// +k8s:optional
    /// +default=123
    int_field: i32,
    /// +k8s:optional
    /// +default=123
    int_ptr_field: Option<i32>,
    /// +k8s:optional
    /// +default=true
    bool_field: bool,
    /// +k8s:optional
    /// +default=true
    bool_ptr_field: Option<bool>,
    /// +k8s:optional
    /// +default={"name": "x"}
    struct_ptr_field: Option<Submarker>,
    /// +k8s:optional
    /// +default=["foo"]
    slice_field: Vec<String>,
    /// +k8s:optional
    /// +default={"k": "v"}
    map_field: BTreeMap<String, String>,
}

#[derive(Validate, PartialEq, Clone, Default)]
#[serde(rename_all = "camelCase")]
struct ZeroDefaults {
    /// +k8s:optional
    /// +default=""
    string_field: String,
    /// +k8s:optional
    /// +default=""
    string_ptr_field: Option<String>,
    /// +k8s:optional
    /// +default=0
    int_field: i32,
    /// +k8s:optional
    /// +default=0
    int_ptr_field: Option<i32>,
    /// +k8s:optional
    /// +default=false
    bool_field: bool,
    /// +k8s:optional
    /// +default=false
    bool_ptr_field: Option<bool>,
    /// A zero default does not stop the field's other validators.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +default=0
    /// +k8s:beta(since: "1.37")=+k8s:minimum=1
    min_field: i32,
}

fn type_and_field(errs: &apimachinery::field::ErrorList) -> Vec<(ErrorType, String, String)> {
    errs.iter()
        .map(|e| (e.error_type, e.field.clone(), e.detail.to_string()))
        .collect()
}

#[test]
fn optional_with_nonzero_default_is_required() {
    let errs = NonzeroDefaults::default().validate(&Context::create(), None);
    let fields = [
        "stringField",
        "stringPtrField",
        "intField",
        "intPtrField",
        "boolField",
        "boolPtrField",
        "structPtrField",
        "sliceField",
        "mapField",
    ];
    let want: Vec<(ErrorType, String, String)> = fields
        .iter()
        .map(|f| (ErrorType::Required, f.to_string(), String::new()))
        .collect();
    assert_eq!(type_and_field(&errs), want);
    assert!(errs.iter().all(|e| e.origin.is_empty()));
    let set = NonzeroDefaults {
        string_field: "abc".into(),
        string_ptr_field: Some(String::new()),
        int_field: 123,
        int_ptr_field: Some(0),
        bool_field: true,
        bool_ptr_field: Some(false),
        struct_ptr_field: Some(Submarker { name: "x".into() }),
        slice_field: vec!["foo".into()],
        map_field: BTreeMap::from([("k".to_string(), "v".to_string())]),
    };
    assert!(set.validate(&Context::create(), None).is_empty());
    // Ratcheting: an unchanged missing value is not re-reported on update.
    let old = NonzeroDefaults::default();
    assert!(old.validate(&Context::update(), Some(&old)).is_empty());
    // The inventory records the required check under the optional tag.
    let rule = NonzeroDefaults::rules()
        .iter()
        .find(|r| r.path == "intPtrField")
        .unwrap();
    assert_eq!(rule.validator, "optional");
    assert_eq!(rule.errors[0].error_type, ErrorType::Required);
}

#[test]
fn optional_with_zero_default_is_documentation_for_values() {
    let errs = ZeroDefaults::default().validate(&Context::create(), None);
    let got = type_and_field(&errs);
    assert_eq!(
        got,
        vec![
            (ErrorType::Required, "stringPtrField".into(), String::new()),
            (ErrorType::Required, "intPtrField".into(), String::new()),
            (ErrorType::Required, "boolPtrField".into(), String::new()),
            (
                ErrorType::Invalid,
                "minField".into(),
                "must be greater than or equal to 1".into()
            ),
        ]
    );
    assert_eq!(errs[3].stability_level.as_str(), "beta");
    let set = ZeroDefaults {
        string_field: "abc".into(),
        string_ptr_field: Some(String::new()),
        int_field: 123,
        int_ptr_field: Some(0),
        bool_field: true,
        bool_ptr_field: Some(false),
        min_field: 1,
    };
    assert!(set.validate(&Context::create(), None).is_empty());
}

#[test]
fn tag_manifest_keeps_lines_in_order() {
    let (type_tags, fields) = ZeroDefaults::__DV_TAG_MANIFEST;
    assert!(type_tags.is_empty());
    let min = fields.iter().find(|(f, _)| *f == "minField").unwrap();
    assert_eq!(
        min.1,
        [
            "+k8s:beta(since: \"1.37\")=+k8s:optional",
            "+default=0",
            "+k8s:beta(since: \"1.37\")=+k8s:minimum=1"
        ]
    );
}

/// A list typedef carrying its own list semantics.
///
/// +k8s:validation-gen-nolint
/// +k8s:listType=map
/// +k8s:listMapKey=name
#[derive(Validate, PartialEq, Clone, Default, serde::Serialize)]
#[serde(transparent)]
struct TypedefItems(Vec<TypedefItem>);

/// +k8s:validation-gen-nolint
#[derive(Validate, PartialEq, Clone, Default, serde::Serialize)]
struct TypedefItem {
    name: String,
    value: String,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, PartialEq, Clone, Default, serde::Serialize)]
struct TypedefHolder {
    /// +k8s:eachVal=+k8s:validateFalse="item"
    /// +k8s:update=NoRemoveItem
    #[dv(typedef = "Vec<TypedefItem>")]
    items: TypedefItems,
}

#[test]
fn typedef_fields_inherit_list_semantics() {
    let item = |n: &str, v: &str| TypedefItem {
        name: n.into(),
        value: v.into(),
    };
    let old = TypedefHolder {
        items: TypedefItems(vec![item("a", "1"), item("b", "2")]),
    };
    // `b` moved and unchanged (correlated by key, skipped), `a` changed.
    let new = TypedefHolder {
        items: TypedefItems(vec![item("b", "2"), item("a", "9")]),
    };
    let errs = new.validate(&Context::update(), Some(&old));
    let got: Vec<String> = errs.iter().map(|e| e.field.clone()).collect();
    assert_eq!(got, vec!["items[1]".to_string()]);
    // Removing a keyed item is caught with the typedef's key.
    let fewer = TypedefHolder {
        items: TypedefItems(vec![item("a", "1")]),
    };
    let errs = fewer.validate(&Context::update(), Some(&old));
    assert_eq!(errs.len(), 1);
    assert_eq!(errs[0].error_type, ErrorType::Forbidden);
}

#[derive(Validate, PartialEq, Clone, Debug, Default, serde::Serialize)]
struct Selected {
    name: String,
    /// +k8s:optional
    /// +k8s:maxLength=2
    value: String,
}

fn sel(name: &str, value: &str) -> Option<Selected> {
    Some(Selected {
        name: name.into(),
        value: value.into(),
    })
}

#[derive(Validate, PartialEq, Clone, Default, serde::Serialize)]
struct PtrSelectors {
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:item(name: "a")=+k8s:immutable
    /// +k8s:item(name: "b")=+k8s:subfield(value)=+k8s:maxLength=1
    /// +k8s:item(name: "c")=+k8s:immutable
    items: Vec<Option<Selected>>,
}

#[test]
fn item_selectors_on_a_pointer_list_share_one_pass() {
    // Each selector validates the first item it matches; the old item is
    // the first old one with the key, nil items skipped (a nil new item is
    // an error of the list's own).
    let new = PtrSelectors {
        items: vec![sel("b", "xy"), sel("a", "1")],
    };
    let fields = |errs: apimachinery::field::ErrorList| -> Vec<String> {
        errs.iter()
            .map(|e| format!("{} {}", e.field, e.origin))
            .collect()
    };
    // Error order as the tags'.
    assert_eq!(
        fields(new.validate(&Context::create(), None)),
        ["items[0].value maxLength"]
    );
    let old = PtrSelectors {
        items: vec![None, sel("a", "0"), sel("a", "1")],
    };
    assert_eq!(
        fields(new.validate(&Context::update(), Some(&old))),
        ["items[1] immutable", "items[0].value maxLength"]
    );
    // The selected `b` item unchanged from the first old `b`: ratcheted.
    let old = PtrSelectors {
        items: vec![None, sel("b", "xy"), sel("a", "1"), sel("b", "q")],
    };
    assert!(fields(new.validate(&Context::update(), Some(&old))).is_empty());
}
