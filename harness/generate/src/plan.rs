//! Case plans and the per-kind [`Generator`] that turns them into cases.
//!
//! A plan is what proptest generates and shrinks: which seed, which
//! edits, which gates, which subresource. It is independent of the kind
//! (indexes are resolved against the kind's seeds and rules when the plan
//! is realised), so one strategy serves every registered pair.
//!
//! - create: a seed (valid with probability 3/4) with 0-3 edits;
//! - update sequence: an old object (a seed with 0-2 edits: valid or
//!   invalid), then 1-2 updates, each unchanged or with 1-3 edits (one
//!   field changed, list items added/removed/reordered/modified, map keys
//!   added/removed, boundary values: immutability, update constraints and
//!   ratcheting), on the root or one of the kind's subresources; each
//!   update's new object is the next update's old object;
//! - ratcheting update sequence (a quarter of the update plans): the stored
//!   object carries a boundary value of one rule (usually outside its
//!   bound: stored data that today's rules reject) and every update keeps
//!   the rule's values unchanged while changing nothing, other fields, or
//!   the list around a kept item (an item added before it, the list
//!   reordered), so ratcheting is exercised on every rule, including the
//!   correlation of moved list items by key or value (see
//!   [`RatchetChange`] and [`super::target::RatchetSchedule`]).

use super::boundary::distinct;
use super::corpus::CorpusFile;
use super::mutate::{Edit, Model, apply_edits, apply_one_by_one, edit};
use super::path::{
    Location, Pattern, Segment, Step, evaluation_sites, get, get_mut, remove, select, set,
};
use super::repair::{repaired, repaired_after, repaired_typed, repaired_typed_after};
use super::scratch::SeedCopies;
use super::seed_objects::SeedObjects;
use super::target::{Ratchet, Target};
use apimachinery::validate::UpdateConstraint;
use dv_harness_engine::case::{Case, CaseProblem, parse_case};
use dv_harness_engine::engine::EngineSettings;
use dv_harness_engine::lifecycle::DECLARATIVE_VALIDATION_BETA;
use dv_harness_engine::pair::{Checked, DynPair, TypedObject};
use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::Value;

/// How many gates a plan can flip (the Beta gate and the first strategy options).
pub const GATE_SLOTS: usize = 4;

/// The object part of a plan: a seed and edits.
///
/// ```
/// use proptest::strategy::{Strategy, ValueTree};
/// let mut runner = proptest::test_runner::TestRunner::deterministic();
/// let p = dv_harness_generate::plan::object_plan(3).new_tree(&mut runner).unwrap().current();
/// assert!(p.edits.len() <= 3);
/// ```
#[derive(Debug, Clone)]
pub struct ObjectPlan {
    /// Pick among the valid seeds (when there are any).
    pub from_valid: bool,
    /// Which seed.
    pub seed: Index,
    /// The edits applied to it.
    pub edits: Vec<Edit>,
}

/// Gate overrides by slot: `None` keeps the default.
pub type GatePlan = Vec<Option<bool>>;

/// A create case plan.
#[derive(Debug, Clone)]
pub struct CreatePlan {
    /// The object.
    pub object: ObjectPlan,
    /// Gate overrides.
    pub gates: GatePlan,
}

/// One update of a sequence.
#[derive(Debug, Clone)]
pub struct UpdateStep {
    /// The edits from the old object to the new one (none: unchanged).
    pub edits: Vec<Edit>,
    /// Which subresource (root or one the kind serves).
    pub subresource: Index,
    /// Gate overrides.
    pub gates: GatePlan,
}

/// An update sequence plan: the stored object, then 1-2 updates.
#[derive(Debug, Clone)]
pub struct UpdatePlan {
    /// The stored object.
    pub old: ObjectPlan,
    /// The updates, in order.
    pub steps: Vec<UpdateStep>,
    /// Make it a ratcheting sequence (`None`: an ordinary one).
    pub ratchet: Option<RatchetPlan>,
}

/// What a ratcheting update changes while it keeps the rule's values of
/// the stored object unchanged.
///
/// ```
/// use dv_harness_generate::plan::RatchetChange;
/// assert!(RatchetChange::Reordered.moves_items());
/// assert!(!RatchetChange::Elsewhere.moves_items());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RatchetChange {
    /// Nothing: the new object is the stored one.
    Nothing,
    /// The step's own edits, the rule's values restored afterwards.
    Elsewhere,
    /// The step's edits and, in the list holding a kept item, another
    /// item inserted before it (the kept item's index shifts).
    ItemAdded,
    /// The step's edits and the list holding a kept item reversed (with a
    /// single item: another item inserted before it).
    Reordered,
}

impl RatchetChange {
    /// Every change, in schedule order.
    ///
    /// ```
    /// assert_eq!(dv_harness_generate::plan::RatchetChange::ALL.len(), 4);
    /// ```
    pub const ALL: [RatchetChange; 4] = [
        RatchetChange::Nothing,
        RatchetChange::Elsewhere,
        RatchetChange::ItemAdded,
        RatchetChange::Reordered,
    ];

    /// The changes that move no list item ([`RatchetChange::moves_items`]
    /// false), in schedule order: what a rule outside any list can use.
    ///
    /// ```
    /// use dv_harness_generate::plan::RatchetChange;
    /// assert!(RatchetChange::IN_PLACE.iter().all(|c| !c.moves_items()));
    /// ```
    pub const IN_PLACE: [RatchetChange; 2] = {
        let mut out = [RatchetChange::Nothing; 2];
        let (mut i, mut n) = (0, 0);
        while i < RatchetChange::ALL.len() {
            if !RatchetChange::ALL[i].moves_items() {
                out[n] = RatchetChange::ALL[i];
                n += 1;
            }
            i += 1;
        }
        assert!(
            n == out.len(),
            "IN_PLACE must hold every change that moves no item"
        );
        out
    };

    /// Whether the change moves list items (meaningful only for rules
    /// under a list).
    pub const fn moves_items(self) -> bool {
        matches!(self, RatchetChange::ItemAdded | RatchetChange::Reordered)
    }
}

/// A ratcheting sequence: which rule's boundary value the stored object
/// carries ([`Model::edits`] index and action, resolved against the kind)
/// and what the updates change around it.
#[derive(Debug, Clone)]
pub struct RatchetPlan {
    /// Which rule edits.
    pub rule: Index,
    /// Which of its actions.
    pub variant: Index,
    /// What the updates change.
    pub change: RatchetChange,
}

/// Object plans with up to `max_edits` edits.
pub fn object_plan(max_edits: usize) -> impl Strategy<Value = ObjectPlan> + Clone {
    (
        prop::bool::weighted(0.75),
        any::<Index>(),
        prop::collection::vec(edit(), 0..=max_edits),
    )
        .prop_map(|(from_valid, seed, edits)| ObjectPlan {
            from_valid,
            seed,
            edits,
        })
}

fn gate_plan() -> impl Strategy<Value = GatePlan> + Clone {
    prop::collection::vec(
        prop_oneof![2 => Just(None), 1 => Just(Some(true)), 1 => Just(Some(false))],
        GATE_SLOTS,
    )
}

/// Create plans.
///
/// ```
/// use proptest::strategy::{Strategy, ValueTree};
/// let mut runner = proptest::test_runner::TestRunner::deterministic();
/// let p = dv_harness_generate::plan::create_plan().new_tree(&mut runner).unwrap().current();
/// assert_eq!(p.gates.len(), dv_harness_generate::plan::GATE_SLOTS);
/// ```
pub fn create_plan() -> BoxedStrategy<CreatePlan> {
    (object_plan(3), gate_plan())
        .prop_map(|(object, gates)| CreatePlan { object, gates })
        .boxed()
}

/// Update sequence plans.
///
/// ```
/// use proptest::strategy::{Strategy, ValueTree};
/// let mut runner = proptest::test_runner::TestRunner::deterministic();
/// let p = dv_harness_generate::plan::update_plan().new_tree(&mut runner).unwrap().current();
/// assert!((1..=2).contains(&p.steps.len()));
/// ```
pub fn update_plan() -> BoxedStrategy<UpdatePlan> {
    let step = (
        prop::collection::vec(edit(), 0..=3),
        any::<Index>(),
        gate_plan(),
    )
        .prop_map(|(edits, subresource, gates)| UpdateStep {
            edits,
            subresource,
            gates,
        });
    let ratchet = prop_oneof![
        3 => Just(None),
        1 => (
            any::<Index>(),
            any::<Index>(),
            prop::sample::select(RatchetChange::ALL.to_vec()),
        )
            .prop_map(|(rule, variant, change)| Some(RatchetPlan {
                rule,
                variant,
                change
            })),
    ];
    (object_plan(2), prop::collection::vec(step, 1..=2), ratchet)
        .prop_map(|(old, steps, ratchet)| UpdatePlan {
            old,
            steps,
            ratchet,
        })
        .boxed()
}

/// The JSON paths a subresource's request carries into the stored object
/// (`None`: the whole object). A `/scale` update carries only the desired
/// replica count: the API server reads the stored object, sets
/// `spec.replicas` from the `Scale` and validates the result (the
/// `specReplicasPath` of every built-in scalable kind).
///
/// ```
/// use dv_harness_generate::plan::subresource_projection;
/// assert_eq!(subresource_projection("/scale"), Some(&["spec", "replicas"][..]));
/// assert_eq!(subresource_projection("/status"), None);
/// ```
pub fn subresource_projection(subresource: &str) -> Option<&'static [&'static str]> {
    match subresource {
        "/scale" => Some(&["spec", "replicas"]),
        _ => None,
    }
}

/// The new object of an update through `subresource`: the edited object
/// when the subresource carries the whole object, else the old object
/// with only the projected field taken from the edited one. Objects
/// without the projected field's parent are taken as edited.
fn projected(subresource: &str, old: &Value, edited: Value) -> Value {
    let Some(path) = subresource_projection(subresource) else {
        return edited;
    };
    let Some((leaf, parents)) = path.split_last() else {
        return edited;
    };
    // A type without the projected field's parent is not the subresource's
    // stored object (a fixture validating the request type itself).
    let mut parent = Some(old);
    for p in parents {
        parent = parent.and_then(|v| v.get(*p));
    }
    if !parent.is_some_and(Value::is_object) {
        return edited;
    }
    let mut new = old.clone();
    let mut from = Some(&edited);
    let mut to = &mut new;
    for p in parents {
        from = from.and_then(|v| v.get(*p));
        if !to.get(*p).is_some_and(Value::is_object) {
            if let Value::Object(m) = to {
                m.insert((*p).to_string(), Value::Object(serde_json::Map::new()));
            } else {
                return old.clone();
            }
        }
        match to.get_mut(*p) {
            Some(next) => to = next,
            None => return old.clone(),
        }
    }
    if let Value::Object(m) = to {
        match from.and_then(|v| v.get(*leaf)) {
            Some(v) => {
                m.insert((*leaf).to_string(), v.clone());
            }
            None => {
                m.shift_remove(*leaf);
            }
        }
    }
    new
}

/// [`projected`] made on the old object in place: `old` becomes the new
/// object when the old object has the projected field's parent (returns
/// whether that changed it), else it is left as it is (`None`: the new
/// object is the edited one).
fn project_in_place(path: &[&str], old: &mut Value, edited: &Value) -> Option<bool> {
    let (leaf, parents) = path.split_last()?;
    let mut parent = Some(&mut *old);
    let mut from = Some(edited);
    for p in parents {
        parent = parent.and_then(|v| v.get_mut(*p));
        from = from.and_then(|v| v.get(*p));
    }
    let Some(Value::Object(m)) = parent else {
        return None;
    };
    let taken = from.and_then(|v| v.get(*leaf));
    if m.get(*leaf) == taken {
        return Some(false);
    }
    match taken {
        Some(v) => {
            m.insert((*leaf).to_string(), v.clone());
        }
        None => {
            m.shift_remove(*leaf);
        }
    }
    Some(true)
}

/// The values at a rule's sites in `obj`: for a field rule, the field under
/// each parent the rule is evaluated at (`None`: absent); for a rule on
/// list items, the items.
fn kept_sites(obj: &Value, pattern: &Pattern) -> Vec<(Location, Option<Value>)> {
    let last = match pattern.segments().last() {
        Some(Segment::Field(name)) => Some(name.clone()),
        _ => None,
    };
    evaluation_sites(obj, pattern)
        .into_iter()
        .map(|mut loc| {
            if let Some(name) = &last {
                loc.push(Step::Key(name.clone()));
            }
            let value = get(obj, &loc).cloned();
            (loc, value)
        })
        .collect()
}

/// Puts a kept value back at its location (removes it when it was absent),
/// when the location's parent still exists.
fn restore(obj: &mut Value, loc: &[Step], value: Option<&Value>) {
    let Some((_, parent)) = loc.split_last() else {
        return;
    };
    if !get(obj, parent).is_some_and(|p| p.is_object() || p.is_array()) {
        return;
    }
    match value {
        Some(v) => {
            if get(obj, loc) != Some(v) {
                set(obj, loc, v.clone());
            }
        }
        None => {
            remove(obj, loc);
        }
    }
}

/// Where the stored object of a typed update's realisation is.
enum Stored {
    /// Seed `.0` as it is (its working copy is the base of the new object).
    Seed(usize),
    /// This JSON (canonical).
    Json(Value),
}

/// The edited object of an update, before it is projected onto the
/// subresource.
enum Edited {
    /// Round-trip output: the canonical JSON of an object of the kind.
    Canonical(Value),
    /// Changed after its last round trip (kept values restored, list items
    /// moved): repaired before use.
    Changed(Value),
}

/// Why a kind cannot be generated for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// No corpus object deserialises, nor does an empty object.
    #[error("{kind}: no seed object (no corpus case deserialises, nor does an empty object)")]
    NoSeed {
        /// The kind.
        kind: String,
    },
}

/// Generates cases for one pair: its seeds (canonical JSON, valid ones
/// marked), its mutation model, the gates it may flip and the
/// subresources it serves.
///
/// ```
/// use dv_harness_generate::plan::Generator;
/// use dv_harness_engine::engine::EngineSettings;
/// use dv_harness_engine::pair::FnPair;
/// use apimachinery::{field::ErrorList, operation::Context};
/// #[derive(Clone, Default, serde::Serialize, serde::Deserialize, PartialEq, apimachinery::Validate)]
/// struct T {
///     /// +k8s:optional
///     /// +k8s:minimum=0
///     #[serde(default)]
///     n: i32,
/// }
/// fn hv(_: &Context, _: &T, _: Option<&T>) -> ErrorList { ErrorList::new() }
/// fn prep(_: &Context, _: &mut T, _: Option<&T>) {}
/// let pair = FnPair::new("v1", "T", hv, prep, &[]);
/// let g = Generator::new(&pair, EngineSettings::default(), &[]).unwrap();
/// assert_eq!(g.seeds().len(), 1);
/// ```
pub struct Generator<'p> {
    pair: &'p dyn DynPair,
    settings: EngineSettings,
    model: Model,
    seeds: Vec<Value>,
    copies: SeedCopies,
    objects: SeedObjects,
    valid: Vec<usize>,
    gates: Vec<String>,
    subresources: Vec<String>,
    settable: Vec<Pattern>,
}

impl<'p> Generator<'p> {
    /// A generator seeded from corpus files of the pair's kind (objects and
    /// old objects that deserialise); with none, from an empty object.
    pub fn new(
        pair: &'p dyn DynPair,
        settings: EngineSettings,
        corpus: &[CorpusFile],
    ) -> Result<Generator<'p>, GenerateError> {
        let mut seeds: Vec<Value> = Vec::new();
        let add = |v: &Value, seeds: &mut Vec<Value>| {
            if let Ok(c) = repaired(pair, v)
                && !seeds.contains(&c)
            {
                seeds.push(c);
            }
        };
        for file in corpus {
            if let Ok(case) = parse_case::<Value>(&file.text) {
                add(&case.object, &mut seeds);
                if let Some(old) = &case.old_object {
                    add(old, &mut seeds);
                }
            }
        }
        if seeds.is_empty() {
            add(
                &serde_json::json!({"apiVersion": pair.api_version(), "kind": pair.kind()}),
                &mut seeds,
            );
            add(&serde_json::json!({}), &mut seeds);
        }
        if seeds.is_empty() {
            return Err(GenerateError::NoSeed {
                kind: pair.kind().to_string(),
            });
        }
        let valid = seeds
            .iter()
            .enumerate()
            .filter(|(_, s)| {
                pair.check_json(&Case::create((*s).clone()), &settings)
                    .is_ok_and(|c| {
                        c.outcome.handwritten.errors.is_empty()
                            && c.outcome.handwritten.panic.is_none()
                    })
            })
            .map(|(i, _)| i)
            .collect();
        let model = Model::new(pair.rules(), &seeds);
        let mut gates = vec![DECLARATIVE_VALIDATION_BETA.to_string()];
        gates.extend(pair.strategy().options.into_iter().map(|(n, _)| n));
        let mut subresources = vec![String::new()];
        subresources.extend(pair.subresources().iter().map(|s| s.to_string()));
        let settable = pair
            .rules()
            .iter()
            .filter(|r| {
                matches!(
                    r.params,
                    apimachinery::rule::RuleParams::Update(UpdateConstraint::NoModify)
                )
            })
            .map(|r| Pattern::parse(r.path))
            .collect();
        Ok(Generator {
            pair,
            settings,
            model,
            copies: SeedCopies::new(&seeds),
            objects: SeedObjects::default(),
            seeds,
            valid,
            gates,
            subresources,
            settable,
        })
    }

    /// The generator with its seeds deserialised once into `T`, the pair's
    /// type ([`SeedObjects`]): the typed realisation
    /// ([`Generator::create_case_typed`], [`Generator::update_case_typed`])
    /// then clones a seed it uses as it is instead of deserialising it, and
    /// edits the new object of an update from an unedited seed on the
    /// seed's working copy. The cases are the same; with another `T` than
    /// the pair's type nothing changes.
    ///
    /// ```
    /// use dv_harness_generate::plan::{Generator, update_plan};
    /// use dv_harness_engine::engine::EngineSettings;
    /// use proptest::strategy::{Strategy, ValueTree};
    /// type Rc = declarative::api::core::v1::ReplicationController;
    /// let registry = dv_harness_kinds::registry().unwrap();
    /// let pair = registry.find("ReplicationController", None).unwrap();
    /// let plain = Generator::new(pair, EngineSettings::default(), &[]).unwrap();
    /// let typed = Generator::new(pair, EngineSettings::default(), &[]).unwrap().with_seed_objects::<Rc>();
    /// let mut runner = proptest::test_runner::TestRunner::deterministic();
    /// let plan = update_plan().new_tree(&mut runner).unwrap().current();
    /// let [a, b] = [&plain, &typed].map(|g| g.update_case_typed(&plan.old, &plan.steps[0]).unwrap());
    /// let rc = |t: dv_harness_engine::pair::TypedObject| t.into_inner::<Rc>().unwrap();
    /// assert_eq!(rc(a.object), rc(b.object));
    /// assert_eq!(a.old_object.map(rc), b.old_object.map(rc));
    /// ```
    pub fn with_seed_objects<T: Clone + Send + Sync + 'static>(mut self) -> Generator<'p> {
        self.objects = SeedObjects::of::<T>(self.pair, &self.seeds);
        self
    }

    /// The pair.
    pub fn pair(&self) -> &'p dyn DynPair {
        self.pair
    }

    /// Seed `seed` as an object of the pair's type: a copy of its object
    /// when the generator has them, else deserialised.
    fn seed_typed(&self, seed: usize) -> Result<TypedObject, CaseProblem> {
        match self.objects.object(seed) {
            Some(object) => Ok(object),
            None => self.pair.typed(&self.seeds[seed]),
        }
    }

    /// The seed objects (canonical JSON).
    pub fn seeds(&self) -> &[Value] {
        &self.seeds
    }

    /// How many seeds the hand-written validator accepts on create.
    pub fn valid_seeds(&self) -> usize {
        self.valid.len()
    }

    /// The mutation model.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The engine settings cases are checked with.
    pub fn settings(&self) -> &EngineSettings {
        &self.settings
    }

    /// The index of the seed an object plan starts from.
    fn seed_index(&self, plan: &ObjectPlan) -> usize {
        if plan.from_valid && !self.valid.is_empty() {
            self.valid[plan.seed.index(self.valid.len())]
        } else {
            plan.seed.index(self.seeds.len())
        }
    }

    /// What `read` makes of seed `seed` with every edit that applies
    /// (`None` when none does): the object [`Generator::edited`] copies,
    /// edited on the seed's working copy instead of a copy of the seed.
    fn on_edited_seed<R>(
        &self,
        seed: usize,
        edits: &[Edit],
        read: impl FnOnce(&Value) -> R,
    ) -> Option<R> {
        if edits.is_empty() {
            return None;
        }
        self.copies.with_edited(
            &self.seeds,
            seed,
            |v| edits.iter().filter(|e| e.apply(v, &self.model)).count() > 0,
            read,
        )
    }

    /// The object of a plan: [`Generator::mutate`] of its seed, the seed
    /// edited on its working copy (the edited object round-tripped, else
    /// repaired, else the edits one by one: what [`apply_edits`] does).
    fn object(&self, plan: &ObjectPlan) -> Value {
        let seed = self.seed_index(plan);
        let base = &self.seeds[seed];
        let edited = self.on_edited_seed(seed, &plan.edits, |v| {
            self.pair
                .roundtrip(v)
                .or_else(|problem| repaired_after(self.pair, v, problem))
        });
        match edited {
            None => base.clone(),
            Some(Ok(canonical)) => canonical,
            Some(Err(_)) => {
                apply_one_by_one(base, &plan.edits, &self.model, |v| repaired(self.pair, v)).0
            }
        }
    }

    /// The object of a plan of the pair's type, edited on its seed's
    /// working copy: when the edits together give an object that
    /// deserialises, that object (not its canonical JSON deserialised
    /// again); otherwise (repairs, edit by edit, no edit applies) the
    /// canonical JSON [`Generator::mutate`] gives, deserialised.
    fn object_typed(&self, plan: &ObjectPlan) -> Result<TypedObject, CaseProblem> {
        let seed = self.seed_index(plan);
        let base = &self.seeds[seed];
        let edited = self.on_edited_seed(seed, &plan.edits, |v| {
            self.pair
                .typed(v)
                .or_else(|problem| repaired_typed_after(self.pair, v, problem))
        });
        match edited {
            None => self.seed_typed(seed),
            Some(Ok(typed)) => Ok(typed),
            // Neither as it is nor repaired: edit by edit.
            Some(Err(_)) => self
                .pair
                .typed_from(self.mutate_by_steps(base, &plan.edits)),
        }
    }

    /// The stored object of a one-update plan (the old object's plan made
    /// ready for the update's `edits`, see [`Generator::prepare_old`]) as an
    /// object of the pair's type, and where its JSON is: the seed as it is
    /// (no edit of the plan applies and preparing changes nothing), or its
    /// canonical JSON, from one deserialisation when the edited seed
    /// deserialises as it is.
    fn stored_typed(
        &self,
        plan: &ObjectPlan,
        edits: &[Edit],
    ) -> Result<(Stored, TypedObject), CaseProblem> {
        let seed = self.seed_index(plan);
        let base = &self.seeds[seed];
        let (json, typed) =
            match self.on_edited_seed(seed, &plan.edits, |v| match self.pair.typed_roundtrip(v) {
                Ok((typed, canonical)) => Ok((canonical, Some(typed))),
                Err(problem) => repaired_after(self.pair, v, problem).map(|c| (c, None)),
            }) {
                Some(Ok(realised)) => realised,
                // As `mutate`, then `apply_edits`, go on.
                Some(Err(_)) => (
                    apply_one_by_one(base, &plan.edits, &self.model, |v| repaired(self.pair, v)).0,
                    None,
                ),
                None => {
                    return match self.prepared(base, edits, None) {
                        None => Ok((Stored::Seed(seed), self.seed_typed(seed)?)),
                        Some(prepared) => {
                            let typed = self.pair.typed(&prepared)?;
                            Ok((Stored::Json(prepared), typed))
                        }
                    };
                }
            };
        let (json, changed) = self.prepare_old_changed(json, edits, None);
        match typed {
            Some(typed) if !changed => Ok((Stored::Json(json), typed)),
            _ => {
                let typed = self.pair.typed(&json)?;
                Ok((Stored::Json(json), typed))
            }
        }
    }

    /// The stored object's JSON ([`Generator::stored_typed`]) as a value.
    fn stored_json(&self, stored: Stored) -> Value {
        match stored {
            Stored::Seed(seed) => self.seeds[seed].clone(),
            Stored::Json(json) => json,
        }
    }

    /// The object of the pair's type that the edits give `base` once the
    /// edited object did not deserialise as it is: the edited object
    /// repaired, else edit by edit (as [`Generator::mutate`] goes on).
    fn typed_repaired(&self, base: &Value, edits: &[Edit]) -> Result<TypedObject, CaseProblem> {
        if let Some(edited) = self.edited(base, edits)
            && let Ok(typed) = repaired_typed(self.pair, &edited)
        {
            return Ok(typed);
        }
        // Neither deserialised: `mutate`'s own first try would fail the
        // same way, so go straight to its edit-by-edit route.
        self.pair.typed_from(self.mutate_by_steps(base, edits))
    }

    /// The create case of a plan with its object of the pair's type: the
    /// case [`Generator::create_case`] gives, without the edited object's
    /// JSON round trip (for an engine that takes typed objects, e.g.
    /// [`dv_harness_engine::pair::JsonEngine::check_typed_verdict`]).
    ///
    /// ```
    /// use dv_harness_generate::plan::{Generator, create_plan};
    /// use dv_harness_engine::engine::EngineSettings;
    /// use proptest::strategy::{Strategy, ValueTree};
    /// let registry = dv_harness_kinds::registry().unwrap();
    /// let pair = registry.find("ReplicationController", None).unwrap();
    /// let g = Generator::new(pair, EngineSettings::default(), &[]).unwrap();
    /// let mut runner = proptest::test_runner::TestRunner::deterministic();
    /// let plan = create_plan().new_tree(&mut runner).unwrap().current();
    /// let typed = g.create_case_typed(&plan).unwrap();
    /// let rc: declarative::api::core::v1::ReplicationController = typed.object.into_inner().unwrap();
    /// assert_eq!(serde_json::to_value(&rc).unwrap(), g.create_case(&plan).object);
    /// ```
    pub fn create_case_typed(&self, plan: &CreatePlan) -> Result<Case<TypedObject>, CaseProblem> {
        let object = self.object_typed(&plan.object)?;
        let mut case = Case::create(object);
        self.gates(&plan.gates, &mut case);
        Ok(case)
    }

    /// The case of a one-update sequence plan (`old`, then `step`, no
    /// ratchet) with its objects of the pair's type: the case
    /// [`Generator::update_cases`] gives for that plan, without the new
    /// object's JSON round trip when the subresource writes the whole
    /// object.
    ///
    /// ```
    /// use dv_harness_generate::plan::{Generator, update_plan};
    /// use dv_harness_engine::engine::EngineSettings;
    /// use proptest::strategy::{Strategy, ValueTree};
    /// let registry = dv_harness_kinds::registry().unwrap();
    /// let pair = registry.find("ReplicationController", None).unwrap();
    /// let g = Generator::new(pair, EngineSettings::default(), &[]).unwrap();
    /// let mut runner = proptest::test_runner::TestRunner::deterministic();
    /// let mut plan = update_plan().new_tree(&mut runner).unwrap().current();
    /// plan.steps.truncate(1);
    /// plan.ratchet = None;
    /// let typed = g.update_case_typed(&plan.old, &plan.steps[0]).unwrap();
    /// let json = g.update_cases(&plan).remove(0);
    /// let rc: declarative::api::core::v1::ReplicationController = typed.object.into_inner().unwrap();
    /// assert_eq!(serde_json::to_value(&rc).unwrap(), json.object);
    /// assert_eq!(typed.subresource, json.subresource);
    /// ```
    pub fn update_case_typed(
        &self,
        old: &ObjectPlan,
        step: &UpdateStep,
    ) -> Result<Case<TypedObject>, CaseProblem> {
        let sub = self.subresource_for(step);
        if let Some(path) = subresource_projection(sub) {
            return self.projected_case_typed(old, step, sub, path);
        }
        // As `update_case` with a canonical new object: written as it is.
        // The stored object's JSON is needed only as the base of the new
        // one: the edits change it in place (a seed's on its working copy).
        let (stored_json, stored) = self.stored_typed(old, &step.edits)?;
        let mut edited = match stored_json {
            Stored::Seed(seed) => {
                let new = self.new_from_seed(seed, &step.edits)?;
                let mut case = Case::update(new, stored).subresource(sub);
                self.gates(&step.gates, &mut case);
                return Ok(case);
            }
            Stored::Json(json) => json,
        };
        let new = if step.edits.is_empty() {
            self.pair.typed_from(edited)?
        } else {
            let applied = step
                .edits
                .iter()
                .filter(|e| e.apply(&mut edited, &self.model))
                .count();
            match (applied > 0).then(|| self.pair.typed_from(edited)) {
                Some(Ok(typed)) => typed,
                // No edit applied (an edit that does not apply may still
                // have changed the object) or the result needs repairs:
                // from the stored object again (realised anew).
                _ => {
                    let base = self.prepare_old(self.object(old), &step.edits, None);
                    if applied == 0 {
                        self.pair.typed(&base)?
                    } else {
                        self.typed_repaired(&base, &step.edits)?
                    }
                }
            }
        };
        let mut case = Case::update(new, stored).subresource(sub);
        self.gates(&step.gates, &mut case);
        Ok(case)
    }

    /// The new object of an update whose stored object is seed `seed` as it
    /// is (see [`Generator::update_case_typed`]): the seed with `edits`,
    /// edited on its working copy; the seed itself when there are none or
    /// none applies; repaired, else edit by edit, when the edited seed does
    /// not deserialise.
    fn new_from_seed(&self, seed: usize, edits: &[Edit]) -> Result<TypedObject, CaseProblem> {
        let edited = self.on_edited_seed(seed, edits, |v| {
            self.pair
                .typed(v)
                .or_else(|problem| repaired_typed_after(self.pair, v, problem))
        });
        match edited {
            None => self.seed_typed(seed),
            Some(Ok(typed)) => Ok(typed),
            Some(Err(_)) => self
                .pair
                .typed_from(self.mutate_by_steps(&self.seeds[seed], edits)),
        }
    }

    /// [`Generator::update_case_typed`] through a subresource that writes
    /// only `path` ([`subresource_projection`]): as `update_case` with a
    /// canonical edited object, the new object the stored one with the
    /// projected field taken from the edited one (made in place: the
    /// stored object is typed from its round trip).
    fn projected_case_typed(
        &self,
        old: &ObjectPlan,
        step: &UpdateStep,
        sub: &str,
        path: &[&str],
    ) -> Result<Case<TypedObject>, CaseProblem> {
        let (stored_json, stored) = self.stored_typed(old, &step.edits)?;
        let mut new = self.stored_json(stored_json);
        let edited = self.mutate(&new, &step.edits);
        let new = match project_in_place(path, &mut new, &edited) {
            Some(false) => self.pair.typed_from(new)?,
            Some(true) => match repaired(self.pair, &new) {
                Ok(repaired) => self.pair.typed_from(repaired)?,
                // The stored object unchanged (realised anew).
                Err(_) => {
                    self.pair
                        .typed_from(self.prepare_old(self.object(old), &step.edits, None))?
                }
            },
            // A type without the projected field's parent: the edited object.
            None if edited == new => self.pair.typed_from(edited)?,
            None => match repaired(self.pair, &edited) {
                Ok(repaired) => self.pair.typed_from(repaired)?,
                Err(_) => self.pair.typed_from(new)?,
            },
        };
        let mut case = Case::update(new, stored).subresource(sub);
        self.gates(&step.gates, &mut case);
        Ok(case)
    }

    /// Applies edits to an object, keeping those whose result deserialises.
    pub fn mutate(&self, base: &Value, edits: &[Edit]) -> Value {
        // Most edited objects deserialise as they are: round-trip the edited
        // copy itself (its strings moved, not copied). Otherwise (repairs,
        // edit by edit, no edit applies) `apply_edits` from the start.
        if let Some(edited) = self.edited(base, edits)
            && let Ok(canonical) = self.pair.roundtrip_from(edited)
        {
            return canonical;
        }
        self.mutate_by_steps(base, edits)
    }

    /// [`Generator::mutate`]'s route when the edited copy does not
    /// deserialise as it is: [`apply_edits`], repairing, edit by edit.
    fn mutate_by_steps(&self, base: &Value, edits: &[Edit]) -> Value {
        apply_edits(base, edits, &self.model, |v| repaired(self.pair, v)).0
    }

    /// A copy of `base` with every edit that applies, `None` when none
    /// does: the object [`apply_edits`] round-trips first.
    fn edited(&self, base: &Value, edits: &[Edit]) -> Option<Value> {
        if edits.is_empty() {
            return None;
        }
        let mut all = base.clone();
        let applied = edits
            .iter()
            .filter(|e| e.apply(&mut all, &self.model))
            .count();
        (applied > 0).then_some(all)
    }

    /// One update of a sequence: the edited object projected onto the
    /// subresource (what that subresource can write), repaired unless it
    /// is the stored object unchanged or already canonical (the stored
    /// object when it cannot be), with the step's gates.
    ///
    /// `edited` is [`Edited::Canonical`] when it is the output of a round
    /// trip ([`Generator::mutate`], [`repaired`]): a subresource that
    /// carries the whole object then writes it as it is, and repairing it
    /// again would give the same object (a round trip of canonical JSON is
    /// the identity, see the `canonical_objects_round_trip_unchanged` test).
    fn update_case(&self, sub: &str, old: Value, edited: Edited, gates: &GatePlan) -> Case<Value> {
        let new = match edited {
            Edited::Canonical(new) if subresource_projection(sub).is_none() => new,
            Edited::Canonical(edited) | Edited::Changed(edited) => {
                let new = projected(sub, &old, edited);
                if new == old {
                    new
                } else {
                    repaired(self.pair, &new).unwrap_or_else(|_| old.clone())
                }
            }
        };
        let mut case = Case::update(new, old).subresource(sub);
        self.gates(gates, &mut case);
        case
    }

    fn gates<T>(&self, plan: &GatePlan, case: &mut Case<T>) {
        for (name, state) in self.gates.iter().zip(plan) {
            if let Some(on) = state {
                case.gates.insert(name.clone(), *on);
            }
        }
    }

    /// The create case of a plan.
    pub fn create_case(&self, plan: &CreatePlan) -> Case<Value> {
        let mut case = Case::create(self.object(&plan.object));
        self.gates(&plan.gates, &mut case);
        case
    }

    /// The create case of a plan with a [`Target`] boundary edit applied
    /// last (kept when the result deserialises).
    pub fn targeted_create_case(&self, plan: &CreatePlan, target: Target) -> Case<Value> {
        let object = self.with_target(self.object(&plan.object), target);
        let mut case = Case::create(object);
        self.gates(&plan.gates, &mut case);
        case
    }

    /// `object` with the target's boundary edit, when it applies and the
    /// result deserialises; else `object`.
    fn with_target(&self, object: Value, target: Target) -> Value {
        let Some(edits) = self.model.edits.get(target.edits) else {
            return object;
        };
        let mut edited = object.clone();
        if !edits.apply(&mut edited, target.variant, 0, &self.model.exemplars) {
            return object;
        }
        repaired(self.pair, &edited).unwrap_or(object)
    }

    /// The update cases of a sequence plan, in order.
    pub fn update_cases(&self, plan: &UpdatePlan) -> Vec<Case<Value>> {
        match plan.ratchet.as_ref().and_then(|r| self.resolve(r)) {
            Some(r) => self.ratchet_update_cases(plan, r),
            None => self.sequence(plan, None),
        }
    }

    fn resolve(&self, plan: &RatchetPlan) -> Option<Ratchet> {
        if self.model.edits.is_empty() {
            return None;
        }
        let edits = plan.rule.index(self.model.edits.len());
        let actions = self.model.edits[edits].actions.len();
        (actions > 0).then(|| Ratchet {
            target: Target {
                edits,
                variant: plan.variant.index(actions),
            },
            change: plan.change,
        })
    }

    /// The update cases of a ratcheting sequence: the stored object (the
    /// plan's) gets the ratchet target's boundary edit (kept when it
    /// deserialises; else the plan's ordinary sequence is returned), and
    /// every update keeps the values at the rule's sites (absent ones stay
    /// absent) while making the ratchet's change. A status rule's updates
    /// go through `/status` when the kind serves it.
    ///
    /// ```
    /// use dv_harness_generate::plan::{Generator, update_plan, RatchetChange};
    /// use dv_harness_generate::target::{Ratchet, Target};
    /// use dv_harness_engine::engine::EngineSettings;
    /// use proptest::strategy::{Strategy, ValueTree};
    /// let registry = dv_harness_kinds::registry().unwrap();
    /// let pair = registry.find("MinimumFixture", None).unwrap();
    /// let g = Generator::new(pair, EngineSettings::default(), &[]).unwrap();
    /// let mut runner = proptest::test_runner::TestRunner::deterministic();
    /// let plan = update_plan().new_tree(&mut runner).unwrap().current();
    /// // The `replicas` minimum (0); its action 0 is one below the bound.
    /// let edits = g.model().edits.iter().position(|e| e.rule_id.ends_with("replicas/minimum")).unwrap();
    /// let r = Ratchet { target: Target { edits, variant: 0 }, change: RatchetChange::Elsewhere };
    /// for case in g.ratchet_update_cases(&plan, r) {
    ///     let old = case.old_object.as_ref().unwrap();
    ///     assert_eq!(old["replicas"], serde_json::json!(-1));
    ///     assert_eq!(case.object["replicas"], old["replicas"]);
    /// }
    /// ```
    pub fn ratchet_update_cases(&self, plan: &UpdatePlan, ratchet: Ratchet) -> Vec<Case<Value>> {
        let Some(edits) = self.model.edits.get(ratchet.target.edits) else {
            return self.sequence(plan, None);
        };
        let mut stored = self.object(&plan.old);
        if !edits.apply(
            &mut stored,
            ratchet.target.variant,
            0,
            &self.model.exemplars,
        ) {
            return self.sequence(plan, None);
        }
        let Ok(mut old) = repaired(self.pair, &stored) else {
            return self.sequence(plan, None);
        };
        let pattern = &edits.pattern;
        let through_status = self.targets_status(ratchet.target);
        let mut out = Vec::new();
        for (i, step) in plan.steps.iter().enumerate() {
            let sub = if through_status {
                "/status"
            } else {
                self.subresource_for(step)
            };
            let kept = kept_sites(&old, pattern);
            let mut edited = match ratchet.change {
                RatchetChange::Nothing => old.clone(),
                _ => self.mutate(&old, &step.edits),
            };
            for (loc, value) in &kept {
                restore(&mut edited, loc, value.as_ref());
            }
            if i == 0 && ratchet.change.moves_items() {
                self.move_items(&mut edited, pattern, &kept, ratchet.change);
            }
            let case = self.update_case(sub, old, Edited::Changed(edited), &step.gates);
            old = case.object.clone();
            out.push(case);
        }
        out
    }

    /// Inserts another item before each kept item's (innermost) list item,
    /// or reverses that list; an added item is an exemplar from the seeds
    /// (else a copy of the kept item), made distinct.
    fn move_items(
        &self,
        obj: &mut Value,
        pattern: &Pattern,
        kept: &[(Location, Option<Value>)],
        change: RatchetChange,
    ) {
        let segs = pattern.segments();
        let mut lists: Vec<(Location, usize, Pattern)> = Vec::new();
        for (loc, _) in kept {
            let Some(p) = loc.iter().rposition(|s| matches!(s, Step::Index(_))) else {
                continue;
            };
            let (Step::Index(i), Some(Segment::Each)) = (&loc[p], segs.get(p)) else {
                continue;
            };
            let list = loc[..p].to_vec();
            if !lists.iter().any(|(l, _, _)| *l == list) {
                lists.push((list, *i, Pattern::from_segments(&segs[..=p])));
            }
        }
        for (list, index, items) in lists {
            let exemplar = self.model.exemplars.get(&items).first().cloned();
            let Some(Value::Array(a)) = get_mut(obj, &list) else {
                continue;
            };
            if change == RatchetChange::Reordered && a.len() >= 2 {
                a.reverse();
                continue;
            }
            let Some(mut added) = exemplar.or_else(|| a.get(index).cloned()) else {
                continue;
            };
            distinct(&mut added, a.len() + 1);
            a.insert(index.min(a.len()), added);
        }
    }

    /// The update cases of a sequence plan whose first update also makes a
    /// [`Target`] boundary edit (after the step's own edits); through
    /// `/status` when the target is a status field and the kind serves it.
    pub fn targeted_update_cases(&self, plan: &UpdatePlan, target: Target) -> Vec<Case<Value>> {
        self.sequence(plan, Some(target))
    }

    fn sequence(&self, plan: &UpdatePlan, target: Option<Target>) -> Vec<Case<Value>> {
        let mut old = self.object(&plan.old);
        if let Some(first) = plan.steps.first() {
            old = self.prepare_old(old, &first.edits, target);
        }
        if let Some(t) = target {
            old = self.unset_guards(old, t);
        }
        let mut out = Vec::new();
        let mut stored = Some(old);
        for (i, step) in plan.steps.iter().enumerate() {
            let Some(old) = stored.take() else {
                break;
            };
            let target = target.filter(|_| i == 0);
            let sub = match target {
                Some(t) if self.targets_status(t) => "/status",
                _ => self.subresource_for(step),
            };
            // Canonical: `mutate` and `with_target` return round-trip output
            // (or their canonical input).
            let mut edited = self.mutate(&old, &step.edits);
            if let Some(t) = target {
                edited = self.with_target(edited, t);
            }
            let case = self.update_case(sub, old, Edited::Canonical(edited), &step.gates);
            // The next update's stored object (no copy after the last one).
            if i + 1 < plan.steps.len() {
                stored = Some(case.object.clone());
            }
            out.push(case);
        }
        out
    }

    /// The stored object made ready for the boundary edits of the first
    /// update (see [`RuleEdits::prepare_old`](super::boundary::RuleEdits::prepare_old)):
    /// removing a map entry or list item needs one in the old object. The
    /// prepared object is kept only when it deserialises.
    fn prepare_old(&self, old: Value, edits: &[Edit], target: Option<Target>) -> Value {
        self.prepare_old_changed(old, edits, target).0
    }

    /// [`Generator::prepare_old`] and whether it changed the object.
    fn prepare_old_changed(
        &self,
        old: Value,
        edits: &[Edit],
        target: Option<Target>,
    ) -> (Value, bool) {
        match self.prepared(&old, edits, target) {
            Some(prepared) => (prepared, true),
            None => (old, false),
        }
    }

    /// The object [`Generator::prepare_old`] makes of `old` when it changes
    /// it (`None`: `old` as it is; it is copied only when a removal of a
    /// first item or entry is planned).
    fn prepared(&self, old: &Value, edits: &[Edit], target: Option<Target>) -> Option<Value> {
        let model = &self.model;
        if model.edits.is_empty() {
            return None;
        }
        let mut changed = false;
        let planned = edits.iter().filter_map(|e| match e {
            Edit::Boundary {
                rule,
                variant,
                site,
            } => {
                let r = rule.index(model.edits.len());
                let v = variant.index(model.edits[r].actions.len().max(1));
                Some((r, v, site.index(usize::MAX / 2)))
            }
            _ => None,
        });
        let targeted = target.map(|t| (t.edits, t.variant, 0));
        // Only removals of a first item or entry prepare anything: without
        // one the object is not copied.
        let mut planned = planned
            .chain(targeted)
            .filter(|(r, v, _)| model.edits.get(*r).is_some_and(|e| e.prepares_old(*v)))
            .peekable();
        planned.peek()?;
        let mut prepared = old.clone();
        for (r, v, site) in planned {
            if let Some(r) = model.edits.get(r) {
                changed |= r.prepare_old(&mut prepared, v, site, &model.exemplars);
            }
        }
        if !changed {
            return None;
        }
        repaired(self.pair, &prepared).ok()
    }

    /// The subresource of an update step: `/status` when a boundary edit
    /// targets a `status` field and the kind serves it (a root update
    /// resets the status), else the step's pick.
    /// The stored object of a targeted update without the fields above the
    /// target that an update may set but not modify (`+k8s:update=NoModify`):
    /// the update then sets them, and the checks below them run (a
    /// modification is reported once at the guarded field). Kept only when
    /// it deserialises.
    fn unset_guards(&self, old: Value, target: Target) -> Value {
        let Some(edits) = self.model.edits.get(target.edits) else {
            return old;
        };
        let below = edits.pattern.segments();
        let mut unset = old.clone();
        let mut changed = false;
        for guard in &self.settable {
            let g = guard.segments();
            if below.len() > g.len() && below.starts_with(g) {
                for loc in select(&unset.clone(), guard) {
                    changed |= remove(&mut unset, &loc).is_some();
                }
            }
        }
        if !changed {
            return old;
        }
        repaired(self.pair, &unset).unwrap_or(old)
    }

    /// Whether a target edits a status field of a kind that serves `/status`.
    fn targets_status(&self, target: Target) -> bool {
        self.subresources.iter().any(|s| s == "/status")
            && self.model.edits.get(target.edits).is_some_and(|e| {
                matches!(e.pattern.segments().first(), Some(super::path::Segment::Field(f)) if f == "status")
            })
    }

    fn subresource_for(&self, step: &UpdateStep) -> &str {
        let serves_status = self.subresources.iter().any(|s| s == "/status");
        let status_edit = step.edits.iter().any(|e| match e {
            Edit::Boundary { rule, .. } if !self.model.edits.is_empty() => {
                let target = &self.model.edits[rule.index(self.model.edits.len())].pattern;
                matches!(target.segments().first(), Some(super::path::Segment::Field(f)) if f == "status")
            }
            _ => false,
        });
        if serves_status && status_edit {
            return "/status";
        }
        &self.subresources[step.subresource.index(self.subresources.len())]
    }

    /// Runs one case through the pair.
    pub fn check(&self, case: &Case<Value>) -> Result<Checked, CaseProblem> {
        self.pair.check_json(case, &self.settings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The realisation before seeds were edited on working copies: every
    /// object a copy of its seed (or of the stored object), deserialised
    /// after edits; the stored object of an update deserialised again.
    mod reference {
        use super::*;

        fn object(g: &Generator<'_>, plan: &ObjectPlan) -> Value {
            g.mutate(&g.seeds[g.seed_index(plan)], &plan.edits)
        }

        fn prepare_old(g: &Generator<'_>, old: Value, edits: &[Edit]) -> Value {
            let model = &g.model;
            if model.edits.is_empty() {
                return old;
            }
            let mut planned = edits
                .iter()
                .filter_map(|e| match e {
                    Edit::Boundary {
                        rule,
                        variant,
                        site,
                    } => {
                        let r = rule.index(model.edits.len());
                        let v = variant.index(model.edits[r].actions.len().max(1));
                        Some((r, v, site.index(usize::MAX / 2)))
                    }
                    _ => None,
                })
                .peekable();
            if planned.peek().is_none() {
                return old;
            }
            let mut prepared = old.clone();
            let mut changed = false;
            for (r, v, site) in planned {
                if let Some(r) = model.edits.get(r) {
                    changed |= r.prepare_old(&mut prepared, v, site, &model.exemplars);
                }
            }
            if !changed {
                return old;
            }
            repaired(g.pair, &prepared).unwrap_or(old)
        }

        fn mutate_typed(
            g: &Generator<'_>,
            base: &Value,
            edits: &[Edit],
        ) -> Result<TypedObject, CaseProblem> {
            let Some(edited) = g.edited(base, edits) else {
                return g.pair.typed(base);
            };
            if let Ok(typed) = g.pair.typed_from(edited) {
                return Ok(typed);
            }
            if let Some(edited) = g.edited(base, edits)
                && let Ok(typed) = repaired_typed(g.pair, &edited)
            {
                return Ok(typed);
            }
            g.pair.typed_from(g.mutate_by_steps(base, edits))
        }

        pub fn create_object(g: &Generator<'_>, plan: &CreatePlan) -> Value {
            object(g, &plan.object)
        }

        pub fn create_typed(
            g: &Generator<'_>,
            plan: &CreatePlan,
        ) -> Result<TypedObject, CaseProblem> {
            mutate_typed(g, &g.seeds[g.seed_index(&plan.object)], &plan.object.edits)
        }

        pub fn update_typed(
            g: &Generator<'_>,
            old: &ObjectPlan,
            step: &UpdateStep,
        ) -> Result<Case<TypedObject>, CaseProblem> {
            let old = prepare_old(g, object(g, old), &step.edits);
            let sub = g.subresource_for(step);
            if subresource_projection(sub).is_some() {
                let edited = g.mutate(&old, &step.edits);
                return g
                    .update_case(sub, old, Edited::Canonical(edited), &step.gates)
                    .try_map_objects(|o| g.pair.typed_from(o));
            }
            let new = mutate_typed(g, &old, &step.edits)?;
            let mut case = Case::update(new, g.pair.typed_from(old)?).subresource(sub);
            g.gates(&step.gates, &mut case);
            Ok(case)
        }
    }

    /// Realising on the seeds' working copies gives exactly the objects
    /// the copying realisation ([`reference`]) gives, for every real
    /// kind's corpus seeds and many random create and one-update plans,
    /// with and without the seeds' objects ([`Generator::with_seed_objects`]:
    /// cloned seeds, an update's new object edited on an unedited stored
    /// seed's working copy); the seeds stay as they were.
    #[test]
    fn working_copy_realisation_is_the_copying_one() {
        use dv_harness_engine::pair::Pair;
        fn same<P: Pair + 'static>(pair: P, corpus: &crate::corpus::Corpus)
        where
            P::Object: PartialEq + std::fmt::Debug + Send + Sync + 'static,
        {
            let kind = Pair::kind(&pair).to_string();
            let files = corpus.files(Pair::api_version(&pair), &kind);
            let g = Generator::new(&pair, EngineSettings::default(), files).unwrap();
            let seeded = Generator::new(&pair, EngineSettings::default(), files)
                .unwrap()
                .with_seed_objects::<P::Object>();
            assert!(seeded.objects.object(0).is_some(), "{kind}");
            let unedited = realised_like_the_reference::<P>(&g, &kind);
            // The seeds' objects change the route only when a seed is used
            // as it is: enough plans take it.
            let again = realised_like_the_reference::<P>(&seeded, &kind);
            assert_eq!(unedited, again);
            assert!(unedited > 20, "{kind}: {unedited}");
        }
        /// Compares `g`'s typed realisation with the reference's; the
        /// number of update plans whose stored object is an unedited seed.
        fn realised_like_the_reference<P: Pair + 'static>(g: &Generator<'_>, kind: &str) -> usize
        where
            P::Object: PartialEq + std::fmt::Debug + 'static,
        {
            use proptest::strategy::ValueTree;
            use proptest::test_runner::TestRunner;
            let seeds = g.seeds().to_vec();
            assert!(!seeds.is_empty());
            let object = |t: TypedObject| t.into_inner::<P::Object>().ok().unwrap();
            let mut runner = TestRunner::deterministic();
            let (mut creates, mut updates, mut unedited) = (0, 0, 0);
            for _ in 0..160 {
                let create = create_plan().new_tree(&mut runner).unwrap().current();
                assert_eq!(
                    g.create_case(&create).object,
                    reference::create_object(g, &create),
                    "{kind}"
                );
                match (
                    g.create_case_typed(&create),
                    reference::create_typed(g, &create),
                ) {
                    (Ok(new), Ok(old)) => {
                        assert_eq!(object(new.object), object(old), "{kind}");
                        creates += 1;
                    }
                    (Err(new), Err(old)) => assert_eq!(new, old, "{kind}"),
                    (new, old) => panic!("{kind}: {new:?} against {old:?}"),
                }
                let mut update = update_plan().new_tree(&mut runner).unwrap().current();
                update.steps.truncate(1);
                update.ratchet = None;
                if g.edited(&seeds[g.seed_index(&update.old)], &update.old.edits)
                    .is_none()
                {
                    unedited += 1;
                }
                match (
                    g.update_case_typed(&update.old, &update.steps[0]),
                    reference::update_typed(g, &update.old, &update.steps[0]),
                ) {
                    (Ok(new), Ok(old)) => {
                        assert_eq!(
                            (new.operation, &new.subresource, &new.gates),
                            (old.operation, &old.subresource, &old.gates),
                            "{kind}"
                        );
                        assert_eq!(object(new.object), object(old.object), "{kind}");
                        assert_eq!(
                            new.old_object.map(object),
                            old.old_object.map(object),
                            "{kind}"
                        );
                        updates += 1;
                    }
                    (Err(new), Err(old)) => assert_eq!(new, old, "{kind}"),
                    (new, old) => panic!("{kind}: {new:?} against {old:?}"),
                }
            }
            assert_eq!(g.seeds(), &seeds[..], "{kind}");
            assert!(
                creates > 100 && updates > 100,
                "{kind}: {creates} {updates}"
            );
            unedited
        }
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus");
        let corpus = crate::corpus::Corpus::load(&dir);
        macro_rules! each {
            ($($kind:literal => $constructor:ident),* $(,)?) => {
                $(same(dv_harness_kinds::$constructor(), &corpus);)*
            };
        }
        dv_harness_kinds::with_real_kinds!(each);
    }

    #[test]
    fn scale_updates_change_only_the_replicas() {
        let old = json!({"metadata": {"name": "a"}, "spec": {"replicas": 1, "selector": {"a": "b"}}, "status": {"replicas": 1}});
        let edited =
            json!({"metadata": {"name": "b"}, "spec": {"replicas": 3}, "status": {"replicas": 9}});
        let new = projected("/scale", &old, edited.clone());
        assert_eq!(
            new,
            json!({"metadata": {"name": "a"}, "spec": {"replicas": 3, "selector": {"a": "b"}}, "status": {"replicas": 1}})
        );
        for edited in [
            edited.clone(),
            json!({"spec": {}}),
            json!({"spec": {"replicas": 1}}),
            json!(5),
        ] {
            let mut new = old.clone();
            let changed = project_in_place(&["spec", "replicas"], &mut new, &edited);
            assert_eq!(changed, Some(new != old), "{edited}");
            assert_eq!(new, projected("/scale", &old, edited.clone()), "{edited}");
        }
        let mut flat_new = json!({"replicas": 1});
        assert_eq!(
            project_in_place(&["spec", "replicas"], &mut flat_new, &old),
            None
        );
        assert_eq!(flat_new, json!({"replicas": 1}));
        let unset = projected("/scale", &old, json!({"spec": {}}));
        assert_eq!(unset["spec"], json!({"selector": {"a": "b"}}));
        assert_eq!(projected("/status", &old, edited.clone()), edited);
        let flat = json!({"replicas": 1});
        assert_eq!(
            projected("/scale", &flat, json!({"replicas": -1})),
            json!({"replicas": -1})
        );
    }
}
