//! Pod volumes: a port of `ValidateVolumes` and `validateVolumeSource`
//! (Kubernetes' `pkg/apis/core/validation/validation.go`, read at 000f2605)
//! for the modelled sources (`hostPath`, `emptyDir`, `secret`,
//! `persistentVolumeClaim`, `configMap`, the disk and network sources of
//! [`super::volume_sources`], the plugin sources of
//! [`super::volume_plugins`], and `downwardAPI` and `projected` of
//! [`super::projected`]), in Kubernetes' order and with its paths (a second
//! `cephfs` source is forbidden at `cephFS`, a second `downwardAPI` at
//! `downwarAPI`), and the path helpers they use.
//!
//! `ephemeral` is validated by [`super::ephemeral`], `image` by
//! [`super::image_volume`]. Pod templates carry no pod name, so the check
//! of the claim name (`<pod name>-<volume name>`) that needs one never runs
//! for them.

use super::container::PodValidationOptions;
use super::ephemeral::validate_ephemeral_volume_source;
use super::image_volume::validate_image_volume_source;
use super::projected::{validate_downward_api, validate_projected};
use super::quantity::parse_quantity;
use super::volume_plugins::{
    validate_azure_disk, validate_azure_file, validate_cephfs, validate_cinder, validate_csi,
    validate_flex_volume, validate_iscsi, validate_iscsi_name_length,
    validate_photon_persistent_disk, validate_portworx_volume, validate_quobyte, validate_rbd,
    validate_scale_io, validate_storageos, validate_vsphere_volume,
};
use super::volume_sources::{
    validate_aws_elastic_block_store, validate_fc, validate_flocker, validate_gce_persistent_disk,
    validate_git_repo, validate_glusterfs, validate_nfs,
};
use apimachinery::field::{Error, ErrorList, Path};
use declarative::api::core::v1::{
    ConfigMapVolumeSource, HostPathVolumeSource, KeyToPath, SecretVolumeSource, Volume,
};
use std::collections::{BTreeMap, BTreeSet};

/// Kubernetes' `fileModeErrorMsg`.
pub const FILE_MODE_ERROR_MSG: &str = "must be a number between 0 and 0777 (octal), both inclusive";

/// `ValidateDNS1123Label`: one `Invalid` error (origin `format=dns-label`) per problem.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::core::v1::volume::validate_dns1123_label;
/// assert!(validate_dns1123_label("data", &Path::new("name")).is_empty());
/// assert_eq!(validate_dns1123_label("Data", &Path::new("name"))[0].origin, "format=dns-label");
/// ```
pub fn validate_dns1123_label(value: &str, path: &Path<'_>) -> ErrorList {
    apimachinery::content::util_validation::is_dns1123_label(value)
        .into_iter()
        .map(|msg| Error::invalid(path, value, msg).with_origin("format=dns-label"))
        .collect()
}

/// `ValidateVolumes`: every volume has a unique DNS-label name and exactly
/// one valid source. Returns the valid volumes by name, for mount checks.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::Volume;
/// use handwritten::core::v1::volume::validate_volumes;
/// let v: Vec<Volume> = serde_json::from_str(r#"[{"name":"a","emptyDir":{}},{"name":"a","emptyDir":{}}]"#).unwrap();
/// let (names, errs) = validate_volumes(&v, &Path::new("volumes"), Default::default());
/// assert_eq!(names.len(), 1);
/// assert_eq!(errs[0].to_string(), r#"volumes[1].name: Duplicate value: "a""#);
/// ```
pub fn validate_volumes<'v>(
    volumes: &'v [Volume],
    path: &Path<'_>,
    opts: PodValidationOptions,
) -> (BTreeMap<&'v str, &'v Volume>, ErrorList) {
    let mut errs = ErrorList::new();
    let mut all_names = BTreeSet::new();
    let mut valid = BTreeMap::new();
    for (i, volume) in volumes.iter().enumerate() {
        let idx = path.index(i);
        let name_path = idx.child("name");
        let mut el = validate_volume_source(volume, &idx, opts);
        if volume.name.is_empty() {
            el.push(Error::required(&name_path, ""));
        } else {
            el.extend_from(validate_dns1123_label(&volume.name, &name_path));
        }
        if all_names.contains(volume.name.as_str()) {
            el.push(Error::duplicate(&name_path, volume.name.as_str()));
        }
        if el.is_empty() {
            all_names.insert(volume.name.as_str());
            valid.insert(volume.name.as_str(), volume);
        } else {
            errs.extend_from(el);
        }
    }
    (valid, errs)
}

fn more_than_one(path: &Path<'_>, source: &str) -> Error {
    Error::forbidden(
        &path.child(source),
        "may not specify more than 1 volume type",
    )
}

/// One source of a volume, checked in Kubernetes' order: the first present
/// source is validated, every later one is `Forbidden`.
struct Sources<'p> {
    path: &'p Path<'p>,
    count: usize,
    errs: ErrorList,
}

impl Sources<'_> {
    fn check<T>(&mut self, source: Option<&T>, name: &str, validate: impl FnOnce(&T) -> ErrorList) {
        let Some(source) = source else {
            return;
        };
        if self.count > 0 {
            self.errs.push(more_than_one(self.path, name));
        } else {
            self.count += 1;
            self.errs.extend_from(validate(source));
        }
    }
}

fn validate_volume_source(
    volume: &Volume,
    path: &Path<'_>,
    opts: PodValidationOptions,
) -> ErrorList {
    let mut s = Sources {
        path,
        count: 0,
        errs: ErrorList::new(),
    };
    if let Some(empty_dir) = &volume.empty_dir {
        s.count += 1;
        let negative = empty_dir
            .size_limit
            .as_deref()
            .and_then(|q| parse_quantity(q).ok())
            .is_some_and(|q| q.is_negative());
        if negative {
            let p = path.child("emptyDir");
            s.errs.push(Error::forbidden(
                &p.child("sizeLimit"),
                "SizeLimit field must be a valid resource quantity",
            ));
        }
    }
    s.check(volume.host_path.as_ref(), "hostPath", |h| {
        validate_host_path(h, &path.child("hostPath"))
    });
    s.check(volume.git_repo.as_ref(), "gitRepo", |g| {
        validate_git_repo(g, &path.child("gitRepo"))
    });
    // Kubernetes validates gcePersistentDisk under `persistentDisk`.
    s.check(
        volume.gce_persistent_disk.as_ref(),
        "gcePersistentDisk",
        |d| validate_gce_persistent_disk(d, &path.child("persistentDisk")),
    );
    s.check(
        volume.aws_elastic_block_store.as_ref(),
        "awsElasticBlockStore",
        |d| validate_aws_elastic_block_store(d, &path.child("awsElasticBlockStore")),
    );
    s.check(volume.secret.as_ref(), "secret", |secret| {
        validate_secret_source(secret, &path.child("secret"))
    });
    s.check(volume.nfs.as_ref(), "nfs", |n| {
        validate_nfs(n, &path.child("nfs"))
    });
    s.check(volume.iscsi.as_ref(), "iscsi", |i| {
        validate_iscsi(i, &path.child("iscsi"))
    });
    if let Some(iscsi) = &volume.iscsi {
        s.errs
            .extend(validate_iscsi_name_length(&volume.name, iscsi, path));
    }
    s.check(volume.glusterfs.as_ref(), "glusterfs", |g| {
        validate_glusterfs(g, &path.child("glusterfs"))
    });
    s.check(volume.flocker.as_ref(), "flocker", |f| {
        validate_flocker(f, &path.child("flocker"))
    });
    s.check(
        volume.persistent_volume_claim.as_ref(),
        "persistentVolumeClaim",
        |claim| {
            let mut errs = ErrorList::new();
            if claim.claim_name.is_empty() {
                let p = path.child("persistentVolumeClaim");
                errs.push(Error::required(&p.child("claimName"), ""));
            }
            errs
        },
    );
    s.check(volume.rbd.as_ref(), "rbd", |r| {
        validate_rbd(r, &path.child("rbd"))
    });
    s.check(volume.cinder.as_ref(), "cinder", |c| {
        validate_cinder(c, &path.child("cinder"))
    });
    // Kubernetes forbids a second source at `cephFS` but validates at `cephfs`.
    s.check(volume.cephfs.as_ref(), "cephFS", |c| {
        validate_cephfs(c, &path.child("cephfs"))
    });
    s.check(volume.quobyte.as_ref(), "quobyte", |q| {
        validate_quobyte(q, &path.child("quobyte"))
    });
    // Kubernetes spells the forbidden path `downwarAPI`.
    s.check(volume.downward_api.as_ref(), "downwarAPI", |d| {
        validate_downward_api(d, &path.child("downwardAPI"))
    });
    s.check(volume.fc.as_ref(), "fc", |f| {
        validate_fc(f, &path.child("fc"))
    });
    s.check(volume.flex_volume.as_ref(), "flexVolume", |f| {
        validate_flex_volume(f, &path.child("flexVolume"))
    });
    s.check(volume.config_map.as_ref(), "configMap", |c| {
        validate_config_map_source(c, &path.child("configMap"))
    });
    s.check(volume.azure_file.as_ref(), "azureFile", |a| {
        validate_azure_file(a, &path.child("azureFile"))
    });
    s.check(volume.vsphere_volume.as_ref(), "vsphereVolume", |v| {
        validate_vsphere_volume(v, &path.child("vsphereVolume"))
    });
    s.check(
        volume.photon_persistent_disk.as_ref(),
        "photonPersistentDisk",
        |p| validate_photon_persistent_disk(p, &path.child("photonPersistentDisk")),
    );
    s.check(volume.portworx_volume.as_ref(), "portworxVolume", |p| {
        validate_portworx_volume(p, &path.child("portworxVolume"))
    });
    s.check(volume.azure_disk.as_ref(), "azureDisk", |a| {
        validate_azure_disk(a, &path.child("azureDisk"))
    });
    s.check(volume.storageos.as_ref(), "storageos", |st| {
        validate_storageos(st, &path.child("storageos"))
    });
    s.check(volume.projected.as_ref(), "projected", |p| {
        validate_projected(
            p,
            opts.allow_non_local_projected_token_path,
            &path.child("projected"),
        )
    });
    s.check(volume.scale_io.as_ref(), "scaleIO", |sc| {
        validate_scale_io(sc, &path.child("scaleIO"))
    });
    s.check(volume.csi.as_ref(), "csi", |c| {
        validate_csi(c, &path.child("csi"))
    });
    s.check(volume.ephemeral.as_ref(), "ephemeral", |e| {
        validate_ephemeral_volume_source(e, &path.child("ephemeral"), opts.volume_attributes_class)
    });
    // Pod templates are never the Pod itself (`ResourceIsPod` is false).
    s.check(volume.image.as_ref(), "image", |i| {
        validate_image_volume_source(i, &path.child("image"), false)
    });
    let mut errs = s.errs;
    if s.count == 0 {
        errs.push(Error::required(path, "must specify a volume type"));
    }
    errs
}

const HOST_PATH_TYPES: &[&str] = &[
    "",
    "BlockDevice",
    "CharDevice",
    "Directory",
    "DirectoryOrCreate",
    "File",
    "FileOrCreate",
    "Socket",
];

/// `validateHostPathVolumeSource`: a path without `..` elements and a
/// supported type (pod volumes and persistent volumes call it alike).
pub(crate) fn validate_host_path(host_path: &HostPathVolumeSource, path: &Path<'_>) -> ErrorList {
    let path_path = path.child("path");
    if host_path.path.is_empty() {
        return ErrorList::from(Error::required(&path_path, ""));
    }
    let mut errs = validate_path_no_backsteps(&host_path.path, &path_path);
    if let Some(t) = &host_path.type_
        && !HOST_PATH_TYPES.contains(&t.as_str())
    {
        errs.push(Error::not_supported(
            &path.child("type"),
            t.as_str(),
            HOST_PATH_TYPES,
        ));
    }
    errs
}

fn validate_mode(mode: Option<i32>, path: &Path<'_>) -> Option<Error> {
    match mode {
        Some(m) if !(0..=0o777).contains(&m) => Some(Error::invalid(path, m, FILE_MODE_ERROR_MSG)),
        _ => None,
    }
}

fn validate_items(items: &[KeyToPath], path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let items_path = path.child("items");
    for (i, item) in items.iter().enumerate() {
        errs.extend_from(validate_key_to_path(item, &items_path.index(i)));
    }
    errs
}

fn validate_secret_source(secret: &SecretVolumeSource, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if secret.secret_name.is_empty() {
        errs.push(Error::required(&path.child("secretName"), ""));
    }
    errs.extend(validate_mode(
        secret.default_mode,
        &path.child("defaultMode"),
    ));
    errs.extend_from(validate_items(&secret.items, path));
    errs
}

fn validate_config_map_source(config_map: &ConfigMapVolumeSource, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if config_map.name.is_empty() {
        errs.push(Error::required(&path.child("name"), ""));
    }
    errs.extend(validate_mode(
        config_map.default_mode,
        &path.child("defaultMode"),
    ));
    errs.extend_from(validate_items(&config_map.items, path));
    errs
}

/// `validateKeyToPath`: a key, a local non-reserved path, a valid mode.
pub(crate) fn validate_key_to_path(item: &KeyToPath, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if item.key.is_empty() {
        errs.push(Error::required(&path.child("key"), ""));
    }
    let path_path = path.child("path");
    if item.path.is_empty() {
        errs.push(Error::required(&path_path, ""));
    }
    errs.extend_from(validate_local_non_reserved_path(&item.path, &path_path));
    errs.extend(validate_mode(item.mode, &path.child("mode")));
    errs
}

/// `validatePathNoBacksteps`: no `..` element (one error at most).
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::core::v1::volume::validate_path_no_backsteps;
/// assert_eq!(validate_path_no_backsteps("a/../b", &Path::new("p"))[0].detail, "must not contain '..'");
/// assert!(validate_path_no_backsteps("a/..b", &Path::new("p")).is_empty());
/// ```
pub fn validate_path_no_backsteps(target: &str, path: &Path<'_>) -> ErrorList {
    if target.split('/').any(|part| part == "..") {
        return ErrorList::from(Error::invalid(path, target, "must not contain '..'"));
    }
    ErrorList::new()
}

/// `validateLocalDescendingPath`: relative, with no `..` element.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::core::v1::volume::validate_local_descending_path;
/// assert_eq!(validate_local_descending_path("/etc", &Path::new("p"))[0].detail, "must be a relative path");
/// ```
pub fn validate_local_descending_path(target: &str, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if target.starts_with('/') {
        errs.push(Error::invalid(path, target, "must be a relative path"));
    }
    errs.extend_from(validate_path_no_backsteps(target, path));
    errs
}

/// `ValidateLocalNonReservedPath`: a local descending path that does not start with `..`.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::core::v1::volume::validate_local_non_reserved_path;
/// assert_eq!(validate_local_non_reserved_path("..data", &Path::new("p"))[0].detail, "must not start with '..'");
/// ```
pub fn validate_local_non_reserved_path(target: &str, path: &Path<'_>) -> ErrorList {
    let mut errs = validate_local_descending_path(target, path);
    if target.starts_with("..") && !target.starts_with("../") {
        errs.push(Error::invalid(path, target, "must not start with '..'"));
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::ErrorType;

    fn check(json: &str) -> Vec<(ErrorType, String)> {
        let v: Vec<Volume> = serde_json::from_str(json).unwrap();
        let (_, errs) = validate_volumes(&v, &Path::new("v"), PodValidationOptions::default());
        errs.iter()
            .map(|e| (e.error_type, e.field.clone()))
            .collect()
    }

    #[test]
    fn valid_sources() {
        assert!(
            check(
                r#"[{"name":"a","emptyDir":{"sizeLimit":"1Gi"}},{"name":"b","hostPath":{"path":"/x","type":"Directory"}},
                {"name":"c","secret":{"secretName":"s","defaultMode":420,"items":[{"key":"k","path":"p"}]}},
                {"name":"d","persistentVolumeClaim":{"claimName":"c"}},{"name":"e","configMap":{"name":"cm"}}]"#
            )
            .is_empty()
        );
    }

    #[test]
    fn source_errors() {
        assert_eq!(
            check(r#"[{"name":"a"}]"#),
            [(ErrorType::Required, "v[0]".into())]
        );
        assert_eq!(
            check(r#"[{"name":"a","emptyDir":{},"hostPath":{"path":"/x"}}]"#),
            [(ErrorType::Forbidden, "v[0].hostPath".into())]
        );
        assert_eq!(
            check(r#"[{"name":"a","hostPath":{"path":"/x","type":"Dir"}}]"#),
            [(ErrorType::NotSupported, "v[0].hostPath.type".into())]
        );
        assert_eq!(
            check(r#"[{"name":"a","secret":{"defaultMode":512}}]"#),
            [
                (ErrorType::Required, "v[0].secret.secretName".into()),
                (ErrorType::Invalid, "v[0].secret.defaultMode".into())
            ]
        );
        assert_eq!(
            check(r#"[{"name":"a","configMap":{"name":"c","items":[{"key":"","path":"/abs"}]}}]"#),
            [
                (ErrorType::Required, "v[0].configMap.items[0].key".into()),
                (ErrorType::Invalid, "v[0].configMap.items[0].path".into())
            ]
        );
        assert_eq!(
            check(r#"[{"name":"a","emptyDir":{"sizeLimit":"-1"}}]"#),
            [(ErrorType::Forbidden, "v[0].emptyDir.sizeLimit".into())]
        );
    }

    #[test]
    fn names() {
        assert_eq!(
            check(r#"[{"name":"","emptyDir":{}}]"#),
            [(ErrorType::Required, "v[0].name".into())]
        );
        assert_eq!(
            check(r#"[{"name":"A","emptyDir":{}}]"#),
            [(ErrorType::Invalid, "v[0].name".into())]
        );
    }
}
