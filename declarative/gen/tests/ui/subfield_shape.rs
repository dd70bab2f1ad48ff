use apimachinery::Validate;

#[derive(Validate, PartialEq, Default, serde::Serialize)]
struct Meta {
    finalizers: Vec<String>,
}

#[derive(Validate, PartialEq)]
struct S {
    /// +k8s:subfield(finalizers)=+k8s:listType=set
    m: Meta,
    /// +k8s:subfield(finalizers)=+k8s:ifEnabled(X)=+k8s:maxItems=1
    n: Meta,
}

fn main() {}
