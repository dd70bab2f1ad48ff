//! `k8s_enum!`: declares a Kubernetes string enum type (Go `type T string`
//! plus its `const` block) in one place, with its `+k8s:enum` /
//! `+k8s:enumExclude` / `+k8s:ifEnabled(X)=+k8s:enumExclude` tags.
//!
//! ```text
//! k8s_enum! {
//!     /// +k8s:enum
//!     pub enum RestartPolicy {
//!         Always = "Always",
//!         /// +k8s:enumExclude
//!         Internal = "Internal",
//!     }
//! }
//! ```
//!
//! expands to a newtype `pub struct RestartPolicy(pub Cow<'static, str>)`
//! (serde: a plain string; `Default` is `""`), one associated constant per
//! value (`RestartPolicy::Always`), `AsRef<str>`, `Display`, `From<&str>`,
//! `From<String>`, `PartialEq<str>`/`PartialEq<&str>`, `TextEq`, `VALUES` (every
//! constant), and an `apimachinery::Validate` impl that checks membership
//! with `validate::enum_value` against a `static EnumSet` (when `+k8s:enum`
//! is given), whose rule inventory has one `enum` rule.

use crate::grammar::{Literal, Tag};
use crate::model::{TagLine, tags_of};
use proc_macro2::TokenStream;
use quote::quote;
use syn::parse::{Parse, ParseStream};

struct Variant {
    attrs: Vec<syn::Attribute>,
    ident: syn::Ident,
    value: syn::LitStr,
}

struct EnumDecl {
    attrs: Vec<syn::Attribute>,
    vis: syn::Visibility,
    ident: syn::Ident,
    variants: Vec<Variant>,
}

impl Parse for EnumDecl {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let attrs = input.call(syn::Attribute::parse_outer)?;
        let vis: syn::Visibility = input.parse()?;
        input.parse::<syn::Token![enum]>()?;
        let ident: syn::Ident = input.parse()?;
        let content;
        syn::braced!(content in input);
        let mut variants = Vec::new();
        while !content.is_empty() {
            let attrs = content.call(syn::Attribute::parse_outer)?;
            let ident: syn::Ident = content.parse()?;
            content.parse::<syn::Token![=]>()?;
            let value: syn::LitStr = content.parse()?;
            variants.push(Variant {
                attrs,
                ident,
                value,
            });
            if content.is_empty() {
                break;
            }
            content.parse::<syn::Token![,]>()?;
        }
        Ok(EnumDecl {
            attrs,
            vis,
            ident,
            variants,
        })
    }
}

/// How a constant is excluded.
enum Exclusion {
    Always,
    When { option: String, enabled: bool },
}

fn exclusions(line: &TagLine) -> Result<Exclusion, String> {
    fn walk(tag: &Tag) -> Result<Exclusion, String> {
        match tag.name.as_str() {
            "k8s:enumExclude" => {
                if tag.value.is_some() || !tag.args.is_empty() {
                    return Err("k8s:enumExclude takes no arguments and no value".into());
                }
                Ok(Exclusion::Always)
            }
            "k8s:ifEnabled" | "k8s:ifDisabled" => {
                let Some(Literal::String(option)) = tag.positional_arg() else {
                    return Err(format!(
                        "{}: missing required positional argument of type string",
                        tag.name
                    ));
                };
                match tag.value_tag() {
                    Some(inner) if inner.name == "k8s:enumExclude" => Ok(Exclusion::When {
                        option: option.clone(),
                        enabled: tag.name == "k8s:ifEnabled",
                    }),
                    _ => Err(format!(
                        "{}: on an enum constant the payload must be +k8s:enumExclude",
                        tag.name
                    )),
                }
            }
            other => Err(format!(
                "tag {other:?} cannot be specified on constant values"
            )),
        }
    }
    walk(&line.tag)
}

/// Expands `k8s_enum!`.
///
/// ```text
/// expand(quote!(/// +k8s:enum
///               pub enum Phase { Pending = "Pending" }))
/// ```
pub fn expand(input: TokenStream) -> TokenStream {
    let decl: EnumDecl = match syn::parse2(input) {
        Ok(d) => d,
        Err(e) => return e.to_compile_error(),
    };
    let mut errors: Vec<syn::Error> = Vec::new();
    let type_tags = tags_of(&decl.attrs, &mut errors);
    let manifest_lines = crate::model::manifest_lines(&decl.attrs);
    let mut is_enum = false;
    // `+k8s:alpha(since: "X")=+k8s:enum` / `+k8s:beta(...)=+k8s:enum` stage the enum rule.
    let mut stage: Option<(&'static str, Option<String>)> = None;
    for line in &type_tags {
        let (tag, level) = match line.tag.name.as_str() {
            "k8s:alpha" | "k8s:beta" => {
                let since = match line.tag.named_arg("since") {
                    Some(Literal::String(s)) => Some(s.clone()),
                    _ => None,
                };
                let level = if line.tag.name == "k8s:alpha" {
                    "alpha"
                } else {
                    "beta"
                };
                match line.tag.value_tag() {
                    Some(inner) => (inner, Some((level, since))),
                    None => {
                        errors.push(syn::Error::new(
                            line.span,
                            format!(
                                "tag {:?} requires a validation tag as its value payload",
                                line.tag.name
                            ),
                        ));
                        continue;
                    }
                }
            }
            _ => (&line.tag, None),
        };
        match tag.name.as_str() {
            "k8s:enum" => {
                is_enum = true;
                stage = level;
            }
            other => errors.push(syn::Error::new(
                line.span,
                format!("tag {other:?} is not supported on enum types (only +k8s:enum)"),
            )),
        }
    }
    let mut members: Vec<String> = Vec::new();
    let mut excl: Vec<(String, bool, String)> = Vec::new();
    for v in &decl.variants {
        let value = v.value.value();
        let mut excluded = false;
        for line in tags_of(&v.attrs, &mut errors) {
            match exclusions(&line) {
                Ok(Exclusion::Always) => excluded = true,
                Ok(Exclusion::When { option, enabled }) => {
                    excl.push((value.clone(), enabled, option));
                }
                Err(msg) => errors.push(syn::Error::new(line.span, msg)),
            }
        }
        if !excluded && !members.contains(&value) {
            members.push(value);
        }
    }
    if !is_enum && (!excl.is_empty() || members.len() != decl.variants.len()) {
        errors.push(syn::Error::new(
            decl.ident.span(),
            "+k8s:enumExclude is only meaningful on a type tagged +k8s:enum",
        ));
    }
    if !errors.is_empty() {
        let mut ts = TokenStream::new();
        for e in errors {
            ts.extend(e.to_compile_error());
        }
        return ts;
    }
    members.sort();
    let ident = &decl.ident;
    let vis = &decl.vis;
    let attrs: Vec<&syn::Attribute> = decl.attrs.iter().collect();
    let consts: Vec<TokenStream> = decl
        .variants
        .iter()
        .map(|v| {
            let id = &v.ident;
            let val = &v.value;
            let a = &v.attrs;
            quote! {
                #(#a)*
                #[allow(non_upper_case_globals)]
                pub const #id: #ident = #ident(::std::borrow::Cow::Borrowed(#val));
            }
        })
        .collect();
    let all_values: Vec<&syn::LitStr> = decl.variants.iter().map(|v| &v.value).collect();
    let kind = ident.to_string();
    let payload = members.join(",");
    let excl_tokens: Vec<TokenStream> = excl
        .iter()
        .map(|(value, enabled, option)| {
            quote!(::apimachinery::validate::EnumExclusion {
                value: #value,
                exclude_when: #enabled,
                option: #option,
            })
        })
        .collect();
    let (mark, stage_tokens, since_tokens, tag_text) = match &stage {
        Some(("alpha", since)) => (
            quote!(.mark_alpha()),
            quote!(::apimachinery::Stage::Alpha),
            since.clone(),
            "alpha",
        ),
        Some((_, since)) => (
            quote!(.mark_beta()),
            quote!(::apimachinery::Stage::Beta),
            since.clone(),
            "beta",
        ),
        None => (quote!(), quote!(::apimachinery::Stage::Stable), None, ""),
    };
    let rule_tag = match (&stage, &since_tokens) {
        (None, _) => "+k8s:enum".to_string(),
        (Some(_), Some(v)) => format!("+k8s:{tag_text}(since: {v:?})=+k8s:enum"),
        (Some(_), None) => format!("+k8s:{tag_text}=+k8s:enum"),
    };
    let since_tokens = match since_tokens {
        Some(v) => quote!(::core::option::Option::Some(#v)),
        None => quote!(::core::option::Option::None),
    };
    let levels: Vec<syn::Ident> = (0..=crate::transitive::LEVELS)
        .map(crate::transitive::level_ident)
        .collect();
    let sets = quote! {
        static VALID: ::apimachinery::validate::EnumSet =
            ::apimachinery::validate::EnumSet::new(&[#(#members),*]);
        static EXCLUSIONS: &[::apimachinery::validate::EnumExclusion] = &[#(#excl_tokens),*];
        static DETAILS: ::apimachinery::validate::EnumDetails =
            ::apimachinery::validate::EnumDetails::new();
    };
    // A stable enum validates straight into the caller's list; a staged one
    // marks its errors, so it returns them.
    let check = if stage.is_none() {
        quote! {
            #[inline]
            fn validate_into(
                &self,
                ctx: &::apimachinery::operation::Context,
                path: &::apimachinery::field::Path<'_>,
                old: ::core::option::Option<&Self>,
                errs: &mut ::apimachinery::field::ErrorList,
            ) {
                #sets
                ::apimachinery::validate::enum_value_into(
                    ctx,
                    path,
                    ::core::option::Option::Some(::core::convert::AsRef::<str>::as_ref(self)),
                    old.map(|o| ::core::convert::AsRef::<str>::as_ref(o)),
                    &VALID,
                    EXCLUSIONS,
                    &DETAILS,
                    errs,
                );
            }
        }
    } else {
        quote! {
            fn validate_at(
                &self,
                ctx: &::apimachinery::operation::Context,
                path: &::apimachinery::field::Path<'_>,
                old: ::core::option::Option<&Self>,
            ) -> ::apimachinery::field::ErrorList {
                #sets
                let mut errs = ::apimachinery::field::ErrorList::new();
                ::apimachinery::validate::enum_value_into(
                    ctx,
                    path,
                    ::core::option::Option::Some(::core::convert::AsRef::<str>::as_ref(self)),
                    old.map(|o| ::core::convert::AsRef::<str>::as_ref(o)),
                    &VALID,
                    EXCLUSIONS,
                    &DETAILS,
                    &mut errs,
                );
                errs #mark
            }
        }
    };
    let validate = if is_enum {
        quote! {
            #[automatically_derived]
            impl ::apimachinery::Validate for #ident {
                #check

                fn rules() -> &'static [::apimachinery::Rule] {
                    static RULES: &[::apimachinery::Rule] = &[::apimachinery::Rule {
                        id: ::core::concat!(#kind, "//enum"),
                        kind: #kind,
                        path: "",
                        tag: #rule_tag,
                        validator: "enum",
                        args: "",
                        payload: #payload,
                        stage: #stage_tokens,
                        since: #since_tokens,
                        field_type: #kind,
                        conditions: &[],
                        errors: &[
                            ::apimachinery::RuleError {
                                error_type: ::apimachinery::field::ErrorType::NotSupported,
                                origin: "",
                            },
                        ],
                        params: ::apimachinery::RuleParams::Enum(&[#(#members),*]),
                        when: &[],
                    }];
                    RULES
                }
            }
        }
    } else {
        quote!()
    };
    quote! {
        #(#attrs)*
        #[derive(
            ::core::clone::Clone, ::core::fmt::Debug, ::core::default::Default,
            ::core::cmp::PartialEq, ::core::cmp::Eq, ::core::cmp::PartialOrd, ::core::cmp::Ord,
            ::core::hash::Hash, ::serde::Serialize, ::serde::Deserialize,
        )]
        #[serde(transparent)]
        #vis struct #ident(pub ::std::borrow::Cow<'static, str>);

        impl #ident {
            #(#consts)*

            #[doc(hidden)]
            pub const __DV_HAS_VALIDATION: bool = #is_enum;
            #(#[doc(hidden)] pub const #levels: bool = #is_enum;)*

            /// The tag manifest of this type (see `#[derive(Validate)]`):
            /// its type-level tag lines as written; an enum has no fields.
            #[doc(hidden)]
            #[allow(dead_code)]
            pub const __DV_TAG_MANIFEST: (
                &'static [&'static str],
                &'static [(&'static str, &'static [&'static str])],
            ) = (&[#(#manifest_lines),*], &[]);

            /// Every declared constant value, in declaration order.
            pub const VALUES: &'static [&'static str] = &[#(#all_values),*];

            /// The value as a string.
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl ::core::convert::AsRef<str> for #ident {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl ::core::fmt::Display for #ident {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl ::core::convert::From<&str> for #ident {
            fn from(s: &str) -> Self {
                #ident(::std::borrow::Cow::Owned(::std::string::String::from(s)))
            }
        }

        impl ::core::convert::From<::std::string::String> for #ident {
            fn from(s: ::std::string::String) -> Self {
                #ident(::std::borrow::Cow::Owned(s))
            }
        }

        impl ::core::cmp::PartialEq<str> for #ident {
            fn eq(&self, other: &str) -> bool {
                &*self.0 == other
            }
        }

        impl ::core::cmp::PartialEq<&str> for #ident {
            fn eq(&self, other: &&str) -> bool {
                &*self.0 == *other
            }
        }

        impl ::apimachinery::text_eq::TextEq for #ident {
            #[inline]
            fn text_eq(&self, other: &Self) -> bool {
                ::apimachinery::text_eq::str_eq(&self.0, &other.0)
            }
        }

        #validate
    }
}
