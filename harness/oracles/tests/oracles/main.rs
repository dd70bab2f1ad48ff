//! Integration tests of the fuzz oracles and the self-test against the
//! bundled kinds: one binary, one module per concern.

mod fuzz_seeds;
mod selftest_subset;
