//! Compile-time errors of the derive: parse errors, type checks and lint,
//! each pointing at its tag (`.stderr` files next to the cases).

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
