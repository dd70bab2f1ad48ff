use apimachinery::Validate;

#[derive(Validate, PartialEq, Default)]
struct Item {
    name: String,
}

/// Under `+k8s:ifEnabled` / `+k8s:ifDisabled` a Stable context is relaxed to
/// Beta: Beta tags pass (the union discriminator and `+k8s:forbidden`
/// below), Alpha tags, at any depth of the payload chain, are rejected.
#[derive(Validate, PartialEq)]
struct S {
    /// +k8s:optional
    /// +k8s:ifDisabled(X)=+k8s:unionDiscriminator
    d: String,
    /// +k8s:ifEnabled(X)=+k8s:unionMember
    /// +k8s:optional
    m: Option<String>,
    /// +k8s:ifEnabled(X)=+k8s:forbidden
    f: Option<String>,
    /// +k8s:optional
    /// +k8s:ifEnabled(X)=+k8s:validateTrueAlpha
    a: Option<String>,
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:ifDisabled(X)=+k8s:item(name: "a")=+k8s:subfield(name)=+k8s:neq="b"
    b: Vec<Item>,
    /// +k8s:optional
    /// +k8s:beta=+k8s:ifEnabled(X)=+k8s:monotonic
    c: i64,
}

fn main() {}
