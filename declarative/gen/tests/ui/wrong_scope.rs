use apimachinery::Validate;

/// +k8s:minimum=1
#[derive(Validate, PartialEq)]
struct S {
    /// +k8s:optional
    a: i32,
}

fn main() {}
