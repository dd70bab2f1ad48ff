//! `DeviceClass` validation: a port of `ValidateDeviceClass` /
//! `ValidateDeviceClassUpdate` (`pkg/apis/resource/validation`) and of the
//! registry strategy `pkg/registry/resource/deviceclass` (master).
//!
//! # Feature gates
//!
//! Read from the validation context (registered with its release default in
//! `dv-harness`'s bundled pair):
//!
//! - `DRAExtendedResource` ([`DRA_EXTENDED_RESOURCE`]), strategy: when off,
//!   `spec.extendedResourceName` is dropped on create and on an update whose
//!   stored class does not set it.
//! - `DRAConsumableCapacity` (`super::resource_claim::DRA_CONSUMABLE_CAPACITY`,
//!   registered as for `ResourceClaim`; off when the context does not set
//!   it), validation: handed to the DRA CEL compiler, it declares
//!   `device.allowMultipleAllocations` for new selector expressions.
//!
//! CEL selectors are compiled ([`super::cel`]; `TestValidateClass/selectors`
//! is in the corpus). `DRAListTypeAttributes` is not read by the newest
//! stored `validation.go`.

use super::cel::CelFeatures;
use super::device_checks::{
    Covered, DEVICE_CONFIG_MAX_SIZE, validate_device_configuration, validate_selectors,
    validate_slice,
};
use super::resource_claim::DRA_CONSUMABLE_CAPACITY;
use crate::meta::v1::object_meta::{validate_object_meta_update, validate_object_meta_with_opts};
use apimachinery::content::is_qualified_name;
use apimachinery::field::{Error, ErrorList, Path};
use apimachinery::operation::{Context, Operation};
use apimachinery::unsupported_subresource;
use apimachinery::validate::long_name;
use declarative::api::resource::v1::{DeviceClass, DeviceClassSpec};

/// The strategy serves no subresource.
///
/// ```
/// assert!(handwritten::resource::v1::device_class::SUBRESOURCES.is_empty());
/// ```
pub const SUBRESOURCES: &[&str] = &[];

/// How the registry builds this kind's pair (`harness/kinds`): cluster scoped, apiVersion `resource.k8s.io/v1`.
/// The options (feature gates) the strategy reads, with their defaults.
pub const REGISTRATION: apimachinery::registration::Registration<
    declarative::api::resource::v1::DeviceClass,
> = apimachinery::registration::Registration {
    namespace_scoped: false,
    options: &[
        (DRA_EXTENDED_RESOURCE, true),
        (DRA_CONSUMABLE_CAPACITY, false),
    ],
    ..apimachinery::registration::Registration::new("resource.k8s.io/v1")
};

/// The features `validateCELSelector` hands the DRA CEL compiler:
/// `EnableConsumableCapacity` from `DRAConsumableCapacity`.
fn cel_features(ctx: &Context) -> CelFeatures {
    CelFeatures {
        consumable_capacity: ctx.option_state(DRA_CONSUMABLE_CAPACITY) == Some(true),
        list_type_attributes: false,
    }
}

/// The gate of `spec.extendedResourceName` (treated as enabled unless the
/// context turns it off).
pub const DRA_EXTENDED_RESOURCE: &str = "DRAExtendedResource";

/// What the strategy's `Validate` / `ValidateUpdate` returns; an update runs
/// `ValidateDeviceClass` and then `ValidateDeviceClassUpdate`.
///
/// ```
/// use apimachinery::operation::Context;
/// use declarative::api::resource::v1::DeviceClass;
/// use handwritten::resource::v1::device_class::validate;
/// let dc: DeviceClass = serde_json::from_str(r#"{"metadata":{"name":"Bad_Name"}}"#).unwrap();
/// let errs = validate(&Context::create(), &dc, None);
/// assert_eq!((errs[0].field.as_str(), errs[0].origin.as_ref()), ("metadata.name", "format=k8s-long-name"));
/// ```
pub fn validate(ctx: &Context, obj: &DeviceClass, old: Option<&DeviceClass>) -> ErrorList {
    let sub = ctx.subresource_path();
    match (ctx.operation, sub.as_str(), old) {
        (Operation::Create, "/", _) => validate_device_class(obj, cel_features(ctx)),
        (Operation::Update, "/", Some(old)) => {
            let features = cel_features(ctx);
            let mut errs = validate_device_class(obj, features);
            errs.extend_from(validate_device_class_update(obj, old, features));
            errs
        }
        (Operation::Update, "/", None) => ErrorList::from(Error::internal(
            &Path::root(),
            "an update needs the old object",
        )),
        _ => ErrorList::from(unsupported_subresource("DeviceClass", &sub)),
    }
}

/// The strategy's `PrepareForCreate` (generation 1) and `PrepareForUpdate`
/// (generation bumped when the spec changed); with the
/// `DRAExtendedResource` option off, `extendedResourceName` is dropped
/// unless the stored object uses it.
///
/// ```
/// use apimachinery::operation::Context;
/// use declarative::api::resource::v1::DeviceClass;
/// use handwritten::resource::v1::device_class::prepare;
/// let mut dc = DeviceClass::default();
/// dc.spec.extended_resource_name = Some("example.com/gpu".into());
/// prepare(&Context::create().option("DRAExtendedResource", false), &mut dc, None);
/// assert_eq!((dc.metadata.generation, dc.spec.extended_resource_name), (1, None));
/// ```
pub fn prepare(ctx: &Context, obj: &mut DeviceClass, old: Option<&DeviceClass>) {
    let sub = ctx.subresource_path();
    if sub != "/" {
        return;
    }
    let disabled = ctx.option_state(DRA_EXTENDED_RESOURCE) == Some(false);
    if disabled && old.is_none_or(|o| o.spec.extended_resource_name.is_none()) {
        obj.spec.extended_resource_name = None;
    }
    match (ctx.operation, old) {
        (Operation::Create, _) => obj.metadata.generation = 1,
        (Operation::Update, Some(old)) if obj.spec != old.spec => {
            obj.metadata.generation = old.metadata.generation.wrapping_add(1);
        }
        _ => {}
    }
}

fn validate_class_name(path: &Path<'_>, name: &str) -> ErrorList {
    long_name(&Context::create(), path, Some(name), None).mark_covered_by_declarative()
}

/// `ValidateDeviceClass`: cluster-scoped metadata whose name is a long name
/// (covered), then the spec.
///
/// ```
/// use declarative::api::resource::v1::DeviceClass;
/// use handwritten::resource::v1::device_class::validate_device_class;
/// let dc: DeviceClass = serde_json::from_str(r#"{"metadata":{"name":"gpu.example.com"}}"#).unwrap();
/// assert!(validate_device_class(&dc, Default::default()).is_empty());
/// ```
pub fn validate_device_class(class: &DeviceClass, features: CelFeatures) -> ErrorList {
    let mut errs = validate_object_meta_with_opts(
        &class.metadata,
        false,
        &validate_class_name,
        &Path::new("metadata"),
    );
    errs.extend_from(validate_device_class_spec(
        &class.spec,
        None,
        &Path::new("spec"),
        features,
    ));
    errs
}

/// `ValidateDeviceClassUpdate`: the create checks of the metadata, the
/// metadata update, and the spec (selectors and configuration unchanged
/// from `old` count as stored).
///
/// ```
/// use declarative::api::resource::v1::DeviceClass;
/// use handwritten::resource::v1::device_class::validate_device_class_update;
/// let old: DeviceClass = serde_json::from_str(r#"{"metadata":{"name":"c","resourceVersion":"1"}}"#).unwrap();
/// let mut new = old.clone();
/// new.metadata.name = "d".into();
/// assert_eq!(validate_device_class_update(&new, &old, Default::default())[0].field, "metadata.name");
/// ```
pub fn validate_device_class_update(
    new: &DeviceClass,
    old: &DeviceClass,
    features: CelFeatures,
) -> ErrorList {
    let meta = Path::new("metadata");
    let mut errs =
        validate_object_meta_with_opts(&new.metadata, false, &validate_class_name, &meta);
    errs.extend_from(validate_object_meta_update(
        &new.metadata,
        &old.metadata,
        &meta,
    ));
    errs.extend_from(validate_device_class_spec(
        &new.spec,
        Some(&old.spec),
        &Path::new("spec"),
        features,
    ));
    errs
}

/// `validateDeviceClassSpec`.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::resource::v1::DeviceClassSpec;
/// use handwritten::resource::v1::device_class::validate_device_class_spec;
/// let spec = DeviceClassSpec { extended_resource_name: Some("gpu".into()), ..Default::default() };
/// let errs = validate_device_class_spec(&spec, None, &Path::new("spec"), Default::default());
/// assert_eq!(errs[0].origin, "format=k8s-extended-resource-name");
/// ```
pub fn validate_device_class_spec(
    spec: &DeviceClassSpec,
    old: Option<&DeviceClassSpec>,
    path: &Path<'_>,
    features: CelFeatures,
) -> ErrorList {
    let selectors_stored = old.is_some_and(|o| o.selectors == spec.selectors);
    let mut errs = validate_selectors(
        &spec.selectors,
        &path.child("selectors"),
        selectors_stored,
        features,
    );
    let config_stored = old.is_some_and(|o| o.config == spec.config);
    errs.extend_from(validate_slice(
        &spec.config,
        Some(DEVICE_CONFIG_MAX_SIZE),
        |c, p| validate_device_configuration(c.opaque.as_ref(), p, config_stored),
        &path.child("config"),
        Covered::SIZE,
    ));
    if let Some(name) = &spec.extended_resource_name
        && !is_extended_resource_name(name)
    {
        errs.push(
            Error::invalid(
                &path.child("extendedResourceName"),
                name.as_str(),
                "must be a valid extended resource name",
            )
            .mark_covered_by_declarative()
            .with_origin("format=k8s-extended-resource-name"),
        );
    }
    errs
}

/// `v1helper.IsExtendedResourceName`: domain-prefixed, not in the
/// `kubernetes.io/` namespace, not prefixed `requests.`, and a qualified
/// name once prefixed with `requests.`.
///
/// ```
/// use handwritten::resource::v1::device_class::is_extended_resource_name;
/// assert!(is_extended_resource_name("example.com/gpu"));
/// assert!(!is_extended_resource_name("gpu"));
/// assert!(!is_extended_resource_name("kubernetes.io/gpu"));
/// assert!(!is_extended_resource_name("requests.example.com/gpu"));
/// ```
pub fn is_extended_resource_name(name: &str) -> bool {
    let native = !name.contains('/') || name.contains("kubernetes.io/");
    if native || name.starts_with("requests.") {
        return false;
    }
    is_qualified_name(&format!("requests.{name}")).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dc(spec: &str) -> DeviceClass {
        serde_json::from_str(&format!(
            r#"{{"metadata":{{"name":"c","resourceVersion":"1"}},"spec":{spec}}}"#
        ))
        .unwrap()
    }

    #[test]
    fn stored_selectors_are_still_compiled_by_the_update_pass() {
        let old = dc(r#"{"selectors":[{"cel":{"expression":""}}]}"#);
        let errs = validate(&Context::update(), &old, Some(&old));
        // Both passes compile it: the stored environment is more permissive,
        // but an empty expression does not parse in any environment.
        assert_eq!(errs.len(), 2);
        let listy = dc(
            r#"{"selectors":[{"cel":{"expression":"device.attributes[\"a\"].ids.exists(i, i == 1)"}}]}"#,
        );
        let errs = validate(&Context::update(), &listy, Some(&listy));
        // Only the create pass (new expressions, no list-type attributes) rejects it.
        assert_eq!(errs.len(), 1);
        let errs = validate(&Context::create(), &old, None);
        assert_eq!(errs[0].field, "spec.selectors[0].cel.expression");
    }

    #[test]
    fn consumable_capacity_declares_allow_multiple_allocations() {
        let obj = dc(r#"{"selectors":[{"cel":{"expression":"device.allowMultipleAllocations"}}]}"#);
        let errs = validate(&Context::create(), &obj, None);
        assert_eq!(errs.len(), 1);
        assert!(
            errs[0]
                .detail
                .contains("undefined field 'allowMultipleAllocations'")
        );
        let on = Context::create().option(DRA_CONSUMABLE_CAPACITY, true);
        assert!(validate(&on, &obj, None).is_empty());
    }

    #[test]
    fn too_many_selectors_stop_there() {
        let sel = vec![r#"{"cel":{"expression":""}}"#; 33].join(",");
        let obj = dc(&format!(r#"{{"selectors":[{sel}]}}"#));
        let errs = validate(&Context::create(), &obj, None);
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].origin, "maxItems");
    }
}
