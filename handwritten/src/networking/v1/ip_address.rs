//! `IPAddress` validation: a port of `ValidateIPAddress` /
//! `ValidateIPAddressUpdate` (`pkg/apis/networking/validation`) and of the
//! registry strategy `pkg/registry/networking/ipaddress` (master).
//!
//! Feature gates: none; `ValidateIPAddress`, `ValidateIPAddressUpdate` and the `ipaddress`
//! strategy read no feature gate.

use crate::core::v1::object_meta::{validate_object_meta, validate_object_meta_update};
use crate::meta::v1::generic::validate_immutable_field;
use crate::networking::ip::is_valid_ip;
use apimachinery::content::is_path_segment_name;
use apimachinery::content::util_validation::is_dns1123_subdomain;
use apimachinery::field::{Error, ErrorList, Path};
use apimachinery::operation::{Context, Operation};
use apimachinery::unsupported_subresource;
use declarative::api::networking::v1::{IPAddress, ParentReference};

/// The strategy serves no subresource.
///
/// ```
/// assert!(handwritten::networking::v1::ip_address::SUBRESOURCES.is_empty());
/// ```
pub const SUBRESOURCES: &[&str] = &[];

/// How the registry builds this kind's pair (`harness/kinds`): cluster scoped, apiVersion `networking.k8s.io/v1`.
/// The kind's apiVersion; the strategy defines no options or normalisation rules.
pub const REGISTRATION: apimachinery::registration::Registration<
    declarative::api::networking::v1::IPAddress,
> = apimachinery::registration::Registration {
    namespace_scoped: false,
    ..apimachinery::registration::Registration::new("networking.k8s.io/v1")
};

/// What the strategy's `Validate` / `ValidateUpdate` returns. Other
/// subresources yield one `InternalError`, as does an update without an old
/// object.
///
/// ```
/// use apimachinery::operation::Context;
/// use declarative::api::networking::v1::IPAddress;
/// use handwritten::networking::v1::ip_address::validate;
/// let ip: IPAddress = serde_json::from_str(r#"{"metadata":{"name":"10.0.0.01"}}"#).unwrap();
/// let errs = validate(&Context::create(), &ip, None);
/// let fields: Vec<&str> = errs.iter().map(|e| e.field.as_str()).collect();
/// assert_eq!(fields, ["metadata.name", "spec.parentRef"]);
/// assert_eq!(errs[0].detail, "must not have leading 0s");
/// ```
pub fn validate(ctx: &Context, obj: &IPAddress, old: Option<&IPAddress>) -> ErrorList {
    let sub = ctx.subresource_path();
    match (ctx.operation, sub.as_str(), old) {
        (Operation::Create, "/", _) => validate_ip_address(obj),
        (Operation::Update, "/", Some(old)) => {
            let mut errs = validate_ip_address(obj);
            errs.extend_from(validate_ip_address_update(obj, old));
            errs
        }
        (Operation::Update, "/", None) => ErrorList::from(Error::internal(
            &Path::root(),
            "an update needs the old object",
        )),
        _ => ErrorList::from(unsupported_subresource("IPAddress", &sub)),
    }
}

/// The strategy's `PrepareForCreate` / `PrepareForUpdate` change nothing.
///
/// ```
/// use apimachinery::operation::Context;
/// use declarative::api::networking::v1::IPAddress;
/// use handwritten::networking::v1::ip_address::prepare;
/// let mut ip = IPAddress::default();
/// prepare(&Context::create(), &mut ip, None);
/// assert_eq!(ip, IPAddress::default());
/// ```
pub fn prepare(_ctx: &Context, _obj: &mut IPAddress, _old: Option<&IPAddress>) {}

/// `ValidateIPAddressName`: the messages of `IsValidIP` (a strictly valid IP
/// in canonical form); `prefix` is ignored (no generated names).
///
/// ```
/// use handwritten::networking::v1::ip_address::validate_ip_address_name;
/// assert!(validate_ip_address_name("192.168.1.5", false).is_empty());
/// assert_eq!(validate_ip_address_name("2001:db8:0:0:0::1", false), [r#"must be in canonical form ("2001:db8::1")"#]);
/// ```
pub fn validate_ip_address_name(name: &str, _prefix: bool) -> Vec<String> {
    is_valid_ip(&Path::root(), name)
        .iter()
        .map(|e| e.detail.to_string())
        .collect()
}

/// `ValidateIPAddress`: cluster-scoped metadata named by an IP, and a
/// parent reference.
///
/// ```
/// use declarative::api::networking::v1::IPAddress;
/// use handwritten::networking::v1::ip_address::validate_ip_address;
/// let ip: IPAddress = serde_json::from_str(r#"{"metadata":{"name":"::1"},"spec":{"parentRef":{"resource":"services","name":"a"}}}"#).unwrap();
/// assert!(validate_ip_address(&ip).is_empty());
/// ```
pub fn validate_ip_address(ip: &IPAddress) -> ErrorList {
    let mut errs = validate_object_meta(
        &ip.metadata,
        false,
        validate_ip_address_name,
        &Path::new("metadata"),
    );
    errs.extend_from(validate_parent_reference(
        ip.spec.parent_ref.as_ref(),
        &Path::new("spec"),
    ));
    errs
}

/// `validateIPAddressParentReference`: required (covered by declarative
/// validation); resource and name required (covered) and path segment
/// names; group a DNS-1123 subdomain and namespace a path segment name when
/// set.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::networking::v1::ip_address::validate_parent_reference;
/// let errs = validate_parent_reference(None, &Path::new("spec"));
/// assert_eq!(errs[0].field, "spec.parentRef");
/// assert!(errs[0].covered_by_declarative);
/// ```
pub fn validate_parent_reference(parent: Option<&ParentReference>, spec: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let path = spec.child("parentRef");
    let Some(parent) = parent else {
        errs.push(Error::required(&path, "").mark_covered_by_declarative());
        return errs;
    };
    if !parent.group.is_empty() {
        for msg in is_dns1123_subdomain(&parent.group) {
            errs.push(Error::invalid(
                &path.child("group"),
                parent.group.as_str(),
                msg,
            ));
        }
    }
    errs.extend_from(required_path_segment(
        &parent.resource,
        &path.child("resource"),
    ));
    errs.extend_from(required_path_segment(&parent.name, &path.child("name")));
    if !parent.namespace.is_empty() {
        for msg in is_path_segment_name(&parent.namespace) {
            errs.push(Error::invalid(
                &path.child("namespace"),
                parent.namespace.as_str(),
                msg,
            ));
        }
    }
    errs
}

fn required_path_segment(value: &str, path: &Path<'_>) -> ErrorList {
    if value.is_empty() {
        return ErrorList::from(Error::required(path, "").mark_covered_by_declarative());
    }
    is_path_segment_name(value)
        .into_iter()
        .map(|msg| Error::invalid(path, value, msg))
        .collect()
}

/// `ValidateIPAddressUpdate`: metadata update, and `spec.parentRef` is
/// immutable (origin `immutable`, covered by declarative validation).
///
/// ```
/// use declarative::api::networking::v1::IPAddress;
/// use handwritten::networking::v1::ip_address::validate_ip_address_update;
/// let old: IPAddress = serde_json::from_str(r#"{"metadata":{"name":"::1","resourceVersion":"1"},"spec":{"parentRef":{"resource":"services","name":"a"}}}"#).unwrap();
/// let mut new = old.clone();
/// new.spec.parent_ref.as_mut().unwrap().name = "b".into();
/// let errs = validate_ip_address_update(&new, &old);
/// assert_eq!(errs[0].field, "spec.parentRef");
/// assert_eq!(errs[0].origin, "immutable");
/// ```
pub fn validate_ip_address_update(new: &IPAddress, old: &IPAddress) -> ErrorList {
    let mut errs =
        validate_object_meta_update(&new.metadata, &old.metadata, &Path::new("metadata"));
    let spec = Path::new("spec");
    let parent = spec.child("parentRef");
    let as_value = |p: &Option<ParentReference>| serde_json::to_value(p).unwrap_or_default();
    errs.extend_from(
        validate_immutable_field(
            as_value(&new.spec.parent_ref),
            as_value(&old.spec.parent_ref),
            &parent,
        )
        .mark_covered_by_declarative()
        .with_origin("immutable"),
    );
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IPAddress {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn unqualified_finalizer_names_are_rejected() {
        let obj = ip(
            r#"{"metadata":{"name":"10.0.0.1","finalizers":["custom"]},"spec":{"parentRef":{"resource":"services","name":"a"}}}"#,
        );
        let errs = validate(&Context::create(), &obj, None);
        let got: Vec<&str> = errs.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(got, ["metadata.finalizers[0]"]);
    }

    #[test]
    fn parent_reference_fields() {
        let obj = ip(
            r#"{"metadata":{"name":"10.0.0.1"},"spec":{"parentRef":{"group":"Bad_Group","namespace":"a/b"}}}"#,
        );
        let errs = validate(&Context::create(), &obj, None);
        let got: Vec<(&str, &str, bool)> = errs
            .iter()
            .map(|e| {
                (
                    e.error_type.as_str(),
                    e.field.as_str(),
                    e.covered_by_declarative,
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                ("FieldValueInvalid", "spec.parentRef.group", false),
                ("FieldValueRequired", "spec.parentRef.resource", true),
                ("FieldValueRequired", "spec.parentRef.name", true),
                ("FieldValueInvalid", "spec.parentRef.namespace", false),
            ]
        );
    }

    #[test]
    fn update_runs_create_checks_too() {
        let old = ip(
            r#"{"metadata":{"name":"10.0.0.1","resourceVersion":"1"},"spec":{"parentRef":{"resource":"services","name":"a"}}}"#,
        );
        assert!(validate(&Context::update(), &old, Some(&old)).is_empty());
        let mut new = old.clone();
        new.spec.parent_ref = None;
        let errs = validate(&Context::update(), &new, Some(&old));
        let fields: Vec<&str> = errs.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["spec.parentRef", "spec.parentRef"]);
        assert_eq!(
            validate(&Context::update().subresource("/status"), &new, Some(&old))[0]
                .error_type
                .as_str(),
            "InternalError"
        );
    }
}
