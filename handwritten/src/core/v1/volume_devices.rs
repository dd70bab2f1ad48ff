//! A container's `volumeDevices`: a port of `ValidateVolumeDevices` and of
//! the mount/device overlap checks of `ValidateVolumeMounts`, with
//! `GetVolumeMountMap` / `GetVolumeDeviceMap` (Kubernetes'
//! `pkg/apis/core/validation/validation.go`, read at 000f2605).
//!
//! A device must name a valid volume of the pod whose source is a
//! PersistentVolumeClaim or an `ephemeral` claim (`isMatchedDevice`).

use super::container::VolumesByName;
use super::volume::validate_path_no_backsteps;
use apimachinery::field::{Error, ErrorList, Path};
use declarative::api::core::v1::{VolumeDevice, VolumeMount};
use std::collections::{BTreeMap, BTreeSet};

/// `GetVolumeMountMap`: mount name → mount path (a later mount of the same
/// name wins, as Go's map assignment does).
///
/// ```
/// use declarative::api::core::v1::VolumeMount;
/// use handwritten::core::v1::volume_devices::volume_mount_map;
/// let m = VolumeMount { name: "a".into(), mount_path: "/a".into(), ..Default::default() };
/// assert_eq!(volume_mount_map(&[m])["a"], "/a");
/// ```
pub fn volume_mount_map(mounts: &[VolumeMount]) -> BTreeMap<&str, &str> {
    mounts
        .iter()
        .map(|m| (m.name.as_str(), m.mount_path.as_str()))
        .collect()
}

/// `GetVolumeDeviceMap`: device name → device path (a later device wins).
///
/// ```
/// use declarative::api::core::v1::VolumeDevice;
/// use handwritten::core::v1::volume_devices::volume_device_map;
/// let d = VolumeDevice { name: "b".into(), device_path: "/dev/b".into() };
/// assert_eq!(volume_device_map(&[d])["b"], "/dev/b");
/// ```
pub fn volume_device_map(devices: &[VolumeDevice]) -> BTreeMap<&str, &str> {
    devices
        .iter()
        .map(|d| (d.name.as_str(), d.device_path.as_str()))
        .collect()
}

/// The mount/device overlap checks of `ValidateVolumeMounts` for one mount
/// at `idx`: its name may not be a device's name, its path not a device's path.
pub(crate) fn mount_device_overlap(
    mount: &VolumeMount,
    devices: &BTreeMap<&str, &str>,
    idx: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    if devices.contains_key(mount.name.as_str()) {
        errs.push(Error::invalid(
            &idx.child("name"),
            mount.name.as_str(),
            "must not already exist in volumeDevices",
        ));
    }
    if devices.values().any(|p| *p == mount.mount_path) {
        errs.push(Error::invalid(
            &idx.child("mountPath"),
            mount.mount_path.as_str(),
            "must not already exist as a path in volumeDevices",
        ));
    }
    errs
}

/// `ValidateVolumeDevices`: `mounts` is the container's `GetVolumeMountMap`,
/// `volumes` the pod's valid volumes.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::VolumeDevice;
/// use handwritten::core::v1::volume_devices::validate_volume_devices;
/// let d = VolumeDevice { name: "missing".into(), device_path: "/dev/x".into() };
/// let errs = validate_volume_devices(&[d], &Default::default(), &Default::default(), &Path::new("volumeDevices"));
/// assert_eq!(errs[0].to_string(), r#"volumeDevices[0].name: Not found: "missing""#);
/// ```
pub fn validate_volume_devices(
    devices: &[VolumeDevice],
    mounts: &BTreeMap<&str, &str>,
    volumes: &VolumesByName<'_>,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut paths = BTreeSet::new();
    let mut names = BTreeSet::new();
    let backsteps_path = path.child("devicePath");
    for (i, device) in devices.iter().enumerate() {
        let idx = path.index(i);
        let name_path = idx.child("name");
        let device_path = idx.child("devicePath");
        let (name, dev_path) = (device.name.as_str(), device.device_path.as_str());
        let source = volumes.get(name);
        if name.is_empty() {
            errs.push(Error::required(&name_path, ""));
        }
        if names.contains(name) {
            errs.push(Error::invalid(&name_path, name, "must be unique"));
        }
        match source {
            Some(v) if v.persistent_volume_claim.is_none() && v.ephemeral.is_none() => {
                errs.push(Error::invalid(
                    &name_path,
                    name,
                    "can only use volume source type of PersistentVolumeClaim or Ephemeral for block mode",
                ));
            }
            Some(_) => {}
            None => errs.push(Error::not_found(&name_path, name)),
        }
        if dev_path.is_empty() {
            errs.push(Error::required(&device_path, ""));
        }
        if paths.contains(dev_path) {
            errs.push(Error::invalid(&device_path, dev_path, "must be unique"));
        }
        if !dev_path.is_empty() && !validate_path_no_backsteps(dev_path, &backsteps_path).is_empty()
        {
            errs.push(Error::invalid(
                &device_path,
                dev_path,
                "can not contain backsteps ('..')",
            ));
        } else {
            paths.insert(dev_path);
        }
        if mounts.contains_key(name) {
            errs.push(Error::invalid(
                &name_path,
                name,
                "must not already exist in volumeMounts",
            ));
        }
        if mounts.values().any(|p| *p == dev_path) {
            errs.push(Error::invalid(
                &device_path,
                dev_path,
                "must not already exist as a path in volumeMounts",
            ));
        }
        if !name.is_empty() {
            names.insert(name);
        }
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::ErrorType;
    use declarative::api::core::v1::Volume;

    fn volumes() -> Vec<Volume> {
        serde_json::from_str(
            r#"[{"name":"abc","persistentVolumeClaim":{"claimName":"c"}},
                {"name":"def","hostPath":{"path":"/foo/baz"}},
                {"name":"eph","ephemeral":{"volumeClaimTemplate":{"spec":{}}}}]"#,
        )
        .unwrap()
    }

    fn run(devices: &str, mounts: &[(&str, &str)]) -> Vec<(ErrorType, String)> {
        let vols = volumes();
        let by_name: VolumesByName<'_> = vols.iter().map(|v| (v.name.as_str(), v)).collect();
        let devices: Vec<VolumeDevice> = serde_json::from_str(devices).unwrap();
        let mounts: BTreeMap<&str, &str> = mounts.iter().copied().collect();
        validate_volume_devices(&devices, &mounts, &by_name, &Path::new("d"))
            .iter()
            .map(|e| (e.error_type, e.field.clone()))
            .collect()
    }

    #[test]
    fn claims_and_ephemeral_volumes_may_be_devices() {
        assert!(
            run(
                r#"[{"name":"abc","devicePath":"/a"},{"name":"eph","devicePath":"/b"}]"#,
                &[]
            )
            .is_empty()
        );
        assert_eq!(
            run(r#"[{"name":"def","devicePath":"/a"}]"#, &[]),
            [(ErrorType::Invalid, "d[0].name".to_string())]
        );
    }

    #[test]
    fn duplicates_backsteps_and_mount_overlaps() {
        assert_eq!(
            run(
                r#"[{"name":"abc","devicePath":"/foo"},{"name":"abc","devicePath":"/foo"}]"#,
                &[]
            ),
            [
                (ErrorType::Invalid, "d[1].name".to_string()),
                (ErrorType::Invalid, "d[1].devicePath".to_string()),
            ]
        );
        assert_eq!(
            run(
                r#"[{"name":"abc","devicePath":"/baz/../"}]"#,
                &[("abc", "/x")]
            ),
            [
                (ErrorType::Invalid, "d[0].devicePath".to_string()),
                (ErrorType::Invalid, "d[0].name".to_string()),
            ]
        );
        assert_eq!(
            run(r#"[{"name":"","devicePath":""}]"#, &[("m", "")]),
            [
                (ErrorType::Required, "d[0].name".to_string()),
                (ErrorType::NotFound, "d[0].name".to_string()),
                (ErrorType::Required, "d[0].devicePath".to_string()),
                (ErrorType::Invalid, "d[0].devicePath".to_string()),
            ]
        );
    }
}
