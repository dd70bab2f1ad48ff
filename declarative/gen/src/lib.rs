//! # validation-gen
//!
//! The `+k8s:` tag engine of dv-harness: Kubernetes' `validation-gen` as a
//! Rust derive. Use it through `apimachinery`, which re-exports it:
//!
//! - `#[derive(Validate)]` reads `+k8s:` tags from the doc comments of a
//!   struct and its fields (and JSON names from `#[serde(rename, rename_all)]`)
//!   and implements `apimachinery::Validate`: `validate_at` (with Kubernetes'
//!   per-field ratcheting, short-circuits, lifecycle marks and option
//!   conditions), `rules()` (the rule inventory) and `supported_subresources()`;
//! - `tag_docs_json!()` expands to the catalog of supported tags (JSON text,
//!   sorted by tag, like `validation-gen --docs`).
//!
//! Conventions for types the derive sees:
//! - Go `*T` is `Option<T>`, `[]T` is `Vec<T>`, `map[K]V` is `BTreeMap<K, V>`;
//! - every field type implements `PartialEq` (ratcheting compares old and new);
//! - a nested named type is validated through its own `Validate` impl when it
//!   has one (derive it), and skipped otherwise, or when the field is tagged
//!   `+k8s:opaqueType`;
//! - every derived struct gets hidden accessors `__dv_field_<json>()` used by
//!   `+k8s:listMapKey` and `+k8s:item` of lists of it.
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
#[proc_macro_derive(Validate, attributes(serde))]
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
