use apimachinery::Validate;

/// +k8s:enum
#[derive(Validate, PartialEq)]
struct S {
    /// +k8s:optional
    a: String,
}

apimachinery::k8s_enum! {
    /// +k8s:enum
    pub enum E {
        /// +k8s:minimum=1
        A = "A",
        /// +k8s:ifEnabled(X)=+k8s:required
        B = "B",
    }
}

fn main() {}
