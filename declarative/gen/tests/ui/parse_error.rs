use apimachinery::Validate;

#[derive(Validate, PartialEq)]
struct S {
    /// +k8s:optional
    /// +k8s:minimum=
    a: i32,
    /// +k8s:optional
    /// +k8s:item(a: 1, 2)=+k8s:required
    b: Vec<i32>,
    /// +k8s:optional
    /// +k8s:neq="unterminated
    c: String,
}

fn main() {}
