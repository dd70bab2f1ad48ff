//! Keys of a case file that nothing reads: a case-file key the format
//! (DESIGN.md section 4) does not define, such as `"expect"` for
//! `"expected"`, and an object key the API type has no field for, such as
//! a misspelt field name. Loading ignores them, as Go's lenient decoder
//! does; this module finds them so that `check` can report each with its
//! JSON path.
//!
//! Object keys are found by deserialising the object into its typed form
//! and recording every key the typed deserialisation skips (the
//! `serde_ignored` wrapper), so the answer is exactly what the type reads:
//! raw extensions (`serde_json::Value` fields) and maps whose keys are data
//! (labels, annotations, quantities) take every key, and a struct skips
//! exactly the keys it has no field for, `metadata` and `status` included.

use crate::case::CaseProblem;
use crate::expectation::ExpectedError;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// The keys of the full case-file form (DESIGN.md section 4).
pub const CASE_KEYS: &[&str] = &[
    "kind",
    "apiVersion",
    "operation",
    "subresource",
    "object",
    "oldObject",
    "gates",
    "expected",
    "expectedHandwritten",
    "notes",
    "prepare",
    "registry",
    "source",
];

/// Reads a request body of another kind for its unknown keys: the body's
/// JSON and the path it is at give what its type ignores.
pub type BodyReader<'a> = &'a dyn Fn(&Value, &str) -> Vec<CaseProblem>;

/// The keys of `value` that deserialising it as a `T` ignores, as
/// [`CaseProblem::UnknownKey`]s whose path is `at` followed by the path of
/// the object holding the key (`at` alone for the top). A value that is no
/// `T` yields what was ignored before the type error (the loader reports
/// the type error itself).
///
/// ```
/// use dv_harness_engine::unknown_keys::ignored_keys;
/// #[derive(serde::Deserialize)]
/// struct Port { port: i32 }
/// #[derive(serde::Deserialize)]
/// struct Spec { ports: Vec<Port>, labels: std::collections::BTreeMap<String, String> }
/// let v = serde_json::json!({"ports": [{"port": 1}, {"prot": 2}], "labels": {"any": "x"}});
/// let found = ignored_keys::<Spec>(&v, "object.spec");
/// assert_eq!(found.len(), 1);
/// assert_eq!(found[0].to_string(), r#"unknown key "prot" at object.spec.ports[1]: ignored"#);
/// ```
pub fn ignored_keys<T: DeserializeOwned>(value: &Value, at: &str) -> Vec<CaseProblem> {
    let mut found = Vec::new();
    let _ = serde_ignored::deserialize::<_, _, T>(crate::go_null::GoNull(value), |path| {
        if let serde_ignored::Path::Map { parent, key } = &path {
            found.push(CaseProblem::UnknownKey {
                key: key.clone(),
                path: join(at, &render(parent)),
                hint: None,
            });
        }
    });
    found
}

/// Every key of a case-file document that loading it for a pair whose
/// object type is `T` ignores: top-level keys outside [`CASE_KEYS`] (with
/// the nearest known key as a hint), keys of `object` and `oldObject` that
/// `T` has no field for, and keys of `expected` / `expectedHandwritten`
/// entries that an expected error does not have. `body` reads `object`
/// instead when the case's object is a request body of another kind (a
/// `/scale` `Scale`). A bare object (no `object` key) is read as a `T`
/// whole. The keys come in document order. A document that is no JSON
/// object yields nothing (the loader reports it).
///
/// ```
/// use dv_harness_engine::unknown_keys::case_unknown_keys;
/// #[derive(serde::Deserialize)]
/// struct Obj { #[serde(default)] kind: String, #[serde(default, rename = "apiVersion")] api_version: String, n: i32 }
/// let doc = serde_json::json!({"kind": "K", "apiVersion": "v1", "object": {"n": 1, "m": 2},
///     "expect": [], "expected": [{"type": "FieldValueRequired", "field": "n", "orign": "x"}]});
/// let found: Vec<String> = case_unknown_keys::<Obj>(&doc, None).iter().map(|p| p.to_string()).collect();
/// assert_eq!(found, [
///     r#"unknown key "m" at object: ignored"#,
///     r#"unknown key "expect" at . (not a case-file key; did you mean "expected"?): ignored"#,
///     r#"unknown key "orign" at expected[0]: ignored"#,
/// ]);
/// let bare = serde_json::json!({"kind": "K", "apiVersion": "v1", "n": 1, "z": 0});
/// assert_eq!(case_unknown_keys::<Obj>(&bare, None)[0].to_string(), r#"unknown key "z" at .: ignored"#);
/// ```
pub fn case_unknown_keys<T: DeserializeOwned>(
    doc: &Value,
    body: Option<BodyReader<'_>>,
) -> Vec<CaseProblem> {
    let Value::Object(map) = doc else {
        return Vec::new();
    };
    if !map.contains_key("object") {
        return ignored_keys::<T>(doc, "");
    }
    let mut found = Vec::new();
    for (key, value) in map {
        match key.as_str() {
            "object" => match body {
                Some(read) => found.extend(read(value, "object")),
                None => found.extend(ignored_keys::<T>(value, "object")),
            },
            "oldObject" => found.extend(ignored_keys::<Option<T>>(value, "oldObject")),
            "expected" | "expectedHandwritten" => {
                found.extend(ignored_keys::<Option<Vec<ExpectedError>>>(value, key));
            }
            known if CASE_KEYS.contains(&known) => {}
            unknown => found.push(CaseProblem::UnknownKey {
                key: unknown.to_string(),
                path: String::new(),
                hint: Some(case_key_hint(unknown)),
            }),
        }
    }
    found
}

/// What a top-level key outside the format is told: that it is no
/// case-file key, and the nearest one when a key is close.
fn case_key_hint(key: &str) -> String {
    let lower: Vec<char> = key.to_lowercase().chars().collect();
    let nearest = CASE_KEYS
        .iter()
        .map(|k| {
            let cand: Vec<char> = k.to_lowercase().chars().collect();
            let limit = (lower.len().max(cand.len()) / 3).max(2);
            (
                crate::feature_gates::edit_distance(&lower, &cand),
                limit,
                *k,
            )
        })
        .filter(|(d, limit, _)| d <= limit)
        .min_by_key(|(d, _, _)| *d);
    match nearest {
        Some((_, _, k)) => format!("not a case-file key; did you mean {k:?}?"),
        None => format!("not a case-file key; the keys are {}", CASE_KEYS.join(", ")),
    }
}

/// `at` followed by `path` (either may be empty; an index joins without a dot).
fn join(at: &str, path: &str) -> String {
    if path.is_empty() {
        at.to_string()
    } else if at.is_empty() {
        path.to_string()
    } else if path.starts_with('[') {
        format!("{at}{path}")
    } else {
        format!("{at}.{path}")
    }
}

/// A `serde_ignored` path as the loader writes JSON paths:
/// `spec.ports[0].port`, empty for the top.
fn render(path: &serde_ignored::Path<'_>) -> String {
    match path {
        serde_ignored::Path::Root => String::new(),
        serde_ignored::Path::Seq { parent, index } => format!("{}[{index}]", render(parent)),
        serde_ignored::Path::Map { parent, key } => join(&render(parent), key),
        serde_ignored::Path::Some { parent }
        | serde_ignored::Path::NewtypeStruct { parent }
        | serde_ignored::Path::NewtypeVariant { parent } => render(parent),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use serde_json::json;
    use std::collections::BTreeMap;

    #[derive(Deserialize, Default)]
    #[serde(rename_all = "camelCase")]
    #[allow(dead_code)]
    struct Meta {
        #[serde(default)]
        name: String,
        #[serde(default)]
        labels: BTreeMap<String, String>,
    }

    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    #[allow(dead_code)]
    struct Obj {
        #[serde(default)]
        kind: String,
        #[serde(default)]
        api_version: String,
        #[serde(default)]
        metadata: Meta,
        #[serde(default)]
        items: Option<Vec<Item>>,
        #[serde(default)]
        raw: Option<Value>,
        #[serde(default)]
        by_name: BTreeMap<String, Item>,
    }

    #[derive(Deserialize)]
    #[allow(dead_code)]
    struct Item {
        #[serde(default)]
        n: i32,
    }

    fn keys(found: &[CaseProblem]) -> Vec<(String, String)> {
        found
            .iter()
            .map(|p| match p {
                CaseProblem::UnknownKey { key, path, .. } => (path.clone(), key.clone()),
                other => panic!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn data_keys_and_raw_values_are_not_fields() {
        let v = json!({
            "metadata": {"name": "a", "labels": {"nmae": "x"}, "lables": {}},
            "raw": {"anything": {"goes": [1]}},
            "byName": {"x": {"n": 1, "m": 2}},
            "items": [{"n": 1}, {"n": 2, "nn": 3}],
            "status": {}
        });
        assert_eq!(
            keys(&ignored_keys::<Obj>(&v, "object")),
            [
                ("object.metadata".to_string(), "lables".to_string()),
                ("object.byName.x".to_string(), "m".to_string()),
                ("object.items[1]".to_string(), "nn".to_string()),
                ("object".to_string(), "status".to_string()),
            ]
        );
    }

    #[test]
    fn paths_join_fields_with_dots_and_indices_without() {
        assert_eq!(join("expected", "[0]"), "expected[0]");
        assert_eq!(join("object", "spec.ports[1]"), "object.spec.ports[1]");
        assert_eq!(join("", "[2]"), "[2]");
        assert_eq!(join("object", ""), "object");
        let found = ignored_keys::<Vec<Item>>(&json!([{"n": 1}, {"x": 0}]), "items");
        assert_eq!(keys(&found), [("items[1]".to_string(), "x".to_string())]);
    }

    #[test]
    fn null_old_object_and_expected_have_no_keys() {
        let doc = json!({"kind": "K", "apiVersion": "v1", "object": {},
            "oldObject": null, "expected": null, "gates": {"AnyGate": true}});
        assert!(case_unknown_keys::<Obj>(&doc, None).is_empty());
        let doc = json!({"kind": "K", "apiVersion": "v1", "object": {},
            "oldObject": {"metadata": {"nmae": "a"}}});
        assert_eq!(
            keys(&case_unknown_keys::<Obj>(&doc, None)),
            [("oldObject.metadata".to_string(), "nmae".to_string())]
        );
    }

    #[test]
    fn a_body_reader_reads_object_instead_of_the_type() {
        let doc = json!({"kind": "K", "apiVersion": "v1", "subresource": "/scale",
            "object": {"kind": "Scale", "spec": {"replicas": 1}}, "oldObject": {}});
        let body = |v: &Value, at: &str| {
            assert_eq!(v["kind"], "Scale");
            vec![CaseProblem::UnknownKey {
                key: "body".into(),
                path: at.into(),
                hint: None,
            }]
        };
        assert_eq!(
            keys(&case_unknown_keys::<Obj>(&doc, Some(&body))),
            [("object".to_string(), "body".to_string())]
        );
        // Without it, `spec` is a key the object type does not know.
        assert_eq!(
            keys(&case_unknown_keys::<Obj>(&doc, None)),
            [("object".to_string(), "spec".to_string())]
        );
    }

    #[test]
    fn top_level_slips_name_the_nearest_key() {
        let doc = json!({"kind": "K", "apiVersion": "v1", "object": {}, "gate": {},
            "comment": "x"});
        let found = case_unknown_keys::<Obj>(&doc, None);
        assert_eq!(found.len(), 2);
        assert!(found[0].to_string().contains(r#"did you mean "gates"?"#));
        assert!(
            found[1]
                .to_string()
                .contains("the keys are kind, apiVersion")
        );
        assert!(case_unknown_keys::<Obj>(&json!([1]), None).is_empty());
    }
}
