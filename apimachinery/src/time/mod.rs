//! Kubernetes' `metav1.Time` and `metav1.MicroTime`: RFC 3339 text
//! ([`rfc3339`]) and a time field's value as received ([`Time`], kept as
//! its text, compared as an instant).

pub mod metav1_time;
pub mod rfc3339;

pub use metav1_time::Time;
