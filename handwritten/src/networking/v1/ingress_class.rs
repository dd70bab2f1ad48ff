//! `IngressClass` validation: a port of `ValidateIngressClass` /
//! `ValidateIngressClassUpdate` and the parameters reference rules
//! (`pkg/apis/networking/validation`) and of the registry strategy
//! `pkg/registry/networking/ingressclass` (master).
//!
//! Feature gates: none; `ValidateIngressClass`, `ValidateIngressClassUpdate` and the
//! `ingressclass` strategy read no feature gate.

use crate::core::v1::object_meta::{validate_object_meta, validate_object_meta_update};
use crate::meta::v1::generic::validate_immutable_field;
use crate::networking::domain_path::is_domain_prefixed_path;
use apimachinery::content::util_validation::is_dns1123_subdomain;
use apimachinery::content::{is_path_segment_name, name_is_dns_subdomain, validate_namespace_name};
use apimachinery::field::{Error, ErrorList, Path};
use apimachinery::operation::{Context, Operation};
use apimachinery::unsupported_subresource;
use declarative::api::networking::v1::{
    IngressClass, IngressClassParametersReference, IngressClassSpec,
};

/// The strategy serves no subresource.
///
/// ```
/// assert!(handwritten::networking::v1::ingress_class::SUBRESOURCES.is_empty());
/// ```
pub const SUBRESOURCES: &[&str] = &[];

/// How the registry builds this kind's pair (`harness/kinds`): cluster scoped, apiVersion `networking.k8s.io/v1`.
/// The kind's apiVersion; the strategy defines no options or normalisation rules.
pub const REGISTRATION: apimachinery::registration::Registration<
    declarative::api::networking::v1::IngressClass,
> = apimachinery::registration::Registration {
    namespace_scoped: false,
    ..apimachinery::registration::Registration::new("networking.k8s.io/v1")
};

/// The longest controller name, in bytes (`maxLenIngressClassController`).
pub const MAX_LEN_INGRESS_CLASS_CONTROLLER: i64 = 250;

/// `IngressClassParametersReferenceScopeCluster`.
pub const SCOPE_CLUSTER: &str = "Cluster";

/// `IngressClassParametersReferenceScopeNamespace`.
pub const SCOPE_NAMESPACE: &str = "Namespace";

/// What the strategy's `Validate` / `ValidateUpdate` returns.
///
/// ```
/// use apimachinery::operation::Context;
/// use declarative::api::networking::v1::IngressClass;
/// use handwritten::networking::v1::ingress_class::validate;
/// let ic: IngressClass = serde_json::from_str(r#"{"metadata":{"name":"c"},"spec":{"controller":"a.io/c"}}"#).unwrap();
/// assert!(validate(&Context::create(), &ic, None).is_empty());
/// ```
pub fn validate(ctx: &Context, obj: &IngressClass, old: Option<&IngressClass>) -> ErrorList {
    let sub = ctx.subresource_path();
    match (ctx.operation, sub.as_str(), old) {
        (Operation::Create, "/", _) => validate_ingress_class(obj),
        (Operation::Update, "/", Some(old)) => validate_ingress_class_update(obj, old),
        (Operation::Update, "/", None) => ErrorList::from(Error::internal(
            &Path::root(),
            "an update needs the old object",
        )),
        _ => ErrorList::from(unsupported_subresource("IngressClass", &sub)),
    }
}

/// The strategy's `PrepareForCreate` (generation 1) and `PrepareForUpdate`
/// (generation bumped when the spec changed).
///
/// ```
/// use apimachinery::operation::Context;
/// use declarative::api::networking::v1::IngressClass;
/// use handwritten::networking::v1::ingress_class::prepare;
/// let mut ic = IngressClass::default();
/// prepare(&Context::create(), &mut ic, None);
/// assert_eq!(ic.metadata.generation, 1);
/// ```
pub fn prepare(ctx: &Context, obj: &mut IngressClass, old: Option<&IngressClass>) {
    match (ctx.operation, ctx.subresource_path().as_str(), old) {
        (Operation::Create, "/", _) => obj.metadata.generation = 1,
        (Operation::Update, "/", Some(old)) if obj.spec != old.spec => {
            obj.metadata.generation = old.metadata.generation.wrapping_add(1);
        }
        _ => {}
    }
}

/// `ValidateIngressClass`: cluster-scoped metadata with a DNS-1123
/// subdomain name, then the spec.
///
/// ```
/// use declarative::api::networking::v1::IngressClass;
/// use handwritten::networking::v1::ingress_class::validate_ingress_class;
/// let errs = validate_ingress_class(&IngressClass::default());
/// let fields: Vec<&str> = errs.iter().map(|e| e.field.as_str()).collect();
/// assert_eq!(fields, ["metadata.name", "spec.controller"]);
/// ```
pub fn validate_ingress_class(ic: &IngressClass) -> ErrorList {
    let mut errs = validate_object_meta(
        &ic.metadata,
        false,
        name_is_dns_subdomain,
        &Path::new("metadata"),
    );
    errs.extend_from(validate_ingress_class_spec(&ic.spec, &Path::new("spec")));
    errs
}

/// `ValidateIngressClassUpdate`: metadata update, the controller is
/// immutable (origin `immutable`, covered), then everything
/// `ValidateIngressClass` checks.
///
/// ```
/// use declarative::api::networking::v1::IngressClass;
/// use handwritten::networking::v1::ingress_class::validate_ingress_class_update;
/// let old: IngressClass = serde_json::from_str(r#"{"metadata":{"name":"c","resourceVersion":"1"},"spec":{"controller":"a.io/c"}}"#).unwrap();
/// let mut new = old.clone();
/// new.spec.controller = "a.io/d".into();
/// let errs = validate_ingress_class_update(&new, &old);
/// assert_eq!((errs[0].field.as_str(), errs[0].origin.as_ref()), ("spec.controller", "immutable"));
/// ```
pub fn validate_ingress_class_update(new: &IngressClass, old: &IngressClass) -> ErrorList {
    let mut errs =
        validate_object_meta_update(&new.metadata, &old.metadata, &Path::new("metadata"));
    let spec = Path::new("spec");
    errs.extend_from(
        validate_immutable_field(
            new.spec.controller.as_str(),
            old.spec.controller.as_str(),
            &spec.child("controller"),
        )
        .mark_covered_by_declarative()
        .with_origin("immutable"),
    );
    errs.extend_from(validate_ingress_class(new));
    errs
}

/// `validateIngressClassSpec`: the controller is required (covered), at
/// most 250 bytes (`TooLong`, origin `maxBytes`, covered) and a
/// domain-prefixed path; then the parameters.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::networking::v1::IngressClassSpec;
/// use handwritten::networking::v1::ingress_class::validate_ingress_class_spec;
/// let spec = IngressClassSpec { controller: format!("a.io/{}", "x".repeat(250)), parameters: None };
/// let errs = validate_ingress_class_spec(&spec, &Path::new("spec"));
/// assert_eq!((errs[0].error_type.as_str(), errs[0].origin.as_ref()), ("FieldValueTooLong", "maxBytes"));
/// ```
pub fn validate_ingress_class_spec(spec: &IngressClassSpec, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let controller = path.child("controller");
    if spec.controller.is_empty() {
        errs.push(Error::required(&controller, "").mark_covered_by_declarative());
    } else {
        if spec.controller.len() as i64 > MAX_LEN_INGRESS_CLASS_CONTROLLER {
            errs.push(
                Error::too_long(&controller, MAX_LEN_INGRESS_CLASS_CONTROLLER)
                    .mark_covered_by_declarative()
                    .with_origin("maxBytes"),
            );
        }
        errs.extend_from(is_domain_prefixed_path(&controller, &spec.controller));
    }
    errs.extend_from(validate_parameters_reference(
        spec.parameters.as_ref(),
        &path.child("parameters"),
    ));
    errs
}

/// `validateIngressClassParametersReference`: apiGroup a DNS-1123
/// subdomain; kind and name required (covered) and path segment names;
/// scope required (covered) and `Cluster` or `Namespace`; a namespace is
/// required with `Namespace` scope and forbidden with `Cluster` scope.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::networking::v1::IngressClassParametersReference;
/// use handwritten::networking::v1::ingress_class::validate_parameters_reference;
/// let p = IngressClassParametersReference { kind: "K".into(), name: "n".into(), scope: Some("Namespace".into()), ..Default::default() };
/// let errs = validate_parameters_reference(Some(&p), &Path::new("p"));
/// assert_eq!(errs[0].to_string(), "p.namespace: Required value: `parameters.scope` is set to 'Namespace'");
/// ```
pub fn validate_parameters_reference(
    params: Option<&IngressClassParametersReference>,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let Some(params) = params else {
        return errs;
    };
    if let Some(group) = &params.api_group {
        for msg in is_dns1123_subdomain(group) {
            errs.push(Error::invalid(&path.child("apiGroup"), group.as_str(), msg));
        }
    }
    errs.extend_from(required_path_segment(&params.kind, &path.child("kind")));
    errs.extend_from(required_path_segment(&params.name, &path.child("name")));
    let scope_path = path.child("scope");
    let Some(scope) = &params.scope else {
        errs.push(Error::required(&scope_path, "").mark_covered_by_declarative());
        return errs;
    };
    let namespace = path.child("namespace");
    match scope.as_str() {
        SCOPE_NAMESPACE => match &params.namespace {
            None => errs.push(Error::required(
                &namespace,
                "`parameters.scope` is set to 'Namespace'",
            )),
            Some(ns) => {
                for msg in validate_namespace_name(ns, false) {
                    errs.push(Error::invalid(&namespace, ns.as_str(), msg));
                }
            }
        },
        SCOPE_CLUSTER => {
            if params.namespace.is_some() {
                errs.push(Error::forbidden(
                    &namespace,
                    "`parameters.scope` is set to 'Cluster'",
                ));
            }
        }
        other => errs.push(Error::not_supported(
            &scope_path,
            other,
            &[SCOPE_CLUSTER, SCOPE_NAMESPACE],
        )),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Go's int64 addition wraps: a spec change at the largest generation
    /// gives the smallest, it does not fail.
    #[test]
    fn generation_wraps_like_go() {
        let mut old = ic(r#"{"controller":"a/b"}"#);
        old.metadata.generation = i64::MAX;
        let mut new = ic(r#"{"controller":"a/c"}"#);
        prepare(&Context::update(), &mut new, Some(&old));
        assert_eq!(new.metadata.generation, i64::MIN);
    }

    fn ic(spec: &str) -> IngressClass {
        serde_json::from_str(&format!(
            r#"{{"metadata":{{"name":"c","resourceVersion":"1"}},"spec":{spec}}}"#
        ))
        .unwrap()
    }

    fn summary(errs: &ErrorList) -> Vec<(&str, &str, &str, bool)> {
        errs.iter()
            .map(|e| {
                (
                    e.error_type.as_str(),
                    e.field.as_str(),
                    e.origin.as_ref(),
                    e.covered_by_declarative,
                )
            })
            .collect()
    }

    #[test]
    fn unqualified_finalizer_names_are_rejected() {
        let mut obj = ic(r#"{"controller":"a.io/c"}"#);
        obj.metadata.finalizers = vec!["custom".into()];
        let errs = validate(&Context::create(), &obj, None);
        let got: Vec<&str> = errs.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(got, ["metadata.finalizers[0]"]);
    }

    #[test]
    fn parameters_rules() {
        let obj = ic(
            r#"{"controller":"a.io/c","parameters":{"apiGroup":"Bad_","kind":"a/b","name":"","scope":"Cluster","namespace":"x"}}"#,
        );
        let errs = validate(&Context::create(), &obj, None);
        assert_eq!(
            summary(&errs),
            [
                ("FieldValueInvalid", "spec.parameters.apiGroup", "", false),
                ("FieldValueInvalid", "spec.parameters.kind", "", false),
                ("FieldValueRequired", "spec.parameters.name", "", true),
                (
                    "FieldValueForbidden",
                    "spec.parameters.namespace",
                    "",
                    false
                ),
            ]
        );
        let obj =
            ic(r#"{"controller":"a.io/c","parameters":{"kind":"K","name":"n","scope":"Global"}}"#);
        assert_eq!(
            validate(&Context::create(), &obj, None)[0].to_string(),
            r#"spec.parameters.scope: Unsupported value: "Global": supported values: "Cluster", "Namespace""#
        );
        let obj = ic(r#"{"controller":"a.io/c","parameters":{"kind":"K","name":"n"}}"#);
        assert_eq!(
            summary(&validate(&Context::create(), &obj, None)),
            [("FieldValueRequired", "spec.parameters.scope", "", true)]
        );
    }

    #[test]
    fn update_checks_immutability_then_everything_again() {
        let old = ic(r#"{"controller":"a.io/c"}"#);
        let new = ic(r#"{"controller":""}"#);
        assert_eq!(
            summary(&validate(&Context::update(), &new, Some(&old))),
            [
                ("FieldValueInvalid", "spec.controller", "immutable", true),
                ("FieldValueRequired", "spec.controller", "", true),
            ]
        );
    }
}
