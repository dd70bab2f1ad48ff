//! What the generic store does to a request's metadata before the strategy
//! sees it (`k8s.io/apiserver`, read at the apiserver mirror's
//! 24a394e516bfda066d7e2221d7d92c052de27c54: `Store.create` in
//! `pkg/registry/generic/registry/store.go`, `rest.BeforeCreate` and
//! `rest.BeforeUpdate` in `pkg/registry/rest/create.go` and `update.go`,
//! `EnsureObjectNamespaceMatchesRequestNamespace` in `meta.go`, the name
//! generator in `pkg/storage/names/generate.go`).
//!
//! These run on the API-server path only, before the strategy's prepare
//! step; Kubernetes' tests that call a strategy or `rest.ValidateCreate` /
//! `rest.ValidateUpdate` directly skip them.
//!
//! - Create: the create handler wipes the system fields
//!   (`WipeObjectMetaSystemFields`: the deletion timestamp and grace period
//!   are gone); a `generateName` without a `name` gets a generated name (the
//!   prefix cut to 58 bytes, then five random characters); the namespace is
//!   made the request's: a cluster-scoped kind's is cleared, an unset one of
//!   a namespaced kind is the request's. `creationTimestamp` and `uid` are
//!   wiped and set again by the store (the clock, a random UUID); no create
//!   validation reads them, so they are left as written here.
//! - Update: the namespace as on create (the request's is the stored
//!   object's: the URL names it); `generation` is the stored one (a client
//!   cannot change it; the strategy may then bump it); an empty `uid` is the
//!   stored one; a stored non-zero `creationTimestamp`, a stored
//!   `deletionTimestamp` and a stored `deletionGracePeriodSeconds` (when the
//!   new object has none) are kept.
//!
//! - A request body of another kind (a `/scale` `Scale`): before anything
//!   validates it, the update handler makes its namespace the request's
//!   (`EnsureObjectNamespaceMatchesRequestNamespace` with
//!   `ExpectedNamespaceForResource`, `pkg/endpoints/handlers/update.go`) and
//!   requires its name to be the one on the URL (`checkName`,
//!   `pkg/endpoints/handlers/rest.go`): [`settle_body`]. The URL names the
//!   stored parent, so the request's namespace and name are the parent's.
//!   A body naming another namespace or name is a `BadRequest`, before any
//!   validation; the harness reports such a case as an input problem (a
//!   case cannot show a status error), see `dv_harness_engine::body`.
//!
//! Where the harness departs, with the reason:
//! - The request's namespace: a case has no URL. On create the request is
//!   taken to be made in the object's namespace, or in `default` when the
//!   object names none (the namespace of `genericapirequest.NewDefaultContext`,
//!   which Kubernetes' registry tests use, and kubectl's default).
//! - A namespaced object whose namespace differs from the request's is a
//!   `BadRequest` in Kubernetes, before any validation; with no URL, the
//!   harness cannot tell such a request from one made in the object's
//!   namespace, so an update naming another namespace than the stored
//!   object's is left as written and the registry's immutable check
//!   reports it.
//! - The random characters of a generated name are a fixed draw from
//!   Kubernetes' alphabet: every character of it is a lower-case letter or a
//!   digit, so no validation can tell one draw from another, and outcomes
//!   stay reproducible. A prefix cut inside a multi-byte character is cut
//!   at the character's start (Go keeps the partial bytes, which then fail
//!   name validation as the character would).

use apimachinery::registration::BadRequest;
use declarative::api::meta::v1::ObjectMeta;

/// `MaxGeneratedNameLength`: the longest prefix a generated name keeps.
pub const MAX_GENERATED_NAME_LENGTH: usize = 63 - 5;

/// The five characters the harness appends to a generated name (module
/// doc): drawn from Kubernetes' `utilrand` alphabet
/// `bcdfghjklmnpqrstvwxz2456789`.
pub const GENERATED_NAME_SUFFIX: &str = "bcd24";

/// The namespace a create request is taken to be made in when the object
/// names none (module doc).
pub const DEFAULT_REQUEST_NAMESPACE: &str = "default";

/// `SimpleNameGenerator.GenerateName`: the prefix cut to
/// [`MAX_GENERATED_NAME_LENGTH`] bytes and the random part appended.
///
/// ```
/// use handwritten::meta::v1::store_metadata::generate_name;
/// assert_eq!(generate_name("web-"), "web-bcd24");
/// assert_eq!(generate_name(&"a".repeat(70)).len(), 63);
/// ```
pub fn generate_name(base: &str) -> String {
    let mut end = base.len().min(MAX_GENERATED_NAME_LENGTH);
    while !base.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}{GENERATED_NAME_SUFFIX}", &base[..end])
}

/// `EnsureObjectNamespaceMatchesRequestNamespace` with the request's
/// namespace for the kind's scope (`ExpectedNamespaceForScope`): cleared for
/// a cluster-scoped kind, the request's when unset. A namespace differing
/// from the request's is left as it is (module doc).
fn settle_namespace(meta: &mut ObjectMeta, request_namespace: &str, namespace_scoped: bool) {
    if !namespace_scoped {
        meta.namespace.clear();
    } else if meta.namespace.is_empty() {
        meta.namespace = request_namespace.to_owned();
    }
}

/// The update handler's work on a request body's metadata before anything
/// validates the body (module doc), given the request's namespace (the
/// namespace the resource expects: `ExpectedNamespaceForResource`, the
/// URL's for every resource but core `namespaces`) and name: the namespace
/// the body is handed on with when it changes (`Ok(Some(_))`: an unset one
/// becomes the request's; a set one is cleared when the request has none),
/// else `Ok(None)`; a body naming another namespace, or another name than
/// the URL's, is rejected with Kubernetes' message.
///
/// ```
/// use declarative::api::meta::v1::ObjectMeta;
/// use handwritten::meta::v1::store_metadata::settle_body;
/// let body = ObjectMeta { name: "web".into(), ..Default::default() };
/// assert_eq!(settle_body(&body, "ns", "web"), Ok(Some("ns".to_string())));
/// let body = ObjectMeta { name: "web".into(), namespace: "ns".into(), ..Default::default() };
/// assert_eq!(settle_body(&body, "ns", "web"), Ok(None));
/// let body = ObjectMeta { name: "web".into(), namespace: "other".into(), ..Default::default() };
/// assert!(settle_body(&body, "ns", "web").is_err());
/// ```
pub fn settle_body(
    meta: &ObjectMeta,
    request_namespace: &str,
    request_name: &str,
) -> Result<Option<String>, BadRequest> {
    let namespace = if meta.namespace == request_namespace {
        None
    } else if meta.namespace.is_empty() || request_namespace.is_empty() {
        Some(request_namespace.to_owned())
    } else {
        return Err(BadRequest::new(
            "the namespace of the provided object does not match the namespace sent on the request",
        ));
    };
    if meta.name != request_name {
        return Err(BadRequest::new(format!(
            "the name of the object ({}) does not match the name on the URL ({request_name})",
            meta.name
        )));
    }
    Ok(namespace)
}

/// The create handler's wiping of the deletion fields, `Store.create`'s name
/// generation and `rest.BeforeCreate`'s namespace settling, on the new
/// object's metadata.
///
/// ```
/// use declarative::api::meta::v1::ObjectMeta;
/// use handwritten::meta::v1::store_metadata::before_create;
/// let mut meta = ObjectMeta { generate_name: "web-".into(), namespace: "ns".into(), ..Default::default() };
/// before_create(&mut meta, false);
/// assert_eq!((meta.name.as_str(), meta.namespace.as_str()), ("web-bcd24", ""));
/// let mut meta = ObjectMeta { name: "web".into(), ..Default::default() };
/// before_create(&mut meta, true);
/// assert_eq!(meta.namespace, "default");
/// ```
pub fn before_create(meta: &mut ObjectMeta, namespace_scoped: bool) {
    meta.deletion_timestamp = None;
    meta.deletion_grace_period_seconds = None;
    if !meta.generate_name.is_empty() && meta.name.is_empty() {
        meta.name = generate_name(&meta.generate_name);
    }
    // The request is made in the object's namespace when it names one, so
    // only an unset one takes the request's.
    settle_namespace(meta, DEFAULT_REQUEST_NAMESPACE, namespace_scoped);
}

/// `rest.BeforeUpdate`'s work on the new object's metadata given the stored
/// object's (module doc), as it stands around the strategy's prepare step
/// (which reads none of these fields but the stored generation).
///
/// ```
/// use declarative::api::meta::v1::ObjectMeta;
/// use handwritten::meta::v1::store_metadata::before_update;
/// let old = ObjectMeta { name: "web".into(), namespace: "ns".into(), uid: "u1".into(), generation: 3,
///     deletion_grace_period_seconds: Some(30), ..Default::default() };
/// let mut new = ObjectMeta { name: "web".into(), generation: 1, ..Default::default() };
/// before_update(&mut new, &old, true);
/// assert_eq!((new.namespace.as_str(), new.uid.as_str(), new.generation), ("ns", "u1", 3));
/// assert_eq!(new.deletion_grace_period_seconds, Some(30));
/// ```
pub fn before_update(meta: &mut ObjectMeta, old: &ObjectMeta, namespace_scoped: bool) {
    settle_namespace(meta, &old.namespace, namespace_scoped);
    meta.generation = old.generation;
    if meta.uid.is_empty() {
        meta.uid.clone_from(&old.uid);
    }
    if !old.creation_timestamp.is_zero() {
        meta.creation_timestamp.clone_from(&old.creation_timestamp);
    }
    if old.deletion_timestamp.is_some() {
        meta.deletion_timestamp.clone_from(&old.deletion_timestamp);
    }
    if old.deletion_grace_period_seconds.is_some() && meta.deletion_grace_period_seconds.is_none() {
        meta.deletion_grace_period_seconds = old.deletion_grace_period_seconds;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stored() -> ObjectMeta {
        serde_json::from_value(serde_json::json!({
            "name": "web", "namespace": "ns", "uid": "u1", "generation": 4,
            "creationTimestamp": "2024-01-01T00:00:00Z",
            "deletionTimestamp": "2024-02-01T00:00:00Z",
            "deletionGracePeriodSeconds": 30
        }))
        .unwrap()
    }

    #[test]
    fn generated_names_keep_at_most_58_bytes_of_the_prefix() {
        let name = generate_name(&"x".repeat(100));
        assert_eq!(name.len(), 63);
        assert!(name.ends_with(GENERATED_NAME_SUFFIX));
        // a cut inside a multi-byte character stops at its start
        let name = generate_name(&format!("{}é", "x".repeat(57)));
        assert_eq!(name, format!("{}{GENERATED_NAME_SUFFIX}", "x".repeat(57)));
        assert!(
            GENERATED_NAME_SUFFIX
                .chars()
                .all(|c| "bcdfghjklmnpqrstvwxz2456789".contains(c))
        );
    }

    #[test]
    fn a_create_loses_its_deletion_fields() {
        let mut meta = stored();
        before_create(&mut meta, true);
        assert_eq!(meta.deletion_timestamp, None);
        assert_eq!(meta.deletion_grace_period_seconds, None);
        assert_eq!(meta.uid, "u1", "left as written");
    }

    #[test]
    fn a_given_name_is_not_replaced() {
        let mut meta = ObjectMeta {
            name: "web".into(),
            generate_name: "other-".into(),
            ..Default::default()
        };
        before_create(&mut meta, false);
        assert_eq!(meta.name, "web");
    }

    #[test]
    fn namespaces_follow_the_scope() {
        let mut meta = ObjectMeta {
            namespace: "ns".into(),
            ..Default::default()
        };
        before_create(&mut meta, true);
        assert_eq!(meta.namespace, "ns");
        let mut meta = ObjectMeta::default();
        before_update(&mut meta, &stored(), true);
        assert_eq!(meta.namespace, "ns");
        let mut meta = ObjectMeta {
            namespace: "other".into(),
            ..Default::default()
        };
        before_update(&mut meta, &stored(), true);
        assert_eq!(meta.namespace, "other", "a mismatch is left as written");
        before_update(&mut meta, &stored(), false);
        assert_eq!(meta.namespace, "");
    }

    #[test]
    fn an_update_keeps_the_stored_system_fields() {
        let mut meta: ObjectMeta = serde_json::from_value(serde_json::json!({
            "name": "web", "namespace": "ns", "generation": 1,
            "creationTimestamp": "2030-01-01T00:00:00Z"
        }))
        .unwrap();
        let old = stored();
        before_update(&mut meta, &old, true);
        assert_eq!(meta.generation, 4);
        assert_eq!(meta.uid, "u1");
        assert_eq!(meta.creation_timestamp, old.creation_timestamp);
        assert_eq!(meta.deletion_timestamp, old.deletion_timestamp);
        assert_eq!(meta.deletion_grace_period_seconds, Some(30));
        // a different uid and grace period stay for validation to judge
        let mut meta = ObjectMeta {
            uid: "u2".into(),
            deletion_grace_period_seconds: Some(5),
            ..Default::default()
        };
        before_update(&mut meta, &old, true);
        assert_eq!(meta.uid, "u2");
        assert_eq!(meta.deletion_grace_period_seconds, Some(5));
    }

    #[test]
    fn a_body_takes_the_request_namespace_and_must_name_the_url() {
        let body = |name: &str, namespace: &str| ObjectMeta {
            name: name.into(),
            namespace: namespace.into(),
            ..Default::default()
        };
        assert_eq!(
            settle_body(&body("web", ""), "ns", "web"),
            Ok(Some("ns".into()))
        );
        assert_eq!(settle_body(&body("web", "ns"), "ns", "web"), Ok(None));
        // a request without a namespace clears the body's
        assert_eq!(
            settle_body(&body("web", "ns"), "", "web"),
            Ok(Some(String::new()))
        );
        let e = settle_body(&body("web", "other"), "ns", "web").unwrap_err();
        assert_eq!(
            e.message(),
            "the namespace of the provided object does not match the namespace sent on the request"
        );
        let e = settle_body(&body("", "ns"), "ns", "web").unwrap_err();
        assert_eq!(
            e.message(),
            "the name of the object () does not match the name on the URL (web)"
        );
        // the namespace is checked first
        let e = settle_body(&body("db", "other"), "ns", "web").unwrap_err();
        assert!(e.message().starts_with("the namespace"));
    }

    #[test]
    fn a_zero_stored_creation_time_is_not_copied() {
        let old = ObjectMeta::default();
        let mut meta: ObjectMeta = serde_json::from_value(serde_json::json!({
            "creationTimestamp": "2030-01-01T00:00:00Z"
        }))
        .unwrap();
        let before = meta.creation_timestamp.clone();
        before_update(&mut meta, &old, true);
        assert_eq!(meta.creation_timestamp, before);
    }
}
