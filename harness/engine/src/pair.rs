//! The [`Pair`] trait (one API kind's hand-written and declarative
//! validators plus its strategy settings), [`FnPair`] (a pair built from the
//! functions of the pair convention), the [`pair!`](crate::pair!) macro and
//! the type-erased [`Registry`] the CLI dispatches JSON cases through.

use crate::body::BodyHandler;
use crate::case::{Case, CaseError, CaseHeader, CaseProblem, parse_case, parse_object};
use crate::compare::Verdict;
use crate::engine::{Engine, EngineSettings, Outcome};
use crate::generic_registry::GenericRegistry;
use crate::lifecycle::Semantics;
use apimachinery::field::{ErrorList, NormalizationRule};
use apimachinery::operation::{Context, Operation};
use apimachinery::{Rule, Validate};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::any::Any;
use std::collections::BTreeMap;

/// How a kind's registry strategy configures declarative validation.
///
/// ```
/// use dv_harness_engine::pair::Strategy;
/// use apimachinery::field::NormalizationRule;
/// let s = Strategy::default()
///     .declarative_enforcement(true)
///     .option("MyFeature", false)
///     .normalization(NormalizationRule::new(r"^a$", "b").unwrap());
/// assert!(s.declarative_enforcement);
/// assert_eq!(s.options, vec![("MyFeature".to_string(), false)]);
/// ```
#[derive(Debug, Clone, Default)]
pub struct Strategy {
    /// 1.36: the strategy passes `WithDeclarativeEnforcement()`.
    pub declarative_enforcement: bool,
    /// `WithNormalizationRules` / `DeclarativeValidationConfig.NormalizationRules`.
    pub normalization_rules: Vec<NormalizationRule>,
    /// The validation options the strategy defines, with their default state.
    pub options: Vec<(String, bool)>,
    /// 1.37: `DeclarativeValidationConfig.ShortCircuitMismatch`.
    pub short_circuit_mismatch: bool,
}

impl Strategy {
    /// Sets the 1.36 declarative-enforcement opt-in.
    ///
    /// ```
    /// assert!(dv_harness_engine::pair::Strategy::default().declarative_enforcement(true).declarative_enforcement);
    /// ```
    pub fn declarative_enforcement(mut self, on: bool) -> Strategy {
        self.declarative_enforcement = on;
        self
    }

    /// Adds a normalisation rule for comparing fields.
    ///
    /// ```
    /// use apimachinery::field::NormalizationRule;
    /// let s = dv_harness_engine::pair::Strategy::default().normalization(NormalizationRule::new("a", "b").unwrap());
    /// assert_eq!(s.normalization_rules.len(), 1);
    /// ```
    pub fn normalization(mut self, rule: NormalizationRule) -> Strategy {
        self.normalization_rules.push(rule);
        self
    }

    /// Defines a validation option (usually a feature gate) and its default.
    ///
    /// ```
    /// let s = dv_harness_engine::pair::Strategy::default().option("F", true);
    /// assert_eq!(s.options.len(), 1);
    /// ```
    pub fn option(mut self, name: &str, default: bool) -> Strategy {
        self.options.push((name.to_string(), default));
        self
    }

    /// Sets the 1.37 `ShortCircuitMismatch` option.
    ///
    /// ```
    /// assert!(dv_harness_engine::pair::Strategy::default().short_circuit_mismatch(true).short_circuit_mismatch);
    /// ```
    pub fn short_circuit_mismatch(mut self, on: bool) -> Strategy {
        self.short_circuit_mismatch = on;
        self
    }
}

/// One API kind's two validators and its strategy: what the engine compares.
///
/// ```
/// use dv_harness_engine::pair::{Pair, Strategy};
/// use apimachinery::field::{Error, ErrorList, Path};
/// use apimachinery::operation::Context;
///
/// struct Positive;
/// impl Pair for Positive {
///     type Object = i32;
///     fn kind(&self) -> &str { "Positive" }
///     fn api_version(&self) -> &str { "test/v1" }
///     fn handwritten(&self, _: &Context, n: &i32, _: Option<&i32>) -> ErrorList {
///         if *n < 0 { Error::invalid(&Path::new("n"), *n, "").with_origin("minimum").mark_covered_by_declarative().into() }
///         else { ErrorList::new() }
///     }
///     fn declarative(&self, _: &Context, n: &i32, _: Option<&i32>) -> ErrorList {
///         if *n < 0 { Error::invalid(&Path::new("n"), *n, "").with_origin("minimum").mark_beta().into() }
///         else { ErrorList::new() }
///     }
/// }
/// assert_eq!(Positive.handwritten(&Context::create(), &-1, None).len(), 1);
/// assert!(Positive.subresources().is_empty());
/// ```
pub trait Pair: Send + Sync {
    /// The API type both validators take.
    type Object: Clone + Serialize + DeserializeOwned;

    /// The kind, e.g. `ReplicationController`.
    fn kind(&self) -> &str;

    /// The apiVersion, e.g. `v1` or `certificates.k8s.io/v1`.
    fn api_version(&self) -> &str;

    /// The hand-written validator (the strategy's `Validate`/`ValidateUpdate`).
    fn handwritten(
        &self,
        ctx: &Context,
        obj: &Self::Object,
        old: Option<&Self::Object>,
    ) -> ErrorList;

    /// The declarative validator.
    fn declarative(
        &self,
        ctx: &Context,
        obj: &Self::Object,
        old: Option<&Self::Object>,
    ) -> ErrorList;

    /// The strategy's `PrepareForCreate`/`PrepareForUpdate`, applied before both validators.
    fn prepare(&self, _ctx: &Context, _obj: &mut Self::Object, _old: Option<&Self::Object>) {}

    /// Whether the strategy runs declarative validation for this request at
    /// all. When it does not (e.g. a status strategy Kubernetes never wired
    /// to declarative validation), nothing is compared and the hand-written
    /// errors are returned as they are.
    fn declarative_wired(&self, _ctx: &Context) -> bool {
        true
    }

    /// The subresources the strategy serves besides the root (`/status`, `/scale`, ...).
    fn subresources(&self) -> &[&'static str] {
        &[]
    }

    /// The strategy's declarative-validation settings.
    fn strategy(&self) -> Strategy {
        Strategy::default()
    }

    /// The declarative rule inventory.
    fn rules(&self) -> &'static [Rule] {
        &[]
    }

    /// Whether this is a tag fixture rather than a real API kind.
    fn is_fixture(&self) -> bool {
        false
    }

    /// The release semantics this pair is always compared under, whatever
    /// the run's `--semantics` (tag fixtures: see [`FnPair::fixture`]).
    fn semantics(&self) -> Option<Semantics> {
        None
    }

    /// The request body of another kind a subresource takes (`/scale`
    /// takes a `Scale`), if any.
    fn body_handler(&self) -> Option<&BodyHandler<Self::Object>> {
        None
    }

    /// The generic registry step of this kind ([`crate::generic_registry`]):
    /// its scope and metadata checks, which the engine runs around both
    /// validators for a case that goes through the registry. `None` (a tag
    /// fixture, a type without `ObjectMeta`): the step has nothing to check.
    fn generic_registry(&self) -> Option<&GenericRegistry<Self::Object>> {
        None
    }

    /// Told by the engine, before the validators of a request run, the
    /// path the request takes ([`RequestPath`]). The validators of a pair
    /// need none of it (the engine runs the prepare step, the store's
    /// metadata step and the generic registry step around them); a pair
    /// that answers through another pair's engine (the self-test's mutants)
    /// runs that engine on the same path.
    fn begin_request(&self, _path: &RequestPath<'_>) {}
}

/// The path a request takes through the engine ([`Pair::begin_request`]).
///
/// ```
/// use dv_harness_engine::pair::RequestPath;
/// let path = RequestPath { prepared: false, registry: true, body: None };
/// assert!(path.registry && !path.prepared);
/// ```
#[derive(Debug, Clone, Copy)]
pub struct RequestPath<'a> {
    /// Whether the strategy's prepare step runs (the API-server path; with
    /// the generic registry, the store's metadata step before it).
    pub prepared: bool,
    /// Whether the request goes through the generic registry step.
    pub registry: bool,
    /// The request body of another kind, as the case gives it (a `/scale`
    /// `Scale`; `None`: the case gives the object itself).
    pub body: Option<&'a crate::body::Body>,
}

/// A hand-written validator function of the pair convention.
pub type HandwrittenFn<T> = fn(&Context, &T, Option<&T>) -> ErrorList;
/// A prepare function of the pair convention.
pub type PrepareFn<T> = fn(&Context, &mut T, Option<&T>);
/// The declarative validation a strategy runs, when it is not simply the
/// type's own validator (e.g. `/scale` validating the `Scale` projection).
pub type DeclarativeFn<T> = fn(&Context, &T, Option<&T>) -> ErrorList;

/// A [`Pair`] made of the pair convention's pieces: a `#[derive(Validate)]`
/// type (DV is `obj.validate(ctx, old)`) and the hand-written module's
/// `validate`, `prepare` and `SUBRESOURCES`. Usually built with [`pair!`](crate::pair!).
///
/// ```
/// use dv_harness_engine::pair::{FnPair, Pair, Strategy};
/// use apimachinery::field::{ErrorList, Path};
/// use apimachinery::operation::Context;
/// use apimachinery::Validate;
///
/// #[derive(Clone, serde::Serialize, serde::Deserialize)]
/// struct T;
/// impl Validate for T {
///     fn validate_at(&self, _: &Context, _: &Path<'_>, _: Option<&Self>) -> ErrorList { ErrorList::new() }
/// }
/// fn hv(_: &Context, _: &T, _: Option<&T>) -> ErrorList { ErrorList::new() }
/// fn prep(_: &Context, _: &mut T, _: Option<&T>) {}
/// let p = FnPair::new("v1", "T", hv, prep, &["/status"]).with_strategy(Strategy::default().declarative_enforcement(true));
/// assert_eq!(p.subresources(), &["/status"]);
/// assert!(p.strategy().declarative_enforcement);
/// ```
pub struct FnPair<T> {
    api_version: &'static str,
    kind: &'static str,
    handwritten: HandwrittenFn<T>,
    prepare: PrepareFn<T>,
    subresources: &'static [&'static str],
    strategy: Strategy,
    fixture: bool,
    declarative: Option<DeclarativeFn<T>>,
    declarative_subresources: Option<&'static [&'static str]>,
    body: Option<BodyHandler<T>>,
    generic_registry: Option<GenericRegistry<T>>,
}

impl<T> FnPair<T> {
    /// A pair from the pair convention's functions.
    ///
    /// ```
    /// use dv_harness_engine::pair::{FnPair, Pair};
    /// use declarative::api::core::v1::ReplicationController;
    /// use handwritten::core::v1::replication_controller as rc;
    /// let p = FnPair::<ReplicationController>::new("v1", "ReplicationController",
    ///     rc::validate, rc::prepare, rc::SUBRESOURCES);
    /// assert_eq!(p.kind(), "ReplicationController");
    /// assert!(!p.rules().is_empty());
    /// ```
    pub fn new(
        api_version: &'static str,
        kind: &'static str,
        handwritten: HandwrittenFn<T>,
        prepare: PrepareFn<T>,
        subresources: &'static [&'static str],
    ) -> FnPair<T> {
        FnPair {
            api_version,
            kind,
            handwritten,
            prepare,
            subresources,
            strategy: Strategy::default(),
            fixture: false,
            declarative: None,
            declarative_subresources: None,
            body: None,
            generic_registry: None,
        }
    }

    /// This pair with the kind's generic registry step (its scope and
    /// metadata checks, [`crate::generic_registry`]).
    ///
    /// ```
    /// use apimachinery::field::ErrorList;
    /// use dv_harness_engine::{generic_registry::GenericRegistry, pair::{FnPair, Pair}};
    /// use declarative::api::core::v1::ReplicationController;
    /// use handwritten::core::v1::replication_controller as rc;
    /// fn none(_: &ReplicationController, _: bool) -> ErrorList { ErrorList::new() }
    /// fn none2(_: &ReplicationController, _: &ReplicationController, _: bool) -> ErrorList { ErrorList::new() }
    /// let p = FnPair::<ReplicationController>::new("v1", "ReplicationController",
    ///     rc::validate, rc::prepare, rc::SUBRESOURCES);
    /// assert!(p.generic_registry().is_none());
    /// let p = p.with_generic_registry(GenericRegistry::new(true, none, none2));
    /// assert!(p.generic_registry().unwrap().namespace_scoped);
    /// ```
    pub fn with_generic_registry(mut self, registry: GenericRegistry<T>) -> FnPair<T> {
        self.generic_registry = Some(registry);
        self
    }

    /// This pair with a subresource whose request body is another kind
    /// (`/scale` takes a `Scale`): see [`crate::body`].
    pub fn with_body(mut self, handler: BodyHandler<T>) -> FnPair<T> {
        self.body = Some(handler);
        self
    }

    /// This pair with the strategy's own declarative entry point: `declarative`
    /// replaces `obj.validate(ctx, old)`, and only the root and the listed
    /// subresources run declarative validation (the others are not wired).
    /// A module following the pair convention exposes them as
    /// `declarative` and `DECLARATIVE_SUBRESOURCES`.
    ///
    /// ```
    /// use apimachinery::operation::Context;
    /// use dv_harness_engine::pair::{FnPair, Pair};
    /// use declarative::api::core::v1::ReplicationController;
    /// use handwritten::core::v1::replication_controller as rc;
    /// let p = FnPair::<ReplicationController>::new("v1", "ReplicationController",
    ///     rc::validate, rc::prepare, rc::SUBRESOURCES)
    ///     .with_declarative(rc::declarative, rc::DECLARATIVE_SUBRESOURCES);
    /// assert!(p.declarative_wired(&Context::update()));
    /// assert!(p.declarative_wired(&Context::update().subresource("/scale")));
    /// assert!(!p.declarative_wired(&Context::update().subresource("/status")));
    /// ```
    pub fn with_declarative(
        mut self,
        declarative: DeclarativeFn<T>,
        subresources: &'static [&'static str],
    ) -> FnPair<T> {
        self.declarative = Some(declarative);
        self.declarative_subresources = Some(subresources);
        self
    }

    /// This pair with strategy settings.
    ///
    /// ```
    /// use dv_harness_engine::pair::{FnPair, Pair};
    /// use declarative::api::core::v1::ReplicationController;
    /// use handwritten::core::v1::replication_controller as rc;
    /// use dv_harness_engine::pair::Strategy;
    /// let p = FnPair::<ReplicationController>::new("v1", "ReplicationController",
    ///     rc::validate, rc::prepare, rc::SUBRESOURCES)
    ///     .with_strategy(Strategy::default().option("PodDeletionCost", true));
    /// assert_eq!(p.strategy().options.len(), 1);
    /// ```
    pub fn with_strategy(mut self, strategy: Strategy) -> FnPair<T> {
        self.strategy = strategy;
        self
    }

    /// Marks this pair as a tag fixture (`kinds --json` reports `"fixture": true`).
    ///
    /// A fixture's hand-written twin stands for a rule in migration, so it is
    /// always compared under 1.36 semantics (every declarative error is a
    /// candidate). Under 1.37 only alpha/beta errors are compared, because
    /// the hand-written code of a stable rule is gone: the covered twin errors
    /// of unprefixed fixture tags would have nothing to pair with.
    ///
    /// ```
    /// use dv_harness_engine::pair::{FnPair, Pair};
    /// use declarative::api::core::v1::ReplicationController;
    /// use handwritten::core::v1::replication_controller as rc;
    /// let p = FnPair::<ReplicationController>::new("v1", "ReplicationController",
    ///     rc::validate, rc::prepare, rc::SUBRESOURCES).fixture();
    /// assert!(p.is_fixture());
    /// assert_eq!(p.semantics(), Some(dv_harness_engine::lifecycle::Semantics::V1_36));
    /// ```
    pub fn fixture(mut self) -> FnPair<T> {
        self.fixture = true;
        self
    }
}

impl<T> Pair for FnPair<T>
where
    T: Validate + Clone + Serialize + DeserializeOwned,
{
    type Object = T;
    fn kind(&self) -> &str {
        self.kind
    }
    fn api_version(&self) -> &str {
        self.api_version
    }
    fn handwritten(&self, ctx: &Context, obj: &T, old: Option<&T>) -> ErrorList {
        (self.handwritten)(ctx, obj, old)
    }
    fn declarative(&self, ctx: &Context, obj: &T, old: Option<&T>) -> ErrorList {
        match self.declarative {
            Some(f) => f(ctx, obj, old),
            None => obj.validate(ctx, old),
        }
    }
    fn prepare(&self, ctx: &Context, obj: &mut T, old: Option<&T>) {
        (self.prepare)(ctx, obj, old)
    }
    fn declarative_wired(&self, ctx: &Context) -> bool {
        match self.declarative_subresources {
            Some(subs) => ctx.is_root() || subs.iter().any(|s| ctx.subresource_path_is(s)),
            None => true,
        }
    }
    fn subresources(&self) -> &[&'static str] {
        self.subresources
    }
    fn strategy(&self) -> Strategy {
        self.strategy.clone()
    }
    fn rules(&self) -> &'static [Rule] {
        T::rules()
    }
    fn is_fixture(&self) -> bool {
        self.fixture
    }
    fn semantics(&self) -> Option<Semantics> {
        self.fixture.then_some(Semantics::V1_36)
    }
    fn body_handler(&self) -> Option<&BodyHandler<T>> {
        self.body.as_ref()
    }
    fn generic_registry(&self) -> Option<&GenericRegistry<T>> {
        self.generic_registry.as_ref()
    }
}

/// Builds a [`FnPair`] from a declarative type and a hand-written module
/// that follows the pair convention (`validate`, `prepare`, `SUBRESOURCES`):
///
/// `pair!("v1", "ReplicationController", declarative::api::core::v1::ReplicationController, handwritten::core::v1::replication_controller)`
///
/// ```
/// mod dv {
///     #[derive(Clone, serde::Serialize, serde::Deserialize)]
///     pub struct Thing;
///     impl apimachinery::Validate for Thing {
///         fn validate_at(&self, _: &apimachinery::operation::Context, _: &apimachinery::field::Path<'_>, _: Option<&Self>) -> apimachinery::field::ErrorList { Default::default() }
///     }
/// }
/// mod hv {
///     use super::dv::Thing;
///     use apimachinery::{field::ErrorList, operation::Context};
///     pub const SUBRESOURCES: &[&str] = &["/status"];
///     pub fn validate(_: &Context, _: &Thing, _: Option<&Thing>) -> ErrorList { ErrorList::new() }
///     pub fn prepare(_: &Context, _: &mut Thing, _: Option<&Thing>) {}
/// }
/// fn main() {
///     let mut registry = dv_harness_engine::pair::Registry::new();
///     registry.register(dv_harness_engine::pair!("v1", "Thing", dv::Thing, hv)).unwrap();
///     assert_eq!(registry.find("Thing", None).unwrap().subresources(), &["/status"]);
/// }
/// ```
#[macro_export]
macro_rules! pair {
    ($api_version:expr, $kind:expr, $dv:ty, $($hv:ident)::+) => {
        $crate::pair::FnPair::<$dv>::new(
            $api_version,
            $kind,
            $($hv)::+::validate,
            $($hv)::+::prepare,
            $($hv)::+::SUBRESOURCES,
        )
    };
}

/// A case the CLI asks a type-erased pair to run (the `validate` subcommand).
#[derive(Debug, Clone, Default)]
pub struct ObjectRequest {
    /// The file the object came from (for messages).
    pub file: String,
    /// The object's JSON text.
    pub object: String,
    /// The old object's file and JSON text, for updates.
    pub old: Option<(String, String)>,
    /// Create or update.
    pub operation: Operation,
    /// The subresource (`""` = root).
    pub subresource: String,
    /// Gate overrides.
    pub gates: BTreeMap<String, bool>,
}

/// The result of running one case through a type-erased pair: the outcome
/// and the case in file form (for reproducers).
#[derive(Debug, Clone)]
pub struct Checked {
    /// What the engine found.
    pub outcome: Outcome,
    /// The case as a full-form case file.
    pub case_json: serde_json::Value,
    /// The same case file as text ([`Case::to_file_text`]): a member the
    /// validators kept as the bytes received (`runtime.RawExtension`) is
    /// there byte for byte, which `case_json` cannot hold. Reproducers are
    /// written from it.
    pub case_text: String,
}

/// An object of a pair's type with the type erased: what a generator
/// realises for the engine of that pair ([`DynPair::typed`],
/// [`JsonEngine::check_typed_verdict`]) without a JSON round trip in
/// between.
pub struct TypedObject(Box<dyn Any>);

impl std::fmt::Debug for TypedObject {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TypedObject(..)")
    }
}

impl TypedObject {
    /// `object` as a typed object.
    ///
    /// ```
    /// let t = dv_harness_engine::pair::TypedObject::new(5i32);
    /// assert_eq!(t.into_inner::<i32>().ok(), Some(5));
    /// ```
    pub fn new<T: 'static>(object: T) -> TypedObject {
        TypedObject(Box::new(object))
    }

    /// The object, if it is a `T` (else this typed object back).
    ///
    /// ```
    /// let t = dv_harness_engine::pair::TypedObject::new(5i32);
    /// assert!(t.into_inner::<String>().is_err());
    /// ```
    pub fn into_inner<T: 'static>(self) -> Result<T, TypedObject> {
        self.0.downcast::<T>().map(|b| *b).map_err(TypedObject)
    }
}

/// A [`Pair`] with its object type erased, as the registry holds it.
/// Implemented for every `Pair`.
pub trait DynPair: Send + Sync {
    /// The kind.
    fn kind(&self) -> &str;
    /// The apiVersion.
    fn api_version(&self) -> &str;
    /// The served subresources.
    fn subresources(&self) -> &[&'static str];
    /// The number of declarative rules.
    fn rule_count(&self) -> usize;
    /// Whether this is a tag fixture.
    fn is_fixture(&self) -> bool;
    /// The strategy's `NamespaceScoped()`, for a kind with a generic
    /// registry step; `None` for a type the registry does not serve (a tag
    /// fixture).
    ///
    /// ```
    /// let registry = dv_harness_kinds::registry().unwrap();
    /// let rc = registry.find("ReplicationController", None).unwrap();
    /// assert_eq!(rc.namespace_scoped(), Some(true));
    /// let csr = registry.find("CertificateSigningRequest", None).unwrap();
    /// assert_eq!(csr.namespace_scoped(), Some(false));
    /// ```
    fn namespace_scoped(&self) -> Option<bool>;
    /// The strategy settings.
    fn strategy(&self) -> Strategy;
    /// Parses a case file's text for this pair and runs it.
    fn check_text(
        &self,
        file: &str,
        text: &str,
        settings: &EngineSettings,
    ) -> Result<Checked, CaseError>;
    /// The keys of a case file's text that loading it for this pair
    /// ignores, each with its JSON path ([`crate::unknown_keys`]): a
    /// top-level key that is no case-file key, an object key the pair's
    /// type (or the request body's type) has no field for. A text that is
    /// no JSON object has none (loading it reports that).
    ///
    /// ```
    /// let registry = dv_harness_kinds::registry().unwrap();
    /// let pair = registry.find("ReplicationController", None).unwrap();
    /// let text = r#"{"kind":"ReplicationController","apiVersion":"v1","object":
    ///     {"spec":{"replica":1,"selector":{"any":"x"}}},"expect":[]}"#;
    /// let found: Vec<String> = pair.unknown_keys(text).iter().map(|p| p.to_string()).collect();
    /// assert_eq!(found, [
    ///     r#"unknown key "replica" at object.spec: ignored"#,
    ///     r#"unknown key "expect" at . (not a case-file key; did you mean "expected"?): ignored"#,
    /// ]);
    /// ```
    fn unknown_keys(&self, text: &str) -> Vec<CaseProblem>;
    /// Runs one object (and old object) given as JSON texts.
    fn check_object(
        &self,
        request: &ObjectRequest,
        settings: &EngineSettings,
    ) -> Result<Checked, CaseError>;
    /// The declarative rule inventory (generation, coverage and evidence use it).
    fn rules(&self) -> &'static [Rule];
    /// Deserialises `object` into the pair's type and serialises it back:
    /// the canonical JSON of the object, or why it is not one.
    fn roundtrip(&self, object: &serde_json::Value) -> Result<serde_json::Value, CaseProblem>;
    /// [`DynPair::roundtrip`] of a value it takes (strings are moved, not
    /// copied); the problem does not name the JSON path.
    ///
    /// ```
    /// let registry = dv_harness_kinds::registry().unwrap();
    /// let pair = registry.find("ReplicationController", None).unwrap();
    /// let v = serde_json::json!({"spec": {"replicas": 1}});
    /// assert_eq!(pair.roundtrip_from(v.clone()).unwrap(), pair.roundtrip(&v).unwrap());
    /// ```
    fn roundtrip_from(&self, object: serde_json::Value) -> Result<serde_json::Value, CaseProblem>;
    /// Deserialises `object` into the pair's type (as [`DynPair::roundtrip`]
    /// does before it serialises back), or says why it is not one.
    ///
    /// ```
    /// let registry = dv_harness_kinds::registry().unwrap();
    /// let pair = registry.find("ReplicationController", None).unwrap();
    /// assert!(pair.typed(&serde_json::json!({"spec": {"replicas": 1}})).is_ok());
    /// assert!(pair.typed(&serde_json::json!({"spec": 5})).is_err());
    /// ```
    fn typed(&self, object: &serde_json::Value) -> Result<TypedObject, CaseProblem>;
    /// [`DynPair::typed`] of a value it takes (strings are moved, not
    /// copied); the problem does not name the JSON path.
    ///
    /// ```
    /// let registry = dv_harness_kinds::registry().unwrap();
    /// let pair = registry.find("ReplicationController", None).unwrap();
    /// assert!(pair.typed_from(serde_json::json!({"spec": {"replicas": 1}})).is_ok());
    /// ```
    fn typed_from(&self, object: serde_json::Value) -> Result<TypedObject, CaseProblem>;
    /// [`DynPair::typed`] and [`DynPair::roundtrip`] of `object` from one
    /// deserialisation: the typed object and its canonical JSON.
    ///
    /// ```
    /// let registry = dv_harness_kinds::registry().unwrap();
    /// let pair = registry.find("ReplicationController", None).unwrap();
    /// let v = serde_json::json!({"spec": {"replicas": 1}});
    /// let (_typed, json) = pair.typed_roundtrip(&v).unwrap();
    /// assert_eq!(json, pair.roundtrip(&v).unwrap());
    /// ```
    fn typed_roundtrip(
        &self,
        object: &serde_json::Value,
    ) -> Result<(TypedObject, serde_json::Value), CaseProblem>;
    /// Runs a case whose objects are JSON values (generated cases); the
    /// objects must deserialise into the pair's type.
    fn check_json(
        &self,
        case: &Case<serde_json::Value>,
        settings: &EngineSettings,
    ) -> Result<Checked, CaseProblem>;
    /// The engine of this pair for `settings` (strategy and normalisation
    /// rules resolved once), running generated cases for their outcome
    /// only: what a hot loop such as a fuzz target needs (it builds the
    /// case file only for a finding).
    ///
    /// ```
    /// use dv_harness_engine::case::Case;
    /// let registry = dv_harness_kinds::registry().unwrap();
    /// let pair = registry.find("ReplicationController", None).unwrap();
    /// let case = Case::create(serde_json::json!({"metadata": {"name": "a", "namespace": "d"},
    ///     "spec": {"replicas": -1, "selector": {"a": "b"}}}));
    /// let settings = Default::default();
    /// let engine = pair.json_engine(&settings);
    /// let outcome = engine.check_json_outcome(case.clone()).unwrap();
    /// let checked = pair.check_json(&case, &settings).unwrap();
    /// assert_eq!(outcome.comparison.verdict, checked.outcome.comparison.verdict);
    /// assert_eq!(outcome.handwritten.errors, checked.outcome.handwritten.errors);
    /// assert!(engine.check_json_outcome(Case::create(serde_json::json!({"spec": 5}))).is_err());
    /// ```
    fn json_engine<'a>(&'a self, settings: &EngineSettings) -> Box<dyn JsonEngine + 'a>;
    /// The release semantics the pair is always compared under, if pinned
    /// ([`Pair::semantics`]).
    fn semantics(&self) -> Option<Semantics>;
}

/// Deserialises a JSON value; on failure the problem names the JSON path
/// (`spec.ports[0].port`, `.` for the top) as `serde_path_to_error` writes it.
fn from_value<T: DeserializeOwned>(value: &serde_json::Value) -> Result<T, CaseProblem> {
    read_value(value, serde_path_to_error::deserialize::<_, T>)
}

/// [`from_value`] for an object that comes from outside (a case file, a
/// request): a `null` the plain reading rejects is read as Go's decoder
/// reads it ([`crate::go_null`]). Generated objects keep the plain reading,
/// whose `null` errors the generator's repair relies on.
fn from_input_value<T: DeserializeOwned>(value: &serde_json::Value) -> Result<T, CaseProblem> {
    read_value(value, crate::go_null::from_value::<T>)
}

/// The plain deserialisation, and on failure `slow`, whose error names the
/// JSON path.
fn read_value<'v, T: DeserializeOwned>(
    value: &'v serde_json::Value,
    slow: impl FnOnce(&'v serde_json::Value) -> Result<T, serde_path_to_error::Error<serde_json::Error>>,
) -> Result<T, CaseProblem> {
    T::deserialize(value).or_else(|_| {
        slow(value).map_err(|e| CaseProblem::Type {
            path: e.path().to_string(),
            message: e.into_inner().to_string(),
        })
    })
}

/// Parses a case file for `pair`: a case whose `object` is the request body
/// of another kind that the case's subresource takes (a `/scale` `Scale`)
/// is read through the pair's [`BodyHandler`]: the body applied to the
/// stored object gives the object the strategy validates.
fn parse_pair_case<P: Pair + ?Sized>(pair: &P, text: &str) -> Result<Case<P::Object>, CaseProblem> {
    let Some(handler) = pair.body_handler() else {
        return parse_case(text);
    };
    let raw: Case<serde_json::Value> = parse_case(text)?;
    if !handler.takes(&raw.subresource, &raw.object) {
        return parse_case(text);
    }
    let Some(old_json) = &raw.old_object else {
        return Err(CaseProblem::Operation(format!(
            "a {} body at {} needs the stored object as \"oldObject\"",
            handler.kind, handler.subresource
        )));
    };
    if raw.operation != Operation::Update {
        return Err(CaseProblem::Operation(format!(
            "a {} body at {} is an update",
            handler.kind, handler.subresource
        )));
    }
    let old = from_input_value::<P::Object>(old_json).map_err(|p| match p {
        CaseProblem::Type { path, message } => CaseProblem::Type {
            path: format!("oldObject.{path}"),
            message,
        },
        other => other,
    })?;
    let body = handler.parse(&raw.object)?;
    let object = handler
        .apply(&body, &old)
        .ok_or_else(|| CaseProblem::Type {
            path: "object".to_string(),
            message: format!("not a {}", handler.kind),
        })?;
    Ok(Case {
        operation: raw.operation,
        subresource: raw.subresource,
        object,
        old_object: Some(old),
        gates: raw.gates,
        expected: raw.expected,
        expected_handwritten: raw.expected_handwritten,
        notes: raw.notes,
        prepare: raw.prepare,
        registry: raw.registry,
        source: raw.source,
        body: Some(body),
    })
}

/// What an unknown gate's message says of the names that are known: the
/// nearest name, the release's feature gates, and the pair's own options.
fn unknown_gate_hint(strategy: &Strategy, gate: &str, semantics: Semantics) -> String {
    let options: Vec<&str> = strategy
        .options
        .iter()
        .map(|(name, _)| name.as_str())
        .filter(|name| crate::feature_gates::find(semantics, name).is_none())
        .collect();
    let nearest = crate::feature_gates::nearest(semantics, gate).or_else(|| {
        options
            .iter()
            .copied()
            .find(|o| o.eq_ignore_ascii_case(gate))
    });
    let mut hint = String::new();
    if let Some(name) = nearest {
        hint.push_str(&format!("did you mean {name:?}? "));
    }
    hint.push_str(&format!(
        "known: the {} feature gates of Kubernetes {semantics} (`dv-harness gates`), {}",
        crate::feature_gates::table(semantics).len(),
        crate::lifecycle::LIFECYCLE_GATES.join(", ")
    ));
    if !options.is_empty() {
        hint.push_str(&format!(", and the pair's options {}", options.join(", ")));
    }
    hint
}

/// A `validate` request as a full-form case file, for an isolated run and
/// for a request body of another kind (read as [`parse_pair_case`] reads a
/// case file); `None` when its texts are no JSON or its operation and old
/// object disagree (the in-place run reports those).
///
/// The document's text carries the object texts as they are (whitespace
/// included), so a raw member (`runtime.RawExtension`) keeps the bytes
/// the request sent when the document is read again.
fn request_case_doc<P: Pair + ?Sized>(pair: &P, request: &ObjectRequest) -> Option<RequestDoc> {
    let object_raw = serde_json::from_str::<&serde_json::value::RawValue>(&request.object).ok()?;
    let old_raw = match &request.old {
        Some((_, text)) => Some(serde_json::from_str::<&serde_json::value::RawValue>(text).ok()?),
        None => None,
    };
    if (request.operation == Operation::Update) != old_raw.is_some() {
        return None;
    }
    let object = serde_json::from_str::<serde_json::Value>(object_raw.get()).ok()?;
    let text = serde_json::to_string(&RequestDocText {
        kind: pair.kind(),
        api_version: pair.api_version(),
        operation: request.operation,
        subresource: &request.subresource,
        object: object_raw,
        old_object: old_raw,
        gates: &request.gates,
    })
    .ok()?;
    Some(RequestDoc { object, text })
}

/// A `validate` request as a case file ([`request_case_doc`]).
struct RequestDoc {
    /// The object, parsed.
    object: serde_json::Value,
    /// The case file's text.
    text: String,
}

/// The members of a request's case file, the objects as their texts.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RequestDocText<'a> {
    kind: &'a str,
    api_version: &'a str,
    operation: Operation,
    subresource: &'a str,
    object: &'a serde_json::value::RawValue,
    old_object: Option<&'a serde_json::value::RawValue>,
    gates: &'a BTreeMap<String, bool>,
}

/// Runs a parsed case of `pair` from `file`: its gates and subresource
/// checked, then the engine; the result with the case in file form.
fn run_case<P: Pair + ?Sized>(
    pair: &P,
    file: &str,
    case: &Case<P::Object>,
    settings: &EngineSettings,
) -> Result<Checked, CaseError> {
    check_case_shape(
        pair,
        file,
        &case.subresource,
        &case.gates,
        settings.semantics,
    )?;
    let engine = Engine::new(pair, settings.clone());
    reject_before_validation(&engine, case).map_err(|p| CaseError::new(file, p))?;
    let outcome = engine.check(case);
    Ok(Checked {
        outcome,
        case_json: case.to_file_json(pair.api_version(), pair.kind()),
        case_text: case.to_file_text(pair.api_version(), pair.kind()),
    })
}

/// A request the API server rejects before any validation (a request body
/// the update handler does not accept on the API-server path,
/// [`Engine::settled_body`]) as an input problem: it has no validation
/// outcome to compare ([`crate::body`]).
fn reject_before_validation<P: Pair + ?Sized>(
    engine: &Engine<'_, P>,
    case: &Case<P::Object>,
) -> Result<(), CaseProblem> {
    engine
        .settled_body(case)
        .map(|_| ())
        .map_err(CaseProblem::BadRequest)
}

fn check_case_shape<P: Pair + ?Sized>(
    pair: &P,
    file: &str,
    subresource: &str,
    gates: &BTreeMap<String, bool>,
    semantics: Semantics,
) -> Result<(), CaseError> {
    let semantics = pair.semantics().unwrap_or(semantics);
    // The strategy (a copy) only for a gate that is neither a lifecycle
    // gate nor a Kubernetes feature gate: a generated case per fuzz
    // execution is checked here.
    let mut strategy: Option<Strategy> = None;
    for gate in gates.keys() {
        let known = crate::lifecycle::LIFECYCLE_GATES.contains(&gate.as_str())
            || crate::feature_gates::find(semantics, gate).is_some()
            || strategy
                .get_or_insert_with(|| pair.strategy())
                .options
                .iter()
                .any(|(name, _)| name == gate);
        if !known {
            let strategy = strategy.get_or_insert_with(|| pair.strategy());
            return Err(CaseError::new(
                file,
                CaseProblem::UnknownGate {
                    gate: gate.clone(),
                    known: unknown_gate_hint(strategy, gate, semantics),
                },
            ));
        }
    }
    let served = |path: &str| apimachinery::operation::subresource_path_is(subresource, path);
    if !served("/") && !pair.subresources().iter().any(|s| served(s)) {
        return Err(CaseError::new(
            file,
            CaseProblem::UnknownSubresource {
                subresource: subresource.to_string(),
                kind: pair.kind().to_string(),
                served: if pair.subresources().is_empty() {
                    "none".to_string()
                } else {
                    pair.subresources().join(", ")
                },
            },
        ));
    }
    Ok(())
}

impl<P: Pair> DynPair for P
where
    P::Object: 'static,
{
    fn kind(&self) -> &str {
        Pair::kind(self)
    }
    fn api_version(&self) -> &str {
        Pair::api_version(self)
    }
    fn subresources(&self) -> &[&'static str] {
        Pair::subresources(self)
    }
    fn rule_count(&self) -> usize {
        Pair::rules(self).len()
    }
    fn is_fixture(&self) -> bool {
        Pair::is_fixture(self)
    }
    fn namespace_scoped(&self) -> Option<bool> {
        Pair::generic_registry(self).map(|r| r.namespace_scoped)
    }
    fn strategy(&self) -> Strategy {
        Pair::strategy(self)
    }

    fn check_text(
        &self,
        file: &str,
        text: &str,
        settings: &EngineSettings,
    ) -> Result<Checked, CaseError> {
        if let Some(isolator) = &settings.isolator {
            let request = crate::isolate::Request {
                kind: Pair::kind(self).to_string(),
                api_version: Pair::api_version(self).to_string(),
                file: file.to_string(),
                text: text.to_string(),
                no_prepare: settings.no_prepare,
            };
            return isolator.check_text(request, settings, |local| {
                self.check_text(file, text, local)
            });
        }
        let mut case: Case<P::Object> =
            parse_pair_case(self, text).map_err(|p| CaseError::new(file, p))?;
        if settings.no_prepare {
            case.prepare = false;
        }
        run_case(self, file, &case, settings)
    }

    fn unknown_keys(&self, text: &str) -> Vec<CaseProblem> {
        let Ok(doc) = serde_json::from_str::<serde_json::Value>(text) else {
            return Vec::new();
        };
        let subresource = doc
            .get("subresource")
            .and_then(serde_json::Value::as_str)
            .unwrap_or_default();
        let handler = self.body_handler().filter(|h| {
            doc.get("object")
                .is_some_and(|object| h.takes(subresource, object))
        });
        let read_body =
            handler.map(|h| move |v: &serde_json::Value, at: &str| h.unknown_keys(v, at));
        let body: Option<crate::unknown_keys::BodyReader<'_>> = read_body.as_ref().map(|f| f as _);
        crate::unknown_keys::case_unknown_keys::<P::Object>(&doc, body)
    }

    fn check_object(
        &self,
        request: &ObjectRequest,
        settings: &EngineSettings,
    ) -> Result<Checked, CaseError> {
        let doc = request_case_doc(self, request);
        // A request body of another kind (a `/scale` `Scale`) is a case file.
        if let Some(doc) = &doc
            && self
                .body_handler()
                .is_some_and(|h| h.takes(&request.subresource, &doc.object))
        {
            return DynPair::check_text(self, &request.file, &doc.text, settings);
        }
        if let Some(isolator) = &settings.isolator
            && let Some(doc) = doc
        {
            let isolated = crate::isolate::Request {
                kind: Pair::kind(self).to_string(),
                api_version: Pair::api_version(self).to_string(),
                file: request.file.clone(),
                text: doc.text,
                no_prepare: settings.no_prepare,
            };
            return isolator.check_text(isolated, settings, |local| {
                self.check_object(request, local)
            });
        }
        let object: P::Object =
            parse_object(&request.object).map_err(|p| CaseError::new(&request.file, p))?;
        let old = match &request.old {
            Some((file, text)) => {
                Some(parse_object::<P::Object>(text).map_err(|p| CaseError::new(file, p))?)
            }
            None => None,
        };
        let mut case = match (request.operation, old) {
            (Operation::Create, None) => Case::create(object),
            (Operation::Update, Some(old)) => Case::update(object, old),
            (Operation::Update, None) => {
                return Err(CaseError::new(
                    &request.file,
                    CaseProblem::Operation("--op update needs --old FILE".to_string()),
                ));
            }
            (Operation::Create, Some(_)) => {
                return Err(CaseError::new(
                    &request.file,
                    CaseProblem::Operation("--old is only for --op update".to_string()),
                ));
            }
        };
        case = case
            .subresource(&request.subresource)
            .prepared(!settings.no_prepare);
        case.gates = request.gates.clone();
        run_case(self, &request.file, &case, settings)
    }

    fn rules(&self) -> &'static [Rule] {
        Pair::rules(self)
    }

    fn semantics(&self) -> Option<Semantics> {
        Pair::semantics(self)
    }

    fn roundtrip(&self, object: &serde_json::Value) -> Result<serde_json::Value, CaseProblem> {
        canonical(&from_value::<P::Object>(object)?)
    }

    fn roundtrip_from(&self, object: serde_json::Value) -> Result<serde_json::Value, CaseProblem> {
        canonical(&from_owned_value::<P::Object>(object)?)
    }

    fn typed(&self, object: &serde_json::Value) -> Result<TypedObject, CaseProblem> {
        from_value::<P::Object>(object).map(TypedObject::new)
    }

    fn typed_from(&self, object: serde_json::Value) -> Result<TypedObject, CaseProblem> {
        from_owned_value::<P::Object>(object).map(TypedObject::new)
    }

    fn typed_roundtrip(
        &self,
        object: &serde_json::Value,
    ) -> Result<(TypedObject, serde_json::Value), CaseProblem> {
        let typed = from_value::<P::Object>(object)?;
        let json = canonical(&typed)?;
        Ok((TypedObject::new(typed), json))
    }

    fn check_json(
        &self,
        case: &Case<serde_json::Value>,
        settings: &EngineSettings,
    ) -> Result<Checked, CaseProblem> {
        if let Some(isolator) = &settings.isolator {
            return isolator.check_case(
                Pair::kind(self),
                Pair::api_version(self),
                case,
                settings,
                |local| self.check_json(case, local),
            );
        }
        let typed = typed_case(self, case, settings.semantics)?;
        let engine = Engine::new(self, settings.clone());
        reject_before_validation(&engine, &typed)?;
        let outcome = engine.check(&typed);
        Ok(Checked {
            outcome,
            case_json: typed.to_file_json(Pair::api_version(self), Pair::kind(self)),
            case_text: typed.to_file_text(Pair::api_version(self), Pair::kind(self)),
        })
    }

    fn json_engine<'a>(&'a self, settings: &EngineSettings) -> Box<dyn JsonEngine + 'a> {
        Box::new(PairEngine {
            pair: self,
            engine: Engine::new(self, settings.clone()),
            settings: settings.clone(),
        })
    }
}

/// An engine built once for a type-erased pair ([`DynPair::json_engine`]).
pub trait JsonEngine: Send + Sync {
    /// Runs a generated case (its objects must deserialise into the pair's
    /// type) and returns the engine's outcome. The case is taken: its JSON
    /// objects are moved into the pair's type, not copied. An object that
    /// does not deserialise is a [`CaseProblem::Type`] without the JSON
    /// path ([`DynPair::check_json`] names it).
    fn check_json_outcome(&self, case: Case<serde_json::Value>) -> Result<Outcome, CaseProblem>;

    /// The verdict of a generated case, as [`JsonEngine::check_json_outcome`]
    /// gives it, without the rest of the outcome ([`Engine::verdict`]).
    ///
    /// ```
    /// use dv_harness_engine::case::Case;
    /// let registry = dv_harness_kinds::registry().unwrap();
    /// let pair = registry.find("ReplicationController", None).unwrap();
    /// let engine = pair.json_engine(&Default::default());
    /// let case = Case::create(serde_json::json!({"metadata": {"name": "a"}, "spec": {"replicas": -1}}));
    /// assert_eq!(engine.check_json_verdict(case.clone()).unwrap(),
    ///     engine.check_json_outcome(case).unwrap().comparison.verdict);
    /// ```
    fn check_json_verdict(&self, case: Case<serde_json::Value>) -> Result<Verdict, CaseProblem>;

    /// The verdict of a case whose objects are already of the pair's type
    /// ([`DynPair::typed`]); an object of another type is a
    /// [`CaseProblem::Type`].
    ///
    /// ```
    /// use dv_harness_engine::case::Case;
    /// let registry = dv_harness_kinds::registry().unwrap();
    /// let pair = registry.find("ReplicationController", None).unwrap();
    /// let engine = pair.json_engine(&Default::default());
    /// let object = serde_json::json!({"metadata": {"name": "a"}, "spec": {"replicas": -1}});
    /// let typed = Case::create(pair.typed(&object).unwrap());
    /// assert_eq!(engine.check_typed_verdict(typed).unwrap(),
    ///     engine.check_json_verdict(Case::create(object)).unwrap());
    /// let wrong = Case::create(dv_harness_engine::pair::TypedObject::new(5i32));
    /// assert!(engine.check_typed_verdict(wrong).is_err());
    /// ```
    fn check_typed_verdict(&self, case: Case<TypedObject>) -> Result<Verdict, CaseProblem>;
}

struct PairEngine<'p, P: Pair> {
    pair: &'p P,
    engine: Engine<'p, P>,
    /// The settings, for an isolated run ([`EngineSettings::isolator`]).
    settings: EngineSettings,
}

/// A deserialised object serialised back: its canonical JSON.
fn canonical<T: Serialize>(typed: &T) -> Result<serde_json::Value, CaseProblem> {
    serde_json::to_value(typed).map_err(|e| CaseProblem::Type {
        path: "(object)".to_string(),
        message: e.to_string(),
    })
}

/// Deserialises a JSON value it takes (strings are moved, not copied).
fn from_owned_value<T: DeserializeOwned>(value: serde_json::Value) -> Result<T, CaseProblem> {
    T::deserialize(value).map_err(|e| CaseProblem::Type {
        path: "(object)".to_string(),
        message: e.to_string(),
    })
}

impl<P: Pair> PairEngine<'_, P> {
    /// A generated case as a case of the pair's type (its objects moved).
    fn typed(&self, case: Case<serde_json::Value>) -> Result<Case<P::Object>, CaseProblem> {
        check_case_shape(
            self.pair,
            "(generated)",
            &case.subresource,
            &case.gates,
            self.engine.semantics(),
        )
        .map_err(|e| e.problem)?;
        case.try_map_objects(from_owned_value::<P::Object>)
    }
}

impl<P: Pair> JsonEngine for PairEngine<'_, P>
where
    P::Object: 'static,
{
    fn check_json_outcome(&self, case: Case<serde_json::Value>) -> Result<Outcome, CaseProblem> {
        if self.settings.isolator.is_some() {
            return DynPair::check_json(self.pair, &case, &self.settings).map(|c| c.outcome);
        }
        Ok(self.engine.check(&self.typed(case)?))
    }

    fn check_json_verdict(&self, case: Case<serde_json::Value>) -> Result<Verdict, CaseProblem> {
        if self.settings.isolator.is_some() {
            return DynPair::check_json(self.pair, &case, &self.settings)
                .map(|c| c.outcome.comparison.verdict);
        }
        Ok(self.engine.verdict(self.typed(case)?))
    }

    fn check_typed_verdict(&self, case: Case<TypedObject>) -> Result<Verdict, CaseProblem> {
        check_case_shape(
            self.pair,
            "(generated)",
            &case.subresource,
            &case.gates,
            self.engine.semantics(),
        )
        .map_err(|e| e.problem)?;
        Ok(self
            .engine
            .verdict(case.try_map_objects(of_pair_type::<P::Object>)?))
    }
}

/// The object of a typed object made for this pair.
fn of_pair_type<T: 'static>(object: TypedObject) -> Result<T, CaseProblem> {
    object.into_inner::<T>().map_err(|_| CaseProblem::Type {
        path: "(object)".to_string(),
        message: format!("not a {}", std::any::type_name::<T>()),
    })
}

/// A case with JSON objects as a case of the pair's type, its subresource
/// and gates checked against the pair.
fn typed_case<P: Pair>(
    pair: &P,
    case: &Case<serde_json::Value>,
    semantics: Semantics,
) -> Result<Case<P::Object>, CaseProblem> {
    let typed = Case {
        operation: case.operation,
        subresource: case.subresource.clone(),
        object: from_input_value::<P::Object>(&case.object)?,
        old_object: match &case.old_object {
            Some(old) => Some(from_input_value::<P::Object>(old)?),
            None => None,
        },
        gates: case.gates.clone(),
        expected: case.expected.clone(),
        expected_handwritten: case.expected_handwritten.clone(),
        notes: case.notes.clone(),
        prepare: case.prepare,
        registry: case.registry,
        source: case.source.clone(),
        body: case.body.clone(),
    };
    check_case_shape(
        pair,
        "(generated)",
        &typed.subresource,
        &typed.gates,
        semantics,
    )
    .map_err(|e| e.problem)?;
    Ok(typed)
}

/// A registry problem: two pairs registered under one (apiVersion, kind).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("pair {api_version}/{kind} registered twice")]
pub struct DuplicatePair {
    /// The apiVersion.
    pub api_version: String,
    /// The kind.
    pub kind: String,
}

/// The registered pairs, keyed by (apiVersion, kind).
///
/// ```
/// let registry = dv_harness_kinds::registry().unwrap();
/// for pair in registry.iter() {
///     assert!(!pair.kind().is_empty());
/// }
/// ```
#[derive(Default)]
pub struct Registry {
    pairs: BTreeMap<(String, String), Box<dyn DynPair>>,
}

impl Registry {
    /// An empty registry.
    ///
    /// ```
    /// assert_eq!(dv_harness_engine::pair::Registry::new().iter().count(), 0);
    /// ```
    pub fn new() -> Registry {
        Registry::default()
    }

    /// Adds a pair; a second pair for the same (apiVersion, kind) is an error.
    ///
    /// ```
    /// let mut registry = dv_harness_engine::pair::Registry::new();
    /// let rc = dv_harness_engine::pair!("v1", "ReplicationController",
    ///     declarative::api::core::v1::ReplicationController,
    ///     handwritten::core::v1::replication_controller);
    /// registry.register(rc).unwrap();
    /// let again = dv_harness_engine::pair!("v1", "ReplicationController",
    ///     declarative::api::core::v1::ReplicationController,
    ///     handwritten::core::v1::replication_controller);
    /// assert!(registry.register(again).is_err());
    /// ```
    pub fn register<P: Pair + 'static>(&mut self, pair: P) -> Result<&mut Registry, DuplicatePair> {
        let key = (
            Pair::api_version(&pair).to_string(),
            Pair::kind(&pair).to_string(),
        );
        if self.pairs.contains_key(&key) {
            return Err(DuplicatePair {
                api_version: key.0,
                kind: key.1,
            });
        }
        self.pairs.insert(key, Box::new(pair));
        Ok(self)
    }

    /// Every pair, ordered by (apiVersion, kind).
    ///
    /// ```
    /// assert_eq!(dv_harness_engine::pair::Registry::new().iter().count(), 0);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = &dyn DynPair> {
        self.pairs.values().map(|p| p.as_ref())
    }

    /// The pair for a kind, and apiVersion when given (a kind registered
    /// under several apiVersions then needs one).
    ///
    /// ```
    /// use dv_harness_engine::case::CaseProblem;
    /// let err = dv_harness_engine::pair::Registry::new().find("Nope", None).err().unwrap();
    /// assert!(matches!(err, CaseProblem::UnknownKind { .. }));
    /// ```
    pub fn find(&self, kind: &str, api_version: Option<&str>) -> Result<&dyn DynPair, CaseProblem> {
        let mut found = self
            .pairs
            .iter()
            .filter(|((v, k), _)| k == kind && api_version.is_none_or(|want| want == v));
        match (found.next(), found.next()) {
            (Some((_, p)), None) => Ok(p.as_ref()),
            _ => Err(CaseProblem::UnknownKind {
                kind: kind.to_string(),
                api_version: api_version.unwrap_or("").to_string(),
                registered: self.registered_names(),
            }),
        }
    }

    /// The pair a case file's header names.
    ///
    /// ```
    /// use dv_harness_engine::case::CaseHeader;
    /// let h = CaseHeader::peek(r#"{"kind":"Nope","apiVersion":"v1"}"#).unwrap();
    /// assert!(dv_harness_engine::pair::Registry::new().for_header(&h).is_err());
    /// ```
    pub fn for_header(&self, header: &CaseHeader) -> Result<&dyn DynPair, CaseProblem> {
        self.find(&header.kind, Some(&header.api_version))
    }

    fn registered_names(&self) -> String {
        if self.pairs.is_empty() {
            return "none".to_string();
        }
        self.pairs
            .keys()
            .map(|(v, k)| format!("{v}/{k}"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}
