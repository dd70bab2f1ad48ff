//! `Error`: one field error, its constructors and its rendering.

use super::{BadValue, ErrorType, Path};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt;

/// The lifecycle mark that generated code stamps on declarative errors
/// (`MarkAlpha` / `MarkBeta`). Serialised as the `stage` of an ERROR:
/// `"alpha"`, `"beta"` or `""`.
///
/// ```
/// use apimachinery::field::StabilityLevel;
/// assert_eq!(StabilityLevel::Beta.as_str(), "beta");
/// assert_eq!(StabilityLevel::default().as_str(), "");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub enum StabilityLevel {
    /// No mark: a standard (stable) declarative error, or a hand-written one.
    #[default]
    Unknown,
    /// `+k8s:alpha`: always shadowed.
    Alpha,
    /// `+k8s:beta`: enforced unless `DeclarativeValidationBeta` is off.
    Beta,
}

impl StabilityLevel {
    /// The stage string of the ERROR JSON shape.
    ///
    /// ```
    /// assert_eq!(apimachinery::field::StabilityLevel::Alpha.as_str(), "alpha");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            StabilityLevel::Unknown => "",
            StabilityLevel::Alpha => "alpha",
            StabilityLevel::Beta => "beta",
        }
    }

    /// Go's `ValidationStabilityLevel.String()`: `unknown`, `alpha`, `beta`.
    ///
    /// ```
    /// assert_eq!(apimachinery::field::StabilityLevel::Unknown.go_string(), "unknown");
    /// ```
    pub const fn go_string(self) -> &'static str {
        match self {
            StabilityLevel::Unknown => "unknown",
            StabilityLevel::Alpha => "alpha",
            StabilityLevel::Beta => "beta",
        }
    }

    fn parse(s: &str) -> Option<StabilityLevel> {
        match s {
            "" | "unknown" | "stable" => Some(StabilityLevel::Unknown),
            "alpha" => Some(StabilityLevel::Alpha),
            "beta" => Some(StabilityLevel::Beta),
            _ => None,
        }
    }
}

impl Serialize for StabilityLevel {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for StabilityLevel {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        StabilityLevel::parse(&s)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown stage {s:?}")))
    }
}

/// One validation error, as Kubernetes' `field.Error`.
///
/// `Display` is Go's `Error()`: `field: body`.
///
/// ```
/// use apimachinery::field::{Error, Path};
/// let p = Path::new("spec");
/// let e = Error::invalid(&p.child("replicas"), -1, "must be greater than or equal to 0")
///     .with_origin("minimum");
/// assert_eq!(e.to_string(), "spec.replicas: Invalid value: -1: must be greater than or equal to 0");
/// assert_eq!(e.origin, "minimum");
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Error {
    /// The category.
    #[serde(rename = "type")]
    pub error_type: ErrorType,
    /// The rendered field path.
    pub field: String,
    /// Which rule produced it (`minimum`, `format=k8s-short-name`); empty if unset.
    /// Borrowed when the rule's origin is a constant (every generated rule's is).
    #[serde(default)]
    pub origin: Cow<'static, str>,
    /// The human explanation. Borrowed when constant, owned when built from the value.
    #[serde(default)]
    pub detail: Cow<'static, str>,
    /// The offending value, or the omit marker (absent from JSON).
    #[serde(
        default,
        skip_serializing_if = "BadValue::is_omitted",
        deserialize_with = "deserialize_bad_value"
    )]
    pub bad_value: BadValue,
    /// Set on hand-written errors that a declarative rule also produces.
    #[serde(default)]
    pub covered_by_declarative: bool,
    /// Set on all hand-written errors by the migration-check entry point.
    #[serde(default)]
    pub from_imperative: bool,
    /// Set on errors from short-circuiting declarative validators.
    #[serde(default)]
    pub short_circuit: bool,
    /// Test-only mark on expected errors that DV does not produce because it stopped at a parent.
    #[serde(default, skip_serializing)]
    pub short_circuited_in_declarative: bool,
    /// The alpha/beta lifecycle mark of a declarative error.
    #[serde(default, rename = "stage")]
    pub stability_level: StabilityLevel,
}

fn deserialize_bad_value<'de, D: serde::Deserializer<'de>>(d: D) -> Result<BadValue, D::Error> {
    Ok(BadValue::Value(serde_json::Value::deserialize(d)?))
}

fn plural(n: i64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

impl Error {
    /// An error with every field given and no marks.
    ///
    /// ```
    /// use apimachinery::field::{BadValue, Error, ErrorType, Path};
    /// let e = Error::new(ErrorType::Invalid, &Path::new("x"), BadValue::from(1), "bad");
    /// assert_eq!(e.to_string(), "x: Invalid value: 1: bad");
    /// ```
    pub fn new(
        error_type: ErrorType,
        field: &Path<'_>,
        bad_value: BadValue,
        detail: impl Into<Cow<'static, str>>,
    ) -> Error {
        Error {
            error_type,
            field: field.rendered(),
            origin: Cow::Borrowed(""),
            detail: detail.into(),
            bad_value,
            covered_by_declarative: false,
            from_imperative: false,
            short_circuit: false,
            short_circuited_in_declarative: false,
            stability_level: StabilityLevel::Unknown,
        }
    }

    /// `field.Required`: a required value is missing (bad value `""`).
    ///
    /// ```
    /// use apimachinery::field::{Error, Path};
    /// assert_eq!(Error::required(&Path::new("spec").child("x"), "").to_string(), "spec.x: Required value");
    /// ```
    pub fn required(field: &Path<'_>, detail: impl Into<Cow<'static, str>>) -> Error {
        Error::new(ErrorType::Required, field, BadValue::from(""), detail)
    }

    /// `field.Forbidden`: the field may not be set here (bad value `""`).
    ///
    /// ```
    /// use apimachinery::field::{Error, Path};
    /// let e = Error::forbidden(&Path::new("spec"), "disabled by policy");
    /// assert_eq!(e.to_string(), "spec: Forbidden: disabled by policy");
    /// ```
    pub fn forbidden(field: &Path<'_>, detail: impl Into<Cow<'static, str>>) -> Error {
        Error::new(ErrorType::Forbidden, field, BadValue::from(""), detail)
    }

    /// `field.Invalid`: a malformed value.
    ///
    /// ```
    /// use apimachinery::field::{Error, Path};
    /// let e = Error::invalid(&Path::new("name"), "A", "must be lowercase");
    /// assert_eq!(e.to_string(), r#"name: Invalid value: "A": must be lowercase"#);
    /// ```
    pub fn invalid(
        field: &Path<'_>,
        value: impl Into<BadValue>,
        detail: impl Into<Cow<'static, str>>,
    ) -> Error {
        Error::new(ErrorType::Invalid, field, value.into(), detail)
    }

    /// `field.TypeInvalid`: a value of the wrong type.
    ///
    /// ```
    /// use apimachinery::field::{Error, Path};
    /// let e = Error::type_invalid(&Path::new("n"), "x", "must be an integer");
    /// assert_eq!(e.to_string(), r#"n: Invalid value: "x": must be an integer"#);
    /// ```
    pub fn type_invalid(
        field: &Path<'_>,
        value: impl Into<BadValue>,
        detail: impl Into<Cow<'static, str>>,
    ) -> Error {
        Error::new(ErrorType::TypeInvalid, field, value.into(), detail)
    }

    /// `field.NotFound`: a referenced value does not exist (no detail).
    ///
    /// ```
    /// use apimachinery::field::{Error, Path};
    /// assert_eq!(Error::not_found(&Path::new("ref"), "x").to_string(), r#"ref: Not found: "x""#);
    /// ```
    pub fn not_found(field: &Path<'_>, value: impl Into<BadValue>) -> Error {
        Error::new(ErrorType::NotFound, field, value.into(), "")
    }

    /// `field.Duplicate`: a value that must be unique is repeated (no detail).
    ///
    /// ```
    /// use apimachinery::field::{Error, Path};
    /// let p = Path::new("items");
    /// assert_eq!(Error::duplicate(&p.index(1), "a").to_string(), r#"items[1]: Duplicate value: "a""#);
    /// ```
    pub fn duplicate(field: &Path<'_>, value: impl Into<BadValue>) -> Error {
        Error::new(ErrorType::Duplicate, field, value.into(), "")
    }

    /// `field.NotSupported`: a value outside the given set; the detail lists
    /// the valid values, each Go-quoted, joined by `, ` (empty if none).
    ///
    /// ```
    /// use apimachinery::field::{Error, Path};
    /// let e = Error::not_supported(&Path::new("spec").child("mode"), "foo", &["A", "B"]);
    /// assert_eq!(e.to_string(), r#"spec.mode: Unsupported value: "foo": supported values: "A", "B""#);
    /// ```
    pub fn not_supported<S: AsRef<str>>(
        field: &Path<'_>,
        value: impl Into<BadValue>,
        valid_values: &[S],
    ) -> Error {
        Error::new(
            ErrorType::NotSupported,
            field,
            value.into(),
            supported_values_detail(valid_values),
        )
    }

    /// `field.TooLong`: more than `max` bytes (`max < 0`: no limit stated).
    /// The bad value is the string `<value omitted>`, as Kubernetes does.
    ///
    /// ```
    /// use apimachinery::field::{Error, Path};
    /// let e = Error::too_long(&Path::new("metadata").child("name"), 63);
    /// assert_eq!(e.to_string(), "metadata.name: Too long: may not be more than 63 bytes");
    /// assert_eq!(Error::too_long(&Path::new("x"), 1).detail, "may not be more than 1 byte");
    /// assert_eq!(Error::too_long(&Path::new("x"), -1).detail, "value is too long");
    /// ```
    pub fn too_long(field: &Path<'_>, max: i64) -> Error {
        let detail: Cow<'static, str> = if max >= 0 {
            Cow::Owned(format!(
                "may not be more than {}",
                plural(max, "byte", "bytes")
            ))
        } else {
            Cow::Borrowed("value is too long")
        };
        Error::new(
            ErrorType::TooLong,
            field,
            BadValue::from("<value omitted>"),
            detail,
        )
    }

    /// `field.TooLongCharacters`: more than `max` characters.
    ///
    /// ```
    /// use apimachinery::field::{Error, Path};
    /// let e = Error::too_long_characters(&Path::new("x"), 5);
    /// assert_eq!(e.to_string(), "x: Too long: may not be more than 5 characters");
    /// ```
    pub fn too_long_characters(field: &Path<'_>, max: i64) -> Error {
        let detail: Cow<'static, str> = if max >= 0 {
            Cow::Owned(format!(
                "may not be more than {}",
                plural(max, "character", "characters")
            ))
        } else {
            Cow::Borrowed("value is too long")
        };
        Error::new(
            ErrorType::TooLong,
            field,
            BadValue::from("<value omitted>"),
            detail,
        )
    }

    /// `field.TooShort`: fewer than `min` characters (bad value kept, never printed).
    ///
    /// ```
    /// use apimachinery::field::{Error, Path};
    /// let e = Error::too_short(&Path::new("x"), "ab", 3);
    /// assert_eq!(e.to_string(), "x: Too short: must be at least 3 characters");
    /// ```
    pub fn too_short(field: &Path<'_>, value: impl Into<BadValue>, min: i64) -> Error {
        let detail: Cow<'static, str> = if min >= 0 {
            Cow::Owned(format!(
                "must be at least {}",
                plural(min, "character", "characters")
            ))
        } else {
            Cow::Borrowed("value is too short")
        };
        Error::new(ErrorType::TooShort, field, value.into(), detail)
    }

    /// `field.TooMany`: more than `max` items; `actual < 0` omits the value.
    ///
    /// ```
    /// use apimachinery::field::{Error, Path};
    /// let e = Error::too_many(&Path::new("items"), 5, 4);
    /// assert_eq!(e.to_string(), "items: Too many: 5: must have at most 4 items");
    /// assert_eq!(Error::too_many(&Path::new("items"), -1, -1).to_string(), "items: Too many: has too many items");
    /// ```
    pub fn too_many(field: &Path<'_>, actual: i64, max: i64) -> Error {
        let detail: Cow<'static, str> = if max >= 0 {
            Cow::Owned(format!(
                "must have at most {}",
                plural(max, "item", "items")
            ))
        } else {
            Cow::Borrowed("has too many items")
        };
        let value = if actual >= 0 {
            BadValue::from(actual)
        } else {
            BadValue::Omitted
        };
        Error::new(ErrorType::TooMany, field, value, detail)
    }

    /// `field.TooFew`: fewer than `min` items.
    ///
    /// ```
    /// use apimachinery::field::{Error, Path};
    /// let e = Error::too_few(&Path::new("items"), 0, 1);
    /// assert_eq!(e.to_string(), "items: Too few: 0: must have at least 1 item");
    /// ```
    pub fn too_few(field: &Path<'_>, actual: i64, min: i64) -> Error {
        let detail: Cow<'static, str> = if min >= 0 {
            Cow::Owned(format!(
                "must have at least {}",
                plural(min, "item", "items")
            ))
        } else {
            Cow::Borrowed("has too few items")
        };
        Error::new(ErrorType::TooFew, field, BadValue::from(actual), detail)
    }

    /// `field.InternalError`: a failure unrelated to the user's data; the
    /// detail is the cause's message.
    ///
    /// ```
    /// use apimachinery::field::{Error, Path};
    /// let e = Error::internal(&Path::root(), "panic during declarative validation: boom");
    /// assert_eq!(e.to_string(), "<nil>: Internal error: panic during declarative validation: boom");
    /// ```
    pub fn internal(field: &Path<'_>, cause: impl fmt::Display) -> Error {
        Error::new(
            ErrorType::Internal,
            field,
            BadValue::Omitted,
            cause.to_string(),
        )
    }

    /// Sets the origin (`WithOrigin`).
    ///
    /// ```
    /// use apimachinery::field::{Error, Path};
    /// assert_eq!(Error::required(&Path::new("x"), "").with_origin("o").origin, "o");
    /// ```
    pub fn with_origin(mut self, origin: impl Into<Cow<'static, str>>) -> Error {
        self.origin = origin.into();
        self
    }

    /// Marks a hand-written error as also produced by a declarative rule.
    ///
    /// ```
    /// use apimachinery::field::{Error, Path};
    /// assert!(Error::required(&Path::new("x"), "").mark_covered_by_declarative().covered_by_declarative);
    /// ```
    pub fn mark_covered_by_declarative(mut self) -> Error {
        self.covered_by_declarative = true;
        self
    }

    /// Marks an error as alpha-stage declarative (`MarkAlpha`).
    ///
    /// ```
    /// use apimachinery::field::{Error, Path};
    /// assert!(Error::required(&Path::new("x"), "").mark_alpha().is_alpha());
    /// ```
    pub fn mark_alpha(mut self) -> Error {
        self.stability_level = StabilityLevel::Alpha;
        self
    }

    /// Marks an error as beta-stage declarative (`MarkBeta`).
    ///
    /// ```
    /// use apimachinery::field::{Error, Path};
    /// assert!(Error::required(&Path::new("x"), "").mark_beta().is_beta());
    /// ```
    pub fn mark_beta(mut self) -> Error {
        self.stability_level = StabilityLevel::Beta;
        self
    }

    /// Whether the error carries the alpha mark.
    ///
    /// ```
    /// use apimachinery::field::{Error, Path};
    /// assert!(!Error::required(&Path::new("x"), "").is_alpha());
    /// ```
    pub fn is_alpha(&self) -> bool {
        self.stability_level == StabilityLevel::Alpha
    }

    /// Whether the error carries the beta mark.
    ///
    /// ```
    /// use apimachinery::field::{Error, Path};
    /// assert!(!Error::required(&Path::new("x"), "").is_beta());
    /// ```
    pub fn is_beta(&self) -> bool {
        self.stability_level == StabilityLevel::Beta
    }

    /// Marks an error as coming from hand-written code (`MarkFromImperative`).
    ///
    /// ```
    /// use apimachinery::field::{Error, Path};
    /// assert!(Error::required(&Path::new("x"), "").mark_from_imperative().from_imperative);
    /// ```
    pub fn mark_from_imperative(mut self) -> Error {
        self.from_imperative = true;
        self
    }

    /// Marks an error as produced by a short-circuiting validator.
    ///
    /// ```
    /// use apimachinery::field::{Error, Path};
    /// assert!(Error::required(&Path::new("x"), "").mark_short_circuit().short_circuit);
    /// ```
    pub fn mark_short_circuit(mut self) -> Error {
        self.short_circuit = true;
        self
    }

    /// Test-only mark on an expected error that DV does not produce because
    /// it stopped at a parent (`MarkShortCircuitedInDV`).
    ///
    /// ```
    /// use apimachinery::field::{Error, Path};
    /// assert!(Error::required(&Path::new("x"), "").mark_short_circuited_in_declarative().short_circuited_in_declarative);
    /// ```
    pub fn mark_short_circuited_in_declarative(mut self) -> Error {
        self.short_circuited_in_declarative = true;
        self
    }

    /// Go's `ErrorBody()`: the error without the field prefix.
    ///
    /// ```
    /// use apimachinery::field::{Error, Path};
    /// assert_eq!(Error::duplicate(&Path::new("x"), 3).body(), "Duplicate value: 3");
    /// ```
    pub fn body(&self) -> String {
        let mut s = String::new();
        // Writing into a String cannot fail.
        let _ = self.write_body(&mut s);
        s
    }

    /// Writes [`Error::body`] into `out` piece by piece.
    fn write_body(&self, out: &mut impl fmt::Write) -> fmt::Result {
        out.write_str(self.error_type.human())?;
        if self.error_type.shows_value() && !self.bad_value.is_omitted() {
            out.write_str(": ")?;
            out.write_str(&self.bad_value.render())?;
        }
        if !self.detail.is_empty() {
            out.write_str(": ")?;
            out.write_str(&self.detail)?;
        }
        Ok(())
    }
}

impl fmt::Display for Error {
    /// Go's `Error()`: `<field>: <body>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.field)?;
        f.write_str(": ")?;
        self.write_body(f)
    }
}

impl std::error::Error for Error {}

/// The detail of [`Error::not_supported`]: `supported values: "a", "b"`
/// (each value quoted as Go's `%q`), or nothing for no values.
pub(crate) fn supported_values_detail<S: AsRef<str>>(valid_values: &[S]) -> Cow<'static, str> {
    if valid_values.is_empty() {
        return Cow::Borrowed("");
    }
    const LEAD: &str = "supported values: ";
    let len: usize = valid_values.iter().map(|v| v.as_ref().len() + 4).sum();
    let mut detail = String::with_capacity(LEAD.len() + len);
    detail.push_str(LEAD);
    for (i, v) in valid_values.iter().enumerate() {
        if i > 0 {
            detail.push_str(", ");
        }
        super::go_quote_into(v.as_ref(), &mut detail);
    }
    Cow::Owned(detail)
}
