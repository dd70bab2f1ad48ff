//! The `seccompProfile` and `appArmorProfile` fields shared by pod and
//! container security contexts: ports of `validateSeccompProfileField`
//! (with `validateSeccompProfileType`) and `ValidateAppArmorProfileField`
//! (Kubernetes' `pkg/apis/core/validation/validation.go`, read at 000f2605).
//!
//! The deprecated seccomp and AppArmor annotations are checked on their own
//! in [`super::pod_spec::validate_pod_specific_annotations`]; where an
//! annotation and the field it was replaced by are both set, they must
//! agree: `validateSeccompAnnotationsAndFields` (with
//! `validateSeccompAnnotationsAndFieldsMatch`) and
//! `validateAppArmorAnnotationsAndFieldsMatchOnCreate`, which
//! `ValidatePodTemplateSpec` runs as `ValidatePodCreate` does.

use super::pod_spec::{
    APPARMOR_CONTAINER_ANNOTATION_KEY_PREFIX, SECCOMP_CONTAINER_ANNOTATION_KEY_PREFIX,
    SECCOMP_POD_ANNOTATION_KEY,
};
use super::visit_containers::for_each_container_named;
use super::volume::validate_local_descending_path;
use apimachinery::field::{BadValue, Error, ErrorList, Path};
use declarative::api::core::v1::{AppArmorProfile, PodSpec, SeccompProfile};
use std::collections::BTreeMap;

/// The profile types, in the order Kubernetes lists them.
const PROFILE_TYPES: &[&str] = &["Localhost", "RuntimeDefault", "Unconfined"];

/// The longest `localhostProfile` of an AppArmor profile (`PATH_MAX - 1`).
const MAX_APPARMOR_LOCALHOST_PROFILE: usize = 4095;

/// `validateSeccompProfileField`: the type is required and one of
/// `Localhost`, `RuntimeDefault`, `Unconfined`; `localhostProfile` is
/// required (a local descending path) for `Localhost` and forbidden
/// (`Invalid`) otherwise.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::SeccompProfile;
/// use handwritten::core::v1::security_profiles::validate_seccomp_profile_field;
/// let p = SeccompProfile { type_: "Localhost".into(), localhost_profile: None };
/// let errs = validate_seccomp_profile_field(Some(&p), &Path::new("seccompProfile"));
/// assert_eq!(errs[0].to_string(), "seccompProfile.localhostProfile: Required value: must be set when seccomp type is Localhost");
/// ```
pub fn validate_seccomp_profile_field(sp: Option<&SeccompProfile>, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let Some(sp) = sp else {
        return errs;
    };
    let type_path = path.child("type");
    match sp.type_.as_str() {
        "Localhost" | "RuntimeDefault" | "Unconfined" => {}
        "" => errs.push(Error::required(
            &type_path,
            "type is required when seccompProfile is set",
        )),
        other => errs.push(Error::not_supported(&type_path, other, PROFILE_TYPES)),
    }
    let profile_path = path.child("localhostProfile");
    if sp.type_ == "Localhost" {
        match &sp.localhost_profile {
            None => errs.push(Error::required(
                &profile_path,
                "must be set when seccomp type is Localhost",
            )),
            Some(profile) => {
                errs.extend_from(validate_local_descending_path(profile, &profile_path))
            }
        }
    } else if sp.localhost_profile.is_some() {
        errs.push(Error::invalid(
            &profile_path,
            whole(sp),
            "can only be set when seccomp type is Localhost",
        ));
    }
    errs
}

/// `ValidateAppArmorProfileField`: `Localhost` needs a non-empty,
/// unpadded `localhostProfile` of at most 4095 bytes; `RuntimeDefault` and
/// `Unconfined` take none; the type is required and one of the three.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::AppArmorProfile;
/// use handwritten::core::v1::security_profiles::validate_app_armor_profile_field;
/// let p = AppArmorProfile { type_: "Localhost".into(), localhost_profile: Some(" x".into()) };
/// let errs = validate_app_armor_profile_field(Some(&p), &Path::new("appArmorProfile"));
/// assert_eq!(errs[0].detail, "must not be padded with whitespace");
/// ```
pub fn validate_app_armor_profile_field(
    profile: Option<&AppArmorProfile>,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let Some(profile) = profile else {
        return errs;
    };
    let profile_path = path.child("localhostProfile");
    match profile.type_.as_str() {
        "Localhost" => match &profile.localhost_profile {
            None => errs.push(Error::required(
                &profile_path,
                "must be set when AppArmor type is Localhost",
            )),
            Some(name) => {
                // Go's `strings.TrimSpace` trims Unicode white space.
                let trimmed = name.trim();
                if trimmed != name {
                    errs.push(Error::invalid(
                        &profile_path,
                        name.as_str(),
                        "must not be padded with whitespace",
                    ));
                } else if trimmed.is_empty() {
                    errs.push(Error::required(
                        &profile_path,
                        "must be set when AppArmor type is Localhost",
                    ));
                }
                if name.len() > MAX_APPARMOR_LOCALHOST_PROFILE {
                    errs.push(Error::too_long(
                        &profile_path,
                        MAX_APPARMOR_LOCALHOST_PROFILE as i64,
                    ));
                }
            }
        },
        "RuntimeDefault" | "Unconfined" => {
            if let Some(name) = &profile.localhost_profile {
                errs.push(Error::invalid(
                    &profile_path,
                    name.as_str(),
                    "can only be set when AppArmor type is Localhost",
                ));
            }
        }
        "" => errs.push(Error::required(
            &path.child("type"),
            "type is required when appArmorProfile is set",
        )),
        other => errs.push(Error::not_supported(
            &path.child("type"),
            other,
            PROFILE_TYPES,
        )),
    }
    errs
}

/// `validateSeccompAnnotationsAndFields`: the pod's seccomp annotation
/// against `securityContext.seccompProfile`, then each container's
/// annotation against its own `seccompProfile` (init, regular, ephemeral
/// containers), reported under `spec_path`.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::PodSpec;
/// use handwritten::core::v1::security_profiles::validate_seccomp_annotations_and_fields;
/// use std::collections::BTreeMap;
/// let spec: PodSpec = serde_json::from_str(r#"{"securityContext":{"seccompProfile":{"type":"Unconfined"}}}"#).unwrap();
/// let a = BTreeMap::from([("seccomp.security.alpha.kubernetes.io/pod".to_string(), "runtime/default".to_string())]);
/// let errs = validate_seccomp_annotations_and_fields(&a, &spec, &Path::new("spec"));
/// assert_eq!(errs[0].field, "spec.securityContext.seccompProfile.type");
/// ```
pub fn validate_seccomp_annotations_and_fields(
    annotations: &BTreeMap<String, String>,
    spec: &PodSpec,
    spec_path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Some(profile) = spec
        .security_context
        .as_ref()
        .and_then(|sc| sc.seccomp_profile.as_ref())
        && let Some(annotation) = annotations.get(SECCOMP_POD_ANNOTATION_KEY)
    {
        let sc_path = spec_path.child("securityContext");
        let path = sc_path.child("seccompProfile");
        errs.extend(seccomp_annotation_mismatch(annotation, profile, &path));
    }
    for_each_container_named(spec, spec_path, |name, sc, container_path| {
        let Some(profile) = sc.and_then(|sc| sc.seccomp_profile.as_ref()) else {
            return;
        };
        let key = format!("{SECCOMP_CONTAINER_ANNOTATION_KEY_PREFIX}{name}");
        if let Some(annotation) = annotations.get(&key) {
            let sc_path = container_path.child("securityContext");
            let path = sc_path.child("seccompProfile");
            errs.extend(seccomp_annotation_mismatch(annotation, profile, &path));
        }
    });
    errs
}

/// `validateSeccompAnnotationsAndFieldsMatch`.
fn seccomp_annotation_mismatch(
    annotation: &str,
    profile: &SeccompProfile,
    path: &Path<'_>,
) -> Option<Error> {
    const TYPE_DETAIL: &str = "seccomp type in annotation and field must match";
    match profile.type_.as_str() {
        "Unconfined" if annotation != "unconfined" => {
            Some(Error::forbidden(&path.child("type"), TYPE_DETAIL))
        }
        "RuntimeDefault" if annotation != "runtime/default" && annotation != "docker/default" => {
            Some(Error::forbidden(&path.child("type"), TYPE_DETAIL))
        }
        "Localhost" => match annotation.strip_prefix("localhost/") {
            None => Some(Error::forbidden(&path.child("type"), TYPE_DETAIL)),
            Some(name) if profile.localhost_profile.as_deref() != Some(name) => {
                Some(Error::forbidden(
                    &path.child("localhostProfile"),
                    "seccomp profile in annotation and field must match",
                ))
            }
            Some(_) => None,
        },
        _ => None,
    }
}

/// `validateAppArmorAnnotationsAndFieldsMatchOnCreate`: for each container
/// (init, regular, ephemeral) whose effective AppArmor profile (its own, or
/// the pod's) is set and that has an AppArmor annotation, the two must
/// agree; skipped for a Windows pod.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::PodSpec;
/// use handwritten::core::v1::security_profiles::validate_app_armor_annotations_and_fields;
/// use std::collections::BTreeMap;
/// let spec: PodSpec = serde_json::from_str(r#"{"containers":[{"name":"c","securityContext":{"appArmorProfile":{"type":"Unconfined"}}}]}"#).unwrap();
/// let a = BTreeMap::from([("container.apparmor.security.beta.kubernetes.io/c".to_string(), "runtime/default".to_string())]);
/// let errs = validate_app_armor_annotations_and_fields(&a, &spec, &Path::new("spec"));
/// assert_eq!(errs[0].field, "spec.containers[0].securityContext.appArmorProfile.type");
/// ```
pub fn validate_app_armor_annotations_and_fields(
    annotations: &BTreeMap<String, String>,
    spec: &PodSpec,
    spec_path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    if spec.os.as_ref().is_some_and(|os| os.name == "windows") {
        return errs;
    }
    let pod_profile = spec
        .security_context
        .as_ref()
        .and_then(|sc| sc.app_armor_profile.as_ref());
    for_each_container_named(spec, spec_path, |name, sc, container_path| {
        let Some(profile) = sc
            .and_then(|sc| sc.app_armor_profile.as_ref())
            .or(pod_profile)
        else {
            return;
        };
        let key = format!("{APPARMOR_CONTAINER_ANNOTATION_KEY_PREFIX}{name}");
        let Some(annotation) = annotations.get(&key) else {
            return;
        };
        let sc_path = container_path.child("securityContext");
        let path = sc_path.child("appArmorProfile");
        const TYPE_DETAIL: &str = "apparmor type in annotation and field must match";
        match profile.type_.as_str() {
            "Unconfined" if annotation != "unconfined" => {
                errs.push(Error::forbidden(&path.child("type"), TYPE_DETAIL));
            }
            "RuntimeDefault" if annotation != "runtime/default" => {
                errs.push(Error::forbidden(&path.child("type"), TYPE_DETAIL));
            }
            "Localhost" => match annotation.strip_prefix("localhost/") {
                None => errs.push(Error::forbidden(&path.child("type"), TYPE_DETAIL)),
                Some(name) if profile.localhost_profile.as_deref() != Some(name) => {
                    errs.push(Error::forbidden(
                        &path.child("localhostProfile"),
                        "apparmor profile in annotation and field must match",
                    ));
                }
                Some(_) => {}
            },
            _ => {}
        }
    });
    errs
}

fn whole(sp: &SeccompProfile) -> BadValue {
    serde_json::to_value(sp)
        .map(BadValue::from)
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::ErrorType;

    fn seccomp(json: &str) -> Vec<(ErrorType, String)> {
        let p: SeccompProfile = serde_json::from_str(json).unwrap();
        validate_seccomp_profile_field(Some(&p), &Path::new("p"))
            .iter()
            .map(|e| (e.error_type, e.field.clone()))
            .collect()
    }

    fn apparmor(json: &str) -> Vec<(ErrorType, String)> {
        let p: AppArmorProfile = serde_json::from_str(json).unwrap();
        validate_app_armor_profile_field(Some(&p), &Path::new("p"))
            .iter()
            .map(|e| (e.error_type, e.field.clone()))
            .collect()
    }

    #[test]
    fn seccomp_profiles() {
        assert!(seccomp(r#"{"type":"RuntimeDefault"}"#).is_empty());
        assert!(seccomp(r#"{"type":"Localhost","localhostProfile":"a/b.json"}"#).is_empty());
        assert_eq!(
            seccomp(r#"{"type":""}"#),
            [(ErrorType::Required, "p.type".into())]
        );
        assert_eq!(
            seccomp(r#"{"type":"foo"}"#),
            [(ErrorType::NotSupported, "p.type".into())]
        );
        assert_eq!(
            seccomp(r#"{"type":"Unconfined","localhostProfile":"x"}"#),
            [(ErrorType::Invalid, "p.localhostProfile".into())]
        );
        assert_eq!(
            seccomp(r#"{"type":"Localhost","localhostProfile":"../x"}"#),
            [(ErrorType::Invalid, "p.localhostProfile".into())]
        );
        assert!(validate_seccomp_profile_field(None, &Path::new("p")).is_empty());
    }

    #[test]
    fn apparmor_profiles() {
        assert!(apparmor(r#"{"type":"Unconfined"}"#).is_empty());
        assert!(apparmor(r#"{"type":"Localhost","localhostProfile":"p"}"#).is_empty());
        assert_eq!(
            apparmor(r#"{"type":""}"#),
            [(ErrorType::Required, "p.type".into())]
        );
        assert_eq!(
            apparmor(r#"{"type":"x"}"#),
            [(ErrorType::NotSupported, "p.type".into())]
        );
        assert_eq!(
            apparmor(r#"{"type":"Localhost","localhostProfile":""}"#),
            [(ErrorType::Required, "p.localhostProfile".into())]
        );
        assert_eq!(
            apparmor(r#"{"type":"RuntimeDefault","localhostProfile":"p"}"#),
            [(ErrorType::Invalid, "p.localhostProfile".into())]
        );
        let long = format!(
            r#"{{"type":"Localhost","localhostProfile":"{}"}}"#,
            "a".repeat(4096)
        );
        assert_eq!(
            apparmor(&long),
            [(ErrorType::TooLong, "p.localhostProfile".into())]
        );
    }
}
