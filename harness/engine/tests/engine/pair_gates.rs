//! Feature gates in case files, against bundled kinds: every gate of each
//! release is accepted, an unknown one names the nearest, and the gates a
//! pair reads default as in the release.

use dv_harness_engine::case::Case;
use dv_harness_engine::engine::{Engine, EngineSettings};
use dv_harness_engine::lifecycle::Semantics;
use dv_harness_engine::pair::DynPair;
use std::collections::BTreeMap;

fn rc_case(gates: &[(&str, bool)]) -> String {
    serde_json::json!({
        "kind": "ReplicationController", "apiVersion": "v1",
        "object": {"metadata": {"name": "a", "namespace": "d"},
                   "spec": {"replicas": 1, "selector": {"a": "b"}}},
        "gates": gates.iter().map(|(n, v)| (n.to_string(), *v)).collect::<BTreeMap<_, _>>(),
    })
    .to_string()
}

#[test]
fn every_gate_of_each_release_is_accepted() {
    let rc = dv_harness_kinds::replication_controller();
    for semantics in Semantics::ALL {
        let settings = EngineSettings::default().semantics(semantics);
        for gate in dv_harness_engine::feature_gates::table(semantics) {
            for value in [true, false] {
                let text = rc_case(&[(gate.name, value)]);
                if let Err(e) = DynPair::check_text(&rc, "g.json", &text, &settings) {
                    panic!("{semantics}: {}={value} refused: {e}", gate.name);
                }
            }
        }
    }
}

#[test]
fn an_unknown_gate_names_the_nearest_one() {
    let rc = dv_harness_kinds::replication_controller();
    let settings = EngineSettings::default();
    let err = DynPair::check_text(
        &rc,
        "g.json",
        &rc_case(&[("PodDeletionCots", true)]),
        &settings,
    )
    .unwrap_err();
    let text = err.to_string();
    assert!(
        text.starts_with("g.json: unknown gate \"PodDeletionCots\""),
        "{text}"
    );
    assert!(text.contains("did you mean \"PodDeletionCost\"?"), "{text}");
    // A gate of a later release is unknown to an earlier one.
    let later_only = dv_harness_engine::feature_gates::table(Semantics::V1_37)
        .iter()
        .find(|g| dv_harness_engine::feature_gates::find(Semantics::V1_35, g.name).is_none())
        .expect("1.37 has gates 1.35 lacks");
    let old = EngineSettings::default().semantics(Semantics::V1_35);
    assert!(
        DynPair::check_text(&rc, "g.json", &rc_case(&[(later_only.name, true)]), &old).is_err()
    );
}

#[test]
fn gates_the_pair_reads_default_as_in_the_release() {
    let hpa = dv_harness_kinds::horizontal_pod_autoscaler();
    let engine = |s| Engine::new(&hpa, EngineSettings::default().semantics(s));
    let case = Case::create(Default::default());
    for semantics in Semantics::ALL {
        for gate in ["HPAScaleToZero", "HPAConfigurableTolerance"] {
            let want = dv_harness_engine::feature_gates::find(semantics, gate).map(|g| g.default);
            assert!(want.is_some(), "{gate} in {semantics}");
            assert_eq!(
                engine(semantics).context(&case).option_state(gate),
                want,
                "{gate} in {semantics}"
            );
        }
    }
}
