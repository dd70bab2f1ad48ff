//! The equivalence suites of the user-facing crate on a small kind of the
//! tests' own (`Gadget`): the facade `dv_harness` alone, no bundled kinds.

mod corpus_inventory;
mod dependencies;
mod planted;
mod support;
mod user;
