use apimachinery::Validate;
use std::collections::HashMap;

#[derive(Validate, PartialEq, Default)]
struct Inner {
    /// +k8s:optional
    /// +k8s:minimum=1
    a: i32,
}

#[derive(Validate, PartialEq)]
struct S {
    /// +k8s:optional
    /// +k8s:eachVal=+k8s:minimum=1
    counts: HashMap<String, i32>,
    // Untagged: its values' own validation would be skipped silently.
    inners: Option<HashMap<String, Inner>>,
}

fn main() {}
