//! Not public API: the helpers `#[derive(Validate)]` expansions call,
//! defined once here instead of in every expansion (as serde's
//! `__private`). Each is an autoref-specialisation probe: a wrapper struct
//! and two traits with the same method, one implemented on `&Wrapper<T>`
//! under a bound, the other on `Wrapper<T>` for every `T`; the expansion
//! imports both traits (`use ... as _`) and calls the method on
//! `&&Wrapper(..)`, so rustc picks the bounded implementation when `T`
//! satisfies the bound and the fallback otherwise. The fallback traits with
//! associated constants give `false` to types the derive did not generate
//! the constants for (inherent constants take precedence).

use crate::field::{ErrorList, Path};
use crate::operation::Context;
use crate::rule::Rule;
use crate::text_eq::TextEq;

/// Equality of two values of a field (ratcheting, `TextEq`): through
/// `TextEq` when the type has it, else `==`.
///
/// ```
/// use apimachinery::__private::{DvEq, DvEqPartial as _, DvEqText as _};
/// assert!((&&DvEq(&String::from("a"), &String::from("a"))).__dv_eq());
/// assert!(!(&&DvEq(&1u8, &2u8)).__dv_eq());
/// ```
pub struct DvEq<'a, T: ?Sized>(pub &'a T, pub &'a T);

/// [`DvEq`] through `TextEq`.
pub trait DvEqText {
    /// Whether the two values are equal.
    fn __dv_eq(&self) -> bool;
}

impl<T: TextEq + ?Sized> DvEqText for &DvEq<'_, T> {
    #[inline]
    fn __dv_eq(&self) -> bool {
        TextEq::text_eq(self.0, self.1)
    }
}

/// [`DvEq`] through `PartialEq`.
pub trait DvEqPartial {
    /// Whether the two values are equal.
    fn __dv_eq(&self) -> bool;
}

impl<T: PartialEq + ?Sized> DvEqPartial for DvEq<'_, T> {
    #[inline]
    fn __dv_eq(&self) -> bool {
        self.0 == self.1
    }
}

/// A `+k8s:subfield` value as Kubernetes' getter returns it: a pointer
/// subfield (`Option<U>`) as itself (`None` when nil), any other subfield
/// by address.
///
/// ```
/// use apimachinery::__private::{DvSub, DvSubPointer as _, DvSubValue as _};
/// assert_eq!((&&DvSub(&Some(3))).__dv_sub(), Some(&3));
/// assert_eq!((&&DvSub(&None::<i32>)).__dv_sub(), None);
/// assert_eq!((&&DvSub(&4)).__dv_sub(), Some(&4));
/// ```
pub struct DvSub<'a, T: ?Sized>(pub &'a T);

/// [`DvSub`] of a pointer subfield.
pub trait DvSubPointer<'a, U> {
    /// The subfield's value, `None` when nil.
    fn __dv_sub(&self) -> Option<&'a U>;
}

impl<'a, U> DvSubPointer<'a, U> for &DvSub<'a, Option<U>> {
    #[inline]
    fn __dv_sub(&self) -> Option<&'a U> {
        self.0.as_ref()
    }
}

/// [`DvSub`] of a value subfield.
pub trait DvSubValue<'a, T: ?Sized> {
    /// The subfield's value.
    fn __dv_sub(&self) -> Option<&'a T>;
}

impl<'a, T: ?Sized> DvSubValue<'a, T> for DvSub<'a, T> {
    #[inline]
    fn __dv_sub(&self) -> Option<&'a T> {
        Some(self.0)
    }
}

/// String comparison of a list-map key field (`+k8s:item`): for strings,
/// string newtypes and pointers to them.
///
/// ```
/// use apimachinery::__private::{DvKey, DvKeyOption as _, DvKeyPlain as _};
/// assert!((&&DvKey(&Some(String::from("a")))).__dv_eq_str("a"));
/// assert!(!(&&DvKey(&None::<String>)).__dv_eq_str(""));
/// assert!((&&DvKey("b")).__dv_eq_str("b"));
/// ```
pub struct DvKey<'a, T: ?Sized>(pub &'a T);

/// [`DvKey`] of a pointer key field.
pub trait DvKeyOption {
    /// Whether the key is set and equals `s`.
    fn __dv_eq_str(&self, s: &str) -> bool;
}

impl<T: AsRef<str>> DvKeyOption for &DvKey<'_, Option<T>> {
    #[inline]
    fn __dv_eq_str(&self, s: &str) -> bool {
        self.0.as_ref().is_some_and(|v| v.as_ref() == s)
    }
}

/// [`DvKey`] of a value key field.
pub trait DvKeyPlain {
    /// Whether the key equals `s`.
    fn __dv_eq_str(&self, s: &str) -> bool;
}

impl<T: AsRef<str> + ?Sized> DvKeyPlain for DvKey<'_, T> {
    #[inline]
    fn __dv_eq_str(&self, s: &str) -> bool {
        self.0.as_ref() == s
    }
}

/// A field value (new, old) whose type may or may not implement
/// [`Validate`](crate::Validate): its validation and rule inventory, or
/// nothing.
///
/// ```
/// use apimachinery::__private::{DvProbe, DvViaNothing as _, DvViaValidate as _};
/// assert!((&&DvProbe::<u8>(None, None)).__dv_rules().is_empty());
/// let ctx = apimachinery::operation::Context::create();
/// assert!((&&DvProbe(Some(&1u8), None)).__dv_run(&ctx, &apimachinery::field::Path::root()).is_empty());
/// ```
pub struct DvProbe<'a, T>(pub Option<&'a T>, pub Option<&'a T>);

/// [`DvProbe`] of a type with `Validate`.
pub trait DvViaValidate {
    /// The value's own validation (nothing when absent).
    fn __dv_run(&self, ctx: &Context, path: &Path<'_>) -> ErrorList;
    /// The value's own validation appended to `errs` (nothing when absent).
    fn __dv_run_into(&self, ctx: &Context, path: &Path<'_>, errs: &mut ErrorList);
    /// The type's rule inventory.
    fn __dv_rules(&self) -> &'static [Rule];
}

impl<T: crate::Validate> DvViaValidate for &DvProbe<'_, T> {
    #[inline]
    fn __dv_run(&self, ctx: &Context, path: &Path<'_>) -> ErrorList {
        match self.0 {
            Some(v) => crate::Validate::validate_at(v, ctx, path, self.1),
            None => ErrorList::new(),
        }
    }
    #[inline]
    fn __dv_run_into(&self, ctx: &Context, path: &Path<'_>, errs: &mut ErrorList) {
        if let Some(v) = self.0 {
            crate::Validate::validate_into(v, ctx, path, self.1, errs);
        }
    }
    #[inline]
    fn __dv_rules(&self) -> &'static [Rule] {
        <T as crate::Validate>::rules()
    }
}

/// [`DvProbe`] of a type without `Validate`.
pub trait DvViaNothing {
    /// Nothing.
    fn __dv_run(&self, ctx: &Context, path: &Path<'_>) -> ErrorList;
    /// Nothing.
    fn __dv_run_into(&self, ctx: &Context, path: &Path<'_>, errs: &mut ErrorList);
    /// No rules.
    fn __dv_rules(&self) -> &'static [Rule];
}

impl<T> DvViaNothing for DvProbe<'_, T> {
    #[inline]
    fn __dv_run(&self, _ctx: &Context, _path: &Path<'_>) -> ErrorList {
        ErrorList::new()
    }
    #[inline]
    fn __dv_run_into(&self, _ctx: &Context, _path: &Path<'_>, _errs: &mut ErrorList) {}
    #[inline]
    fn __dv_rules(&self) -> &'static [Rule] {
        &[]
    }
}

/// `false` for the derive's `__DV_HAS_VALIDATION` and `__DV_GO_STRUCT`
/// constants of types the derive did not generate them for.
///
/// ```
/// use apimachinery::__private::DvTransitiveFallback as _;
/// assert!(!<u8>::__DV_HAS_VALIDATION && !<String>::__DV_GO_STRUCT);
/// ```
pub trait DvTransitiveFallback {
    /// Whether the type reaches validation.
    const __DV_HAS_VALIDATION: bool = false;
    /// Whether the type is a Go struct (named fields).
    const __DV_GO_STRUCT: bool = false;
}

impl<T: ?Sized> DvTransitiveFallback for T {}

/// Declares [`DvLevelFallback`] with one `false` constant per level.
macro_rules! level_fallback {
    ($($level:ident)*) => {
        /// `false` for the derive's per-level `__DV_HV_<k>` constants
        /// (transitive "has validation", one level per step) of types the
        /// derive did not generate them for.
        ///
        /// ```
        /// use apimachinery::__private::DvLevelFallback as _;
        /// assert!(!<u8>::__DV_HV_0 && !<u8>::__DV_HV_24);
        /// ```
        pub trait DvLevelFallback {
            $(
                /// Whether the type reaches validation within this many steps.
                const $level: bool = false;
            )*
        }
    };
}

level_fallback!(
    __DV_HV_0 __DV_HV_1 __DV_HV_2 __DV_HV_3 __DV_HV_4 __DV_HV_5 __DV_HV_6 __DV_HV_7
    __DV_HV_8 __DV_HV_9 __DV_HV_10 __DV_HV_11 __DV_HV_12 __DV_HV_13 __DV_HV_14
    __DV_HV_15 __DV_HV_16 __DV_HV_17 __DV_HV_18 __DV_HV_19 __DV_HV_20 __DV_HV_21
    __DV_HV_22 __DV_HV_23 __DV_HV_24
);

impl<T: ?Sized> DvLevelFallback for T {}

/// Builds a derived type's rule inventory: its own rules, then those of the
/// types it contains with their paths prefixed, each given its id
/// `<Type>/<path>/<validator>` (`#2`, `#3`, ... for repeats) and the type as
/// its kind.
///
/// ```
/// use apimachinery::{Rule, Stage};
/// use apimachinery::__private::RulesBuilder;
/// use apimachinery::rule::RuleParams;
/// static OWN: [Rule; 2] = [rule("a"), rule("a")];
/// const fn rule(path: &'static str) -> Rule {
///     Rule { id: "", kind: "", path, tag: "+k8s:required", validator: "required", args: "",
///         payload: "", stage: Stage::Stable, since: None, field_type: "i32", conditions: &[],
///         errors: &[], params: RuleParams::Required, when: &[] }
/// }
/// let mut b = RulesBuilder::new("T");
/// b.own(&OWN);
/// b.nested("spec", &OWN[..1]);
/// b.nested("items", &[Rule { path: "[*]", ..rule("") }]);
/// let ids: Vec<&str> = b.finish().iter().map(|r| r.id).collect();
/// assert_eq!(ids, ["T/a/required", "T/a/required#2", "T/spec.a/required", "T/items[*]/required"]);
/// ```
pub struct RulesBuilder {
    kind: &'static str,
    all: Vec<Rule>,
    seen: std::collections::BTreeMap<String, usize>,
}

impl RulesBuilder {
    /// An empty inventory of type `kind`.
    pub fn new(kind: &'static str) -> RulesBuilder {
        RulesBuilder {
            kind,
            all: Vec::new(),
            seen: std::collections::BTreeMap::new(),
        }
    }

    /// Adds `rule` at `path`, with its id and kind.
    pub fn push(&mut self, path: &'static str, mut rule: Rule) {
        let base = format!("{}/{}/{}", self.kind, path, rule.validator);
        let n = self.seen.entry(base.clone()).or_insert(0);
        *n += 1;
        let id = if *n == 1 { base } else { format!("{base}#{n}") };
        rule.id = Box::leak(id.into_boxed_str());
        rule.kind = self.kind;
        rule.path = path;
        self.all.push(rule);
    }

    /// Adds the type's own rules (paths relative to the type).
    pub fn own(&mut self, rules: &'static [Rule]) {
        for r in rules {
            self.push(r.path, r.clone());
        }
    }

    /// Adds the rules of a contained type under `prefix` (a field's JSON
    /// name, `name[*]` for items; empty for an embedded struct).
    pub fn nested(&mut self, prefix: &str, rules: &[Rule]) {
        for r in rules {
            let path: &'static str = if r.path.is_empty() {
                Box::leak(prefix.to_string().into_boxed_str())
            } else if prefix.is_empty() {
                r.path
            } else if r.path.starts_with('[') {
                Box::leak(format!("{prefix}{}", r.path).into_boxed_str())
            } else {
                Box::leak(format!("{prefix}.{}", r.path).into_boxed_str())
            };
            self.push(path, r.clone());
        }
    }

    /// Adds the rules of a named map-key type under `prefix` (the map's
    /// field): each holds for every key of the map, so it is recorded with
    /// [`Condition::EachKey`](crate::rule::Condition::EachKey) first among
    /// its conditions.
    pub fn nested_keys(&mut self, prefix: &str, rules: &[Rule]) {
        let keyed: Vec<Rule> = rules
            .iter()
            .map(|r| {
                let mut r = r.clone();
                if !r.when.contains(&crate::rule::Condition::EachKey) {
                    let mut when = Vec::with_capacity(r.when.len() + 1);
                    when.push(crate::rule::Condition::EachKey);
                    when.extend(r.when.iter().cloned());
                    r.when = Box::leak(when.into_boxed_slice());
                }
                r
            })
            .collect();
        self.nested(prefix, &keyed);
    }

    /// The inventory.
    pub fn finish(self) -> Vec<Rule> {
        self.all
    }
}

/// Whether `args` names exactly the list-map keys `keys` (each once, in
/// any order): the compile-time check of a `+k8s:item` selector on a field
/// of a list typedef, whose keys the field's derive cannot see.
///
/// ```
/// use apimachinery::__private::same_keys;
/// assert!(same_keys(&["a", "b"], &["b", "a"]));
/// assert!(!same_keys(&["a", "b"], &["a"]));
/// assert!(!same_keys(&["a"], &["a", "a"]));
/// assert!(!same_keys(&[], &["a"]));
/// ```
pub const fn same_keys(keys: &[&str], args: &[&str]) -> bool {
    if keys.len() != args.len() {
        return false;
    }
    let mut i = 0;
    while i < args.len() {
        let mut found = 0;
        let mut j = 0;
        while j < keys.len() {
            if str_eq(keys[j], args[i]) {
                found += 1;
            }
            j += 1;
        }
        let mut repeats = 0;
        let mut k = 0;
        while k < args.len() {
            if str_eq(args[k], args[i]) {
                repeats += 1;
            }
            k += 1;
        }
        if found != 1 || repeats != 1 {
            return false;
        }
        i += 1;
    }
    true
}

/// `a == b` for strings, in a `const fn`.
const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}
