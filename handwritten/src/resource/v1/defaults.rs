//! The API server's defaulting of `resource.k8s.io/v1` `ResourceClaim`s,
//! which runs when an object is decoded, before either validator sees it
//! (Kubernetes' `pkg/apis/resource/v1/defaults.go` and the `+default` tags
//! of `resource/v1/types.go`):
//!
//! - `SetDefaults_ExactDeviceRequest` / `SetDefaults_DeviceSubRequest`: an
//!   empty `allocationMode` becomes `ExactCount`, and `ExactCount` with a zero
//!   `count` gets `count: 1`;
//! - `DeviceToleration.operator` `+default="Equal"`: an empty operator
//!   becomes `Equal`, wherever a toleration appears (requests, subrequests
//!   and allocation results).

use declarative::api::resource::v1::{
    DeviceAllocationMode, DeviceToleration, DeviceTolerationOperator, ResourceClaim,
};

/// Applies the decode-time defaults to a `ResourceClaim` in place.
///
/// ```
/// use declarative::api::resource::v1::{DeviceRequest, ExactDeviceRequest, ResourceClaim};
/// use handwritten::resource::v1::defaults::set_defaults_resource_claim;
/// let mut c = ResourceClaim::default();
/// c.spec.devices.requests.push(DeviceRequest { exactly: Some(ExactDeviceRequest::default()), ..Default::default() });
/// set_defaults_resource_claim(&mut c);
/// let e = c.spec.devices.requests[0].exactly.as_ref().unwrap();
/// assert_eq!((e.allocation_mode.as_ref(), e.count), ("ExactCount", 1));
/// ```
pub fn set_defaults_resource_claim(claim: &mut ResourceClaim) {
    for request in &mut claim.spec.devices.requests {
        if let Some(exact) = &mut request.exactly {
            default_allocation(&mut exact.allocation_mode, &mut exact.count);
            default_tolerations(&mut exact.tolerations);
        }
        for sub in &mut request.first_available {
            default_allocation(&mut sub.allocation_mode, &mut sub.count);
            default_tolerations(&mut sub.tolerations);
        }
    }
    if let Some(allocation) = &mut claim.status.allocation {
        for result in &mut allocation.devices.results {
            default_tolerations(&mut result.tolerations);
        }
    }
}

/// `allocationMode` defaults to `ExactCount`; `ExactCount` with a zero count
/// gets count 1.
fn default_allocation(mode: &mut DeviceAllocationMode, count: &mut i64) {
    if mode.as_ref().is_empty() {
        *mode = DeviceAllocationMode::ExactCount;
    }
    if *mode == DeviceAllocationMode::ExactCount && *count == 0 {
        *count = 1;
    }
}

/// An empty toleration operator defaults to `Equal`.
fn default_tolerations(tolerations: &mut [DeviceToleration]) {
    for t in tolerations {
        if t.operator.as_ref().is_empty() {
            t.operator = DeviceTolerationOperator::Equal;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use declarative::api::resource::v1::{DeviceRequest, DeviceSubRequest, ExactDeviceRequest};

    #[test]
    fn all_mode_keeps_zero_count_and_explicit_values_stay() {
        let mut c = ResourceClaim::default();
        c.spec.devices.requests.push(DeviceRequest {
            exactly: Some(ExactDeviceRequest {
                allocation_mode: DeviceAllocationMode::All,
                tolerations: vec![DeviceToleration {
                    operator: DeviceTolerationOperator::Exists,
                    ..Default::default()
                }],
                ..Default::default()
            }),
            first_available: vec![DeviceSubRequest {
                count: 3,
                tolerations: vec![DeviceToleration::default()],
                ..Default::default()
            }],
            ..Default::default()
        });
        set_defaults_resource_claim(&mut c);
        let r = &c.spec.devices.requests[0];
        let e = r.exactly.as_ref().unwrap();
        assert_eq!((e.allocation_mode.as_ref(), e.count), ("All", 0));
        assert_eq!(e.tolerations[0].operator.as_ref(), "Exists");
        let s = &r.first_available[0];
        assert_eq!((s.allocation_mode.as_ref(), s.count), ("ExactCount", 3));
        assert_eq!(s.tolerations[0].operator.as_ref(), "Equal");
    }
}
