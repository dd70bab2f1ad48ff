//! Shared by `+k8s:modeDiscriminator` and `+k8s:ifMode(...)=+<tag>` (Kubernetes'
//! `validators/mode.go`): a member field is validated by the rules of the
//! discriminator's current value, and is forbidden in any other mode.
//! Evaluated at the struct with `validate::discriminated_into`.

use super::docs::Scope;
use super::levels::marked_sink;
use super::options::wrap_options_into;
use super::presence::presence_into;
use super::{FunctionGen, Out, Stage};
use crate::emit::value_block_into;
use crate::grammar::{Literal, Tag};
use crate::model::{Field, Shape, Struct};
use proc_macro2::TokenStream;
use quote::quote;

/// One `+k8s:ifMode` rule of a member field.
pub struct ModeRule {
    /// The group (modality), `default` when unnamed.
    pub group: String,
    /// The member field.
    pub field: Field,
    /// The discriminator value.
    pub value: String,
    /// The payload functions, over the member's nilable value, stamped with
    /// the stage of the `+k8s:alpha` / `+k8s:beta` around the `+k8s:ifMode`.
    pub fns: Vec<FunctionGen>,
    /// That stage: when all of a member's rules share one, the member's
    /// default (forbidden in other modes) carries it too.
    pub stage: Stage,
    /// The option states (`+k8s:ifEnabled` / `+k8s:ifDisabled`) around the
    /// `+k8s:ifMode`: the member's whole check runs only in them.
    pub options: Vec<(String, bool)>,
}

pub(super) fn group_of(tag: &Tag) -> String {
    match tag.named_arg("modality") {
        Some(Literal::String(s)) if !s.is_empty() => s.clone(),
        _ => "default".into(),
    }
}

/// The `discriminated_into` statements of every mode group, per member
/// field, appending to `errs`.
///
/// ```text
/// struct_modes(s, out) -> vec![quote!(discriminated_into(ctx, path, self, old, "file", ..., errs);)]
/// ```
pub fn struct_modes(s: &Struct, out: &mut Out) -> Vec<TokenStream> {
    let rules = std::mem::take(&mut out.level.modes);
    let discs = std::mem::take(&mut out.level.mode_discriminators);
    let mut groups: Vec<String> = rules.iter().map(|r| r.group.clone()).collect();
    groups.sort();
    groups.dedup();
    let mut calls = Vec::new();
    for g in groups {
        let Some((_, disc)) = discs.iter().find(|(dg, _)| *dg == g) else {
            let msg = if g == "default" {
                "missing discriminator".to_string()
            } else {
                format!("missing discriminator for group {g:?}")
            };
            out.errors.push(syn::Error::new(s.ident.span(), msg));
            continue;
        };
        let did = &disc.ident;
        let string_disc = matches!(disc.ty.shape, Shape::Str | Shape::Named);
        let get_disc = if string_disc {
            quote!(|s: &Self| ::core::convert::AsRef::<str>::as_ref(&s.#did))
        } else {
            quote!(|s: &Self| s.#did)
        };
        let mut members: Vec<&Field> = Vec::new();
        for r in rules.iter().filter(|r| r.group == g) {
            if !members.iter().any(|m| m.ident == r.field.ident) {
                members.push(&r.field);
            }
        }
        members.sort_by_key(|m| m.ident.to_string());
        for m in members {
            let mid = &m.ident;
            let json = &m.json;
            let fty = &m.ty.ty;
            // The default (forbidden in other modes) carries the members'
            // stage when all of the member's rules share one.
            let mut stages = rules
                .iter()
                .filter(|r| r.group == g && r.field.ident == m.ident)
                .map(|r| r.stage);
            let first = stages.next().unwrap_or(Stage::Stable);
            let uniform = if stages.all(|s| s == first) {
                first
            } else {
                Stage::Stable
            };
            let forbidden = forbidden_stmt(m, uniform);
            let mut values: Vec<String> = rules
                .iter()
                .filter(|r| r.group == g && r.field.ident == m.ident)
                .map(|r| r.value.clone())
                .collect();
            values.sort();
            values.dedup();
            // One branch per mode value (deduplicated, so the first match
            // is the only one), the default (forbidden) last.
            let mut branches = Vec::new();
            for v in values {
                let fns: Vec<FunctionGen> = rules
                    .iter()
                    .filter(|r| r.group == g && r.field.ident == m.ident && r.value == v)
                    .flat_map(|r| r.fns.iter().cloned())
                    .collect();
                let body = value_block_into(fns, None);
                let value = if string_disc {
                    quote!(#v)
                } else {
                    match crate::grammar::parse_go_int(&v) {
                        Some(i) => {
                            let lit = proc_macro2::Literal::i64_unsuffixed(i);
                            quote!(#lit)
                        }
                        None => {
                            let b = v == "true";
                            quote!(#b)
                        }
                    }
                };
                // Strings compare inline (`str_eq`: lengths first, then
                // words; no `memcmp` call for a short mode name).
                let test = if string_disc {
                    quote!(::apimachinery::text_eq::str_eq(__dv_mode, #value))
                } else {
                    quote!(__dv_mode == #value)
                };
                branches.push(quote!(if #test #body else));
            }
            // The member's check runs in the option states of its first rule
            // (Kubernetes wraps the deferred check in the `IfOption` of the
            // tag that produced it).
            let options = rules
                .iter()
                .find(|r| r.group == g && r.field.ident == m.ident)
                .map(|r| r.options.clone())
                .unwrap_or_default();
            let call = quote!(::apimachinery::validate::discriminated_into(
                ctx, path, self, old, #json,
                |s: &Self| ::core::option::Option::Some(&s.#mid),
                #get_disc,
                |a, b| a == b,
                |ctx: &::apimachinery::operation::Context,
                 fld_path: &::apimachinery::field::Path<'_>,
                 __dv_mode,
                 obj: ::core::option::Option<&#fty>,
                 old_obj: ::core::option::Option<&#fty>,
                 errs: &mut ::apimachinery::field::ErrorList| {
                    #(#branches)* { #forbidden }
                },
                errs,
            ));
            let call = wrap_options_into(call, &options, "path");
            calls.push(quote!(#call;));
        }
    }
    calls
}

/// The default of a member (forbidden in the modes it has no rule for) as
/// statements appending to `errs`, marked with `stage`.
fn forbidden_stmt(m: &Field, stage: Stage) -> TokenStream {
    let into = marked_sink(forbidden_into(m), stage);
    quote!(#into;)
}

fn forbidden_into(m: &Field) -> TokenStream {
    use super::Cx;
    use crate::model::TagLine;
    // A throwaway context to reuse the presence dispatch on the member's shape.
    let line = TagLine {
        text: String::new(),
        tag: crate::grammar::Tag {
            name: "k8s:forbidden".into(),
            args: Vec::new(),
            value: None,
        },
        span: m.ident.span(),
    };
    let strukt = Struct {
        ident: m.ident.clone(),
        tags: Vec::new(),
        fields: Vec::new(),
        newtype: None,
        manifest: Vec::new(),
    };
    let cx = Cx {
        scope: Scope::Field,
        ty: m.ty.clone(),
        path: m.json.clone(),
        stage: Stage::Stable,
        since: None,
        conditions: Vec::new(),
        when: Vec::new(),
        line: &line,
        siblings: &[],
        strukt: &strukt,
        field: Some(m),
        item: None,
    };
    presence_into(&cx, "forbidden").unwrap_or_else(|_| quote!(false))
}
