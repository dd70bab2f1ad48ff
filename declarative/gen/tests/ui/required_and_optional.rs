use apimachinery::Validate;

#[derive(Validate, PartialEq)]
struct S {
    /// +k8s:required
    /// +k8s:optional
    a: Option<i32>,
}

fn main() {}
