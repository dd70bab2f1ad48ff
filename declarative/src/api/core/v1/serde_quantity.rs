//! Quantity maps: `null` is the empty map; each value is a
//! [`QuantityText`] (a JSON string or a bare JSON number, kept as written).

use apimachinery::resource::QuantityText;
use serde::{Deserialize, Deserializer};
use std::collections::BTreeMap;

/// A `map[ResourceName]Quantity` (`null` is the empty map).
pub(super) fn map<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<BTreeMap<String, QuantityText>, D::Error> {
    let raw: Option<BTreeMap<String, QuantityText>> = Option::deserialize(d)?;
    Ok(raw.unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize)]
    struct Holder {
        #[serde(default, deserialize_with = "map")]
        m: BTreeMap<String, QuantityText>,
        #[serde(default)]
        o: Option<QuantityText>,
    }

    #[test]
    fn numbers_and_strings_keep_their_text() {
        let h: Holder = serde_json::from_str(r#"{"m":{"cpu":1,"memory":"1Gi"},"o":0.5}"#).unwrap();
        assert_eq!(h.m["cpu"].as_str(), "1");
        assert!(h.m["cpu"].is_number());
        assert_eq!(h.m["memory"].as_str(), "1Gi");
        assert_eq!(h.o.as_deref(), Some("0.5"));
        let e: Holder = serde_json::from_str(r#"{"m":null,"o":null}"#).unwrap();
        assert!(e.m.is_empty());
        assert!(e.o.is_none());
    }
}
