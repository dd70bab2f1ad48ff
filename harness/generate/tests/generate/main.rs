//! Integration tests of the generators that need bundled kinds (crate
//! `dv-harness-kinds`, a dev-dependency): one binary, one module per concern.

mod plan_kinds;
