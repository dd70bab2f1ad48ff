//! Cases: one request to validate (operation, subresource, object, old
//! object, gates, expected errors), and the case-file loader for the JSON
//! shape of DESIGN.md section 4 (full form and bare-object form).

use crate::expectation::ExpectedError;
use apimachinery::operation::Operation;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

/// One request: what the harness runs through both validators.
///
/// ```
/// use dv_harness_engine::case::Case;
/// use apimachinery::operation::Operation;
/// let case = Case::update(2, 1).subresource("/status").gate("DeclarativeValidationBeta", false);
/// assert_eq!(case.operation, Operation::Update);
/// assert_eq!(case.old_object, Some(1));
/// assert_eq!(case.gates["DeclarativeValidationBeta"], false);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Case<T> {
    /// Create or update.
    pub operation: Operation,
    /// `""` for the root resource, else `/status`, `/scale`, `/approval`, ...
    pub subresource: String,
    /// The object being written.
    pub object: T,
    /// The stored object, for updates.
    pub old_object: Option<T>,
    /// Gate and option overrides by name.
    pub gates: BTreeMap<String, bool>,
    /// What Kubernetes returns, when known.
    pub expected: Option<Vec<ExpectedError>>,
    /// What hand-written validation alone returns, when it differs from
    /// `expected` (case-file key `expectedHandwritten`): a rule that only
    /// declarative validation has, such as a declarative-only enum on a new
    /// field, is in `expected` but not here. Absent, `expected` is asked of
    /// both sides.
    pub expected_handwritten: Option<Vec<ExpectedError>>,
    /// Free text.
    pub notes: Option<String>,
    /// Whether the strategy's prepare step (`PrepareForCreate` /
    /// `PrepareForUpdate`) runs before validation: `true` is the API-server
    /// path; `false` (case-file key `"prepare": false`) validates the object
    /// exactly as written, as Kubernetes' own tests call `Validate` /
    /// `ValidateUpdate`.
    pub prepare: bool,
    /// Whether the request goes through the API server's generic registry
    /// ([`crate::generic_registry`]: `rest.ValidateCreate` /
    /// `rest.ValidateUpdate`, whose metadata checks the engine runs around
    /// both validators). Case-file key `registry`; absent (`None`), it
    /// follows the prepare step: the prepared (API-server) path goes through
    /// the registry, a case validated as written (`"prepare": false`, as
    /// Kubernetes' validation tests call the validators) does not.
    /// Kubernetes' declarative-validation tests under
    /// `test/declarative_validation` call the registry's functions, so
    /// their cases say `"registry": true`.
    pub registry: Option<bool>,
    /// Where the case comes from (case-file key `source`), e.g.
    /// `kubernetes/kubernetes@<commit>:<path>#<Test>/<case>`.
    pub source: Option<String>,
    /// The request body, when the subresource takes another kind (a
    /// `/scale` `Scale`): `object` is then the stored object with the body
    /// applied, and the case file's `object` is this body.
    pub body: Option<crate::body::Body>,
}

impl<T> Case<T> {
    /// The same case with both objects converted by `convert`; the first
    /// conversion that fails is the error.
    ///
    /// ```
    /// let case = dv_harness_engine::case::Case::update("2", "1");
    /// let numbers = case.try_map_objects(|o| o.parse::<u8>()).unwrap();
    /// assert_eq!((numbers.object, numbers.old_object), (2, Some(1)));
    /// ```
    pub fn try_map_objects<U, E>(
        self,
        mut convert: impl FnMut(T) -> Result<U, E>,
    ) -> Result<Case<U>, E> {
        Ok(Case {
            operation: self.operation,
            subresource: self.subresource,
            object: convert(self.object)?,
            old_object: self.old_object.map(&mut convert).transpose()?,
            gates: self.gates,
            expected: self.expected,
            expected_handwritten: self.expected_handwritten,
            notes: self.notes,
            prepare: self.prepare,
            registry: self.registry,
            source: self.source,
            body: self.body,
        })
    }

    /// A create of `object` on the root resource.
    ///
    /// ```
    /// let case = dv_harness_engine::case::Case::create("obj");
    /// assert!(case.old_object.is_none());
    /// assert_eq!(case.subresource, "");
    /// ```
    pub fn create(object: T) -> Case<T> {
        Case {
            operation: Operation::Create,
            subresource: String::new(),
            object,
            old_object: None,
            gates: BTreeMap::new(),
            expected: None,
            expected_handwritten: None,
            notes: None,
            prepare: true,
            registry: None,
            source: None,
            body: None,
        }
    }

    /// An update of `old` to `object` on the root resource.
    ///
    /// ```
    /// let case = dv_harness_engine::case::Case::update("new", "old");
    /// assert_eq!(case.old_object, Some("old"));
    /// ```
    pub fn update(object: T, old: T) -> Case<T> {
        Case {
            operation: Operation::Update,
            old_object: Some(old),
            ..Case::create(object)
        }
    }

    /// This case on a subresource (`/status`; `""` is the root).
    ///
    /// ```
    /// assert_eq!(dv_harness_engine::case::Case::update(1, 1).subresource("/scale").subresource, "/scale");
    /// ```
    pub fn subresource(mut self, subresource: &str) -> Case<T> {
        self.subresource = subresource.to_string();
        self
    }

    /// This case with a gate (or strategy option) set.
    ///
    /// ```
    /// let case = dv_harness_engine::case::Case::create(0).gate("DeclarativeValidation", false);
    /// assert_eq!(case.gates.len(), 1);
    /// ```
    pub fn gate(mut self, name: &str, enabled: bool) -> Case<T> {
        self.gates.insert(name.to_string(), enabled);
        self
    }

    /// This case validated with or without the strategy's prepare step
    /// (`false`: as Kubernetes' tests call the validators directly).
    ///
    /// ```
    /// let case = dv_harness_engine::case::Case::create(0).prepared(false);
    /// assert!(!case.prepare);
    /// assert!(dv_harness_engine::case::Case::create(0).prepare);
    /// ```
    pub fn prepared(mut self, prepare: bool) -> Case<T> {
        self.prepare = prepare;
        self
    }

    /// This case through the generic registry or not, whatever its prepare
    /// step ([`Case::registry`]).
    ///
    /// ```
    /// let case = dv_harness_engine::case::Case::create(0).prepared(false).through_registry(true);
    /// assert_eq!(case.registry, Some(true));
    /// assert!(case.runs_registry(false));
    /// assert!(!dv_harness_engine::case::Case::create(0).runs_registry(false));
    /// ```
    pub fn through_registry(mut self, registry: bool) -> Case<T> {
        self.registry = Some(registry);
        self
    }

    /// Whether this case goes through the generic registry when its prepare
    /// step does (`prepared`) or does not run: the case's `registry` if it
    /// says, else `prepared`.
    ///
    /// ```
    /// let case = dv_harness_engine::case::Case::create(0);
    /// assert!(case.runs_registry(true) && !case.runs_registry(false));
    /// assert!(!case.through_registry(false).runs_registry(true));
    /// ```
    pub fn runs_registry(&self, prepared: bool) -> bool {
        self.registry.unwrap_or(prepared)
    }

    /// This case with the errors Kubernetes is known to return.
    ///
    /// ```
    /// use dv_harness_engine::expectation::ExpectedError;
    /// use apimachinery::field::ErrorType;
    /// let case = dv_harness_engine::case::Case::create(0)
    ///     .expect(vec![ExpectedError::new(ErrorType::Required, "spec.x")]);
    /// assert_eq!(case.expected.unwrap().len(), 1);
    /// ```
    pub fn expect(mut self, expected: Vec<ExpectedError>) -> Case<T> {
        self.expected = Some(expected);
        self
    }
}

impl<T: Serialize> Case<T> {
    /// The case in the full case-file form (DESIGN.md section 4).
    ///
    /// ```
    /// let v = dv_harness_engine::case::Case::create(serde_json::json!({"a": 1})).to_file_json("v1", "Thing");
    /// assert_eq!(v["kind"], "Thing");
    /// assert_eq!(v["operation"], "create");
    /// assert_eq!(v["object"]["a"], 1);
    /// assert!(v["oldObject"].is_null());
    /// ```
    pub fn to_file_json(&self, api_version: &str, kind: &str) -> Value {
        let mut m = serde_json::Map::new();
        m.insert("kind".into(), Value::from(kind));
        m.insert("apiVersion".into(), Value::from(api_version));
        m.insert("operation".into(), Value::from(self.operation.as_str()));
        m.insert("subresource".into(), Value::from(self.subresource.as_str()));
        let object = match &self.body {
            Some(body) => body.json.clone(),
            None => serde_json::to_value(&self.object).unwrap_or(Value::Null),
        };
        m.insert("object".into(), object);
        m.insert(
            "oldObject".into(),
            self.old_object
                .as_ref()
                .and_then(|o| serde_json::to_value(o).ok())
                .unwrap_or(Value::Null),
        );
        if !self.gates.is_empty() {
            m.insert(
                "gates".into(),
                serde_json::to_value(&self.gates).unwrap_or(Value::Null),
            );
        }
        if let Some(expected) = &self.expected {
            m.insert(
                "expected".into(),
                serde_json::to_value(expected).unwrap_or(Value::Null),
            );
        }
        if let Some(expected) = &self.expected_handwritten {
            m.insert(
                "expectedHandwritten".into(),
                serde_json::to_value(expected).unwrap_or(Value::Null),
            );
        }
        if !self.prepare {
            m.insert("prepare".into(), Value::Bool(false));
        }
        if let Some(registry) = self.registry {
            m.insert("registry".into(), Value::Bool(registry));
        }
        if let Some(source) = &self.source {
            m.insert("source".into(), Value::from(source.as_str()));
        }
        if let Some(notes) = &self.notes {
            m.insert("notes".into(), Value::from(notes.as_str()));
        }
        Value::Object(m)
    }
}

impl<T: Serialize> Case<T> {
    /// The case in the full case-file form as pretty JSON text: the members
    /// of [`Case::to_file_json`], with the objects serialised straight into
    /// the text, so a member kept as the bytes received
    /// (`apimachinery::runtime::RawExtension`) keeps them, whitespace
    /// included, where a `serde_json::Value` cannot. Reproducers and the
    /// mismatch log write this text, so reading it back gives the objects
    /// the validators saw.
    ///
    /// ```
    /// use apimachinery::runtime::RawExtension;
    /// #[derive(serde::Serialize)]
    /// struct Obj { parameters: RawExtension }
    /// let raw = RawExtension::from_text(r#"{"str": "x"}"#).unwrap();
    /// let case = dv_harness_engine::case::Case::create(Obj { parameters: raw });
    /// let text = case.to_file_text("v1", "Thing");
    /// assert!(text.contains(r#""parameters": {"str": "x"}"#), "{text}");
    /// // The JSON value has lost the space.
    /// assert_eq!(case.to_file_json("v1", "Thing")["object"]["parameters"].to_string(), r#"{"str":"x"}"#);
    /// let back: serde_json::Value = serde_json::from_str(&text).unwrap();
    /// assert_eq!(back, case.to_file_json("v1", "Thing"));
    /// ```
    pub fn to_file_text(&self, api_version: &str, kind: &str) -> String {
        let doc = FileText {
            kind,
            api_version,
            operation: self.operation.as_str(),
            subresource: &self.subresource,
            object: match &self.body {
                Some(body) => FileObject::Body(&body.json),
                None => FileObject::Object(&self.object),
            },
            old_object: self.old_object.as_ref(),
            gates: &self.gates,
            expected: self.expected.as_ref(),
            expected_handwritten: self.expected_handwritten.as_ref(),
            prepare: self.prepare,
            registry: self.registry,
            source: self.source.as_deref(),
            notes: self.notes.as_deref(),
        };
        serde_json::to_string_pretty(&doc)
            .unwrap_or_else(|_| self.to_file_json(api_version, kind).to_string())
    }
}

/// The members of a case file in [`Case::to_file_json`]'s order, the
/// objects borrowed as they are ([`Case::to_file_text`]).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct FileText<'a, T> {
    kind: &'a str,
    api_version: &'a str,
    operation: &'a str,
    subresource: &'a str,
    object: FileObject<'a, T>,
    old_object: Option<&'a T>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    gates: &'a BTreeMap<String, bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    expected: Option<&'a Vec<ExpectedError>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    expected_handwritten: Option<&'a Vec<ExpectedError>>,
    #[serde(skip_serializing_if = "is_true")]
    prepare: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    registry: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    source: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    notes: Option<&'a str>,
}

/// A case file's `object`: the request body of another kind as the case
/// holds it, or the object.
#[derive(Serialize)]
#[serde(untagged)]
enum FileObject<'a, T> {
    Body(&'a Value),
    Object(&'a T),
}

fn is_true(b: &bool) -> bool {
    *b
}

/// A case file's text with its `notes` member set to `notes` (added last
/// when it has none), every other member's text kept byte for byte (a raw
/// member's whitespace with it), as pretty JSON; `None` when `text` is not
/// a JSON object. What reproducers are written with.
///
/// ```
/// use dv_harness_engine::case::with_notes;
/// let text = "{\n  \"kind\": \"K\",\n  \"object\": {\"raw\": {\"a\":  1}},\n  \"notes\": \"old\"\n}";
/// let out = with_notes(text, "new").unwrap();
/// assert_eq!(out, "{\n  \"kind\": \"K\",\n  \"object\": {\"raw\": {\"a\":  1}},\n  \"notes\": \"new\"\n}");
/// assert!(with_notes("{}", "n").unwrap().contains("\"notes\": \"n\""));
/// assert!(with_notes("[1]", "n").is_none());
/// ```
pub fn with_notes(text: &str, notes: &str) -> Option<String> {
    let Members(mut members) = serde_json::from_str(text).ok()?;
    let notes = serde_json::value::to_raw_value(notes).ok()?;
    match members.iter_mut().find(|(key, _)| key == "notes") {
        Some((_, value)) => *value = notes,
        None => members.push(("notes".to_string(), notes)),
    }
    serde_json::to_string_pretty(&Members(members)).ok()
}

/// A JSON object's members in order, each value as its text.
struct Members(Vec<(String, Box<serde_json::value::RawValue>)>);

impl<'de> Deserialize<'de> for Members {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Members, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Members;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Members, A::Error> {
                let mut members = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    members.push(entry);
                }
                Ok(Members(members))
            }
        }
        d.deserialize_map(Visit)
    }
}

impl Serialize for Members {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (key, value) in &self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

/// Why a case file could not be turned into a case.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CaseProblem {
    /// The file could not be read.
    #[error("cannot read: {0}")]
    Unreadable(String),
    /// Not JSON (message carries line and column).
    #[error("malformed JSON: {0}")]
    Syntax(String),
    /// The document is not a JSON object.
    #[error("a case file must hold a JSON object")]
    NotAnObject,
    /// No `kind` / `apiVersion` at the top (nor in `object`).
    #[error("missing {0:?}: a case names its kind and apiVersion")]
    MissingField(&'static str),
    /// A value of the wrong type, at a JSON path (message carries line and column).
    #[error("at {path}: {message}")]
    Type {
        /// The JSON path, e.g. `object.spec.replicas`.
        path: String,
        /// serde's message, with line and column.
        message: String,
    },
    /// No registered pair for this kind.
    #[error("unknown kind {kind:?} (apiVersion {api_version:?}); registered: {registered}")]
    UnknownKind {
        /// The kind asked for.
        kind: String,
        /// The apiVersion asked for (may be empty).
        api_version: String,
        /// The registered `apiVersion/Kind` list.
        registered: String,
    },
    /// A gate that is neither a lifecycle gate nor an option of the pair.
    #[error("unknown gate {gate:?}; {known}")]
    UnknownGate {
        /// The gate name.
        gate: String,
        /// What is known instead: the nearest name and where the accepted names are listed.
        known: String,
    },
    /// A subresource the pair's strategy does not serve.
    #[error("subresource {subresource:?} is not served by {kind} (served: {served})")]
    UnknownSubresource {
        /// The subresource asked for.
        subresource: String,
        /// The kind.
        kind: String,
        /// The served subresources.
        served: String,
    },
    /// An update without an old object, or a create with one.
    #[error("{0}")]
    Operation(String),
    /// A directory holding no case files.
    #[error("no case files (*.json) found")]
    NoCases,
    /// An object with the same key twice (Kubernetes' strict decoding
    /// rejects it; a lenient parser would silently keep the last value).
    #[error("duplicate key {key:?} at {path}")]
    DuplicateKey {
        /// The repeated key.
        key: String,
        /// The JSON path of the object holding it (`.` for the top).
        path: String,
    },
    /// A key that loading ignores: a top-level key that is no case-file key
    /// (`hint` says so), or an object key the API type has no field for
    /// ([`crate::unknown_keys`]). The case still runs as if it were absent.
    #[error("unknown key {key:?} at {}{}: ignored", dot_if_empty(path), hint.as_ref().map(|h| format!(" ({h})")).unwrap_or_default())]
    UnknownKey {
        /// The key.
        key: String,
        /// The JSON path of the object holding it (empty for the top).
        path: String,
        /// What the key might have meant, when known.
        hint: Option<String>,
    },
    /// A request the API server's handler rejects before anything validates
    /// it (a `BadRequest` status, e.g. a `/scale` body naming another
    /// namespace or name than the stored parent's on the API-server path):
    /// no validation outcome expresses it ([`crate::body`]).
    #[error(
        "{0}; an API server rejects this request before validation, which a case cannot show (validated as written, \"prepare\": false, the body is kept as it is)"
    )]
    BadRequest(apimachinery::registration::BadRequest),
    /// An `oldObject` of another kind or apiVersion than the case's.
    #[error("\"oldObject\" has {field} {found:?}, but the case is {expected:?}")]
    OldObjectMismatch {
        /// `kind` or `apiVersion`.
        field: &'static str,
        /// The case's value.
        expected: String,
        /// The old object's value.
        found: String,
    },
}

/// `.` for the top-level path, else the path.
fn dot_if_empty(path: &str) -> &str {
    if path.is_empty() { "." } else { path }
}

/// Rejects a JSON text in which some object repeats a key, naming the key
/// and the path of its object; a text that is no JSON passes (the parser
/// proper reports it).
///
/// ```
/// use dv_harness_engine::case::{CaseProblem, reject_duplicate_keys};
/// assert!(reject_duplicate_keys(r#"{"a": {"b": 1, "c": [{"d": 1}, {"d": 2}]}}"#).is_ok());
/// let e = reject_duplicate_keys(r#"{"spec": {"replicas": 1, "replicas": 2}}"#).unwrap_err();
/// assert_eq!(e.to_string(), r#"duplicate key "replicas" at spec"#);
/// ```
pub fn reject_duplicate_keys(text: &str) -> Result<(), CaseProblem> {
    let mut found = None;
    let mut de = serde_json::Deserializer::from_str(text);
    let seed = DupSeed {
        path: String::new(),
        found: &mut found,
    };
    let _ = serde::de::DeserializeSeed::deserialize(seed, &mut de);
    match found {
        Some((path, key)) => Err(CaseProblem::DuplicateKey {
            key,
            path: if path.is_empty() {
                ".".to_string()
            } else {
                path
            },
        }),
        None => Ok(()),
    }
}

/// Walks one JSON value, recording the first repeated key (path, key) and
/// then stopping with an error.
struct DupSeed<'a> {
    path: String,
    found: &'a mut Option<(String, String)>,
}

impl<'de> serde::de::DeserializeSeed<'de> for DupSeed<'_> {
    type Value = ();
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for DupSeed<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut i = 0usize;
        loop {
            let seed = DupSeed {
                path: format!("{}[{i}]", self.path),
                found: &mut *self.found,
            };
            if seq.next_element_seed(seed)?.is_none() {
                return Ok(());
            }
            i += 1;
        }
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut seen = std::collections::HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if !seen.insert(key.clone()) {
                *self.found = Some((self.path, key));
                return Err(serde::de::Error::custom("duplicate key"));
            }
            let path = if self.path.is_empty() {
                key
            } else {
                format!("{}.{key}", self.path)
            };
            map.next_value_seed(DupSeed {
                path,
                found: &mut *self.found,
            })?;
        }
        Ok(())
    }
}

/// A [`CaseProblem`] with the file it concerns. Displays as `FILE: problem`.
///
/// ```
/// use dv_harness_engine::case::{CaseError, CaseProblem};
/// let e = CaseError::new("a.json", CaseProblem::NotAnObject);
/// assert_eq!(e.to_string(), "a.json: a case file must hold a JSON object");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {problem}")]
pub struct CaseError {
    /// The file (as given on the command line).
    pub file: String,
    /// What is wrong with it.
    pub problem: CaseProblem,
}

impl CaseError {
    /// An error about `file`.
    ///
    /// ```
    /// let e = dv_harness_engine::case::CaseError::new("x", dv_harness_engine::case::CaseProblem::NoCases);
    /// assert_eq!(e.file, "x");
    /// ```
    pub fn new(file: impl Into<String>, problem: CaseProblem) -> CaseError {
        CaseError {
            file: file.into(),
            problem,
        }
    }
}

/// What the loader learns from a case file before knowing its type: which
/// pair it is for, and whether it is the bare-object form.
///
/// ```
/// use dv_harness_engine::case::CaseHeader;
/// let h = CaseHeader::peek(r#"{"kind":"K","apiVersion":"v1","object":{}}"#).unwrap();
/// assert_eq!((h.kind.as_str(), h.api_version.as_str(), h.bare), ("K", "v1", false));
/// let h = CaseHeader::peek(r#"{"kind":"K","apiVersion":"v1","spec":{}}"#).unwrap();
/// assert!(h.bare);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseHeader {
    /// The kind.
    pub kind: String,
    /// The apiVersion.
    pub api_version: String,
    /// The file is a bare object (a create case).
    pub bare: bool,
}

impl CaseHeader {
    /// Reads the kind, apiVersion and form of a case file's text. In the
    /// full form, a missing top-level `kind`/`apiVersion` is taken from `object`.
    ///
    /// ```
    /// use dv_harness_engine::case::{CaseHeader, CaseProblem};
    /// let h = CaseHeader::peek(r#"{"object":{"kind":"K","apiVersion":"v1"}}"#).unwrap();
    /// assert_eq!(h.kind, "K");
    /// assert!(matches!(CaseHeader::peek("[1]"), Err(CaseProblem::NotAnObject)));
    /// assert!(matches!(CaseHeader::peek("{"), Err(CaseProblem::Syntax(_))));
    /// ```
    pub fn peek(text: &str) -> Result<CaseHeader, CaseProblem> {
        let doc: Value =
            serde_json::from_str(text).map_err(|e| CaseProblem::Syntax(e.to_string()))?;
        reject_duplicate_keys(text)?;
        let Value::Object(map) = doc else {
            return Err(CaseProblem::NotAnObject);
        };
        let bare = !map.contains_key("object");
        let field = |name: &'static str| -> Result<String, CaseProblem> {
            let top = map.get(name);
            let inner = map.get("object").and_then(|o| o.get(name));
            match top.or(inner) {
                Some(Value::String(s)) if !s.is_empty() => Ok(s.clone()),
                Some(Value::String(_)) | None | Some(Value::Null) => {
                    Err(CaseProblem::MissingField(name))
                }
                Some(_) => Err(CaseProblem::Type {
                    path: name.to_string(),
                    message: "expected a string".to_string(),
                }),
            }
        };
        let header = CaseHeader {
            kind: field("kind")?,
            api_version: field("apiVersion")?,
            bare,
        };
        // The stored object is of the case's kind and apiVersion, when it
        // says. Unless the object itself names another one: then the field
        // is no type meta of this type (a fixture's `kind` discriminator) or
        // the object is a request body of another kind (a `/scale` Scale).
        if let Some(Value::Object(old)) = map.get("oldObject") {
            let object = map.get("object");
            for (name, expected) in [("kind", &header.kind), ("apiVersion", &header.api_version)] {
                let object_says = object.and_then(|o| o.get(name));
                if object_says.is_some_and(|v| v.as_str() != Some(expected.as_str())) {
                    continue;
                }
                if let Some(Value::String(found)) = old.get(name)
                    && !found.is_empty()
                    && found != expected
                {
                    return Err(CaseProblem::OldObjectMismatch {
                        field: name,
                        expected: expected.clone(),
                        found: found.clone(),
                    });
                }
            }
        }
        Ok(header)
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CaseDoc<T> {
    #[serde(default)]
    operation: Option<Operation>,
    #[serde(default)]
    subresource: Option<String>,
    object: T,
    old_object: Option<T>,
    #[serde(default)]
    gates: Option<BTreeMap<String, bool>>,
    #[serde(default)]
    expected: Option<Vec<ExpectedError>>,
    #[serde(default)]
    expected_handwritten: Option<Vec<ExpectedError>>,
    #[serde(default)]
    notes: Option<String>,
    #[serde(default)]
    prepare: Option<bool>,
    #[serde(default)]
    registry: Option<bool>,
    #[serde(default)]
    source: Option<String>,
}

/// Reads a case file's text as `T`. A `null` the plain reading rejects is
/// read again as Go reads it ([`crate::go_null`]); a type error is
/// reported with its path and, when `null` played no part, its line and column.
fn typed<T: DeserializeOwned>(text: &str) -> Result<T, CaseProblem> {
    let problem = |e: serde_path_to_error::Error<serde_json::Error>| {
        let path = e.path().to_string();
        CaseProblem::Type {
            path: if path.is_empty() || path == "." {
                "(top level)".to_string()
            } else {
                path
            },
            message: e.into_inner().to_string(),
        }
    };
    let mut de = serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(&mut de).or_else(|plain| {
        match serde_json::from_str::<Value>(text) {
            Ok(value) if crate::go_null::has_null(&value) => {
                crate::go_null::from_value(&value).map_err(problem)
            }
            _ => Err(problem(plain)),
        }
    })
}

/// Parses a case file's text into a typed case: the full form, or a bare
/// object (a create case). Unknown keys are ignored; type errors name the
/// JSON path and the line and column.
///
/// ```
/// use dv_harness_engine::case::{parse_case, CaseProblem};
/// #[derive(serde::Deserialize, Debug, PartialEq)]
/// struct Obj { n: i32 }
/// let case = parse_case::<Obj>(r#"{"kind":"K","apiVersion":"v1","operation":"update",
///   "object":{"n":1},"oldObject":{"n":0},"gates":{"G":true},"extra":1}"#).unwrap();
/// assert_eq!(case.old_object, Some(Obj { n: 0 }));
/// let bare = parse_case::<Obj>(r#"{"kind":"K","apiVersion":"v1","n":3}"#).unwrap();
/// assert_eq!(bare.object, Obj { n: 3 });
/// let err = parse_case::<Obj>("{\"kind\":\"K\",\"apiVersion\":\"v1\",\n\"object\":{\"n\":\"x\"}}").unwrap_err();
/// assert_eq!(err.to_string(),
///   "at object.n: invalid type: string \"x\", expected i32 at line 2 column 17");
/// ```
pub fn parse_case<T: DeserializeOwned>(text: &str) -> Result<Case<T>, CaseProblem> {
    let header = CaseHeader::peek(text)?;
    if header.bare {
        return Ok(Case::create(typed::<T>(text)?));
    }
    let doc: CaseDoc<T> = typed(text)?;
    let operation = doc.operation.unwrap_or_default();
    match (operation, &doc.old_object) {
        (Operation::Update, None) => {
            return Err(CaseProblem::Operation(
                "operation \"update\" needs a non-null \"oldObject\"".to_string(),
            ));
        }
        (Operation::Create, Some(_)) => {
            return Err(CaseProblem::Operation(
                "operation \"create\" takes no \"oldObject\" (use \"update\")".to_string(),
            ));
        }
        _ => {}
    }
    Ok(Case {
        operation,
        subresource: doc.subresource.unwrap_or_default(),
        object: doc.object,
        old_object: doc.old_object,
        gates: doc.gates.unwrap_or_default(),
        expected: doc.expected,
        expected_handwritten: doc.expected_handwritten,
        notes: doc.notes,
        prepare: doc.prepare.unwrap_or(true),
        registry: doc.registry,
        source: doc.source,
        body: None,
    })
}

/// Parses a bare object (the `validate` subcommand's FILE and `--old`).
///
/// ```
/// let v: i32 = dv_harness_engine::case::parse_object("7").unwrap();
/// assert_eq!(v, 7);
/// assert!(dv_harness_engine::case::parse_object::<i32>("\"x\"").is_err());
/// ```
pub fn parse_object<T: DeserializeOwned>(text: &str) -> Result<T, CaseProblem> {
    serde_json::from_str::<Value>(text).map_err(|e| CaseProblem::Syntax(e.to_string()))?;
    typed(text)
}

/// Reads a file to a string, as a [`CaseError`] on failure.
///
/// ```
/// let err = dv_harness_engine::case::read_case_text(std::path::Path::new("/nonexistent/x.json")).unwrap_err();
/// assert!(err.to_string().starts_with("/nonexistent/x.json: cannot read: "));
/// ```
pub fn read_case_text(path: &Path) -> Result<String, CaseError> {
    std::fs::read_to_string(path).map_err(|e| {
        CaseError::new(
            path.display().to_string(),
            CaseProblem::Unreadable(e.to_string()),
        )
    })
}

/// The case files named by the command line: files as given, directories
/// searched recursively for `*.json` (sorted). A directory with none is an error.
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// std::fs::write(dir.path().join("b.json"), "{}").unwrap();
/// std::fs::create_dir(dir.path().join("sub")).unwrap();
/// std::fs::write(dir.path().join("sub/a.json"), "{}").unwrap();
/// std::fs::write(dir.path().join("notes.txt"), "").unwrap();
/// let (files, errs) = dv_harness_engine::case::collect_case_files(&[dir.path().to_path_buf()]);
/// assert_eq!(files.len(), 2);
/// assert!(errs.is_empty());
/// ```
pub fn collect_case_files(
    inputs: &[std::path::PathBuf],
) -> (Vec<std::path::PathBuf>, Vec<CaseError>) {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    for input in inputs {
        if input.is_dir() {
            let mut found = Vec::new();
            if let Err(e) = walk_json(input, &mut found) {
                errors.push(CaseError::new(
                    input.display().to_string(),
                    CaseProblem::Unreadable(e.to_string()),
                ));
                continue;
            }
            if found.is_empty() {
                errors.push(CaseError::new(
                    input.display().to_string(),
                    CaseProblem::NoCases,
                ));
            }
            found.sort();
            files.extend(found);
        } else {
            files.push(input.clone());
        }
    }
    (files, errors)
}

fn walk_json(dir: &Path, out: &mut Vec<std::path::PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk_json(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "json") {
            out.push(path);
        }
    }
    Ok(())
}

impl fmt::Display for CaseHeader {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.api_version, self.kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::runtime::RawExtension;

    #[derive(Deserialize, Debug, PartialEq)]
    struct Opaque {
        #[serde(default)]
        driver: String,
        #[serde(default)]
        parameters: Option<RawExtension>,
    }

    #[test]
    fn raw_members_keep_their_bytes_through_the_case_reader() {
        let text = "{\"kind\":\"K\",\"apiVersion\":\"v1\",\"operation\":\"update\",
            \"object\":{\"driver\":\"d\",\"parameters\": {\"str\": \"x\",\n \"n\" : [1, 2]} },
            \"oldObject\":{\"parameters\":{\"str\":\"x\",\"n\":[1,2]}}}";
        let case = parse_case::<Opaque>(text).unwrap();
        let raw = case.object.parameters.as_ref().unwrap();
        assert_eq!(raw.get(), "{\"str\": \"x\",\n \"n\" : [1, 2]}");
        let old = case
            .old_object
            .as_ref()
            .unwrap()
            .parameters
            .as_ref()
            .unwrap();
        assert_eq!(old.get(), r#"{"str":"x","n":[1,2]}"#);
        assert_ne!(raw, old);
        // a bare object and a `validate` object file alike
        let bare =
            parse_case::<Opaque>(r#"{"kind":"K","apiVersion":"v1","parameters":{ "a" : 1 }}"#)
                .unwrap();
        assert_eq!(bare.object.parameters.unwrap().get(), r#"{ "a" : 1 }"#);
        let object: Opaque = parse_object(r#"{"parameters": [ 1 ]}"#).unwrap();
        assert_eq!(object.parameters.unwrap().get(), "[ 1 ]");
    }

    #[test]
    fn the_go_null_fallback_reads_raw_members_compactly() {
        // `driver: null` needs the Go reading, which goes through a `Value`
        let text =
            r#"{"kind":"K","apiVersion":"v1","object":{"driver":null,"parameters": {"a": 1}}}"#;
        let case = parse_case::<Opaque>(text).unwrap();
        assert_eq!(case.object.driver, "");
        assert_eq!(case.object.parameters.unwrap().get(), r#"{"a":1}"#);
    }

    #[test]
    fn duplicate_keys_are_an_input_error_naming_the_key() {
        let top = r#"{"kind": "K", "apiVersion": "v1", "kind": "K"}"#;
        assert_eq!(
            CaseHeader::peek(top),
            Err(CaseProblem::DuplicateKey {
                key: "kind".into(),
                path: ".".into()
            })
        );
        let deep = r#"{"kind": "K", "apiVersion": "v1", "operation": "update",
            "object": {"spec": {"ports": [{"port": 1}, {"port": 2, "port": 3}]}},
            "oldObject": {}}"#;
        let e = parse_case::<Value>(deep).unwrap_err();
        assert_eq!(
            e.to_string(),
            r#"duplicate key "port" at object.spec.ports[1]"#
        );
        // The same key in sibling objects is fine.
        let ok = r#"{"kind": "K", "apiVersion": "v1", "a": {"x": 1}, "b": {"x": 1}}"#;
        assert!(CaseHeader::peek(ok).is_ok());
        let e = CaseError::new("c.json", CaseHeader::peek(top).unwrap_err());
        assert_eq!(e.to_string(), r#"c.json: duplicate key "kind" at ."#);
    }

    #[test]
    fn old_object_of_another_kind_or_version_is_an_input_error() {
        let case = |old: &str| {
            format!(
                r#"{{"kind": "K", "apiVersion": "v1", "operation": "update",
                    "object": {{"n": 1}}, "oldObject": {old}}}"#
            )
        };
        assert!(parse_case::<Obj>(&case(r#"{"n": 1}"#)).is_ok());
        assert!(parse_case::<Obj>(&case(r#"{"kind": "K", "apiVersion": "v1"}"#)).is_ok());
        assert_eq!(
            parse_case::<Obj>(&case(r#"{"kind": "L"}"#)).unwrap_err(),
            CaseProblem::OldObjectMismatch {
                field: "kind",
                expected: "K".into(),
                found: "L".into()
            }
        );
        // An object that names another kind has no type meta called `kind`.
        let data_field = r#"{"kind": "K", "apiVersion": "v1", "operation": "update",
            "object": {"kind": "Service"}, "oldObject": {"kind": "Res"}}"#;
        assert!(CaseHeader::peek(data_field).is_ok());
        let e = parse_case::<Obj>(&case(r#"{"kind": "K", "apiVersion": "v2"}"#)).unwrap_err();
        assert_eq!(
            e.to_string(),
            r#""oldObject" has apiVersion "v2", but the case is "v1""#
        );
    }

    #[derive(Debug, Clone, PartialEq, Deserialize, Serialize, Default)]
    struct Obj {
        #[serde(default)]
        kind: String,
        #[serde(default, rename = "apiVersion")]
        api_version: String,
        #[serde(default)]
        n: i32,
    }

    #[test]
    fn expected_handwritten_round_trips() {
        let c: Case<Obj> = parse_case(
            r#"{"kind":"K","apiVersion":"v1","object":{"n":1},
                "expected":[{"type":"FieldValueNotSupported","field":"n"}],
                "expectedHandwritten":[]}"#,
        )
        .unwrap();
        assert_eq!(c.expected.as_ref().map(Vec::len), Some(1));
        assert_eq!(c.expected_handwritten.as_ref().map(Vec::len), Some(0));
        let file = c.to_file_json("v1", "K");
        assert_eq!(file["expectedHandwritten"], serde_json::json!([]));
        let plain: Case<Obj> =
            parse_case(r#"{"kind":"K","apiVersion":"v1","object":{"n":1}}"#).unwrap();
        assert!(plain.expected_handwritten.is_none());
        assert!(
            plain
                .to_file_json("v1", "K")
                .get("expectedHandwritten")
                .is_none()
        );
    }

    #[test]
    fn prepare_and_source_round_trip() {
        let c: Case<Obj> = parse_case(
            r#"{"kind":"K","apiVersion":"v1","object":{"n":1},"prepare":false,
                "source":"kubernetes/kubernetes@abc:pkg/x_test.go#TestX/case"}"#,
        )
        .unwrap();
        assert!(!c.prepare);
        assert_eq!(
            c.source.as_deref(),
            Some("kubernetes/kubernetes@abc:pkg/x_test.go#TestX/case")
        );
        let file = c.to_file_json("v1", "K");
        assert_eq!(file["prepare"], serde_json::json!(false));
        let back: Case<Obj> = parse_case(&file.to_string()).unwrap();
        assert_eq!(back, c);
        let e = parse_case::<Obj>(r#"{"kind":"K","apiVersion":"v1","object":{},"prepare":"no"}"#)
            .unwrap_err();
        assert!(
            matches!(e, CaseProblem::Type { ref path, .. } if path == "prepare"),
            "{e}"
        );
    }

    #[test]
    fn registry_key_parses_and_round_trips() {
        let c: Case<Obj> = parse_case(
            r#"{"kind":"K","apiVersion":"v1","object":{"n":1},"prepare":false,"registry":true}"#,
        )
        .unwrap();
        assert_eq!(c.registry, Some(true));
        assert!(c.runs_registry(false));
        let file = c.to_file_json("v1", "K");
        assert_eq!(file["registry"], serde_json::json!(true));
        let back: Case<Obj> = parse_case(&file.to_string()).unwrap();
        assert_eq!(back, c);
        let off: Case<Obj> =
            parse_case(r#"{"kind":"K","apiVersion":"v1","object":{"n":1},"registry":false}"#)
                .unwrap();
        assert!(off.prepare && !off.runs_registry(true));
        let default: Case<Obj> =
            parse_case(r#"{"kind":"K","apiVersion":"v1","object":{"n":1}}"#).unwrap();
        assert_eq!(default.registry, None);
        assert!(default.runs_registry(true) && !default.runs_registry(false));
        assert!(default.to_file_json("v1", "K").get("registry").is_none());
        let e = parse_case::<Obj>(r#"{"kind":"K","apiVersion":"v1","object":{},"registry":1}"#)
            .unwrap_err();
        assert!(
            matches!(e, CaseProblem::Type { ref path, .. } if path == "registry"),
            "{e}"
        );
    }

    #[test]
    fn full_form_defaults() {
        let c: Case<Obj> =
            parse_case(r#"{"kind":"K","apiVersion":"v1","object":{"n":1}}"#).unwrap();
        assert_eq!(c.operation, Operation::Create);
        assert_eq!(c.subresource, "");
        assert!(c.gates.is_empty());
        assert!(c.expected.is_none());
        assert!(c.prepare);
        assert!(c.to_file_json("v1", "K").get("prepare").is_none());
    }

    #[test]
    fn update_needs_old_and_create_refuses_it() {
        let e =
            parse_case::<Obj>(r#"{"kind":"K","apiVersion":"v1","operation":"update","object":{}}"#)
                .unwrap_err();
        assert!(matches!(e, CaseProblem::Operation(_)));
        let e = parse_case::<Obj>(
            r#"{"kind":"K","apiVersion":"v1","operation":"update","object":{},"oldObject":null}"#,
        )
        .unwrap_err();
        assert!(matches!(e, CaseProblem::Operation(_)));
        let e = parse_case::<Obj>(r#"{"kind":"K","apiVersion":"v1","object":{},"oldObject":{}}"#)
            .unwrap_err();
        assert!(matches!(e, CaseProblem::Operation(_)));
    }

    #[test]
    fn bad_operation_names_its_path() {
        let e =
            parse_case::<Obj>(r#"{"kind":"K","apiVersion":"v1","operation":"delete","object":{}}"#)
                .unwrap_err();
        match e {
            CaseProblem::Type { path, message } => {
                assert_eq!(path, "operation");
                assert!(message.contains("line 1"), "{message}");
            }
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn missing_kind_and_wrong_kind_type() {
        assert_eq!(
            CaseHeader::peek(r#"{"apiVersion":"v1","object":{}}"#),
            Err(CaseProblem::MissingField("kind"))
        );
        assert!(matches!(
            CaseHeader::peek(r#"{"kind":3,"apiVersion":"v1"}"#),
            Err(CaseProblem::Type { .. })
        ));
    }

    #[test]
    fn round_trip_through_file_json() {
        let case = Case::update(
            Obj {
                n: 2,
                ..Obj::default()
            },
            Obj::default(),
        )
        .subresource("/status")
        .gate("G", true);
        let text = case.to_file_json("v1", "K").to_string();
        let back: Case<Obj> = parse_case(&text).unwrap();
        assert_eq!(back, case);
    }

    #[test]
    fn empty_dir_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let (files, errs) = collect_case_files(&[dir.path().to_path_buf()]);
        assert!(files.is_empty());
        assert_eq!(errs[0].problem, CaseProblem::NoCases);
    }
}
