//! Plans realised for bundled kinds: ratcheting update sequences, the typed
//! realisation against the JSON one, and canonical objects' round trips.

use dv_harness_engine::engine::EngineSettings;
use dv_harness_engine::pair::TypedObject;
use dv_harness_generate::plan::*;
use dv_harness_generate::target::{Ratchet, Target};
use proptest::sample::Index;
use proptest::strategy::Strategy;
use serde_json::{Value, json};

fn corpus_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus")
}

fn zero() -> Index {
    dv_harness_generate::values::index(0).unwrap()
}

fn plan(change: RatchetChange) -> UpdatePlan {
    UpdatePlan {
        old: ObjectPlan {
            from_valid: true,
            seed: zero(),
            edits: Vec::new(),
        },
        steps: vec![
            UpdateStep {
                edits: Vec::new(),
                subresource: zero(),
                gates: vec![None; GATE_SLOTS],
            };
            2
        ],
        ratchet: Some(RatchetPlan {
            rule: zero(),
            variant: zero(),
            change,
        }),
    }
}

/// The ratchet of `ListMapFixture`'s `ports[*].port` minimum (1), one
/// below the bound.
fn port_ratchet(g: &Generator<'_>, change: RatchetChange) -> Ratchet {
    let edits = g
        .model()
        .edits
        .iter()
        .position(|e| e.rule_id.ends_with("ports[*].port/minimum"))
        .expect("the port minimum has edits");
    Ratchet {
        target: Target { edits, variant: 0 },
        change,
    }
}

#[test]
fn ratcheting_sequences_keep_the_stored_value() {
    let registry = dv_harness_kinds::registry().unwrap();
    let pair = registry.find("ListMapFixture", None).unwrap();
    let g = Generator::new(pair, EngineSettings::default(), &[]).unwrap();
    let r = port_ratchet(&g, RatchetChange::Nothing);
    let cases = g.ratchet_update_cases(&plan(RatchetChange::Nothing), r);
    assert_eq!(cases.len(), 2);
    for case in &cases {
        let old = case.old_object.as_ref().unwrap();
        assert_eq!(old["ports"][0]["port"], json!(0), "{old}");
        assert_eq!(&case.object, old);
    }
    // The plan field resolves to a ratchet of the kind's rules.
    assert_eq!(g.update_cases(&plan(RatchetChange::Nothing)).len(), 2);
}

#[test]
fn ratcheting_sequences_move_the_kept_item() {
    let registry = dv_harness_kinds::registry().unwrap();
    let pair = registry.find("ListMapFixture", None).unwrap();
    let g = Generator::new(pair, EngineSettings::default(), &[]).unwrap();
    for change in [RatchetChange::ItemAdded, RatchetChange::Reordered] {
        let r = port_ratchet(&g, change);
        let cases = g.ratchet_update_cases(&plan(change), r);
        let first = &cases[0];
        let old = first.old_object.as_ref().unwrap();
        let kept = &old["ports"][0];
        assert_eq!(kept["port"], json!(0));
        let items = first.object["ports"].as_array().unwrap();
        assert_eq!(items.len(), 2, "{change:?}: {}", first.object);
        assert_eq!(
            &items[1], kept,
            "{change:?}: the kept item moved to index 1"
        );
        assert_ne!(&items[0], kept);
        // The next update keeps the moved list.
        assert_eq!(&cases[1].object, &first.object);
    }
}

/// The typed realisation ([`Generator::create_case_typed`],
/// [`Generator::update_case_typed`]) gives the objects the engine would
/// deserialise from the JSON realisation, for every real kind's
/// realised creates and one-update sequences (with edits): keeping the
/// first deserialisation of an edited object instead of its round trip
/// changes nothing.
#[test]
fn typed_realisation_is_the_json_one() {
    use dv_harness_engine::pair::Pair;
    use dv_harness_generate::corpus::Corpus;
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    fn same<P: Pair + 'static>(pair: P, corpus: &Corpus)
    where
        P::Object: PartialEq + std::fmt::Debug + 'static,
    {
        let kind = Pair::kind(&pair).to_string();
        let files = corpus.files(Pair::api_version(&pair), &kind);
        let g = Generator::new(&pair, EngineSettings::default(), files).unwrap();
        let object = |t: TypedObject| t.into_inner::<P::Object>().ok().unwrap();
        let parsed = |v: Value| serde_json::from_value::<P::Object>(v).unwrap();
        let mut runner = TestRunner::deterministic();
        for _ in 0..32 {
            let create = create_plan().new_tree(&mut runner).unwrap().current();
            let typed = g.create_case_typed(&create).unwrap();
            let json = g.create_case(&create);
            assert_eq!(typed.gates, json.gates, "{kind}");
            assert_eq!(object(typed.object), parsed(json.object), "{kind}");
            let mut update = update_plan().new_tree(&mut runner).unwrap().current();
            update.steps.truncate(1);
            update.ratchet = None;
            let typed = g.update_case_typed(&update.old, &update.steps[0]).unwrap();
            let json = g.update_cases(&update).remove(0);
            assert_eq!(
                (typed.operation, &typed.subresource, &typed.gates),
                (json.operation, &json.subresource, &json.gates),
                "{kind}"
            );
            assert_eq!(object(typed.object), parsed(json.object), "{kind}");
            assert_eq!(
                typed.old_object.map(object),
                json.old_object.map(parsed),
                "{kind}"
            );
        }
    }
    let corpus = Corpus::load(&corpus_dir());
    macro_rules! each {
        ($($kind:literal => $constructor:ident),* $(,)?) => {
            $(same(dv_harness_kinds::$constructor(), &corpus);)*
        };
    }
    dv_harness_kinds::with_real_kinds!(each);
}

/// What lets an update skip repairing its canonical new object: a
/// round trip of round-trip output is the identity, for every real
/// kind's seeds and realised objects (creates and updates, with edits).
#[test]
fn canonical_objects_round_trip_unchanged() {
    use dv_harness_generate::corpus::Corpus;
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let registry = dv_harness_kinds::registry().unwrap();
    let corpus = Corpus::load(&corpus_dir());
    for kind in dv_harness_kinds::REAL_KINDS {
        let pair = registry.find(kind, None).unwrap();
        let files = corpus.files(pair.api_version(), pair.kind());
        let g = Generator::new(pair, EngineSettings::default(), files).unwrap();
        let same = |v: &Value| assert_eq!(&pair.roundtrip(v).unwrap(), v, "{kind}");
        g.seeds().iter().for_each(same);
        let mut runner = TestRunner::deterministic();
        for _ in 0..16 {
            let create = create_plan().new_tree(&mut runner).unwrap().current();
            same(&g.create_case(&create).object);
            let mut update = update_plan().new_tree(&mut runner).unwrap().current();
            update.ratchet = None;
            for case in g.update_cases(&update) {
                same(&case.object);
                same(case.old_object.as_ref().unwrap());
            }
        }
    }
}
