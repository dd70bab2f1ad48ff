use apimachinery::Validate;

#[derive(Validate, PartialEq, Default, serde::Serialize)]
struct Item {
    id: String,
    name: String,
}

/// +k8s:listType=map
/// +k8s:listMapKey=id
#[derive(Validate, PartialEq, Default)]
struct Items(Vec<Item>);

/// +k8s:listType=atomic
#[derive(Validate, PartialEq, Default)]
struct Atomic(Vec<Item>);

#[derive(Validate, PartialEq)]
struct S {
    /// +k8s:optional
    /// +k8s:item(name: "a")=+k8s:immutable
    #[dv(typedef = "Vec<Item>")]
    not_a_key: Items,
    /// +k8s:optional
    /// +k8s:item(id: "a")=+k8s:immutable
    #[dv(typedef = "Vec<Item>")]
    not_a_map: Atomic,
}

fn main() {}
