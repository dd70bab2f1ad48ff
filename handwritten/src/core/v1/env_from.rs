//! `ValidateEnvFrom`: the `envFrom` sources of a container (a prefix that is
//! a valid variable name, and exactly one valid ConfigMap or Secret reference).

use super::container::PodValidationOptions;
use apimachinery::content::{is_env_var_name, is_relaxed_env_var_name, name_is_dns_subdomain};
use apimachinery::field::{Error, ErrorList, Path};
use declarative::api::core::v1::EnvFromSource;

/// `ValidateEnvFrom`: each prefix (when set) is an environment variable name
/// (relaxed or strict, as `opts` say), each source names one valid
/// `configMapRef` or `secretRef`; a source with none or both is reported at
/// the list's path, as Kubernetes does.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::EnvFromSource;
/// use handwritten::core::v1::container::PodValidationOptions;
/// use handwritten::core::v1::env_from::validate_env_from;
/// let errs = validate_env_from(&[EnvFromSource::default()], &Path::new("envFrom"), PodValidationOptions::default());
/// assert_eq!(errs[0].to_string(), "envFrom: Invalid value: \"\": must specify one of: `configMapRef` or `secretRef`");
/// ```
pub fn validate_env_from(
    sources: &[EnvFromSource],
    path: &Path<'_>,
    opts: PodValidationOptions,
) -> ErrorList {
    let mut errs = ErrorList::new();
    for (i, source) in sources.iter().enumerate() {
        let idx = path.index(i);
        if !source.prefix.is_empty() {
            let msgs = if opts.allow_relaxed_environment_variable_validation {
                is_relaxed_env_var_name(&source.prefix)
            } else {
                is_env_var_name(&source.prefix)
            };
            let prefix = idx.child("prefix");
            for msg in msgs {
                errs.push(Error::invalid(&prefix, source.prefix.as_str(), msg));
            }
        }
        let mut count = 0;
        if let Some(config_map) = &source.config_map_ref {
            count += 1;
            errs.extend_from(validate_env_source_name(
                &config_map.name,
                &idx.child("configMapRef"),
            ));
        }
        if let Some(secret) = &source.secret_ref {
            count += 1;
            errs.extend_from(validate_env_source_name(
                &secret.name,
                &idx.child("secretRef"),
            ));
        }
        if count == 0 {
            errs.push(Error::invalid(
                path,
                "",
                "must specify one of: `configMapRef` or `secretRef`",
            ));
        } else if count > 1 {
            errs.push(Error::invalid(
                path,
                "",
                "may not have more than one field specified at a time",
            ));
        }
    }
    errs
}

/// `validateConfigMapEnvSource` / `validateSecretEnvSource` (the same check):
/// the name is required and a DNS subdomain (checked as a prefix, as
/// `ValidateConfigMapName(name, true)` does).
fn validate_env_source_name(name: &str, path: &Path<'_>) -> ErrorList {
    let name_path = path.child("name");
    if name.is_empty() {
        return ErrorList::from(Error::required(&name_path, ""));
    }
    name_is_dns_subdomain(name, true)
        .into_iter()
        .map(|msg| Error::invalid(&name_path, name, msg))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::ErrorType;

    fn sources(json: &str) -> Vec<EnvFromSource> {
        serde_json::from_str(json).unwrap()
    }

    fn summary(errs: &ErrorList) -> Vec<(ErrorType, String)> {
        errs.iter()
            .map(|e| (e.error_type, e.field.clone()))
            .collect()
    }

    #[test]
    fn valid_sources_pass() {
        let s = sources(
            r#"[{"configMapRef":{"name":"abc"}},{"prefix":"pre_","secretRef":{"name":"abc"}},
                {"prefix":"a.b","configMapRef":{"name":"abc"}}]"#,
        );
        let errs = validate_env_from(&s, &Path::new("f"), PodValidationOptions::default());
        assert!(errs.is_empty(), "{errs}");
    }

    #[test]
    fn names_and_counts() {
        let s = sources(
            r#"[{"configMapRef":{"name":""}},{"secretRef":{"name":"$"}},{},
                {"configMapRef":{"name":"a"},"secretRef":{"name":"b"}}]"#,
        );
        let errs = validate_env_from(&s, &Path::new("f"), PodValidationOptions::default());
        assert_eq!(
            summary(&errs),
            [
                (ErrorType::Required, "f[0].configMapRef.name".into()),
                (ErrorType::Invalid, "f[1].secretRef.name".into()),
                (ErrorType::Invalid, "f".into()),
                (ErrorType::Invalid, "f".into()),
            ]
        );
        assert_eq!(
            errs[3].detail,
            "may not have more than one field specified at a time"
        );
    }

    #[test]
    fn strict_prefix_when_relaxed_is_off() {
        let s = sources(r#"[{"prefix":"1a","configMapRef":{"name":"abc"}}]"#);
        let strict = PodValidationOptions {
            allow_relaxed_environment_variable_validation: false,
            ..PodValidationOptions::default()
        };
        assert_eq!(
            summary(&validate_env_from(&s, &Path::new("f"), strict)),
            [(ErrorType::Invalid, "f[0].prefix".into())]
        );
        let relaxed = sources(r#"[{"prefix":"=abc","configMapRef":{"name":"abc"}}]"#);
        assert_eq!(
            validate_env_from(&relaxed, &Path::new("f"), PodValidationOptions::default()).len(),
            1
        );
    }
}
