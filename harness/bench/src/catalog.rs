//! Which benchmarks exist: the bundled API kinds and every tag fixture
//! (objects from their seed corpus), the list-heavy tag fixtures (objects
//! built with ten items) and the scaling cases (lists of 1 to 10 000
//! items), each typed here and handed out as [`Benchable`]s.
//!
//! A scaling case's items all have keys and values of one width (`f-00042`,
//! not `f-42`), so a list of 10 000 items holds the same work per item as a
//! list of 100: otherwise per-item cost would also measure longer keys
//! (a hash takes its long-input path past 16 bytes).
//!
//! A kind is benchmarked when it is registered in the [`Registry`]; its
//! strategy (options, enforcement, normalisation rules) is taken from there.
//! The registry erases object types, so the typed list lives here: a kind
//! registered but missing from this list is reported by [`unbenched`].

use super::target::{
    BenchError, Benchable, PairBench, SCENARIOS, Workload, corpus_workloads, typed,
    with_resource_version, workload,
};
use apimachinery::Validate;
use dv_harness_engine::case::Case;
use dv_harness_engine::engine::EngineSettings;
use dv_harness_engine::pair::{FnPair, Registry};
use dv_harness_generate::corpus::Corpus;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

/// The list sizes of the scaling cases.
pub const SIZES: [usize; 5] = [1, 10, 100, 1_000, 10_000];

/// The list-heavy tag fixtures: benchmarked on built objects of
/// [`FIXTURE_ITEMS`] items (and a scaling series each) instead of their
/// seed corpus.
pub const LIST_FIXTURES: [&str; 4] = [
    "ListMapFixture",
    "ListSetFixture",
    "EachValFixture",
    "ItemFixture",
];

/// The list size of the list fixture benchmarks.
pub const FIXTURE_ITEMS: usize = 10;

/// Which variant of a built object.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    /// Every item valid.
    Valid,
    /// Several items invalid (at least two errors).
    Invalid,
    /// Valid, with the last item changed (for updates against [`Variant::Valid`]).
    Changed,
}

/// Builds the JSON of an object with `n` list items from a base object
/// (the kind's valid seed object; `null` for fixtures).
pub type Builder = fn(base: &Value, n: usize, variant: Variant) -> Value;

/// Options for choosing and building benchmarks.
#[derive(Debug, Clone, Default)]
pub struct Selection {
    /// Only these kinds (`None` = all); scaling cases are kept when their kind is.
    pub kinds: Option<Vec<String>>,
    /// Scaling sizes above this are left out (`None` = all of [`SIZES`]).
    pub max_items: Option<usize>,
}

impl Selection {
    fn wants(&self, kind: &str) -> bool {
        self.kinds
            .as_ref()
            .is_none_or(|k| k.iter().any(|k| k == kind))
    }
}

/// The benchmarks of a run: per kind (and fixture) and per scaling case.
pub struct Benches {
    /// One per kind or fixture, workloads named by [`SCENARIOS`].
    pub kinds: Vec<Box<dyn Benchable>>,
    /// One per scaling case: (case name, benchmark whose workloads are the [`SIZES`]).
    pub scaling: Vec<(&'static str, Box<dyn Benchable>)>,
    /// Registered kinds that could not be benchmarked, and why.
    pub skipped: Vec<BenchError>,
}

struct Ctx<'a> {
    registry: &'a Registry,
    corpus: &'a Corpus,
    settings: &'a EngineSettings,
    selection: &'a Selection,
    out: Benches,
}

impl Ctx<'_> {
    /// The registered pair's strategy applied to `pair`, or `None` when
    /// the kind is not registered or not selected.
    fn registered<T>(&self, pair: FnPair<T>) -> Option<FnPair<T>>
    where
        T: Validate + Clone + Serialize + DeserializeOwned,
    {
        use dv_harness_engine::pair::Pair;
        let found = self
            .registry
            .find(pair.kind(), Some(pair.api_version()))
            .ok()?;
        let strategy = found.strategy();
        let fixture = found.is_fixture();
        let pair = pair.with_strategy(strategy);
        Some(if fixture { pair.fixture() } else { pair })
    }

    fn kind<T>(&mut self, pair: FnPair<T>) -> Result<(), BenchError>
    where
        T: Validate + Clone + Serialize + DeserializeOwned + Send + Sync + 'static,
    {
        use dv_harness_engine::pair::Pair;
        if !self.selection.wants(pair.kind()) {
            return Ok(());
        }
        let Some(pair) = self.registered(pair) else {
            return Ok(());
        };
        let files = self.corpus.files(pair.api_version(), pair.kind());
        let workloads = match corpus_workloads(&pair, self.settings, files) {
            Ok(w) => w,
            Err(BenchError::NoValidSeed { .. }) if pair.is_fixture() => {
                seed_workloads(&pair, self.settings, files)
            }
            Err(e) => {
                self.out.skipped.push(e);
                return Ok(());
            }
        };
        self.out
            .kinds
            .push(Box::new(PairBench::new(pair, self.settings, workloads)));
        Ok(())
    }

    /// The valid seed object of a kind, as JSON (`null` when none).
    fn base<T>(&self, pair: &FnPair<T>) -> Value
    where
        T: Validate + Clone + Serialize + DeserializeOwned,
    {
        use dv_harness_engine::pair::Pair;
        let files = self.corpus.files(pair.api_version(), pair.kind());
        corpus_workloads(pair, self.settings, files)
            .ok()
            .and_then(|ws| ws.into_iter().next())
            .and_then(|w| serde_json::to_value(&w.object).ok())
            .unwrap_or(Value::Null)
    }

    fn built<T>(
        &self,
        pair: &FnPair<T>,
        base: &Value,
        build: Builder,
        n: usize,
        variant: Variant,
    ) -> Result<T, BenchError>
    where
        T: Validate + Clone + Serialize + DeserializeOwned,
    {
        use dv_harness_engine::pair::Pair;
        typed(pair.kind(), build(base, n, variant))
    }

    /// A fixture benchmark (ten items) and, when `case` is given, a scaling case.
    fn built_kind<T>(
        &mut self,
        pair: impl Fn() -> FnPair<T>,
        build: Builder,
        fixture_bench: bool,
        case: &'static str,
        subresource: &str,
    ) -> Result<(), BenchError>
    where
        T: Validate + Clone + Serialize + DeserializeOwned + Send + Sync + 'static,
    {
        use dv_harness_engine::pair::Pair;
        let wanted = self.selection.wants(pair().kind());
        let Some(p) = self.registered(pair()).filter(|_| wanted) else {
            return Ok(());
        };
        let base = self.base(&p);
        if fixture_bench {
            let n = FIXTURE_ITEMS;
            let valid = self.built(&p, &base, build, n, Variant::Valid)?;
            let invalid = self.built(&p, &base, build, n, Variant::Invalid)?;
            let changed = self.built(&p, &base, build, n, Variant::Changed)?;
            let cases = [
                Case::create(valid.clone()),
                Case::create(invalid),
                Case::update(valid.clone(), valid.clone()),
                Case::update(changed, valid),
            ];
            let workloads: Vec<Workload<T>> = SCENARIOS
                .iter()
                .zip(cases)
                .map(|(name, case)| workload(&p, self.settings, name, case))
                .collect();
            self.out
                .kinds
                .push(Box::new(PairBench::new(p, self.settings, workloads)));
        }
        let Some(p) = self.registered(pair()) else {
            return Ok(());
        };
        let empty =
            with_resource_version(p.kind(), &self.built(&p, &base, build, 0, Variant::Valid)?)?;
        let mut workloads = Vec::new();
        for n in SIZES
            .into_iter()
            .filter(|n| self.selection.max_items.is_none_or(|max| *n <= max))
        {
            let object = self.built(&p, &base, build, n, Variant::Valid)?;
            let case = if subresource.is_empty() {
                Case::create(object)
            } else {
                let kind = p.kind();
                Case::update(with_resource_version(kind, &object)?, empty.clone())
                    .subresource(subresource)
            };
            workloads.push(workload(&p, self.settings, &n.to_string(), case));
        }
        self.out
            .scaling
            .push((case, Box::new(PairBench::new(p, self.settings, workloads))));
        Ok(())
    }
}

/// The workloads of a tag fixture that no valid create at the root can
/// show (`+k8s:validateFalse` rejects every object, `+k8s:isSubresource`
/// every request to the main resource): each readable seed case, on any
/// subresource, named after its file (`create-empty`).
fn seed_workloads<T>(
    pair: &FnPair<T>,
    settings: &EngineSettings,
    files: &[dv_harness_generate::corpus::CorpusFile],
) -> Vec<Workload<T>>
where
    T: Validate + Clone + Serialize + DeserializeOwned,
{
    files
        .iter()
        .filter_map(|file| {
            let case = dv_harness_engine::case::parse_case::<T>(&file.text).ok()?;
            let name = file.path.file_stem()?.to_string_lossy().into_owned();
            Some(workload(pair, settings, &name, case))
        })
        .collect()
}

macro_rules! typed_pair {
    ($api:expr, $kind:literal, $dv:ty, $hv:path) => {{
        use $hv as hv;
        || FnPair::<$dv>::new($api, $kind, hv::validate, hv::prepare, hv::SUBRESOURCES)
    }};
}

/// Every benchmark for the registered kinds (filtered by `selection`), with
/// objects from `corpus` and the engine `settings`.
///
/// ```
/// use dv_harness_bench::catalog::{Selection, benches};
/// use dv_harness_engine::{engine::EngineSettings, pair::Registry}; use dv_harness_generate::corpus::Corpus;
/// let corpus = Corpus::load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus"));
/// let selection = Selection { kinds: Some(vec!["ListSetFixture".into()]), max_items: Some(100) };
/// let b = benches(&dv_harness_kinds::registry().unwrap(), &corpus, &EngineSettings::default(), &selection).unwrap();
/// assert_eq!(b.kinds.len(), 1);
/// assert_eq!(b.scaling[0].0, "listSet");
/// assert_eq!(b.scaling[0].1.workloads(), ["1", "10", "100"]);
/// ```
pub fn benches(
    registry: &Registry,
    corpus: &Corpus,
    settings: &EngineSettings,
    selection: &Selection,
) -> Result<Benches, BenchError> {
    let mut ctx = Ctx {
        registry,
        corpus,
        settings,
        selection,
        out: Benches {
            kinds: Vec::new(),
            scaling: Vec::new(),
            skipped: Vec::new(),
        },
    };
    // Every bundled real kind, from the one list of kinds.
    macro_rules! each_kind {
        ($($kind:literal => $constructor:ident),* $(,)?) => {
            $(ctx.kind(dv_harness_kinds::$constructor())?;)*
        };
    }
    dv_harness_kinds::with_real_kinds!(each_kind);

    use dv_harness_kinds::FIXTURE_API_VERSION as FX;
    // Every tag fixture, from the one list of fixtures; the list fixtures
    // get built objects and scaling series below instead.
    macro_rules! each_fixture {
        ($($module:ident :: $ty:ident => $($hv:ident)::+),* $(,)?) => {
            $(
                if !LIST_FIXTURES.contains(&stringify!($ty)) {
                    use handwritten::fixtures::$($hv)::+ as hv;
                    ctx.kind(FnPair::<declarative::fixtures::$module::$ty>::new(
                        FX,
                        stringify!($ty),
                        hv::validate,
                        hv::prepare,
                        hv::SUBRESOURCES,
                    ))?;
                }
            )*
        };
    }
    dv_harness_kinds::with_fixtures!(each_fixture);
    ctx.built_kind(
        typed_pair!(
            FX,
            "ListMapFixture",
            declarative::fixtures::list_map::ListMapFixture,
            handwritten::fixtures::list_map
        ),
        list_map,
        true,
        "listMap",
        "",
    )?;
    ctx.built_kind(
        typed_pair!(
            FX,
            "ListSetFixture",
            declarative::fixtures::list_set::ListSetFixture,
            handwritten::fixtures::list_set
        ),
        list_set,
        true,
        "listSet",
        "",
    )?;
    ctx.built_kind(
        typed_pair!(
            FX,
            "EachValFixture",
            declarative::fixtures::each_val::EachValFixture,
            handwritten::fixtures::each_val
        ),
        each_val,
        true,
        "eachVal",
        "",
    )?;
    ctx.built_kind(
        typed_pair!(
            FX,
            "ItemFixture",
            declarative::fixtures::item::ItemFixture,
            handwritten::fixtures::item
        ),
        item,
        true,
        "item",
        "",
    )?;
    ctx.built_kind(
        dv_harness_kinds::certificate_signing_request,
        csr_conditions,
        false,
        "csrStatusConditions",
        "/status",
    )?;
    Ok(ctx.out)
}

/// Registered kinds (not fixtures) that have no benchmark in this catalog.
///
/// ```
/// use dv_harness_bench::catalog::unbenched;
/// assert!(unbenched(&dv_harness_kinds::registry().unwrap()).is_empty());
/// ```
pub fn unbenched(registry: &Registry) -> Vec<String> {
    registry
        .iter()
        .filter(|p| !p.is_fixture() && !dv_harness_kinds::REAL_KINDS.contains(&p.kind()))
        .map(|p| format!("{}/{}", p.api_version(), p.kind()))
        .collect()
}

/// `ports`: a list map keyed by (name, protocol), `port` at least 1.
/// Invalid: the first port is -1 and the last item repeats the first key.
fn list_map(_: &Value, n: usize, variant: Variant) -> Value {
    let ports: Vec<Value> = (0..n)
        .map(|i| {
            let mut port = 1 + (i % 60_000) as i64;
            let mut name = format!("port-{i:05}");
            match variant {
                Variant::Invalid if i == 0 => port = -1,
                Variant::Invalid if i + 1 == n && n > 1 => name = "port-00000".into(),
                Variant::Changed if i + 1 == n => port += 1,
                _ => {}
            }
            json!({"name": name, "protocol": "TCP", "port": port})
        })
        .collect();
    json!({ "ports": ports })
}

/// `finalizers`: a set. Invalid: the last two items repeat the first.
fn list_set(_: &Value, n: usize, variant: Variant) -> Value {
    let items: Vec<Value> = (0..n)
        .map(|i| {
            let name = match variant {
                Variant::Invalid if i > 0 && i + 2 >= n => "example.com/f-00000".to_string(),
                Variant::Changed if i + 1 == n => format!("example.com/changed-{i:05}"),
                _ => format!("example.com/f-{i:05}"),
            };
            Value::from(name)
        })
        .collect();
    json!({ "finalizers": items })
}

/// `names`: each at most 3 characters. Invalid: the first and last are longer.
fn each_val(_: &Value, n: usize, variant: Variant) -> Value {
    let names: Vec<Value> = (0..n)
        .map(|i| {
            let name = match variant {
                Variant::Invalid if i == 0 || i + 1 == n => "toolong".to_string(),
                Variant::Changed if i + 1 == n => "zz".to_string(),
                _ => format!("{:03}", i % 1000),
            };
            Value::from(name)
        })
        .collect();
    json!({ "names": names })
}

/// `conditions`: a list map by `type` whose `Ready` item's status is at most
/// 5 characters. Invalid: `Ready` is `Unknown` and the last item repeats a key.
fn item(_: &Value, n: usize, variant: Variant) -> Value {
    let conditions: Vec<Value> = (0..n)
        .map(|i| {
            let mut kind = if i == 0 {
                "Ready".to_string()
            } else {
                format!("Cond{i:05}")
            };
            let mut status = "True";
            match variant {
                Variant::Invalid if i == 0 => status = "Unknown",
                Variant::Invalid if i + 1 == n && n > 1 => kind = "Ready".into(),
                Variant::Changed if i + 1 == n => status = "False",
                _ => {}
            }
            json!({"type": kind, "status": status})
        })
        .collect();
    json!({ "conditions": conditions })
}

/// A valid CSR (the seed) whose `status.conditions` holds `n` custom
/// conditions. Invalid: both `Approved` and `Denied` are added.
fn csr_conditions(base: &Value, n: usize, variant: Variant) -> Value {
    let mut conditions: Vec<Value> = (0..n)
        .map(|i| {
            let status = if variant == Variant::Changed && i + 1 == n {
                "False"
            } else {
                "True"
            };
            json!({"type": format!("example.com/Custom{i:05}"), "status": status, "reason": "Bench"})
        })
        .collect();
    if variant == Variant::Invalid {
        conditions.push(json!({"type": "Approved", "status": "True"}));
        conditions.push(json!({"type": "Denied", "status": "True"}));
    }
    let mut object = base.clone();
    if let Some(map) = object.as_object_mut() {
        map.insert("status".into(), json!({ "conditions": conditions }));
    }
    object
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::target::Side;

    fn all() -> Benches {
        let corpus =
            Corpus::load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus"));
        benches(
            &dv_harness_kinds::registry().unwrap(),
            &corpus,
            &EngineSettings::default(),
            &Selection {
                kinds: None,
                max_items: Some(100),
            },
        )
        .unwrap()
    }

    #[test]
    fn every_registered_kind_and_the_list_fixtures_are_benchmarked() {
        let registry = dv_harness_kinds::registry().unwrap();
        let b = all();
        assert_eq!(b.skipped, Vec::new());
        let kinds: Vec<&str> = b.kinds.iter().map(|k| k.kind()).collect();
        let missing = unbenched(&registry);
        for pair in registry.iter().filter(|p| !p.is_fixture()) {
            let name = format!("{}/{}", pair.api_version(), pair.kind());
            assert!(
                kinds.contains(&pair.kind()) || missing.contains(&name),
                "{name} missing"
            );
        }
        for fx in registry.iter().filter(|p| p.is_fixture()) {
            assert!(kinds.contains(&fx.kind()), "fixture {} missing", fx.kind());
        }
    }

    #[test]
    fn every_tag_fixture_has_the_kind_scenarios_from_its_seeds() {
        let b = all();
        let seeded = ["IsSubresourceFixture", "ValidateFalseFixture"];
        for k in b.kinds.iter().filter(|k| seeded.contains(&k.kind())) {
            let names = k.workloads();
            assert!(names.len() >= 3, "{}: {names:?}", k.kind());
            assert!(!names.contains(&"valid"), "{}", k.kind());
        }
        for k in b
            .kinds
            .iter()
            .filter(|k| k.is_fixture() && !seeded.contains(&k.kind()))
        {
            let names = k.workloads();
            assert_eq!(names[0], "valid", "{}", k.kind());
            assert!(names.contains(&"updateUnchanged"), "{}", k.kind());
            for side in [Side::Handwritten, Side::Declarative] {
                assert_eq!(k.run(0, side), 0, "{} valid {side:?}", k.kind());
                let unchanged = names.iter().position(|n| *n == "updateUnchanged").unwrap();
                assert_eq!(k.run(unchanged, side), 0, "{} unchanged {side:?}", k.kind());
            }
        }
    }

    #[test]
    fn built_objects_are_valid_or_invalid_as_promised() {
        let b = all();
        for k in b.kinds.iter().filter(|k| LIST_FIXTURES.contains(&k.kind())) {
            assert_eq!(k.workloads(), SCENARIOS, "{}", k.kind());
            for side in [Side::Handwritten, Side::Declarative] {
                assert_eq!(k.run(0, side), 0, "{} valid {side:?}", k.kind());
                assert!(k.run(1, side) >= 2, "{} invalid {side:?}", k.kind());
                assert_eq!(k.run(2, side), 0, "{} unchanged {side:?}", k.kind());
                assert_eq!(k.run(3, side), 0, "{} changed {side:?}", k.kind());
            }
        }
        for (case, s) in &b.scaling {
            assert_eq!(s.workloads(), ["1", "10", "100"]);
            for i in 0..3 {
                assert_eq!(s.run(i, Side::Handwritten), 0, "{case} size #{i} HV");
                assert_eq!(s.run(i, Side::Declarative), 0, "{case} size #{i} DV");
            }
        }
    }

    #[test]
    fn invalid_builds_fail_on_both_sides_for_csr_conditions() {
        let v = csr_conditions(&json!({"metadata": {}}), 3, Variant::Invalid);
        assert_eq!(v["status"]["conditions"].as_array().unwrap().len(), 5);
        assert_eq!(
            list_map(&Value::Null, 3, Variant::Invalid)["ports"][2]["name"],
            "port-00000"
        );
        assert_eq!(
            list_set(&Value::Null, 1, Variant::Invalid)["finalizers"][0],
            "example.com/f-00000"
        );
    }
}
