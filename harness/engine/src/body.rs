//! Request bodies of another kind: a subresource whose request carries an
//! object other than the kind itself (`/scale` takes an `autoscaling/v1`
//! `Scale`). The case's `object` is then that body and `oldObject` the
//! stored parent; the pair's [`BodyHandler`] applies the body to the
//! stored object as the subresource's handler does, and validates the
//! request with the body in hand (DESIGN.md section 4). The handler also
//! tells whether the body passed the subresource handler's own validation
//! ([`BodyHandler::body_passes`]): the request stops there when it did not,
//! before the API server's generic registry checks of the parent
//! ([`crate::generic_registry`]).
//!
//! Before any of that, on the API-server path (the case's prepare step
//! runs), the update handler settles the body against the request's URL
//! ([`BodyHandler::settle`]; for `/scale`, apiserver 24a394e5
//! `pkg/endpoints/handlers/update.go`: `EnsureObjectNamespaceMatchesRequestNamespace`,
//! then `checkName`): a body without a namespace takes the request's, and a
//! body naming another namespace, or another name than the URL's, is a
//! `BadRequest`. A case has no URL: its request is taken to be made at the
//! stored parent's namespace and name (the object whose subresource it
//! updates). The engine validates the settled body
//! ([`crate::engine::Engine::settled_body`]); a case validated as written
//! (`"prepare": false`, as Kubernetes' tests call `ValidateScale` or the
//! scale storage directly) keeps the body as written.
//!
//! A body the handler rejects is no validation outcome: Kubernetes answers
//! with a status error before any validator runs, so neither side has
//! anything to compare, and recording the case as accepted (or as a field
//! error) would misstate what an API server does. Loading such a case on
//! the API-server path is therefore an input problem
//! ([`CaseProblem::BadRequest`]); the same body validated as written is a
//! case like any other. The engine itself, given such a case directly
//! (not through a case file), keeps the body as written.

use crate::case::CaseProblem;
use apimachinery::field::ErrorList;
use apimachinery::operation::Context;
use apimachinery::registration::{BadRequest, BodyEntry};
use serde::de::DeserializeOwned;
use std::any::Any;
use std::fmt;
use std::sync::Arc;

/// A request body of another kind, as JSON (for case files and
/// reproducers) and as the typed value its handler parsed.
#[derive(Clone)]
pub struct Body {
    /// The body as the case file holds it.
    pub json: serde_json::Value,
    value: Arc<dyn Any + Send + Sync>,
}

impl Body {
    /// A body from its JSON and its typed value.
    ///
    /// ```
    /// let b = dv_harness_engine::body::Body::new(serde_json::json!(3), 3i32);
    /// assert_eq!(b.value::<i32>(), Some(&3));
    /// assert!(b.value::<String>().is_none());
    /// ```
    pub fn new<B: Any + Send + Sync>(json: serde_json::Value, value: B) -> Body {
        Body {
            json,
            value: Arc::new(value),
        }
    }

    /// The typed value, if it is a `B`.
    pub fn value<B: Any>(&self) -> Option<&B> {
        self.value.downcast_ref::<B>()
    }
}

impl fmt::Debug for Body {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Body").field("json", &self.json).finish()
    }
}

impl PartialEq for Body {
    fn eq(&self, other: &Body) -> bool {
        self.json == other.json
    }
}

/// The validator of a request with a body: context, body, the object the
/// strategy validates (the stored object with the body applied), the stored object.
pub type BodyValidatorFn<B, T> = fn(&Context, &B, &T, Option<&T>) -> ErrorList;

/// How one subresource's request body of another kind is read, applied and
/// validated, for a pair whose object type is `T`.
pub struct BodyHandler<T> {
    /// The subresource, e.g. `/scale`.
    pub subresource: &'static str,
    /// The body's kind, e.g. `Scale`.
    pub kind: &'static str,
    /// The body's apiVersion, e.g. `autoscaling/v1`.
    pub api_version: &'static str,
    typed: Box<dyn TypedBody<T>>,
}

/// A handler's functions for one body type, behind the body's type erasure.
trait TypedBody<T>: Send + Sync {
    fn parse(&self, json: &serde_json::Value) -> Result<Body, CaseProblem>;
    fn apply(&self, body: &Body, old: &T) -> Option<T>;
    fn unknown_keys(&self, json: &serde_json::Value, at: &str) -> Vec<CaseProblem>;
    fn handwritten(
        &self,
        ctx: &Context,
        body: &Body,
        obj: &T,
        old: Option<&T>,
    ) -> Option<ErrorList>;
    fn declarative(
        &self,
        ctx: &Context,
        body: &Body,
        obj: &T,
        old: Option<&T>,
    ) -> Option<ErrorList>;
    fn body_passes(&self, body: Option<&Body>, obj: &T) -> bool;
    fn settle(&self, body: &Body, old: &T) -> Result<Option<Body>, BadRequest>;
}

struct Typed<B, T> {
    apply: fn(&B, &T) -> T,
    handwritten: BodyValidatorFn<B, T>,
    declarative: BodyValidatorFn<B, T>,
    validate_body: fn(&B) -> ErrorList,
    present: fn(&T) -> B,
    settle: fn(&B, &T) -> Result<Option<B>, BadRequest>,
}

impl<B, T> TypedBody<T> for Typed<B, T>
where
    B: DeserializeOwned + Any + Send + Sync,
{
    fn parse(&self, json: &serde_json::Value) -> Result<Body, CaseProblem> {
        let value: B = crate::go_null::from_value(json).map_err(|e| {
            let path = e.path().to_string();
            CaseProblem::Type {
                path: if path.is_empty() || path == "." {
                    "object".to_string()
                } else {
                    format!("object.{path}")
                },
                message: e.into_inner().to_string(),
            }
        })?;
        Ok(Body::new(json.clone(), value))
    }

    fn apply(&self, body: &Body, old: &T) -> Option<T> {
        body.value::<B>().map(|b| (self.apply)(b, old))
    }

    fn unknown_keys(&self, json: &serde_json::Value, at: &str) -> Vec<CaseProblem> {
        crate::unknown_keys::ignored_keys::<B>(json, at)
    }

    fn handwritten(
        &self,
        ctx: &Context,
        body: &Body,
        obj: &T,
        old: Option<&T>,
    ) -> Option<ErrorList> {
        body.value::<B>()
            .map(|b| (self.handwritten)(ctx, b, obj, old))
    }

    fn declarative(
        &self,
        ctx: &Context,
        body: &Body,
        obj: &T,
        old: Option<&T>,
    ) -> Option<ErrorList> {
        body.value::<B>()
            .map(|b| (self.declarative)(ctx, b, obj, old))
    }

    fn body_passes(&self, body: Option<&Body>, obj: &T) -> bool {
        match body.and_then(Body::value::<B>) {
            Some(b) => (self.validate_body)(b).is_empty(),
            None => (self.validate_body)(&(self.present)(obj)).is_empty(),
        }
    }

    fn settle(&self, body: &Body, old: &T) -> Result<Option<Body>, BadRequest> {
        let Some(b) = body.value::<B>() else {
            return Ok(None);
        };
        Ok((self.settle)(b, old)?.map(|settled| Body::new(body.json.clone(), settled)))
    }
}

impl<T: 'static> BodyHandler<T> {
    /// A handler for bodies of type `B`, as a kind's registration declares
    /// it: `apply` is the subresource handler's transformation of the
    /// stored object, `handwritten` and `declarative` validate the request,
    /// `validate_body` is the handler's own check of the body and
    /// `present` the body a stored object presents.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path};
    /// use apimachinery::operation::Context;
    /// use apimachinery::registration::BodyEntry;
    /// use dv_harness_engine::body::BodyHandler;
    /// fn apply(n: &i32, _old: &i64) -> i64 { i64::from(*n) }
    /// fn body(n: &i32) -> ErrorList {
    ///     if *n < 0 { Error::invalid(&Path::new("n"), *n, "").into() } else { ErrorList::new() }
    /// }
    /// fn check(_: &Context, n: &i32, _: &i64, _: Option<&i64>) -> ErrorList { body(n) }
    /// fn present(n: &i64) -> i32 { i32::try_from(*n).unwrap_or(i32::MAX) }
    /// fn settle(_: &i32, _: &i64) -> Result<Option<i32>, apimachinery::registration::BadRequest> { Ok(None) }
    /// let h = BodyHandler::<i64>::new(&BodyEntry {
    ///     subresource: "/scale", kind: "Scale", api_version: "autoscaling/v1", apply,
    ///     handwritten: check, declarative: check, validate_body: body, present, settle,
    /// });
    /// let b = h.parse(&serde_json::json!(-2)).unwrap();
    /// assert_eq!(h.apply(&b, &5), Some(-2));
    /// assert_eq!(h.handwritten(&Context::update(), &b, &-2, Some(&5)).unwrap().len(), 1);
    /// assert!(!h.body_passes(Some(&b), &-2));
    /// assert!(h.parse(&serde_json::json!("x")).is_err());
    /// ```
    pub fn new<B: DeserializeOwned + Any + Send + Sync>(entry: &BodyEntry<B, T>) -> BodyHandler<T> {
        BodyHandler {
            subresource: entry.subresource,
            kind: entry.kind,
            api_version: entry.api_version,
            typed: Box::new(Typed {
                apply: entry.apply,
                handwritten: entry.handwritten,
                declarative: entry.declarative,
                validate_body: entry.validate_body,
                present: entry.present,
                settle: entry.settle,
            }),
        }
    }
}

impl<T> BodyHandler<T> {
    /// Whether a case's `object` is this handler's body: the subresource
    /// matches and the object says it is of the body's kind.
    ///
    /// ```
    /// # use apimachinery::{field::ErrorList, operation::Context, registration::BodyEntry};
    /// # fn apply(n: &i32, _: &i64) -> i64 { i64::from(*n) }
    /// # fn check(_: &Context, _: &i32, _: &i64, _: Option<&i64>) -> ErrorList { ErrorList::new() }
    /// # fn body(_: &i32) -> ErrorList { ErrorList::new() }
    /// # fn present(_: &i64) -> i32 { 0 }
    /// # fn settle(_: &i32, _: &i64) -> Result<Option<i32>, apimachinery::registration::BadRequest> { Ok(None) }
    /// let h = dv_harness_engine::body::BodyHandler::<i64>::new(&BodyEntry {
    ///     subresource: "/scale", kind: "Scale", api_version: "autoscaling/v1", apply,
    ///     handwritten: check, declarative: check, validate_body: body, present, settle,
    /// });
    /// assert!(h.takes("/scale", &serde_json::json!({"kind": "Scale"})));
    /// assert!(h.takes("scale", &serde_json::json!({"kind": "Scale"})));
    /// assert!(!h.takes("/scale", &serde_json::json!({"kind": "ReplicationController"})));
    /// assert!(!h.takes("/status", &serde_json::json!({"kind": "Scale"})));
    /// ```
    pub fn takes(&self, subresource: &str, object: &serde_json::Value) -> bool {
        let wanted = self.subresource.trim_start_matches('/');
        subresource.trim_matches('/') == wanted
            && object.get("kind").and_then(serde_json::Value::as_str) == Some(self.kind)
    }

    /// Parses a body; a problem names its JSON path under `object`.
    pub fn parse(&self, json: &serde_json::Value) -> Result<Body, CaseProblem> {
        self.typed.parse(json)
    }

    /// The keys of a body that its type has no field for, with their
    /// JSON paths under `at` ([`crate::unknown_keys::ignored_keys`]).
    ///
    /// ```
    /// # use apimachinery::{field::ErrorList, operation::Context, registration::BodyEntry};
    /// # type Map = std::collections::BTreeMap<String, i32>;
    /// # fn apply(_: &Map, _: &i64) -> i64 { 0 }
    /// # fn check(_: &Context, _: &Map, _: &i64, _: Option<&i64>) -> ErrorList { ErrorList::new() }
    /// # fn body(_: &Map) -> ErrorList { ErrorList::new() }
    /// # fn present(_: &i64) -> Map { Map::new() }
    /// # fn settle(_: &Map, _: &i64) -> Result<Option<Map>, apimachinery::registration::BadRequest> { Ok(None) }
    /// let h = dv_harness_engine::body::BodyHandler::<i64>::new(&BodyEntry {
    ///     subresource: "/scale", kind: "Scale", api_version: "autoscaling/v1", apply,
    ///     handwritten: check, declarative: check, validate_body: body, present, settle,
    /// });
    /// assert!(h.unknown_keys(&serde_json::json!({"any": 1}), "object").is_empty());
    /// ```
    pub fn unknown_keys(&self, json: &serde_json::Value, at: &str) -> Vec<CaseProblem> {
        self.typed.unknown_keys(json, at)
    }

    /// The stored object with the body applied (`None`: not this handler's body).
    pub fn apply(&self, body: &Body, old: &T) -> Option<T> {
        self.typed.apply(body, old)
    }

    /// The hand-written validation of the request (`None`: not this handler's body).
    pub fn handwritten(
        &self,
        ctx: &Context,
        body: &Body,
        obj: &T,
        old: Option<&T>,
    ) -> Option<ErrorList> {
        self.typed.handwritten(ctx, body, obj, old)
    }

    /// The declarative validation of the request (`None`: not this handler's body).
    pub fn declarative(
        &self,
        ctx: &Context,
        body: &Body,
        obj: &T,
        old: Option<&T>,
    ) -> Option<ErrorList> {
        self.typed.declarative(ctx, body, obj, old)
    }

    /// Whether the request's body passes the subresource handler's own
    /// validation, which runs before the store's update of the parent: the
    /// given `body`, or without one (a case given as the parent with the
    /// body applied) the body `obj` presents.
    ///
    /// ```
    /// # use apimachinery::{field::{Error, ErrorList, Path}, operation::Context, registration::BodyEntry};
    /// # fn apply(n: &i32, _: &i64) -> i64 { i64::from(*n) }
    /// # fn body(n: &i32) -> ErrorList {
    /// #     if *n < 0 { Error::invalid(&Path::new("n"), *n, "").into() } else { ErrorList::new() }
    /// # }
    /// # fn check(_: &Context, n: &i32, _: &i64, _: Option<&i64>) -> ErrorList { body(n) }
    /// fn present(n: &i64) -> i32 { i32::try_from(*n).unwrap_or(-1) }
    /// # fn settle(_: &i32, _: &i64) -> Result<Option<i32>, apimachinery::registration::BadRequest> { Ok(None) }
    /// let h = dv_harness_engine::body::BodyHandler::<i64>::new(&BodyEntry {
    ///     subresource: "/scale", kind: "Scale", api_version: "autoscaling/v1", apply,
    ///     handwritten: check, declarative: check, validate_body: body, present, settle,
    /// });
    /// assert!(h.body_passes(None, &3));
    /// assert!(!h.body_passes(None, &-3));
    /// let b = h.parse(&serde_json::json!(2)).unwrap();
    /// assert!(h.body_passes(Some(&b), &-3));
    /// ```
    pub fn body_passes(&self, body: Option<&Body>, obj: &T) -> bool {
        self.typed.body_passes(body, obj)
    }

    /// The update handler's work on a body before anything validates it, on
    /// the API-server path, given the stored parent `old` (the module doc):
    /// `Ok(Some(body))` is the body the handler hands on (its JSON is still
    /// the case's, what the client sent), `Ok(None)` the body unchanged (or
    /// not this handler's), `Err` a request the handler rejects before
    /// validation.
    ///
    /// ```
    /// # use apimachinery::{field::ErrorList, operation::Context, registration::{BadRequest, BodyEntry}};
    /// # fn apply(n: &i32, _: &i64) -> i64 { i64::from(*n) }
    /// # fn check(_: &Context, _: &i32, _: &i64, _: Option<&i64>) -> ErrorList { ErrorList::new() }
    /// # fn body(_: &i32) -> ErrorList { ErrorList::new() }
    /// # fn present(_: &i64) -> i32 { 0 }
    /// // The request's URL names the stored value: a body of 0 takes it, another sign is rejected.
    /// fn settle(n: &i32, old: &i64) -> Result<Option<i32>, BadRequest> {
    ///     match *n {
    ///         0 => Ok(Some(i32::try_from(*old).unwrap_or(0))),
    ///         n if (n < 0) != (*old < 0) => Err(BadRequest::new("sign does not match")),
    ///         _ => Ok(None),
    ///     }
    /// }
    /// let h = dv_harness_engine::body::BodyHandler::<i64>::new(&BodyEntry {
    ///     subresource: "/scale", kind: "Scale", api_version: "autoscaling/v1", apply,
    ///     handwritten: check, declarative: check, validate_body: body, present, settle,
    /// });
    /// let zero = h.parse(&serde_json::json!(0)).unwrap();
    /// let settled = h.settle(&zero, &4).unwrap().unwrap();
    /// assert_eq!((settled.value::<i32>(), &settled.json), (Some(&4), &serde_json::json!(0)));
    /// assert!(h.settle(&h.parse(&serde_json::json!(2)).unwrap(), &4).unwrap().is_none());
    /// assert!(h.settle(&h.parse(&serde_json::json!(-2)).unwrap(), &4).is_err());
    /// ```
    pub fn settle(&self, body: &Body, old: &T) -> Result<Option<Body>, BadRequest> {
        self.typed.settle(body, old)
    }
}
