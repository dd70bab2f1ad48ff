//! What the seed corpus of each bundled real kind must hold: enough cases,
//! every (operation, subresource) its strategy serves, and exactly the
//! known Kubernetes divergences between the two validators. The equivalence
//! suite's corpus trial replays whatever is there; this keeps the corpus
//! from shrinking under it and the reviewed divergences from vanishing or
//! spreading unnoticed. (The minimums and the divergent cases are those
//! `handwritten`'s former corpus replayers asserted, issue 23 item 5.)

use dv_harness::case::parse_case;
use dv_harness::engine::EngineSettings;
use dv_harness::generate::corpus::Corpus;
use dv_harness::normalize::Equivalence;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Arc;

/// (apiVersion, kind, minimum seed cases, the operation paths the seed
/// cases reach: every one the strategy serves).
const INVENTORY: &[(&str, &str, usize, &[&str])] = &[
    (
        "v1",
        "ReplicationController",
        60,
        &["create /", "update /", "update /status", "update /scale"],
    ),
    (
        "certificates.k8s.io/v1",
        "CertificateSigningRequest",
        60,
        &["create /", "update /", "update /status", "update /approval"],
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
        &["create /", "update /", "update /status"],
    ),
];

/// Seed cases some (kind, operation) paths need at least, beyond the
/// kind's total.
const PER_OPERATION: &[(&str, &str, usize)] = &[
    ("CertificateSigningRequest", "create /", 40),
    ("CertificateSigningRequest", "update /", 15),
    ("CertificateSigningRequest", "update /status", 15),
    ("CertificateSigningRequest", "update /approval", 15),
];

/// The operation path of a case, `"create /"`, `"update /status"`, ...
fn operation_path<T>(case: &dv_harness::case::Case<T>) -> String {
    let sub = if case.subresource.is_empty() {
        "/"
    } else {
        case.subresource.as_str()
    };
    format!("{} {sub}", case.operation.as_str())
}

fn load_corpus() -> Corpus {
    Corpus::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus"))
}

fn is_seed(path: &Path) -> bool {
    path.components().any(|c| c.as_os_str() == "seed")
}

#[test]
fn every_real_kind_has_its_seed_cases() {
    let corpus = load_corpus();
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
            .filter(|f| is_seed(&f.path))
            .collect();
        if seeds.len() < *min {
            problems.push(format!("{kind}: {} seed cases (need {min})", seeds.len()));
        }
        let paths: Vec<String> = seeds
            .iter()
            .filter_map(|f| parse_case::<Value>(&f.text).ok())
            .map(|c| operation_path(&c))
            .collect();
        let seen: BTreeSet<&str> = paths.iter().map(String::as_str).collect();
        let wanted: BTreeSet<&str> = operations.iter().copied().collect();
        if seen != wanted {
            problems.push(format!(
                "{kind}: seed cases reach {seen:?}, the strategy serves {wanted:?}"
            ));
        }
        for (_, op, min) in PER_OPERATION.iter().filter(|(k, _, _)| k == kind) {
            let n = paths.iter().filter(|p| p == op).count();
            if n < *min {
                problems.push(format!("{kind}: {n} seed cases for {op} (need {min})"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// (kind, seed cases whose hand-written errors marked covered differ, as a
/// set of (type, field, origin), from the declarative errors), for every
/// real kind. Each difference is one Kubernetes has by design and is
/// accepted by a reviewed exception of `equivalence.toml` (or is an error
/// of a declarative-only rule, which Kubernetes returns and no hand-written
/// error covers).
const KNOWN_DIFFERENCES: &[(&str, &[&str])] = &[
    ("ReplicationController", &[]),
    ("CertificateSigningRequest", &[]),
    ("HorizontalPodAutoscaler", &[]),
    ("StorageClass", &[]),
    // DV ratchets the unchanged (stored) spec, and its `immutable` on spec
    // short-circuits the attacher's `required`.
    (
        "VolumeAttachment",
        &["status-stored-spec-invalid", "update-attacher-emptied"],
    ),
    ("CSIDriver", &[]),
    // DV's `immutable` on parentRef short-circuits the nested `required`s.
    ("IPAddress", &["update-resource-cleared"]),
    ("IngressClass", &[]),
    ("NetworkPolicy", &[]),
    // DV ratchets the unchanged (invalid) name on update.
    ("DeviceClass", &["update-invalid-name-kept"]),
    (
        "ResourceClaim",
        &[
            // Without defaulting, HV's NotSupported on an empty
            // allocationMode, which DV's `+k8s:optional` skips.
            "k8s-testvalidateclaim-prioritized-list-invalid-nested-request",
            // DV-only rule: the `+k8s:enum` of SkipNodeOperation.
            "status-result-skip-unknown-operation",
        ],
    ),
];

type Key = (String, String, String);

fn keys<'a>(errors: impl Iterator<Item = &'a apimachinery::field::Error>) -> BTreeSet<Key> {
    errors
        .map(|e| {
            (
                e.error_type.as_str().to_string(),
                e.field.clone(),
                e.origin.to_string(),
            )
        })
        .collect()
}

/// Every seed case of every real kind through the engine (strategy,
/// prepare step and gates as the case says, the workspace's
/// `equivalence.toml`): the cases where the covered hand-written errors and
/// the declarative errors differ are exactly [`KNOWN_DIFFERENCES`], and
/// each such difference is either exempted by a reviewed exception or a
/// declarative-only error Kubernetes returns; nothing is left unpaired.
#[test]
fn covered_handwritten_errors_differ_from_declarative_only_where_known() {
    let listed: BTreeSet<&str> = KNOWN_DIFFERENCES.iter().map(|(k, _)| *k).collect();
    let real: BTreeSet<&str> = dv_harness_kinds::REAL_KINDS.iter().copied().collect();
    assert_eq!(listed, real, "the known differences list every real kind");
    let equivalence =
        Equivalence::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../equivalence.toml"))
            .unwrap();
    let settings = EngineSettings {
        equivalence: Arc::new(equivalence),
        ..EngineSettings::default()
    };
    let corpus = load_corpus();
    let registry = dv_harness_kinds::registry().unwrap();
    let mut problems = Vec::new();
    for (api_version, kind, _, _) in INVENTORY {
        let pair = registry.find(kind, Some(api_version)).unwrap();
        let mut differing = Vec::new();
        for file in corpus
            .files(api_version, kind)
            .iter()
            .filter(|f| is_seed(&f.path))
        {
            let name = file.path.display().to_string();
            let checked = pair.check_text(&name, &file.text, &settings).unwrap();
            let outcome = &checked.outcome;
            let covered = keys(
                outcome
                    .handwritten
                    .errors
                    .iter()
                    .filter(|e| e.covered_by_declarative),
            );
            let declarative = keys(outcome.declarative.errors.iter());
            let c = &outcome.comparison;
            if !c.only_handwritten.is_empty() || !c.only_declarative.is_empty() {
                problems.push(format!(
                    "{name}: unpaired HV {:?} DV {:?}",
                    c.only_handwritten, c.only_declarative
                ));
            }
            if covered != declarative && c.exempted.is_empty() && !covered.is_subset(&declarative) {
                problems.push(format!(
                    "{name}: covered HV {covered:?} and DV {declarative:?} differ beyond \
                     declarative-only errors, with no exception applied"
                ));
            }
            if covered != declarative {
                let stem = file.path.file_stem().unwrap_or_default();
                differing.push(stem.to_string_lossy().into_owned());
            }
        }
        let known: Vec<String> = KNOWN_DIFFERENCES
            .iter()
            .filter(|(k, _)| k == kind)
            .flat_map(|(_, cases)| cases.iter().map(|c| c.to_string()))
            .collect();
        if differing != known {
            problems.push(format!(
                "{kind}: covered HV and DV differ on {differing:?}, known: {known:?}"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
