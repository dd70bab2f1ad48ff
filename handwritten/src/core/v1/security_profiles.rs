//! The `seccompProfile` and `appArmorProfile` fields shared by pod and
//! container security contexts: ports of `validateSeccompProfileField`
//! (with `validateSeccompProfileType`) and `ValidateAppArmorProfileField`
//! (Kubernetes' `pkg/apis/core/validation/validation.go`, read at 000f2605).
//!
//! The deprecated seccomp and AppArmor annotations are checked in
//! [`super::pod_spec::validate_pod_specific_annotations`]; the checks that
//! annotations and fields agree (`validateSeccompAnnotationsAndFields`,
//! `validateAppArmorAnnotationsAndFieldsMatchOnCreate`) run only in
//! `ValidatePodCreate`, never for a pod template.

use super::volume::validate_local_descending_path;
use apimachinery::field::{BadValue, Error, ErrorList, Path};
use declarative::api::core::v1::{AppArmorProfile, SeccompProfile};

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
