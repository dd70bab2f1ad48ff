//! Kubernetes' `k8s.io/apimachinery/pkg/api/resource`: exact quantities
//! ([`Quantity`]) and a quantity field's value as received
//! ([`QuantityText`], kept as its text, compared by value).

pub mod quantity;
pub mod quantity_text;

pub use quantity::{Quantity, QuantityError, QuantityFormat, parse_quantity};
pub use quantity_text::QuantityText;
