//! Validation of the `downwardAPI` and `projected` volume sources: ports of
//! `validateDownwardAPIVolumeSource`, `validateDownwardAPIVolumeFile`,
//! `validateProjectedVolumeSource` and `validateProjectionSources` in
//! Kubernetes' `pkg/apis/core/validation/validation.go` (read at 000f2605).
//!
//! Kubernetes' quirks are kept: a duplicate projected path is reported at
//! the projected source's path, and a service account token's path at
//! `projected.path`. A token without `expirationSeconds` is validated as 0
//! (the harness never applies API defaulting, which sets 3600).
//! `clusterTrustBundle` names are checked as `ValidateClusterTrustBundleName`
//! in `pkg/apis/core/validation/names.go` (read at 008b3652) does.
//!
//! The `podCertificate` projection is not modelled: no stored
//! `validation.go` (000f2605, the newest readable, nor a7264f95) has a
//! `podCertificate` branch in `validateProjectionSources`, so there a
//! source holding only `podCertificate` counts no member and draws no error,
//! which is also what this port does with the field ignored on decoding.

use super::container::{validate_object_field_selector, validate_resource_field_selector};
use super::volume::{FILE_MODE_ERROR_MSG, validate_key_to_path, validate_local_non_reserved_path};
use crate::certificates::v1::signer_name::validate_signer_name;
use crate::networking::label_selector::{LabelSelectorOptions, validate_label_selector};
use apimachinery::content::name_is_dns_subdomain;
use apimachinery::field::{BadValue, Error, ErrorList, Path};
use declarative::api::core::v1::{
    ClusterTrustBundleProjection, DownwardAPIVolumeFile, DownwardAPIVolumeSource, KeyToPath,
    PodSpec, ProjectedVolumeSource,
};
use std::collections::BTreeSet;

/// `validVolumeDownwardAPIFieldPathExpressions`, sorted.
const VOLUME_FIELD_PATHS: &[&str] = &[
    "metadata.annotations",
    "metadata.labels",
    "metadata.name",
    "metadata.namespace",
    "metadata.uid",
];

fn mode_error(mode: Option<i32>, path: &Path<'_>) -> Option<Error> {
    mode.filter(|m| !(0..=0o777).contains(m))
        .map(|m| Error::invalid(path, m, FILE_MODE_ERROR_MSG))
}

/// `validateDownwardAPIVolumeFile`: a relative path, exactly one of
/// `fieldRef` (pod metadata) and `resourceFieldRef` (with a container), a
/// valid mode.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::DownwardAPIVolumeFile;
/// use handwritten::core::v1::projected::validate_downward_api_file;
/// let f: DownwardAPIVolumeFile = serde_json::from_str(r#"{"path":"cpu","resourceFieldRef":{"resource":"limits.cpu"}}"#).unwrap();
/// let errs = validate_downward_api_file(&f, &Path::new("downwardAPI"));
/// assert_eq!(errs[0].to_string(), "downwardAPI.resourceFieldRef.containerName: Required value");
/// ```
pub fn validate_downward_api_file(file: &DownwardAPIVolumeFile, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let file_path = path.child("path");
    if file.path.is_empty() {
        errs.push(Error::required(&file_path, ""));
    }
    errs.extend_from(validate_local_non_reserved_path(&file.path, &file_path));
    if let Some(field_ref) = &file.field_ref {
        errs.extend_from(validate_object_field_selector(
            field_ref,
            VOLUME_FIELD_PATHS,
            &path.child("fieldRef"),
        ));
        if file.resource_field_ref.is_some() {
            errs.push(Error::invalid(
                path,
                "resource",
                "fieldRef and resourceFieldRef can not be specified simultaneously",
            ));
        }
    } else if let Some(resource_ref) = &file.resource_field_ref {
        errs.extend_from(validate_resource_field_selector(
            resource_ref,
            &path.child("resourceFieldRef"),
            true,
        ));
    } else {
        errs.push(Error::required(
            path,
            "one of fieldRef and resourceFieldRef is required",
        ));
    }
    errs.extend(mode_error(file.mode, &path.child("mode")));
    errs
}

/// `validateDownwardAPIVolumeSource`: the default mode, then each file
/// (checked at the source's path, not under `items`).
pub fn validate_downward_api(source: &DownwardAPIVolumeSource, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    errs.extend(mode_error(source.default_mode, &path.child("defaultMode")));
    for file in &source.items {
        errs.extend_from(validate_downward_api_file(file, path));
    }
    errs
}

/// The projected paths seen so far; a repeat is `conflicting duplicate paths`.
struct Paths<'a> {
    seen: BTreeSet<&'a str>,
}

impl<'a> Paths<'a> {
    fn insert(&mut self, file: &'a str, bad: &str, path: &Path<'_>) -> Option<Error> {
        (!self.seen.insert(file))
            .then(|| Error::invalid(path, BadValue::from(bad), "conflicting duplicate paths"))
    }
}

fn key_to_paths<'a>(
    name: &str,
    items: &'a [KeyToPath],
    source: &Path<'_>,
    projected: &Path<'_>,
    paths: &mut Paths<'a>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    if name.is_empty() {
        errs.push(Error::required(&source.child("name"), ""));
    }
    let items_path = source.child("items");
    for (i, item) in items.iter().enumerate() {
        errs.extend_from(validate_key_to_path(item, &items_path.index(i)));
        if !item.path.is_empty() {
            errs.extend(paths.insert(&item.path, name, projected));
        }
    }
    errs
}

/// `validateProjectedVolumeSource`: the default mode, then each source:
/// its own checks, unique file paths across sources, and one member per
/// source.
///
/// With `allow_non_local_token_path` (`AllowNonLocalProjectedTokenPath`,
/// set on update when the stored spec already has such a path, see
/// [`has_non_local_projected_token_path`]) a service account token's
/// non-empty `path` is not checked to be local and non-reserved.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::ProjectedVolumeSource;
/// use handwritten::core::v1::projected::validate_projected;
/// let p: ProjectedVolumeSource = serde_json::from_str(
///     r#"{"sources":[{"secret":{"name":"s","items":[{"key":"k","path":"p"}]},"configMap":{"name":"c","items":[{"key":"k","path":"p"}]}}]}"#).unwrap();
/// let errs = validate_projected(&p, false, &Path::new("projected"));
/// assert_eq!(errs[0].to_string(), r#"projected: Invalid value: "c": conflicting duplicate paths"#);
/// assert_eq!(errs[1].to_string(), "projected.sources[0]: Forbidden: may not specify more than 1 volume type per source");
/// ```
pub fn validate_projected(
    projected: &ProjectedVolumeSource,
    allow_non_local_token_path: bool,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    errs.extend(mode_error(
        projected.default_mode,
        &path.child("defaultMode"),
    ));
    let mut paths = Paths {
        seen: BTreeSet::new(),
    };
    let sources = path.child("sources");
    for (i, source) in projected.sources.iter().enumerate() {
        let mut count = 0;
        let src = sources.index(i);
        if let Some(secret) = &source.secret {
            count += 1;
            errs.extend_from(key_to_paths(
                &secret.name,
                &secret.items,
                &src.child("secret"),
                path,
                &mut paths,
            ));
        }
        if let Some(config_map) = &source.config_map {
            count += 1;
            errs.extend_from(key_to_paths(
                &config_map.name,
                &config_map.items,
                &src.child("configMap"),
                path,
                &mut paths,
            ));
        }
        if let Some(downward) = &source.downward_api {
            count += 1;
            let p = src.child("downwardAPI");
            for file in &downward.items {
                errs.extend_from(validate_downward_api_file(file, &p));
                if !file.path.is_empty() {
                    errs.extend(paths.insert(&file.path, &file.path, path));
                }
            }
        }
        if let Some(token) = &source.service_account_token {
            count += 1;
            let seconds = token.expiration_seconds.unwrap_or(0);
            let token_src = src.child("serviceAccountToken");
            let exp = token_src.child("expirationSeconds");
            if seconds < 10 * 60 {
                errs.push(Error::invalid(
                    &exp,
                    seconds,
                    "may not specify a duration less than 10 minutes",
                ));
            }
            if seconds > 1 << 32 {
                errs.push(Error::invalid(
                    &exp,
                    seconds,
                    "may not specify a duration larger than 2^32 seconds",
                ));
            }
            let token_path = path.child("path");
            if token.path.is_empty() {
                errs.push(Error::required(&token_path, ""));
            } else if !allow_non_local_token_path {
                errs.extend_from(validate_local_non_reserved_path(&token.path, &token_path));
            }
        }
        if let Some(bundle) = &source.cluster_trust_bundle {
            count += 1;
            let p = src.child("clusterTrustBundle");
            errs.extend_from(validate_cluster_trust_bundle(bundle, &p));
            errs.extend(paths.insert(&bundle.path, &bundle.path, path));
        }
        if count > 1 {
            errs.push(Error::forbidden(
                &src,
                "may not specify more than 1 volume type per source",
            ));
        }
    }
    errs
}

/// `ValidateClusterTrustBundleName(signer)`: without a signer, no `:` and a
/// DNS subdomain; with one, the prefix `<signer with / as :>:` and a DNS
/// subdomain after it.
/// `hasNonLocalProjectedTokenPath` (`pkg/api/pod/util.go`): whether a
/// projected volume of `spec` has a `serviceAccountToken` whose `path` fails
/// the local, non-reserved path check (an empty path passes that check).
/// A stored spec for which this holds sets
/// `AllowNonLocalProjectedTokenPath` on update.
///
/// ```
/// use declarative::api::core::v1::PodSpec;
/// use handwritten::core::v1::projected::has_non_local_projected_token_path;
/// let spec: PodSpec = serde_json::from_str(r#"{"volumes":[{"name":"foo",
///     "projected":{"sources":[{"serviceAccountToken":{"path":"../foo"}}]}}]}"#).unwrap();
/// assert!(has_non_local_projected_token_path(&spec));
/// ```
pub fn has_non_local_projected_token_path(spec: &PodSpec) -> bool {
    spec.volumes
        .iter()
        .filter_map(|v| v.projected.as_ref())
        .flat_map(|p| p.sources.iter())
        .filter_map(|source| source.service_account_token.as_ref())
        .any(|token| !validate_local_non_reserved_path(&token.path, &Path::root()).is_empty())
}

fn cluster_trust_bundle_name_errors(signer: Option<&str>, name: &str) -> Vec<String> {
    match signer {
        None if name.contains(':') => {
            vec!["ClusterTrustBundle without signer name must not have \":\" in its name".into()]
        }
        None => name_is_dns_subdomain(name, false),
        Some(signer) => {
            let prefix = format!("{}:", signer.replace('/', ":"));
            match name.strip_prefix(&prefix) {
                Some(rest) => name_is_dns_subdomain(rest, false),
                None => vec![format!(
                    "ClusterTrustBundle for signerName {signer} must be named with prefix {prefix}"
                )],
            }
        }
    }
}

/// The `clusterTrustBundle` branch of `validateProjectionSources`: exactly
/// one of `name` (a valid bundle name, no `labelSelector`) and `signerName`
/// (a valid signer name and label selector), and a local path.
fn validate_cluster_trust_bundle(
    bundle: &ClusterTrustBundleProjection,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    match (&bundle.name, &bundle.signer_name) {
        (Some(_), Some(_)) => errs.push(Error::invalid(
            path,
            BadValue::of(bundle),
            "only one of name and signerName may be used",
        )),
        (Some(name), None) => {
            let name_path = path.child("name");
            if name.is_empty() {
                errs.push(Error::required(&name_path, "must be a valid object name"));
            }
            // `extractSignerNameFromClusterTrustBundleName`: up to the last `:`.
            let signer = name.rfind(':').map(|i| name[..i].replace(':', "/"));
            for msg in cluster_trust_bundle_name_errors(signer.as_deref(), name) {
                errs.push(Error::invalid(
                    &name_path,
                    name.as_str(),
                    format!("not a valid clustertrustbundlename: {msg}"),
                ));
            }
            if let Some(selector) = &bundle.label_selector {
                errs.push(Error::invalid(
                    &path.child("labelSelector"),
                    BadValue::of(selector),
                    "labelSelector must be unset if name is specified",
                ));
            }
        }
        (None, Some(signer)) => {
            let signer_path = path.child("signerName");
            if signer.is_empty() {
                errs.push(Error::required(&signer_path, "must be a valid signer name"));
            }
            errs.extend_from(validate_signer_name(&signer_path, signer));
            errs.extend_from(validate_label_selector(
                bundle.label_selector.as_ref(),
                LabelSelectorOptions::default(),
                &path.child("labelSelector"),
            ));
        }
        (None, None) => errs.push(Error::required(
            path,
            "either name or signerName must be specified",
        )),
    }
    let file = path.child("path");
    if bundle.path.is_empty() {
        errs.push(Error::required(&file, ""));
    }
    errs.extend_from(validate_local_non_reserved_path(&bundle.path, &file));
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(errs: &ErrorList) -> Vec<String> {
        errs.iter()
            .map(|e| format!("{} {}", e.error_type.as_str(), e.field))
            .collect()
    }

    #[test]
    fn downward_api_files() {
        let d: DownwardAPIVolumeSource = serde_json::from_str(
            r#"{"defaultMode":512,"items":[
                {"path":"a","fieldRef":{"apiVersion":"v1","fieldPath":"spec.nodeName"}},
                {"path":"/b","fieldRef":{"apiVersion":"v1","fieldPath":"metadata.labels['x']"},"resourceFieldRef":{"resource":"limits.cpu"}},
                {"path":"c","mode":-1},
                {"path":"d","resourceFieldRef":{"containerName":"c","resource":"limits.cpu"}}]}"#,
        )
        .unwrap();
        assert_eq!(
            fields(&validate_downward_api(&d, &Path::new("dapi"))),
            [
                "FieldValueInvalid dapi.defaultMode",
                "FieldValueNotSupported dapi.fieldRef.fieldPath",
                "FieldValueInvalid dapi.path",
                "FieldValueInvalid dapi",
                "FieldValueRequired dapi",
                "FieldValueInvalid dapi.mode",
            ]
        );
    }

    #[test]
    fn non_local_token_path_allowed_by_the_option() {
        let p: ProjectedVolumeSource = serde_json::from_str(
            r#"{"sources":[{"serviceAccountToken":{"expirationSeconds":3600,"path":"../foo"}},
                {"serviceAccountToken":{"expirationSeconds":3600,"path":""}}]}"#,
        )
        .unwrap();
        assert_eq!(
            fields(&validate_projected(&p, false, &Path::new("p"))),
            ["FieldValueInvalid p.path", "FieldValueRequired p.path"]
        );
        // The option lifts the path check, not the required path.
        assert_eq!(
            fields(&validate_projected(&p, true, &Path::new("p"))),
            ["FieldValueRequired p.path"]
        );
    }

    #[test]
    fn non_local_token_path_in_use() {
        // TestValidateAllowNonLocalProjectedTokenPathOption's old specs.
        let spec = |json: &str| -> PodSpec { serde_json::from_str(json).unwrap() };
        let token = |path: &str| {
            spec(&format!(
                r#"{{"volumes":[{{"name":"foo","projected":{{"sources":[{{"serviceAccountToken":{{"path":"{path}"}}}}]}}}}]}}"#
            ))
        };
        assert!(has_non_local_projected_token_path(&token("../foo")));
        assert!(has_non_local_projected_token_path(&token("/abs")));
        assert!(has_non_local_projected_token_path(&token("..foo")));
        assert!(!has_non_local_projected_token_path(&token("foo")));
        assert!(!has_non_local_projected_token_path(&token("")));
        assert!(!has_non_local_projected_token_path(&spec(
            r#"{"volumes":[{"name":"foo","hostPath":{"path":"foo"}}]}"#
        )));
    }

    #[test]
    fn service_account_token_checks() {
        let p: ProjectedVolumeSource = serde_json::from_str(
            r#"{"sources":[{"serviceAccountToken":{"expirationSeconds":599,"path":""}},
                {"serviceAccountToken":{"expirationSeconds":4294967297,"path":"../t"}},
                {"serviceAccountToken":{"path":"t"}}]}"#,
        )
        .unwrap();
        assert_eq!(
            fields(&validate_projected(&p, false, &Path::new("projected"))),
            [
                "FieldValueInvalid projected.sources[0].serviceAccountToken.expirationSeconds",
                "FieldValueRequired projected.path",
                "FieldValueInvalid projected.sources[1].serviceAccountToken.expirationSeconds",
                "FieldValueInvalid projected.path",
                "FieldValueInvalid projected.sources[2].serviceAccountToken.expirationSeconds",
            ]
        );
    }

    #[test]
    fn cluster_trust_bundle_checks() {
        let p: ProjectedVolumeSource = serde_json::from_str(
            r#"{"sources":[{"clusterTrustBundle":{"name":"foo","signerName":"example.com/s","path":"a"}},
                {"clusterTrustBundle":{"name":"example.com:s:x","labelSelector":{},"path":"b"}},
                {"clusterTrustBundle":{"name":"example.com:s:X","path":"c"}},
                {"clusterTrustBundle":{"signerName":"","path":"a"}},
                {"clusterTrustBundle":{"path":""}}]}"#,
        )
        .unwrap();
        assert_eq!(
            fields(&validate_projected(&p, false, &Path::new("p"))),
            [
                "FieldValueInvalid p.sources[0].clusterTrustBundle",
                "FieldValueInvalid p.sources[1].clusterTrustBundle.labelSelector",
                "FieldValueInvalid p.sources[2].clusterTrustBundle.name",
                "FieldValueRequired p.sources[3].clusterTrustBundle.signerName",
                "FieldValueRequired p.sources[3].clusterTrustBundle.signerName",
                "FieldValueInvalid p",
                "FieldValueRequired p.sources[4].clusterTrustBundle",
                "FieldValueRequired p.sources[4].clusterTrustBundle.path",
            ]
        );
    }
}
