//! RFC 3339 times as `metav1.Time` reads them: the `apimachinery` crate's
//! [`apimachinery::time::rfc3339`], under the path the CSR strategy imports
//! it by.

pub use apimachinery::time::rfc3339::*;
