use apimachinery::Validate;

#[derive(Validate, PartialEq)]
struct S {
    /// +k8s:optional
    /// +k8s:minimum=10
    /// +k8s:maximum=1
    a: i32,
    /// +k8s:optional
    /// +k8s:minItems=3
    /// +k8s:maxItems=2
    b: Vec<i32>,
}

fn main() {}
