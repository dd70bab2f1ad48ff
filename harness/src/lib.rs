//! dv-harness library.
