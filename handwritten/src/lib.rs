//! Hand-written validators.
