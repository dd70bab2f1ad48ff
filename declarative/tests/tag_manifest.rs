//! The `+k8s:` tags (and `+default` markers) of the bundled API types equal
//! Kubernetes' `types.go`, as recorded in `declarative/manifests/` (written by
//! `cargo run -p declarative --example tag_manifest`). Each Go type maps to
//! the Rust type(s) modelling it; Go types or fields with tags that no Rust
//! type models are listed in [`SKIPPED`] with the reason. A difference fails
//! with a readable diff (Go type, field, Kubernetes' lines, ours).

use declarative::api::{autoscaling, certificates, core, meta, networking, resource, storage};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// A type's `__DV_TAG_MANIFEST`: type-level lines, then (json field, lines).
type Tags = (
    &'static [&'static str],
    &'static [(&'static str, &'static [&'static str])],
);

/// One Rust type modelling a Go type of a manifest; `inline` lists the Go
/// types embedded with `json:",inline"` whose fields the Rust type carries
/// directly (Go `VolumeSource` in `Volume`, ...).
struct Model {
    manifest: &'static str,
    go: &'static str,
    inline: &'static [&'static str],
    rust: &'static str,
    tags: Tags,
}

macro_rules! model {
    ($manifest:literal, $go:literal, [$($inline:literal),*], $ty:ty) => {
        Model {
            manifest: $manifest,
            go: $go,
            inline: &[$($inline),*],
            rust: stringify!($ty),
            tags: <$ty>::__DV_TAG_MANIFEST,
        }
    };
    ($manifest:literal, $go:literal, $ty:ty) => {
        model!($manifest, $go, [], $ty)
    };
}

/// Go types (or `Type.field`) carrying tags that no Rust type models.
const SKIPPED: &[(&str, &str, &str)] = &[
    (
        "core/v1",
        "PodSpec.evictionResponders",
        "field not modelled: PodSpec models the fields ReplicationController validation reads",
    ),
    (
        "resource/v1",
        "AllocatedDeviceStatus.conditions",
        "field modelled as the metav1 Condition list; the element type is checked as meta/v1 Condition",
    ),
];

fn models() -> Vec<Model> {
    use autoscaling::v1 as au;
    use certificates::v1 as ce;
    use core::v1 as co;
    use meta::v1 as me;
    use networking::v1 as ne;
    use resource::v1 as re;
    use storage::v1 as st;
    vec![
        // core/v1
        model!(
            "core/v1",
            "ReplicationController",
            co::ReplicationController
        ),
        model!(
            "core/v1",
            "ReplicationControllerSpec",
            co::ReplicationControllerSpec
        ),
        model!(
            "core/v1",
            "ReplicationControllerStatus",
            co::ReplicationControllerStatus
        ),
        model!(
            "core/v1",
            "ReplicationControllerCondition",
            co::ReplicationControllerCondition
        ),
        model!("core/v1", "PodTemplateSpec", co::PodTemplateSpec),
        model!("core/v1", "PodSpec", co::PodSpec),
        model!("core/v1", "PodDNSConfig", co::PodDNSConfig),
        model!("core/v1", "PodDNSConfigOption", co::PodDNSConfigOption),
        model!("core/v1", "Toleration", co::Toleration),
        model!("core/v1", "Container", co::Container),
        model!(
            "core/v1",
            "EphemeralContainer",
            ["EphemeralContainerCommon"],
            co::EphemeralContainer
        ),
        model!("core/v1", "ContainerPort", co::ContainerPort),
        model!("core/v1", "EnvVar", co::EnvVar),
        model!("core/v1", "EnvVarSource", co::EnvVarSource),
        model!("core/v1", "ObjectFieldSelector", co::ObjectFieldSelector),
        model!(
            "core/v1",
            "ResourceFieldSelector",
            co::ResourceFieldSelector
        ),
        model!(
            "core/v1",
            "ConfigMapKeySelector",
            ["LocalObjectReference"],
            co::ConfigMapKeySelector
        ),
        model!(
            "core/v1",
            "SecretKeySelector",
            ["LocalObjectReference"],
            co::SecretKeySelector
        ),
        model!("core/v1", "ResourceRequirements", co::ResourceRequirements),
        model!("core/v1", "VolumeMount", co::VolumeMount),
        model!("core/v1", "Volume", ["VolumeSource"], co::Volume),
        model!("core/v1", "EmptyDirVolumeSource", co::EmptyDirVolumeSource),
        model!("core/v1", "HostPathVolumeSource", co::HostPathVolumeSource),
        model!(
            "core/v1",
            "ConfigMapVolumeSource",
            ["LocalObjectReference"],
            co::ConfigMapVolumeSource
        ),
        model!("core/v1", "SecretVolumeSource", co::SecretVolumeSource),
        model!(
            "core/v1",
            "PersistentVolumeClaimVolumeSource",
            co::PersistentVolumeClaimVolumeSource
        ),
        model!("core/v1", "KeyToPath", co::KeyToPath),
        model!("core/v1", "TopologySelectorTerm", st::TopologySelectorTerm),
        model!(
            "core/v1",
            "TopologySelectorLabelRequirement",
            st::TopologySelectorLabelRequirement
        ),
        model!(
            "core/v1",
            "PersistentVolumeSpec",
            ["PersistentVolumeSource"],
            co::PersistentVolumeSpec
        ),
        model!("core/v1", "VolumeNodeAffinity", co::VolumeNodeAffinity),
        model!("core/v1", "ObjectReference", co::ObjectReference),
        model!("core/v1", "SecretReference", co::SecretReference),
        model!("core/v1", "LocalVolumeSource", co::LocalVolumeSource),
        model!(
            "core/v1",
            "CSIPersistentVolumeSource",
            co::CSIPersistentVolumeSource
        ),
        model!(
            "core/v1",
            "RBDPersistentVolumeSource",
            co::RBDPersistentVolumeSource
        ),
        model!(
            "core/v1",
            "CephFSPersistentVolumeSource",
            co::CephFSPersistentVolumeSource
        ),
        model!(
            "core/v1",
            "ISCSIPersistentVolumeSource",
            co::ISCSIPersistentVolumeSource
        ),
        model!(
            "core/v1",
            "FlexPersistentVolumeSource",
            co::FlexPersistentVolumeSource
        ),
        model!(
            "core/v1",
            "AzureFilePersistentVolumeSource",
            co::AzureFilePersistentVolumeSource
        ),
        model!(
            "core/v1",
            "ScaleIOPersistentVolumeSource",
            co::ScaleIOPersistentVolumeSource
        ),
        model!(
            "core/v1",
            "StorageOSPersistentVolumeSource",
            co::StorageOSPersistentVolumeSource
        ),
        model!(
            "core/v1",
            "GlusterfsPersistentVolumeSource",
            co::GlusterfsPersistentVolumeSource
        ),
        model!(
            "core/v1",
            "CinderPersistentVolumeSource",
            co::CinderPersistentVolumeSource
        ),
        // meta/v1
        model!("meta/v1", "ObjectMeta", me::ObjectMeta),
        model!("meta/v1", "OwnerReference", me::OwnerReference),
        model!("meta/v1", "ManagedFieldsEntry", me::ManagedFieldsEntry),
        model!(
            "meta/v1",
            "ManagedFieldsOperationType",
            me::ManagedFieldsOperationType
        ),
        model!("meta/v1", "LabelSelector", ne::LabelSelector),
        model!(
            "meta/v1",
            "LabelSelectorRequirement",
            ne::LabelSelectorRequirement
        ),
        model!("meta/v1", "Condition", re::Condition),
        model!("meta/v1", "ConditionStatus", re::ConditionStatus),
        // autoscaling/v1
        model!(
            "autoscaling/v1",
            "HorizontalPodAutoscaler",
            au::HorizontalPodAutoscaler
        ),
        model!(
            "autoscaling/v1",
            "HorizontalPodAutoscalerSpec",
            au::HorizontalPodAutoscalerSpec
        ),
        model!(
            "autoscaling/v1",
            "CrossVersionObjectReference",
            au::CrossVersionObjectReference
        ),
        model!(
            "autoscaling/v1",
            "HorizontalPodAutoscalerStatus",
            au::HorizontalPodAutoscalerStatus
        ),
        model!("autoscaling/v1", "Scale", au::Scale),
        model!("autoscaling/v1", "ScaleSpec", au::ScaleSpec),
        model!("autoscaling/v1", "ScaleStatus", au::ScaleStatus),
        // certificates/v1
        model!(
            "certificates/v1",
            "CertificateSigningRequest",
            ce::CertificateSigningRequest
        ),
        model!(
            "certificates/v1",
            "CertificateSigningRequestSpec",
            ce::CertificateSigningRequestSpec
        ),
        model!(
            "certificates/v1",
            "CertificateSigningRequestStatus",
            ce::CertificateSigningRequestStatus
        ),
        model!(
            "certificates/v1",
            "CertificateSigningRequestCondition",
            ce::CertificateSigningRequestCondition
        ),
        // storage/v1
        model!("storage/v1", "StorageClass", st::StorageClass),
        model!("storage/v1", "CSIDriver", st::CSIDriver),
        model!("storage/v1", "CSIDriverSpec", st::CSIDriverSpec),
        model!("storage/v1", "TokenRequest", st::TokenRequest),
        model!("storage/v1", "VolumeAttachment", st::VolumeAttachment),
        model!(
            "storage/v1",
            "VolumeAttachmentSpec",
            st::VolumeAttachmentSpec
        ),
        model!(
            "storage/v1",
            "VolumeAttachmentSource",
            st::VolumeAttachmentSource
        ),
        model!(
            "storage/v1",
            "VolumeAttachmentStatus",
            st::VolumeAttachmentStatus
        ),
        model!("storage/v1", "VolumeError", st::VolumeError),
        // networking/v1
        model!("networking/v1", "IngressClass", ne::IngressClass),
        model!("networking/v1", "IngressClassSpec", ne::IngressClassSpec),
        model!(
            "networking/v1",
            "IngressClassParametersReference",
            ne::IngressClassParametersReference
        ),
        model!("networking/v1", "IPAddress", ne::IPAddress),
        model!("networking/v1", "IPAddressSpec", ne::IPAddressSpec),
        model!("networking/v1", "ParentReference", ne::ParentReference),
        model!("networking/v1", "NetworkPolicy", ne::NetworkPolicy),
        model!("networking/v1", "NetworkPolicySpec", ne::NetworkPolicySpec),
        model!(
            "networking/v1",
            "NetworkPolicyIngressRule",
            ne::NetworkPolicyIngressRule
        ),
        model!(
            "networking/v1",
            "NetworkPolicyEgressRule",
            ne::NetworkPolicyEgressRule
        ),
        model!("networking/v1", "NetworkPolicyPort", ne::NetworkPolicyPort),
        model!("networking/v1", "IPBlock", ne::IPBlock),
        model!("networking/v1", "NetworkPolicyPeer", ne::NetworkPolicyPeer),
        // resource/v1
        model!("resource/v1", "DeviceClass", re::DeviceClass),
        model!("resource/v1", "DeviceClassSpec", re::DeviceClassSpec),
        model!(
            "resource/v1",
            "DeviceClassConfiguration",
            ["DeviceConfiguration"],
            re::DeviceClassConfiguration
        ),
        model!("resource/v1", "DeviceSelector", re::DeviceSelector),
        model!("resource/v1", "CELDeviceSelector", re::CELDeviceSelector),
        model!(
            "resource/v1",
            "DeviceConfiguration",
            re::DeviceConfiguration
        ),
        model!(
            "resource/v1",
            "OpaqueDeviceConfiguration",
            re::OpaqueDeviceConfiguration
        ),
        model!(
            "resource/v1",
            "DeviceAllocationMode",
            re::DeviceAllocationMode
        ),
        model!(
            "resource/v1",
            "DeviceTolerationOperator",
            re::DeviceTolerationOperator
        ),
        model!("resource/v1", "DeviceTaintEffect", re::DeviceTaintEffect),
        model!(
            "resource/v1",
            "AllocationConfigSource",
            re::AllocationConfigSource
        ),
        model!("resource/v1", "SkipNodeOperation", re::SkipNodeOperation),
        model!("resource/v1", "ResourceClaim", re::ResourceClaim),
        model!("resource/v1", "ResourceClaimSpec", re::ResourceClaimSpec),
        model!("resource/v1", "DeviceClaim", re::DeviceClaim),
        model!("resource/v1", "DeviceRequest", re::DeviceRequest),
        model!("resource/v1", "ExactDeviceRequest", re::ExactDeviceRequest),
        model!("resource/v1", "DeviceSubRequest", re::DeviceSubRequest),
        model!(
            "resource/v1",
            "CapacityRequirements",
            re::CapacityRequirements
        ),
        model!("resource/v1", "DeviceConstraint", re::DeviceConstraint),
        model!(
            "resource/v1",
            "DeviceClaimConfiguration",
            ["DeviceConfiguration"],
            re::DeviceClaimConfiguration
        ),
        model!("resource/v1", "DeviceToleration", re::DeviceToleration),
        model!(
            "resource/v1",
            "ResourceClaimStatus",
            re::ResourceClaimStatus
        ),
        model!(
            "resource/v1",
            "ResourceClaimConsumerReference",
            re::ResourceClaimConsumerReference
        ),
        model!("resource/v1", "AllocationResult", re::AllocationResult),
        model!(
            "resource/v1",
            "DeviceAllocationResult",
            re::DeviceAllocationResult
        ),
        model!(
            "resource/v1",
            "DeviceRequestAllocationResult",
            re::DeviceRequestAllocationResult
        ),
        model!(
            "resource/v1",
            "DeviceAllocationConfiguration",
            ["DeviceConfiguration"],
            re::DeviceAllocationConfiguration
        ),
        model!(
            "resource/v1",
            "AllocatedDeviceStatus",
            re::AllocatedDeviceStatus
        ),
        model!("resource/v1", "NetworkDeviceData", re::NetworkDeviceData),
    ]
}

const MANIFESTS: &[(&str, &str)] = &[
    ("core/v1", include_str!("../manifests/core/v1/types.json")),
    ("meta/v1", include_str!("../manifests/meta/v1/types.json")),
    (
        "autoscaling/v1",
        include_str!("../manifests/autoscaling/v1/types.json"),
    ),
    (
        "certificates/v1",
        include_str!("../manifests/certificates/v1/types.json"),
    ),
    (
        "storage/v1",
        include_str!("../manifests/storage/v1/types.json"),
    ),
    (
        "networking/v1",
        include_str!("../manifests/networking/v1/types.json"),
    ),
    (
        "resource/v1",
        include_str!("../manifests/resource/v1/types.json"),
    ),
];

/// (type tags, field -> lines) of one Go type in a manifest.
type GoTags = (Vec<String>, BTreeMap<String, Vec<String>>);

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

fn go_types(text: &str) -> BTreeMap<String, GoTags> {
    let v: Value = serde_json::from_str(text).expect("manifest is JSON");
    assert!(
        v["source"].as_str().is_some_and(|s| s.contains('@')),
        "manifest without source"
    );
    let mut out = BTreeMap::new();
    for (name, t) in v["types"].as_object().expect("types") {
        let fields = t["fields"]
            .as_object()
            .map(|m| m.iter().map(|(k, v)| (k.clone(), strings(v))).collect())
            .unwrap_or_default();
        out.insert(name.clone(), (strings(&t["typeTags"]), fields));
    }
    out
}

/// Fields whose tags knowingly differ from the manifest's Kubernetes commit,
/// with the reason (also written in the field's doc comment).
const KEPT: &[(&str, &str, &str)] = &[
    (
        "networking/v1",
        "IngressClassSpec.controller",
        "alpha 1.38 tags from the IngressClass migration (issue 20); not yet in kubernetes/api master 10b39a39; \
         the hand-written port marks the matching errors covered",
    ),
    (
        "networking/v1",
        "IngressClassParametersReference.scope",
        "alpha 1.38 tag from the IngressClass migration (issue 20); not yet in kubernetes/api master 10b39a39",
    ),
];

fn skipped(group: &str, what: &str) -> bool {
    SKIPPED
        .iter()
        .chain(KEPT)
        .any(|(g, w, _)| *g == group && *w == what)
}

/// Every difference between the manifests and the Rust types, as readable lines.
fn differences(models: &[Model]) -> Vec<String> {
    let mut diffs = Vec::new();
    let mut covered: BTreeSet<(String, String)> = BTreeSet::new();
    for (group, text) in MANIFESTS {
        let go = go_types(text);
        for m in models.iter().filter(|m| m.manifest == *group) {
            let Some((type_tags, fields)) = go.get(m.go) else {
                diffs.push(format!(
                    "{group} {}: not in the manifest (regenerate it)",
                    m.go
                ));
                continue;
            };
            covered.insert((group.to_string(), m.go.to_string()));
            let ours: Vec<String> = m.tags.0.iter().map(|s| s.to_string()).collect();
            if *type_tags != ours {
                diffs.push(format!(
                    "{group} {} (type, ours {}):\n    kubernetes: {type_tags:?}\n    ours:       {ours:?}",
                    m.go, m.rust
                ));
            }
            let mut want: BTreeMap<String, Vec<String>> = fields.clone();
            for inline in m.inline {
                covered.insert((group.to_string(), inline.to_string()));
                if let Some((_, f)) = go.get(*inline) {
                    want.extend(f.clone());
                } else {
                    diffs.push(format!("{group} {inline}: inline type not in the manifest"));
                }
            }
            let have: BTreeMap<String, Vec<String>> = m
                .tags
                .1
                .iter()
                .map(|(f, l)| (f.to_string(), l.iter().map(|s| s.to_string()).collect()))
                .collect();
            let names: BTreeSet<&String> = want.keys().chain(have.keys()).collect();
            for name in names {
                if skipped(group, &format!("{}.{name}", m.go)) {
                    continue;
                }
                let w = want.get(name).cloned().unwrap_or_default();
                let h = have.get(name).cloned().unwrap_or_default();
                if w != h {
                    diffs.push(format!(
                        "{group} {}.{name} (ours {}):\n    kubernetes: {w:?}\n    ours:       {h:?}",
                        m.go, m.rust
                    ));
                }
            }
        }
        for (name, (type_tags, fields)) in &go {
            let tagged = !type_tags.is_empty() || !fields.is_empty();
            if tagged
                && !covered.contains(&(group.to_string(), name.clone()))
                && !skipped(group, name)
            {
                diffs.push(format!("{group} {name}: has tags but no Rust model"));
            }
        }
    }
    diffs
}

#[test]
fn rust_tags_equal_kubernetes_manifests() {
    let diffs = differences(&models());
    assert!(
        diffs.is_empty(),
        "{} tag difference(s) between Kubernetes' types.go (declarative/manifests) and our types:\n{}",
        diffs.len(),
        diffs.join("\n")
    );
}

#[test]
fn a_changed_tag_is_reported() {
    // The comparison is not vacuous: a model whose tags differ is a difference.
    let mut models = models();
    let rc = models
        .iter_mut()
        .find(|m| m.go == "ReplicationControllerSpec")
        .expect("RC spec model");
    rc.tags = (&[], &[("replicas", &["+k8s:optional"])]);
    let diffs = differences(&models);
    assert!(
        diffs
            .iter()
            .any(|d| d.contains("ReplicationControllerSpec.replicas")),
        "{diffs:?}"
    );
    assert!(
        diffs
            .iter()
            .any(|d| d.contains("ReplicationControllerSpec.template")),
        "{diffs:?}"
    );
}

#[test]
fn skipped_entries_have_reasons_and_exist() {
    for (group, what, reason) in SKIPPED {
        assert!(!reason.is_empty());
        let text = MANIFESTS.iter().find(|(g, _)| g == group).expect("group").1;
        let go = go_types(text);
        let (ty, field) = what.split_once('.').unwrap_or((what, ""));
        let (_, fields) = go
            .get(ty)
            .unwrap_or_else(|| panic!("{group} {ty} not in manifest"));
        assert!(
            field.is_empty() || fields.contains_key(field),
            "{group} {what} has no tags"
        );
    }
}
