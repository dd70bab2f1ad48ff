//! `ValidatePersistentVolumeSpec` and what it calls for the spec itself
//! (`validateVolumeNodeAffinity`, `validateBasicResource`,
//! `ValidatePositiveQuantityValue`, `ValidateClassName`), ported from
//! Kubernetes' `pkg/apis/core/validation/validation.go` (read at 000f2605),
//! with the option struct `PersistentVolumeSpecValidationOptions`.
//! `validateBasicResource` and `ValidatePositiveQuantityValue` lie beyond
//! what was read of that version; they are ported from older stored
//! versions of the file, which agree with each other (both reachable only
//! from the persistent volume branch).
//!
//! The function serves two callers: a PersistentVolume's spec
//! (`validate_inline == false`) and a VolumeAttachment's
//! `source.inlineVolumeSpec` (`validate_inline == true`, with the zero
//! options). In the inline context `claimRef`, `capacity`, `nodeAffinity`
//! and `storageClassName` are forbidden, `csi` is required, the reclaim
//! policy may only be `Retain` and the volume mode only `Filesystem`.
//!
//! The volume sources are checked in Kubernetes' order; the first one set
//! counts, every further one is `Forbidden` ("may not specify more than 1
//! volume type") except `flexVolume`, which Kubernetes counts without that
//! check. The pod-volume validators are reused where Kubernetes calls the
//! same function ([`super::volume_sources`], [`super::volume_plugins`],
//! `hostPath`); the persistent-volume-only ones are in
//! [`super::persistent_volume_sources`].
//!
//! A capacity that does not parse as a quantity is a decoding error in
//! Kubernetes (the request never reaches validation); here its value checks
//! are skipped.

use super::node_selector::validate_node_selector;
use super::persistent_volume_claim_spec::{
    IS_NOT_POSITIVE_ERROR_MSG, SUPPORTED_VOLUME_MODES, validate_access_modes,
};
use super::persistent_volume_sources::{
    validate_azure_file_persistent, validate_cephfs_persistent, validate_cinder_persistent,
    validate_csi_persistent, validate_flex_persistent, validate_glusterfs_persistent,
    validate_iscsi_persistent, validate_local, validate_rbd_persistent,
    validate_scale_io_persistent, validate_storageos_persistent,
};
use super::quantity::Quantity;
use super::volume::validate_host_path;
use super::volume_plugins::{
    validate_azure_disk, validate_photon_persistent_disk, validate_portworx_volume,
    validate_quobyte, validate_vsphere_volume,
};
use super::volume_sources::{
    validate_aws_elastic_block_store, validate_fc, validate_flocker, validate_gce_persistent_disk,
    validate_nfs,
};
use apimachinery::content::name_is_dns_subdomain;
use apimachinery::field::{BadValue, Error, ErrorList, Path};
use declarative::api::core::v1::{PersistentVolumeSpec, VolumeNodeAffinity};

/// Kubernetes' `supportedReclaimPolicy`, sorted as `sets.List` returns them.
pub const SUPPORTED_RECLAIM_POLICIES: &[&str] = &["Delete", "Recycle", "Retain"];

/// The detail of a field an inline volume spec may not set.
pub const NOT_IN_INLINE_CONTEXT: &str = "may not be specified in the context of inline volumes";

/// The detail of a second volume source.
const MORE_THAN_ONE_VOLUME_TYPE: &str = "may not specify more than 1 volume type";

/// `PersistentVolumeSpecValidationOptions`. The zero value is what a
/// VolumeAttachment's inline spec is validated with.
///
/// ```
/// use handwritten::core::v1::persistent_volume_spec::PersistentVolumeSpecOptions;
/// let zero = PersistentVolumeSpecOptions::default();
/// assert!(!zero.enable_volume_attributes_class);
/// assert!(!zero.allow_invalid_label_value_in_required_node_affinity);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PersistentVolumeSpecOptions {
    /// Validate `volumeAttributesClassName` (the `VolumeAttributesClass`
    /// gate, or a stored volume that has one).
    pub enable_volume_attributes_class: bool,
    /// Skip the label-value check of `nodeAffinity.required` (a stored
    /// volume already holds an invalid one).
    pub allow_invalid_label_value_in_required_node_affinity: bool,
}

/// `ValidateClassName` (`NameIsDNSSubdomain`): one `Invalid` per message.
fn validate_class_name(name: &str, path: &Path<'_>) -> ErrorList {
    name_is_dns_subdomain(name, false)
        .into_iter()
        .map(|msg| Error::invalid(path, name, msg))
        .collect()
}

/// `validateBasicResource`: a negative quantity is `Invalid`, its value
/// shown as the whole number `Value()` gives.
fn validate_basic_resource(quantity: &Quantity, path: &Path<'_>) -> Option<Error> {
    quantity.is_negative().then(|| {
        let shown = quantity
            .value()
            .map_or_else(|| BadValue::from(quantity.to_string()), BadValue::from);
        Error::invalid(path, shown, "must be a valid resource quantity")
    })
}

/// `ValidatePositiveQuantityValue`: zero or less is `Invalid`.
fn validate_positive_quantity(quantity: &Quantity, path: &Path<'_>) -> Option<Error> {
    (quantity.is_negative() || quantity.is_zero())
        .then(|| Error::invalid(path, quantity.to_string(), IS_NOT_POSITIVE_ERROR_MSG))
}

/// `validateVolumeNodeAffinity`: a set affinity needs `required`, which is
/// a valid node selector. Returns whether the affinity is set (a `local`
/// volume needs one) and the errors.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::VolumeNodeAffinity;
/// use handwritten::core::v1::persistent_volume_spec::{validate_volume_node_affinity, PersistentVolumeSpecOptions};
/// let (set, errs) = validate_volume_node_affinity(Some(&VolumeNodeAffinity::default()), PersistentVolumeSpecOptions::default(), &Path::new("nodeAffinity"));
/// assert!(set);
/// assert_eq!(errs[0].to_string(), "nodeAffinity.required: Required value: must specify required node constraints");
/// ```
pub fn validate_volume_node_affinity(
    affinity: Option<&VolumeNodeAffinity>,
    opts: PersistentVolumeSpecOptions,
    path: &Path<'_>,
) -> (bool, ErrorList) {
    let Some(affinity) = affinity else {
        return (false, ErrorList::new());
    };
    let required = path.child("required");
    let errs = match &affinity.required {
        Some(selector) => validate_node_selector(
            selector,
            opts.allow_invalid_label_value_in_required_node_affinity,
            &required,
        ),
        None => ErrorList::from(Error::required(
            &required,
            "must specify required node constraints",
        )),
    };
    (true, errs)
}

/// Counts the volume sources in Kubernetes' order: the first one set is
/// validated, a further one is `Forbidden` at its own path.
struct Sources<'p, 'a> {
    path: &'p Path<'a>,
    count: usize,
    errs: ErrorList,
}

impl Sources<'_, '_> {
    /// `name` is the source's JSON name, where the `Forbidden` error goes.
    fn check<T>(&mut self, source: Option<&T>, name: &str, validate: impl FnOnce(&T) -> ErrorList) {
        let Some(source) = source else {
            return;
        };
        if self.count > 0 {
            self.errs.push(Error::forbidden(
                &self.path.child(name),
                MORE_THAN_ONE_VOLUME_TYPE,
            ));
        } else {
            self.count += 1;
            self.errs.extend_from(validate(source));
        }
    }
}

/// Whether `p` is `/` once cleaned as Go's `path.Clean` does (`/`, `//`,
/// `/./..`, ...): a rooted path whose elements all collapse.
fn cleans_to_root(p: &str) -> bool {
    if !p.starts_with('/') {
        return false;
    }
    let mut depth = 0usize;
    for element in p.split('/') {
        match element {
            "" | "." => {}
            ".." => depth = depth.saturating_sub(1),
            _ => depth += 1,
        }
    }
    depth == 0
}

/// `ValidatePersistentVolumeSpec`: `pv_name` is the volume's name (for the
/// iSCSI length check; `""` for an inline spec), `validate_inline` selects
/// the inline-volume rules (module doc).
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::PersistentVolumeSpec;
/// use handwritten::core::v1::persistent_volume_spec::{validate_persistent_volume_spec, PersistentVolumeSpecOptions};
/// let spec: PersistentVolumeSpec = serde_json::from_str(r#"{"capacity":{"storage":"1Gi"},"accessModes":["ReadWriteOnce"],
///     "flexVolume":{"driver":"kubernetes.io/blue"}}"#).unwrap();
/// let path = Path::new("spec.source.inlineVolumeSpec");
/// let shown: Vec<String> = validate_persistent_volume_spec(&spec, "", true, &path, PersistentVolumeSpecOptions::default())
///     .iter().map(|e| e.to_string()).collect();
/// assert_eq!(shown, [
///     "spec.source.inlineVolumeSpec.capacity: Forbidden: may not be specified in the context of inline volumes",
///     "spec.source.inlineVolumeSpec.csi: Required value: has to be specified in the context of inline volumes",
/// ]);
/// ```
pub fn validate_persistent_volume_spec(
    spec: &PersistentVolumeSpec,
    pv_name: &str,
    validate_inline: bool,
    path: &Path<'_>,
    opts: PersistentVolumeSpecOptions,
) -> ErrorList {
    let mut errs = ErrorList::new();
    if validate_inline {
        if spec.claim_ref.is_some() {
            errs.push(Error::forbidden(
                &path.child("claimRef"),
                NOT_IN_INLINE_CONTEXT,
            ));
        }
        if !spec.capacity.is_empty() {
            errs.push(Error::forbidden(
                &path.child("capacity"),
                NOT_IN_INLINE_CONTEXT,
            ));
        }
        if spec.csi.is_none() {
            errs.push(Error::required(
                &path.child("csi"),
                "has to be specified in the context of inline volumes",
            ));
        }
    }

    let modes_path = path.child("accessModes");
    if spec.access_modes.is_empty() {
        errs.push(Error::required(&modes_path, ""));
    }
    errs.extend_from(validate_access_modes(&spec.access_modes, &modes_path));

    if !validate_inline {
        let capacity = path.child("capacity");
        if spec.capacity.is_empty() {
            errs.push(Error::required(&capacity, ""));
        }
        if !spec.capacity.contains_key("storage") || spec.capacity.len() > 1 {
            errs.push(Error::not_supported(
                &capacity,
                BadValue::of(&spec.capacity),
                &["storage"],
            ));
        }
        for (name, text) in &spec.capacity {
            if let Some(q) = text.value() {
                let key = capacity.key(name);
                errs.extend(validate_basic_resource(q, &key));
                errs.extend(validate_positive_quantity(q, &key));
            }
        }
    }

    let policy = spec.persistent_volume_reclaim_policy.as_str();
    let policy_path = path.child("persistentVolumeReclaimPolicy");
    if !policy.is_empty() {
        if validate_inline {
            if policy != "Retain" {
                errs.push(Error::forbidden(
                    &policy_path,
                    "may only be Retain in the context of inline volumes",
                ));
            }
        } else if !SUPPORTED_RECLAIM_POLICIES.contains(&policy) {
            errs.push(Error::not_supported(
                &policy_path,
                policy,
                SUPPORTED_RECLAIM_POLICIES,
            ));
        }
    }

    let mut node_affinity_set = false;
    if let Some(affinity) = &spec.node_affinity {
        let affinity_path = path.child("nodeAffinity");
        if validate_inline {
            errs.push(Error::forbidden(&affinity_path, NOT_IN_INLINE_CONTEXT));
        } else {
            let (set, affinity_errs) =
                validate_volume_node_affinity(Some(affinity), opts, &affinity_path);
            node_affinity_set = set;
            errs.extend_from(affinity_errs);
        }
    }

    let mut s = Sources {
        path,
        count: 0,
        errs: ErrorList::new(),
    };
    s.check(spec.host_path.as_ref(), "hostPath", |h| {
        validate_host_path(h, &path.child("hostPath"))
    });
    s.check(
        spec.gce_persistent_disk.as_ref(),
        "gcePersistentDisk",
        |d| validate_gce_persistent_disk(d, &path.child("persistentDisk")),
    );
    s.check(
        spec.aws_elastic_block_store.as_ref(),
        "awsElasticBlockStore",
        |d| validate_aws_elastic_block_store(d, &path.child("awsElasticBlockStore")),
    );
    s.check(spec.glusterfs.as_ref(), "glusterfs", |g| {
        validate_glusterfs_persistent(g, &path.child("glusterfs"))
    });
    s.check(spec.flocker.as_ref(), "flocker", |f| {
        validate_flocker(f, &path.child("flocker"))
    });
    s.check(spec.nfs.as_ref(), "nfs", |n| {
        validate_nfs(n, &path.child("nfs"))
    });
    s.check(spec.rbd.as_ref(), "rbd", |r| {
        validate_rbd_persistent(r, &path.child("rbd"))
    });
    s.check(spec.quobyte.as_ref(), "quobyte", |q| {
        validate_quobyte(q, &path.child("quobyte"))
    });
    s.check(spec.ceph_fs.as_ref(), "cephFS", |c| {
        validate_cephfs_persistent(c, &path.child("cephfs"))
    });
    s.check(spec.iscsi.as_ref(), "iscsi", |i| {
        validate_iscsi_persistent(i, pv_name, &path.child("iscsi"))
    });
    s.check(spec.cinder.as_ref(), "cinder", |c| {
        validate_cinder_persistent(c, &path.child("cinder"))
    });
    s.check(spec.fc.as_ref(), "fc", |f| {
        validate_fc(f, &path.child("fc"))
    });
    if let Some(flex) = &spec.flex_volume {
        s.count += 1;
        s.errs
            .extend_from(validate_flex_persistent(flex, &path.child("flexVolume")));
    }
    s.check(spec.azure_file.as_ref(), "azureFile", |a| {
        validate_azure_file_persistent(a, &path.child("azureFile"))
    });
    s.check(spec.vsphere_volume.as_ref(), "vsphereVolume", |v| {
        validate_vsphere_volume(v, &path.child("vsphereVolume"))
    });
    s.check(
        spec.photon_persistent_disk.as_ref(),
        "photonPersistentDisk",
        |p| validate_photon_persistent_disk(p, &path.child("photonPersistentDisk")),
    );
    s.check(spec.portworx_volume.as_ref(), "portworxVolume", |p| {
        validate_portworx_volume(p, &path.child("portworxVolume"))
    });
    s.check(spec.azure_disk.as_ref(), "azureDisk", |a| {
        validate_azure_disk(a, &path.child("azureDisk"))
    });
    s.check(spec.scale_io.as_ref(), "scaleIO", |v| {
        validate_scale_io_persistent(v, &path.child("scaleIO"))
    });
    s.check(spec.local.as_ref(), "local", |l| {
        let mut errs = validate_local(l, &path.child("local"));
        if !node_affinity_set {
            errs.push(Error::required(
                &path.child("nodeAffinity"),
                "Local volume requires node affinity",
            ));
        }
        errs
    });
    s.check(spec.storage_os.as_ref(), "storageos", |v| {
        validate_storageos_persistent(v, &path.child("storageos"))
    });
    s.check(spec.csi.as_ref(), "csi", |c| {
        validate_csi_persistent(c, &path.child("csi"))
    });
    if s.count == 0 {
        s.errs
            .push(Error::required(path, "must specify a volume type"));
    }
    errs.extend_from(s.errs);

    if let Some(host_path) = &spec.host_path
        && cleans_to_root(&host_path.path)
        && policy == "Recycle"
    {
        errs.push(Error::forbidden(
            &policy_path,
            "may not be 'recycle' for a hostPath mount of '/'",
        ));
    }

    if !spec.storage_class_name.is_empty() {
        let class_path = path.child("storageClassName");
        if validate_inline {
            errs.push(Error::forbidden(&class_path, NOT_IN_INLINE_CONTEXT));
        } else {
            errs.extend_from(validate_class_name(&spec.storage_class_name, &class_path));
        }
    }
    if let Some(mode) = &spec.volume_mode {
        let mode_path = path.child("volumeMode");
        if validate_inline {
            if mode != "Filesystem" {
                errs.push(Error::forbidden(
                    &mode_path,
                    "may not specify volumeMode other than Filesystem in the context of inline volumes",
                ));
            }
        } else if !SUPPORTED_VOLUME_MODES.contains(&mode.as_str()) {
            errs.push(Error::not_supported(
                &mode_path,
                mode.as_str(),
                SUPPORTED_VOLUME_MODES,
            ));
        }
    }
    if let Some(class) = &spec.volume_attributes_class_name
        && opts.enable_volume_attributes_class
    {
        let class_path = path.child("volumeAttributesClassName");
        if class.is_empty() {
            errs.push(Error::required(
                &class_path,
                "an empty string is disallowed",
            ));
        } else {
            errs.extend_from(validate_class_name(class, &class_path));
        }
        if spec.csi.is_none() {
            errs.push(Error::required(
                &path.child("csi"),
                "has to be specified when using volumeAttributesClassName",
            ));
        }
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(json: &str) -> PersistentVolumeSpec {
        serde_json::from_str(json).unwrap()
    }

    fn inline(json: &str) -> Vec<String> {
        validate_persistent_volume_spec(
            &spec(json),
            "",
            true,
            &Path::new("spec.source.inlineVolumeSpec"),
            PersistentVolumeSpecOptions::default(),
        )
        .iter()
        .map(|e| {
            let field = e
                .field
                .strip_prefix("spec.source.inlineVolumeSpec")
                .unwrap_or(&e.field);
            format!("{} {field}: {}", e.error_type.as_str(), e.detail)
        })
        .collect()
    }

    fn pv(json: &str, name: &str, opts: PersistentVolumeSpecOptions) -> Vec<String> {
        validate_persistent_volume_spec(&spec(json), name, false, &Path::new("spec"), opts)
            .iter()
            .map(|e| format!("{} {}: {}", e.error_type.as_str(), e.field, e.detail))
            .collect()
    }

    const CSI: &str = r#""csi":{"driver":"com.test.foo","volumeHandle":"h"}"#;

    #[test]
    fn inline_valid() {
        assert!(inline(&format!(r#"{{"accessModes":["ReadWriteOnce"],{CSI}}}"#)).is_empty());
        assert!(
            inline(&format!(
                r#"{{"accessModes":["ReadOnlyMany"],{CSI},"persistentVolumeReclaimPolicy":"Retain",
                    "volumeMode":"Filesystem","mountOptions":["ro"],"volumeAttributesClassName":""}}"#
            ))
            .is_empty()
        );
    }

    #[test]
    fn inline_forbidden_fields_in_order() {
        let got = inline(
            r#"{"claimRef":{"name":"c"},"capacity":{"storage":"1Gi"},"accessModes":["ReadWriteOnce"],
                "persistentVolumeReclaimPolicy":"Delete","nodeAffinity":{},
                "hostPath":{"path":"/"},"storageClassName":"fast","volumeMode":"Block"}"#,
        );
        assert_eq!(
            got,
            [
                "FieldValueForbidden .claimRef: may not be specified in the context of inline volumes",
                "FieldValueForbidden .capacity: may not be specified in the context of inline volumes",
                "FieldValueRequired .csi: has to be specified in the context of inline volumes",
                "FieldValueForbidden .persistentVolumeReclaimPolicy: may only be Retain in the context of inline volumes",
                "FieldValueForbidden .nodeAffinity: may not be specified in the context of inline volumes",
                "FieldValueForbidden .storageClassName: may not be specified in the context of inline volumes",
                "FieldValueForbidden .volumeMode: may not specify volumeMode other than Filesystem in the context of inline volumes",
            ]
        );
    }

    #[test]
    fn inline_access_modes() {
        assert_eq!(
            inline(&format!("{{{CSI}}}")),
            ["FieldValueRequired .accessModes: "]
        );
        assert_eq!(
            inline(&format!(
                r#"{{"accessModes":["ReadWriteOncePod","ReadWriteOnce","Bogus"],{CSI}}}"#
            )),
            [
                r#"FieldValueNotSupported .accessModes: supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod""#,
                "FieldValueForbidden .accessModes: may not use ReadWriteOncePod with other access modes",
            ]
        );
    }

    #[test]
    fn inline_volume_types() {
        assert_eq!(
            inline(r#"{"accessModes":["ReadWriteOnce"]}"#),
            [
                "FieldValueRequired .csi: has to be specified in the context of inline volumes",
                "FieldValueRequired : must specify a volume type",
            ]
        );
        assert_eq!(
            inline(&format!(
                r#"{{"accessModes":["ReadWriteOnce"],"gcePersistentDisk":{{}},"flexVolume":{{"driver":"d"}},"nfs":{{"server":"s","path":"/p"}},{CSI}}}"#
            )),
            [
                "FieldValueRequired .persistentDisk.pdName: ",
                "FieldValueForbidden .nfs: may not specify more than 1 volume type",
                "FieldValueForbidden .csi: may not specify more than 1 volume type",
            ]
        );
        assert_eq!(
            inline(r#"{"accessModes":["ReadWriteOnce"],"csi":{"driver":"","volumeHandle":""}}"#),
            [
                "FieldValueRequired .csi.driver: ",
                "FieldValueInvalid .csi.driver: a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
                "FieldValueRequired .csi.volumeHandle: ",
            ]
        );
    }

    #[test]
    fn inline_ignores_volume_attributes_class_with_zero_options() {
        assert!(
            inline(&format!(
                r#"{{"accessModes":["ReadWriteOnce"],{CSI},"volumeAttributesClassName":"Bad_Name"}}"#
            ))
            .is_empty()
        );
    }

    #[test]
    fn persistent_volume_branch() {
        let opts = PersistentVolumeSpecOptions::default();
        assert!(
            pv(
                r#"{"capacity":{"storage":"10Gi"},"accessModes":["ReadWriteOnce"],"hostPath":{"path":"/data"},
                    "persistentVolumeReclaimPolicy":"Recycle","storageClassName":"fast","volumeMode":"Block",
                    "claimRef":{"name":"c"}}"#,
                "pv",
                opts
            )
            .is_empty()
        );
        assert_eq!(
            pv(
                r#"{"capacity":{"storage":"0","cpu":"-1"},"accessModes":["ReadWriteOnce"],"hostPath":{"path":"//"},
                    "persistentVolumeReclaimPolicy":"Recycle","storageClassName":"Bad_Class","volumeMode":"Raw"}"#,
                "pv",
                opts
            ),
            [
                r#"FieldValueNotSupported spec.capacity: supported values: "storage""#,
                "FieldValueInvalid spec.capacity[cpu]: must be a valid resource quantity",
                "FieldValueInvalid spec.capacity[cpu]: must be greater than zero",
                "FieldValueInvalid spec.capacity[storage]: must be greater than zero",
                "FieldValueForbidden spec.persistentVolumeReclaimPolicy: may not be 'recycle' for a hostPath mount of '/'",
                "FieldValueInvalid spec.storageClassName: a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
                r#"FieldValueNotSupported spec.volumeMode: supported values: "Block", "Filesystem""#,
            ]
        );
        assert_eq!(
            pv(
                r#"{"accessModes":["ReadWriteOnce"],"persistentVolumeReclaimPolicy":"Keep","local":{"path":"/mnt"}}"#,
                "pv",
                opts
            ),
            [
                "FieldValueRequired spec.capacity: ",
                r#"FieldValueNotSupported spec.capacity: supported values: "storage""#,
                r#"FieldValueNotSupported spec.persistentVolumeReclaimPolicy: supported values: "Delete", "Recycle", "Retain""#,
                "FieldValueRequired spec.nodeAffinity: Local volume requires node affinity",
            ]
        );
        assert!(
            pv(
                r#"{"capacity":{"storage":"1Gi"},"accessModes":["ReadWriteOnce"],"local":{"path":"/mnt"},
                    "nodeAffinity":{"required":{"nodeSelectorTerms":[{"matchExpressions":[{"key":"k","operator":"In","values":["v"]}]}]}}}"#,
                "pv",
                opts
            )
            .is_empty()
        );
        assert_eq!(
            pv(
                r#"{"capacity":{"storage":"1Gi"},"accessModes":["ReadWriteOnce"],"nodeAffinity":{},"iscsi":{"targetPortal":"127.0.0.1:3260","iqn":"iqn.2015-02.example.com:t","initiatorName":"iqn.2015-02.example.com:i"}}"#,
                &"n".repeat(60),
                opts
            ),
            [
                "FieldValueRequired spec.nodeAffinity.required: must specify required node constraints",
                "FieldValueInvalid spec.iscsi.targetportal: Total length of <volume name>:<iscsi.targetPortal> must be under 64 characters if iscsi.initiatorName is specified.",
            ]
        );
    }

    #[test]
    fn volume_attributes_class_with_the_option() {
        let opts = PersistentVolumeSpecOptions {
            enable_volume_attributes_class: true,
            ..Default::default()
        };
        assert_eq!(
            pv(
                r#"{"capacity":{"storage":"1Gi"},"accessModes":["ReadWriteOnce"],"nfs":{"server":"s","path":"/p"},"volumeAttributesClassName":""}"#,
                "pv",
                opts
            ),
            [
                "FieldValueRequired spec.volumeAttributesClassName: an empty string is disallowed",
                "FieldValueRequired spec.csi: has to be specified when using volumeAttributesClassName",
            ]
        );
    }

    #[test]
    fn root_paths() {
        for p in ["/", "//", "/./", "/a/..", "/.."] {
            assert!(cleans_to_root(p), "{p}");
        }
        for p in ["", "/a", "a/..", "/a/../b"] {
            assert!(!cleans_to_root(p), "{p}");
        }
    }
}
