//! The core API group (`""`, served at `/api`).

pub mod v1;
