use apimachinery::Validate;

#[derive(Validate, PartialEq)]
struct S {
    /// +k8s:optional
    /// +k8s:neq="x"
    a: String,
    /// +k8s:forbidden
    b: Option<String>,
    /// +k8s:optional
    /// +k8s:beta(since: "1.36")=+k8s:monotonic
    c: i64,
}

fn main() {}
