use apimachinery::Validate;

#[derive(Validate, PartialEq)]
struct S {
    /// +k8s:optional
    /// +k8s:minimun=1
    a: i32,
}

fn main() {}
