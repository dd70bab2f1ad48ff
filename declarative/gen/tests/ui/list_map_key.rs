use apimachinery::Validate;

#[derive(Validate, PartialEq)]
struct Item {
    name: String,
}

#[derive(Validate, PartialEq)]
struct S {
    /// +k8s:optional
    /// +k8s:listType=set
    /// +k8s:listMapKey=name
    a: Vec<Item>,
    /// +k8s:optional
    /// +k8s:listType=map
    b: Vec<Item>,
}

fn main() {}
