//! What the derive reads from a type: its fields, their Rust shapes, JSON
//! names (from `#[serde(rename, rename_all)]`) and `+k8s:` tags (from
//! `#[doc]` attributes).

use crate::grammar::{self, Tag};
use proc_macro2::Span;
use quote::ToTokens;
use syn::spanned::Spanned;

/// The Go shape of a Rust type, as validation-gen sees it.
///
/// ```text
/// Option<i32> -> Pointer(Int); Vec<String> -> Slice(Str); BTreeMap<String, u8> -> Map(Str, Int)
/// ```
#[derive(Clone, Debug)]
pub enum Shape {
    /// `Option<T>`: Go `*T`.
    Pointer(Box<Ty>),
    /// `Vec<T>`: Go `[]T`.
    Slice(Box<Ty>),
    /// `BTreeMap<K, V>`: Go `map[K]V`.
    Map(Box<Ty>, Box<Ty>),
    /// `String`.
    Str,
    /// A Rust integer type.
    Int,
    /// `bool`.
    Bool,
    /// `f32`/`f64`.
    Float,
    /// Any other named type: a struct (or string newtype) implementing `Validate`.
    Named,
    /// A type the derive cannot see (a `+k8s:subfield` of another struct):
    /// treated as a non-pointer scalar or string.
    Unknown,
}

/// A Rust type with its shape.
///
/// ```text
/// Ty::of(&parse_quote!(Option<String>)).shape == Pointer(Str)
/// ```
#[derive(Clone, Debug)]
pub struct Ty {
    /// The Rust type as written.
    pub ty: syn::Type,
    /// Its shape.
    pub shape: Shape,
}

fn generic_args(seg: &syn::PathSegment) -> Vec<syn::Type> {
    match &seg.arguments {
        syn::PathArguments::AngleBracketed(a) => a
            .args
            .iter()
            .filter_map(|g| match g {
                syn::GenericArgument::Type(t) => Some(t.clone()),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

impl Ty {
    /// Classifies a Rust type.
    ///
    /// ```text
    /// Ty::of(&parse_quote!(Vec<Foo>)).shape == Slice(Named)
    /// ```
    pub fn of(ty: &syn::Type) -> Ty {
        let shape = match ty {
            syn::Type::Path(p) if p.qself.is_none() => match p.path.segments.last() {
                Some(seg) => {
                    let name = seg.ident.to_string();
                    let args = generic_args(seg);
                    match (name.as_str(), args.as_slice()) {
                        ("Option", [t]) => Shape::Pointer(Box::new(Ty::of(t))),
                        ("Vec", [t]) => Shape::Slice(Box::new(Ty::of(t))),
                        ("BTreeMap", [k, v]) => {
                            Shape::Map(Box::new(Ty::of(k)), Box::new(Ty::of(v)))
                        }
                        ("String", []) => Shape::Str,
                        (
                            "i8" | "i16" | "i32" | "i64" | "isize" | "u8" | "u16" | "u32" | "u64"
                            | "usize",
                            [],
                        ) => Shape::Int,
                        ("bool", []) => Shape::Bool,
                        ("f32" | "f64", []) => Shape::Float,
                        _ => Shape::Named,
                    }
                }
                None => Shape::Named,
            },
            _ => Shape::Named,
        };
        Ty {
            ty: ty.clone(),
            shape,
        }
    }

    /// The type without one level of `Option`.
    ///
    /// ```text
    /// Ty::of(&parse_quote!(Option<i32>)).deref().ty == i32
    /// ```
    pub fn deref(&self) -> &Ty {
        match &self.shape {
            Shape::Pointer(t) => t,
            _ => self,
        }
    }

    /// The type as text, for the rule inventory.
    ///
    /// ```text
    /// Ty::of(&parse_quote!(Option<i32>)).text() == "Option<i32>"
    /// ```
    pub fn text(&self) -> String {
        self.ty
            .to_token_stream()
            .to_string()
            .replace(" < ", "<")
            .replace(" <", "<")
            .replace("< ", "<")
            .replace(" >", ">")
            .replace(" , ", ", ")
            .replace(" :: ", "::")
    }
}

/// One `+k8s:` tag line with its parse result and where it came from.
///
/// ```text
/// /// +k8s:minimum=0   ->  TagLine { text: "+k8s:minimum=0", tag: k8s:minimum=0, span }
/// ```
#[derive(Clone, Debug)]
pub struct TagLine {
    /// The tag text as written (with the leading `+`, without a trailing comment).
    pub text: String,
    /// The parsed tag.
    pub tag: Tag,
    /// The span of the doc attribute.
    pub span: Span,
}

/// The lines of a `#[doc = "..."]` attribute (none for other attributes).
///
/// ```text
/// doc_lines(&parse_quote!(#[doc = " +k8s:optional"])) == vec![" +k8s:optional"]
/// ```
pub fn doc_lines(attr: &syn::Attribute) -> Vec<String> {
    if !attr.path().is_ident("doc") {
        return Vec::new();
    }
    let syn::Meta::NameValue(nv) = &attr.meta else {
        return Vec::new();
    };
    match &nv.value {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(s),
            ..
        }) => s.value().lines().map(str::to_string).collect(),
        _ => Vec::new(),
    }
}

/// The validation tag lines as written, in order, for the tag manifest: every
/// `+k8s:` tag (without generator wiring tags `+k8s:*-gen*`) and every
/// `+default` marker, trimmed.
///
/// ```text
/// manifest_lines(&attrs) == vec!["+k8s:optional", "+default=1", "+k8s:minimum=0"]
/// ```
pub fn manifest_lines(attrs: &[syn::Attribute]) -> Vec<String> {
    attrs
        .iter()
        .flat_map(doc_lines)
        .filter(|line| match grammar::tag_name_of(line) {
            Some("default") => true,
            Some(name) => name.starts_with("k8s:") && !name.contains("-gen"),
            None => false,
        })
        .map(|line| line.trim().to_string())
        .collect()
}

/// Reads the `+k8s:` tags of a list of attributes. Lines that are not
/// `+k8s:` tags are ignored; generator-wiring tags (`+k8s:*-gen...`) too.
///
/// ```text
/// tags_of(&attrs, &mut errors)
/// ```
pub fn tags_of(attrs: &[syn::Attribute], errors: &mut Vec<syn::Error>) -> Vec<TagLine> {
    let mut out = Vec::new();
    for attr in attrs {
        for line in doc_lines(attr) {
            let line = line.as_str();
            let Some(name) = grammar::tag_name_of(line) else {
                continue;
            };
            if !name.starts_with("k8s:") || name.contains("-gen") {
                continue;
            }
            let body = line.trim().trim_start_matches('+');
            match grammar::parse(body) {
                Ok(tag) => {
                    let text = match body.find(" #") {
                        Some(i) => body[..i].trim_end(),
                        None => body,
                    };
                    out.push(TagLine {
                        text: format!("+{text}"),
                        tag,
                        span: attr.span(),
                    })
                }
                Err(e) => errors.push(syn::Error::new(
                    attr.span(),
                    format!("failed to parse tag \"+{body}\": {e}"),
                )),
            }
        }
    }
    out
}

/// A struct field.
#[derive(Clone, Debug)]
pub struct Field {
    /// The Rust field name.
    pub ident: syn::Ident,
    /// The JSON name.
    pub json: String,
    /// The field's type.
    pub ty: Ty,
    /// Its `+k8s:` tags.
    pub tags: Vec<TagLine>,
    /// `#[serde(flatten)]`: a Go embedded (inline) struct, validated at the parent's path.
    pub flatten: bool,
    /// Its `+default` markers (read by `+k8s:optional`).
    pub defaults: Vec<crate::tags::default::DefaultMarker>,
    /// Its tag lines as written (see [`manifest_lines`]).
    pub manifest: Vec<String>,
    /// `#[dv(typedef = "Vec<T>")]` on a field whose type is a derived newtype
    /// (a Go typedef of a slice or map, `struct Items(Vec<T>)`): the wrapped
    /// type, which the field's own tags validate (through `.0`), while the
    /// newtype's type-level tags still run at the field's path.
    pub typedef: Option<Ty>,
    /// `#[dv(subfield(name = "Vec<T>", ...))]`: the Rust types of the
    /// subfields (JSON names) its `+k8s:subfield(name)=...` tags validate,
    /// which the derive of this struct cannot see; a payload that needs the
    /// subfield's shape (list and map tags) needs it.
    pub subfields: Vec<(String, Ty)>,
}

/// A struct deriving `Validate`.
#[derive(Clone, Debug)]
pub struct Struct {
    /// The type name.
    pub ident: syn::Ident,
    /// Type-level `+k8s:` tags.
    pub tags: Vec<TagLine>,
    /// The named fields.
    pub fields: Vec<Field>,
    /// For a newtype `struct T(U)` (a Go typedef `type T U`): the wrapped type,
    /// which the type-level tags validate.
    pub newtype: Option<Ty>,
    /// Type-level tag lines as written (see [`manifest_lines`]).
    pub manifest: Vec<String>,
}

fn serde_metas(attrs: &[syn::Attribute]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for attr in attrs {
        if !attr.path().is_ident("serde") {
            continue;
        }
        let _ = attr.parse_nested_meta(|meta| {
            let key = meta
                .path
                .get_ident()
                .map(|i| i.to_string())
                .unwrap_or_default();
            if meta.input.peek(syn::Token![=]) {
                let value = meta.value()?;
                if let Ok(s) = value.parse::<syn::LitStr>() {
                    out.push((key, s.value()));
                } else {
                    let _: syn::Expr = value.parse()?;
                }
            } else if meta.input.peek(syn::token::Paren) {
                let content;
                syn::parenthesized!(content in meta.input);
                let _: proc_macro2::TokenStream = content.parse()?;
            } else {
                // A bare word such as `flatten` or `default`.
                out.push((key, String::new()));
            }
            Ok(())
        });
    }
    out
}

/// Whether serde leaves the field out of the JSON both ways (`skip`, or
/// both `skip_serializing` and `skip_deserializing`): the equivalent of a Go
/// unexported field, which validation-gen does not see.
fn is_skipped(metas: &[(String, String)]) -> bool {
    let has = |k: &str| metas.iter().any(|(key, _)| key == k);
    has("skip") || (has("skip_serializing") && has("skip_deserializing"))
}

/// The field's `#[dv(...)]` attributes: the wrapped type of `typedef =
/// "..."` and the subfield types of `subfield(name = "...", ...)`.
///
/// ```text
/// dv_attrs(&[parse_quote!(#[dv(typedef = "Vec<String>")])], &mut errors) == (Some(Vec<String>), vec![])
/// dv_attrs(&[parse_quote!(#[dv(subfield(finalizers = "Vec<String>"))])], &mut errors) == (None, vec![("finalizers", Vec<String>)])
/// ```
fn dv_attrs(
    attrs: &[syn::Attribute],
    errors: &mut Vec<syn::Error>,
) -> (Option<Ty>, Vec<(String, Ty)>) {
    let mut typedef = None;
    let mut subfields = Vec::new();
    for attr in attrs {
        if !attr.path().is_ident("dv") {
            continue;
        }
        let res = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("typedef") {
                let lit: syn::LitStr = meta.value()?.parse()?;
                let ty: syn::Type = lit.parse()?;
                typedef = Some(Ty::of(&ty));
                Ok(())
            } else if meta.path.is_ident("subfield") {
                meta.parse_nested_meta(|sub| {
                    let name = match sub.path.get_ident() {
                        Some(i) => i.to_string(),
                        None => return Err(sub.error("expected a subfield's JSON name")),
                    };
                    let lit: syn::LitStr = sub.value()?.parse()?;
                    let ty: syn::Type = lit.parse()?;
                    subfields.push((name, Ty::of(&ty)));
                    Ok(())
                })
            } else {
                Err(meta.error(
                    "unknown dv attribute (expected `typedef = \"<wrapped type>\"` or \
                     `subfield(<json name> = \"<type>\", ...)`)",
                ))
            }
        });
        if let Err(e) = res {
            errors.push(e);
        }
    }
    (typedef, subfields)
}

/// Applies serde's `rename_all` rule to a Rust field name.
///
/// ```text
/// rename_all("camelCase", "my_field") == "myField"
/// ```
pub fn rename_all(rule: &str, name: &str) -> String {
    let words: Vec<&str> = name.split('_').filter(|w| !w.is_empty()).collect();
    let cap = |w: &str| {
        let mut c = w.chars();
        match c.next() {
            Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
            None => String::new(),
        }
    };
    match rule {
        "camelCase" => words
            .iter()
            .enumerate()
            .map(|(i, w)| if i == 0 { w.to_string() } else { cap(w) })
            .collect(),
        "PascalCase" => words.iter().map(|w| cap(w)).collect(),
        "lowercase" => name.to_lowercase(),
        "UPPERCASE" => name.to_uppercase(),
        "snake_case" => name.to_string(),
        "SCREAMING_SNAKE_CASE" => name.to_uppercase(),
        "kebab-case" => name.replace('_', "-"),
        "SCREAMING-KEBAB-CASE" => name.to_uppercase().replace('_', "-"),
        _ => name.to_string(),
    }
}

/// The first hash map (`HashMap`, `HashSet`, `IndexMap`) in a field type,
/// at any depth: the derive validates Go maps as `BTreeMap` (the validation
/// primitives and error order need sorted keys), and a map type it does not
/// model would otherwise be skipped silently.
///
/// ```text
/// unordered_map(&parse_quote!(Option<HashMap<String, i32>>)) == Some(HashMap<String, i32>)
/// ```
pub fn unordered_map(ty: &syn::Type) -> Option<&syn::Type> {
    let syn::Type::Path(p) = ty else {
        return None;
    };
    let seg = p.path.segments.last()?;
    if matches!(
        seg.ident.to_string().as_str(),
        "HashMap" | "HashSet" | "IndexMap" | "IndexSet"
    ) {
        return Some(ty);
    }
    match &seg.arguments {
        syn::PathArguments::AngleBracketed(a) => a.args.iter().find_map(|g| match g {
            syn::GenericArgument::Type(t) => unordered_map(t),
            _ => None,
        }),
        _ => None,
    }
}

impl Struct {
    /// Reads a derive input. Only structs with named fields are supported.
    ///
    /// ```text
    /// Struct::from_input(&input, &mut errors)
    /// ```
    pub fn from_input(input: &syn::DeriveInput, errors: &mut Vec<syn::Error>) -> Option<Struct> {
        if !input.generics.params.is_empty() {
            errors.push(syn::Error::new(
                input.generics.span(),
                "#[derive(Validate)] does not support generic types",
            ));
            return None;
        }
        let syn::Data::Struct(data) = &input.data else {
            errors.push(syn::Error::new(
                input.ident.span(),
                "#[derive(Validate)] supports structs only (declare enums with k8s_enum!)",
            ));
            return None;
        };
        let rename_rule = serde_metas(&input.attrs)
            .into_iter()
            .find(|(k, _)| k == "rename_all")
            .map(|(_, v)| v);
        if let syn::Fields::Unnamed(unnamed) = &data.fields {
            if unnamed.unnamed.len() != 1 {
                errors.push(syn::Error::new(
                    unnamed.span(),
                    "#[derive(Validate)] supports tuple structs with exactly one field (a typedef)",
                ));
                return None;
            }
            let inner = &unnamed.unnamed[0];
            let field_tags = tags_of(&inner.attrs, errors);
            if let Some(l) = field_tags.first() {
                errors.push(syn::Error::new(
                    l.span,
                    "tags of a newtype go on the type, not on its field",
                ));
            }
            return Some(Struct {
                ident: input.ident.clone(),
                tags: tags_of(&input.attrs, errors),
                fields: Vec::new(),
                newtype: Some(Ty::of(&inner.ty)),
                manifest: manifest_lines(&input.attrs),
            });
        }
        let mut fields = Vec::new();
        for f in &data.fields {
            let Some(ident) = f.ident.clone() else {
                errors.push(syn::Error::new(
                    f.span(),
                    "#[derive(Validate)] needs named fields",
                ));
                continue;
            };
            let metas = serde_metas(&f.attrs);
            if is_skipped(&metas) {
                // Not part of the JSON (Go's unexported fields): not validated.
                continue;
            }
            let raw = ident.to_string();
            let raw = raw.strip_prefix("r#").unwrap_or(&raw).to_string();
            let json = metas
                .iter()
                .find(|(k, _)| k == "rename")
                .map(|(_, v)| v.clone())
                .unwrap_or_else(|| match &rename_rule {
                    Some(rule) => rename_all(rule, &raw),
                    None => raw.clone(),
                });
            let flatten = metas.iter().any(|(k, _)| k == "flatten");
            let (typedef, subfields) = dv_attrs(&f.attrs, errors);
            if let Some(map) = unordered_map(&f.ty) {
                errors.push(syn::Error::new(
                    map.span(),
                    format!(
                        "field {json}: {} is not supported by #[derive(Validate)]; use BTreeMap \
                         (a Go map, validated in key order)",
                        Ty::of(map).text()
                    ),
                ));
            }
            fields.push(Field {
                flatten,
                typedef,
                subfields,
                ident,
                json,
                ty: Ty::of(&f.ty),
                tags: tags_of(&f.attrs, errors),
                defaults: crate::tags::default::markers_of(&f.attrs),
                manifest: manifest_lines(&f.attrs),
            });
        }
        Some(Struct {
            ident: input.ident.clone(),
            tags: tags_of(&input.attrs, errors),
            fields,
            newtype: None,
            manifest: manifest_lines(&input.attrs),
        })
    }

    /// The field with JSON name `json`.
    ///
    /// ```text
    /// s.field_by_json("myField")
    /// ```
    pub fn field_by_json(&self, json: &str) -> Option<&Field> {
        self.fields.iter().find(|f| f.json == json)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use syn::parse_quote;

    #[test]
    fn shapes() {
        let t = Ty::of(&parse_quote!(Option<i32>));
        assert!(matches!(t.shape, Shape::Pointer(ref i) if matches!(i.shape, Shape::Int)));
        let t = Ty::of(&parse_quote!(std::collections::BTreeMap<String, Vec<Foo>>));
        assert!(matches!(t.shape, Shape::Map(..)));
        assert!(matches!(Ty::of(&parse_quote!(Foo)).shape, Shape::Named));
        assert_eq!(
            Ty::of(&parse_quote!(Option<Vec<u8>>)).text(),
            "Option<Vec<u8>>"
        );
    }

    #[test]
    fn json_names() {
        let input: syn::DeriveInput = parse_quote! {
            #[serde(rename_all = "camelCase")]
            struct S {
                /// +k8s:minimum=0
                /// not a tag
                /// +optional
                my_field: i32,
                #[serde(rename = "other", default)]
                x: Option<String>,
            }
        };
        let mut errors = Vec::new();
        let s = Struct::from_input(&input, &mut errors).unwrap();
        assert!(errors.is_empty());
        assert_eq!(s.fields[0].json, "myField");
        assert_eq!(s.fields[0].tags.len(), 1);
        assert_eq!(s.fields[0].tags[0].text, "+k8s:minimum=0");
        assert_eq!(s.fields[1].json, "other");
        assert_eq!(rename_all("PascalCase", "a_b"), "AB");
    }

    #[test]
    fn skipped_fields_are_not_seen() {
        let input: syn::DeriveInput = parse_quote! {
            struct S {
                /// +k8s:minimum=0
                a: i32,
                /// +k8s:minimum=0
                #[serde(skip)]
                b: i32,
                #[serde(skip_serializing, skip_deserializing)]
                c: i32,
                #[serde(skip_serializing)]
                d: i32,
            }
        };
        let mut errors = Vec::new();
        let s = Struct::from_input(&input, &mut errors).unwrap();
        assert!(errors.is_empty());
        let names: Vec<_> = s.fields.iter().map(|f| f.json.as_str()).collect();
        assert_eq!(names, ["a", "d"]);
    }

    #[test]
    fn hash_maps_are_rejected() {
        assert!(unordered_map(&parse_quote!(Option<Vec<HashMap<String, i32>>>)).is_some());
        assert!(unordered_map(&parse_quote!(BTreeMap<String, Vec<i32>>)).is_none());
        let input: syn::DeriveInput = parse_quote! {
            struct S {
                m: std::collections::HashMap<String, Foo>,
                n: Option<BTreeMap<String, Foo>>,
            }
        };
        let mut errors = Vec::new();
        Struct::from_input(&input, &mut errors);
        assert_eq!(errors.len(), 1);
        assert!(errors[0].to_string().starts_with("field m: std"));
    }

    #[test]
    fn parse_errors_are_reported() {
        let input: syn::DeriveInput = parse_quote! {
            struct S {
                /// +k8s:minimum=
                a: i32,
            }
        };
        let mut errors = Vec::new();
        Struct::from_input(&input, &mut errors);
        assert_eq!(errors.len(), 1);
        assert!(errors[0].to_string().contains("failed to parse tag"));
    }
}
