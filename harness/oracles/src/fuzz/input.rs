//! The `Arbitrary`-based structured input of the fuzz targets and of the
//! `dv-harness fuzz` campaign, and its realisation as a case.
//!
//! A [`StructuredInput`] chooses the operation, the subresource, gate
//! overrides, the object and the old object. It holds no kind-specific
//! data: like the generation module's plans, its numbers are resolved
//! against a kind's seeds, boundary edits and subresources when realised,
//! and it is realised *through* the generation module: it becomes a
//! [`CreatePlan`] or an [`UpdatePlan`] of [`dv_harness_generate::plan`] whose
//! edits are the rule inventory's boundary edits (biased 3 in 8) and the
//! structure-aware mutations of [`dv_harness_generate::mutate`], with scalars
//! from [`dv_harness_generate::values::scalar`]. The libFuzzer bytes drive
//! those strategies through proptest's pass-through RNG, so no generation
//! logic is duplicated here.

use arbitrary::{Arbitrary, Unstructured};
use dv_harness_engine::case::{Case, CaseProblem};
use dv_harness_engine::pair::TypedObject;
use dv_harness_generate::mutate::Edit;
use dv_harness_generate::plan::{
    CreatePlan, GATE_SLOTS, GatePlan, Generator, ObjectPlan, UpdatePlan, UpdateStep,
};
use dv_harness_generate::values::{Scalar, scalar};
use proptest::prelude::any;
use proptest::sample::Index;
use proptest::strategy::{BoxedStrategy, Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use serde_json::Value;
use std::cell::RefCell;
use std::collections::HashMap;

/// The most edits one object choice applies.
pub const MAX_EDITS: usize = 4;

/// How many drawn scalars a thread keeps (see [`ScalarChoice::scalar`]);
/// the memo is emptied when it is full.
const DRAWN_SCALARS: usize = 8192;

/// Create or update.
///
/// ```
/// use arbitrary::{Arbitrary, Unstructured};
/// use dv_harness_oracles::fuzz::input::OperationChoice;
/// let op = OperationChoice::arbitrary(&mut Unstructured::new(&[0, 0, 0, 0])).unwrap();
/// assert_eq!(op, OperationChoice::Create);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Arbitrary)]
pub enum OperationChoice {
    /// A create of the object.
    Create,
    /// An update from the old object to the object.
    Update,
}

/// One gate slot's override.
///
/// ```
/// use dv_harness_oracles::fuzz::input::GateChoice;
/// assert_eq!(GateChoice::On.state(), Some(true));
/// assert_eq!(GateChoice::Default.state(), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Arbitrary)]
pub enum GateChoice {
    /// Keep the gate's default.
    Default,
    /// Enable it.
    On,
    /// Disable it.
    Off,
}

impl GateChoice {
    /// The override, `None` for the default.
    ///
    /// ```
    /// assert_eq!(dv_harness_oracles::fuzz::input::GateChoice::Off.state(), Some(false));
    /// ```
    pub fn state(self) -> Option<bool> {
        match self {
            GateChoice::Default => None,
            GateChoice::On => Some(true),
            GateChoice::Off => Some(false),
        }
    }
}

/// Entropy for one scalar, realised by the generation module's
/// [`scalar`] strategy (Kubernetes-flavoured strings, boundary integers),
/// drawn from a ChaCha stream keyed by the entropy.
///
/// ```
/// use dv_harness_oracles::fuzz::input::ScalarChoice;
/// let s = ScalarChoice { entropy: [7; 24] }.scalar();
/// assert!(s.is_some());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Arbitrary)]
pub struct ScalarChoice {
    /// The bytes the strategy draws from.
    pub entropy: [u8; 24],
}

/// The configuration of the runners that turn bytes into values: the
/// defaults without failure persistence (nothing is persisted, and cloning
/// the default's persistence allocates on every draw).
fn runner_config() -> Config {
    thread_local! {
        static CONFIG: Config = Config {
            failure_persistence: None,
            ..Config::default()
        };
    }
    CONFIG.with(Config::clone)
}

/// A proptest runner whose RNG returns `bytes` verbatim (then zeros).
fn pass_through(bytes: &[u8]) -> TestRunner {
    TestRunner::new_with_rng(
        runner_config(),
        TestRng::from_seed(RngAlgorithm::PassThrough, bytes),
    )
}

pub use dv_harness_generate::values::index;

/// Runs `draw` with a runner whose RNG is `rng`: the thread's runner with
/// its RNG replaced (a new runner per draw costs a copy of the
/// configuration and the runner's own state), or a new one when the
/// thread's is in use.
fn with_runner<R>(rng: TestRng, draw: impl FnOnce(&mut TestRunner) -> R) -> R {
    thread_local! {
        static RUNNER: RefCell<TestRunner> = RefCell::new(pass_through(&[]));
    }
    RUNNER.with(|r| match r.try_borrow_mut() {
        Ok(mut runner) => {
            *runner.rng() = rng;
            draw(&mut runner)
        }
        Err(_) => draw(&mut TestRunner::new_with_rng(runner_config(), rng)),
    })
}

impl ScalarChoice {
    /// The scalar.
    pub fn scalar(&self) -> Option<Scalar> {
        thread_local! {
            // A strategy is a pure description of how to draw values:
            // build it once per thread, not once per edit.
            static SCALAR: BoxedStrategy<Scalar> = scalar();
            // Drawn scalars by entropy. Drawing one costs tens of thousands
            // of instructions (proptest builds a lazy value tree, with a
            // runner of its own, for every arm of the string strategy's
            // union), and libFuzzer's mutants of an input mostly keep its
            // entropy bytes: the same entropy always draws the same scalar.
            static DRAWN: RefCell<HashMap<[u8; 24], Option<Scalar>>> = RefCell::new(HashMap::new());
        }
        if let Some(hit) = DRAWN.with(|d| d.borrow().get(&self.entropy).cloned()) {
            return hit;
        }
        let mut seed = [0u8; 32];
        seed[..24].copy_from_slice(&self.entropy);
        let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &seed);
        let drawn = with_runner(rng, |runner| {
            SCALAR.with(|strategy| strategy.new_tree(runner).ok().map(|t| t.current()))
        });
        DRAWN.with(|d| {
            let mut d = d.borrow_mut();
            if d.len() >= DRAWN_SCALARS {
                d.clear();
            }
            d.insert(self.entropy, drawn.clone());
        });
        drawn
    }
}

/// One edit: `what` picks the mutation (0-2 of 8: a rule's boundary edit),
/// `a`, `b`, `c` the rule/site/variant/item indexes, `value` a scalar.
///
/// ```
/// use dv_harness_oracles::fuzz::input::{EditChoice, ScalarChoice};
/// let e = EditChoice { what: 0, a: 1, b: 2, c: 3, value: ScalarChoice { entropy: [0; 24] } };
/// assert!(matches!(e.edit(), Some(dv_harness_generate::mutate::Edit::Boundary { .. })));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Arbitrary)]
pub struct EditChoice {
    /// Which mutation.
    pub what: u8,
    /// First index.
    pub a: u64,
    /// Second index.
    pub b: u64,
    /// Third index.
    pub c: u64,
    /// The scalar, for leaf changes, copies and keys.
    pub value: ScalarChoice,
}

impl EditChoice {
    /// The generation module's edit.
    pub fn edit(&self) -> Option<Edit> {
        let (a, b, c) = (index(self.a)?, index(self.b)?, index(self.c)?);
        Some(match self.what % 8 {
            0..=2 => Edit::Boundary {
                rule: a,
                variant: c,
                site: b,
            },
            3 => Edit::Leaf {
                site: a,
                scalar: self.value.scalar()?,
            },
            4 => Edit::Remove { site: a },
            5 => Edit::Zero { site: a },
            6 => match self.c % 3 {
                0 => Edit::Swap {
                    site: a,
                    a: b,
                    b: c,
                },
                1 => Edit::Duplicate {
                    site: a,
                    item: b,
                    change: None,
                },
                _ => Edit::Duplicate {
                    site: a,
                    item: b,
                    change: Some(self.value.scalar()?),
                },
            },
            _ => Edit::AddKey {
                site: a,
                key: self.value.scalar()?.text,
            },
        })
    }
}

/// An object: a seed (among those HV accepts, when `from_valid`) and edits.
///
/// ```
/// use dv_harness_oracles::fuzz::input::ObjectChoice;
/// let o = ObjectChoice { from_valid: true, seed: 0, edits: vec![] };
/// assert!(o.plan().edits.is_empty());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Arbitrary)]
pub struct ObjectChoice {
    /// Start from a seed HV accepts.
    pub from_valid: bool,
    /// Which seed.
    pub seed: u64,
    /// The edits (the first [`MAX_EDITS`] count).
    pub edits: Vec<EditChoice>,
}

impl ObjectChoice {
    fn edits(&self) -> Vec<Edit> {
        self.edits
            .iter()
            .take(MAX_EDITS)
            .filter_map(EditChoice::edit)
            .collect()
    }

    /// The generation module's object plan.
    pub fn plan(&self) -> ObjectPlan {
        ObjectPlan {
            from_valid: self.from_valid,
            seed: index(self.seed).unwrap_or_else(first_index),
            edits: self.edits(),
        }
    }
}

fn first_index() -> Index {
    // `index` only fails if proptest cannot build an `Index` at all; the
    // pass-through RNG of zeros always can.
    any::<Index>()
        .new_tree(&mut pass_through(&[]))
        .map(|t| t.current())
        .unwrap_or_else(|_| unreachable!("proptest builds an Index from zero bytes"))
}

/// A structured fuzz input: operation, subresource, gates, object and old
/// object.
///
/// ```
/// use arbitrary::Unstructured;
/// use dv_harness_oracles::fuzz::input::StructuredInput;
/// let input = StructuredInput::from_bytes(&[1; 64]).unwrap();
/// assert!(input.edit_count() <= 2 * dv_harness_oracles::fuzz::input::MAX_EDITS);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Arbitrary)]
pub struct StructuredInput {
    /// Create or update.
    pub operation: OperationChoice,
    /// Which subresource (for updates: root or one the kind serves).
    pub subresource: u64,
    /// Overrides of the Beta gate and the strategy's first options.
    pub gates: [GateChoice; GATE_SLOTS],
    /// The object (for updates: the edits from the old object to it).
    pub object: ObjectChoice,
    /// The old object (updates only).
    pub old_object: ObjectChoice,
}

impl StructuredInput {
    /// Decodes fuzz bytes (`arbitrary`'s encoding, consuming all of them).
    ///
    /// ```
    /// assert!(dv_harness_oracles::fuzz::input::StructuredInput::from_bytes(&[]).is_ok());
    /// ```
    pub fn from_bytes(data: &[u8]) -> arbitrary::Result<StructuredInput> {
        StructuredInput::arbitrary_take_rest(Unstructured::new(data))
    }

    /// The number of effective edits.
    pub fn edit_count(&self) -> usize {
        self.object.edits.len().min(MAX_EDITS) + self.old_object.edits.len().min(MAX_EDITS)
    }

    fn gates(&self) -> GatePlan {
        self.gates.iter().map(|g| g.state()).collect()
    }

    /// The case for a kind's generator: a create plan, or a one-step
    /// update sequence plan, realised by [`Generator`].
    ///
    /// ```
    /// use dv_harness_oracles::fuzz::input::StructuredInput;
    /// use dv_harness_generate::plan::Generator;
    /// use dv_harness_engine::engine::EngineSettings;
    /// let registry = dv_harness_kinds::registry().unwrap();
    /// let pair = registry.find("StorageClass", None).unwrap();
    /// let g = Generator::new(pair, EngineSettings::default(), &[]).unwrap();
    /// let case = StructuredInput::from_bytes(&[0; 32]).unwrap().case(&g);
    /// assert_eq!(case.operation, apimachinery::operation::Operation::Create);
    /// ```
    pub fn case(&self, generator: &Generator<'_>) -> Case<Value> {
        match self.operation {
            OperationChoice::Create => generator.create_case(&CreatePlan {
                object: self.object.plan(),
                gates: self.gates(),
            }),
            OperationChoice::Update => {
                let plan = UpdatePlan {
                    old: self.old_object.plan(),
                    steps: vec![UpdateStep {
                        edits: self.object.edits(),
                        subresource: index(self.subresource).unwrap_or_else(first_index),
                        gates: self.gates(),
                    }],
                    ratchet: None,
                };
                // One step gives exactly one case.
                let mut cases = generator.update_cases(&plan);
                cases.pop().unwrap_or_else(|| {
                    generator.create_case(&CreatePlan {
                        object: self.object.plan(),
                        gates: self.gates(),
                    })
                })
            }
        }
    }
}

impl StructuredInput {
    /// [`StructuredInput::case`] with its objects of the pair's type, realised
    /// by [`Generator::create_case_typed`] and [`Generator::update_case_typed`]
    /// (no JSON round trip of the object the engine validates): what the
    /// fuzz targets check. An error when an object does not deserialise.
    ///
    /// ```
    /// use dv_harness_oracles::fuzz::input::StructuredInput;
    /// use dv_harness_generate::plan::Generator;
    /// use dv_harness_engine::engine::EngineSettings;
    /// let registry = dv_harness_kinds::registry().unwrap();
    /// let pair = registry.find("ReplicationController", None).unwrap();
    /// let g = Generator::new(pair, EngineSettings::default(), &[]).unwrap();
    /// let input = StructuredInput::from_bytes(&[7; 200]).unwrap();
    /// let typed = input.typed_case(&g).unwrap();
    /// let json = input.case(&g);
    /// assert_eq!((typed.operation, &typed.subresource, &typed.gates), (json.operation, &json.subresource, &json.gates));
    /// ```
    pub fn typed_case(&self, generator: &Generator<'_>) -> Result<Case<TypedObject>, CaseProblem> {
        match self.operation {
            OperationChoice::Create => generator.create_case_typed(&CreatePlan {
                object: self.object.plan(),
                gates: self.gates(),
            }),
            OperationChoice::Update => generator.update_case_typed(
                &self.old_object.plan(),
                &UpdateStep {
                    edits: self.object.edits(),
                    subresource: index(self.subresource).unwrap_or_else(first_index),
                    gates: self.gates(),
                },
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dv_harness_engine::engine::EngineSettings;

    #[test]
    fn index_is_the_raw_value() {
        let i = index(u64::MAX / 2 + 1).unwrap();
        assert_eq!(i.index(10), 5);
        assert_eq!(index(0).unwrap().index(7), 0);
    }

    #[test]
    fn boundary_edits_are_three_in_eight() {
        let n = (0u8..8)
            .filter(|w| {
                let e = EditChoice {
                    what: *w,
                    a: 1,
                    b: 2,
                    c: 3,
                    value: ScalarChoice { entropy: [1; 24] },
                };
                matches!(e.edit(), Some(Edit::Boundary { .. }))
            })
            .count();
        assert_eq!(n, 3);
    }

    #[test]
    fn update_inputs_realise_updates_on_served_subresources() {
        let registry = dv_harness_kinds::registry().unwrap();
        let pair = registry.find("ReplicationController", None).unwrap();
        let g = Generator::new(pair, EngineSettings::default(), &[]).unwrap();
        let mut subs = std::collections::BTreeSet::new();
        for s in [0u64, u64::MAX / 3 + 1, u64::MAX] {
            let input = StructuredInput {
                operation: OperationChoice::Update,
                subresource: s,
                gates: [GateChoice::Default; GATE_SLOTS],
                object: ObjectChoice {
                    from_valid: true,
                    seed: 0,
                    edits: vec![],
                },
                old_object: ObjectChoice {
                    from_valid: true,
                    seed: 0,
                    edits: vec![],
                },
            };
            let case = input.case(&g);
            assert!(case.old_object.is_some());
            subs.insert(case.subresource);
        }
        assert!(subs.len() > 1, "{subs:?}");
    }

    #[test]
    fn the_thread_runner_draws_what_a_new_runner_draws() {
        let strategy = scalar();
        for i in 0u8..200 {
            let mut seed = [i; 32];
            seed[1] = i.wrapping_mul(91);
            let rng = || TestRng::from_seed(RngAlgorithm::ChaCha, &seed);
            let reused = with_runner(rng(), |r| strategy.new_tree(r).unwrap().current());
            let mut fresh = TestRunner::new_with_rng(Config::default(), rng());
            assert_eq!(reused, strategy.new_tree(&mut fresh).unwrap().current());
        }
    }

    #[test]
    fn a_memoised_scalar_is_the_drawn_one() {
        let choices: Vec<ScalarChoice> = (0u8..64)
            .map(|i| ScalarChoice {
                entropy: [i.wrapping_mul(37); 24],
            })
            .collect();
        let first: Vec<Option<Scalar>> = choices.iter().map(ScalarChoice::scalar).collect();
        // Drawn again: from the memo, and from an empty one on another thread.
        let again: Vec<Option<Scalar>> = choices.iter().map(ScalarChoice::scalar).collect();
        let fresh = std::thread::spawn(move || {
            choices.iter().map(ScalarChoice::scalar).collect::<Vec<_>>()
        })
        .join()
        .unwrap();
        assert_eq!(first, again);
        assert_eq!(first, fresh);
        assert!(first.iter().all(Option::is_some));
        let distinct: std::collections::HashSet<String> =
            first.iter().flatten().map(|s| s.text.clone()).collect();
        assert!(distinct.len() > 1);
    }

    #[test]
    fn gates_become_overrides() {
        let registry = dv_harness_kinds::registry().unwrap();
        let pair = registry.find("StorageClass", None).unwrap();
        let g = Generator::new(pair, EngineSettings::default(), &[]).unwrap();
        let mut input = StructuredInput::from_bytes(&[]).unwrap();
        input.gates[0] = GateChoice::On;
        let case = input.case(&g);
        assert_eq!(case.gates.values().next(), Some(&true));
    }
}
