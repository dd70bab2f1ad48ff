//! Validation of the disk and network volume sources (`gitRepo`,
//! `gcePersistentDisk`, `awsElasticBlockStore`, `nfs`, `glusterfs`,
//! `flocker`, `fc`): ports of their `validate*VolumeSource` functions in
//! Kubernetes' `pkg/apis/core/validation/validation.go` (read at 000f2605).
//!
//! Each takes the path Kubernetes passes, which is not always the JSON name:
//! `gcePersistentDisk` is checked under `persistentDisk`.

use super::volume::validate_local_descending_path;
use apimachinery::content::inclusive_range_error;
use apimachinery::field::{BadValue, Error, ErrorList, Path};
use declarative::api::core::v1::{
    AWSElasticBlockStoreVolumeSource, FCVolumeSource, FlockerVolumeSource,
    GCEPersistentDiskVolumeSource, GitRepoVolumeSource, GlusterfsVolumeSource, NFSVolumeSource,
};

/// A partition outside 0..=255, reported with Kubernetes' `pdPartitionErrorMsg`
/// (which states 1..255).
fn partition(value: i32, path: &Path<'_>) -> Option<Error> {
    (!(0..=255).contains(&value)).then(|| {
        Error::invalid(
            &path.child("partition"),
            value,
            inclusive_range_error(1, 255),
        )
    })
}

/// `validateGitRepoVolumeSource`: a repository, and a relative directory
/// without `..`.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::GitRepoVolumeSource;
/// use handwritten::core::v1::volume_sources::validate_git_repo;
/// let g = GitRepoVolumeSource { directory: "/abs".into(), ..Default::default() };
/// let errs = validate_git_repo(&g, &Path::new("gitRepo"));
/// assert_eq!(errs[0].to_string(), "gitRepo.repository: Required value");
/// assert_eq!(errs[1].field, "gitRepo.directory");
/// ```
pub fn validate_git_repo(git: &GitRepoVolumeSource, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if git.repository.is_empty() {
        errs.push(Error::required(&path.child("repository"), ""));
    }
    errs.extend_from(validate_local_descending_path(
        &git.directory,
        &path.child("directory"),
    ));
    errs
}

/// `validateGCEPersistentDiskVolumeSource`: a `pdName` and a partition in
/// 0..=255.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::GCEPersistentDiskVolumeSource;
/// use handwritten::core::v1::volume_sources::validate_gce_persistent_disk;
/// let d = GCEPersistentDiskVolumeSource { partition: 256, ..Default::default() };
/// let errs = validate_gce_persistent_disk(&d, &Path::new("persistentDisk"));
/// assert_eq!(errs[1].to_string(), "persistentDisk.partition: Invalid value: 256: must be between 1 and 255, inclusive");
/// ```
pub fn validate_gce_persistent_disk(
    disk: &GCEPersistentDiskVolumeSource,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    if disk.pd_name.is_empty() {
        errs.push(Error::required(&path.child("pdName"), ""));
    }
    errs.extend(partition(disk.partition, path));
    errs
}

/// `validateAWSElasticBlockStoreVolumeSource`: a `volumeID` and a partition
/// in 0..=255.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::AWSElasticBlockStoreVolumeSource;
/// use handwritten::core::v1::volume_sources::validate_aws_elastic_block_store;
/// let errs = validate_aws_elastic_block_store(&Default::default(), &Path::new("ebs"));
/// assert_eq!(errs[0].field, "ebs.volumeID");
/// ```
pub fn validate_aws_elastic_block_store(
    disk: &AWSElasticBlockStoreVolumeSource,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    if disk.volume_id.is_empty() {
        errs.push(Error::required(&path.child("volumeID"), ""));
    }
    errs.extend(partition(disk.partition, path));
    errs
}

/// `validateNFSVolumeSource`: a server and an absolute path (an empty path
/// is both `Required` and not absolute).
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::NFSVolumeSource;
/// use handwritten::core::v1::volume_sources::validate_nfs;
/// let n = NFSVolumeSource { server: "s".into(), path: "export".into(), ..Default::default() };
/// assert_eq!(validate_nfs(&n, &Path::new("nfs"))[0].detail, "must be an absolute path");
/// ```
pub fn validate_nfs(nfs: &NFSVolumeSource, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if nfs.server.is_empty() {
        errs.push(Error::required(&path.child("server"), ""));
    }
    let path_path = path.child("path");
    if nfs.path.is_empty() {
        errs.push(Error::required(&path_path, ""));
    }
    if !nfs.path.starts_with('/') {
        errs.push(Error::invalid(
            &path_path,
            nfs.path.as_str(),
            "must be an absolute path",
        ));
    }
    errs
}

/// `validateGlusterfsVolumeSource`: `endpoints` and `path` are required.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::core::v1::volume_sources::validate_glusterfs;
/// let fields: Vec<String> = validate_glusterfs(&Default::default(), &Path::new("g")).iter().map(|e| e.field.clone()).collect();
/// assert_eq!(fields, ["g.endpoints", "g.path"]);
/// ```
pub fn validate_glusterfs(gluster: &GlusterfsVolumeSource, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if gluster.endpoints_name.is_empty() {
        errs.push(Error::required(&path.child("endpoints"), ""));
    }
    if gluster.path.is_empty() {
        errs.push(Error::required(&path.child("path"), ""));
    }
    errs
}

/// `validateFlockerVolumeSource`: exactly one of `datasetName` and
/// `datasetUUID`, and a name without `/`.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::core::v1::volume_sources::validate_flocker;
/// let errs = validate_flocker(&Default::default(), &Path::new("flocker"));
/// assert_eq!(errs[0].to_string(), "flocker: Required value: one of datasetName and datasetUUID is required");
/// ```
pub fn validate_flocker(flocker: &FlockerVolumeSource, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let (name, uuid) = (&flocker.dataset_name, &flocker.dataset_uuid);
    if name.is_empty() && uuid.is_empty() {
        errs.push(Error::required(
            path,
            "one of datasetName and datasetUUID is required",
        ));
    }
    if !name.is_empty() && !uuid.is_empty() {
        errs.push(Error::invalid(
            path,
            "resource",
            "datasetName and datasetUUID can not be specified simultaneously",
        ));
    }
    if name.contains('/') {
        errs.push(Error::invalid(
            &path.child("datasetName"),
            name.as_str(),
            "must not contain '/'",
        ));
    }
    errs
}

/// `validateFCVolumeSource`: `targetWWNs` or `wwids` but not both, and with
/// `targetWWNs` a `lun` in 0..=255.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::FCVolumeSource;
/// use handwritten::core::v1::volume_sources::validate_fc;
/// let f = FCVolumeSource { target_wwns: vec!["w".into()], ..Default::default() };
/// assert_eq!(validate_fc(&f, &Path::new("fc"))[0].to_string(), "fc.lun: Required value: lun is required if targetWWNs is specified");
/// ```
pub fn validate_fc(fc: &FCVolumeSource, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let wwns = path.child("targetWWNs");
    if fc.target_wwns.is_empty() && fc.wwids.is_empty() {
        errs.push(Error::required(
            &wwns,
            "must specify either targetWWNs or wwids, but not both",
        ));
    }
    if !fc.target_wwns.is_empty() && !fc.wwids.is_empty() {
        errs.push(Error::invalid(
            &wwns,
            BadValue::of(&fc.target_wwns),
            "targetWWNs and wwids can not be specified simultaneously",
        ));
    }
    if !fc.target_wwns.is_empty() {
        let lun = path.child("lun");
        match fc.lun {
            None => errs.push(Error::required(
                &lun,
                "lun is required if targetWWNs is specified",
            )),
            Some(l) if !(0..=255).contains(&l) => {
                errs.push(Error::invalid(&lun, l, inclusive_range_error(0, 255)));
            }
            Some(_) => {}
        }
    }
    errs
}
