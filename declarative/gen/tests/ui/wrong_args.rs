use apimachinery::Validate;

#[derive(Validate, PartialEq)]
struct S {
    /// +k8s:optional
    /// +k8s:alpha(since: 136)=+k8s:minimum=1
    a: i32,
    /// +k8s:optional
    /// +k8s:beta(owner: "me")=+k8s:minimum=1
    b: i32,
    /// +k8s:optional
    /// +k8s:ifEnabled=+k8s:minimum=1
    c: i32,
    /// +k8s:optional
    /// +k8s:alpha(since: "v1.36")=+k8s:minimum=1
    d: i32,
}

fn main() {}
