use apimachinery::Validate;

#[derive(Validate, PartialEq, Default)]
struct Inner {
    /// +k8s:optional
    /// +k8s:minimum=1
    a: i32,
}

#[derive(Validate, PartialEq, Default)]
struct Typedef(String);

#[derive(Validate, PartialEq)]
struct S {
    /// +k8s:optional
    opt: Inner,
    /// +k8s:required
    req: Inner,
    /// +k8s:beta=+k8s:forbidden
    forb: Inner,
    // Allowed: a pointer to a struct, and a non-struct named type.
    /// +k8s:optional
    ptr: Option<Inner>,
    /// +k8s:required
    named: Typedef,
}

fn main() {}
