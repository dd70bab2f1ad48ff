//! The CEL types the checker knows (`Ty`, as cel-go prints them) and the
//! types of the DRA environment's declarations (`device` and its fields).

use super::*;

/// A CEL type, as far as the checker needs one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ty {
    /// `bool`.
    Bool,
    /// `int`.
    Int,
    /// `uint`.
    Uint,
    /// `double`.
    Double,
    /// `string`.
    String,
    /// `bytes`.
    Bytes,
    /// `null_type`.
    Null,
    /// `dyn`.
    Dyn,
    /// `any` (`google.protobuf.Any`): dynamic, but not a comprehension range.
    Any,
    /// The type of an expression that already failed.
    Error,
    /// `google.protobuf.Duration`.
    Duration,
    /// `google.protobuf.Timestamp`.
    Timestamp,
    /// `list(T)`.
    List(Box<Ty>),
    /// `map(K, V)`.
    Map(Box<Ty>, Box<Ty>),
    /// `type(T)`.
    Type(Box<Ty>),
    /// A named object or opaque type (`kubernetes.DRADevice`, ...).
    Named(&'static str),
    /// `optional_type(T)` (cel-go's optional types, on in Kubernetes).
    Opt(Box<Ty>),
    /// A type parameter of an overload.
    Param(&'static str),
}

pub(super) const DEVICE: &str = "kubernetes.DRADevice";
pub(super) const QUANTITY: &str = "kubernetes.Quantity";
pub(super) const SEMVER: &str = "kubernetes.Semver";

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ty::Bool => f.write_str("bool"),
            Ty::Int => f.write_str("int"),
            Ty::Uint => f.write_str("uint"),
            Ty::Double => f.write_str("double"),
            Ty::String => f.write_str("string"),
            Ty::Bytes => f.write_str("bytes"),
            Ty::Null => f.write_str("null_type"),
            Ty::Dyn => f.write_str("dyn"),
            Ty::Any => f.write_str("any"),
            Ty::Error => f.write_str("*error*"),
            Ty::Duration => f.write_str("google.protobuf.Duration"),
            Ty::Timestamp => f.write_str("google.protobuf.Timestamp"),
            Ty::List(e) => write!(f, "list({e})"),
            Ty::Map(k, v) => write!(f, "map({k}, {v})"),
            Ty::Type(t) => write!(f, "type({t})"),
            Ty::Named(n) => f.write_str(n),
            Ty::Opt(t) => write!(f, "optional_type({t})"),
            Ty::Param(p) => f.write_str(p),
        }
    }
}

pub(super) fn list(t: Ty) -> Ty {
    Ty::List(Box::new(t))
}
pub(super) fn map(k: Ty, v: Ty) -> Ty {
    Ty::Map(Box::new(k), Box::new(v))
}
pub(super) fn opt(t: Ty) -> Ty {
    Ty::Opt(Box::new(t))
}
pub(super) const A: Ty = Ty::Param("A");
pub(super) const B: Ty = Ty::Param("B");

pub(super) fn attribute_type(features: CelFeatures) -> Ty {
    if features.list_type_attributes {
        Ty::Dyn
    } else {
        Ty::Any
    }
}

pub(super) fn device_field(features: CelFeatures, name: &str) -> Option<Ty> {
    match name {
        "driver" => Some(Ty::String),
        "attributes" => Some(map(Ty::String, map(Ty::String, attribute_type(features)))),
        "capacity" => Some(map(Ty::String, map(Ty::String, Ty::Named(QUANTITY)))),
        "allowMultipleAllocations" if features.consumable_capacity => Some(Ty::Bool),
        _ => None,
    }
}
