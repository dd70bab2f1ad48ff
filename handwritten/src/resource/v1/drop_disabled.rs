//! Gate-off field dropping of a `ResourceClaim` before validation, as the
//! registry strategies do it (newest stored
//! `pkg/registry/resource/resourceclaim/strategy.go`: the 15 081-character
//! version, store id 490178189, the only stored one that calls
//! `resourceclaimspec.DropDisabledFields`; and
//! `pkg/api/resourceclaimspec/util.go` @2e0908106e4420a601e50d6edfd41475de87a3e1).
//! Each field is dropped when its gate is off and the stored claim (none on
//! create) does not already use the feature.
//!
//! Spec (`PrepareForCreate` and the root `PrepareForUpdate`,
//! [`drop_disabled_spec_fields`]), in this order:
//!
//! 1. `DRAPrioritizedList`: every request's `firstAvailable` (in use: a
//!    stored request has one).
//! 2. `DRADeviceTaints`: the `tolerations` of `exactly` and of every
//!    `firstAvailable` subrequest (in use: a stored one has tolerations).
//! 3. `DRAAdminAccess`: `exactly.adminAccess` (in use: set in a stored
//!    request; the stored status is not looked at here).
//! 4. `DRAConsumableCapacity`: the constraints' `distinctAttribute` and the
//!    `capacity` of `exactly` and of every subrequest (in use: any of them
//!    set in the stored spec).
//!
//! Status (the `/status` `PrepareForUpdate`, [`drop_disabled_status_fields`]),
//! in this order, before the statuses of deallocated devices are pruned:
//!
//! 1. `DRAResourceClaimDeviceStatus`: `status.devices` (in use: the stored
//!    claim has device statuses).
//! 2. `DRAAdminAccess`: the allocation results' `adminAccess` (in use: set in
//!    a stored request or allocation result).
//! 3. `DRAConsumableCapacity`: the allocation results' `shareID` and
//!    `consumedCapacity` and the device statuses' `shareID` (in use: the
//!    stored spec uses the feature, or a stored result has `shareID` or
//!    `consumedCapacity`, or a stored device status a `shareID`).
//! 4. `DRADeviceBindingConditions`: the allocation results'
//!    `bindingConditions` and `bindingFailureConditions` (in use: a stored
//!    result has either).
//!
//! Kubernetes tests a stored result's `consumedCapacity`, `bindingConditions`
//! and `bindingFailureConditions` against nil, where these types (a
//! `BTreeMap`, `Vec`s) see only empty or not. The answer is the same: the
//! stored claim is read back from storage, and `resource/v1` never writes an
//! empty list or map there (`omitempty` in JSON; in protobuf the fields are
//! written only when non-empty, `generated.pb.go` of kubernetes/api
//! @10b39a39bcee995dfe7cd5e8e7b922be5e46f1e2), so a stored value is nil
//! exactly when it is empty. A case's `oldObject` is that stored object: its
//! `[]` or `{}` there is not in use. The other in-use checks test pointers
//! (kept as `Option`) or `len()`.

use declarative::api::resource::v1::{
    DeviceToleration, ResourceClaim, ResourceClaimSpec, ResourceClaimStatus,
};

/// `DRAPrioritizedList`.
pub const DRA_PRIORITIZED_LIST: &str = "DRAPrioritizedList";
/// `DRADeviceTaints`.
pub const DRA_DEVICE_TAINTS: &str = "DRADeviceTaints";
/// `DRAAdminAccess`.
pub const DRA_ADMIN_ACCESS: &str = "DRAAdminAccess";
/// `DRAConsumableCapacity`.
pub const DRA_CONSUMABLE_CAPACITY: &str = "DRAConsumableCapacity";
/// `DRAResourceClaimDeviceStatus`.
pub const DRA_RESOURCE_CLAIM_DEVICE_STATUS: &str = "DRAResourceClaimDeviceStatus";
/// `DRADeviceBindingConditions`.
pub const DRA_DEVICE_BINDING_CONDITIONS: &str = "DRADeviceBindingConditions";

/// Which of the gates the strategies' drops read are on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClaimDropGates {
    /// `DRAPrioritizedList`.
    pub prioritized_list: bool,
    /// `DRADeviceTaints`.
    pub device_taints: bool,
    /// `DRAAdminAccess`.
    pub admin_access: bool,
    /// `DRAConsumableCapacity`.
    pub consumable_capacity: bool,
    /// `DRAResourceClaimDeviceStatus`.
    pub device_status: bool,
    /// `DRADeviceBindingConditions`.
    pub binding_conditions: bool,
}

impl ClaimDropGates {
    /// Every gate on: nothing is dropped.
    pub const ALL_ON: ClaimDropGates = ClaimDropGates {
        prioritized_list: true,
        device_taints: true,
        admin_access: true,
        consumable_capacity: true,
        device_status: true,
        binding_conditions: true,
    };

    /// The gates as `enabled` reports them, by Kubernetes name.
    ///
    /// ```
    /// use handwritten::resource::v1::drop_disabled::ClaimDropGates;
    /// let g = ClaimDropGates::from_fn(|name| name != "DRADeviceTaints");
    /// assert!(!g.device_taints && g.admin_access);
    /// ```
    pub fn from_fn(enabled: impl Fn(&str) -> bool) -> ClaimDropGates {
        ClaimDropGates {
            prioritized_list: enabled(DRA_PRIORITIZED_LIST),
            device_taints: enabled(DRA_DEVICE_TAINTS),
            admin_access: enabled(DRA_ADMIN_ACCESS),
            consumable_capacity: enabled(DRA_CONSUMABLE_CAPACITY),
            device_status: enabled(DRA_RESOURCE_CLAIM_DEVICE_STATUS),
            binding_conditions: enabled(DRA_DEVICE_BINDING_CONDITIONS),
        }
    }
}

/// `draPrioritizedListFeatureInUse`.
fn prioritized_list_in_use(spec: Option<&ResourceClaimSpec>) -> bool {
    spec.is_some_and(|s| {
        s.devices
            .requests
            .iter()
            .any(|r| !r.first_available.is_empty())
    })
}

/// Every toleration list of a spec's requests: `exactly`'s and each
/// subrequest's.
fn toleration_lists(spec: &ResourceClaimSpec) -> impl Iterator<Item = &Vec<DeviceToleration>> {
    spec.devices.requests.iter().flat_map(|r| {
        r.exactly
            .iter()
            .map(|e| &e.tolerations)
            .chain(r.first_available.iter().map(|s| &s.tolerations))
    })
}

/// `draDeviceTaintsInUse`.
fn device_taints_in_use(spec: Option<&ResourceClaimSpec>) -> bool {
    spec.is_some_and(|s| toleration_lists(s).any(|t| !t.is_empty()))
}

/// `resourceclaimspec.DRAAdminAccessFeatureInUse`.
fn admin_access_in_spec(spec: Option<&ResourceClaimSpec>) -> bool {
    spec.is_some_and(|s| {
        s.devices
            .requests
            .iter()
            .any(|r| r.exactly.as_ref().is_some_and(|e| e.admin_access.is_some()))
    })
}

/// `resourceclaimspec.DRAConsumableCapacityFeatureInUse`.
fn consumable_capacity_in_spec(spec: Option<&ResourceClaimSpec>) -> bool {
    spec.is_some_and(|s| {
        s.devices
            .constraints
            .iter()
            .any(|c| c.distinct_attribute.is_some())
            || s.devices.requests.iter().any(|r| {
                r.exactly.as_ref().is_some_and(|e| e.capacity.is_some())
                    || r.first_available.iter().any(|sub| sub.capacity.is_some())
            })
    })
}

/// `resourceclaimspec.DropDisabledFields(new, old)`: the spec drops, in
/// Kubernetes' order (module docs).
///
/// ```
/// use declarative::api::resource::v1::ResourceClaimSpec;
/// use handwritten::resource::v1::drop_disabled::{ClaimDropGates, drop_disabled_spec_fields};
/// let mut spec: ResourceClaimSpec = serde_json::from_str(
///     r#"{"devices":{"requests":[{"name":"r","exactly":{"deviceClassName":"c","adminAccess":true}}]}}"#).unwrap();
/// let off = ClaimDropGates { admin_access: false, ..ClaimDropGates::ALL_ON };
/// drop_disabled_spec_fields(off, &mut spec, None);
/// assert_eq!(spec.devices.requests[0].exactly.as_ref().unwrap().admin_access, None);
/// ```
pub fn drop_disabled_spec_fields(
    gates: ClaimDropGates,
    new: &mut ResourceClaimSpec,
    old: Option<&ResourceClaimSpec>,
) {
    if !gates.prioritized_list && !prioritized_list_in_use(old) {
        for r in &mut new.devices.requests {
            r.first_available.clear();
        }
    }
    if !gates.device_taints && !device_taints_in_use(old) {
        for r in &mut new.devices.requests {
            if let Some(e) = r.exactly.as_mut() {
                e.tolerations.clear();
            }
            for sub in &mut r.first_available {
                sub.tolerations.clear();
            }
        }
    }
    if !gates.admin_access && !admin_access_in_spec(old) {
        for e in new
            .devices
            .requests
            .iter_mut()
            .filter_map(|r| r.exactly.as_mut())
        {
            e.admin_access = None;
        }
    }
    if !gates.consumable_capacity && !consumable_capacity_in_spec(old) {
        for c in &mut new.devices.constraints {
            c.distinct_attribute = None;
        }
        for r in &mut new.devices.requests {
            if let Some(e) = r.exactly.as_mut() {
                e.capacity = None;
            }
            for sub in &mut r.first_available {
                sub.capacity = None;
            }
        }
    }
}

/// `draAdminAccessFeatureInUse` (strategy): in the spec or an allocation
/// result.
fn admin_access_in_use(claim: &ResourceClaim) -> bool {
    admin_access_in_spec(Some(&claim.spec))
        || results(&claim.status).any(|r| r.admin_access.is_some())
}

/// `draConsumableCapacityFeatureInUse` (strategy).
fn consumable_capacity_in_use(claim: &ResourceClaim) -> bool {
    consumable_capacity_in_spec(Some(&claim.spec))
        || results(&claim.status).any(|r| r.share_id.is_some() || !r.consumed_capacity.is_empty())
        || claim.status.devices.iter().any(|d| d.share_id.is_some())
}

/// `draDeviceBindingConditionsInUse`.
fn binding_conditions_in_use(claim: &ResourceClaim) -> bool {
    results(&claim.status)
        .any(|r| !r.binding_conditions.is_empty() || !r.binding_failure_conditions.is_empty())
}

/// The allocation results of a status.
fn results(
    status: &ResourceClaimStatus,
) -> impl Iterator<Item = &declarative::api::resource::v1::DeviceRequestAllocationResult> {
    status
        .allocation
        .iter()
        .flat_map(|a| a.devices.results.iter())
}

/// The status strategy's `dropDisabledStatusFields(new, old)`, in
/// Kubernetes' order (module docs).
///
/// ```
/// use declarative::api::resource::v1::ResourceClaim;
/// use handwritten::resource::v1::drop_disabled::{ClaimDropGates, drop_disabled_status_fields};
/// let mut claim: ResourceClaim = serde_json::from_str(r#"{"status":{"devices":[
///     {"driver":"d","pool":"p","device":"x","shareID":"u"}]}}"#).unwrap();
/// let off = ClaimDropGates { consumable_capacity: false, ..ClaimDropGates::ALL_ON };
/// drop_disabled_status_fields(off, &mut claim, &ResourceClaim::default());
/// assert_eq!(claim.status.devices[0].share_id, None);
/// ```
pub fn drop_disabled_status_fields(
    gates: ClaimDropGates,
    new: &mut ResourceClaim,
    old: &ResourceClaim,
) {
    if !gates.device_status && old.status.devices.is_empty() {
        new.status.devices.clear();
    }
    if !gates.admin_access
        && !admin_access_in_use(old)
        && let Some(a) = new.status.allocation.as_mut()
    {
        for r in &mut a.devices.results {
            r.admin_access = None;
        }
    }
    if !gates.consumable_capacity && !consumable_capacity_in_use(old) {
        if let Some(a) = new.status.allocation.as_mut() {
            for r in &mut a.devices.results {
                r.share_id = None;
                r.consumed_capacity.clear();
            }
        }
        for d in &mut new.status.devices {
            d.share_id = None;
        }
    }
    if !gates.binding_conditions
        && !binding_conditions_in_use(old)
        && let Some(a) = new.status.allocation.as_mut()
    {
        for r in &mut a.devices.results {
            r.binding_conditions.clear();
            r.binding_failure_conditions.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(json: &str) -> ResourceClaimSpec {
        serde_json::from_str(json).unwrap()
    }

    fn claim(json: &str) -> ResourceClaim {
        serde_json::from_str(json).unwrap()
    }

    /// Gate on: kept; off and not stored: dropped; off and stored: kept.
    fn check_spec(
        gate: &str,
        new: &str,
        old_in_use: &str,
        present: fn(&ResourceClaimSpec) -> bool,
    ) {
        let off = ClaimDropGates::from_fn(|n| n != gate);
        assert_ne!(off, ClaimDropGates::ALL_ON, "{gate}");
        let run = |gates, old: Option<&str>| {
            let mut s = spec(new);
            let old = old.map(spec);
            drop_disabled_spec_fields(gates, &mut s, old.as_ref());
            present(&s)
        };
        assert!(present(&spec(new)), "{gate}: the new spec lacks the field");
        assert!(run(ClaimDropGates::ALL_ON, None), "{gate}: dropped when on");
        assert!(!run(off, None), "{gate}: kept on create when off");
        assert!(!run(off, Some("{}")), "{gate}: kept without stored use");
        assert!(
            run(off, Some(old_in_use)),
            "{gate}: dropped although stored"
        );
    }

    /// The same for the status drops.
    fn check_status(gate: &str, new: &str, old_in_use: &str, present: fn(&ResourceClaim) -> bool) {
        let off = ClaimDropGates::from_fn(|n| n != gate);
        let run = |gates, old: &str| {
            let mut c = claim(new);
            drop_disabled_status_fields(gates, &mut c, &claim(old));
            present(&c)
        };
        assert!(
            present(&claim(new)),
            "{gate}: the new claim lacks the field"
        );
        assert!(run(ClaimDropGates::ALL_ON, "{}"), "{gate}: dropped when on");
        assert!(!run(off, "{}"), "{gate}: kept without stored use");
        assert!(run(off, old_in_use), "{gate}: dropped although stored");
    }

    const EXACTLY_AND_SUB: &str = r#"{"devices":{"requests":[
        {"name":"a","exactly":{"deviceClassName":"c","tolerations":[{"operator":"Exists"}],"capacity":{"requests":{"mem":"1"}}}},
        {"name":"b","firstAvailable":[{"name":"s","deviceClassName":"c","tolerations":[{"operator":"Exists"}],"capacity":{"requests":{"mem":"1"}}}]}],
        "constraints":[{"distinctAttribute":"x"}]}}"#;

    #[test]
    fn first_available() {
        check_spec(
            DRA_PRIORITIZED_LIST,
            EXACTLY_AND_SUB,
            r#"{"devices":{"requests":[{"name":"z","firstAvailable":[{"name":"s","deviceClassName":"c"}]}]}}"#,
            |s| !s.devices.requests[1].first_available.is_empty(),
        );
    }

    #[test]
    fn tolerations_of_exactly_and_subrequests() {
        check_spec(
            DRA_DEVICE_TAINTS,
            EXACTLY_AND_SUB,
            r#"{"devices":{"requests":[{"name":"z","firstAvailable":[{"name":"s","deviceClassName":"c","tolerations":[{"operator":"Exists"}]}]}]}}"#,
            |s| {
                let lists: Vec<bool> = toleration_lists(s).map(|t| t.is_empty()).collect();
                assert_eq!(lists.len(), 2);
                assert_eq!(lists[0], lists[1], "both dropped together");
                !lists[0]
            },
        );
    }

    #[test]
    fn admin_access_in_the_spec() {
        check_spec(
            DRA_ADMIN_ACCESS,
            r#"{"devices":{"requests":[{"name":"a","exactly":{"deviceClassName":"c","adminAccess":false}}]}}"#,
            r#"{"devices":{"requests":[{"name":"z","exactly":{"deviceClassName":"c","adminAccess":true}}]}}"#,
            |s| {
                s.devices.requests[0]
                    .exactly
                    .as_ref()
                    .is_some_and(|e| e.admin_access.is_some())
            },
        );
    }

    #[test]
    fn consumable_capacity_in_the_spec() {
        for old in [
            r#"{"devices":{"constraints":[{"distinctAttribute":"y"}]}}"#,
            r#"{"devices":{"requests":[{"name":"z","exactly":{"deviceClassName":"c","capacity":{}}}]}}"#,
        ] {
            check_spec(DRA_CONSUMABLE_CAPACITY, EXACTLY_AND_SUB, old, |s| {
                let d = &s.devices;
                let all = [
                    d.constraints[0].distinct_attribute.is_some(),
                    d.requests[0]
                        .exactly
                        .as_ref()
                        .is_some_and(|e| e.capacity.is_some()),
                    d.requests[1].first_available[0].capacity.is_some(),
                ];
                assert!(
                    all.iter().all(|b| *b == all[0]),
                    "dropped together: {all:?}"
                );
                all[0]
            });
        }
    }

    const STATUS: &str = r#"{"status":{"allocation":{"devices":{"results":[{"request":"r","driver":"d","pool":"p","device":"x",
        "adminAccess":true,"shareID":"u","consumedCapacity":{"mem":"1"},"bindingConditions":["c"],"bindingFailureConditions":["f"]}]}},
        "devices":[{"driver":"d","pool":"p","device":"x","shareID":"u"}]}}"#;

    fn result(c: &ResourceClaim) -> &declarative::api::resource::v1::DeviceRequestAllocationResult {
        &c.status.allocation.as_ref().unwrap().devices.results[0]
    }

    #[test]
    fn device_statuses() {
        check_status(
            DRA_RESOURCE_CLAIM_DEVICE_STATUS,
            STATUS,
            r#"{"status":{"devices":[{"driver":"d","pool":"p","device":"y"}]}}"#,
            |c| !c.status.devices.is_empty(),
        );
    }

    #[test]
    fn admin_access_of_results_in_use_by_spec_or_status() {
        for old in [
            r#"{"spec":{"devices":{"requests":[{"name":"z","exactly":{"deviceClassName":"c","adminAccess":true}}]}}}"#,
            r#"{"status":{"allocation":{"devices":{"results":[{"request":"r","driver":"d","pool":"p","device":"y","adminAccess":false}]}}}}"#,
        ] {
            check_status(DRA_ADMIN_ACCESS, STATUS, old, |c| {
                result(c).admin_access.is_some()
            });
        }
    }

    #[test]
    fn share_ids_and_consumed_capacity() {
        for old in [
            r#"{"spec":{"devices":{"constraints":[{"distinctAttribute":"y"}]}}}"#,
            r#"{"status":{"allocation":{"devices":{"results":[{"request":"r","driver":"d","pool":"p","device":"y","consumedCapacity":{"m":"1"}}]}}}}"#,
            r#"{"status":{"devices":[{"driver":"d","pool":"p","device":"y","shareID":"v"}]}}"#,
        ] {
            check_status(DRA_CONSUMABLE_CAPACITY, STATUS, old, |c| {
                let r = result(c);
                let all = [
                    r.share_id.is_some(),
                    !r.consumed_capacity.is_empty(),
                    c.status.devices[0].share_id.is_some(),
                ];
                assert!(
                    all.iter().all(|b| *b == all[0]),
                    "dropped together: {all:?}"
                );
                all[0]
            });
        }
    }

    /// A stored empty list or map is nil once read back from storage, so it
    /// does not keep the new values (module docs).
    #[test]
    fn stored_empty_lists_and_maps_are_not_in_use() {
        let empty = |field: &str, value: &str| {
            format!(
                r#"{{"status":{{"allocation":{{"devices":{{"results":[{{"request":"r","driver":"d","pool":"p","device":"y","{field}":{value}}}]}}}}}}}}"#
            )
        };
        let stored = claim(&empty("consumedCapacity", "{}"));
        assert!(!consumable_capacity_in_use(&stored));
        for field in ["bindingConditions", "bindingFailureConditions"] {
            let stored = claim(&empty(field, "[]"));
            assert!(!binding_conditions_in_use(&stored), "{field}");
            let off = ClaimDropGates {
                binding_conditions: false,
                ..ClaimDropGates::ALL_ON
            };
            let mut c = claim(STATUS);
            drop_disabled_status_fields(off, &mut c, &stored);
            assert!(result(&c).binding_conditions.is_empty(), "{field}");
        }
        let off = ClaimDropGates {
            consumable_capacity: false,
            ..ClaimDropGates::ALL_ON
        };
        let mut c = claim(STATUS);
        drop_disabled_status_fields(off, &mut c, &claim(&empty("consumedCapacity", "{}")));
        assert!(result(&c).consumed_capacity.is_empty());
    }

    #[test]
    fn binding_conditions() {
        check_status(
            DRA_DEVICE_BINDING_CONDITIONS,
            STATUS,
            r#"{"status":{"allocation":{"devices":{"results":[{"request":"r","driver":"d","pool":"p","device":"y","bindingFailureConditions":["g"]}]}}}}"#,
            |c| {
                let r = result(c);
                assert_eq!(
                    r.binding_conditions.is_empty(),
                    r.binding_failure_conditions.is_empty()
                );
                !r.binding_conditions.is_empty()
            },
        );
    }
}
