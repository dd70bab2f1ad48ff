//! The generic registry step: the metadata checks Kubernetes' API server
//! adds around every strategy (`k8s.io/apiserver` `pkg/registry/rest`, read
//! at 24a394e516bfda066d7e2221d7d92c052de27c54), run by the engine once per
//! case, outside the hand-written and the declarative validator.
//!
//! - Create (`rest.ValidateCreate`): the strategy's `Validate` first; only
//!   when it returned no errors, `ValidateObjectMetaAccessor` on `metadata`,
//!   its errors after the (empty) strategy list.
//! - Update (`rest.ValidateUpdate`): `validateCommonFields` first, whatever
//!   the strategy says, then the strategy's `ValidateUpdate`. Every update
//!   goes through it: the root's and a subresource's (`/status`,
//!   `/approval` and `/scale` are served by stores whose `Update` calls
//!   `BeforeUpdate` with the subresource's strategy or, for `/scale`, the
//!   kind's). A `/scale` request body is validated before the store's
//!   update (Kubernetes' scale storage, `scaleUpdatedObjectInfo.UpdatedObject`
//!   in `pkg/registry/core/replicationcontroller/storage/storage.go` read at
//!   2b02db1be88b09193d96585c4b6dd796d6b2e06c, returns at `ValidateScale`'s
//!   errors before `Store.Update` reaches `rest.BeforeUpdate`). So on a
//!   subresource taking a body of another kind the step runs only when the
//!   body passed the handler's own validation
//!   ([`crate::body::BodyHandler::body_passes`]: the case's body, or the
//!   body the parent presents when the case gives the parent with the body
//!   applied), whatever the parent's strategy then says: a failing body
//!   gives the body's errors alone, a passing one the registry's errors
//!   followed by the parent strategy's.
//!
//! Either way the registry's errors come before the strategy's in the list
//! the strategy's declarative step receives (`ValidateDeclaratively` gets
//! it as the imperative errors, compares its own errors against it and
//! merges them into it); on create the strategy's list is empty when they
//! exist. The engine therefore puts them in front of the hand-written list
//! before the comparison, marked as the strategy's errors are. apimachinery
//! marks some of them covered by declarative validation (a negative
//! generation, the immutable uid and timestamps, owner references), so
//! those take part in the comparison as in Kubernetes (a declarative
//! `immutable` on `metadata.uid` pairs with the registry's); the others are
//! not covered and never count as a mismatch. Through the hand-written list they reach
//! the returned list and both expectation views (the declarative view is
//! the uncovered imperative errors plus the declarative ones); adding them
//! to the declarative list as well would count them twice there. The step
//! runs once per case, in [`crate::engine::Engine::check`] and
//! [`crate::engine::Engine::verdict`] alike, and allocates nothing when it
//! finds nothing (a body a parent presents is built to be checked).
//!
//! Through the registry a request always reaches the declarative step,
//! whose answer is what Kubernetes' registry-path tests check in both of
//! their modes (hand-written authoritative, and every declarative rule
//! enforced). That step filters the hand-written list (`ErrorList.Filter`,
//! which keeps the first of errors whose messages repeat): in 1.37 in both
//! modes, in 1.36 with rules enforced. So on this path the expectation's
//! views are filtered the same way ([`crate::lifecycle::Semantics::filters_when_authoritative`],
//! [`crate::lifecycle::Semantics::filters_when_enforced`]) and an error the
//! registry's and the strategy's metadata checks both report is expected
//! once, as the tests assert it; the validators' own lists, and the views
//! of a case validated directly, keep every repeat.
//!
//! On the API-server path (the strategy's prepare step runs and the case
//! goes through the registry) the store first does its own work on the
//! request's metadata, before the prepare step
//! ([`GenericRegistry::before_strategy`]): `Store.create` generates a name
//! from `generateName`, `rest.BeforeCreate` / `rest.BeforeUpdate` make the
//! namespace the request's (cleared for a cluster-scoped kind) and an update
//! keeps the stored generation, uid (when none is given) and timestamps. So
//! on that path a client cannot get the registry's errors about those
//! fields: only Kubernetes' tests that call `rest.ValidateCreate` /
//! `rest.ValidateUpdate` directly (`"prepare": false, "registry": true`)
//! see them.
//!
//! Whether a case goes through the registry is the case-file key
//! `registry` ([`crate::case::Case::registry`]): by default it does when
//! the strategy's prepare step runs (the API-server path) and does not when
//! the case is validated as written (`"prepare": false`, as Kubernetes'
//! validation tests call the validators directly); Kubernetes' newer
//! declarative-validation tests (`test/declarative_validation/...`) call
//! `rest.ValidateCreate` / `rest.ValidateUpdate`, and their cases say
//! `"registry": true`.

use apimachinery::field::ErrorList;
use apimachinery::operation::Operation;

/// The registry's metadata checks of a create: the new object and whether
/// the kind is namespace scoped.
pub type CreateChecks<T> = fn(&T, bool) -> ErrorList;
/// The registry's metadata checks of an update: the new object, the stored
/// one and whether the kind is namespace scoped.
pub type UpdateChecks<T> = fn(&T, &T, bool) -> ErrorList;
/// What the store does to a create request's metadata before the strategy
/// (name generation, the request's namespace): the new object and whether
/// the kind is namespace scoped.
pub type CreateMetadata<T> = fn(&mut T, bool);
/// What `rest.BeforeUpdate` does to an update request's metadata before the
/// strategy (namespace, the stored generation, uid and timestamps): the new
/// object, the stored one and whether the kind is namespace scoped.
pub type UpdateMetadata<T> = fn(&mut T, &T, bool);

/// One kind's generic registry step: its scope (the strategy's
/// `NamespaceScoped()`, from the kind's registration) and the metadata
/// checks for its type.
///
/// ```
/// use apimachinery::field::{Error, ErrorList, Path};
/// use apimachinery::operation::Operation;
/// use dv_harness_engine::generic_registry::GenericRegistry;
/// fn create(name: &String, _: bool) -> ErrorList {
///     if name.contains('/') { Error::invalid(&Path::new("metadata").child("name"), name.as_str(), "may not contain '/'").into() }
///     else { ErrorList::new() }
/// }
/// fn update(new: &String, old: &String, scoped: bool) -> ErrorList {
///     let mut errs = create(new, scoped);
///     if new != old { errs.push(Error::invalid(&Path::new("metadata").child("name"), new.as_str(), "field is immutable")); }
///     errs
/// }
/// let registry = GenericRegistry::new(false, create, update);
/// let bad = "a/b".to_string();
/// assert_eq!(registry.errors(Operation::Create, &bad, None, true).len(), 1);
/// assert!(registry.errors(Operation::Create, &bad, None, false).is_empty());
/// assert_eq!(registry.errors(Operation::Update, &bad, Some(&"a".to_string()), false).len(), 2);
/// ```
pub struct GenericRegistry<T> {
    /// The strategy's `NamespaceScoped()`.
    pub namespace_scoped: bool,
    /// `ValidateObjectMetaAccessor` on the new object.
    pub create: CreateChecks<T>,
    /// `validateCommonFields` on the new and the stored object.
    pub update: UpdateChecks<T>,
    /// The store's work on a create request's metadata before the strategy
    /// (API-server path only; `None`: nothing).
    pub before_create: Option<CreateMetadata<T>>,
    /// `rest.BeforeUpdate`'s work on an update request's metadata before
    /// the strategy (API-server path only; `None`: nothing).
    pub before_update: Option<UpdateMetadata<T>>,
}

impl<T> Clone for GenericRegistry<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for GenericRegistry<T> {}

impl<T> std::fmt::Debug for GenericRegistry<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GenericRegistry")
            .field("namespace_scoped", &self.namespace_scoped)
            .finish_non_exhaustive()
    }
}

impl<T> GenericRegistry<T> {
    /// The step of a kind that is (or is not) namespace scoped, with its
    /// create and update checks.
    pub const fn new(
        namespace_scoped: bool,
        create: CreateChecks<T>,
        update: UpdateChecks<T>,
    ) -> GenericRegistry<T> {
        GenericRegistry {
            namespace_scoped,
            create,
            update,
            before_create: None,
            before_update: None,
        }
    }

    /// The step with the store's work on the request's metadata before the
    /// strategy ([`GenericRegistry::before_strategy`]).
    ///
    /// ```
    /// use apimachinery::field::ErrorList;
    /// use apimachinery::operation::Operation;
    /// use dv_harness_engine::generic_registry::GenericRegistry;
    /// fn none(_: &String, _: bool) -> ErrorList { ErrorList::new() }
    /// fn none2(_: &String, _: &String, _: bool) -> ErrorList { ErrorList::new() }
    /// let registry = GenericRegistry::new(true, none, none2)
    ///     .with_metadata(|name: &mut String, _| name.push_str("-x"), |name: &mut String, old, _| name.clone_from(old));
    /// let mut name = "web".to_string();
    /// registry.before_strategy(Operation::Create, &mut name, None);
    /// assert_eq!(name, "web-x");
    /// registry.before_strategy(Operation::Update, &mut name, Some(&"stored".to_string()));
    /// assert_eq!(name, "stored");
    /// ```
    pub const fn with_metadata(
        mut self,
        before_create: CreateMetadata<T>,
        before_update: UpdateMetadata<T>,
    ) -> GenericRegistry<T> {
        self.before_create = Some(before_create);
        self.before_update = Some(before_update);
        self
    }

    /// What the store does to a request's metadata before the strategy's
    /// prepare step, on the API-server path: on create, name generation and
    /// the namespace; on update (given the stored object), the namespace,
    /// the stored generation, uid and timestamps. An update without a
    /// stored object is left alone (the strategy reports that request).
    pub fn before_strategy(&self, operation: Operation, object: &mut T, old: Option<&T>) {
        match (operation, old) {
            (Operation::Create, _) => {
                if let Some(before) = self.before_create {
                    before(object, self.namespace_scoped);
                }
            }
            (Operation::Update, Some(old)) => {
                if let Some(before) = self.before_update {
                    before(object, old, self.namespace_scoped);
                }
            }
            _ => {}
        }
    }

    /// The registry's errors for a request: on create only when the
    /// strategy's validation returned nothing (`strategy_passed`); on update
    /// always. An update without a stored object has none (the strategy
    /// reports that request). The engine does not call this for a request
    /// body of another kind that failed its handler's own validation.
    pub fn errors(
        &self,
        operation: Operation,
        object: &T,
        old: Option<&T>,
        strategy_passed: bool,
    ) -> ErrorList {
        match (operation, old) {
            (Operation::Create, _) if strategy_passed => {
                (self.create)(object, self.namespace_scoped)
            }
            (Operation::Update, Some(old)) => (self.update)(object, old, self.namespace_scoped),
            _ => ErrorList::new(),
        }
    }
}

/// `list` with the registry's errors in front (the order the API server
/// returns them); `list` itself, untouched, when there are none.
///
/// ```
/// use apimachinery::field::{Error, ErrorList, Path};
/// use dv_harness_engine::generic_registry::in_front;
/// let registry = ErrorList::from(Error::required(&Path::new("metadata").child("namespace"), ""));
/// let strategy = ErrorList::from(Error::required(&Path::new("spec"), ""));
/// let all = in_front(&registry, strategy.clone());
/// assert_eq!(all.iter().map(|e| e.field.as_str()).collect::<Vec<_>>(), ["metadata.namespace", "spec"]);
/// assert_eq!(in_front(&ErrorList::new(), strategy.clone()), strategy);
/// ```
pub fn in_front(registry: &ErrorList, mut list: ErrorList) -> ErrorList {
    if !registry.is_empty() {
        list.0.splice(0..0, registry.iter().cloned());
    }
    list
}
