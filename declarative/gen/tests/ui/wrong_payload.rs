use apimachinery::Validate;

#[derive(Validate, PartialEq)]
struct S {
    /// +k8s:optional
    /// +k8s:minimum="one"
    a: i32,
    /// +k8s:optional
    /// +k8s:maxLength
    b: String,
    /// +k8s:optional
    /// +k8s:immutable=true
    c: String,
}

fn main() {}
