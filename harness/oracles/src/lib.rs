//! # dv-harness-oracles
//!
//! Oracles apart from generators (as in wasmtime's `crates/fuzzing`): the
//! fuzz inputs, per-kind oracles and artifacts behind the thin targets of
//! the `fuzz/` crate ([`fuzz`]), and the self-test that plants known
//! divergences and measures how fast the generators find them
//! ([`selftest`]).

pub mod fuzz;
pub mod selftest;
