use apimachinery::Validate;

/// +k8s:required
#[derive(Validate, PartialEq)]
struct S {
    /// +k8s:optional
    a: i32,
}

fn main() {}
