//! Port of validation-gen's `output_tests/tags/levels/listkeys`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:alpha` / `+k8s:beta` on `+k8s:listType=map` and on its
//! `+k8s:listMapKey`s: the list's level marks the duplicate errors, the
//! keys' levels do not.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct MapItem {
    key: String,
    value: i64,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct MultiKeyItem {
    key1: String,
    key2: i64,
    value: i64,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct ListKeyStruct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// Case 1: Alpha listType, Standard Key
    /// +k8s:alpha=+k8s:listType=map
    /// +k8s:listMapKey=key
    alpha_list_type_standard_key: Vec<MapItem>,

    /// Case 2: Standard listType, Alpha Key
    /// +k8s:listType=map
    /// +k8s:alpha=+k8s:listMapKey=key
    standard_list_type_alpha_key: Vec<MapItem>,

    /// Case 3: Alpha listType, Alpha Key
    /// +k8s:alpha=+k8s:listType=map
    /// +k8s:alpha=+k8s:listMapKey=key
    alpha_list_type_alpha_key: Vec<MapItem>,

    /// Case 4: Standard listType, Alpha Key1, Standard Key2
    /// +k8s:listType=map
    /// +k8s:alpha=+k8s:listMapKey=key1
    /// +k8s:listMapKey=key2
    standard_list_type_mixed_keys_1: Vec<MultiKeyItem>,

    /// Case 5: Standard listType, Standard Key1, Alpha Key2
    /// +k8s:listType=map
    /// +k8s:listMapKey=key1
    /// +k8s:alpha=+k8s:listMapKey=key2
    standard_list_type_mixed_keys_2: Vec<MultiKeyItem>,

    /// Case 6: Alpha listType, Alpha Key1, Standard Key2
    /// +k8s:alpha=+k8s:listType=map
    /// +k8s:alpha=+k8s:listMapKey=key1
    /// +k8s:listMapKey=key2
    alpha_list_type_mixed_keys_1: Vec<MultiKeyItem>,

    /// Case 7: Alpha listType, Standard Key1, Alpha Key2
    /// +k8s:alpha=+k8s:listType=map
    /// +k8s:listMapKey=key1
    /// +k8s:alpha=+k8s:listMapKey=key2
    alpha_list_type_mixed_keys_2: Vec<MultiKeyItem>,

    /// Case 11: Standard listType, Beta Key1, Standard Key2
    /// +k8s:listType=map
    /// +k8s:beta=+k8s:listMapKey=key1
    /// +k8s:listMapKey=key2
    standard_list_type_mixed_keys_beta_1: Vec<MultiKeyItem>,

    /// Case 12: Standard listType, Standard Key1, Beta Key2
    /// +k8s:listType=map
    /// +k8s:listMapKey=key1
    /// +k8s:beta=+k8s:listMapKey=key2
    standard_list_type_mixed_keys_beta_2: Vec<MultiKeyItem>,

    /// Case 13: Beta listType, Beta Key1, Standard Key2
    /// +k8s:beta=+k8s:listType=map
    /// +k8s:beta=+k8s:listMapKey=key1
    /// +k8s:listMapKey=key2
    beta_list_type_mixed_keys_1: Vec<MultiKeyItem>,

    /// Case 14: Beta listType, Standard Key1, Beta Key2
    /// +k8s:beta=+k8s:listType=map
    /// +k8s:listMapKey=key1
    /// +k8s:beta=+k8s:listMapKey=key2
    beta_list_type_mixed_keys_2: Vec<MultiKeyItem>,

    /// Case 8: Beta listType, Standard Key
    /// +k8s:beta=+k8s:listType=map
    /// +k8s:listMapKey=key
    beta_list_type_standard_key: Vec<MapItem>,

    /// Case 9: Standard listType, Beta Key
    /// +k8s:listType=map
    /// +k8s:beta=+k8s:listMapKey=key
    standard_list_type_beta_key: Vec<MapItem>,

    /// Case 10: Beta listType, Beta Key
    /// +k8s:beta=+k8s:listType=map
    /// +k8s:beta=+k8s:listMapKey=key
    beta_list_type_beta_key: Vec<MapItem>,
}

fn map_items(key: &str) -> Vec<MapItem> {
    (1..=2)
        .map(|value| MapItem {
            key: key.into(),
            value,
        })
        .collect()
}

fn multi_items(key1: &str) -> Vec<MultiKeyItem> {
    (1..=2)
        .map(|value| MultiKeyItem {
            key1: key1.into(),
            key2: 1,
            value,
        })
        .collect()
}

fn dup(name: &str) -> Error {
    Error::duplicate(&path(name).index(1), "")
}

#[test]
fn test_list_keys() {
    value(ListKeyStruct {
        // Case 1: Alpha listType, Standard Key
        alpha_list_type_standard_key: map_items("a"),
        // Case 2: Standard listType, Alpha Key
        standard_list_type_alpha_key: map_items("b"),
        // Case 3: Alpha listType, Alpha Key
        alpha_list_type_alpha_key: map_items("c"),
        // Case 4: Standard listType, Alpha Key1, Standard Key2
        standard_list_type_mixed_keys_1: multi_items("d"),
        // Case 5: Standard listType, Standard Key1, Alpha Key2
        standard_list_type_mixed_keys_2: multi_items("e"),
        // Case 6: Alpha listType, Alpha Key1, Standard Key2
        alpha_list_type_mixed_keys_1: multi_items("f"),
        // Case 7: Alpha listType, Standard Key1, Alpha Key2
        alpha_list_type_mixed_keys_2: multi_items("g"),
        // Case 11: Standard listType, Beta Key1, Standard Key2
        standard_list_type_mixed_keys_beta_1: multi_items("k"),
        // Case 12: Standard listType, Standard Key1, Beta Key2
        standard_list_type_mixed_keys_beta_2: multi_items("l"),
        // Case 13: Beta listType, Beta Key1, Standard Key2
        beta_list_type_mixed_keys_1: multi_items("m"),
        // Case 14: Beta listType, Standard Key1, Beta Key2
        beta_list_type_mixed_keys_2: multi_items("n"),
        // Case 8: Beta listType, Standard Key
        beta_list_type_standard_key: map_items("h"),
        // Case 9: Standard listType, Beta Key
        standard_list_type_beta_key: map_items("i"),
        // Case 10: Beta listType, Beta Key
        beta_list_type_beta_key: map_items("j"),
        ..Default::default()
    })
    .expect_matches(
        ErrorMatcher::default()
            .by_type()
            .by_field()
            .by_origin()
            .by_validation_stability_level(),
        ErrorList(vec![
            // Case 1: Alpha listType, Standard Key: an alpha error.
            dup("alphaListTypeStandardKey").mark_alpha(),
            // Case 2: Standard listType, Alpha Key (the alpha key is a functional key): a normal error.
            dup("standardListTypeAlphaKey"),
            // Case 3: Alpha listType, Alpha Key: an alpha error.
            dup("alphaListTypeAlphaKey").mark_alpha(),
            // Case 4: Standard listType, Alpha Key1, Standard Key2: a normal error.
            dup("standardListTypeMixedKeys1"),
            // Case 5: Standard listType, Standard Key1, Alpha Key2: a normal error.
            dup("standardListTypeMixedKeys2"),
            // Case 6: Alpha listType, Alpha Key1, Standard Key2: an alpha error.
            dup("alphaListTypeMixedKeys1").mark_alpha(),
            // Case 7: Alpha listType, Standard Key1, Alpha Key2: an alpha error.
            dup("alphaListTypeMixedKeys2").mark_alpha(),
            // Case 11: Standard listType, Beta Key1, Standard Key2: a normal error.
            dup("standardListTypeMixedKeysBeta1"),
            // Case 12: Standard listType, Standard Key1, Beta Key2: a normal error.
            dup("standardListTypeMixedKeysBeta2"),
            // Case 13: Beta listType, Beta Key1, Standard Key2: a beta error.
            dup("betaListTypeMixedKeys1").mark_beta(),
            // Case 14: Beta listType, Standard Key1, Beta Key2: a beta error.
            dup("betaListTypeMixedKeys2").mark_beta(),
            // Case 8: Beta listType, Standard Key: a beta error.
            dup("betaListTypeStandardKey").mark_beta(),
            // Case 9: Standard listType, Beta Key (the beta key is a functional key): a normal error.
            dup("standardListTypeBetaKey"),
            // Case 10: Beta listType, Beta Key: a beta error.
            dup("betaListTypeBetaKey").mark_beta(),
        ]),
    );
}
