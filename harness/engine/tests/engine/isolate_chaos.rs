//! Thread isolation against the chaos fixture of `dv-harness-kinds`: a
//! hung validator becomes a `hang` finding and the next case runs on a
//! fresh worker.

use dv_harness_engine::compare::Verdict;
use dv_harness_engine::engine::EngineSettings;
use dv_harness_engine::isolate::{Isolation, Isolator, Request, WorkerCommand};
use dv_harness_engine::pair::Registry;
use std::time::Duration;

fn chaos_registry() -> Option<Registry> {
    let mut registry = Registry::new();
    registry.register(dv_harness_kinds::chaos_fixture()).ok()?;
    registry
        .register(dv_harness_kinds::replication_controller())
        .ok()?;
    Some(registry)
}

fn chaos(mode: &str, side: &str) -> Request {
    Request {
        kind: "ChaosFixture".into(),
        api_version: dv_harness_kinds::FIXTURE_API_VERSION.into(),
        file: format!("{mode}.json"),
        text: serde_json::json!({"apiVersion": dv_harness_kinds::FIXTURE_API_VERSION,
            "kind": "ChaosFixture", "metadata": {"name": "x"}, "mode": mode, "side": side})
        .to_string(),
        no_prepare: false,
    }
}

#[test]
fn thread_isolation_turns_a_hang_into_a_finding_and_goes_on() {
    let iso = Isolator::new(
        Isolation::Thread,
        Duration::from_millis(300),
        WorkerCommand::current(vec![]),
        chaos_registry,
    );
    let pair = dv_harness_kinds::chaos_fixture();
    let settings = EngineSettings::default();
    let run = |r: Request| {
        let text = r.text.clone();
        iso.check_text(r, &settings, |s| {
            dv_harness_engine::pair::DynPair::check_text(&pair, "x.json", &text, s)
        })
        .unwrap()
    };
    let hung = run(chaos("loop", "declarative"));
    assert_eq!(hung.outcome.comparison.verdict, Verdict::Hang);
    assert!(hung.outcome.handwritten.panic.is_none());
    assert_eq!(
        hung.outcome.declarative.panic.as_deref(),
        Some("ran past the 300ms case time limit")
    );
    assert_eq!(hung.case_json["object"]["mode"], "loop");
    assert_eq!(iso.restarts(), 1);
    // The next cases run on a fresh worker.
    assert_eq!(
        run(chaos("ok", "handwritten")).outcome.comparison.verdict,
        Verdict::Equal
    );
    let panicked = run(chaos("panic", "handwritten"));
    assert_eq!(panicked.outcome.comparison.verdict, Verdict::Panic);
    assert_eq!(iso.restarts(), 1);
}
