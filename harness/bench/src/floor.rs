//! The floor: a traversal that visits every field and value of an object
//! and does nothing with it, the physical limit for any validator of that
//! object. It is a [`serde::Serializer`] that only counts what it is shown.

use serde::Serialize;
use serde::ser::{
    self, SerializeMap, SerializeSeq, SerializeStruct, SerializeStructVariant, SerializeTuple,
    SerializeTupleStruct, SerializeTupleVariant,
};
use std::hint::black_box;

/// Visits every value of `value` (every struct field, list item, map key
/// and value, scalar) and returns how many scalars it saw.
///
/// ```
/// use dv_harness_bench::floor::traverse;
/// #[derive(serde::Serialize)]
/// struct S { a: i32, b: Vec<String>, c: Option<bool> }
/// let n = traverse(&S { a: 1, b: vec!["x".into(), "y".into()], c: None });
/// assert_eq!(n, 4); // a, two items of b, c (None)
/// ```
pub fn traverse<T: Serialize + ?Sized>(value: &T) -> u64 {
    let mut counter = Counter(0);
    // A value that refuses to serialise ends the walk early; the objects
    // benchmarked all round-trip through JSON, so none does.
    let _refused = value.serialize(&mut counter).is_err();
    counter.0
}

/// The no-op serializer: counts scalars, recurses into everything else.
struct Counter(u64);

/// The error type of [`Counter`]: only a value's own `Serialize` impl
/// can raise it (through `Error::custom`); the traversal then stops there.
#[derive(Debug)]
struct Refused;

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a value refused to serialise")
    }
}

impl std::error::Error for Refused {}

impl ser::Error for Refused {
    fn custom<T: std::fmt::Display>(_msg: T) -> Refused {
        Refused
    }
}

impl Counter {
    fn leaf<T>(&mut self, v: T) -> Result<(), Refused> {
        black_box(v);
        self.0 += 1;
        Ok(())
    }
}

impl ser::Serializer for &mut Counter {
    type Ok = ();
    type Error = Refused;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Self;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Self;

    fn serialize_bool(self, v: bool) -> Result<(), Refused> {
        self.leaf(v)
    }
    fn serialize_i8(self, v: i8) -> Result<(), Refused> {
        self.leaf(v)
    }
    fn serialize_i16(self, v: i16) -> Result<(), Refused> {
        self.leaf(v)
    }
    fn serialize_i32(self, v: i32) -> Result<(), Refused> {
        self.leaf(v)
    }
    fn serialize_i64(self, v: i64) -> Result<(), Refused> {
        self.leaf(v)
    }
    fn serialize_u8(self, v: u8) -> Result<(), Refused> {
        self.leaf(v)
    }
    fn serialize_u16(self, v: u16) -> Result<(), Refused> {
        self.leaf(v)
    }
    fn serialize_u32(self, v: u32) -> Result<(), Refused> {
        self.leaf(v)
    }
    fn serialize_u64(self, v: u64) -> Result<(), Refused> {
        self.leaf(v)
    }
    fn serialize_f32(self, v: f32) -> Result<(), Refused> {
        self.leaf(v)
    }
    fn serialize_f64(self, v: f64) -> Result<(), Refused> {
        self.leaf(v)
    }
    fn serialize_char(self, v: char) -> Result<(), Refused> {
        self.leaf(v)
    }
    fn serialize_str(self, v: &str) -> Result<(), Refused> {
        self.leaf(v)
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Refused> {
        self.leaf(v)
    }
    fn serialize_none(self) -> Result<(), Refused> {
        self.leaf(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Refused> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Refused> {
        self.leaf(())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Refused> {
        self.leaf(())
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        index: u32,
        _variant: &'static str,
    ) -> Result<(), Refused> {
        self.leaf(index)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Refused> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        value: &T,
    ) -> Result<(), Refused> {
        value.serialize(self)
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Self, Refused> {
        Ok(self)
    }
    fn serialize_tuple(self, _len: usize) -> Result<Self, Refused> {
        Ok(self)
    }
    fn serialize_tuple_struct(self, _name: &'static str, _len: usize) -> Result<Self, Refused> {
        Ok(self)
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self, Refused> {
        Ok(self)
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self, Refused> {
        Ok(self)
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Self, Refused> {
        Ok(self)
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self, Refused> {
        Ok(self)
    }
    fn collect_str<T: std::fmt::Display + ?Sized>(self, value: &T) -> Result<(), Refused> {
        // Visiting, not formatting: the value is seen without rendering it.
        self.leaf(value)
    }
}

impl SerializeSeq for &mut Counter {
    type Ok = ();
    type Error = Refused;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Refused> {
        value.serialize(&mut **self)
    }
    fn end(self) -> Result<(), Refused> {
        Ok(())
    }
}

impl SerializeTuple for &mut Counter {
    type Ok = ();
    type Error = Refused;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Refused> {
        value.serialize(&mut **self)
    }
    fn end(self) -> Result<(), Refused> {
        Ok(())
    }
}

impl SerializeTupleStruct for &mut Counter {
    type Ok = ();
    type Error = Refused;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Refused> {
        value.serialize(&mut **self)
    }
    fn end(self) -> Result<(), Refused> {
        Ok(())
    }
}

impl SerializeTupleVariant for &mut Counter {
    type Ok = ();
    type Error = Refused;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Refused> {
        value.serialize(&mut **self)
    }
    fn end(self) -> Result<(), Refused> {
        Ok(())
    }
}

impl SerializeMap for &mut Counter {
    type Ok = ();
    type Error = Refused;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Refused> {
        key.serialize(&mut **self)
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Refused> {
        value.serialize(&mut **self)
    }
    fn end(self) -> Result<(), Refused> {
        Ok(())
    }
}

impl SerializeStruct for &mut Counter {
    type Ok = ();
    type Error = Refused;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        _key: &'static str,
        value: &T,
    ) -> Result<(), Refused> {
        value.serialize(&mut **self)
    }
    fn end(self) -> Result<(), Refused> {
        Ok(())
    }
}

impl SerializeStructVariant for &mut Counter {
    type Ok = ();
    type Error = Refused;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        _key: &'static str,
        value: &T,
    ) -> Result<(), Refused> {
        value.serialize(&mut **self)
    }
    fn end(self) -> Result<(), Refused> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn counts_every_scalar_of_nested_values() {
        let mut m = BTreeMap::new();
        m.insert("a".to_string(), vec![1, 2, 3]);
        m.insert("b".to_string(), vec![]);
        // keys a, b + three numbers
        assert_eq!(traverse(&m), 5);
        let v = serde_json::json!({"x": [true, null, {"y": "z"}]});
        // x, true, null, y, "z"
        assert_eq!(traverse(&v), 5);
    }

    #[test]
    fn real_objects_are_fully_visited() {
        let rc: declarative::api::core::v1::ReplicationController =
            serde_json::from_value(serde_json::json!({
                "metadata": {"name": "web", "labels": {"app": "web"}},
                "spec": {"replicas": 2, "selector": {"app": "web"}}
            }))
            .unwrap();
        let small = traverse(&rc);
        let mut bigger = rc.clone();
        bigger.metadata.labels.insert("tier".into(), "x".into());
        assert_eq!(traverse(&bigger), small + 2);
    }
}
