//! Go syntax for exported Kubernetes test entries: string literals, field
//! paths as `field.NewPath(...)` chains, errors as `field.Invalid(...)`
//! constructors with `WithOrigin` and stability marks, Go field names of
//! JSON keys, and an object's difference from a base object as the
//! statements of a tweak function.

use apimachinery::field::{Error, ErrorType, StabilityLevel};
use serde_json::Value;

/// A Go interpreted string literal.
///
/// ```
/// use dv_harness_pipeline::export::go::string;
/// assert_eq!(string("a\"b\n"), r#""a\"b\n""#);
/// assert_eq!(string("é"), "\"é\"");
/// ```
pub fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// One step of a rendered field path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// `.name`
    Child(String),
    /// `[3]`
    Index(usize),
    /// `[key]`
    Key(String),
}

/// Parses a rendered field path (`spec.template.spec.containers[0].name`,
/// `metadata.labels[a.b/c]`) into steps.
///
/// ```
/// use dv_harness_pipeline::export::go::{steps, Step};
/// assert_eq!(steps("a.b[2][k.x]"), vec![Step::Child("a".into()), Step::Child("b".into()),
///     Step::Index(2), Step::Key("k.x".into())]);
/// assert!(steps("").is_empty());
/// ```
pub fn steps(path: &str) -> Vec<Step> {
    let mut out = Vec::new();
    let mut name = String::new();
    let mut chars = path.chars();
    let flush = |name: &mut String, out: &mut Vec<Step>| {
        if !name.is_empty() {
            out.push(Step::Child(std::mem::take(name)));
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '.' => flush(&mut name, &mut out),
            '[' => {
                flush(&mut name, &mut out);
                let inner: String = chars.by_ref().take_while(|c| *c != ']').collect();
                match inner.parse::<usize>() {
                    Ok(i) => out.push(Step::Index(i)),
                    Err(_) => out.push(Step::Key(inner)),
                }
            }
            c => name.push(c),
        }
    }
    flush(&mut name, &mut out);
    out
}

/// A field path as Kubernetes' tests build it:
/// `field.NewPath("spec", "containers").Index(0).Child("name")`.
///
/// ```
/// use dv_harness_pipeline::export::go::new_path;
/// assert_eq!(new_path("spec.replicas"), r#"field.NewPath("spec", "replicas")"#);
/// assert_eq!(new_path("spec.containers[0].name"),
///            r#"field.NewPath("spec", "containers").Index(0).Child("name")"#);
/// assert_eq!(new_path("metadata.labels[a/b]"), r#"field.NewPath("metadata", "labels").Key("a/b")"#);
/// assert_eq!(new_path("<nil>"), r#"field.NewPath("<nil>")"#);
/// ```
pub fn new_path(path: &str) -> String {
    let steps = steps(path);
    let leading = steps
        .iter()
        .take_while(|s| matches!(s, Step::Child(_)))
        .count()
        .max(1);
    let mut out = String::from("field.NewPath(");
    let mut rest = steps.iter().peekable();
    let mut first = true;
    for _ in 0..leading {
        match rest.next() {
            Some(Step::Child(n)) => {
                if !first {
                    out.push_str(", ");
                }
                out.push_str(&string(n));
                first = false;
            }
            Some(Step::Index(i)) => out.push_str(&format!("\"\").Index({i}")),
            Some(Step::Key(k)) => out.push_str(&format!("\"\").Key({}", string(k))),
            None => out.push_str(&string(path)),
        }
    }
    out.push(')');
    for s in rest {
        match s {
            Step::Child(n) => out.push_str(&format!(".Child({})", string(n))),
            Step::Index(i) => out.push_str(&format!(".Index({i})")),
            Step::Key(k) => out.push_str(&format!(".Key({})", string(k))),
        }
    }
    out
}

/// The stability mark of an expected error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// No mark: a stable declarative rule covering a hand-written error.
    None,
    /// `.MarkAlpha()`: the declarative rule is `+k8s:alpha`.
    Alpha,
    /// `.MarkBeta()`: the declarative rule is `+k8s:beta`.
    Beta,
    /// `.MarkFromImperative()`: only hand-written validation returns it.
    FromImperative,
}

impl Mark {
    /// The mark of a declarative error's stability level.
    ///
    /// ```
    /// use dv_harness_pipeline::export::go::Mark;
    /// use apimachinery::field::StabilityLevel;
    /// assert_eq!(Mark::of_level(StabilityLevel::Beta), Mark::Beta);
    /// ```
    pub fn of_level(level: StabilityLevel) -> Mark {
        match level {
            StabilityLevel::Alpha => Mark::Alpha,
            StabilityLevel::Beta => Mark::Beta,
            StabilityLevel::Unknown => Mark::None,
        }
    }

    fn suffix(self) -> &'static str {
        match self {
            Mark::None => "",
            Mark::Alpha => ".MarkAlpha()",
            Mark::Beta => ".MarkBeta()",
            Mark::FromImperative => ".MarkFromImperative()",
        }
    }
}

/// An expected error as a `field.*` constructor, its origin and mark
/// (values are `nil` / zero: the declarative tests match errors by type,
/// field and origin only).
///
/// ```
/// use dv_harness_pipeline::export::go::{error, Mark};
/// use apimachinery::field::ErrorType;
/// assert_eq!(error(ErrorType::Invalid, "spec.replicas", "minimum", Mark::Alpha),
///     r#"field.Invalid(field.NewPath("spec", "replicas"), nil, "").WithOrigin("minimum").MarkAlpha()"#);
/// assert_eq!(error(ErrorType::Required, "metadata.name", "", Mark::FromImperative),
///     r#"field.Required(field.NewPath("metadata", "name"), "").MarkFromImperative()"#);
/// ```
pub fn error(error_type: ErrorType, field: &str, origin: &str, mark: Mark) -> String {
    let p = new_path(field);
    let ctor = match error_type {
        ErrorType::NotFound => format!("field.NotFound({p}, nil)"),
        ErrorType::Required => format!("field.Required({p}, \"\")"),
        ErrorType::Duplicate => format!("field.Duplicate({p}, nil)"),
        ErrorType::Invalid => format!("field.Invalid({p}, nil, \"\")"),
        ErrorType::NotSupported => format!("field.NotSupported[string]({p}, nil, nil)"),
        ErrorType::Forbidden => format!("field.Forbidden({p}, \"\")"),
        ErrorType::TooLong => format!("field.TooLong({p}, nil, 0)"),
        ErrorType::TooMany => format!("field.TooMany({p}, 0, 0)"),
        ErrorType::TooFew => format!("field.TooFew({p}, 0, 0)"),
        ErrorType::Internal => format!("field.InternalError({p}, fmt.Errorf(\"\"))"),
        ErrorType::TypeInvalid => format!("field.TypeInvalid({p}, nil, \"\")"),
        ErrorType::TooShort => format!("field.TooShort({p}, nil, 0)"),
    };
    let origin = if origin.is_empty() {
        String::new()
    } else {
        format!(".WithOrigin({})", string(origin))
    };
    format!("{ctor}{origin}{}", mark.suffix())
}

/// An [`Error`] of an outcome as a constructor (see [`error`]).
///
/// ```
/// use apimachinery::field::{Error, Path};
/// use dv_harness_pipeline::export::go::{error_of, Mark};
/// let e = Error::required(&Path::new("spec"), "");
/// assert!(error_of(&e, Mark::None).starts_with("field.Required("));
/// ```
pub fn error_of(e: &Error, mark: Mark) -> String {
    error(e.error_type, &e.field, &e.origin, mark)
}

const INITIALISMS: [(&str, &str); 18] = [
    ("api", "API"),
    ("cidr", "CIDR"),
    ("cidrs", "CIDRs"),
    ("csi", "CSI"),
    ("dns", "DNS"),
    ("fs", "FS"),
    ("http", "HTTP"),
    ("id", "ID"),
    ("ids", "IDs"),
    ("ip", "IP"),
    ("ips", "IPs"),
    ("json", "JSON"),
    ("sctp", "SCTP"),
    ("tcp", "TCP"),
    ("tls", "TLS"),
    ("udp", "UDP"),
    ("uid", "UID"),
    ("url", "URL"),
];

/// The Go field name of a JSON key, by Kubernetes' naming conventions
/// (capitalised camel case, common initialisms upper case; `metadata` is
/// the embedded `ObjectMeta`).
///
/// ```
/// use dv_harness_pipeline::export::go::field_name;
/// assert_eq!(field_name("minReadySeconds"), "MinReadySeconds");
/// assert_eq!(field_name("podIP"), "PodIP");
/// assert_eq!(field_name("clusterIPs"), "ClusterIPs");
/// assert_eq!(field_name("apiVersion"), "APIVersion");
/// assert_eq!(field_name("uid"), "UID");
/// assert_eq!(field_name("metadata"), "ObjectMeta");
/// ```
pub fn field_name(key: &str) -> String {
    if key == "metadata" {
        return "ObjectMeta".into();
    }
    // Split at each upper-case letter that follows a lower-case one.
    let mut words: Vec<String> = Vec::new();
    let mut prev_lower = false;
    for c in key.chars() {
        if c.is_ascii_uppercase() && prev_lower || words.is_empty() {
            words.push(String::new());
        }
        prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        if let Some(w) = words.last_mut() {
            w.push(c);
        }
    }
    words
        .iter()
        .map(|w| {
            let lower = w.to_ascii_lowercase();
            match INITIALISMS.iter().find(|(l, _)| *l == lower) {
                Some((_, up)) => (*up).to_string(),
                None => {
                    let mut cs = w.chars();
                    cs.next()
                        .map(|f| f.to_ascii_uppercase().to_string() + cs.as_str())
                        .unwrap_or_default()
                }
            }
        })
        .collect()
}

/// Keys whose value is a Go map rather than a struct.
const MAP_FIELDS: [&str; 10] = [
    "labels",
    "annotations",
    "selector",
    "matchLabels",
    "nodeSelector",
    "parameters",
    "data",
    "limits",
    "requests",
    "capacity",
];

fn is_map(parent_key: &str, v: &Value) -> bool {
    let Some(m) = v.as_object() else {
        return false;
    };
    (MAP_FIELDS.contains(&parent_key) && m.values().all(|x| !x.is_object()))
        || m.keys().any(|k| {
            k.is_empty()
                || !k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                || k.starts_with(|c: char| c.is_ascii_digit())
        })
}

/// A JSON scalar as a Go literal; `None` for an array or object.
///
/// ```
/// use dv_harness_pipeline::export::go::scalar;
/// assert_eq!(scalar(&serde_json::json!(-1)).as_deref(), Some("-1"));
/// assert_eq!(scalar(&serde_json::json!("x")).as_deref(), Some("\"x\""));
/// assert_eq!(scalar(&serde_json::json!(null)).as_deref(), Some("nil"));
/// assert!(scalar(&serde_json::json!([1])).is_none());
/// ```
pub fn scalar(v: &Value) -> Option<String> {
    match v {
        Value::Null => Some("nil".into()),
        Value::Bool(b) => Some(b.to_string()),
        Value::Number(n) => Some(n.to_string()),
        Value::String(s) => Some(string(s)),
        Value::Array(_) | Value::Object(_) => None,
    }
}

fn compact(v: &Value) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

/// The statements of a tweak function that turn `base` into `object`
/// (the receiver is `obj`): one assignment per changed scalar, in the
/// object's key order; a removed field is set to `nil`; a new or resized
/// list or a new struct is written as a comment with its JSON value (its
/// Go type is not known here). Each statement carries the JSON path and
/// value as a comment.
///
/// ```
/// use dv_harness_pipeline::export::go::tweak;
/// use serde_json::json;
/// let base = json!({"metadata": {"name": "abc"}, "spec": {"replicas": 1, "selector": {"a": "b"}}});
/// let obj = json!({"metadata": {"name": "abc"}, "spec": {"replicas": -1, "selector": {"a": "c"}}});
/// assert_eq!(tweak(&base, &obj), vec![
///     "obj.Spec.Replicas = -1 // spec.replicas".to_string(),
///     r#"obj.Spec.Selector["a"] = "c" // spec.selector[a]"#.to_string(),
/// ]);
/// assert!(tweak(&base, &base).is_empty());
/// ```
pub fn tweak(base: &Value, object: &Value) -> Vec<String> {
    tweak_raw(base, object, &RawMembers::new())
}

/// [`tweak`] with the object's raw members (`runtime.RawExtension`) as
/// its text holds them ([`raw_members`]): each raw member that differs is
/// set as `runtime.RawExtension{Raw: []byte(...)}` with those bytes
/// (`&runtime.RawExtension` for a pointer field), whitespace included; a
/// raw member `raw` has no text for is written as the compact text of its
/// value. A raw member inside a value written as a comment (a new list)
/// gets its own statement after the comment.
///
/// ```
/// use dv_harness_pipeline::export::go::{raw_members, tweak_raw};
/// use serde_json::json;
/// let text = r#"{"spec": {"config": [{"opaque": {"driver": "d", "parameters": {"a": 1}}}]}}"#;
/// let object: serde_json::Value = serde_json::from_str(text).unwrap();
/// let base = json!({"spec": {"config": [{"opaque": {"driver": "d", "parameters": {}}}]}});
/// assert_eq!(tweak_raw(&base, &object, &raw_members(text)), vec![
///     r#"obj.Spec.Config[0].Opaque.Parameters = runtime.RawExtension{Raw: []byte("{\"a\": 1}")} // spec.config[0].opaque.parameters"#.to_string(),
/// ]);
/// ```
pub fn tweak_raw(base: &Value, object: &Value, raw: &RawMembers) -> Vec<String> {
    let mut out = Vec::new();
    diff(base, object, "obj", "", "", raw, &mut out);
    out
}

/// The JSON texts of an object's raw members (`runtime.RawExtension`),
/// by JSON path as [`tweak_raw`] writes it.
pub type RawMembers = std::collections::BTreeMap<String, String>;

/// Whether the member at `json` (a path as [`tweak`] writes it) is a
/// `runtime.RawExtension` of the bundled kinds: `Some(true)` for a pointer
/// field (`AllocatedDeviceStatus.data`), `Some(false)` for a value
/// (`OpaqueDeviceConfiguration.parameters`).
///
/// ```
/// use dv_harness_pipeline::export::go::raw_extension_at;
/// assert_eq!(raw_extension_at("spec.config[0].opaque.parameters"), Some(false));
/// assert_eq!(raw_extension_at("status.devices[2].data"), Some(true));
/// assert_eq!(raw_extension_at("spec.parameters"), None);
/// ```
pub fn raw_extension_at(json: &str) -> Option<bool> {
    if json.ends_with(".opaque.parameters") {
        return Some(false);
    }
    let index = json
        .strip_prefix("status.devices[")?
        .strip_suffix("].data")?;
    (!index.is_empty() && index.bytes().all(|b| b.is_ascii_digit())).then_some(true)
}

/// The raw members of the object whose JSON text is `text`, with their
/// bytes as written (an unreadable text has none).
///
/// ```
/// use dv_harness_pipeline::export::go::raw_members;
/// let raw = raw_members(r#"{"status": {"devices": [{"driver": "d", "data": { "k" : [1] }}]}}"#);
/// assert_eq!(raw["status.devices[0].data"], r#"{ "k" : [1] }"#);
/// ```
pub fn raw_members(text: &str) -> RawMembers {
    let mut out = RawMembers::new();
    if let Ok(raw) = serde_json::from_str::<&serde_json::value::RawValue>(text) {
        collect_raw(raw, "", &mut out);
    }
    out
}

fn collect_raw(raw: &serde_json::value::RawValue, json: &str, out: &mut RawMembers) {
    use serde_json::value::RawValue;
    if !json.is_empty() && raw_extension_at(json).is_some() {
        if raw.get() != "null" {
            out.insert(json.to_string(), raw.get().to_string());
        }
        return;
    }
    if raw.get().starts_with('{') {
        let members: std::collections::HashMap<String, &RawValue> =
            serde_json::from_str(raw.get()).unwrap_or_default();
        for (k, v) in members {
            let path = if json.is_empty() {
                k
            } else {
                format!("{json}.{k}")
            };
            collect_raw(v, &path, out);
        }
    } else if raw.get().starts_with('[') {
        let items: Vec<&RawValue> = serde_json::from_str(raw.get()).unwrap_or_default();
        for (i, v) in items.into_iter().enumerate() {
            collect_raw(v, &format!("{json}[{i}]"), out);
        }
    }
}

/// The statement setting the raw member at `json` (Go path `go`) to
/// `object`, with the bytes `raw` holds for it.
fn raw_assignment(go: &str, json: &str, object: &Value, pointer: bool, raw: &RawMembers) -> String {
    if object.is_null() {
        let zero = if pointer {
            "nil"
        } else {
            "runtime.RawExtension{}"
        };
        return format!("{go} = {zero} // {json}");
    }
    let text = raw.get(json).cloned().unwrap_or_else(|| compact(object));
    let amp = if pointer { "&" } else { "" };
    format!(
        "{go} = {amp}runtime.RawExtension{{Raw: []byte({})}} // {json}",
        string(&text)
    )
}

/// The statements for the raw members inside `v` (at `json`, Go path
/// `go`), for a value written as a comment.
fn raw_within(v: &Value, go: &str, json: &str, raw: &RawMembers, out: &mut Vec<String>) {
    if let Some(pointer) = raw_extension_at(json) {
        if !v.is_null() {
            out.push(raw_assignment(go, json, v, pointer, raw));
        }
        return;
    }
    match v {
        Value::Object(m) if !is_map(json.rsplit(['.', '[']).next().unwrap_or(""), v) => {
            for (k, x) in m {
                let j = if json.is_empty() {
                    k.to_string()
                } else {
                    format!("{json}.{k}")
                };
                raw_within(x, &format!("{go}.{}", field_name(k)), &j, raw, out);
            }
        }
        Value::Array(items) => {
            for (i, x) in items.iter().enumerate() {
                raw_within(x, &format!("{go}[{i}]"), &format!("{json}[{i}]"), raw, out);
            }
        }
        _ => {}
    }
}

fn diff(
    base: &Value,
    object: &Value,
    go: &str,
    json: &str,
    key: &str,
    raw: &RawMembers,
    out: &mut Vec<String>,
) {
    if let Some(pointer) = raw_extension_at(json) {
        let text = raw.get(json).cloned().unwrap_or_else(|| compact(object));
        if base != object || (!object.is_null() && text != compact(base)) {
            out.push(raw_assignment(go, json, object, pointer, raw));
        }
        return;
    }
    if base == object {
        return;
    }
    match (base, object) {
        (Value::Object(b), Value::Object(o)) => {
            let map = is_map(key, object) || is_map(key, base);
            let child = |k: &str| {
                if map {
                    (format!("{go}[{}]", string(k)), format!("{json}[{k}]"))
                } else {
                    let j = if json.is_empty() {
                        k.to_string()
                    } else {
                        format!("{json}.{k}")
                    };
                    (format!("{go}.{}", field_name(k)), j)
                }
            };
            for (k, v) in o {
                // apiVersion and kind are the type, not fields a tweak sets.
                if json.is_empty() && (k == "apiVersion" || k == "kind") {
                    continue;
                }
                let (g, j) = child(k);
                match b.get(k) {
                    Some(bv) => diff(bv, v, &g, &j, k, raw, out),
                    None => assign(&g, &j, v, raw, out),
                }
            }
            for k in b.keys().filter(|k| !o.contains_key(*k)) {
                let (g, j) = child(k);
                if map {
                    out.push(format!("delete({go}, {}) // {j} removed", string(k)));
                } else {
                    out.push(format!(
                        "{g} = nil // {j} removed (use the zero value for a non-pointer field)"
                    ));
                }
            }
        }
        (Value::Array(b), Value::Array(o)) if b.len() == o.len() => {
            for (i, (bv, ov)) in b.iter().zip(o).enumerate() {
                diff(
                    bv,
                    ov,
                    &format!("{go}[{i}]"),
                    &format!("{json}[{i}]"),
                    key,
                    raw,
                    out,
                );
            }
        }
        _ => assign(go, json, object, raw, out),
    }
}

/// A JSON object of strings as a Go `map[string]string` literal.
fn string_map(v: &Value) -> Option<String> {
    let m = v.as_object()?;
    let entries = m
        .iter()
        .map(|(k, v)| Some(format!("{}: {}", string(k), string(v.as_str()?))))
        .collect::<Option<Vec<_>>>()?;
    Some(format!("map[string]string{{{}}}", entries.join(", ")))
}

/// A JSON array of strings as a Go `[]string` literal.
fn string_slice(v: &Value) -> Option<String> {
    let items = v
        .as_array()?
        .iter()
        .map(|x| x.as_str().map(string))
        .collect::<Option<Vec<_>>>()?;
    Some(format!("[]string{{{}}}", items.join(", ")))
}

fn assign(go: &str, json: &str, v: &Value, raw: &RawMembers, out: &mut Vec<String>) {
    if let Some(pointer) = raw_extension_at(json) {
        out.push(raw_assignment(go, json, v, pointer, raw));
        return;
    }
    let key = json.rsplit(['.', '[']).next().unwrap_or("");
    let literal = scalar(v)
        .or_else(|| {
            (MAP_FIELDS.contains(&key) || is_map(key, v))
                .then(|| string_map(v))
                .flatten()
        })
        .or_else(|| string_slice(v));
    match literal {
        Some(lit) => out.push(format!("{go} = {lit} // {json}")),
        None => {
            out.push(format!("// {go}: set {json} to {}", compact(v)));
            raw_within(v, go, json, raw, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn lists_and_removals() {
        let base = json!({"spec": {"containers": [{"name": "a"}], "x": 1}});
        let obj = json!({"spec": {"containers": [{"name": "b"}], "y": [1, 2]}});
        assert_eq!(
            tweak(&base, &obj),
            vec![
                "obj.Spec.Containers[0].Name = \"b\" // spec.containers[0].name".to_string(),
                "// obj.Spec.Y: set spec.y to [1,2]".to_string(),
                "obj.Spec.X = nil // spec.x removed (use the zero value for a non-pointer field)"
                    .to_string(),
            ]
        );
    }

    #[test]
    fn map_keys_with_dots_are_map_entries() {
        let base = json!({"metadata": {"annotations": {}}});
        let obj = json!({"metadata": {"annotations": {"a.io/b": "x"}}});
        assert_eq!(
            tweak(&base, &obj),
            vec![
                r#"obj.ObjectMeta.Annotations["a.io/b"] = "x" // metadata.annotations[a.io/b]"#
                    .to_string()
            ]
        );
    }

    #[test]
    fn paths_starting_with_an_index() {
        assert_eq!(
            new_path("[0].name"),
            r#"field.NewPath("").Index(0).Child("name")"#
        );
    }
}
