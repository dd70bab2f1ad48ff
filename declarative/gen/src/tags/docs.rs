//! [`TagDoc`]: the self-description of a tag (Kubernetes' `validators.TagDoc`),
//! used for the type check and rendered as the catalog `dv-harness tags`
//! prints (`apimachinery::tag_docs_json!()`).

use super::{Cx, FunctionGen, Out};
use crate::grammar::Tag;

/// Where a tag may be written (Kubernetes' `Scope`).
///
/// ```text
/// Scope::Field.plural() == "struct fields"
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// On a type definition.
    Type,
    /// On a struct field.
    Field,
    /// On the values of a list (via `eachVal` / `item`).
    ListVal,
    /// On the keys of a map (via `eachKey`).
    MapKey,
    /// On the values of a map (via `eachVal`).
    MapVal,
    /// On an enum constant (inside `k8s_enum!`).
    Const,
}

impl Scope {
    /// Kubernetes' rendering in "cannot be specified on %s".
    ///
    /// ```text
    /// Scope::ListVal.plural() == "list values"
    /// ```
    pub fn plural(self) -> &'static str {
        match self {
            Scope::Type => "type definitions",
            Scope::Field => "struct fields",
            Scope::ListVal => "list values",
            Scope::MapKey => "map keys",
            Scope::MapVal => "map values",
            Scope::Const => "constant values",
        }
    }

    /// The JSON name used in the catalog.
    ///
    /// ```text
    /// Scope::MapKey.json() == "MapKey"
    /// ```
    pub fn json(self) -> &'static str {
        match self {
            Scope::Type => "Type",
            Scope::Field => "Field",
            Scope::ListVal => "ListVal",
            Scope::MapKey => "MapKey",
            Scope::MapVal => "MapVal",
            Scope::Const => "Const",
        }
    }
}

/// Every value scope: type definitions (Go typedefs, Rust newtypes), fields
/// and list/map elements.
pub const VALUES: &[Scope] = &[
    Scope::Type,
    Scope::Field,
    Scope::ListVal,
    Scope::MapKey,
    Scope::MapVal,
];
/// Type definitions, fields and list/map values (no keys).
pub const FIELD_AND_VALUES: &[Scope] = &[Scope::Type, Scope::Field, Scope::ListVal, Scope::MapVal];
/// Types and every value scope.
pub const ANY: &[Scope] = &[
    Scope::Type,
    Scope::Field,
    Scope::ListVal,
    Scope::MapKey,
    Scope::MapVal,
];

/// The maturity of a tag's semantics (`TagStabilityLevel`), or `Metadata`
/// for generator wiring tags without a validator.
///
/// ```text
/// Stability::Beta.as_str() == "Beta"
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stability {
    /// Alpha.
    Alpha,
    /// Beta.
    Beta,
    /// Stable.
    Stable,
    /// Not a validator.
    Metadata,
}

impl Stability {
    /// `Alpha`, `Beta`, `Stable` or `Metadata`.
    ///
    /// ```text
    /// Stability::Stable.as_str() == "Stable"
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Stability::Alpha => "Alpha",
            Stability::Beta => "Beta",
            Stability::Stable => "Stable",
            Stability::Metadata => "Metadata",
        }
    }
}

/// One declared argument. `name` is empty for the positional argument.
#[derive(Debug)]
pub struct ArgDoc {
    /// Name (empty = positional).
    pub name: &'static str,
    /// `string`, `int` or `bool`.
    pub ty: &'static str,
    /// Whether it must be given.
    pub required: bool,
    /// What it means.
    pub description: &'static str,
}

/// One documented payload.
#[derive(Debug)]
pub struct PayloadDoc {
    /// Short form, e.g. `<non-negative integer>`.
    pub description: &'static str,
    /// What it means.
    pub docs: &'static str,
}

/// The emitter of a tag.
pub type EmitFn = fn(&Cx<'_>, &Tag, &mut Out) -> Result<Vec<FunctionGen>, String>;

/// A tag's self-description and emitter.
pub struct TagDoc {
    /// Full name, `k8s:minimum`.
    pub name: &'static str,
    /// One-line description (Kubernetes' TagDoc text).
    pub description: &'static str,
    /// Tag stability.
    pub stability: Stability,
    /// Where it may appear.
    pub scopes: &'static [Scope],
    /// Declared arguments.
    pub args: &'static [ArgDoc],
    /// Accepted payload types: `int`, `string`, `bool`, `tag`, `raw` (any); empty = none.
    pub payload_types: &'static [&'static str],
    /// Whether a payload is required.
    pub payloads_required: bool,
    /// Documented payloads.
    pub payloads: &'static [PayloadDoc],
    /// Whether arguments not declared are accepted (`item`).
    pub accepts_unknown_args: bool,
    /// Longer docs.
    pub docs: &'static str,
    /// The emitter.
    pub emit: EmitFn,
}

/// A doc with no arguments and no payload; complete it with struct update syntax.
///
/// ```text
/// static X: TagDoc = TagDoc { payload_types: &["int"], ..doc("k8s:x", "...", Stability::Stable, VALUES, emit) };
/// ```
pub const fn doc(
    name: &'static str,
    description: &'static str,
    stability: Stability,
    scopes: &'static [Scope],
    emit: EmitFn,
) -> TagDoc {
    TagDoc {
        name,
        description,
        stability,
        scopes,
        args: &[],
        payload_types: &[],
        payloads_required: false,
        payloads: &[],
        accepts_unknown_args: false,
        docs: "",
        emit,
    }
}

fn json_str(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

impl TagDoc {
    /// The usage line (`+k8s:name(args)=<payload>`).
    ///
    /// ```text
    /// MINIMUM.usage() == "+k8s:minimum=<integer>"
    /// ```
    pub fn usage(&self) -> String {
        let mut s = format!("+{}", self.name);
        if !self.args.is_empty() {
            let args: Vec<String> = self
                .args
                .iter()
                .map(|a| {
                    if a.name.is_empty() {
                        format!("<{}>", a.ty)
                    } else {
                        format!("{}: <{}>", a.name, a.ty)
                    }
                })
                .collect();
            s.push_str(&format!("({})", args.join(", ")));
        }
        if let Some(p) = self.payloads.first() {
            s.push('=');
            s.push_str(p.description);
        }
        s
    }

    /// This doc as a JSON object.
    ///
    /// ```text
    /// MINIMUM.to_json().starts_with("{\"tag\":\"k8s:minimum\"")
    /// ```
    pub fn to_json(&self) -> String {
        let scopes: Vec<String> = self.scopes.iter().map(|s| json_str(s.json())).collect();
        let args: Vec<String> = self
            .args
            .iter()
            .map(|a| {
                format!(
                    "{{\"name\":{},\"type\":{},\"required\":{},\"description\":{}}}",
                    json_str(a.name),
                    json_str(a.ty),
                    a.required,
                    json_str(a.description)
                )
            })
            .collect();
        let payloads: Vec<String> = self
            .payloads
            .iter()
            .map(|p| {
                format!(
                    "{{\"description\":{},\"docs\":{}}}",
                    json_str(p.description),
                    json_str(p.docs)
                )
            })
            .collect();
        let types: Vec<String> = self.payload_types.iter().map(|t| json_str(t)).collect();
        format!(
            "{{\"tag\":{},\"stabilityLevel\":{},\"usage\":{},\"description\":{},\"docs\":{},\"scopes\":[{}],\"args\":[{}],\"payloads\":[{}],\"payloadsType\":[{}],\"payloadsRequired\":{},\"acceptsUnknownArgs\":{}}}",
            json_str(self.name),
            json_str(self.stability.as_str()),
            json_str(&self.usage()),
            json_str(self.description),
            json_str(self.docs),
            scopes.join(","),
            args.join(","),
            payloads.join(","),
            types.join(","),
            self.payloads_required,
            self.accepts_unknown_args
        )
    }
}

/// The whole catalog as a JSON array, sorted by tag.
///
/// ```text
/// catalog_json().starts_with("[{\"tag\":\"k8s:alpha\"")
/// ```
pub fn catalog_json() -> String {
    let items: Vec<String> = super::all().iter().map(|d| d.to_json()).collect();
    format!("[{}]", items.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usage_and_json() {
        let min = super::super::doc_of("k8s:minimum").unwrap();
        assert_eq!(min.usage(), "+k8s:minimum=<integer>");
        let j = catalog_json();
        assert!(j.starts_with("[{\"tag\":\"k8s:alpha\""));
        assert!(j.contains("\"tag\":\"k8s:update\""));
        assert_eq!(json_str("a\"b\n"), "\"a\\\"b\\n\"");
    }
}
