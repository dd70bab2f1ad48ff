use apimachinery::Validate;

#[derive(Validate, PartialEq)]
struct S {
    /// +k8s:beta(since: "1.36")=+k8s:unionDiscriminator
    kind: String,
    /// +k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:unionMember
    a: Option<String>,
    /// +k8s:optional
    /// +k8s:unionMember
    b: Option<String>,
}

fn main() {}
