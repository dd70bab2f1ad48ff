use apimachinery::Validate;

#[derive(Validate, PartialEq)]
struct Item {
    name: String,
    kind: String,
}

#[derive(Validate, PartialEq)]
struct S {
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:listMapKey=kind
    /// +k8s:item(name: "a")=+k8s:required
    a: Vec<Item>,
    /// +k8s:optional
    /// +k8s:listType=atomic
    /// +k8s:item(name: "a")=+k8s:required
    b: Vec<Item>,
}

fn main() {}
