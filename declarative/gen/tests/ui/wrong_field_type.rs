use apimachinery::Validate;

#[derive(Validate, PartialEq)]
struct S {
    /// +k8s:optional
    /// +k8s:minimum=1
    a: String,
    /// +k8s:optional
    /// +k8s:maxItems=1
    b: String,
    /// +k8s:optional
    /// +k8s:format=k8s-nope
    c: String,
    /// +k8s:optional
    /// +k8s:maxLength=-1
    d: String,
    /// +k8s:optional
    /// +k8s:update=NoModify
    e: Vec<String>,
}

fn main() {}
