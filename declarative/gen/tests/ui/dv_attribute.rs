use apimachinery::Validate;
use std::collections::BTreeMap;

#[derive(Validate, PartialEq, Default)]
#[serde(transparent)]
struct Labels(BTreeMap<String, String>);

#[derive(Validate, PartialEq)]
struct S {
    /// +k8s:optional
    /// +k8s:maxProperties=1
    #[dv(typedef = "BTreeMap<String, String>")]
    ok: Labels,
    /// +k8s:optional
    /// +k8s:maxProperties=1
    #[dv(wraps = "BTreeMap<String, String>")]
    unknown_key: Labels,
    /// +k8s:optional
    /// +k8s:maxProperties=1
    #[dv(typedef = "BTreeMap<String,")]
    bad_type: Labels,
}

fn main() {}
