//! The twelve Kubernetes error types, with their wire and human strings.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// The category of a field error, as Kubernetes' `field.ErrorType`.
///
/// [`ErrorType::as_str`] is the wire string (`Type` in a `StatusCause`),
/// [`ErrorType::human`] the text `Error()` prints.
///
/// ```
/// use apimachinery::field::ErrorType;
/// assert_eq!(ErrorType::Invalid.as_str(), "FieldValueInvalid");
/// assert_eq!(ErrorType::NotSupported.human(), "Unsupported value");
/// assert_eq!("FieldValueTooFew".parse::<ErrorType>().unwrap(), ErrorType::TooFew);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ErrorType {
    /// `FieldValueNotFound`: a referenced value does not exist.
    NotFound,
    /// `FieldValueRequired`: a required value was not specified.
    Required,
    /// `FieldValueDuplicate`: a value that must be unique is repeated.
    Duplicate,
    /// `FieldValueInvalid`: a malformed value.
    Invalid,
    /// `FieldValueNotSupported`: a value outside a known set.
    NotSupported,
    /// `FieldValueForbidden`: a value that may not be set in this context.
    Forbidden,
    /// `FieldValueTooLong`: a value longer than allowed.
    TooLong,
    /// `FieldValueTooMany`: a list or map with too many items.
    TooMany,
    /// `FieldValueTooFew`: a list or map with too few items.
    TooFew,
    /// `InternalError`: a failure unrelated to the user's data.
    Internal,
    /// `FieldValueTypeInvalid`: a value of the wrong type.
    TypeInvalid,
    /// `FieldValueTooShort`: a value shorter than allowed.
    TooShort,
}

impl ErrorType {
    /// Every error type, in Kubernetes' declaration order.
    ///
    /// ```
    /// assert_eq!(apimachinery::field::ErrorType::ALL.len(), 12);
    /// ```
    pub const ALL: [ErrorType; 12] = [
        ErrorType::NotFound,
        ErrorType::Required,
        ErrorType::Duplicate,
        ErrorType::Invalid,
        ErrorType::NotSupported,
        ErrorType::Forbidden,
        ErrorType::TooLong,
        ErrorType::TooMany,
        ErrorType::TooFew,
        ErrorType::Internal,
        ErrorType::TypeInvalid,
        ErrorType::TooShort,
    ];

    /// The wire string, e.g. `FieldValueRequired`.
    ///
    /// ```
    /// assert_eq!(apimachinery::field::ErrorType::Internal.as_str(), "InternalError");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorType::NotFound => "FieldValueNotFound",
            ErrorType::Required => "FieldValueRequired",
            ErrorType::Duplicate => "FieldValueDuplicate",
            ErrorType::Invalid => "FieldValueInvalid",
            ErrorType::NotSupported => "FieldValueNotSupported",
            ErrorType::Forbidden => "FieldValueForbidden",
            ErrorType::TooLong => "FieldValueTooLong",
            ErrorType::TooMany => "FieldValueTooMany",
            ErrorType::TooFew => "FieldValueTooFew",
            ErrorType::Internal => "InternalError",
            ErrorType::TypeInvalid => "FieldValueTypeInvalid",
            ErrorType::TooShort => "FieldValueTooShort",
        }
    }

    /// The human string `Error()` prints, e.g. `Required value`.
    ///
    /// ```
    /// assert_eq!(apimachinery::field::ErrorType::TypeInvalid.human(), "Invalid value");
    /// ```
    pub const fn human(self) -> &'static str {
        match self {
            ErrorType::NotFound => "Not found",
            ErrorType::Required => "Required value",
            ErrorType::Duplicate => "Duplicate value",
            ErrorType::Invalid => "Invalid value",
            ErrorType::NotSupported => "Unsupported value",
            ErrorType::Forbidden => "Forbidden",
            ErrorType::TooLong => "Too long",
            ErrorType::TooMany => "Too many",
            ErrorType::TooFew => "Too few",
            ErrorType::Internal => "Internal error",
            ErrorType::TypeInvalid => "Invalid value",
            ErrorType::TooShort => "Too short",
        }
    }

    /// Whether `Error()` prints the bad value for this type.
    ///
    /// ```
    /// use apimachinery::field::ErrorType;
    /// assert!(ErrorType::Invalid.shows_value());
    /// assert!(!ErrorType::Required.shows_value());
    /// ```
    pub const fn shows_value(self) -> bool {
        matches!(
            self,
            ErrorType::Invalid
                | ErrorType::TypeInvalid
                | ErrorType::NotSupported
                | ErrorType::NotFound
                | ErrorType::Duplicate
                | ErrorType::TooMany
                | ErrorType::TooFew
        )
    }
}

impl fmt::Display for ErrorType {
    /// Displays the human string, as Go's `ErrorType.String()`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.human())
    }
}

/// The error returned when parsing an unknown error type string.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown error type {0:?}")]
pub struct UnknownErrorType(pub String);

impl FromStr for ErrorType {
    type Err = UnknownErrorType;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ErrorType::ALL
            .into_iter()
            .find(|t| t.as_str() == s)
            .ok_or_else(|| UnknownErrorType(s.to_string()))
    }
}

impl Serialize for ErrorType {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for ErrorType {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_strings_round_trip() {
        for t in ErrorType::ALL {
            assert_eq!(t.as_str().parse::<ErrorType>().unwrap(), t);
            let json = serde_json::to_string(&t).unwrap();
            assert_eq!(serde_json::from_str::<ErrorType>(&json).unwrap(), t);
        }
        assert!("FieldValueBogus".parse::<ErrorType>().is_err());
    }

    #[test]
    fn human_names_need_no_go_escape() {
        // `ErrorMatcher::render_into` writes them between quotes as they are.
        for t in ErrorType::ALL {
            assert_eq!(
                crate::field::go_quote(t.human()),
                format!("\"{}\"", t.human())
            );
        }
    }
}
