//! validation-gen.
