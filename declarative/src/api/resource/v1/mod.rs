//! `resource.k8s.io/v1`: `DeviceClass` and `ResourceClaim`, with the `+k8s:`
//! tags of Kubernetes' `resource/v1/types.go` (master).

pub mod device_class;
pub mod resource_claim;

pub use device_class::{
    CELDeviceSelector, DeviceClass, DeviceClassConfiguration, DeviceClassSpec, DeviceConfiguration,
    DeviceSelector, OpaqueDeviceConfiguration,
};
pub use resource_claim::{
    AllocatedDeviceStatus, AllocationConfigSource, AllocationResult, CapacityRequirements,
    Condition, ConditionStatus, DeviceAllocationConfiguration, DeviceAllocationMode,
    DeviceAllocationResult, DeviceClaim, DeviceClaimConfiguration, DeviceConstraint, DeviceRequest,
    DeviceRequestAllocationResult, DeviceSubRequest, DeviceTaintEffect, DeviceToleration,
    DeviceTolerationOperator, ExactDeviceRequest, NetworkDeviceData, ResourceClaim,
    ResourceClaimConsumerReference, ResourceClaimSpec, ResourceClaimStatus, SkipNodeOperation,
};
