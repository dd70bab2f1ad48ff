//! `dv-harness export --format k8s-go-test`: a case file, or a recorded
//! mismatch, as a table entry of the kind's `declarative_validation_test.go`
//! in Kubernetes (`test/declarative_validation/<group>/<resource>/`), ready
//! for review upstream (DESIGN.md section 9.1).
//!
//! The entry has the shape of Kubernetes' own entries: a create goes to
//! `TestDeclarativeValidate` as `input: mkValid<Kind>(tweak)`, an update to
//! `TestDeclarativeValidateUpdate` (a `/status` update to
//! `TestDeclarativeValidateStatusUpdate`) as `old:` and `update:`, with the
//! request the test's context carries (prefix, group, version, resource,
//! subresource, verb) and the feature gates the case sets; the
//! expected errors are `field.Required(...)` / `field.Invalid(...)` ...
//! with `WithOrigin` and the marks Kubernetes uses: `MarkAlpha()` /
//! `MarkBeta()` for errors of `+k8s:alpha` / `+k8s:beta` rules,
//! `MarkFromImperative()` for hand-written errors no declarative rule
//! covers.
//!
//! The object is written as a tweak of the test's base object: the
//! kind's baseline corpus case taken from that test file (its `source`)
//! when there is one, else the smallest corpus object hand-written
//! validation accepts, whose JSON the entry then states. The expected
//! errors are the case's `expected` (marks from the outcome of running the
//! case); for a recorded mismatch, the hand-written side's errors, with the
//! declarative side's unpaired errors listed as comments.

pub mod go;

use apimachinery::field::Error;
use apimachinery::operation::Operation;
use dv_harness_engine::case::parse_case;
use dv_harness_engine::engine::{EngineSettings, Outcome};
use dv_harness_engine::expectation::ExpectedError;
use dv_harness_engine::pair::{DynPair, Registry};
use dv_harness_generate::corpus::Corpus;
use go::Mark;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// Why an input could not be exported.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// Reading a file failed.
    #[error("{path}: {message}")]
    Io {
        /// The file.
        path: String,
        /// The error.
        message: String,
    },
    /// Neither a case file nor a signature in the mismatch log.
    #[error("{0}: neither a case file nor a mismatch signature in {1}")]
    NotFound(String, String),
    /// The case does not parse or has no registered pair.
    #[error("{0}")]
    Case(String),
}

/// One thing to export: a case document and where it came from.
#[derive(Debug, Clone)]
pub struct ExportInput {
    /// The case document (case-file form).
    pub case: Value,
    /// Its name in messages and the entry's comment (a path, or `mismatch <signature>`).
    pub origin: String,
    /// The entry's name in the test table.
    pub name: String,
    /// A recorded mismatch: expected errors are the hand-written side's.
    pub mismatch: bool,
    /// What each side returned, when recorded (a mismatch log line): the
    /// case is then not run again.
    pub observed: Option<Observed>,
    /// The case file's text, for an input read from a file or a mismatch
    /// log line that recorded it (`caseText`): its objects' raw members
    /// (`runtime.RawExtension`) are exported with the bytes it holds
    /// ([`go::tweak_raw`]); without it, with their compact text.
    pub text: Option<String>,
}

/// What the two sides returned for a case.
#[derive(Debug, Clone, Default)]
pub struct Observed {
    /// The hand-written errors.
    pub handwritten: Vec<Error>,
    /// The declarative errors.
    pub declarative: Vec<Error>,
    /// Covered hand-written errors without a declarative counterpart.
    pub only_handwritten: Vec<Error>,
    /// Declarative errors without a hand-written counterpart.
    pub only_declarative: Vec<Error>,
    /// The verdict (`equal`, `declarativeStricter`, ...).
    pub verdict: String,
}

impl Observed {
    /// The errors of an outcome.
    ///
    /// ```
    /// // Used by `export` for case files.
    /// ```
    pub fn of(outcome: &Outcome) -> Observed {
        Observed {
            handwritten: outcome.handwritten.errors.0.clone(),
            declarative: outcome.declarative.errors.0.clone(),
            only_handwritten: outcome.comparison.only_handwritten.0.clone(),
            only_declarative: outcome.comparison.only_declarative.0.clone(),
            verdict: outcome.comparison.verdict.as_str().to_string(),
        }
    }

    /// The errors of a mismatch log line (`None` if it does not carry them).
    ///
    /// ```
    /// let line = serde_json::json!({"verdict": "declarativeLooser",
    ///     "handwritten": {"errors": [{"type": "FieldValueRequired", "field": "x"}]},
    ///     "declarative": {"errors": []},
    ///     "diff": {"onlyHandwritten": [{"type": "FieldValueRequired", "field": "x"}], "onlyDeclarative": []}});
    /// let o = dv_harness_pipeline::export::Observed::of_log_line(&line).unwrap();
    /// assert_eq!(o.handwritten.len(), 1);
    /// ```
    pub fn of_log_line(line: &Value) -> Option<Observed> {
        let errors =
            |v: Option<&Value>| -> Option<Vec<Error>> { serde_json::from_value(v?.clone()).ok() };
        Some(Observed {
            handwritten: errors(line.get("handwritten").and_then(|s| s.get("errors")))?,
            declarative: errors(line.get("declarative").and_then(|s| s.get("errors")))?,
            only_handwritten: errors(line.get("diff").and_then(|d| d.get("onlyHandwritten")))
                .unwrap_or_default(),
            only_declarative: errors(line.get("diff").and_then(|d| d.get("onlyDeclarative")))
                .unwrap_or_default(),
            verdict: line
                .get("verdict")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string(),
        })
    }
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> ExportError + '_ {
    move |e| ExportError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    }
}

/// The lines of a mismatch log (`<reports>/mismatches.jsonl`) that parse.
fn mismatch_lines(reports: &Path) -> Result<Vec<Value>, ExportError> {
    let path = reports.join("mismatches.jsonl");
    match std::fs::read_to_string(&path) {
        Ok(text) => Ok(text
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .collect()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(io(&path)(e)),
    }
}

fn mismatch_input(line: &Value) -> Option<ExportInput> {
    let sig = line.get("signature")?.as_str()?;
    let verdict = line.get("verdict").and_then(Value::as_str).unwrap_or("");
    Some(ExportInput {
        case: line.get("case")?.clone(),
        origin: format!("mismatch {sig}"),
        name: format!("dv-harness {}: {verdict}", &sig[..sig.len().min(12)]),
        mismatch: true,
        observed: Observed::of_log_line(line),
        // The recorded case's text (`caseText`), when the log line has it.
        text: line
            .get("caseText")
            .and_then(Value::as_str)
            .map(str::to_string),
    })
}

/// Resolves an argument: a case file, or a signature (or unique prefix of
/// one) in `<reports>/mismatches.jsonl`.
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// let e = dv_harness_pipeline::export::resolve("nope", dir.path()).unwrap_err();
/// assert!(e.to_string().contains("neither a case file"));
/// ```
pub fn resolve(arg: &str, reports: &Path) -> Result<ExportInput, ExportError> {
    let path = PathBuf::from(arg);
    if path.is_file() {
        let text = std::fs::read_to_string(&path).map_err(io(&path))?;
        let case: Value =
            serde_json::from_str(&text).map_err(|e| ExportError::Case(format!("{arg}: {e}")))?;
        let name = case
            .get("source")
            .and_then(Value::as_str)
            .and_then(|s| s.rsplit('/').next())
            .map(str::to_string)
            .unwrap_or_else(|| {
                path.file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_else(|| arg.to_string())
            });
        return Ok(ExportInput {
            case,
            origin: arg.to_string(),
            name,
            mismatch: false,
            observed: None,
            text: Some(text),
        });
    }
    let lines = mismatch_lines(reports)?;
    let hits: Vec<&Value> = lines
        .iter()
        .filter(|l| {
            l.get("signature")
                .and_then(Value::as_str)
                .is_some_and(|s| !arg.is_empty() && s.starts_with(arg))
        })
        .collect();
    match hits.as_slice() {
        [one] => mismatch_input(one)
            .ok_or_else(|| ExportError::Case(format!("{arg}: the mismatch record has no case"))),
        _ => Err(ExportError::NotFound(
            arg.to_string(),
            reports.join("mismatches.jsonl").display().to_string(),
        )),
    }
}

/// The base object of a kind's test table, from the corpus, without
/// running anything: the create baseline taken from the kind's
/// `declarative_validation_test.go` (a create case whose `source` names
/// that file and that expects no error, preferring the entry Kubernetes
/// names `empty resource`, `baseline` or `valid`), else the smallest create
/// case that expects no error.
#[derive(Debug, Clone)]
pub struct Base {
    /// The object.
    pub object: Value,
    /// The corpus file it comes from.
    pub file: String,
    /// Whether it is the upstream test's own baseline (`mkValid<Kind>()`).
    pub upstream: bool,
    /// The test file, from the baseline's `source`.
    pub test_file: Option<String>,
}

fn nodes(v: &Value) -> usize {
    match v {
        Value::Array(a) => 1 + a.iter().map(nodes).sum::<usize>(),
        Value::Object(m) => 1 + m.values().map(nodes).sum::<usize>(),
        _ => 1,
    }
}

/// Finds the kind's [`Base`] in the corpus (`None`: no create case expects no error).
///
/// ```
/// let registry = dv_harness_kinds::registry().unwrap();
/// let pair = registry.find("ReplicationController", None).unwrap();
/// let corpus = dv_harness_generate::corpus::Corpus::load(
///     std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus").as_path());
/// let base = dv_harness_pipeline::export::base(pair, &corpus).unwrap();
/// assert!(base.upstream);
/// assert_eq!(base.object["spec"]["replicas"], 1);
/// ```
pub fn base(pair: &dyn DynPair, corpus: &Corpus) -> Option<Base> {
    let mut best: Option<((usize, usize), Base)> = None;
    for f in corpus.files(pair.api_version(), pair.kind()) {
        let Ok(case) = parse_case::<Value>(&f.text) else {
            continue;
        };
        if case.operation != Operation::Create
            || !case.subresource.is_empty()
            || !case.expected.as_ref().is_some_and(Vec::is_empty)
        {
            continue;
        }
        let test_file = case.source.as_deref().and_then(|s| {
            let file = s.split_once(':')?.1.split('#').next()?;
            file.ends_with("declarative_validation_test.go")
                .then(|| file.to_string())
        });
        let entry = case.source.as_deref().and_then(|s| s.rsplit('/').next());
        let rank = match (&test_file, entry) {
            (Some(_), Some("empty resource" | "baseline" | "valid")) => 0,
            (Some(_), _) => 1,
            (None, _) => 2,
        };
        let file = f.path.display().to_string();
        let key = (rank, nodes(&case.object));
        let better = match &best {
            None => true,
            Some((k, b)) => key < *k || (key == *k && file < b.file),
        };
        if better {
            best = Some((
                key,
                Base {
                    object: case.object,
                    file,
                    upstream: test_file.is_some(),
                    test_file,
                },
            ));
        }
    }
    best.map(|(_, b)| b)
}

/// The Kubernetes test file of a kind, by the layout of Kubernetes'
/// declarative-validation tests
/// (`test/declarative_validation/<group>/<resource>/declarative_validation_test.go`).
///
/// ```
/// use dv_harness_pipeline::export::test_file;
/// assert_eq!(test_file("v1", "ReplicationController"),
///            "test/declarative_validation/core/replicationcontroller/declarative_validation_test.go");
/// assert_eq!(test_file("certificates.k8s.io/v1", "CertificateSigningRequest"),
///            "test/declarative_validation/certificates/certificatesigningrequest/declarative_validation_test.go");
/// ```
pub fn test_file(api_version: &str, kind: &str) -> String {
    let group = match api_version.rsplit_once('/') {
        Some((g, _)) => g.split('.').next().unwrap_or(g),
        None => "core",
    };
    format!(
        "test/declarative_validation/{group}/{}/declarative_validation_test.go",
        kind.to_ascii_lowercase()
    )
}

/// The resource (plural, lower case) of a kind, as in a request's path.
///
/// ```
/// use dv_harness_pipeline::export::resource;
/// assert_eq!(resource("NetworkPolicy"), "networkpolicies");
/// assert_eq!(resource("IngressClass"), "ingressclasses");
/// assert_eq!(resource("IPAddress"), "ipaddresses");
/// assert_eq!(resource("CSIDriver"), "csidrivers");
/// ```
pub fn resource(kind: &str) -> String {
    let k = kind.to_ascii_lowercase();
    if let Some(stem) = k.strip_suffix('y') {
        format!("{stem}ies")
    } else if k.ends_with('s') || k.ends_with('x') {
        format!("{k}es")
    } else {
        format!("{k}s")
    }
}

fn matches(e: &Error, x: &ExpectedError) -> bool {
    e.error_type == x.error_type
        && e.field == x.field
        && x.origin.as_deref().is_none_or(|o| o == e.origin)
}

/// The mark of an error the hand-written side (or the API server) returns:
/// the stage of the declarative error that matches it, `FromImperative`
/// when no declarative rule covers it.
fn mark_of(observed: &Observed, expected: &ExpectedError) -> Mark {
    if let Some(d) = observed.declarative.iter().find(|e| matches(e, expected)) {
        return Mark::of_level(d.stability_level);
    }
    match observed.handwritten.iter().find(|e| matches(e, expected)) {
        Some(h) if !h.covered_by_declarative => Mark::FromImperative,
        _ => Mark::None,
    }
}

fn expected_of(e: &Error) -> ExpectedError {
    ExpectedError {
        error_type: e.error_type,
        field: e.field.clone(),
        origin: (!e.origin.is_empty()).then(|| e.origin.to_string()),
        detail: None,
    }
}

/// The raw members (`runtime.RawExtension`) of the case file member
/// `member` (`object`, `oldObject`; a bare object file is the object), as
/// the file's text holds them.
///
/// ```
/// use dv_harness_pipeline::export::case_raw_members;
/// let text = r#"{"kind":"DeviceClass","object":{"spec":{"config":[{"opaque":{"parameters":{"a": 1}}}]}}}"#;
/// assert_eq!(case_raw_members(text, "object")["spec.config[0].opaque.parameters"], r#"{"a": 1}"#);
/// assert!(case_raw_members(text, "oldObject").is_empty());
/// ```
pub fn case_raw_members(text: &str, member: &str) -> go::RawMembers {
    let members: std::collections::HashMap<String, &serde_json::value::RawValue> =
        serde_json::from_str(text).unwrap_or_default();
    match members.get(member) {
        Some(raw) => go::raw_members(raw.get()),
        None if member == "object" && !members.contains_key("oldObject") => go::raw_members(text),
        None => go::RawMembers::new(),
    }
}

fn object_lines(
    label: &str,
    ctor: &str,
    kind_type: &str,
    base: Option<&Value>,
    object: &Value,
    raw: &go::RawMembers,
) -> Vec<String> {
    let empty = Value::Object(Default::default());
    let statements = go::tweak_raw(base.unwrap_or(&empty), object, raw);
    if statements.is_empty() {
        return vec![format!("{label}: {ctor}(),")];
    }
    let mut out = vec![format!("{label}: {ctor}(func(obj *{kind_type}) {{")];
    out.extend(statements.iter().map(|s| format!("\t{s}")));
    out.push("}),".into());
    out
}

/// Exports one input as a test-table entry (see the module docs).
///
/// ```
/// use dv_harness_pipeline::export::{export, ExportInput};
/// let registry = dv_harness_kinds::registry().unwrap();
/// let corpus = dv_harness_generate::corpus::Corpus::default();
/// let case = serde_json::json!({"kind": "StorageClass", "apiVersion": "storage.k8s.io/v1",
///     "object": {"apiVersion": "storage.k8s.io/v1", "kind": "StorageClass",
///                "metadata": {"name": "x"}}});
/// let input = ExportInput { case, origin: "x.json".into(), name: "no provisioner".into(),
///     mismatch: false, observed: None, text: None };
/// let text = export(&input, &registry, &Default::default(), &corpus).unwrap();
/// assert!(text.contains("\"no provisioner\": {"));
/// assert!(text.contains("field.Required(field.NewPath(\"provisioner\"), \"\")"));
/// ```
pub fn export(
    input: &ExportInput,
    registry: &Registry,
    settings: &EngineSettings,
    corpus: &Corpus,
) -> Result<String, ExportError> {
    let text = serde_json::to_string(&input.case)
        .map_err(|e| ExportError::Case(format!("{}: {e}", input.origin)))?;
    let case = parse_case::<Value>(&text)
        .map_err(|e| ExportError::Case(format!("{}: {e}", input.origin)))?;
    let kind = input.case.get("kind").and_then(Value::as_str).unwrap_or("");
    let api_version = input
        .case
        .get("apiVersion")
        .and_then(Value::as_str)
        .unwrap_or("");
    let pair = registry
        .find(kind, Some(api_version))
        .map_err(|e| ExportError::Case(format!("{}: {e}", input.origin)))?;
    let observed = match &input.observed {
        Some(o) => o.clone(),
        None => {
            let checked = pair
                .check_text(&input.origin, &text, settings)
                .map_err(|e| ExportError::Case(e.to_string()))?;
            Observed::of(&checked.outcome)
        }
    };
    let base = base(pair, corpus);
    let file = test_file(pair.api_version(), pair.kind());
    let sub = case.subresource.trim_start_matches('/').to_string();
    let table = match (case.operation, sub.as_str()) {
        (Operation::Update, "") => "TestDeclarativeValidateUpdate".to_string(),
        (Operation::Update, s) => {
            let mut cs = s.chars();
            let title = cs
                .next()
                .map(|f| f.to_ascii_uppercase().to_string() + cs.as_str())
                .unwrap_or_default();
            format!("TestDeclarativeValidate{title}Update")
        }
        _ => "TestDeclarativeValidate".to_string(),
    };
    let group = pair.api_version().rsplit_once('/').map_or("", |(g, _)| g);
    let version = pair
        .api_version()
        .rsplit_once('/')
        .map_or(pair.api_version(), |(_, v)| v);
    let mut request = vec![
        format!(
            "APIPrefix {}",
            go::string(if group.is_empty() { "api" } else { "apis" })
        ),
        format!("APIGroup {}", go::string(group)),
        format!("APIVersion {}", go::string(version)),
        format!("Resource {}", go::string(&resource(pair.kind()))),
    ];
    if !sub.is_empty() {
        request.push(format!("Subresource {}", go::string(&sub)));
    }
    request.push(format!("Verb {}", go::string(case.operation.as_str())));
    let mut lines = vec![
        format!(
            "// Exported by dv-harness from {} ({} {}, {}{}).",
            input.origin,
            pair.kind(),
            pair.api_version(),
            case.operation.as_str(),
            if sub.is_empty() {
                String::new()
            } else {
                format!(" /{sub}")
            }
        ),
        format!("// Table: {table} in {file}"),
        format!("// Request: {}.", request.join(", ")),
    ];
    if let Some(older) = base.as_ref().and_then(|b| b.test_file.as_deref())
        && older != file
    {
        lines.push(format!("// The base object is the baseline of {older}."));
    }
    if !case.gates.is_empty() {
        let gates: Vec<String> = case
            .gates
            .iter()
            .map(|(g, on)| format!("{g}={on}"))
            .collect();
        lines.push(format!("// Feature gates: {}.", gates.join(", ")));
    }
    let ctor = format!("mkValid{}", pair.kind());
    match &base {
        Some(b) if b.upstream => {}
        Some(b) => lines.push(format!(
            "// {ctor}() is taken to build the object of {}: {}",
            b.file,
            serde_json::to_string(&b.object).unwrap_or_default()
        )),
        None => lines.push(format!(
            "// No valid {} in the corpus: the tweak sets every field of the object on {ctor}()'s result.",
            pair.kind()
        )),
    }
    lines.push(
        "// Go names and literals are derived from the JSON: pointers (ptr.To), typed strings and structs may need adjusting."
            .into(),
    );
    if input.mismatch {
        lines.push(format!(
            "// Recorded mismatch ({}): expectedErrs are what hand-written validation returns.",
            observed.verdict
        ));
    }
    lines.push(format!("{}: {{", go::string(&input.name)));
    let kind_type = format!("api.{}", pair.kind());
    let base_object = base.as_ref().map(|b| &b.object);
    let raw = |member: &str| {
        input
            .text
            .as_deref()
            .map(|t| case_raw_members(t, member))
            .unwrap_or_default()
    };
    let mut body = Vec::new();
    match case.operation {
        Operation::Update => {
            let old = case.old_object.clone().unwrap_or(Value::Null);
            body.extend(object_lines(
                "old",
                &ctor,
                &kind_type,
                base_object,
                &old,
                &raw("oldObject"),
            ));
            body.extend(object_lines(
                "update",
                &ctor,
                &kind_type,
                base_object,
                &case.object,
                &raw("object"),
            ));
        }
        _ => body.extend(object_lines(
            "input",
            &ctor,
            &kind_type,
            base_object,
            &case.object,
            &raw("object"),
        )),
    }
    let expected: Vec<ExpectedError> = match (&case.expected, input.mismatch) {
        (Some(x), false) => x.clone(),
        _ => observed.handwritten.iter().map(expected_of).collect(),
    };
    if !expected.is_empty() {
        body.push("expectedErrs: field.ErrorList{".into());
        for x in &expected {
            body.push(format!(
                "\t{},",
                go::error(
                    x.error_type,
                    &x.field,
                    x.origin.as_deref().unwrap_or(""),
                    mark_of(&observed, x)
                )
            ));
        }
        body.push("},".into());
    }
    if input.mismatch {
        for e in &observed.only_declarative {
            body.push(format!(
                "// declarative validation also returns: {}",
                go::error_of(e, Mark::of_level(e.stability_level))
            ));
        }
        for e in &observed.only_handwritten {
            body.push(format!(
                "// declarative validation does not return: {}",
                go::error_of(e, Mark::None)
            ));
        }
    }
    lines.extend(body.into_iter().map(|l| format!("\t{l}")));
    lines.push("},".into());
    Ok(lines.join("\n") + "\n")
}

/// Writes `<reports>/exports/<signature>.go` for every mismatch of the
/// log that can be exported; returns the signatures written and a note
/// per mismatch that could not be.
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// let (done, notes) = dv_harness_pipeline::export::write_mismatch_exports(
///     &dv_harness_engine::pair::Registry::new(), &Default::default(), &Default::default(), dir.path()).unwrap();
/// assert!(done.is_empty() && notes.is_empty());
/// ```
pub fn write_mismatch_exports(
    registry: &Registry,
    settings: &EngineSettings,
    corpus: &Corpus,
    reports: &Path,
) -> Result<(Vec<String>, Vec<String>), ExportError> {
    let lines = mismatch_lines(reports)?;
    let dir = reports.join("exports");
    let mut done = Vec::new();
    let mut notes = Vec::new();
    for line in &lines {
        let Some(input) = mismatch_input(line) else {
            continue;
        };
        let sig = input.origin.trim_start_matches("mismatch ").to_string();
        if !sig.chars().all(|c| c.is_ascii_alphanumeric()) {
            continue;
        }
        // Never run a logged case again here: it may hang or crash (the
        // report is written in-process); the log carries both sides' errors.
        if input.observed.is_none() {
            notes.push(format!(
                "cannot export mismatch {sig}: the log line has no error lists"
            ));
            continue;
        }
        match export(&input, registry, settings, corpus) {
            Ok(text) => {
                std::fs::create_dir_all(&dir).map_err(io(&dir))?;
                let path = dir.join(format!("{sig}.go"));
                std::fs::write(&path, text).map_err(io(&path))?;
                done.push(sig);
            }
            Err(e) => notes.push(format!("cannot export mismatch {sig}: {e}")),
        }
    }
    Ok((done, notes))
}
