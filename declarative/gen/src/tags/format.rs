//! `+k8s:format=<name>` (Kubernetes' `validators/format.go`): string formats,
//! each a function of `apimachinery::validate::format`.

use super::docs::{PayloadDoc, Stability, TagDoc, VALUES, doc};
use super::{Cx, FunctionGen, Out, string, string_payload};
use crate::grammar::Tag;
use proc_macro2::{Ident, Span};
use quote::quote;

/// The formats: (name, function, may emit TooLong).
const FORMATS: &[(&str, &str, bool)] = &[
    (
        "k8s-extended-resource-name",
        "extended_resource_name",
        false,
    ),
    ("k8s-label-key", "label_key", false),
    ("k8s-label-value", "label_value", false),
    ("k8s-long-name", "long_name", false),
    ("k8s-long-name-caseless", "long_name_caseless", false),
    ("k8s-path-segment-name", "path_segment_name", false),
    ("k8s-prefixed-label-key", "prefixed_label_key", false),
    (
        "k8s-resource-fully-qualified-name",
        "resource_fully_qualified_name",
        true,
    ),
    ("k8s-resource-pool-name", "resource_pool_name", true),
    ("k8s-short-name", "short_name", false),
    ("k8s-uuid", "uuid", false),
];

/// `+k8s:format`.
pub static FORMAT: TagDoc = TagDoc {
    payload_types: &["string"],
    payloads_required: true,
    payloads: &[
        PayloadDoc {
            description: "k8s-extended-resource-name",
            docs: "This field holds a Kubernetes extended resource name. This is a domain-prefixed name that must not have a `kubernetes.io` or `requests.` prefix. When `requests.` is prepended, the result must be a valid label key, as used by quota.",
        },
        PayloadDoc {
            description: "k8s-label-key",
            docs: "This field holds a Kubernetes label key.",
        },
        PayloadDoc {
            description: "k8s-label-value",
            docs: "This field holds a Kubernetes label value.",
        },
        PayloadDoc {
            description: "k8s-long-name",
            docs: "This field holds a Kubernetes \"long name\", aka a \"DNS subdomain\" value.",
        },
        PayloadDoc {
            description: "k8s-long-name-caseless",
            docs: "Deprecated: This field holds a case-insensitive Kubernetes \"long name\", aka a \"DNS subdomain\" value.",
        },
        PayloadDoc {
            description: "k8s-path-segment-name",
            docs: "This field holds a Kubernetes \"path segment name\" value.",
        },
        PayloadDoc {
            description: "k8s-prefixed-label-key",
            docs: "This field holds a Kubernetes label key that must include a DNS subdomain prefix.",
        },
        PayloadDoc {
            description: "k8s-resource-fully-qualified-name",
            docs: "This field holds a Kubernetes resource \"fully qualified name\" value. A fully qualified name must not be empty and must be composed of a prefix and a name, separated by a slash (e.g., \"prefix/name\"). The prefix must be a DNS subdomain, and the name part must be a C identifier with no more than 32 characters.",
        },
        PayloadDoc {
            description: "k8s-resource-pool-name",
            docs: "This field holds value with one or more Kubernetes \"long name\" parts separated by `/` and no longer than 253 characters.",
        },
        PayloadDoc {
            description: "k8s-short-name",
            docs: "This field holds a Kubernetes \"short name\", aka a \"DNS label\" value.",
        },
        PayloadDoc {
            description: "k8s-uuid",
            docs: "This field holds a Kubernetes UUID, which conforms to RFC 4122.",
        },
    ],
    ..doc(
        "k8s:format",
        "Indicates that a string field has a particular format.",
        Stability::Stable,
        VALUES,
        emit,
    )
};

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    let name = string_payload(tag)?;
    let Some(&(_, func, too_long)) = FORMATS.iter().find(|(n, _, _)| *n == name) else {
        return Err(format!("unsupported validation format {name:?}"));
    };
    let (n, o) = string(&cx.ty)
        .ok_or_else(|| format!("can only be used on string types (got {})", cx.ty.text()))?;
    let origin = format!("format={name}");
    let mut errors = vec![("Invalid", origin.clone())];
    if too_long {
        errors.push(("TooLong", origin));
    }
    cx.rule(
        out,
        tag,
        quote!(::apimachinery::rule::RuleParams::Format(#name)),
        errors,
    );
    let f = Ident::new(func, Span::call_site());
    let f_into = Ident::new(&format!("{func}_into"), Span::call_site());
    Ok(vec![
        FunctionGen::plain(quote!(
            ::apimachinery::validate::format::#f(ctx, fld_path, #n, #o)
        ))
        .with_into(quote!(
            ::apimachinery::validate::format::#f_into(ctx, fld_path, #n, #o, errs)
        )),
    ])
}
