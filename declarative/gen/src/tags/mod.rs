//! The tag registry: every supported `+k8s:` tag with its [`TagDoc`] (name,
//! scopes, arguments, payloads, stability, docs), the generic type check
//! Kubernetes' registry runs before a tag is processed, and the dispatch to
//! each tag's emitter. One file per tag (`tags/<tag>.rs`, registered with
//! one line in `registry!`); helpers shared by several tags live in the
//! modules declared first.

use crate::grammar::{Literal, Tag, Value};
use crate::model::{Field, Shape, Struct, TagLine, Ty};
use proc_macro2::{Span, TokenStream};
use quote::quote;

// Shared helpers of several tags.
pub mod default;
mod dependent;
pub mod docs;
mod each;
mod levels;
mod limits;
pub mod list;
mod mode;
pub mod options;
pub mod params;
mod presence;
mod testing;
pub mod union;

pub use docs::{Scope, Stability, TagDoc};
pub use each::{each_map_val_call, each_slice_call};
pub use item::{ItemCall, share_selection};

// One module per tag: its doc, argument and scope checks, emitter and
// typed rule parameters. A tag is registered by its `mod` line here and its
// line in [`all`]; `every_tag_file_is_registered` checks both.
mod alpha;
mod beta;
mod custom_unique;
mod custom_validation;
mod dependent_forbidden;
mod dependent_required;
mod each_key;
mod each_val;
mod enum_;
mod enum_exclude;
mod forbidden;
mod format;
mod if_disabled;
mod if_enabled;
mod if_mode;
mod immutable;
mod is_subresource;
mod item;
mod list_map_key;
mod list_type;
mod max_bytes;
mod max_items;
mod max_length;
mod max_properties;
mod maximum;
mod min_items;
mod min_length;
mod min_properties;
mod minimum;
mod mode_discriminator;
mod monotonic;
mod neq;
mod opaque_type;
mod optional;
mod required;
mod subfield;
mod supports_subresource;
mod union_discriminator;
mod union_member;
mod unique;
mod update;
mod validate_error;
mod validate_false;
mod validate_true;
mod validate_true_alpha;
mod validate_true_beta;
mod zero_or_one_of_member;

/// Every tag this build supports, sorted by name: the registry.
///
/// ```text
/// all().iter().any(|d| d.name == "k8s:minimum")
/// ```
pub fn all() -> Vec<&'static TagDoc> {
    let mut v: Vec<&'static TagDoc> = vec![
        &alpha::ALPHA,
        &beta::BETA,
        &custom_unique::CUSTOM_UNIQUE,
        &custom_validation::CUSTOM_VALIDATION,
        &dependent_forbidden::DEPENDENT_FORBIDDEN,
        &dependent_required::DEPENDENT_REQUIRED,
        &each_key::EACH_KEY,
        &each_val::EACH_VAL,
        &enum_::ENUM,
        &enum_exclude::ENUM_EXCLUDE,
        &forbidden::FORBIDDEN,
        &format::FORMAT,
        &if_disabled::IF_DISABLED,
        &if_enabled::IF_ENABLED,
        &if_mode::IF_MODE,
        &immutable::IMMUTABLE,
        &is_subresource::IS_SUBRESOURCE,
        &item::ITEM,
        &list_map_key::LIST_MAP_KEY,
        &list_type::LIST_TYPE,
        &max_bytes::MAX_BYTES,
        &max_items::MAX_ITEMS,
        &max_length::MAX_LENGTH,
        &max_properties::MAX_PROPERTIES,
        &maximum::MAXIMUM,
        &min_items::MIN_ITEMS,
        &min_length::MIN_LENGTH,
        &min_properties::MIN_PROPERTIES,
        &minimum::MINIMUM,
        &mode_discriminator::MODE_DISCRIMINATOR,
        &monotonic::MONOTONIC,
        &neq::NEQ,
        &opaque_type::OPAQUE_TYPE,
        &optional::OPTIONAL,
        &required::REQUIRED,
        &subfield::SUBFIELD,
        &supports_subresource::SUPPORTS_SUBRESOURCE,
        &union_discriminator::UNION_DISCRIMINATOR,
        &union_member::UNION_MEMBER,
        &unique::UNIQUE,
        &update::UPDATE,
        &validate_error::VALIDATE_ERROR,
        &validate_false::VALIDATE_FALSE,
        &validate_true::VALIDATE_TRUE,
        &validate_true_alpha::VALIDATE_TRUE_ALPHA,
        &validate_true_beta::VALIDATE_TRUE_BETA,
        &zero_or_one_of_member::ZERO_OR_ONE_OF_MEMBER,
    ];
    v.sort_by_key(|d| d.name);
    v
}

/// The emitter of a tag the derive reads itself (or that only marks
/// metadata): no validation of its own.
///
/// ```text
/// emit_nothing(&cx, tag, &mut out) == Ok(vec![])
/// ```
pub fn emit_nothing(_cx: &Cx<'_>, _tag: &Tag, _out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    Ok(Vec::new())
}

/// The doc of a tag name (with the `k8s:` prefix).
///
/// ```text
/// doc_of("k8s:minimum").unwrap().stability == Stability::Stable
/// ```
pub fn doc_of(name: &str) -> Option<&'static TagDoc> {
    all().into_iter().find(|d| d.name == name)
}

/// The validation stage a use site is in (`+k8s:alpha`/`+k8s:beta` wrappers).
///
/// ```text
/// Stage::Alpha.tokens() == quote!(::apimachinery::Stage::Alpha)
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Inside `+k8s:alpha(...)=`.
    Alpha,
    /// Inside `+k8s:beta(...)=`.
    Beta,
    /// Unwrapped.
    Stable,
}

impl Stage {
    /// The `::apimachinery::Stage` expression.
    ///
    /// ```text
    /// Stage::Beta.tokens()
    /// ```
    pub fn tokens(self) -> TokenStream {
        match self {
            Stage::Alpha => quote!(::apimachinery::Stage::Alpha),
            Stage::Beta => quote!(::apimachinery::Stage::Beta),
            Stage::Stable => quote!(::apimachinery::Stage::Stable),
        }
    }
}

/// A (type, origin) pair a rule can emit, as `ErrorType` variant name and origin.
pub type Emit = (&'static str, String);

/// One rule of the inventory, as the generator records it.
#[derive(Clone, Debug)]
pub struct RuleGen {
    /// JSON path pattern.
    pub path: String,
    /// The tag line as written.
    pub tag: String,
    /// The innermost validator.
    pub validator: String,
    /// Its arguments.
    pub args: String,
    /// Its payload.
    pub payload: String,
    /// Stage.
    pub stage: Stage,
    /// The `since` of the wrapper.
    pub since: Option<String>,
    /// The field type.
    pub field_type: String,
    /// Conditions.
    pub conditions: Vec<String>,
    /// The typed conditions: `::apimachinery::rule::Condition` expressions.
    pub when: Vec<TokenStream>,
    /// The typed parameters: a `::apimachinery::rule::RuleParams` expression.
    pub params: TokenStream,
    /// What it emits.
    pub errors: Vec<Emit>,
}

/// One generated validation call: an expression of type `ErrorList` in
/// terms of `ctx`, `fld_path`, `obj: Option<&T>` and `old_obj: Option<&T>`.
#[derive(Clone)]
pub struct FunctionGen {
    /// Runs before the others; its errors stop the remaining validators.
    pub short_circuit: bool,
    /// A short-circuit that stops without reporting (optional).
    pub non_error: bool,
    /// The call.
    pub call: TokenStream,
    /// For a non-error presence probe (`+k8s:optional`): an equivalent `bool`
    /// "unset" expression, evaluated instead of the call so that the valid
    /// path does not build the discarded error. Dropped by any wrapper that
    /// changes when the call runs (options, subfields, items).
    pub probe: Option<TokenStream>,
    /// The cohort the call belongs to (a `+k8s:subfield(name)=...` subfield or
    /// a `+k8s:item(...)=...` selector): a short-circuit stops only its own
    /// cohort, as Kubernetes emits each cohort in its own closure; `None` for
    /// the field's own validators.
    pub cohort: Option<String>,
    /// The same validator as a `bool` expression appending its errors to
    /// the sink `errs` (a `&mut ErrorList`) and telling whether it failed
    /// (it appended errors, or would have but for a `RatchetedField` that
    /// dropped them; the block's short-circuit test): what the block emits
    /// when present (no one-element list to build and move). Dropped by [`FunctionGen::map`] and [`FunctionGen::mark`],
    /// which change the call.
    pub into: Option<TokenStream>,
    /// A few comparisons that fail only on an invalid value (presence,
    /// limits, `neq`, `monotonic`): no dearer than comparing the field with
    /// its old value, so a field whose validators are all cheap runs them
    /// first and ratchets only when one fails. Their sink forms report at
    /// an `ErrorSite`, and such a field hands them a `RatchetedField`, which
    /// drops the error of an unchanged field. Dropped by
    /// [`FunctionGen::map`].
    pub cheap: bool,
    /// For a `+k8s:item` call: its selector and unwrapped forms, so that a
    /// block with several item calls on one list selects their items in one
    /// pass ([`share_selection`]). Dropped by [`FunctionGen::map`]
    /// and [`FunctionGen::mark`], which change the call.
    pub item: Option<Box<ItemCall>>,
}

impl FunctionGen {
    /// A plain validator call.
    ///
    /// ```text
    /// FunctionGen::plain(quote!(::apimachinery::validate::minimum(ctx, fld_path, obj, old_obj, 0)))
    /// ```
    pub fn plain(call: TokenStream) -> FunctionGen {
        FunctionGen {
            short_circuit: false,
            non_error: false,
            call,
            probe: None,
            cohort: None,
            into: None,
            cheap: false,
            item: None,
        }
    }

    /// A short-circuit validator call.
    ///
    /// ```text
    /// FunctionGen::short_circuit(call)
    /// ```
    pub fn short_circuit(call: TokenStream) -> FunctionGen {
        FunctionGen {
            short_circuit: true,
            non_error: false,
            call,
            probe: None,
            cohort: None,
            into: None,
            cheap: false,
            item: None,
        }
    }

    /// A non-error short-circuit (presence probe).
    ///
    /// ```text
    /// FunctionGen::non_error(call)
    /// ```
    pub fn non_error(call: TokenStream) -> FunctionGen {
        FunctionGen {
            short_circuit: true,
            non_error: true,
            call,
            probe: None,
            cohort: None,
            into: None,
            cheap: false,
            item: None,
        }
    }

    /// A non-error presence probe with its equivalent "unset" `bool` expression.
    ///
    /// ```text
    /// FunctionGen::probe(optional_pointer_call, quote!(obj.and_then(|v| v.as_ref()).is_none()))
    /// ```
    pub fn probe(call: TokenStream, unset: TokenStream) -> FunctionGen {
        FunctionGen {
            probe: Some(unset),
            ..FunctionGen::non_error(call)
        }
    }

    /// Wraps the call, keeping flags (the probe is dropped: the wrapper may
    /// change when or whether the call runs).
    ///
    /// ```text
    /// f.map(|c| quote!(if_option(ctx, ..., |ctx, fld_path, obj, old_obj| #c)))
    /// ```
    pub fn map(self, f: impl FnOnce(TokenStream) -> TokenStream) -> FunctionGen {
        FunctionGen {
            call: f(self.call),
            probe: None,
            into: None,
            cheap: false,
            item: None,
            ..self
        }
    }

    /// Stamps the call's errors (`.mark_alpha()`), keeping flags and probe:
    /// a mark does not change when the call runs.
    ///
    /// ```text
    /// f.mark(|c| quote!((#c).mark_alpha()))
    /// ```
    pub fn mark(self, f: impl FnOnce(TokenStream) -> TokenStream) -> FunctionGen {
        FunctionGen {
            call: f(self.call),
            into: None,
            item: None,
            ..self
        }
    }

    /// Adds the sink form of the call (see [`FunctionGen::into`]).
    ///
    /// ```text
    /// FunctionGen::plain(call).with_into(quote!(minimum_into(ctx, fld_path, obj, old_obj, 1, "...", errs)))
    /// ```
    pub fn with_into(self, into: TokenStream) -> FunctionGen {
        FunctionGen {
            into: Some(into),
            ..self
        }
    }

    /// Marks the call cheap (see [`FunctionGen::cheap`]).
    ///
    /// ```text
    /// FunctionGen::plain(minimum_call).cheap().cheap == true
    /// ```
    pub fn cheap(self) -> FunctionGen {
        FunctionGen {
            cheap: true,
            ..self
        }
    }

    /// Adds the sink form derived from the call itself (see [`sink_of`]):
    /// for a call `::apimachinery::validate::f(args)` whose primitive has a
    /// `f_into(args, errs) -> bool` form.
    ///
    /// ```text
    /// FunctionGen::plain(quote!(::apimachinery::validate::neq(ctx, fld_path, n, o, "a"))).with_sink()
    ///     .into == Some(quote!(::apimachinery::validate::neq_into(ctx, fld_path, n, o, "a", errs)))
    /// ```
    pub fn with_sink(self) -> FunctionGen {
        match sink_of(&self.call) {
            Some(into) => self.with_into(into),
            None => self,
        }
    }
}

/// The sink form of a primitive call: `::apimachinery::validate::f(args)`
/// (exactly that, nothing around it) becomes
/// `::apimachinery::validate::f_into(args, errs)`; `None` for any other
/// expression.
///
/// ```text
/// sink_of(&quote!(::apimachinery::validate::immutable(ctx, fld_path, obj, old_obj)))
///     == Some(quote!(::apimachinery::validate::immutable_into(ctx, fld_path, obj, old_obj, errs)))
/// ```
pub fn sink_of(call: &TokenStream) -> Option<TokenStream> {
    use proc_macro2::{Delimiter, Group, TokenTree};
    let trees: Vec<TokenTree> = call.clone().into_iter().collect();
    // `::` `apimachinery` `::` `validate` `::` name (args): two puncts per `::`.
    let [
        TokenTree::Punct(c1),
        TokenTree::Punct(c2),
        TokenTree::Ident(krate),
        TokenTree::Punct(c3),
        TokenTree::Punct(c4),
        TokenTree::Ident(module),
        TokenTree::Punct(c5),
        TokenTree::Punct(c6),
        TokenTree::Ident(name),
        TokenTree::Group(args),
    ] = trees.as_slice()
    else {
        return None;
    };
    let colons = [c1, c2, c3, c4, c5, c6].iter().all(|p| p.as_char() == ':');
    if !colons
        || krate != "apimachinery"
        || module != "validate"
        || args.delimiter() != Delimiter::Parenthesis
    {
        return None;
    }
    let f = quote::format_ident!("{}_into", name);
    let inner = args.stream();
    // A trailing comma in the arguments is kept as the separator.
    let trailing =
        matches!(inner.clone().into_iter().last(), Some(TokenTree::Punct(p)) if p.as_char() == ',');
    let mut g = if trailing {
        Group::new(Delimiter::Parenthesis, quote!(#inner errs))
    } else {
        Group::new(Delimiter::Parenthesis, quote!(#inner, errs))
    };
    g.set_span(args.span());
    Some(quote!(::apimachinery::validate::#f #g))
}

/// Struct-level contributions collected from field tags.
#[derive(Default)]
pub struct StructLevel {
    /// Struct-level calls (dependentRequired, ...), in terms of `ctx`,
    /// `path`, `obj: Option<&Self>`, `old_obj: Option<&Self>`.
    pub calls: Vec<TokenStream>,
    /// Union members declared on struct fields.
    pub unions: Vec<union::Member>,
    /// Union members declared on list items (`+k8s:item(...)=+k8s:unionMember`), for the current field.
    pub item_unions: Vec<union::Member>,
    /// Union members declared through `+k8s:subfield(...)=+k8s:unionMember`
    /// on the current field (a union over the field's struct).
    pub subfield_unions: Vec<union::Member>,
    /// Union discriminators.
    pub discriminators: Vec<union::Discriminator>,
    /// Union discriminators declared through `+k8s:subfield(...)` on the
    /// current field.
    pub subfield_discriminators: Vec<union::Discriminator>,
    /// Mode discriminators: (group name, field).
    pub mode_discriminators: Vec<(String, Field)>,
    /// `+k8s:ifMode` rules.
    pub modes: Vec<mode::ModeRule>,
}

/// The generator's accumulated output besides code.
#[derive(Default)]
pub struct Out {
    /// Compile errors, all reported at once.
    pub errors: Vec<syn::Error>,
    /// The rule inventory.
    pub rules: Vec<RuleGen>,
    /// Struct-level contributions.
    pub level: StructLevel,
    /// Nested types whose rules are included, with the path prefix.
    pub nested: Vec<(String, syn::Type)>,
    /// The indices in `nested` of named map-key types: their rules apply
    /// to each key of the map (recorded with `Condition::EachKey`).
    pub key_nested: Vec<usize>,
}

/// Where a tag is being evaluated.
#[derive(Clone)]
pub struct Cx<'a> {
    /// The scope.
    pub scope: Scope,
    /// The value's type (`obj: Option<&T>`).
    pub ty: Ty,
    /// The rule path pattern of the value.
    pub path: String,
    /// Stability context.
    pub stage: Stage,
    /// The wrapper's since.
    pub since: Option<String>,
    /// Conditions around the rule.
    pub conditions: Vec<String>,
    /// The same conditions (and `+k8s:eachKey`) as typed
    /// `::apimachinery::rule::Condition` expressions.
    pub when: Vec<TokenStream>,
    /// The tag line being processed (text and span).
    pub line: &'a TagLine,
    /// All tags of the field (or type) the value belongs to.
    pub siblings: &'a [TagLine],
    /// The struct being derived.
    pub strukt: &'a Struct,
    /// The field, when the value is (in) a struct field.
    pub field: Option<&'a Field>,
    /// The list item selector, inside `+k8s:item(...)=`.
    pub item: Option<ItemSel>,
}

/// A `+k8s:item(k: v, ...)` selector.
#[derive(Clone)]
pub struct ItemSel {
    /// Display form of the selector, `{"type": "Approved"}`.
    pub display: String,
    /// A `bool` expression over `it: &E` selecting the item.
    pub cond: TokenStream,
    /// The element type.
    pub elem: Ty,
    /// The selector as a `&[::apimachinery::rule::ItemMatch]` expression.
    pub matches: TokenStream,
}

impl Cx<'_> {
    /// A compile error at the current tag.
    ///
    /// ```text
    /// cx.error("min > max")
    /// ```
    pub fn error(&self, msg: impl std::fmt::Display) -> syn::Error {
        syn::Error::new(self.span(), msg.to_string())
    }

    /// The span of the current tag.
    ///
    /// ```text
    /// cx.span()
    /// ```
    pub fn span(&self) -> Span {
        self.line.span
    }

    /// Records a rule for `tag` (the innermost validator) with its typed
    /// `params` (a `::apimachinery::rule::RuleParams` expression, see
    /// [`params`]) emitting `errors`.
    ///
    /// ```text
    /// cx.rule(out, tag, params::call("Minimum", quote!(0)), vec![("Invalid", "minimum".into())])
    /// ```
    pub fn rule(&self, out: &mut Out, tag: &Tag, params: TokenStream, errors: Vec<Emit>) {
        out.rules.push(RuleGen {
            path: self.path.clone(),
            tag: self.line.text.clone(),
            validator: tag.short_name().to_string(),
            args: tag.args_text(),
            payload: tag.value_literal().map(Literal::text).unwrap_or_default(),
            stage: self.stage,
            since: self.since.clone(),
            field_type: self.ty.text(),
            conditions: self.conditions.clone(),
            when: self.when.clone(),
            params,
            errors,
        });
    }

    /// The sibling tags (unwrapped from alpha/beta/ifEnabled/ifDisabled wrappers) named `name`.
    ///
    /// ```text
    /// cx.sibling_tags("k8s:listMapKey")
    /// ```
    pub fn sibling_tags(&self, name: &str) -> Vec<&Tag> {
        self.siblings
            .iter()
            .filter_map(|l| unwrap_conditions(&l.tag))
            .filter(|t| t.name == name)
            .collect()
    }
}

/// Strips `+k8s:alpha`/`+k8s:beta` wrappers.
///
/// ```text
/// unwrap_levels(alpha(...)=+k8s:listType=map) == listType=map
/// ```
pub fn unwrap_levels(tag: &Tag) -> Option<&Tag> {
    match tag.name.as_str() {
        "k8s:alpha" | "k8s:beta" => tag.value_tag().and_then(unwrap_levels),
        _ => Some(tag),
    }
}

/// Strips `+k8s:alpha`/`+k8s:beta` and `+k8s:ifEnabled`/`+k8s:ifDisabled`
/// wrappers: list semantics and keys declared under an option hold in every
/// option state (as in Kubernetes, where the list metadata is recorded when
/// the tag is read); only the validations they produce are conditional.
///
/// ```text
/// unwrap_conditions(ifEnabled(X)=+k8s:listMapKey=name) == listMapKey=name
/// ```
pub fn unwrap_conditions(tag: &Tag) -> Option<&Tag> {
    match tag.name.as_str() {
        "k8s:alpha" | "k8s:beta" | "k8s:ifEnabled" | "k8s:ifDisabled" => {
            tag.value_tag().and_then(unwrap_conditions)
        }
        _ => Some(tag),
    }
}

/// Kubernetes' registry type check: scope, argument names/types, payload.
///
/// ```text
/// type_check(doc, tag, Scope::Field) -> Err("tag \"k8s:minimum\" cannot be specified on type definitions")
/// ```
pub fn type_check(doc: &TagDoc, tag: &Tag, scope: Scope) -> Result<(), String> {
    if !doc.scopes.contains(&scope) {
        return Err(format!(
            "tag {:?} cannot be specified on {}",
            tag.name,
            scope.plural()
        ));
    }
    for arg in &tag.args {
        let decl = match &arg.name {
            None => doc.args.iter().find(|a| a.name.is_empty()),
            Some(n) => doc.args.iter().find(|a| a.name == n),
        };
        match decl {
            Some(d) => {
                if d.ty != arg.value.type_name() {
                    let name = arg.name.clone().unwrap_or_default();
                    return Err(format!(
                        "argument {:?} has wrong type: got {}, want {}",
                        name,
                        arg.value.type_name(),
                        d.ty
                    ));
                }
            }
            None if doc.accepts_unknown_args => {}
            None => {
                return Err(match &arg.name {
                    Some(n) => format!("unrecognized named argument {n:?}"),
                    None => "tag does not accept a positional argument".into(),
                });
            }
        }
    }
    for d in doc.args.iter().filter(|a| a.required) {
        let given = if d.name.is_empty() {
            tag.positional_arg().is_some()
        } else {
            tag.named_arg(d.name).is_some()
        };
        if !given {
            return Err(if d.name.is_empty() {
                format!("missing required positional argument of type {}", d.ty)
            } else {
                format!("missing named argument {:?} of type {}", d.name, d.ty)
            });
        }
    }
    match &tag.value {
        None if doc.payloads_required => Err(format!(
            "missing required tag value of type {}",
            doc.payload_types.join(" or ")
        )),
        None => Ok(()),
        Some(v) => {
            if doc.payload_types.is_empty() {
                return Err(format!(
                    "tag {:?} does not accept a value, got {}",
                    tag.name,
                    v.type_name()
                ));
            }
            if doc.payload_types.contains(&"raw") || doc.payload_types.contains(&v.type_name()) {
                Ok(())
            } else {
                Err(format!(
                    "tag value has wrong type: got {}, want {}",
                    v.type_name(),
                    doc.payload_types.join(" or ")
                ))
            }
        }
    }
}

/// Processes one tag at `cx`: type check, then the tag's emitter.
///
/// ```text
/// process(&cx, tag, &mut out) -> Vec<FunctionGen>
/// ```
pub fn process(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Vec<FunctionGen> {
    let Some(doc) = doc_of(&tag.name) else {
        out.errors.push(cx.error(unknown_tag_message(&tag.name)));
        return Vec::new();
    };
    if let Err(msg) = type_check(doc, tag, cx.scope) {
        out.errors.push(cx.error(format!("{}: {msg}", tag.name)));
        return Vec::new();
    }
    match (doc.emit)(cx, tag, out) {
        Ok(v) => v,
        Err(msg) => {
            out.errors.push(cx.error(format!("{}: {msg}", tag.name)));
            Vec::new()
        }
    }
}

/// Processes a chained payload tag at `cx` (`=+k8s:...`).
///
/// ```text
/// payload(&cx, tag, &mut out)
/// ```
pub fn payload(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    match &tag.value {
        Some(Value::Tag(inner)) => Ok(process(cx, inner, out)),
        _ => Err("requires a validation tag as its value payload".into()),
    }
}

fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// "unknown tag" with a "did you mean" suggestion.
///
/// ```text
/// unknown_tag_message("k8s:minimun") == "unknown tag \"k8s:minimun\", did you mean \"k8s:minimum\"?"
/// ```
pub fn unknown_tag_message(name: &str) -> String {
    let best = all()
        .into_iter()
        .map(|d| {
            (
                edit_distance(&name.to_lowercase(), &d.name.to_lowercase()),
                d.name,
            )
        })
        .min();
    match best {
        Some((d, n)) if d <= 3 => format!("unknown tag {name:?}, did you mean {n:?}?"),
        _ => format!("unknown tag {name:?}"),
    }
}

/// The struct-level validations collected while processing field tags.
///
/// ```text
/// struct_level(&s, &mut out) -> vec![quote!({ let fld_path = path; errs.extend_from(...) })]
/// ```
pub fn struct_level(s: &Struct, out: &mut Out) -> Vec<TokenStream> {
    let unions = union::struct_unions(s, out);
    let mut stmts: Vec<TokenStream> = unions.iter().map(struct_level_stmt).collect();
    // Already statements appending to `errs`.
    stmts.extend(mode::struct_modes(s, out));
    let calls = std::mem::take(&mut out.level.calls);
    stmts.extend(calls.iter().map(struct_level_stmt));
    stmts
}

/// Primitives struct-level calls may name that have a sink form.
const STRUCT_LEVEL_SINKS: &[&str] = &["dependent_required", "dependent_forbidden"];

/// A struct-level call as a statement appending to `errs`: through the
/// primitive's sink form when the call is a plain call of one with a sink
/// form ([`STRUCT_LEVEL_SINKS`]), possibly marked `(..).mark_alpha()` /
/// `(..).mark_beta()`; else by merging the list it returns.
///
/// ```text
/// struct_level_stmt(&quote!((::apimachinery::validate::dependent_required(..)).mark_alpha()))
///     == quote!({ let m = errs.len(); if dependent_required_into(.., errs) { errs.mark_level_from(m, Alpha); } })
/// ```
fn struct_level_stmt(c: &TokenStream) -> TokenStream {
    use proc_macro2::{Delimiter, TokenTree};
    let has_sink = |call: &TokenStream| {
        let name = call.clone().into_iter().nth(8);
        matches!(name, Some(TokenTree::Ident(n)) if STRUCT_LEVEL_SINKS.iter().any(|s| n == s))
    };
    let trees: Vec<TokenTree> = c.clone().into_iter().collect();
    if has_sink(c)
        && let Some(into) = sink_of(c)
    {
        return quote!(#into;);
    }
    // `( call ) . mark_x ( )`
    if let [
        TokenTree::Group(inner),
        TokenTree::Punct(dot),
        TokenTree::Ident(mark),
        TokenTree::Group(empty),
    ] = trees.as_slice()
        && inner.delimiter() == Delimiter::Parenthesis
        && dot.as_char() == '.'
        && empty.delimiter() == Delimiter::Parenthesis
        && empty.stream().is_empty()
        && has_sink(&inner.stream())
        && let Some(into) = sink_of(&inner.stream())
    {
        let stage = if mark == "mark_alpha" {
            Stage::Alpha
        } else if mark == "mark_beta" {
            Stage::Beta
        } else {
            return quote!(errs.extend_from(#c););
        };
        let into = levels::marked_sink(into, stage);
        return quote!(#into;);
    }
    quote!(errs.extend_from(#c);)
}

// ---- value adaptors: expressions over `obj`/`old_obj` (Option<&T>) ----

/// `(new, old)` as `Option<&S>` for a scalar or pointer-to-scalar value.
///
/// ```text
/// nilable(Option<i32>) == (obj.and_then(|v| v.as_ref()), old_obj.and_then(|v| v.as_ref()))
/// ```
pub fn nilable(ty: &Ty) -> (TokenStream, TokenStream) {
    match ty.shape {
        Shape::Pointer(_) => (
            quote!(obj.and_then(|v| v.as_ref())),
            quote!(old_obj.and_then(|v| v.as_ref())),
        ),
        _ => (quote!(obj), quote!(old_obj)),
    }
}

/// `(new, old)` as `Option<&str>` for strings, string newtypes and pointers to them.
///
/// ```text
/// string(String) == (obj.map(|v| v.as_str()), ...)
/// ```
pub fn string(ty: &Ty) -> Option<(TokenStream, TokenStream)> {
    let conv = |v: TokenStream| quote!(#v.map(|v| ::core::convert::AsRef::<str>::as_ref(v)));
    match &ty.shape {
        Shape::Str | Shape::Named | Shape::Unknown => {
            Some((conv(quote!(obj)), conv(quote!(old_obj))))
        }
        Shape::Pointer(inner) if matches!(inner.shape, Shape::Str | Shape::Named) => Some((
            conv(quote!(obj.and_then(|v| v.as_ref()))),
            conv(quote!(old_obj.and_then(|v| v.as_ref()))),
        )),
        _ => None,
    }
}

/// `(new, old)` as `&[E]` / `Option<&[E]>` for a list.
///
/// ```text
/// slice(Vec<T>) == (obj.map(|v| v.as_slice()).unwrap_or(&[]), old_obj.map(|v| v.as_slice()))
/// ```
pub fn slice(ty: &Ty) -> Option<(TokenStream, TokenStream, Ty)> {
    match &ty.shape {
        Shape::Slice(e) => Some((
            quote!(obj.map(|v| v.as_slice()).unwrap_or(&[])),
            quote!(old_obj.map(|v| v.as_slice())),
            (**e).clone(),
        )),
        _ => None,
    }
}

/// The key and value types of a map value.
///
/// ```text
/// map_types(BTreeMap<String, i32>) == Some((String, i32))
/// ```
pub fn map_types(ty: &Ty) -> Option<(Ty, Ty)> {
    match &ty.shape {
        Shape::Map(k, v) => Some(((**k).clone(), (**v).clone())),
        _ => None,
    }
}

/// Wraps a call needing `m: &BTreeMap` and `old_m: Option<&BTreeMap>`: a nil map validates as empty.
///
/// ```text
/// with_map(quote!(max_properties(ctx, fld_path, m, old_m, 3)))
/// ```
pub fn with_map(call: TokenStream) -> TokenStream {
    quote!(match obj {
        ::core::option::Option::Some(m) => {
            let old_m = old_obj;
            #call
        }
        ::core::option::Option::None => ::apimachinery::field::ErrorList::new(),
    })
}

/// [`with_map`] for a sink form (a `bool` expression): a nil map validates
/// as empty.
///
/// ```text
/// with_map_into(quote!(max_properties_into(ctx, fld_path, m, old_m, 3, "...", errs)))
/// ```
pub fn with_map_into(call: TokenStream) -> TokenStream {
    quote!(match obj {
        ::core::option::Option::Some(m) => {
            let old_m = old_obj;
            #call
        }
        ::core::option::Option::None => false,
    })
}

/// Go's `fmt.Sprintf("%d %s", n, unit)` with the unit plural unless `n` is 1
/// (the detail of Kubernetes' length and size errors).
///
/// ```text
/// plural(1, "item", "items") == "1 item"
/// ```
pub fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// The literal as a Rust expression token.
///
/// ```text
/// lit_tokens(&Literal::Int(3)) == quote!(3)
/// ```
pub fn lit_tokens(l: &Literal) -> TokenStream {
    match l {
        Literal::String(s) => quote!(#s),
        Literal::Int(i) => {
            let lit = proc_macro2::Literal::i64_unsuffixed(*i);
            quote!(#lit)
        }
        Literal::Bool(b) => quote!(#b),
    }
}

/// The integer payload of a tag.
///
/// ```text
/// int_payload(minimum=3) == Ok(3)
/// ```
pub fn int_payload(tag: &Tag) -> Result<i64, String> {
    match tag.value_literal() {
        Some(Literal::Int(i)) => Ok(*i),
        _ => Err("requires an int value".into()),
    }
}

/// The string payload of a tag.
///
/// ```text
/// string_payload(format=k8s-uuid) == Ok("k8s-uuid")
/// ```
pub fn string_payload(tag: &Tag) -> Result<String, String> {
    match tag.value_literal() {
        Some(Literal::String(s)) => Ok(s.clone()),
        _ => Err("requires a string value".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::parse;

    #[test]
    fn sink_of_rewrites_plain_primitive_calls_only() {
        let got = sink_of(&quote!(::apimachinery::validate::immutable(
            ctx, fld_path, obj, old_obj
        )));
        assert_eq!(
            got.map(|t| t.to_string()),
            Some(
                quote!(::apimachinery::validate::immutable_into(
                    ctx, fld_path, obj, old_obj, errs
                ))
                .to_string()
            )
        );
        // A trailing comma separates the sink from the arguments.
        let got = sink_of(&quote!(::apimachinery::validate::no_nils(
            ctx, fld_path, obj, old_obj,
        )));
        assert_eq!(
            got.map(|t| t.to_string()),
            Some(
                quote!(::apimachinery::validate::no_nils_into(
                    ctx, fld_path, obj, old_obj, errs
                ))
                .to_string()
            )
        );
        // Anything around the call (a wrapper, a mark, a block) has no sink form.
        for call in [
            quote!((::apimachinery::validate::immutable(ctx, fld_path, obj, old_obj)).mark_alpha()),
            quote!({ ::apimachinery::validate::neq(ctx, fld_path, obj, old_obj, 1) }),
            quote!(::apimachinery::validate::each::each_slice_val(ctx)),
            quote!(::other::validate::immutable(ctx, fld_path, obj, old_obj)),
        ] {
            assert!(sink_of(&call).is_none(), "{call}");
        }
    }

    /// The shared helper modules (not tags) in `src/tags/`.
    const SHARED: &[&str] = &[
        "default",
        "dependent",
        "docs",
        "each",
        "levels",
        "limits",
        "list",
        "mod",
        "mode",
        "options",
        "params",
        "presence",
        "testing",
        "union",
    ];

    #[test]
    fn every_tag_file_is_registered() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/tags");
        let source = std::fs::read_to_string(dir.join("mod.rs")).unwrap();
        let mut files: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "rs"))
            .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
            .filter(|m| !SHARED.contains(&m.as_str()))
            .collect();
        files.sort();
        for m in &files {
            assert!(
                source.contains(&format!("\nmod {m};\n")),
                "tags/{m}.rs has no `mod {m};`"
            );
            assert!(
                source.contains(&format!("&{m}::")),
                "tags/{m}.rs is not listed in all()"
            );
        }
        // One tag per file: as many tags as tag files.
        assert_eq!(all().len(), files.len(), "{files:?}");
    }

    #[test]
    fn registry_is_sorted_and_unique() {
        let all = all();
        for w in all.windows(2) {
            assert!(w[0].name < w[1].name, "{} {}", w[0].name, w[1].name);
        }
        assert!(doc_of("k8s:minimum").is_some());
        assert!(doc_of("k8s:nope").is_none());
    }

    #[test]
    fn type_check_messages() {
        let req = doc_of("k8s:required").unwrap();
        assert_eq!(
            type_check(req, &parse("k8s:required").unwrap(), Scope::Type),
            Err("tag \"k8s:required\" cannot be specified on type definitions".into())
        );
        let min = doc_of("k8s:minimum").unwrap();
        assert_eq!(
            type_check(min, &parse("k8s:minimum=1").unwrap(), Scope::Type),
            Ok(())
        );
        assert_eq!(
            type_check(min, &parse("k8s:minimum").unwrap(), Scope::Field),
            Err("missing required tag value of type int".into())
        );
        assert_eq!(
            type_check(min, &parse("k8s:minimum=\"x\"").unwrap(), Scope::Field),
            Err("tag value has wrong type: got string, want int".into())
        );
        let alpha = doc_of("k8s:alpha").unwrap();
        assert_eq!(
            type_check(
                alpha,
                &parse("k8s:alpha(since: 1)=+k8s:required").unwrap(),
                Scope::Field
            ),
            Err("argument \"since\" has wrong type: got int, want string".into())
        );
        assert_eq!(
            type_check(
                alpha,
                &parse("k8s:alpha(x: \"1\")=+k8s:required").unwrap(),
                Scope::Field
            ),
            Err("unrecognized named argument \"x\"".into())
        );
        let ife = doc_of("k8s:ifEnabled").unwrap();
        assert_eq!(
            type_check(
                ife,
                &parse("k8s:ifEnabled=+k8s:required").unwrap(),
                Scope::Field
            ),
            Err("missing required positional argument of type string".into())
        );
    }

    #[test]
    fn did_you_mean() {
        assert_eq!(
            unknown_tag_message("k8s:minimun"),
            "unknown tag \"k8s:minimun\", did you mean \"k8s:minimum\"?"
        );
        assert_eq!(
            unknown_tag_message("k8s:zzzzzzzzzz"),
            "unknown tag \"k8s:zzzzzzzzzz\""
        );
    }
}
