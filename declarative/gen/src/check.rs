//! Cross-tag lint (Kubernetes' `lint_rules.go` and the registry's
//! structural checks), run on every derived type. All problems are
//! reported at once, each pointing at its tag.

use crate::grammar::{Literal, Tag};
use crate::model::{Shape, Struct, TagLine};
use crate::tags::{Out, Stability, doc_of, unwrap_levels};

/// Lints a struct's tags.
///
/// ```text
/// lint(&s, &mut out)  // pushes syn::Errors into out.errors
/// ```
pub fn lint(s: &Struct, package: &str, out: &mut Out) {
    let base = package_level(package);
    for line in &s.tags {
        alpha_beta_outermost(line, &line.tag, true, out);
        stability(line, &line.tag, base, out);
    }
    if s.newtype.is_some() {
        min_max(&s.ident.to_string(), &s.tags, out);
    }
    for f in &s.fields {
        for line in &f.tags {
            alpha_beta_outermost(line, &line.tag, true, out);
            stability(line, &line.tag, base, out);
        }
        let names: Vec<&Tag> = f
            .tags
            .iter()
            .filter_map(|l| unwrap_levels(&l.tag))
            .collect();
        let has = |n: &str| names.iter().any(|t| t.name == n);
        let first = |n: &str| {
            f.tags
                .iter()
                .find(|l| unwrap_levels(&l.tag).is_some_and(|t| t.name == n))
        };
        if has("k8s:required") && has("k8s:optional") {
            let l = first("k8s:optional");
            if let Some(l) = l {
                out.errors.push(syn::Error::new(
                    l.span,
                    format!(
                        "field {}: fields cannot be both optional and required",
                        f.json
                    ),
                ));
            }
        }
        // requiredAndOptional: a validated non-struct field needs a presence tag.
        let validating = f.tags.iter().any(|l| {
            unwrap_levels(&l.tag).is_some_and(|t| {
                let atomic = t.name == "k8s:listType"
                    && t.value_literal() == Some(&Literal::String("atomic".into()));
                let passive = matches!(
                    t.name.as_str(),
                    "k8s:optional"
                        | "k8s:required"
                        | "k8s:forbidden"
                        | "k8s:opaqueType"
                        | "k8s:listMapKey"
                        | "k8s:customUnique"
                        | "k8s:unionMember"
                        | "k8s:unionDiscriminator"
                        | "k8s:zeroOrOneOfMember"
                        | "k8s:modeDiscriminator"
                        | "k8s:dependentRequired"
                        | "k8s:dependentForbidden"
                );
                // `+k8s:eachVal=+k8s:opaqueType` (or eachKey) only turns the
                // items' own validation off.
                let opaque_items = matches!(t.name.as_str(), "k8s:eachVal" | "k8s:eachKey")
                    && t.value_tag().is_some_and(|p| p.name == "k8s:opaqueType");
                !(passive || atomic || opaque_items)
            })
        });
        // Presence tags count wherever they are, also inside ifEnabled/ifDisabled.
        let presence = f.tags.iter().any(|l| {
            let mut t = Some(&l.tag);
            while let Some(tag) = t {
                if matches!(
                    tag.name.as_str(),
                    "k8s:optional" | "k8s:required" | "k8s:forbidden"
                ) {
                    return true;
                }
                t = tag.value_tag();
            }
            false
        });
        if validating
            && !presence
            && !matches!(f.typedef.as_ref().unwrap_or(&f.ty).shape, Shape::Named)
        {
            let l = f.tags.first();
            if let Some(l) = l {
                out.errors.push(syn::Error::new(
                    l.span,
                    format!(
                        "field {}: field with validation must have +k8s:optional, +k8s:required or +k8s:forbidden",
                        f.json
                    ),
                ));
            }
        }
        // listMapKey only with listType=map or unique=map.
        let is_map = names.iter().any(|t| {
            matches!(t.name.as_str(), "k8s:listType" | "k8s:unique")
                && t.value_literal() == Some(&Literal::String("map".into()))
        });
        if let Some(l) = first("k8s:listMapKey").filter(|_| !is_map) {
            {
                out.errors.push(syn::Error::new(
                    l.span,
                    format!(
                        "field {}: +k8s:listMapKey requires +k8s:listType=map or +k8s:unique=map",
                        f.json
                    ),
                ));
            }
        }
        if is_map && !has("k8s:listMapKey") {
            let l = first("k8s:listType").or_else(|| first("k8s:unique"));
            if let Some(l) = l {
                out.errors.push(syn::Error::new(
                    l.span,
                    format!(
                        "field {}: a list-map requires at least one +k8s:listMapKey",
                        f.json
                    ),
                ));
            }
        }
        min_max(f.json.as_str(), &f.tags, out);
    }
}

/// The lowest tag stability allowed unprefixed in a package (its directory
/// name): Alpha in `*alpha*` packages, Beta in `*beta*` ones, else Stable.
///
/// ```text
/// package_level("v1beta1") == Stability::Beta
/// ```
pub fn package_level(package: &str) -> Stability {
    if package.contains("alpha") {
        Stability::Alpha
    } else if package.contains("beta") {
        Stability::Beta
    } else {
        Stability::Stable
    }
}

fn int_of(t: &Tag) -> Option<i64> {
    match t.value_literal() {
        Some(Literal::Int(i)) => Some(*i),
        _ => None,
    }
}

fn min_max(field: &str, tags: &[TagLine], out: &mut Out) {
    for (lo, hi) in [
        ("k8s:minimum", "k8s:maximum"),
        ("k8s:minLength", "k8s:maxLength"),
        ("k8s:minItems", "k8s:maxItems"),
        ("k8s:minProperties", "k8s:maxProperties"),
    ] {
        let find = |n: &str| {
            tags.iter().find_map(|l| {
                unwrap_levels(&l.tag)
                    .filter(|t| t.name == n)
                    .and_then(int_of)
                    .map(|v| (v, l))
            })
        };
        if let (Some((a, _)), Some((b, l))) = (find(lo), find(hi))
            && a > b
        {
            {
                out.errors.push(syn::Error::new(
                    l.span,
                    format!("field {field}: {lo} ({a}) is greater than {hi} ({b})"),
                ));
            }
        }
    }
}

/// `+k8s:alpha`/`+k8s:beta` must be the outermost tag and carry a payload.
fn alpha_beta_outermost(line: &TagLine, tag: &Tag, outermost: bool, out: &mut Out) {
    let is_level = matches!(tag.name.as_str(), "k8s:alpha" | "k8s:beta");
    if is_level && !outermost {
        out.errors.push(syn::Error::new(
            line.span,
            format!("tag {:?} can't be used in between", tag.name),
        ));
        return;
    }
    if is_level && tag.value_tag().is_none() {
        out.errors.push(syn::Error::new(
            line.span,
            format!(
                "tag {:?} requires a validation tag as its value payload",
                tag.name
            ),
        ));
        return;
    }
    if let Some(inner) = tag.value_tag() {
        alpha_beta_outermost(line, inner, false, out);
    }
}

/// An unprefixed tag must be Stable; inside `+k8s:alpha` Alpha+ is allowed,
/// inside `+k8s:beta` Beta+; a payload of `ifEnabled/ifDisabled` in a Stable
/// context is relaxed to Beta.
fn stability(line: &TagLine, tag: &Tag, allowed: Stability, out: &mut Out) {
    let Some(doc) = doc_of(&tag.name) else {
        return;
    };
    let wrapper = matches!(tag.name.as_str(), "k8s:alpha" | "k8s:beta");
    if !wrapper && doc.stability != Stability::Metadata && doc.stability < allowed {
        let context = match allowed {
            Stability::Alpha => "Alpha",
            Stability::Beta => "Beta",
            _ => "Stable",
        };
        out.errors.push(syn::Error::new(
            line.span,
            format!(
                "tag {:?} with stability level {:?} cannot be used in {} validation",
                tag.name,
                doc.stability.as_str(),
                context
            ),
        ));
        return;
    }
    let next = match tag.name.as_str() {
        "k8s:alpha" => Stability::Alpha,
        "k8s:beta" => Stability::Beta,
        "k8s:ifEnabled" | "k8s:ifDisabled" if allowed == Stability::Stable => Stability::Beta,
        "k8s:ifEnabled" | "k8s:ifDisabled" => allowed,
        _ => allowed,
    };
    if let Some(inner) = tag.value_tag() {
        stability(line, inner, next, out);
    }
}
