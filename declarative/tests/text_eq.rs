//! The `TextEq` the derive generates answers as `PartialEq` does: for each
//! bundled kind, every pair of objects (new and old) of its corpus cases,
//! equal pairs (each object with its clone, unchanged updates) and unequal
//! ones (the cases differ field by field).

use apimachinery::text_eq::TextEq;
use declarative::api;
use serde::de::DeserializeOwned;
use std::fmt::Debug;
use std::path::{Path, PathBuf};

fn case_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            case_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "json") {
            out.push(path);
        }
    }
}

/// The objects of `corpus/<group_version>/<kind>` that deserialise as `T`.
fn objects<T: DeserializeOwned>(group_version: &str, kind: &str) -> Vec<T> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpus")
        .join(group_version)
        .join(kind);
    let mut files = Vec::new();
    case_files(&dir, &mut files);
    files.sort();
    let mut out = Vec::new();
    for file in files {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        let Ok(case) = serde_json::from_str::<serde_json::Value>(&text) else {
            continue;
        };
        for key in ["object", "oldObject"] {
            if let Some(Ok(object)) = case.get(key).map(|v| T::deserialize(v)) {
                out.push(object);
            }
        }
    }
    out
}

fn agrees<T: TextEq + PartialEq + Clone + Debug + DeserializeOwned>(
    group_version: &str,
    kind: &str,
) {
    let objects = objects::<T>(group_version, kind);
    assert!(objects.len() >= 10, "{kind}: {} objects", objects.len());
    let (mut equal, mut unequal) = (0usize, 0usize);
    for a in &objects {
        assert!(a.text_eq(&a.clone()), "{kind}: {a:?}");
        for b in &objects {
            let eq = a == b;
            assert_eq!(a.text_eq(b), eq, "{kind}:\n{a:?}\n{b:?}");
            if eq {
                equal += 1;
            } else {
                unequal += 1;
            }
        }
    }
    assert!(
        equal > objects.len(),
        "{kind}: no two distinct equal objects"
    );
    assert!(unequal > 0, "{kind}");
}

#[test]
fn text_eq_is_partial_eq_for_every_bundled_kind() {
    agrees::<api::core::v1::ReplicationController>("core/v1", "ReplicationController");
    agrees::<api::certificates::v1::CertificateSigningRequest>(
        "certificates.k8s.io/v1",
        "CertificateSigningRequest",
    );
    agrees::<api::autoscaling::v1::HorizontalPodAutoscaler>(
        "autoscaling/v1",
        "HorizontalPodAutoscaler",
    );
    agrees::<api::storage::v1::StorageClass>("storage.k8s.io/v1", "StorageClass");
    agrees::<api::storage::v1::VolumeAttachment>("storage.k8s.io/v1", "VolumeAttachment");
    agrees::<api::storage::v1::CSIDriver>("storage.k8s.io/v1", "CSIDriver");
    agrees::<api::networking::v1::IPAddress>("networking.k8s.io/v1", "IPAddress");
    agrees::<api::networking::v1::IngressClass>("networking.k8s.io/v1", "IngressClass");
    agrees::<api::networking::v1::NetworkPolicy>("networking.k8s.io/v1", "NetworkPolicy");
    agrees::<api::resource::v1::DeviceClass>("resource.k8s.io/v1", "DeviceClass");
    agrees::<api::resource::v1::ResourceClaim>("resource.k8s.io/v1", "ResourceClaim");
}
