//! Hand-written validation of the core API group (`pkg/apis/core/validation`).

pub mod v1;
