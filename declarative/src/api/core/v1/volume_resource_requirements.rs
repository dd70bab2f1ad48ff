//! `VolumeResourceRequirements`: the storage amounts of a claim.

use super::serde_quantity;
use apimachinery::Validate;
use apimachinery::resource::QuantityText;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Kubernetes' `core/v1` `VolumeResourceRequirements`; quantities are kept
/// as written and compared by value.
///
/// ```
/// use declarative::api::core::v1::VolumeResourceRequirements;
/// let r: VolumeResourceRequirements = serde_json::from_str(r#"{"requests":{"storage":1000}}"#).unwrap();
/// assert_eq!(r.requests["storage"].as_str(), "1000");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct VolumeResourceRequirements {
    /// The most storage allowed.
    #[serde(
        default,
        deserialize_with = "serde_quantity::map",
        skip_serializing_if = "BTreeMap::is_empty"
    )]
    pub limits: BTreeMap<String, QuantityText>,
    /// The least storage required.
    #[serde(
        default,
        deserialize_with = "serde_quantity::map",
        skip_serializing_if = "BTreeMap::is_empty"
    )]
    pub requests: BTreeMap<String, QuantityText>,
}
