//! The `+k8s:format=<name>` validators (Kubernetes' `validate/strfmt.go`),
//! one file per format, and the catalogue the tag engine looks them up in.
//!
//! Every format has the signature [`FormatFn`]: `None` (Go's nil) is valid;
//! each problem the `content` check reports becomes one `Invalid` error at
//! `path` whose bad value is the string, whose detail is the message and
//! whose origin is `format=<name>`.
//!
//! ```
//! use apimachinery::field::Path;
//! use apimachinery::operation::Context;
//! use apimachinery::validate::format::format_by_name;
//! let check = format_by_name("k8s-short-name").unwrap();
//! let p = Path::new("metadata");
//! let errs = check(&Context::create(), &p.child("name"), Some("a.b"), None);
//! assert_eq!(errs[0].to_string(), r#"metadata.name: Invalid value: "a.b": must not contain dots"#);
//! assert_eq!(errs[0].origin, "format=k8s-short-name");
//! ```

/// A format's list form from its sink form: `$name(ctx, path, value, old)`
/// collects what `$into` appends. The doc comments given become the
/// function's.
macro_rules! list_form {
    ($(#[$attr:meta])* $name:ident => $into:ident) => {
        $(#[$attr])*
        pub fn $name(
            ctx: &$crate::operation::Context,
            path: &$crate::field::Path<'_>,
            value: Option<&str>,
            old: Option<&str>,
        ) -> $crate::field::ErrorList {
            let mut errs = $crate::field::ErrorList::new();
            $into(ctx, path, value, old, &mut errs);
            errs
        }
    };
}

/// A format's sink form from its list form, for the formats whose checks
/// build their list whole: `$into(.., errs)` appends what `$name` returns
/// and says whether it appended any.
macro_rules! sink_form {
    ($name:ident => $into:ident) => {
        #[doc = concat!("[`", stringify!($name), "`] appending to `errs`; returns whether it appended any.")]
        #[doc(hidden)]
        #[inline]
        pub fn $into(
            ctx: &$crate::operation::Context,
            path: &$crate::field::Path<'_>,
            value: Option<&str>,
            old: Option<&str>,
            errs: &mut $crate::field::ErrorList,
        ) -> bool {
            let found = $name(ctx, path, value, old);
            let any = !found.is_empty();
            errs.extend_from(found);
            any
        }
    };
}

mod extended_resource_name;
mod label_key;
mod label_value;
mod long_name;
mod long_name_caseless;
mod path_segment_name;
mod prefixed_label_key;
mod resource_fully_qualified_name;
mod resource_pool_name;
mod short_name;
mod uuid;

pub use extended_resource_name::{extended_resource_name, extended_resource_name_into};
pub use label_key::{label_key, label_key_into};
pub use label_value::{label_value, label_value_into};
pub use long_name::{long_name, long_name_into};
pub use long_name_caseless::{long_name_caseless, long_name_caseless_into};
pub use path_segment_name::{path_segment_name, path_segment_name_into};
pub use prefixed_label_key::{prefixed_label_key, prefixed_label_key_into};
pub use resource_fully_qualified_name::{
    resource_fully_qualified_name, resource_fully_qualified_name_into,
};
pub use resource_pool_name::{resource_pool_name, resource_pool_name_into};
pub use short_name::{short_name, short_name_into};
pub use uuid::{uuid, uuid_into};

use crate::field::{Error, ErrorList, ErrorType, Path};
use crate::operation::Context;

/// The signature of every format validator.
///
/// ```
/// use apimachinery::validate::format::{FormatFn, uuid};
/// let f: FormatFn = uuid;
/// # let _ = f;
/// ```
pub type FormatFn = fn(&Context, &Path<'_>, Option<&str>, Option<&str>) -> ErrorList;

/// A built-in format: its `+k8s:format=` payload, its validator, the origin
/// its errors carry, the error types it can emit and its documentation (as
/// `validation-gen --docs` prints it).
///
/// ```
/// use apimachinery::field::ErrorType;
/// use apimachinery::validate::format::format_info;
/// let f = format_info("k8s-resource-pool-name").unwrap();
/// assert_eq!(f.origin, "format=k8s-resource-pool-name");
/// assert_eq!(f.emits, &[ErrorType::Invalid, ErrorType::TooLong]);
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Format {
    /// The tag payload, e.g. `k8s-short-name`.
    pub name: &'static str,
    /// The validator.
    pub validate: FormatFn,
    /// The origin of its errors, `format=<name>`.
    pub origin: &'static str,
    /// The error types it can emit.
    pub emits: &'static [ErrorType],
    /// What a field with this format holds.
    pub docs: &'static str,
}

/// The names `+k8s:format=` accepts, alphabetised as in Kubernetes'
/// validation-gen (`k8s-ip` is commented out there and is not available).
///
/// ```
/// use apimachinery::validate::format::FORMAT_NAMES;
/// assert_eq!(FORMAT_NAMES.len(), 11);
/// assert!(FORMAT_NAMES.contains(&"k8s-uuid"));
/// ```
pub const FORMAT_NAMES: &[&str] = &[
    "k8s-extended-resource-name",
    "k8s-label-key",
    "k8s-label-value",
    "k8s-long-name",
    "k8s-long-name-caseless",
    "k8s-path-segment-name",
    "k8s-prefixed-label-key",
    "k8s-resource-fully-qualified-name",
    "k8s-resource-pool-name",
    "k8s-short-name",
    "k8s-uuid",
];

const INVALID: &[ErrorType] = &[ErrorType::Invalid];
const INVALID_OR_TOO_LONG: &[ErrorType] = &[ErrorType::Invalid, ErrorType::TooLong];

/// Every built-in format, in the order of [`FORMAT_NAMES`].
///
/// ```
/// use apimachinery::validate::format::{FORMATS, FORMAT_NAMES};
/// assert!(FORMATS.iter().map(|f| f.name).eq(FORMAT_NAMES.iter().copied()));
/// ```
pub static FORMATS: &[Format] = &[
    Format {
        name: "k8s-extended-resource-name",
        validate: extended_resource_name,
        origin: "format=k8s-extended-resource-name",
        emits: INVALID,
        docs: "This field holds a Kubernetes extended resource name. This is a domain-prefixed name that must not have a `kubernetes.io` or `requests.` prefix. When `requests.` is prepended, the result must be a valid label key, as used by quota.",
    },
    Format {
        name: "k8s-label-key",
        validate: label_key,
        origin: "format=k8s-label-key",
        emits: INVALID,
        docs: "This field holds a Kubernetes label key.",
    },
    Format {
        name: "k8s-label-value",
        validate: label_value,
        origin: "format=k8s-label-value",
        emits: INVALID,
        docs: "This field holds a Kubernetes label value.",
    },
    Format {
        name: "k8s-long-name",
        validate: long_name,
        origin: "format=k8s-long-name",
        emits: INVALID,
        docs: "This field holds a Kubernetes \"long name\", aka a \"DNS subdomain\" value.",
    },
    Format {
        name: "k8s-long-name-caseless",
        validate: long_name_caseless,
        origin: "format=k8s-long-name-caseless",
        emits: INVALID,
        docs: "Deprecated: This field holds a case-insensitive Kubernetes \"long name\", aka a \"DNS subdomain\" value.",
    },
    Format {
        name: "k8s-path-segment-name",
        validate: path_segment_name,
        origin: "format=k8s-path-segment-name",
        emits: INVALID,
        docs: "This field holds a Kubernetes \"path segment name\" value.",
    },
    Format {
        name: "k8s-prefixed-label-key",
        validate: prefixed_label_key,
        origin: "format=k8s-prefixed-label-key",
        emits: INVALID,
        docs: "This field holds a Kubernetes label key, with the prefix required.",
    },
    Format {
        name: "k8s-resource-fully-qualified-name",
        validate: resource_fully_qualified_name,
        origin: "format=k8s-resource-fully-qualified-name",
        emits: INVALID_OR_TOO_LONG,
        docs: "This field holds a Kubernetes resource \"fully qualified name\" value. A fully qualified name must not be empty and must be composed of a prefix and a name, separated by a slash (e.g., \"prefix/name\"). The prefix must be a DNS subdomain, and the name part must be a C identifier with no more than 32 characters.",
    },
    Format {
        name: "k8s-resource-pool-name",
        validate: resource_pool_name,
        origin: "format=k8s-resource-pool-name",
        emits: INVALID_OR_TOO_LONG,
        docs: "This field holds value with one or more Kubernetes \"long name\" parts separated by `/` and no longer than 253 characters.",
    },
    Format {
        name: "k8s-short-name",
        validate: short_name,
        origin: "format=k8s-short-name",
        emits: INVALID,
        docs: "This field holds a Kubernetes \"short name\", aka a \"DNS label\" value.",
    },
    Format {
        name: "k8s-uuid",
        validate: uuid,
        origin: "format=k8s-uuid",
        emits: INVALID,
        docs: "This field holds a Kubernetes UUID, which conforms to RFC 4122.",
    },
];

/// The built-in format called `name`, if any.
///
/// ```
/// use apimachinery::validate::format::format_info;
/// assert_eq!(format_info("k8s-label-key").unwrap().origin, "format=k8s-label-key");
/// assert!(format_info("k8s-ip").is_none());
/// ```
pub fn format_info(name: &str) -> Option<&'static Format> {
    FORMATS.iter().find(|f| f.name == name)
}

/// The validator of the built-in format called `name`, if any.
///
/// ```
/// use apimachinery::validate::format::format_by_name;
/// assert!(format_by_name("k8s-long-name").is_some());
/// assert!(format_by_name("k8s-Long-Name").is_none());
/// ```
pub fn format_by_name(name: &str) -> Option<FormatFn> {
    format_info(name).map(|f| f.validate)
}

/// One `Invalid` error per message appended to `errs`, each with `value` as
/// bad value and `origin`; returns whether there was any.
fn invalid_each_into(
    path: &Path<'_>,
    value: &str,
    messages: Vec<String>,
    origin: &'static str,
    errs: &mut ErrorList,
) -> bool {
    let any = !messages.is_empty();
    for msg in messages {
        errs.push(Error::invalid(path, value, msg).with_origin(origin));
    }
    any
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::field::BadValue;

    /// The parts of an error a format test checks.
    #[derive(Debug, PartialEq)]
    pub(crate) struct Got {
        pub error_type: ErrorType,
        pub field: String,
        pub origin: String,
        pub detail: String,
        pub bad_value: BadValue,
    }

    /// Runs `f` on `value` at `spec.name` and keeps what tests compare.
    pub(crate) fn run(f: FormatFn, value: &str) -> Vec<Got> {
        let spec = Path::new("spec");
        let path = spec.child("name");
        let errs = f(&Context::create(), &path, Some(value), None);
        errs.iter()
            .map(|e| Got {
                error_type: e.error_type,
                field: e.field.clone(),
                origin: e.origin.to_string(),
                detail: e.detail.to_string(),
                bad_value: e.bad_value.clone(),
            })
            .collect()
    }

    /// An `Invalid` error at `spec.name`.
    pub(crate) fn invalid(bad: &str, origin: &str, detail: &str) -> Got {
        Got {
            error_type: ErrorType::Invalid,
            field: "spec.name".to_string(),
            origin: origin.to_string(),
            detail: detail.to_string(),
            bad_value: BadValue::from(bad),
        }
    }

    /// A `TooLong` error at `spec.name`.
    pub(crate) fn too_long(max: usize, origin: &str) -> Got {
        Got {
            error_type: ErrorType::TooLong,
            field: "spec.name".to_string(),
            origin: origin.to_string(),
            detail: format!("may not be more than {max} bytes"),
            bad_value: BadValue::from("<value omitted>"),
        }
    }

    #[test]
    fn catalogue_is_consistent() {
        assert_eq!(FORMATS.len(), FORMAT_NAMES.len());
        let mut sorted = FORMAT_NAMES.to_vec();
        sorted.sort_unstable();
        assert_eq!(sorted, FORMAT_NAMES, "alphabetised");
        for (f, name) in FORMATS.iter().zip(FORMAT_NAMES) {
            assert_eq!(f.name, *name);
            assert_eq!(f.origin, format!("format={name}"));
            assert!(format_by_name(name).is_some());
        }
        assert!(format_by_name("k8s-ip").is_none());
        assert!(format_by_name("").is_none());
    }

    #[test]
    fn every_format_accepts_nil_and_reports_its_origin() {
        let root = Path::new("x");
        for f in FORMATS {
            assert!(
                (f.validate)(&Context::update(), &root, None, Some("old")).is_empty(),
                "{}",
                f.name
            );
            // "-/-" breaks every format's rule at least once (path segments: '/').
            let errs = (f.validate)(&Context::create(), &root, Some("-/-"), None);
            assert!(!errs.is_empty(), "{}", f.name);
            for e in errs.iter() {
                assert_eq!(e.origin, f.origin, "{}", f.name);
                assert!(f.emits.contains(&e.error_type), "{}", f.name);
                assert_eq!(e.field, "x");
            }
        }
    }

    #[test]
    fn every_format_accepts_a_typical_value() {
        let typical = [
            ("k8s-extended-resource-name", "example.com/gpu"),
            ("k8s-label-key", "example.com/App"),
            ("k8s-label-value", "v1.0"),
            ("k8s-long-name", "my.app"),
            ("k8s-long-name-caseless", "My.App"),
            ("k8s-path-segment-name", "My App"),
            ("k8s-prefixed-label-key", "example.com/app"),
            ("k8s-resource-fully-qualified-name", "example.com/my_name"),
            ("k8s-resource-pool-name", "pool.example.com/a"),
            ("k8s-short-name", "my-app"),
            ("k8s-uuid", "123e4567-e89b-12d3-a456-426614174000"),
        ];
        assert_eq!(typical.len(), FORMATS.len());
        for (name, value) in typical {
            let f = format_by_name(name).unwrap();
            assert!(run(f, value).is_empty(), "{name} {value:?}");
        }
    }
}
