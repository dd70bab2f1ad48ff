//! Quantities are kept as their text. Kubernetes accepts a quantity written
//! as a JSON string or as a bare JSON number; both deserialize to the text.

use serde::{Deserialize, Deserializer};
use std::collections::BTreeMap;

#[derive(Deserialize)]
#[serde(untagged)]
enum QuantityText {
    Text(String),
    Number(serde_json::Number),
}

impl QuantityText {
    fn into_text(self) -> String {
        match self {
            QuantityText::Text(s) => s,
            QuantityText::Number(n) => n.to_string(),
        }
    }
}

/// A `map[ResourceName]Quantity` (`null` is the empty map).
pub(super) fn map<'de, D: Deserializer<'de>>(d: D) -> Result<BTreeMap<String, String>, D::Error> {
    let raw: Option<BTreeMap<String, QuantityText>> = Option::deserialize(d)?;
    Ok(raw
        .unwrap_or_default()
        .into_iter()
        .map(|(k, v)| (k, v.into_text()))
        .collect())
}

/// A `*Quantity` or `Quantity` (`null` is absent).
pub(super) fn optional<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let raw: Option<QuantityText> = Option::deserialize(d)?;
    Ok(raw.map(QuantityText::into_text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize)]
    struct Holder {
        #[serde(default, deserialize_with = "map")]
        m: BTreeMap<String, String>,
        #[serde(default, deserialize_with = "optional")]
        o: Option<String>,
    }

    #[test]
    fn numbers_and_strings_become_text() {
        let h: Holder = serde_json::from_str(r#"{"m":{"cpu":1,"memory":"1Gi"},"o":0.5}"#).unwrap();
        assert_eq!(h.m["cpu"], "1");
        assert_eq!(h.m["memory"], "1Gi");
        assert_eq!(h.o.as_deref(), Some("0.5"));
        let e: Holder = serde_json::from_str(r#"{"m":null,"o":null}"#).unwrap();
        assert!(e.m.is_empty());
        assert!(e.o.is_none());
    }
}
