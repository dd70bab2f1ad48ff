//! The device checks `DeviceClass` and `ResourceClaim` share: ports of the
//! helpers of Kubernetes' `pkg/apis/resource/validation/validation.go`
//! (list size and uniqueness, driver, pool, device and request names,
//! selectors, opaque configuration, tolerations, UIDs, qualified names).
//!
//! CEL selector expressions are length-checked and compiled by
//! [`super::cel`] (syntax, declarations, result type, cost limit).

use super::cel::{CEL_SELECTOR_EXPRESSION_MAX_COST, CelFeatures, EnvType, compile};
use crate::meta::v1::labels::validate_label_name;
use apimachinery::content::util_validation::{is_dns1123_label, is_dns1123_subdomain};
use apimachinery::content::{is_c_identifier, is_label_value};
use apimachinery::field::{BadValue, Error, ErrorList, Path, go_quote};
use apimachinery::runtime::RawExtension;
use declarative::api::resource::v1::{DeviceSelector, DeviceToleration, OpaqueDeviceConfiguration};
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::hash::Hash;

/// `CELSelectorExpressionMaxLength`.
pub const CEL_SELECTOR_EXPRESSION_MAX_LENGTH: usize = 10 * 1024;
/// `OpaqueParametersMaxLength`.
pub const OPAQUE_PARAMETERS_MAX_LENGTH: usize = 10 * 1024;
/// `DeviceSelectorsMaxSize`.
pub const DEVICE_SELECTORS_MAX_SIZE: usize = 32;
/// `DeviceConfigMaxSize`.
pub const DEVICE_CONFIG_MAX_SIZE: usize = 32;
/// `PoolNameMaxLength`.
pub const POOL_NAME_MAX_LENGTH: usize = 253;
/// `DeviceMaxIDLength`.
pub const DEVICE_MAX_ID_LENGTH: usize = 32;
/// The longest driver name, in bytes.
pub const DRIVER_NAME_MAX_LENGTH: usize = 63;

/// Which checks of a helper declarative validation covers (Kubernetes'
/// `validationOption` / `ValidateCSIDriverNameOption` values).
///
/// ```
/// use handwritten::resource::v1::device_checks::Covered;
/// assert!(!Covered::NONE.size && Covered::SIZE.size);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Covered {
    /// Errors of each item (`itemsCovered`).
    pub items: bool,
    /// The maximum size (`sizeCovered`).
    pub size: bool,
    /// Uniqueness (`uniquenessCovered`).
    pub uniqueness: bool,
    /// Requiredness (`RequiredCovered`).
    pub required: bool,
    /// The format (`FormatCovered`).
    pub format: bool,
}

impl Covered {
    /// Nothing covered.
    pub const NONE: Covered = Covered {
        items: false,
        size: false,
        uniqueness: false,
        required: false,
        format: false,
    };
    /// `sizeCovered`.
    pub const SIZE: Covered = Covered {
        size: true,
        ..Covered::NONE
    };
    /// `sizeCovered, uniquenessCovered`.
    pub const SIZE_AND_UNIQUENESS: Covered = Covered {
        size: true,
        uniqueness: true,
        ..Covered::NONE
    };
    /// `uniquenessCovered`.
    pub const UNIQUENESS: Covered = Covered {
        uniqueness: true,
        ..Covered::NONE
    };
    /// `RequiredCovered, FormatCovered, SizeCovered` (driver names).
    pub const DRIVER: Covered = Covered {
        items: false,
        size: true,
        uniqueness: false,
        required: true,
        format: true,
    };
}

fn mark(err: Error, covered: bool) -> Error {
    if covered {
        err.mark_covered_by_declarative()
    } else {
        err
    }
}

/// `validateSlice`: more than `max` items (when `max` is set) is one
/// `TooMany` (origin `maxItems`) and nothing else; otherwise each item.
///
/// ```
/// use apimachinery::field::{ErrorList, Path};
/// use handwritten::resource::v1::device_checks::{validate_slice, Covered};
/// let errs = validate_slice(&[1, 2, 3], Some(2), |_, _| ErrorList::new(), &Path::new("l"), Covered::SIZE);
/// assert_eq!((errs[0].error_type.as_str(), errs[0].origin.as_ref()), ("FieldValueTooMany", "maxItems"));
/// assert!(errs[0].covered_by_declarative);
/// ```
pub fn validate_slice<T>(
    items: &[T],
    max: Option<usize>,
    item: impl Fn(&T, &Path<'_>) -> ErrorList,
    path: &Path<'_>,
    covered: Covered,
) -> ErrorList {
    if let Some(max) = max
        && items.len() > max
    {
        let err = Error::too_many(path, items.len() as i64, max as i64).with_origin("maxItems");
        return ErrorList::from(mark(err, covered.size));
    }
    let mut errs = ErrorList::new();
    for (i, it) in items.iter().enumerate() {
        let e = item(it, &path.index(i));
        errs.extend_from(if covered.items {
            e.mark_covered_by_declarative()
        } else {
            e
        });
    }
    errs
}

/// `validateSet`: [`validate_slice`], then a `Duplicate` at every repeated
/// key after its first occurrence.
///
/// ```
/// use apimachinery::field::{ErrorList, Path};
/// use handwritten::resource::v1::device_checks::{validate_set, Covered};
/// let errs = validate_set(&["a", "b", "a"], None, |_, _| ErrorList::new(), |s| s.to_string(), &Path::new("l"), Covered::NONE);
/// assert_eq!(errs[0].to_string(), r#"l[2]: Duplicate value: "a""#);
/// ```
pub fn validate_set<T, K: Eq + Hash + Into<BadValue> + Clone>(
    items: &[T],
    max: Option<usize>,
    item: impl Fn(&T, &Path<'_>) -> ErrorList,
    key: impl Fn(&T) -> K,
    path: &Path<'_>,
    covered: Covered,
) -> ErrorList {
    if let Some(max) = max
        && items.len() > max
    {
        return validate_slice(items, Some(max), item, path, covered);
    }
    let mut errs = validate_slice(items, None, item, path, covered);
    let mut seen = HashSet::new();
    for (i, it) in items.iter().enumerate() {
        let k = key(it);
        if !seen.insert(k.clone()) {
            errs.push(mark(
                Error::duplicate(&path.index(i), k),
                covered.uniqueness,
            ));
        }
    }
    errs
}

/// `ValidateCSIDriverName` with its coverage options: empty is `Required`
/// (and nothing else); more than 63 bytes is `TooLong` (origin `maxLength`
/// when covered); the lower-cased name must be a DNS-1123 subdomain (origin
/// `format=k8s-long-name-caseless` when covered).
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::resource::v1::device_checks::{validate_driver_name, Covered};
/// let p = Path::new("driver");
/// assert!(validate_driver_name("GPU.example.com", &p, Covered::DRIVER).is_empty());
/// assert_eq!(validate_driver_name("a_b", &p, Covered::DRIVER)[0].origin, "format=k8s-long-name-caseless");
/// assert_eq!(validate_driver_name("a_b", &p, Covered::NONE)[0].origin, "");
/// ```
pub fn validate_driver_name(name: &str, path: &Path<'_>, covered: Covered) -> ErrorList {
    let mut errs = ErrorList::new();
    if name.is_empty() {
        errs.push(mark(Error::required(path, ""), covered.required));
        return errs;
    }
    if name.len() > DRIVER_NAME_MAX_LENGTH {
        let mut e = Error::too_long(path, DRIVER_NAME_MAX_LENGTH as i64);
        if covered.size {
            e = e.with_origin("maxLength").mark_covered_by_declarative();
        }
        errs.push(e);
    }
    for msg in is_dns1123_subdomain(&name.to_lowercase()) {
        let mut e = Error::invalid(path, name, msg);
        if covered.format {
            e = e
                .with_origin("format=k8s-long-name-caseless")
                .mark_covered_by_declarative();
        }
        errs.push(e);
    }
    errs
}

/// `validatePoolName`: required, at most 253 bytes, and every `/`-separated
/// part a DNS-1123 subdomain; errors other than `Required` carry origin
/// `format=k8s-resource-pool-name`.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::resource::v1::device_checks::validate_pool_name;
/// let p = Path::new("pool");
/// assert!(validate_pool_name("node-1/pool.a", &p).is_empty());
/// assert_eq!(validate_pool_name("a//b", &p).len(), 1);
/// ```
pub fn validate_pool_name(name: &str, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if name.is_empty() {
        errs.push(Error::required(path, ""));
        return errs;
    }
    const ORIGIN: &str = "format=k8s-resource-pool-name";
    if name.len() > POOL_NAME_MAX_LENGTH {
        errs.push(Error::too_long(path, POOL_NAME_MAX_LENGTH as i64).with_origin(ORIGIN));
    }
    for part in name.split('/') {
        errs.extend_from(dns1123_subdomain(part, path).with_origin(ORIGIN));
    }
    errs
}

/// `corevalidation.ValidateDNS1123Subdomain`: one `Invalid` per problem.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::resource::v1::device_checks::dns1123_subdomain;
/// assert!(dns1123_subdomain("gpu.example.com", &Path::new("c")).is_empty());
/// assert_eq!(dns1123_subdomain("GPU", &Path::new("c")).len(), 1);
/// ```
pub fn dns1123_subdomain(value: &str, path: &Path<'_>) -> ErrorList {
    is_dns1123_subdomain(value)
        .into_iter()
        .map(|msg| Error::invalid(path, value, msg))
        .collect()
}

/// `corevalidation.ValidateDNS1123Label` (device and request names): one
/// `Invalid` per problem.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::resource::v1::device_checks::dns1123_label;
/// assert!(dns1123_label("gpu-0", &Path::new("d")).is_empty());
/// assert_eq!(dns1123_label("", &Path::new("d")).len(), 1);
/// ```
pub fn dns1123_label(value: &str, path: &Path<'_>) -> ErrorList {
    is_dns1123_label(value)
        .into_iter()
        .map(|msg| Error::invalid(path, value, msg))
        .collect()
}

/// `validateDeviceClass` (a class name reference): required, then a
/// DNS-1123 subdomain.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::resource::v1::device_checks::validate_device_class_ref;
/// assert_eq!(validate_device_class_ref("", &Path::new("c"))[0].error_type.as_str(), "FieldValueRequired");
/// assert!(validate_device_class_ref("gpu.example.com", &Path::new("c")).is_empty());
/// ```
pub fn validate_device_class_ref(name: &str, path: &Path<'_>) -> ErrorList {
    if name.is_empty() {
        return ErrorList::from(Error::required(path, ""));
    }
    dns1123_subdomain(name, path)
}

/// `validateCELSelector`'s expression check: `TooLong` above 10 KiB
/// (without compiling); otherwise the expression is compiled
/// ([`super::cel::compile`]) in the stored environment when `stored`, else
/// in the new-expression environment with `features`: a compile error is
/// `Invalid` with cel-go's detail, a worst-case cost above
/// `CELSelectorExpressionMaxCost` is `Forbidden`.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::resource::v1::cel::CelFeatures;
/// use handwritten::resource::v1::device_checks::validate_cel_expression;
/// let p = Path::new("expression");
/// let f = CelFeatures::default();
/// assert!(validate_cel_expression("device.driver == \"a\"", &p, false, f).is_empty());
/// assert_eq!(validate_cel_expression("", &p, false, f)[0].error_type.as_str(), "FieldValueInvalid");
/// assert_eq!(validate_cel_expression("device.driver", &p, true, f)[0].error_type.as_str(), "FieldValueInvalid");
/// ```
pub fn validate_cel_expression(
    expression: &str,
    path: &Path<'_>,
    stored: bool,
    features: CelFeatures,
) -> ErrorList {
    if expression.len() > CEL_SELECTOR_EXPRESSION_MAX_LENGTH {
        return ErrorList::from(Error::too_long(
            path,
            CEL_SELECTOR_EXPRESSION_MAX_LENGTH as i64,
        ));
    }
    let env = if stored {
        EnvType::Stored
    } else {
        EnvType::New(features)
    };
    match compile(expression, env) {
        Err(e) => ErrorList::from(Error::invalid(path, expression, e.detail)),
        Ok(c) if c.max_cost > CEL_SELECTOR_EXPRESSION_MAX_COST => {
            ErrorList::from(Error::forbidden(path, "too complex, exceeds cost limit"))
        }
        Ok(_) => ErrorList::new(),
    }
}

/// `validateSelectorSlice` / `validateSelector`: at most 32 selectors (size
/// covered); each needs `cel` with a valid expression (compiled with
/// `features` unless `stored`).
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::resource::v1::DeviceSelector;
/// use handwritten::resource::v1::device_checks::validate_selectors;
/// use handwritten::resource::v1::cel::CelFeatures;
/// let errs = validate_selectors(&[DeviceSelector::default()], &Path::new("selectors"), false, CelFeatures::default());
/// assert_eq!(errs[0].field, "selectors[0].cel");
/// ```
pub fn validate_selectors(
    selectors: &[DeviceSelector],
    path: &Path<'_>,
    stored: bool,
    features: CelFeatures,
) -> ErrorList {
    validate_slice(
        selectors,
        Some(DEVICE_SELECTORS_MAX_SIZE),
        |selector, p| match &selector.cel {
            None => ErrorList::from(Error::required(&p.child("cel"), "")),
            Some(cel) => {
                let cel_path = p.child("cel");
                validate_cel_expression(
                    &cel.expression,
                    &cel_path.child("expression"),
                    stored,
                    features,
                )
            }
        },
        path,
        Covered::SIZE,
    )
}

/// `validateDeviceConfiguration` (given the configuration's `opaque`
/// member): `opaque` is required; its driver is a
/// driver name (all checks covered) and its parameters a JSON object of at
/// most 10 KiB (size not checked for stored values).
///
/// The size is that of the parameters' bytes as received
/// ([`RawExtension`]), whitespace included, as Go measures `len(Raw)`.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::resource::v1::OpaqueDeviceConfiguration;
/// use handwritten::resource::v1::device_checks::validate_device_configuration;
/// let p = Path::new("config");
/// assert_eq!(validate_device_configuration(None, &p, false)[0].field, "config.opaque");
/// let o = OpaqueDeviceConfiguration { driver: "d.io".into(), parameters: Some(serde_json::json!({}).into()) };
/// assert!(validate_device_configuration(Some(&o), &p, false).is_empty());
/// ```
pub fn validate_device_configuration(
    opaque: Option<&OpaqueDeviceConfiguration>,
    path: &Path<'_>,
    stored: bool,
) -> ErrorList {
    let Some(opaque) = opaque else {
        return ErrorList::from(Error::required(&path.child("opaque"), ""));
    };
    let opaque_path = path.child("opaque");
    let mut errs = validate_driver_name(
        &opaque.driver,
        &opaque_path.child("driver"),
        Covered::DRIVER,
    );
    errs.extend_from(validate_raw_extension(
        opaque.parameters.as_ref(),
        &opaque_path.child("parameters"),
        stored,
        OPAQUE_PARAMETERS_MAX_LENGTH,
    ));
    errs
}

/// `validateRawExtension`: required (`None`, Go's empty `Raw`, or the
/// literal `null`), at most `max` bytes of the text as received unless
/// stored, and a JSON object.
///
/// ```
/// use apimachinery::field::Path;
/// use apimachinery::runtime::RawExtension;
/// use handwritten::resource::v1::device_checks::validate_raw_extension;
/// let p = Path::new("parameters");
/// let raw = |t: &str| RawExtension::from_text(t).unwrap();
/// assert!(validate_raw_extension(Some(&raw("{}")), &p, false, 10).is_empty());
/// assert_eq!(validate_raw_extension(Some(&raw("[1]")), &p, false, 10)[0].detail, "must be a valid JSON object");
/// assert_eq!(validate_raw_extension(None, &p, false, 10)[0].error_type.as_str(), "FieldValueRequired");
/// // the bytes as received count, whitespace included
/// assert!(validate_raw_extension(Some(&raw(r#"{"a":"1234"}"#)), &p, false, 12).is_empty());
/// assert_eq!(validate_raw_extension(Some(&raw(r#"{"a": "1234"}"#)), &p, false, 12)[0].error_type.as_str(), "FieldValueTooLong");
/// ```
pub fn validate_raw_extension(
    raw: Option<&RawExtension>,
    path: &Path<'_>,
    stored: bool,
    max: usize,
) -> ErrorList {
    let Some(raw) = raw else {
        return ErrorList::from(Error::required(path, ""));
    };
    if !stored && raw.len() > max {
        return ErrorList::from(Error::too_long(path, max as i64));
    }
    if raw.is_null() {
        return ErrorList::from(Error::required(path, ""));
    }
    if !raw.is_object() {
        return ErrorList::from(Error::invalid(
            path,
            "<value omitted>",
            "must be a valid JSON object",
        ));
    }
    ErrorList::new()
}

/// The taint effects (`validDeviceTaintEffects`, sorted).
pub const DEVICE_TAINT_EFFECTS: [&str; 3] = ["NoExecute", "NoSchedule", "None"];
/// The toleration operators (`validDeviceTolerationOperators`).
pub const DEVICE_TOLERATION_OPERATORS: [&str; 2] = ["Equal", "Exists"];

/// `validateDeviceToleration`.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::resource::v1::DeviceToleration;
/// use handwritten::resource::v1::device_checks::validate_device_toleration;
/// let t = DeviceToleration { key: "k".into(), operator: "Exists".into(), value: "v".into(), ..Default::default() };
/// assert_eq!(validate_device_toleration(&t, &Path::new("t"))[0].detail, "must be empty for operator `Exists`");
/// ```
pub fn validate_device_toleration(toleration: &DeviceToleration, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if !toleration.key.is_empty() {
        errs.extend_from(
            validate_label_name(&toleration.key, &path.child("key")).mark_covered_by_declarative(),
        );
    }
    let value = path.child("value");
    let operator = path.child("operator");
    match toleration.operator.as_str() {
        "Exists" => {
            if !toleration.value.is_empty() {
                errs.push(Error::invalid(
                    &value,
                    toleration.value.as_str(),
                    "must be empty for operator `Exists`",
                ));
            }
        }
        "Equal" => errs.extend_from(validate_label_value(&toleration.value, &value)),
        "" => errs.push(Error::required(&operator, "").mark_covered_by_declarative()),
        other => errs.push(
            Error::not_supported(&operator, other, &DEVICE_TOLERATION_OPERATORS)
                .mark_covered_by_declarative(),
        ),
    }
    if !toleration.effect.as_str().is_empty()
        && !DEVICE_TAINT_EFFECTS.contains(&toleration.effect.as_str())
    {
        errs.push(
            Error::not_supported(
                &path.child("effect"),
                toleration.effect.as_str(),
                &DEVICE_TAINT_EFFECTS,
            )
            .mark_covered_by_declarative(),
        );
    }
    errs
}

/// `validateLabelValue`: one `Invalid` per problem (no origin).
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::resource::v1::device_checks::validate_label_value;
/// assert!(validate_label_value("v1", &Path::new("value")).is_empty());
/// assert_eq!(validate_label_value("-", &Path::new("value")).len(), 1);
/// ```
pub fn validate_label_value(value: &str, path: &Path<'_>) -> ErrorList {
    is_label_value(value)
        .into_iter()
        .map(|msg| Error::invalid(path, value, msg))
        .collect()
}

/// `validateUID`: an RFC 4122 UUID in its normalized (36 characters,
/// lower-case) form; origin `format=k8s-uuid`.
///
/// Go's `uuid.Validate` also accepts the `{...}`, `urn:uuid:` and 32-digit
/// forms; those fail the normalized-form check here as there.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::resource::v1::device_checks::validate_uid;
/// let p = Path::new("shareID");
/// assert!(validate_uid("123e4567-e89b-12d3-a456-426614174000", &p).is_empty());
/// assert_eq!(validate_uid("123E4567-E89B-12D3-A456-426614174000", &p)[0].origin, "format=k8s-uuid");
/// assert_eq!(validate_uid("nope", &p).len(), 1);
/// ```
pub fn validate_uid(uid: &str, path: &Path<'_>) -> ErrorList {
    let detail = match go_uuid_parse(uid) {
        Err(msg) => Some(format!("error validating uid: {msg}")),
        Ok(()) if uid.len() != 36 || uid != uid.to_lowercase() => Some(
            "uid must be in RFC 4122 normalized form, `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` with lowercase hexadecimal characters".to_string(),
        ),
        Ok(()) => None,
    };
    match detail {
        Some(d) => ErrorList::from(Error::invalid(path, uid, d).with_origin("format=k8s-uuid")),
        None => ErrorList::new(),
    }
}

/// `github.com/google/uuid.Validate`, on bytes as Go indexes a string (a
/// multi-byte character cut by the 9-byte `urn:uuid:` prefix is no panic).
fn go_uuid_parse(s: &str) -> Result<(), String> {
    const INVALID_FORMAT: &str = "invalid UUID format";
    let b = s.as_bytes();
    let body = match b.len() {
        36 => b,
        45 => {
            let (prefix, rest) = b.split_at(9);
            if !prefix.eq_ignore_ascii_case(b"urn:uuid:") {
                return Err(format!("invalid urn prefix: {}", go_quote_bytes(prefix)));
            }
            rest
        }
        38 => match b {
            [b'{', inner @ .., b'}'] => inner,
            _ => return Err("invalid bracketed UUID format".into()),
        },
        32 => {
            return if b.iter().all(u8::is_ascii_hexdigit) {
                Ok(())
            } else {
                Err(INVALID_FORMAT.into())
            };
        }
        n => return Err(format!("invalid UUID length: {n}")),
    };
    for (i, c) in body.iter().enumerate() {
        let dash = matches!(i, 8 | 13 | 18 | 23);
        if dash != (*c == b'-') || (!dash && !c.is_ascii_hexdigit()) {
            return Err(INVALID_FORMAT.into());
        }
    }
    Ok(())
}

/// Go's `%q` of a byte string: [`go_quote`] of its valid UTF-8 runs, and
/// `\xNN` for every byte that is not valid UTF-8.
fn go_quote_bytes(b: &[u8]) -> String {
    let mut out = String::from("\"");
    for chunk in b.utf8_chunks() {
        let quoted = go_quote(chunk.valid());
        out.push_str(&quoted[1..quoted.len() - 1]);
        for x in chunk.invalid() {
            out.push_str(&format!("\\x{x:02x}"));
        }
    }
    out.push('"');
    out
}

/// `validateCIdentifier`: at most 32 bytes and a C identifier.
fn validate_c_identifier(id: &str, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if id.len() > DEVICE_MAX_ID_LENGTH {
        errs.push(Error::too_long(path, DEVICE_MAX_ID_LENGTH as i64));
    }
    for msg in is_c_identifier(id) {
        errs.push(Error::invalid(path, id, msg));
    }
    errs
}

/// `validateFullyQualifiedName`: `domain/name` with a driver-name domain and
/// a C-identifier name; every error has origin
/// `format=k8s-resource-fully-qualified-name`.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::resource::v1::device_checks::validate_fully_qualified_name;
/// let p = Path::new("matchAttribute");
/// assert!(validate_fully_qualified_name("example.com/numa", &p).is_empty());
/// assert_eq!(validate_fully_qualified_name("numa", &p)[0].detail, "a fully qualified name must be a domain and a name separated by a slash");
/// ```
pub fn validate_fully_qualified_name(name: &str, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let parts: Vec<&str> = name.split('/').collect();
    match parts.as_slice() {
        [id] => errs.extend_from(validate_c_identifier(id, path)),
        [domain, id] => {
            if domain.is_empty() {
                errs.push(Error::invalid(path, "", "the domain must not be empty"));
            } else {
                errs.extend_from(validate_driver_name(domain, path, Covered::NONE));
            }
            if id.is_empty() {
                errs.push(Error::invalid(path, "", "the name must not be empty"));
            } else {
                errs.extend_from(validate_c_identifier(id, path));
            }
        }
        _ => errs.push(Error::invalid(
            path,
            name,
            "must not contain more than one slash",
        )),
    }
    if !name.contains('/') {
        errs.push(Error::invalid(
            path,
            name,
            "a fully qualified name must be a domain and a name separated by a slash",
        ));
    }
    errs.with_origin("format=k8s-resource-fully-qualified-name")
}

/// The request names of a claim: each request, with the names of its
/// subrequests when it has `firstAvailable` (`requestNames`).
///
/// ```
/// use handwritten::resource::v1::device_checks::RequestNames;
/// let mut names = RequestNames::default();
/// names.insert("a", None);
/// names.insert("b", Some(vec!["x".to_string()]));
/// assert!(names.has("a") && names.has("b/x") && !names.has("a/x") && !names.has("b/x/y"));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RequestNames(BTreeMap<String, Option<BTreeSet<String>>>);

impl RequestNames {
    /// Records a request and its subrequests.
    ///
    /// ```
    /// use handwritten::resource::v1::device_checks::RequestNames;
    /// let mut names = RequestNames::default();
    /// names.insert("a", Some(vec!["x".into()]));
    /// assert!(names.has("a/x"));
    /// ```
    pub fn insert(&mut self, request: &str, subrequests: Option<Vec<String>>) {
        self.0.insert(
            request.to_string(),
            subrequests.map(|s| s.into_iter().collect()),
        );
    }

    /// `requestNames.Has`: `request` or `request/subrequest`.
    ///
    /// ```
    /// use handwritten::resource::v1::device_checks::RequestNames;
    /// assert!(!RequestNames::default().has("a"));
    /// ```
    pub fn has(&self, name: &str) -> bool {
        let segments: Vec<&str> = name.split('/').collect();
        match segments.as_slice() {
            [request] => self.0.contains_key(*request),
            [request, sub] => {
                matches!(self.0.get(*request), Some(Some(subs)) if subs.contains(*sub))
            }
            _ => false,
        }
    }
}

const REQUEST_REF_DETAIL: &str = "must be the name of a request in the claim or the name of a request and a subrequest separated by '/'";

/// `validateRequestNameRef`: at most one `/`, each segment a DNS label, and
/// a request (or request/subrequest) of the claim.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::resource::v1::device_checks::{validate_request_name_ref, RequestNames};
/// let mut names = RequestNames::default();
/// names.insert("gpu", None);
/// assert!(validate_request_name_ref("gpu", &Path::new("r"), &names).is_empty());
/// assert_eq!(validate_request_name_ref("a/b/c", &Path::new("r"), &names).len(), 1);
/// ```
pub fn validate_request_name_ref(name: &str, path: &Path<'_>, names: &RequestNames) -> ErrorList {
    let segments: Vec<&str> = name.split('/').collect();
    if segments.len() > 2 {
        return ErrorList::from(Error::invalid(path, name, REQUEST_REF_DETAIL));
    }
    let mut errs = ErrorList::new();
    for segment in segments {
        errs.extend_from(dns1123_label(segment, path));
    }
    if !names.has(name) {
        errs.push(Error::invalid(path, name, REQUEST_REF_DETAIL));
    }
    errs
}

/// A list of request references (`validateSet` over `stringKey`, size and
/// uniqueness covered, at most 32).
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::resource::v1::device_checks::{validate_request_refs, RequestNames};
/// let mut names = RequestNames::default();
/// names.insert("gpu", None);
/// let refs = vec!["gpu".to_string(), "gpu".to_string()];
/// assert_eq!(validate_request_refs(&refs, &Path::new("requests"), &names)[0].error_type.as_str(), "FieldValueDuplicate");
/// ```
pub fn validate_request_refs(refs: &[String], path: &Path<'_>, names: &RequestNames) -> ErrorList {
    validate_set(
        refs,
        Some(32),
        |r, p| validate_request_name_ref(r, p, names),
        |r| r.clone(),
        path,
        Covered::SIZE_AND_UNIQUENESS,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uuid_forms() {
        let p = Path::new("u");
        assert_eq!(
            validate_uid("{123e4567-e89b-12d3-a456-426614174000}", &p)[0].detail,
            "uid must be in RFC 4122 normalized form, `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` with lowercase hexadecimal characters"
        );
        assert_eq!(
            validate_uid("abc", &p)[0].detail,
            "error validating uid: invalid UUID length: 3"
        );
        assert_eq!(
            validate_uid("123e4567-e89b-12d3-a456-42661417400z", &p)[0].detail,
            "error validating uid: invalid UUID format"
        );
    }

    #[test]
    fn uuid_prefix_and_bracket_errors_are_gos() {
        let p = Path::new("u");
        let detail = |s: &str| validate_uid(s, &p)[0].detail.to_string();
        assert_eq!(
            detail("urn:test:123e4567-e89b-12d3-a456-426614174000"),
            r#"error validating uid: invalid urn prefix: "urn:test:""#
        );
        // Byte 9 falls inside `é`: Go quotes the cut byte, and nothing panics.
        assert_eq!(
            detail(&format!("aaaaaaaa\u{e9}{}", "a".repeat(35))),
            r#"error validating uid: invalid urn prefix: "aaaaaaaa\xc3""#
        );
        assert_eq!(
            detail("[123e4567-e89b-12d3-a456-426614174000]"),
            "error validating uid: invalid bracketed UUID format"
        );
        assert_eq!(
            detail(&format!("\u{e9}{}}}", "a".repeat(35))),
            "error validating uid: invalid bracketed UUID format"
        );
        assert_eq!(
            detail("URN:UUID:123e4567-e89b-12d3-a456-426614174000"),
            "uid must be in RFC 4122 normalized form, `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` with lowercase hexadecimal characters"
        );
    }

    #[test]
    fn driver_names() {
        let p = Path::new("d");
        let long = format!("{}.com", "a".repeat(60));
        let errs = validate_driver_name(&long, &p, Covered::DRIVER);
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].origin, "maxLength");
        assert_eq!(validate_driver_name("", &p, Covered::DRIVER).len(), 1);
        assert!(validate_driver_name("", &p, Covered::DRIVER)[0].covered_by_declarative);
    }

    #[test]
    fn qualified_names() {
        let p = Path::new("q");
        assert_eq!(validate_fully_qualified_name("/a", &p).len(), 1);
        assert_eq!(validate_fully_qualified_name("a/b/c", &p).len(), 1);
        assert_eq!(validate_fully_qualified_name("x.io/1a", &p).len(), 1);
        assert_eq!(validate_fully_qualified_name("1a", &p).len(), 2);
    }

    #[test]
    fn request_refs_report_duplicates_and_unknown_names() {
        let mut names = RequestNames::default();
        names.insert("a", None);
        let refs = vec!["a".to_string(), "a".to_string(), "zz".to_string()];
        let errs = validate_request_refs(&refs, &Path::new("requests"), &names);
        let got: Vec<(&str, &str)> = errs
            .iter()
            .map(|e| (e.error_type.as_str(), e.field.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                ("FieldValueInvalid", "requests[2]"),
                ("FieldValueDuplicate", "requests[1]")
            ]
        );
    }
}
