//! validation-gen.
#[allow(dead_code)]
mod grammar;
