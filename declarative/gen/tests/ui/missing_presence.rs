use apimachinery::Validate;

#[derive(Validate, PartialEq)]
struct S {
    /// +k8s:minimum=1
    a: i32,
    /// +k8s:eachVal=+k8s:maxLength=3
    b: Vec<String>,
}

fn main() {}
