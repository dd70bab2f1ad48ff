//! Integration tests of the engine that need bundled kinds (crate
//! `dv-harness-kinds`, a dev-dependency): one binary, one module per concern.

mod isolate_chaos;
mod pair_gates;
