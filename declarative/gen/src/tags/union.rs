//! Shared by `+k8s:unionMember`, `+k8s:unionDiscriminator`, `+k8s:zeroOrOneOfMember`
//! (Kubernetes' `validators/union.go`, `zeroorone.go`): members are
//! collected from the struct's fields (evaluated at the struct), from list
//! items selected with `+k8s:item(...)` (evaluated at the list field) or from
//! the subfields of a struct field named with `+k8s:subfield(...)` (evaluated
//! at that field).
//! Member names are JSON names (list items: `<list>[{"key": "value"}]`);
//! the discriminator value of a member defaults to the Go field name (the
//! Rust field name in PascalCase).

use super::docs::{ArgDoc, Scope};
use super::options::{option_states, wrap_options};
use super::{Cx, FunctionGen, Out, Stage};
use crate::grammar::{Literal, Tag};
use crate::model::{Field, Shape, Struct};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

pub(super) const FIELD_OR_ITEM: &[Scope] = &[Scope::Field, Scope::ListVal];

pub(super) const UNION_ARG: ArgDoc = ArgDoc {
    name: "union",
    ty: "string",
    required: false,
    description: "<string>: the name of the union, if more than one exists",
};

/// Which union validator a member belongs to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// `Union` / `DiscriminatedUnion`.
    Union,
    /// `ZeroOrOneOfUnion`.
    ZeroOrOne,
}

/// One union member.
#[derive(Clone)]
pub struct Member {
    /// Union or zero-or-one-of.
    pub kind: Kind,
    /// The union name (`union:` argument, empty by default).
    pub union: String,
    /// The display name (JSON name, or `<list>[{...}]`).
    pub display: String,
    /// The member as a `::apimachinery::rule::UnionMember` expression.
    pub typed: TokenStream,
    /// The discriminator value.
    pub member_name: String,
    /// `|s: &T| -> bool` telling whether the member is set.
    pub is_set: TokenStream,
    /// Stage of the declaring tag.
    pub stage: Stage,
    /// The `since` of the declaring tag's wrapper.
    pub since: Option<String>,
    /// Rule bookkeeping: the tag text, the rule path and the field type.
    pub tag: String,
    /// Where the declaring tag is (for a conflicting-stage error).
    pub span: proc_macro2::Span,
    /// The rule path (struct path for field members, list path for items).
    pub path: String,
    /// The option states (`+k8s:ifEnabled` / `+k8s:ifDisabled`) around the
    /// member's tag: the union check runs only in those of its first member,
    /// as Kubernetes wraps the deferred check in that tag's `IfOption`.
    pub options: Vec<(String, bool)>,
}

fn pascal(ident: &syn::Ident) -> String {
    let raw = ident.to_string();
    crate::model::rename_all("PascalCase", raw.trim_start_matches("r#"))
}

pub(super) fn member(
    cx: &Cx<'_>,
    tag: &Tag,
    out: &mut Out,
    kind: Kind,
) -> Result<Vec<FunctionGen>, String> {
    let union = match tag.named_arg("union") {
        Some(Literal::String(s)) => s.clone(),
        _ => String::new(),
    };
    let given = match tag.named_arg("memberName") {
        Some(Literal::String(s)) => Some(s.clone()),
        _ => None,
    };
    // Item-selected members of a list newtype (Go's list typedef) have no
    // field: the list is named after the type, as Kubernetes does.
    if let (None, Scope::ListVal, Some(sel)) = (cx.field, &cx.scope, &cx.item) {
        let e = &sel.elem.ty;
        let cond = &sel.cond;
        out.level.item_unions.push(Member {
            kind,
            union,
            display: format!("{}[{}]", cx.strukt.ident, sel.display),
            typed: typed_member(&cx.strukt.ident.to_string(), Some(&sel.matches)),
            member_name: given.unwrap_or_default(),
            is_set: quote!((|l: &[#e]| l.iter().any(|it| #cond)) as ::apimachinery::validate::IsSetFn<[#e]>),
            stage: cx.stage,
            since: cx.since.clone(),
            tag: cx.line.text.clone(),
            span: cx.span(),
            path: String::new(),
            options: option_states(&cx.conditions),
        });
        return Ok(Vec::new());
    }
    let field = cx
        .field
        .ok_or("can only be used on struct fields or list items")?;
    let m = match (&cx.scope, &cx.item) {
        (Scope::ListVal, Some(sel)) => {
            let e = &sel.elem.ty;
            let cond = &sel.cond;
            Member {
                kind,
                union,
                display: format!("{}{}", field.json, format_args!("[{}]", sel.display)),
                typed: typed_member(&field.json, Some(&sel.matches)),
                member_name: given.unwrap_or_default(),
                is_set: quote!((|l: &[#e]| l.iter().any(|it| #cond)) as ::apimachinery::validate::IsSetFn<[#e]>),
                stage: cx.stage,
                since: cx.since.clone(),
                tag: cx.line.text.clone(),
                span: cx.span(),
                path: field.json.clone(),
                options: option_states(&cx.conditions),
            }
        }
        (Scope::Field, None) if cx.path == field.json => {
            if matches!(field.ty.shape, Shape::Named) {
                return Err("can only be used on nilable and primitive types (struct)".into());
            }
            let id = &field.ident;
            let is_set = match field.ty.shape {
                Shape::Pointer(_) => quote!(|s: &Self| s.#id.is_some()),
                Shape::Slice(_) | Shape::Map(..) => quote!(|s: &Self| !s.#id.is_empty()),
                _ => quote!(|s: &Self| !::apimachinery::validate::ZeroValue::is_zero(&s.#id)),
            };
            Member {
                kind,
                union,
                display: field.json.clone(),
                typed: typed_member(&field.json, None),
                member_name: given.unwrap_or_else(|| pascal(id)),
                is_set: quote!((#is_set) as ::apimachinery::validate::IsSetFn<Self>),
                stage: cx.stage,
                since: cx.since.clone(),
                tag: cx.line.text.clone(),
                span: cx.span(),
                path: String::new(),
                options: option_states(&cx.conditions),
            }
        }
        (Scope::Field, None) if subfield_of(cx, field).is_some() => {
            // `+k8s:subfield(name)=+k8s:unionMember` on a struct field: the
            // union is over the field's own struct, evaluated at the field.
            let name = subfield_of(cx, field).unwrap_or_default();
            let acc = super::list::accessor(&name);
            let ft = &field.ty.deref().ty;
            let is_set = quote!(|s: &::core::option::Option<&#ft>| s.is_some_and(|s| {
                !::apimachinery::validate::ZeroValue::is_zero(s.#acc())
            }));
            let member = Member {
                kind,
                union,
                member_name: given.unwrap_or_else(|| crate::model::rename_all("PascalCase", &name)),
                typed: typed_member(&name, None),
                display: name,
                is_set: quote!((#is_set) as ::apimachinery::validate::IsSetFn<::core::option::Option<&#ft>>),
                stage: cx.stage,
                since: cx.since.clone(),
                tag: cx.line.text.clone(),
                span: cx.span(),
                path: field.json.clone(),
                options: option_states(&cx.conditions),
            };
            out.level.subfield_unions.push(member);
            return Ok(Vec::new());
        }
        _ => {
            return Err(
                "can only be used directly on struct fields, via +k8s:subfield or via +k8s:item"
                    .into(),
            );
        }
    };
    if cx.item.is_some() {
        out.level.item_unions.push(m);
    } else {
        out.level.unions.push(m);
    }
    Ok(Vec::new())
}

/// The subfield name when `cx` is a `+k8s:subfield(name)` payload directly
/// on `field` (path `<field>.<name>`).
pub(super) fn subfield_of(cx: &Cx<'_>, field: &Field) -> Option<String> {
    let rest = cx
        .path
        .strip_prefix(field.json.as_str())?
        .strip_prefix('.')?;
    (!rest.is_empty() && !rest.contains(['.', '['])).then(|| rest.to_string())
}

/// A `+k8s:unionDiscriminator` field, with the stage of its tag.
#[derive(Clone)]
pub struct Discriminator {
    /// The union name (`union:` argument, empty by default).
    pub union: String,
    /// The discriminator field (for a subfield discriminator, the field
    /// whose struct holds it).
    pub field: Field,
    /// The discriminator's JSON name inside `field`'s struct, when declared
    /// with `+k8s:subfield(name)=+k8s:unionDiscriminator`.
    pub subfield: Option<String>,
    /// Stage of the tag.
    pub stage: Stage,
    /// The `since` of the tag's wrapper.
    pub since: Option<String>,
    /// The tag text.
    pub tag: String,
    /// Where the tag is.
    pub span: proc_macro2::Span,
}

/// The stage of one union: every union tag (discriminator and members)
/// contributes its wrapper's level, an unwrapped tag none; two different
/// levels are an error, as in Kubernetes' `union.go` ("conflicting
/// stability levels"). Returns the stage, its `since` and the tag that set
/// it (`None` when no tag is wrapped).
fn union_stage<'a>(
    disc: Option<&'a Discriminator>,
    members: &'a [Member],
    out: &mut Out,
) -> (Stage, Option<String>, Option<&'a str>) {
    let tags = disc
        .map(|d| (d.stage, &d.since, d.tag.as_str(), d.span))
        .into_iter()
        .chain(
            members
                .iter()
                .map(|m| (m.stage, &m.since, m.tag.as_str(), m.span)),
        );
    let mut found: Option<(Stage, Option<String>, &str)> = None;
    for (stage, since, tag, span) in tags {
        if stage == Stage::Stable {
            continue;
        }
        match &found {
            Some((s, _, _)) if *s != stage => out.errors.push(syn::Error::new(
                span,
                format!(
                    "conflicting stability levels {:?} and {:?} for union target path {:?}",
                    stage_name(*s),
                    stage_name(stage),
                    members.first().map(|m| m.path.as_str()).unwrap_or(""),
                ),
            )),
            Some(_) => {}
            None => found = Some((stage, since.clone(), tag)),
        }
    }
    match found {
        Some((stage, since, tag)) => (stage, since, Some(tag)),
        None => (Stage::Stable, None, None),
    }
}

fn stage_name(s: Stage) -> &'static str {
    match s {
        Stage::Alpha => "alpha",
        Stage::Beta => "beta",
        Stage::Stable => "stable",
    }
}

/// Groups members by (kind, union name), sorted by union name.
fn groups(members: Vec<Member>) -> Vec<(Kind, String, Vec<Member>)> {
    let mut groups: Vec<(Kind, String, Vec<Member>)> = Vec::new();
    for m in members {
        match groups
            .iter_mut()
            .find(|(k, u, _)| *k == m.kind && *u == m.union)
        {
            Some((_, _, v)) => v.push(m),
            None => groups.push((m.kind, m.union.clone(), vec![m])),
        }
    }
    groups.sort_by(|a, b| a.1.cmp(&b.1));
    groups
}

fn mark(call: TokenStream, stage: Stage) -> TokenStream {
    match stage {
        Stage::Alpha => quote!((#call).mark_alpha()),
        Stage::Beta => quote!((#call).mark_beta()),
        Stage::Stable => call,
    }
}

/// A member as a `::apimachinery::rule::UnionMember` expression: the
/// field (or list), and the item selector for item members.
fn typed_member(field: &str, item: Option<&TokenStream>) -> TokenStream {
    let item = item.cloned().unwrap_or_else(|| quote!(&[]));
    quote!(::apimachinery::rule::UnionMember { field: #field, item: #item })
}

fn record_rule(
    out: &mut Out,
    g: &[Member],
    (kind, discriminator): (Kind, Option<&str>),
    field_type: String,
    (stage, since, tag): (Stage, Option<String>, Option<&str>),
) {
    let first = &g[0];
    let members: Vec<&TokenStream> = g.iter().map(|m| &m.typed).collect();
    let (validator, errors, params) = match kind {
        Kind::Union => {
            let d = match discriminator {
                Some(d) => quote!(::core::option::Option::Some(#d)),
                None => quote!(::core::option::Option::None),
            };
            (
                "union",
                vec![("Invalid", "union".to_string())],
                quote!(::apimachinery::rule::RuleParams::Union {
                    members: &[#(#members),*],
                    discriminator: #d,
                }),
            )
        }
        Kind::ZeroOrOne => (
            "zeroOrOneOf",
            vec![("Invalid", "zeroOrOneOf".to_string())],
            quote!(::apimachinery::rule::RuleParams::ZeroOrOneOf {
                members: &[#(#members),*],
            }),
        ),
    };
    out.rules.push(super::RuleGen {
        path: first.path.clone(),
        tag: tag.unwrap_or(&first.tag).to_string(),
        validator: validator.into(),
        args: g
            .iter()
            .map(|m| m.display.clone())
            .collect::<Vec<_>>()
            .join(", "),
        payload: String::new(),
        stage,
        since,
        field_type,
        conditions: first
            .options
            .iter()
            .map(|(o, on)| {
                let wrapper = if *on { "ifEnabled" } else { "ifDisabled" };
                format!("{wrapper}({o})")
            })
            .collect(),
        // The check runs in its first member's option states (see
        // `Member::options`): the inventory says so.
        when: first
            .options
            .iter()
            .map(|(o, on)| {
                if *on {
                    quote!(::apimachinery::rule::Condition::IfEnabled(#o))
                } else {
                    quote!(::apimachinery::rule::Condition::IfDisabled(#o))
                }
            })
            .collect(),
        params,
        errors,
    });
}

/// The union checks over list items declared on field `f` (with
/// `+k8s:item(...)=+k8s:unionMember`), as field validations at the list path.
///
/// ```text
/// item_unions(f, out) -> vec![FunctionGen(zero_or_one_of_union(ctx, fld_path, list, old, &M, &[..]))]
/// ```
pub fn item_unions(f: &Field, out: &mut Out) -> Vec<FunctionGen> {
    item_unions_of(&f.ty, out)
}

/// [`item_unions`] over a list of type `ty` (a field's, or a list newtype's
/// inner list, whose members are declared on the type).
///
/// ```text
/// item_unions_of(&ty, out) -> vec![FunctionGen(union(ctx, fld_path, list, old, &M, &[..]))]
/// ```
pub fn item_unions_of(ty: &crate::model::Ty, out: &mut Out) -> Vec<FunctionGen> {
    let members = std::mem::take(&mut out.level.item_unions);
    let Shape::Slice(elem) = &ty.shape else {
        return Vec::new();
    };
    let e = &elem.ty;
    let mut fns = Vec::new();
    for (kind, _name, g) in groups(members) {
        let (stage, since, tag) = union_stage(None, &g, out);
        let tag = tag.map(str::to_string);
        record_rule(
            out,
            &g,
            (kind, None),
            ty.text(),
            (stage, since, tag.as_deref()),
        );
        let names: Vec<&String> = g.iter().map(|m| &m.display).collect();
        let sets: Vec<&TokenStream> = g.iter().map(|m| &m.is_set).collect();
        let func = match kind {
            Kind::Union => format_ident!("union"),
            Kind::ZeroOrOne => format_ident!("zero_or_one_of_union"),
        };
        let call = quote!({
            static MEMBERS: ::apimachinery::validate::UnionMembership =
                ::apimachinery::validate::UnionMembership::new(&[
                    #(::apimachinery::validate::UnionMember::new(#names)),*
                ]);
            let list: &[#e] = obj.map(|v| v.as_slice()).unwrap_or(&[]);
            ::apimachinery::validate::#func(
                ctx, fld_path, list, old_obj.map(|v| v.as_slice()), &MEMBERS, &[#(#sets),*],
            )
        });
        let call = wrap_options(call, &g[0].options, "fld_path");
        fns.push(FunctionGen::plain(mark(call, stage)));
    }
    fns
}

/// The union checks over the subfields of field `f`'s struct (declared on
/// `f` with `+k8s:subfield(name)=+k8s:unionMember`), as field validations
/// at the field's path; a nil pointer field has no member set.
///
/// ```text
/// subfield_unions(f, out) -> vec![FunctionGen(zero_or_one_of_union(ctx, fld_path, &obj, old, &M, &[..]))]
/// ```
pub fn subfield_unions(f: &Field, out: &mut Out) -> Vec<FunctionGen> {
    let members = std::mem::take(&mut out.level.subfield_unions);
    let discriminators = std::mem::take(&mut out.level.subfield_discriminators);
    let ft = &f.ty.deref().ty;
    let (n, o) = super::nilable(&f.ty);
    let mut fns = Vec::new();
    for (kind, name, g) in groups(members) {
        let disc = discriminators
            .iter()
            .find(|d| kind == Kind::Union && d.union == name);
        if let Some(d) = disc {
            let (stage, since, tag) = union_stage(Some(d), &g, out);
            let tag = tag.map(str::to_string);
            let dj = d.subfield.clone().unwrap_or_default();
            record_rule(
                out,
                &g,
                (kind, Some(&dj)),
                f.ty.text(),
                (stage, since, tag.as_deref()),
            );
            let acc = super::list::accessor(&dj);
            let members: Vec<TokenStream> = g
                .iter()
                .map(|m| {
                    let (f, v) = (&m.display, &m.member_name);
                    quote!(::apimachinery::validate::UnionMember::discriminated(#f, #v))
                })
                .collect();
            let sets: Vec<&TokenStream> = g.iter().map(|m| &m.is_set).collect();
            let call = quote!({
                static MEMBERS: ::apimachinery::validate::UnionMembership =
                    ::apimachinery::validate::UnionMembership::discriminated(#dj, &[#(#members),*]);
                let cur: ::core::option::Option<&#ft> = #n;
                let old: ::core::option::Option<::core::option::Option<&#ft>> =
                    old_obj.map(|_| #o);
                ::apimachinery::validate::discriminated_union(
                    ctx, fld_path, &cur, old.as_ref(), &MEMBERS,
                    (|s: &::core::option::Option<&#ft>| {
                        s.map(|s| ::core::convert::AsRef::<str>::as_ref(s.#acc()))
                            .unwrap_or("")
                    }) as ::apimachinery::validate::DiscriminatorFn<::core::option::Option<&#ft>>,
                    &[#(#sets),*],
                )
            });
            let call = wrap_options(call, &g[0].options, "fld_path");
            fns.push(FunctionGen::plain(mark(call, stage)));
            continue;
        }
        let (stage, since, tag) = union_stage(None, &g, out);
        let tag = tag.map(str::to_string);
        record_rule(
            out,
            &g,
            (kind, None),
            f.ty.text(),
            (stage, since, tag.as_deref()),
        );
        let names: Vec<&String> = g.iter().map(|m| &m.display).collect();
        let sets: Vec<&TokenStream> = g.iter().map(|m| &m.is_set).collect();
        let func = match kind {
            Kind::Union => format_ident!("union"),
            Kind::ZeroOrOne => format_ident!("zero_or_one_of_union"),
        };
        let call = quote!({
            static MEMBERS: ::apimachinery::validate::UnionMembership =
                ::apimachinery::validate::UnionMembership::new(&[
                    #(::apimachinery::validate::UnionMember::new(#names)),*
                ]);
            let cur: ::core::option::Option<&#ft> = #n;
            let old: ::core::option::Option<::core::option::Option<&#ft>> =
                old_obj.map(|_| #o);
            ::apimachinery::validate::#func(
                ctx, fld_path, &cur, old.as_ref(), &MEMBERS, &[#(#sets),*],
            )
        });
        let call = wrap_options(call, &g[0].options, "fld_path");
        fns.push(FunctionGen::plain(mark(call, stage)));
    }
    fns
}

/// The union checks over the struct's own fields, evaluated at the struct path.
///
/// ```text
/// struct_unions(s, out) -> vec![quote!(union(ctx, path, self, old, &M, &[..]))]
/// ```
pub fn struct_unions(s: &Struct, out: &mut Out) -> Vec<TokenStream> {
    let members = std::mem::take(&mut out.level.unions);
    let discriminators = std::mem::take(&mut out.level.discriminators);
    let mut calls = Vec::new();
    for (kind, name, g) in groups(members) {
        let disc = discriminators
            .iter()
            .find(|d| kind == Kind::Union && d.union == name);
        let (stage, since, tag) = union_stage(disc, &g, out);
        let tag = tag.map(str::to_string);
        record_rule(
            out,
            &g,
            (kind, disc.map(|d| d.field.json.as_str())),
            s.ident.to_string(),
            (stage, since, tag.as_deref()),
        );
        let sets: Vec<&TokenStream> = g.iter().map(|m| &m.is_set).collect();
        let call = match (kind, disc.map(|d| &d.field)) {
            (Kind::Union, Some(d)) => {
                let dj = &d.json;
                let members: Vec<TokenStream> = g
                    .iter()
                    .map(|m| {
                        let (f, v) = (&m.display, &m.member_name);
                        quote!(::apimachinery::validate::UnionMember::discriminated(#f, #v))
                    })
                    .collect();
                let id = &d.ident;
                let get = match d.ty.shape {
                    Shape::Pointer(_) => {
                        quote!(|s: &Self| s.#id.as_ref().map(|v| ::core::convert::AsRef::<str>::as_ref(v)).unwrap_or(""))
                    }
                    _ => quote!(|s: &Self| ::core::convert::AsRef::<str>::as_ref(&s.#id)),
                };
                quote!({
                    static MEMBERS: ::apimachinery::validate::UnionMembership =
                        ::apimachinery::validate::UnionMembership::discriminated(#dj, &[#(#members),*]);
                    ::apimachinery::validate::discriminated_union(
                        ctx, path, self, old, &MEMBERS,
                        (#get) as ::apimachinery::validate::DiscriminatorFn<Self>,
                        &[#(#sets),*],
                    )
                })
            }
            _ => {
                let names: Vec<&String> = g.iter().map(|m| &m.display).collect();
                let func = match kind {
                    Kind::Union => format_ident!("union"),
                    Kind::ZeroOrOne => format_ident!("zero_or_one_of_union"),
                };
                quote!({
                    static MEMBERS: ::apimachinery::validate::UnionMembership =
                        ::apimachinery::validate::UnionMembership::new(&[
                            #(::apimachinery::validate::UnionMember::new(#names)),*
                        ]);
                    ::apimachinery::validate::#func(ctx, path, self, old, &MEMBERS, &[#(#sets),*])
                })
            }
        };
        let call = wrap_options(call, &g[0].options, "path");
        calls.push(mark(call, stage));
    }
    calls
}
