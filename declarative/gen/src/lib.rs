//! # validation-gen
//!
//! The `+k8s:` tag engine of dv-harness: Kubernetes' `validation-gen` as a
//! Rust derive. Use it through `apimachinery`, which re-exports it:
//!
//! - `#[derive(Validate)]` reads `+k8s:` tags from the doc comments of a
//!   struct and its fields (and JSON names from `#[serde(rename, rename_all)]`)
//!   and implements `apimachinery::Validate`: `validate_into` (appending to
//!   one error list; `validate_at` returns it as a list) (with Kubernetes'
//!   per-field ratcheting, short-circuits, lifecycle marks and option
//!   conditions), `rules()` (the rule inventory) and `supported_subresources()`;
//! - `tag_docs_json!()` expands to the catalog of supported tags (JSON text,
//!   sorted by tag, like `validation-gen --docs`).
//!
//! - `k8s_enum!` declares a string enum type with its constants and its
//!   `+k8s:enum` / `+k8s:enumExclude` tags (a derive cannot see free constants).
//!
//! ## Conventions for the types the derive sees
//!
//! - Go `*T` is `Option<T>`, `[]T` is `Vec<T>` (nil and empty are the same),
//!   `[]*T` is `Vec<Option<T>>`, `map[K]V` is `BTreeMap<K, V>` (string keys
//!   for `+k8s:eachVal` on maps), a Go scalar is the Rust scalar (the zero
//!   value is `Default`). A recursive type's `*T` is `Option<Box<T>>` (a box
//!   validates as its value); types may be mutually recursive (the rule
//!   inventory is cut where a type recurs).
//! - A Go typedef `type T U` is a newtype `struct T(U)` deriving `Validate`
//!   (with `#[serde(transparent)]`, so it is transparent to JSON): its
//!   type-level tags validate the wrapped value at the path of the field that
//!   uses it (no path segment of its own). A typedef of a slice, map or
//!   scalar used by a field with tags of its own that need the wrapped shape
//!   (`+k8s:eachVal`, `+k8s:maxItems`, `+k8s:neq=42`, ...)
//!   names the wrapped type on that field, `#[dv(typedef = "Vec<Item>")]
//!   items: Items`, as the derive cannot see another type's definition: the
//!   field's tags then validate `items.0`, and `Items`' own validation runs
//!   after them at the same path. A list typedef's own `+k8s:listType` /
//!   `+k8s:listMapKey` / `+k8s:unique` give the item identity of the field's
//!   `+k8s:update=NoAddItem/NoRemoveItem` and `+k8s:eachVal` (ratcheting)
//!   when the field has no list tags.
//! - A field with `#[serde(skip)]` (Go's unexported field, not in the JSON)
//!   is not seen: its tags are ignored and it is not validated.
//! - Every field type implements `PartialEq`: ratcheting skips a field whose
//!   value is unchanged on update when the old parent exists.
//! - A field of a named type (struct or enum) is validated by the type's own
//!   `Validate::validate_into` when the type implements `Validate` (derive it, or
//!   declare the enum with `k8s_enum!`), and skipped otherwise; a field tagged
//!   `+k8s:opaqueType` is never descended into. List items, map values and
//!   map keys (reported at the map's path, new keys only on update) of
//!   such types are iterated, correlated with the old list as Kubernetes does
//!   (list-maps by key, sets by value, atomic lists not at all).
//! - Every derived struct gets hidden accessors `__dv_field_<json>(&self) -> &T`
//!   (with the field's visibility); `+k8s:listMapKey`, `+k8s:item` and
//!   `+k8s:subfield` on a field of that type use them. List-map key fields
//!   implement `Hash + Eq`; `+k8s:item` string values compare through
//!   `AsRef<str>` (also through `Option`).
//!   A `+k8s:item` on such a field (the typedef has the list tags) selects
//!   with the typedef's list-map keys, checked at compile time against its
//!   hidden `__DV_LIST_MAP_KEYS`.
//! - A `+k8s:subfield(x)` payload sees the subfield as a non-pointer scalar or
//!   string (the derive of the outer type cannot see the inner field's type),
//!   unless the field names it, `#[dv(subfield(x = "Vec<Item>"))]`: then list
//!   and map payloads (`listType`, `listMapKey`, `unique`, `item`, `eachVal`,
//!   `eachKey`, item and property limits) apply, with the list metadata read
//!   from the field's other `+k8s:subfield(x)` tags; rustc checks the named
//!   type against the subfield's.
//!   Every derived struct also gets hidden `__dv_sc_<json>(ctx, path, obj,
//!   old) -> bool` hooks telling whether a field's own short-circuiting
//!   validators stop; a subfield cohort runs the hook first (Kubernetes'
//!   inherited subfield short-circuits).
//! - `+k8s:customValidation` on a field calls `Self::validate_custom_<field>(ctx,
//!   path, value: Option<&T>, old: Option<&T>) -> ErrorList`, on a type
//!   `Self::validate_custom(ctx, path, Option<&Self>, Option<&Self>)`.
//! - Union member names are JSON names; a member's discriminator value defaults
//!   to the Go field name, i.e. the Rust field name in PascalCase.
//! - Lint follows Kubernetes: tags unprefixed by `+k8s:alpha`/`+k8s:beta` must be
//!   Stable, except in modules whose directory name contains `alpha` (Alpha
//!   allowed) or `beta` (Beta allowed); `+k8s:validation-gen-nolint` on a type
//!   turns the lint off.
//! - Generated code refers only to `::apimachinery::...` (and `::serde` for
//!   `k8s_enum!`), so a user crate needs `apimachinery` and `serde`. The
//!   helpers an expansion calls (autoref probes, fallback constants, the
//!   inventory builder) are defined once in `apimachinery::__private`.
//! - Each recorded rule carries its parameters and wrappers as typed data
//!   (`apimachinery::rule::RuleParams`, `Condition`) besides the tag text.
//!
//! ## Layout
//!
//! One file per tag in `src/tags/` (its `TagDoc`, checks, emitter and typed
//! rule parameters), registered in `src/tags/mod.rs`; helpers shared by
//! several tags live in the shared modules declared there.
//!
//! ```
//! use apimachinery::{Validate, operation::Context};
//!
//! #[derive(Validate, PartialEq)]
//! pub struct MyStruct {
//!     /// +k8s:optional
//!     /// +k8s:minimum=0
//!     pub my_int: i32,
//! }
//! let errs = MyStruct { my_int: -1 }.validate(&Context::create(), None);
//! assert_eq!(errs[0].to_string(), "my_int: Invalid value: -1: must be greater than or equal to 0");
//! assert_eq!(MyStruct::rules()[0].path, "my_int");
//! ```

mod check;
mod emit;
mod enum_macro;
mod grammar;
mod model;
mod tags;
mod transitive;

use proc_macro::TokenStream;

/// Implements `apimachinery::Validate` from `+k8s:` tags in doc comments.
///
/// ```
/// use apimachinery::{Validate, operation::Context};
/// #[derive(Validate, PartialEq)]
/// struct S {
///     /// +k8s:required
///     #[serde(rename = "name")]
///     name: String,
/// }
/// # // serde attributes are read for JSON names even without serde derives in scope
/// # #[allow(dead_code)] fn f() {}
/// let errs = S { name: String::new() }.validate(&Context::create(), None);
/// assert_eq!(errs[0].to_string(), "name: Required value");
/// ```
#[proc_macro_derive(Validate, attributes(serde, dv))]
pub fn derive_validate(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    // Go lints by package: a package whose last path element contains
    // "alpha" (or "beta") may use Alpha (Beta) tags unprefixed.
    let package = proc_macro::Span::call_site()
        .local_file()
        .and_then(|f| {
            f.parent()
                .and_then(|d| d.file_name())
                .map(|n| n.to_string_lossy().into_owned())
        })
        .unwrap_or_default();
    let mut ts = emit::derive(&input, &package);
    ts.extend(emit::accessors(&input));
    ts.into()
}

/// The tag catalog this build supports, as a JSON array string literal
/// (`[{"tag": "k8s:alpha", "stabilityLevel": "Beta", "usage": ..., "description": ...,
/// "docs": ..., "scopes": [...], "args": [...], "payloads": [...], ...}, ...]`).
///
/// ```
/// let json: &str = apimachinery::tag_docs_json!();
/// assert!(json.contains("\"tag\":\"k8s:minimum\""));
/// ```
#[proc_macro]
pub fn tag_docs_json(_input: TokenStream) -> TokenStream {
    let json = tags::docs::catalog_json();
    quote::quote!(#json).into()
}

/// Declares a Kubernetes string enum: a newtype over `Cow<'static, str>`
/// (serde: a plain string) with one associated constant per value, and,
/// when the type is tagged `+k8s:enum`, an `apimachinery::Validate` impl
/// rejecting values outside the constants. Constants tagged
/// `+k8s:enumExclude` are not members; `+k8s:ifEnabled(X)=+k8s:enumExclude`
/// / `+k8s:ifDisabled(X)=+k8s:enumExclude` exclude them per option.
///
/// ```
/// use apimachinery::{Validate, operation::Context};
/// apimachinery::k8s_enum! {
///     /// +k8s:enum
///     pub enum Policy {
///         Always = "Always",
///         Never = "Never",
///         /// +k8s:enumExclude
///         Internal = "Internal",
///     }
/// }
/// assert!(Policy::Always.validate(&Context::create(), None).is_empty());
/// let errs = Policy::Internal.validate(&Context::create(), None);
/// assert_eq!(errs[0].to_string(), r#"<nil>: Unsupported value: "Internal": supported values: "Always", "Never""#);
/// assert_eq!(serde_json::to_string(&Policy::Never).unwrap(), "\"Never\"");
/// ```
#[proc_macro]
pub fn k8s_enum(input: TokenStream) -> TokenStream {
    enum_macro::expand(input.into()).into()
}
