//! What a registry needs to know about a kind besides its validators: the
//! per-kind data of its strategy, as plain values a hand-written module
//! declares next to the options and functions it defines.
//!
//! A hand-written module of the pair convention (`validate`, `prepare`,
//! `SUBRESOURCES`) adds one `pub const REGISTRATION: Registration<Kind>`:
//! the kind's apiVersion, whether it is namespace scoped, the validation options its strategy defines (with
//! their defaults), normalisation rules, the strategy's own declarative
//! entry point and a request body of another kind (`/scale` takes a
//! `Scale`), each left at its default when the strategy has none. A
//! registry turns it into its own pair type; this module has no behaviour.
//!
//! ```
//! use apimachinery::registration::Registration;
//! pub struct Thing;
//! pub const GATE: &str = "ThingGate";
//! pub const REGISTRATION: Registration<Thing> = Registration {
//!     options: &[(GATE, true)],
//!     ..Registration::new("example.io/v1")
//! };
//! assert_eq!(REGISTRATION.api_version, "example.io/v1");
//! assert_eq!(REGISTRATION.options, &[("ThingGate", true)]);
//! assert!(REGISTRATION.declarative.is_none() && REGISTRATION.body.is_none());
//! ```

use crate::field::ErrorList;
use crate::operation::Context;
use serde::{Deserialize, Deserializer};

/// The registration data of kind `T` whose subresource may take a request
/// body of type `B` (none: [`NoBody`]).
pub struct Registration<T: 'static, B: 'static = NoBody> {
    /// The apiVersion the kind is served under, e.g. `v1` or `storage.k8s.io/v1`.
    pub api_version: &'static str,
    /// The strategy's `NamespaceScoped()`: whether objects of the kind live
    /// in a namespace. The generic registry's metadata checks require a
    /// namespace when it does and forbid one when it does not.
    pub namespace_scoped: bool,
    /// The validation options (usually feature gates) the strategy reads,
    /// with their default state, in the order they are reported.
    pub options: &'static [(&'static str, bool)],
    /// `(pattern, replacement)` field-path normalisation rules the strategy
    /// passes (`WithNormalizationRules`).
    pub normalization_rules: &'static [(&'static str, &'static str)],
    /// 1.36: the strategy passes `WithDeclarativeEnforcement()`.
    pub declarative_enforcement: bool,
    /// 1.37: the strategy sets `ShortCircuitMismatch`.
    pub short_circuit_mismatch: bool,
    /// The strategy's own declarative entry point, when it is not simply
    /// the type's derived validator.
    pub declarative: Option<DeclarativeEntry<T>>,
    /// A subresource whose request body is another kind.
    pub body: Option<BodyEntry<B, T>>,
}

impl<T: 'static, B: 'static> Registration<T, B> {
    /// A registration under `api_version` with nothing else: namespace
    /// scoped (as most kinds are; a cluster-scoped kind says
    /// `namespace_scoped: false`), no options, rules, entry point or body;
    /// enforcement and short-circuit off.
    ///
    /// ```
    /// let r = apimachinery::registration::Registration::<u8>::new("v1");
    /// assert!(r.namespace_scoped);
    /// assert!(r.options.is_empty() && r.normalization_rules.is_empty());
    /// assert!(!r.declarative_enforcement && !r.short_circuit_mismatch);
    /// ```
    pub const fn new(api_version: &'static str) -> Registration<T, B> {
        Registration {
            api_version,
            namespace_scoped: true,
            options: &[],
            normalization_rules: &[],
            declarative_enforcement: false,
            short_circuit_mismatch: false,
            declarative: None,
            body: None,
        }
    }
}

/// A strategy's own declarative entry point: `validate` replaces the
/// derived validator, and declarative validation runs only on the root and
/// on `subresources` (the strategy's other subresources are not wired).
pub struct DeclarativeEntry<T: 'static> {
    /// The declarative validation the strategy runs.
    pub validate: fn(&Context, &T, Option<&T>) -> ErrorList,
    /// The subresources besides the root that run it, e.g. `["/scale"]`.
    pub subresources: &'static [&'static str],
}

/// A subresource whose request body is of kind `B` rather than `T`: how the
/// body is applied to the stored object and how the request is validated
/// (context, body, the stored object with the body applied, the stored object).
///
/// The subresource's handler validates the body on its own before the
/// store's update (`validate_body`; Kubernetes' scale storage returns at
/// `ValidateScale`'s errors), so the API server's generic registry checks
/// of the parent run only for a body that passed it; `present` gives the
/// body a parent presents (`scaleFromRC`), for a request given as the
/// parent with the body applied. Before all of that, on the API-server
/// path, the update handler settles the body's namespace and name against
/// the request's URL (`settle`).
pub struct BodyEntry<B: 'static, T: 'static> {
    /// The subresource, e.g. `/scale`.
    pub subresource: &'static str,
    /// The body's kind, e.g. `Scale`.
    pub kind: &'static str,
    /// The body's apiVersion, e.g. `autoscaling/v1`.
    pub api_version: &'static str,
    /// The subresource handler's update of the stored object.
    pub apply: fn(&B, &T) -> T,
    /// The hand-written validation of the request.
    pub handwritten: fn(&Context, &B, &T, Option<&T>) -> ErrorList,
    /// The declarative validation of the request.
    pub declarative: fn(&Context, &B, &T, Option<&T>) -> ErrorList,
    /// The handler's own validation of the body, before the store's update
    /// of the parent: the request stops at its errors.
    pub validate_body: fn(&B) -> ErrorList,
    /// The body a parent presents at the subresource.
    pub present: fn(&T) -> B,
    /// The update handler's work on the body before anything validates it,
    /// on the API-server path, given the stored parent (whose namespace and
    /// name the request's URL names): `Ok(None)` leaves the body as it is,
    /// `Ok(Some(body))` is the body the handler hands on (an unset
    /// namespace made the request's), `Err` a request the handler rejects
    /// before validation.
    pub settle: fn(&B, &T) -> Result<Option<B>, BadRequest>,
}

/// A request the API server's handler rejects before anything validates it:
/// a `BadRequest` status, not a field error, with Kubernetes' message.
///
/// ```
/// let e = apimachinery::registration::BadRequest::new("the namespace of the provided object does not match");
/// assert_eq!(e.to_string(), "BadRequest: the namespace of the provided object does not match");
/// assert_eq!(e.message(), "the namespace of the provided object does not match");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("BadRequest: {message}")]
pub struct BadRequest {
    message: String,
}

impl BadRequest {
    /// A rejection with Kubernetes' message.
    pub fn new(message: impl Into<String>) -> BadRequest {
        BadRequest {
            message: message.into(),
        }
    }

    /// Kubernetes' message.
    pub fn message(&self) -> &str {
        &self.message
    }
}

/// The body type of a kind none of whose subresources takes a body of
/// another kind: it has no values, so no JSON reads as one.
///
/// ```
/// use apimachinery::registration::NoBody;
/// assert!(serde_json::from_str::<NoBody>("{}").is_err());
/// assert!(serde_json::from_str::<NoBody>("null").is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoBody {}

impl<'de> Deserialize<'de> for NoBody {
    fn deserialize<D: Deserializer<'de>>(_: D) -> Result<NoBody, D::Error> {
        Err(serde::de::Error::custom(
            "this kind takes no request body of another kind",
        ))
    }
}
