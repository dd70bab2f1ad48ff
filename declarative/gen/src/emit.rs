//! Emission of the `Validate` impl and the rule inventory.
//!
//! Generated code shape (Kubernetes' `validation.go`, ported):
//!
//! ```text
//! impl Validate for T {
//!     fn validate_into(&self, ctx, path, old, errs: &mut ErrorList) {
//!         let obj = Some(self); let old_obj = old;
//!         <type-level validations>
//!         <struct-level validations: unions, zero-or-one-of, dependents, modes>
//!         for each field with validations:
//!             fld_path = path.child("<json>")
//!             skip if update && old parent exists && new field == old field   (ratcheting;
//!             a field with only cheap validators runs them first and reports at a
//!             `RatchetedField`, which builds the path and compares only on an error)
//!             short-circuit validators, all of them (errors marked short-circuit;
//!             the optional probe adds no error); if any failed, stop here
//!             other validators, then the field type's own `Validate::validate_into`
//!             (every field's errors go straight into `errs`: no list per field)
//!     }
//!     fn rules() -> &'static [Rule]   (own rules + nested types' rules, prefixed)
//!     fn supported_subresources() -> &'static [&'static str]
//! }
//! ```

use crate::check;
use crate::model::{Shape, Struct, Ty};
use crate::tags::{self, Cx, FunctionGen, Out, RuleGen, Scope, Stage};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// Runs the derive on one input.
///
/// ```text
/// derive(parse_quote!(struct S { /// +k8s:minimum=0
///                                a: i32 })) -> impl ::apimachinery::Validate for S { ... }
/// ```
pub fn derive(input: &syn::DeriveInput, package: &str) -> TokenStream {
    let mut out = Out::default();
    let Some(s) = Struct::from_input(input, &mut out.errors) else {
        return errors_to_tokens(out.errors);
    };
    let ident = &s.ident;

    // Type-level tags: they validate the struct itself, or for a newtype
    // (a Go typedef) the wrapped value.
    let self_ty = match &s.newtype {
        Some(inner) => inner.clone(),
        None => Ty::of(&syn::parse_quote!(Self)),
    };
    let mut type_fns = Vec::new();
    let mut subresources = Vec::new();
    let mut is_subresource: Option<String> = None;
    for line in sorted(&s.tags) {
        match line.tag.name.as_str() {
            "k8s:supportsSubresource" => {
                if let Some(crate::grammar::Literal::String(p)) = line.tag.value_literal() {
                    subresources.push(p.clone());
                }
            }
            "k8s:isSubresource" => {
                if let Some(crate::grammar::Literal::String(p)) = line.tag.value_literal() {
                    is_subresource = Some(p.clone());
                }
            }
            _ => {}
        }
        let cx = Cx {
            scope: Scope::Type,
            ty: self_ty.clone(),
            path: String::new(),
            stage: Stage::Stable,
            since: None,
            conditions: Vec::new(),
            when: Vec::new(),
            line,
            siblings: &s.tags,
            strukt: &s,
            field: None,
            item: None,
        };
        type_fns.extend(tags::process(&cx, &line.tag, &mut out));
    }
    // A typedef of a list carries its list semantics (`+k8s:listType`,
    // `+k8s:listMapKey`, `+k8s:unique`) for the fields that use it: a hidden
    // `__dv_list_match()` gives their item match function.
    let list_match = match (s.newtype.as_ref(), s.tags.first()) {
        (
            Some(
                inner @ Ty {
                    shape: Shape::Slice(elem),
                    ..
                },
            ),
            first,
        ) => {
            let e = &elem.deref().ty;
            let mut keys: Vec<String> = Vec::new();
            let m = first.and_then(|line| {
                let cx = Cx {
                    scope: Scope::Type,
                    ty: inner.clone(),
                    path: String::new(),
                    stage: Stage::Stable,
                    since: None,
                    conditions: Vec::new(),
                    when: Vec::new(),
                    line,
                    siblings: &s.tags,
                    strukt: &s,
                    field: None,
                    item: None,
                };
                if crate::tags::list::list_kind(&cx).as_deref() == Some("map") {
                    keys = crate::tags::list::map_keys(&cx);
                }
                crate::tags::list::match_fn(&cx, elem)
            });
            let body = match m {
                Some(m) => quote!(::core::option::Option::Some(#m)),
                None => quote!(::core::option::Option::None),
            };
            quote! {
                #[automatically_derived]
                impl #ident {
                    #[doc(hidden)]
                    #[allow(dead_code)]
                    pub fn __dv_list_match() -> ::core::option::Option<fn(&#e, &#e) -> bool> {
                        #body
                    }
                    /// The list-map keys of the typedef's `+k8s:listMapKey`
                    /// (empty unless it is a list-map), for the `+k8s:item`
                    /// tags of fields using it.
                    #[doc(hidden)]
                    #[allow(dead_code)]
                    pub const __DV_LIST_MAP_KEYS: &'static [&'static str] = &[#(#keys),*];
                }
            }
        }
        _ => quote!(),
    };
    let type_block = match &s.newtype {
        Some(inner) => {
            // Item-selected union members declared on a list newtype.
            type_fns.extend(crate::tags::union::item_unions_of(inner, &mut out));
            let nested = if s.tags.iter().any(|l| l.tag.name == "k8s:opaqueType") {
                None
            } else {
                nested_call(inner, "", &s.tags, &mut out)
            };
            if type_fns.is_empty() && nested.is_none() {
                quote!()
            } else {
                let b = type_value_block(type_fns, nested);
                let ity = &inner.ty;
                quote! {{
                    let fld_path = path;
                    let obj: ::core::option::Option<&#ity> = obj.map(|o| &o.0);
                    let old_obj: ::core::option::Option<&#ity> = old_obj.map(|o| &o.0);
                    #b
                    if early {
                        return;
                    }
                }}
            }
        }
        None if type_fns.is_empty() => quote!(),
        None => {
            // A failing short-circuit among the type's own validators stops
            // the rest: its fields are not validated.
            let b = type_value_block(type_fns, None);
            quote! {{
                let fld_path = path;
                #b
                if early {
                    return;
                }
            }}
        }
    };

    // Fields. A struct tagged `+k8s:opaqueType` keeps its type-level
    // validations only: its fields (and what they reach) are not validated.
    let type_opaque = s.newtype.is_none() && opaque_tag(&s.tags);
    let fields: &[crate::model::Field] = if type_opaque { &[] } else { &s.fields };
    let mut field_blocks = Vec::new();
    let mut sc_hooks = Vec::new();
    for f in fields {
        let rule_path = if f.flatten {
            String::new()
        } else {
            f.json.clone()
        };
        // A typedef field's own tags see the wrapped type.
        let tag_ty = f.typedef.clone().unwrap_or_else(|| f.ty.clone());
        let mut fns = Vec::new();
        for line in sorted(&f.tags) {
            let cx = Cx {
                scope: Scope::Field,
                ty: tag_ty.clone(),
                path: rule_path.clone(),
                stage: Stage::Stable,
                since: None,
                conditions: Vec::new(),
                when: Vec::new(),
                line,
                siblings: &f.tags,
                strukt: &s,
                field: Some(f),
                item: None,
            };
            fns.extend(tags::process(&cx, &line.tag, &mut out));
        }
        fns.extend(crate::tags::union::item_unions(f, &mut out));
        fns.extend(crate::tags::union::subfield_unions(f, &mut out));
        sc_hooks.push(short_circuit_hook(f, &fns));
        // `+k8s:alpha=+k8s:opaqueType` / `+k8s:beta=` are opaque too.
        let opaque = f.tags.iter().any(|l| {
            crate::tags::unwrap_levels(&l.tag).is_some_and(|t| t.name == "k8s:opaqueType")
        });
        let nested = if opaque {
            None
        } else {
            nested_call_into(&f.ty, &rule_path, &f.tags, &mut out)
        };
        if fns.is_empty() && nested.is_none() {
            continue;
        }
        // A list of pointers gets a no-nil-items short-circuit first, as Kubernetes prepends it.
        if let Shape::Slice(elem) = &tag_ty.shape
            && matches!(elem.shape, Shape::Pointer(_))
        {
            fns.insert(
                0,
                FunctionGen::short_circuit(quote!(::apimachinery::validate::no_nils(
                    ctx,
                    fld_path,
                    obj.map(|v| v.as_slice()).unwrap_or(&[]),
                    old_obj.map(|v| v.as_slice()),
                )))
                .with_sink(),
            );
        }
        // A field whose only validations are its type's: skipped entirely when
        // that type has none (Kubernetes generates nothing for it).
        let guard = match (fns.is_empty(), out.nested.last()) {
            (true, Some((_, t))) if !is_self(t, ident) => {
                quote!((&&__DvProbe::<#t>(::core::option::Option::None, ::core::option::Option::None)).__dv_rules().is_empty())
            }
            _ => quote!(false),
        };
        // A field whose validators are all cheap comparisons (presence,
        // limits) and whose type validates nothing of its own runs them
        // first and compares it with its old value only when one fails
        // (they report at a `RatchetedField`, which drops the error of an
        // unchanged field): the same errors, without comparing every
        // unchanged field of a valid update. Any other field is compared
        // first and skipped when unchanged, as Kubernetes' generated code
        // does.
        let lazy = nested.is_none() && !fns.is_empty() && fns.iter().all(|g| g.cheap);
        let body = match &f.typedef {
            // The field's tags validate the wrapped value (`.0`); the
            // newtype's own validation gets the newtype itself.
            Some(inner) => {
                let ity = &inner.ty;
                let nested = nested.map(|n| {
                    quote!({
                        let (obj, old_obj) = __dv_typedef;
                        #n
                    })
                });
                let b = value_block_into(fns, nested);
                quote!({
                    let __dv_typedef = (obj, old_obj);
                    let obj: ::core::option::Option<&#ity> = obj.map(|o| &o.0);
                    let old_obj: ::core::option::Option<&#ity> = old_obj.map(|o| &o.0);
                    #b
                })
            }
            None => value_block_into(fns, nested),
        };
        let json = &f.json;
        // An embedded (flattened) struct is validated at the parent's path.
        let fld_path = if f.flatten {
            quote!(path)
        } else {
            quote!(&path.child(#json))
        };
        let fid = &f.ident;
        let fty = &f.ty.ty;
        let unchanged = quote!(
            old_value_correlated
                && ctx.is_update()
                && match (obj, old_obj) {
                    (::core::option::Option::Some(a), ::core::option::Option::Some(b)) =>
                        (&&__DvEq(a, b)).__dv_eq(),
                    (::core::option::Option::None, ::core::option::Option::None) => true,
                    _ => false,
                }
        );
        // The field's path is built where the validators need it: not for
        // an unchanged field that ratcheting skips, and for cheap validators
        // only in their error branch, where the ratcheted field also asks
        // whether the field is unchanged before it reports.
        let ratcheted = if lazy {
            let name = if f.flatten {
                quote!(::core::option::Option::None)
            } else {
                quote!(::core::option::Option::Some(#json))
            };
            quote! {
                let fld_path = ::apimachinery::field::RatchetedField::new(path, #name, move || #unchanged);
                #body
            }
        } else {
            quote! {
                if !(#unchanged) {
                    let fld_path = #fld_path;
                    #body
                }
            }
        };
        field_blocks.push(quote! {
            if !#guard {
                let old_value_correlated = old_obj.is_some();
                let obj: ::core::option::Option<&#fty> = obj.map(|o| &o.#fid);
                let old_obj: ::core::option::Option<&#fty> = old_obj.map(|o| &o.#fid);
                #ratcheted
            }
        });
    }

    // Struct-level validations (unions, zero-or-one-of, dependents, modes).
    let struct_calls = if type_opaque {
        Vec::new()
    } else {
        crate::tags::struct_level(&s, &mut out)
    };
    // The fields of an opaque type inherit no short-circuits into their
    // subfields: their hooks exist (a subfield path may name them) and are empty.
    if type_opaque {
        sc_hooks = s
            .fields
            .iter()
            .map(|f| short_circuit_hook(f, &[]))
            .collect();
    }

    let mut transitive_checks = Vec::new();
    if !nolint(&input.attrs) {
        check::lint(&s, package, &mut out);
        transitive_checks = crate::transitive::field_checks(&s);
    }
    let has_validation = crate::transitive::has_validation_const(&s);
    if !out.errors.is_empty() {
        return errors_to_tokens(out.errors);
    }

    let rules = rules_tokens(ident, &out.rules, &out.nested, &out.key_nested);
    let validate_override = match &is_subresource {
        Some(sub) => quote! {
            fn validate(
                &self,
                ctx: &::apimachinery::operation::Context,
                old: ::core::option::Option<&Self>,
            ) -> ::apimachinery::field::ErrorList {
                if !ctx.subresource_path_is(#sub) {
                    return ::apimachinery::field::ErrorList::from(
                        ::apimachinery::unsupported_subresource(
                            ::core::any::type_name::<Self>(),
                            &ctx.subresource_path(),
                        ),
                    );
                }
                ::apimachinery::Validate::validate_at(self, ctx, &::apimachinery::field::Path::root(), old)
            }
        },
        None => quote!(),
    };
    let subs: Vec<&String> = subresources.iter().chain(is_subresource.iter()).collect();
    // A small type's validation (a few fields) is offered for inlining into
    // its callers (the containing type, the strategy), across crates: the
    // call's prologue and epilogue cost as much as its checks.
    let inline = if s.fields.len() <= INLINE_FIELDS {
        quote!(#[inline])
    } else {
        quote!()
    };
    let probe = probe_tokens();
    let text_eq = text_eq_tokens(&s);

    quote! {
        #has_validation
        #(#transitive_checks)*
        const _: () = {
            #probe

            #list_match

            #[automatically_derived]
            impl ::apimachinery::text_eq::TextEq for #ident {
                fn text_eq(&self, other: &Self) -> bool {
                    #text_eq
                }
            }

            #[automatically_derived]
            impl #ident {
                #(#sc_hooks)*
            }

            #[automatically_derived]
            impl ::apimachinery::Validate for #ident {
                #[allow(unused_variables, unused_mut, clippy::all)]
                #inline
                fn validate_into(
                    &self,
                    ctx: &::apimachinery::operation::Context,
                    path: &::apimachinery::field::Path<'_>,
                    old: ::core::option::Option<&Self>,
                    errs: &mut ::apimachinery::field::ErrorList,
                ) {
                    let obj: ::core::option::Option<&Self> = ::core::option::Option::Some(self);
                    let old_obj: ::core::option::Option<&Self> = old;
                    #type_block
                    #(#struct_calls)*
                    #(#field_blocks)*
                }

                #[inline]
                fn rules() -> &'static [::apimachinery::Rule] {
                    #rules
                }

                fn supported_subresources() -> &'static [&'static str] {
                    &[#(#subs),*]
                }

                #validate_override
            }
        };
    }
}

/// The hidden `__dv_sc_<json>(ctx, path, obj, old_obj) -> bool` of a field:
/// whether one of the field's own short-circuiting validators (presence,
/// immutable, update, limits, ...) stops. A `+k8s:subfield(<json>)` on a
/// field of this type runs it first and, if it stops, skips the rest of the
/// subfield's cohort without reporting (the errors come from this type's own
/// validation), as Kubernetes inherits the subfield's short-circuits.
///
/// ```text
/// short_circuit_hook(f, &fns) == quote!(pub fn __dv_sc_name(..) -> bool { .. })
/// ```
fn short_circuit_hook(f: &crate::model::Field, fns: &[FunctionGen]) -> TokenStream {
    let name = syn::Ident::new(
        &format!(
            "__dv_sc_{}",
            crate::tags::list::accessor(&f.json)
                .to_string()
                .trim_start_matches("__dv_field_")
        ),
        proc_macro2::Span::call_site(),
    );
    let checks: Vec<TokenStream> = fns
        .iter()
        .filter(|g| g.cohort.is_none() && (g.short_circuit || g.non_error))
        .map(|g| match (&g.probe, g.non_error) {
            (Some(unset), true) => {
                let unset = without_const_items(unset.clone());
                quote!(if #unset { return true; })
            }
            _ => {
                let c = without_const_items(g.call.clone());
                quote!(if (#c).nonempty().is_some() { return true; })
            }
        })
        .collect();
    let json = &f.json;
    let fld_path = if f.flatten {
        quote!(path)
    } else {
        quote!(&path.child(#json))
    };
    let fid = &f.ident;
    let fty = &f.ty.ty;
    // A typedef field's tags validate the wrapped value (`.0`).
    let unwrap = f.typedef.as_ref().map(|inner| {
        let ity = &inner.ty;
        quote! {
            let obj: ::core::option::Option<&#ity> = obj.map(|o| &o.0);
            let old_obj: ::core::option::Option<&#ity> = old_obj.map(|o| &o.0);
        }
    });
    quote! {
        #[doc(hidden)]
        #[allow(non_snake_case, dead_code, unused_variables, clippy::all)]
        pub fn #name(
            ctx: &::apimachinery::operation::Context,
            path: &::apimachinery::field::Path<'_>,
            obj: ::core::option::Option<&Self>,
            old_obj: ::core::option::Option<&Self>,
        ) -> bool {
            let fld_path = #fld_path;
            let obj: ::core::option::Option<&#fty> = obj.map(|o| &o.#fid);
            let old_obj: ::core::option::Option<&#fty> = old_obj.map(|o| &o.#fid);
            #unwrap
            #(#checks)*
            false
        }
    }
}

/// `tokens` without their `const _: () = ...;` items (at any depth): the
/// compile-time checks a validator call carries (e.g. the non-pointer-struct
/// presence guard) are already emitted with the call itself, and a copy
/// would report each failing check twice.
///
/// ```text
/// without_const_items(quote!({ const _: () = { .. }; call })) == quote!({ call })
/// ```
fn without_const_items(tokens: TokenStream) -> TokenStream {
    use proc_macro2::{Group, TokenTree};
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(trees.len());
    let mut i = 0;
    while i < trees.len() {
        let is_const_item = matches!(&trees[i], TokenTree::Ident(id) if id == "const")
            && matches!(trees.get(i + 1), Some(TokenTree::Ident(id)) if id == "_");
        if is_const_item {
            while i < trees.len() && !matches!(&trees[i], TokenTree::Punct(p) if p.as_char() == ';')
            {
                i += 1;
            }
            i += 1;
            continue;
        }
        match &trees[i] {
            TokenTree::Group(g) => {
                let mut ng = Group::new(g.delimiter(), without_const_items(g.stream()));
                ng.set_span(g.span());
                out.push(TokenTree::Group(ng));
            }
            t => out.push(t.clone()),
        }
        i += 1;
    }
    out.into_iter().collect()
}

fn errors_to_tokens(errors: Vec<syn::Error>) -> TokenStream {
    let mut ts = TokenStream::new();
    for e in errors {
        ts.extend(e.to_compile_error());
    }
    ts
}

/// Tags sorted by name, repeated names in source order (as Kubernetes does).
fn sorted(lines: &[crate::model::TagLine]) -> Vec<&crate::model::TagLine> {
    let mut v: Vec<&crate::model::TagLine> = lines.iter().collect();
    v.sort_by(|a, b| a.tag.name.cmp(&b.tag.name));
    v
}

/// Types with at most this many fields have their `validate_into` marked
/// `#[inline]`.
const INLINE_FIELDS: usize = 3;

/// The block running a value's validators: short-circuits first (all of
/// them run; if any failed, the rest are skipped; the errors of non-error
/// ones, i.e. `+k8s:optional` probes, are dropped), then each subfield
/// cohort as a block of its own, then the others, then the nested type's
/// validation. An `ErrorList` expression over
/// `ctx`, `fld_path`, `obj`, `old_obj`.
///
/// ```text
/// value_block(vec![required, minimum], None)
/// ```
pub fn value_block(fns: Vec<FunctionGen>, nested: Option<TokenStream>) -> TokenStream {
    let (sc, rest, early_check, label) = block_parts(fns, nested, "'field", false);
    quote! {{
        let mut __dv_list = ::apimachinery::field::ErrorList::new();
        let errs = &mut __dv_list;
        let mut early = false;
        #[allow(unused_labels)]
        #label: {
            #(#sc)*
            #early_check
            #(#rest)*
        }
        __dv_list
    }}
}

/// [`value_block`] as statements appending to the enclosing `errs` (the
/// `&mut ErrorList` sink of `validate_into`) instead of an expression
/// building a list of its own: the same errors in the same order, with no
/// per-field list to build and merge. `nested` is a statement (see
/// [`nested_call_into`]).
pub fn value_block_into(fns: Vec<FunctionGen>, nested: Option<TokenStream>) -> TokenStream {
    let (sc, rest, early_check, label) = block_parts(fns, nested, "'field", true);
    quote! {{
        let mut early = false;
        #[allow(unused_labels)]
        #label: {
            #(#sc)*
            #early_check
            #(#rest)*
        }
    }}
}

/// [`value_block_into`] for a type's own validators, as statements
/// appending to `errs` that leave `early` telling whether a short-circuit
/// failed, after which Kubernetes returns before validating the type's
/// fields. `nested` is an `ErrorList` expression.
fn type_value_block(fns: Vec<FunctionGen>, nested: Option<TokenStream>) -> TokenStream {
    let (sc, rest, early_check, label) = block_parts(fns, nested, "'field", false);
    quote! {
        let mut early = false;
        #[allow(unused_labels)]
        #label: {
            #(#sc)*
            #early_check
            #(#rest)*
        }
    }
}

/// The statements of a validator block appending to `errs`: the
/// short-circuit checks, the early exit, the rest (cohorts, other
/// validators, the nested call: an expression, or with `nested_stmt` a
/// statement) and the block label.
#[allow(clippy::type_complexity)]
fn block_parts(
    fns: Vec<FunctionGen>,
    nested: Option<TokenStream>,
    label: &str,
    nested_stmt: bool,
) -> (
    Vec<TokenStream>,
    Vec<TokenStream>,
    TokenStream,
    syn::Lifetime,
) {
    let label = syn::Lifetime::new(label, proc_macro2::Span::call_site());
    // Several `+k8s:item` calls on one list share one selection pass, run
    // where the cohorts start (after the block's own short-circuits).
    let mut fns = fns;
    let selections = crate::tags::share_selection(&mut fns);
    // Subfield cohorts run as blocks of their own (their short-circuits stop
    // only their cohort); the field's own short-circuits still stop everything.
    let mut own = Vec::new();
    let mut cohorts: Vec<(String, Vec<FunctionGen>)> = Vec::new();
    for mut f in fns {
        match f.cohort.take() {
            None => own.push(f),
            Some(name) => match cohorts.iter_mut().find(|(n, _)| *n == name) {
                Some((_, members)) => members.push(f),
                None => cohorts.push((name, vec![f])),
            },
        }
    }
    let mut sc = Vec::new();
    let mut rest = selections;
    for (_, members) in cohorts {
        // Appends to `errs` too; its `early` is its own.
        let (csc, crest, cearly, clabel) = block_parts(members, None, "'cohort", false);
        rest.push(quote!({
            let mut early = false;
            #[allow(unused_labels)]
            #clabel: {
                #(#csc)*
                #cearly
                #(#crest)*
            }
        }));
    }
    let mut probes: Vec<String> = Vec::new();
    for f in own {
        let call = f.call;
        if let (false, Some(into)) = (f.non_error, f.into) {
            // The sink form: appends to `errs` itself; a short-circuit marks
            // what it appended.
            if f.short_circuit {
                sc.push(quote! {
                    let __dv_start = errs.len();
                    if #into {
                        for e in &mut errs[__dv_start..] {
                            e.short_circuit = true;
                        }
                        early = true;
                    }
                });
            } else {
                rest.push(quote!(#into;));
            }
        } else if let (true, Some(unset)) = (f.non_error, &f.probe) {
            // A probe reports nothing and has no effect: the same probe
            // twice (a subfield's inherited short-circuits, once per tag on
            // it) is tested once.
            let text = unset.to_string();
            if probes.contains(&text) {
                continue;
            }
            probes.push(text);
            sc.push(quote! {
                if #unset {
                    early = true;
                }
            });
        } else if f.non_error {
            sc.push(quote! {
                if (#call).nonempty().is_some() {
                    early = true;
                }
            });
        } else if f.short_circuit {
            sc.push(quote! {
                if let ::core::option::Option::Some(e) = (#call).nonempty() {
                    errs.extend_from(e.mark_short_circuit());
                    early = true;
                }
            });
        } else {
            rest.push(quote!(errs.extend_from(#call);));
        }
    }
    if let Some(n) = nested {
        if nested_stmt {
            rest.push(n);
        } else {
            rest.push(quote!(errs.extend_from(#n);));
        }
    }
    let early_check = if sc.is_empty() {
        quote!()
    } else {
        quote!(if early {
            break #label;
        })
    };
    (sc, rest, early_check, label)
}

/// The call to the value type's own validation (`Validate::validate_at`
/// when the type implements it, nothing otherwise), with list items and
/// map values iterated. Records the nested type for the rule inventory.
///
/// ```text
/// nested_call(Option<Spec>, "spec", ...) -> probe(obj.and_then(as_ref)).run(ctx, fld_path)
/// ```
pub fn nested_call(
    ty: &Ty,
    path: &str,
    siblings: &[crate::model::TagLine],
    out: &mut Out,
) -> Option<TokenStream> {
    if let Some(probe) = named_probe(ty, path, out) {
        return Some(quote!(#probe.__dv_run(ctx, fld_path)));
    }
    match &ty.shape {
        Shape::Slice(elem)
            if matches!(elem.deref().shape, Shape::Named)
                && !each_opaque(siblings, "k8s:eachVal") =>
        {
            let elem_path = format!("{path}[*]");
            let inner = nested_call(elem.deref(), &elem_path, &[], out)?;
            let each = crate::tags::each_slice_call(ty, elem, siblings, inner);
            Some(unless_without_rules(&elem.deref().ty, each))
        }
        Shape::Map(k, v)
            if matches!(k.shape, Shape::Named) || matches!(v.deref().shape, Shape::Named) =>
        {
            let key_opaque = each_opaque(siblings, "k8s:eachKey");
            let val_opaque = each_opaque(siblings, "k8s:eachVal");
            let mut parts = Vec::new();
            // A named key type's own validation runs on each key, reported at
            // the map's path (Kubernetes' `EachMapKey` with the key type's
            // validation function).
            let key_index = out.nested.len();
            if matches!(k.shape, Shape::Named)
                && !key_opaque
                && let Some(inner) = nested_call(k, path, &[], out)
            {
                out.key_nested.push(key_index);
                let kt = &k.ty;
                let each = crate::tags::with_map(quote!(::apimachinery::validate::each_map_key(
                    ctx, fld_path, m, old_m,
                    |ctx: &::apimachinery::operation::Context,
                     fld_path: &::apimachinery::field::Path<'_>,
                     obj: ::core::option::Option<&#kt>,
                     old_obj: ::core::option::Option<&#kt>| #inner,
                )));
                parts.push(unless_without_rules(kt, each));
            }
            if matches!(v.deref().shape, Shape::Named) && !val_opaque {
                let val_path = format!("{path}[*]");
                if let Some(inner) = nested_call(v, &val_path, &[], out) {
                    let each = crate::tags::each_map_val_call(ty, v, inner);
                    parts.push(unless_without_rules(&v.deref().ty, each));
                }
            }
            match parts.len() {
                0 => None,
                1 => parts.pop(),
                _ => Some(quote!({
                    let mut errs = ::apimachinery::field::ErrorList::new();
                    #(errs.extend_from(#parts);)*
                    errs
                })),
            }
        }
        _ => None,
    }
}

/// [`nested_call`] as a statement appending to the enclosing `errs`: a
/// named (or pointed-to) type validates straight into the sink through
/// `Validate::validate_into`; lists and maps append their list.
fn nested_call_into(
    ty: &Ty,
    path: &str,
    siblings: &[crate::model::TagLine],
    out: &mut Out,
) -> Option<TokenStream> {
    match named_probe(ty, path, out) {
        Some(probe) => Some(quote!(#probe.__dv_run_into(ctx, fld_path, errs);)),
        None => nested_call(ty, path, siblings, out).map(|n| quote!(errs.extend_from(#n);)),
    }
}

/// For a named (or pointed-to named) type: the probe that dispatches to its
/// own validation (`Validate` when it implements it, nothing otherwise),
/// the nested type recorded for the rule inventory; `None` for any other
/// shape. [`nested_call`] and [`nested_call_into`] add the call.
fn named_probe(ty: &Ty, path: &str, out: &mut Out) -> Option<TokenStream> {
    match &ty.shape {
        Shape::Named => {
            let t = &ty.ty;
            out.nested.push((path.to_string(), t.clone()));
            Some(quote!((&&__DvProbe::<#t>(obj, old_obj))))
        }
        Shape::Pointer(inner) if matches!(inner.shape, Shape::Named) => {
            let t = &inner.ty;
            out.nested.push((path.to_string(), t.clone()));
            Some(quote!((&&__DvProbe::<#t>(
                obj.and_then(|v| v.as_ref()),
                old_obj.and_then(|v| v.as_ref())
            ))))
        }
        _ => None,
    }
}

/// Whether `tags` carry `+k8s:opaqueType`.
fn opaque_tag(tags: &[crate::model::TagLine]) -> bool {
    tags.iter()
        .any(|l| crate::tags::unwrap_levels(&l.tag).is_some_and(|t| t.name == "k8s:opaqueType"))
}

/// Whether `siblings` carry `<each>=+k8s:opaqueType` (`each` is
/// `k8s:eachVal` or `k8s:eachKey`): the items' (keys') own type is not
/// validated.
fn each_opaque(siblings: &[crate::model::TagLine], each: &str) -> bool {
    siblings.iter().any(|l| {
        l.tag.name == each
            && l.tag
                .value_tag()
                .is_some_and(|t| t.name == "k8s:opaqueType")
    })
}

/// `each` (an `ErrorList` expression iterating the items of a list or map)
/// guarded so that it does not run at all when the item type has no
/// validation: neither tags reaching validation (the transitive
/// `__DV_HAS_VALIDATION` constant, free to test) nor rules (checked only
/// when the constant is false, so a type with rules never pays for the
/// look-up, whose first call builds the inventory). Its validation would
/// return nothing for every item, so the per-item walk (correlation with
/// the old list, paths, calls) is skipped.
fn unless_without_rules(item: &syn::Type, each: TokenStream) -> TokenStream {
    let fallback = crate::transitive::fallback();
    quote! {
        if {
            #fallback
            !<#item>::__DV_HAS_VALIDATION
        } && (&&__DvProbe::<#item>(::core::option::Option::None, ::core::option::Option::None))
            .__dv_rules()
            .is_empty()
        {
            ::apimachinery::field::ErrorList::new()
        } else {
            #each
        }
    }
}

/// The body of the type's [`TextEq`](apimachinery::text_eq::TextEq): every
/// field (or a newtype's value) compared with `TextEq` where its type has
/// it, else with `==`.
fn text_eq_tokens(s: &Struct) -> TokenStream {
    if s.newtype.is_some() {
        return quote!((&&__DvEq(&self.0, &other.0)).__dv_eq());
    }
    let fields = s.fields.iter().map(|f| &f.ident);
    quote!(true #(&& (&&__DvEq(&self.#fields, &other.#fields)).__dv_eq())*)
}

/// The autoref-specialisation probes: `Validate::validate_at` /
/// `Validate::rules` when the type implements `Validate`, else nothing; and
/// field equality through `TextEq` when the type implements it, else `==`.
/// The derive helpers the expansion calls (`apimachinery::__private`),
/// imported into the expansion's `const _` block: the autoref probes under
/// `__Dv` names (a user type of the same name is not shadowed), their
/// traits anonymously.
fn probe_tokens() -> TokenStream {
    quote! {
        #[allow(unused_imports)]
        use ::apimachinery::__private::{
            DvEq as __DvEq, DvEqPartial as _, DvEqText as _, DvKey as __DvKey,
            DvKeyOption as _, DvKeyPlain as _, DvProbe as __DvProbe, DvSub as __DvSub,
            DvSubPointer as _, DvSubValue as _, DvViaNothing as _, DvViaValidate as _,
        };
    }
}

fn error_type_ident(name: &str) -> syn::Ident {
    format_ident!("{}", name)
}

fn rules_tokens(
    ident: &syn::Ident,
    rules: &[RuleGen],
    nested: &[(String, syn::Type)],
    key_nested: &[usize],
) -> TokenStream {
    let kind = ident.to_string();
    let own: Vec<TokenStream> = rules
        .iter()
        .map(|r| {
            let path = &r.path;
            let tag = &r.tag;
            let validator = &r.validator;
            let args = &r.args;
            let payload = &r.payload;
            let stage = r.stage.tokens();
            let since = match &r.since {
                Some(s) => quote!(::core::option::Option::Some(#s)),
                None => quote!(::core::option::Option::None),
            };
            let field_type = &r.field_type;
            let conditions = &r.conditions;
            let when = &r.when;
            let params = &r.params;
            let errors: Vec<TokenStream> = r
                .errors
                .iter()
                .map(|(t, o)| {
                    let t = error_type_ident(t);
                    quote!(::apimachinery::RuleError {
                        error_type: ::apimachinery::field::ErrorType::#t,
                        origin: #o,
                    })
                })
                .collect();
            quote!(::apimachinery::Rule {
                id: "",
                kind: #kind,
                path: #path,
                tag: #tag,
                validator: #validator,
                args: #args,
                payload: #payload,
                stage: #stage,
                since: #since,
                field_type: #field_type,
                conditions: &[#(#conditions),*],
                errors: &[#(#errors),*],
                params: #params,
                when: &[#(#when),*],
            })
        })
        .collect();
    let nested_calls: Vec<TokenStream> = nested
        .iter()
        .enumerate()
        .filter(|(_, (_, t))| !is_self(t, ident))
        .map(|(i, (p, t))| {
            // A named map-key type's rules hold for each key of the map.
            let add = if key_nested.contains(&i) {
                quote!(nested_keys)
            } else {
                quote!(nested)
            };
            quote! {
                rules.#add(
                    #p,
                    (&&__DvProbe::<#t>(::core::option::Option::None, ::core::option::Option::None)).__dv_rules(),
                );
            }
        })
        .collect();
    quote! {
        static RULES: ::std::sync::OnceLock<::std::vec::Vec<::apimachinery::Rule>> =
            ::std::sync::OnceLock::new();
        ::apimachinery::rules_once::rules_once(&RULES, ::core::any::type_name::<#ident>(), || {
            static OWN: &[::apimachinery::Rule] = &[#(#own),*];
            let mut rules = ::apimachinery::__private::RulesBuilder::new(#kind);
            rules.own(OWN);
            #(#nested_calls)*
            rules.finish()
        })
    }
}

fn is_self(t: &syn::Type, ident: &syn::Ident) -> bool {
    match t {
        syn::Type::Path(p) => p.path.segments.last().is_some_and(|s| s.ident == *ident),
        _ => false,
    }
}

/// Hidden accessors `__dv_field_<json>(&self) -> &FieldType` on every derived
/// struct, with the field's visibility: list-map keys and `+k8s:item`
/// selectors of a list of this type use them (a derive cannot see another
/// type's fields).
///
/// ```text
/// impl S { #[doc(hidden)] pub fn __dv_field_name(&self) -> &String { &self.name } }
/// ```
pub fn accessors(input: &syn::DeriveInput) -> TokenStream {
    let mut ignored = Vec::new();
    let Some(s) = Struct::from_input(input, &mut ignored) else {
        return TokenStream::new();
    };
    let syn::Data::Struct(data) = &input.data else {
        return TokenStream::new();
    };
    let fns: Vec<TokenStream> = s
        .fields
        .iter()
        .zip(data.fields.iter())
        .map(|(f, raw)| {
            let vis = &raw.vis;
            let name = crate::tags::list::accessor(&f.json);
            let id = &f.ident;
            let ty = &f.ty.ty;
            quote! {
                #[doc(hidden)]
                #[allow(non_snake_case, dead_code)]
                #[inline]
                #vis fn #name(&self) -> &#ty {
                    &self.#id
                }
            }
        })
        .collect();
    let ident = &input.ident;
    // A Go struct (named fields, not a typedef): `+k8s:required`,
    // `+k8s:optional` and `+k8s:forbidden` reject a non-pointer field of it.
    let go_struct = if s.newtype.is_none() {
        quote! {
            #[doc(hidden)]
            pub const __DV_GO_STRUCT: bool = true;
        }
    } else {
        quote!()
    };
    let type_lines = &s.manifest;
    let field_entries: Vec<TokenStream> = s
        .fields
        .iter()
        .filter(|f| !f.manifest.is_empty())
        .map(|f| {
            let json = &f.json;
            let lines = &f.manifest;
            quote!((#json, &[#(#lines),*]))
        })
        .collect();
    quote! {
        #[automatically_derived]
        impl #ident {
            #go_struct
            /// The tag manifest of this type as written in its doc comments:
            /// type-level tag lines, then `(json field name, tag lines)` for
            /// each field with any (`+k8s:` validation tags and `+default`
            /// markers, in source order). Tests compare it with Kubernetes'.
            #[doc(hidden)]
            #[allow(dead_code)]
            pub const __DV_TAG_MANIFEST: (
                &'static [&'static str],
                &'static [(&'static str, &'static [&'static str])],
            ) = (&[#(#type_lines),*], &[#(#field_entries),*]);
            #(#fns)*
        }
    }
}

/// Whether the type carries `+k8s:validation-gen-nolint`.
fn nolint(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("doc")
            && matches!(&a.meta, syn::Meta::NameValue(nv) if matches!(&nv.value,
                syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. })
                    if s.value().lines().any(|l| l.trim() == "+k8s:validation-gen-nolint")))
    })
}
