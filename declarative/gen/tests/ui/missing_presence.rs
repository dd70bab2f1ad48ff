use apimachinery::Validate;

#[derive(Validate, PartialEq)]
struct S {
    /// +k8s:minimum=1
    a: i32,
    /// +k8s:eachVal=+k8s:maxLength=3
    b: Vec<String>,
    // Accepted without a presence tag: the only tag turns the items' own
    // validation off (Kubernetes' ServiceCIDRStatus.conditions).
    /// +k8s:alpha(since: "1.37")=+k8s:eachVal=+k8s:opaqueType
    c: Vec<T>,
}

#[derive(Validate, PartialEq)]
struct T {
    /// +k8s:optional
    /// +k8s:minimum=1
    d: i32,
}

fn main() {}
