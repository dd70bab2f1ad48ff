//! Gate-off field dropping of a pod template before validation: the part of
//! `dropDisabledFields` (reached through `DropDisabledTemplateFields` from
//! the RC strategy's `PrepareForCreate` / `PrepareForUpdate`, newest stored
//! `pkg/api/pod/util.go`) for the gates the RC strategy port reads as
//! options:
//!
//! - `PodLevelResources` off and the stored template without pod-level
//!   requests or limits (`podLevelResourcesInUse`): `spec.resources` is
//!   cleared (`dropDisabledPodLevelResources`).
//! - `InPlacePodVerticalScaling` off and no container or init container of
//!   the stored template with a `resizePolicy`
//!   (`inPlacePodVerticalScalingInUse`): the `resizePolicy` of every
//!   container, init container and ephemeral container is cleared.
//!
//! The other gates `dropDisabledFields` reads are not options of this port
//! (see the RC module's "Feature gates" section); their fields are kept.

use super::visit_containers::{ContainerList, all_containers};
use declarative::api::core::v1::PodSpec;

/// Which of the dropping gates are on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DropGates {
    /// `PodLevelResources`.
    pub pod_level_resources: bool,
    /// `InPlacePodVerticalScaling`.
    pub in_place_pod_vertical_scaling: bool,
}

/// `podLevelResourcesInUse`: pod-level requests or limits are set.
fn pod_level_resources_in_use(spec: Option<&PodSpec>) -> bool {
    spec.and_then(|s| s.resources.as_ref())
        .is_some_and(|r| !r.requests.is_empty() || !r.limits.is_empty())
}

/// `inPlacePodVerticalScalingInUse`: a container or init container (not an
/// ephemeral container) has a `resizePolicy`.
fn in_place_pod_vertical_scaling_in_use(spec: Option<&PodSpec>) -> bool {
    spec.is_some_and(|s| {
        all_containers(s)
            .any(|c| c.list != ContainerList::Ephemeral && !c.view.resize_policy.is_empty())
    })
}

/// Clears the fields of `spec` whose gate is off, unless `old` (the stored
/// template's spec; `None` on create) already uses them.
///
/// ```
/// use declarative::api::core::v1::PodSpec;
/// use handwritten::core::v1::drop_disabled::{DropGates, drop_disabled_pod_spec_fields};
/// let mut spec: PodSpec = serde_json::from_str(r#"{"resources":{"limits":{"cpu":"1"}}}"#).unwrap();
/// let off = DropGates { pod_level_resources: false, in_place_pod_vertical_scaling: true };
/// drop_disabled_pod_spec_fields(off, &mut spec, None);
/// assert!(spec.resources.is_none());
/// ```
pub fn drop_disabled_pod_spec_fields(gates: DropGates, spec: &mut PodSpec, old: Option<&PodSpec>) {
    if !gates.pod_level_resources && !pod_level_resources_in_use(old) {
        spec.resources = None;
    }
    if !gates.in_place_pod_vertical_scaling && !in_place_pod_vertical_scaling_in_use(old) {
        for c in spec
            .containers
            .iter_mut()
            .chain(spec.init_containers.iter_mut())
        {
            c.resize_policy.clear();
        }
        for c in &mut spec.ephemeral_containers {
            c.resize_policy.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(json: &str) -> PodSpec {
        serde_json::from_str(json).unwrap()
    }

    const ON: DropGates = DropGates {
        pod_level_resources: true,
        in_place_pod_vertical_scaling: true,
    };

    #[test]
    fn pod_level_resources_kept_when_on_or_in_use() {
        let with = r#"{"resources":{"requests":{"cpu":"1"}}}"#;
        let off = DropGates {
            pod_level_resources: false,
            ..ON
        };
        let mut s = spec(with);
        drop_disabled_pod_spec_fields(ON, &mut s, None);
        assert!(s.resources.is_some());
        let mut s = spec(with);
        drop_disabled_pod_spec_fields(off, &mut s, Some(&spec(with)));
        assert!(s.resources.is_some());
        // An empty stored `resources` is not "in use".
        let mut s = spec(with);
        drop_disabled_pod_spec_fields(off, &mut s, Some(&spec(r#"{"resources":{}}"#)));
        assert!(s.resources.is_none());
    }

    #[test]
    fn resize_policy_dropped_everywhere_unless_in_use() {
        let rp = r#"[{"resourceName":"cpu","restartPolicy":"NotRequired"}]"#;
        let with = format!(
            r#"{{"containers":[{{"name":"c","resizePolicy":{rp}}}],
            "initContainers":[{{"name":"i","resizePolicy":{rp}}}],
            "ephemeralContainers":[{{"name":"e","resizePolicy":{rp}}}]}}"#
        );
        let off = DropGates {
            in_place_pod_vertical_scaling: false,
            ..ON
        };
        let mut s = spec(&with);
        drop_disabled_pod_spec_fields(off, &mut s, None);
        assert!(s.containers[0].resize_policy.is_empty());
        assert!(s.init_containers[0].resize_policy.is_empty());
        assert!(s.ephemeral_containers[0].resize_policy.is_empty());
        // An ephemeral container's policy does not count as in use.
        let eph_only = format!(r#"{{"ephemeralContainers":[{{"name":"e","resizePolicy":{rp}}}]}}"#);
        let mut s = spec(&with);
        drop_disabled_pod_spec_fields(off, &mut s, Some(&spec(&eph_only)));
        assert!(s.containers[0].resize_policy.is_empty());
        let mut s = spec(&with);
        drop_disabled_pod_spec_fields(off, &mut s, Some(&spec(&with)));
        assert_eq!(s.ephemeral_containers[0].resize_policy.len(), 1);
    }
}
