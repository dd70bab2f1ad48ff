//! What the seed corpus of each bundled real kind must hold: enough cases
//! and every (operation, subresource) its strategy serves. The equivalence
//! suite's corpus trial replays whatever is there; this keeps the corpus
//! from shrinking under it. (The minimums are those `handwritten`'s own
//! corpus replayers asserted, issue 23 item 5.)

use dv_harness::case::parse_case;
use dv_harness::generate::corpus::Corpus;
use serde_json::Value;
use std::collections::BTreeSet;

/// (apiVersion, kind, minimum seed cases, operations that must appear).
const INVENTORY: &[(&str, &str, usize, &[&str])] = &[
    ("v1", "ReplicationController", 60, &["create /", "update /"]),
    (
        "certificates.k8s.io/v1",
        "CertificateSigningRequest",
        60,
        &["create /", "update /"],
    ),
    (
        "autoscaling/v1",
        "HorizontalPodAutoscaler",
        30,
        &["create /", "update /", "update /status"],
    ),
    (
        "storage.k8s.io/v1",
        "StorageClass",
        30,
        &["create /", "update /"],
    ),
    (
        "storage.k8s.io/v1",
        "VolumeAttachment",
        30,
        &["create /", "update /", "update /status"],
    ),
    (
        "storage.k8s.io/v1",
        "CSIDriver",
        30,
        &["create /", "update /"],
    ),
    (
        "networking.k8s.io/v1",
        "IPAddress",
        30,
        &["create /", "update /"],
    ),
    (
        "networking.k8s.io/v1",
        "IngressClass",
        30,
        &["create /", "update /"],
    ),
    (
        "networking.k8s.io/v1",
        "NetworkPolicy",
        30,
        &["create /", "update /"],
    ),
    (
        "resource.k8s.io/v1",
        "DeviceClass",
        30,
        &["create /", "update /"],
    ),
    (
        "resource.k8s.io/v1",
        "ResourceClaim",
        30,
        &["create /", "update /"],
    ),
];

#[test]
fn every_real_kind_has_its_seed_cases() {
    let corpus = Corpus::load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus"));
    let registry = dv_harness_kinds::registry().unwrap();
    let listed: BTreeSet<&str> = INVENTORY.iter().map(|(_, k, _, _)| *k).collect();
    let real: BTreeSet<&str> = dv_harness_kinds::REAL_KINDS.iter().copied().collect();
    assert_eq!(listed, real, "the inventory lists every real kind");
    let mut problems = Vec::new();
    for (api_version, kind, min, operations) in INVENTORY {
        assert!(registry.find(kind, Some(api_version)).is_ok(), "{kind}");
        let seeds: Vec<_> = corpus
            .files(api_version, kind)
            .iter()
            .filter(|f| f.path.components().any(|c| c.as_os_str() == "seed"))
            .collect();
        if seeds.len() < *min {
            problems.push(format!("{kind}: {} seed cases (need {min})", seeds.len()));
        }
        let seen: BTreeSet<String> = seeds
            .iter()
            .filter_map(|f| parse_case::<Value>(&f.text).ok())
            .map(|c| {
                let sub = if c.subresource.is_empty() {
                    "/"
                } else {
                    c.subresource.as_str()
                };
                format!("{} {sub}", c.operation.as_str())
            })
            .collect();
        for op in *operations {
            if !seen.contains(*op) {
                problems.push(format!("{kind}: no seed case for {op} (has {seen:?})"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
