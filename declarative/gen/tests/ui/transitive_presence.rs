use apimachinery::Validate;

#[derive(Validate, PartialEq, Default)]
struct Spec {
    /// +k8s:optional
    /// +k8s:minimum=1
    replicas: i32,
}

// No tags of its own, but a field whose type validates.
#[derive(Validate, PartialEq, Default)]
struct Wrapper {
    spec: Spec,
}

#[derive(Validate, PartialEq, Default)]
struct Plain {
    n: i32,
}

apimachinery::k8s_enum! {
    /// +k8s:enum
    pub enum Protocol {
        Tcp = "TCP",
    }
}

apimachinery::k8s_enum! {
    pub enum Untyped {
        A = "A",
    }
}

#[derive(Validate, PartialEq)]
struct S {
    // Rejected: pointers, lists and maps reaching validation, untagged.
    spec: Option<Spec>,
    specs: Vec<Spec>,
    wrapped: std::collections::BTreeMap<String, Wrapper>,
    // A string typedef with validation (an enum), even by value.
    protocol: Protocol,
    // Accepted: a presence tag, a non-pointer struct, an opaque field,
    // and types without validation.
    /// +k8s:optional
    tagged: Option<Spec>,
    inline: Spec,
    /// +k8s:opaqueType
    opaque: Option<Spec>,
    plain_struct: Option<Plain>,
    plain: Option<String>,
    untyped: Option<Untyped>,
}

fn main() {}
