use apimachinery::Validate;

#[derive(Validate, PartialEq)]
struct S {
    /// +k8s:optional
    /// +k8s:ifEnabled(X)=+k8s:alpha(since: "1.36")=+k8s:minimum=1
    a: i32,
    /// +k8s:optional
    /// +k8s:beta(since: "1.36")
    b: i32,
}

fn main() {}
