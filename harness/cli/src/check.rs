//! `dv-harness check FILE|DIR...`: run case files; with `expected`, also
//! check both sides against it.
//!
//! `check --from-fuzz-artifact TARGET FILE` decodes a libFuzzer artifact
//! of a fuzz target exactly as the target does
//! ([`dv_harness_oracles::fuzz::artifact::artifact_case_files`]), prints it as case
//! files and checks those like any case file.

use super::{Exit, Global, diagnostic, render};
use clap::Args;
use dv_harness_engine::case::{
    CaseError, CaseHeader, CaseProblem, collect_case_files, read_case_text,
};
use dv_harness_engine::compare::Verdict;
use dv_harness_engine::engine::EngineSettings;
use dv_harness_engine::pair::{Checked, Registry};
use dv_harness_generate::corpus::Corpus;
use dv_harness_oracles::fuzz::artifact::artifact_case_files;
use dv_harness_pipeline::{Pipeline, Recorded};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// Arguments of `check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Case files, or directories searched recursively for `*.json`.
    #[arg(
        required_unless_present = "from_fuzz_artifact",
        value_name = "FILE|DIR"
    )]
    pub paths: Vec<PathBuf>,
    /// A libFuzzer artifact of a `fuzz/` target (e.g.
    /// `replication_controller_structured fuzz/artifacts/replication_controller_structured/crash-...`):
    /// printed as case files, then checked like any case. Structured
    /// artifacts are decoded with the seeds the fuzz targets use
    /// (`$DV_HARNESS_CORPUS`, else the repository's `corpus/`).
    #[arg(long, num_args = 2, value_names = ["TARGET", "FILE"])]
    pub from_fuzz_artifact: Option<Vec<String>>,
    /// Validate as written, without the strategy's PrepareForCreate /
    /// PrepareForUpdate (as Kubernetes' own tests call the validators).
    #[arg(long)]
    pub no_prepare: bool,
}

impl CheckArgs {
    /// Case files and directories only.
    ///
    /// ```
    /// let args = dv_harness_cli::check::CheckArgs::paths(vec!["corpus".into()]);
    /// assert!(args.from_fuzz_artifact.is_none());
    /// ```
    pub fn paths(paths: Vec<PathBuf>) -> CheckArgs {
        CheckArgs {
            paths,
            from_fuzz_artifact: None,
            no_prepare: false,
        }
    }

    /// The `--from-fuzz-artifact` (target, file) pair.
    ///
    /// ```
    /// use clap::Parser;
    /// use dv_harness_cli::{Cli, Command};
    /// let cli = Cli::parse_from(["dv-harness", "check", "--from-fuzz-artifact",
    ///     "storage_class_json", "crash-1"]);
    /// let Command::Check(args) = cli.command else { panic!() };
    /// let (target, file) = args.artifact().unwrap();
    /// assert_eq!((target, file.to_str().unwrap()), ("storage_class_json", "crash-1"));
    /// assert!(args.paths.is_empty());
    /// ```
    pub fn artifact(&self) -> Option<(&str, &Path)> {
        match self.from_fuzz_artifact.as_deref() {
            Some([target, file]) => Some((target.as_str(), Path::new(file))),
            _ => None,
        }
    }
}

/// The counts of a `check` run.
///
/// ```
/// let s = dv_harness_cli::check::Summary::default();
/// assert_eq!(serde_json::to_value(&s).unwrap()["cases"], 0);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    /// Cases run.
    pub cases: usize,
    /// Cases with verdict `equal`.
    pub equal: usize,
    /// Cases with verdict `declarativeStricter`, `declarativeLooser` or `mixed`.
    pub mismatches: usize,
    /// Cases with verdict `panic`.
    pub panics: usize,
    /// Cases whose `expected` failed on either side.
    pub expected_failures: usize,
    /// Keys of case files that loading ignored (each is also a bad input
    /// in [`CheckReport::errors`]; its case still ran).
    pub unknown_keys: usize,
}

impl Summary {
    /// Counts one checked case.
    ///
    /// ```
    /// use dv_harness_cli::check::Summary; use dv_harness::{engine::EngineSettings, pair::Registry};
    /// let registry = dv_harness_kinds::registry().unwrap();
    /// let pair = registry.find("ReplicationController", Some("v1")).unwrap();
    /// let text = r#"{"kind":"ReplicationController","apiVersion":"v1","spec":{"replicas":1}}"#;
    /// let checked = pair.check_text("rc.json", text, &EngineSettings::default()).unwrap();
    /// let mut summary = Summary::default();
    /// summary.add(&checked);
    /// assert_eq!(summary.cases, 1);
    /// assert_eq!(summary.equal + summary.mismatches + summary.panics, 1);
    /// ```
    pub fn add(&mut self, checked: &Checked) {
        self.cases += 1;
        match checked.outcome.comparison.verdict {
            Verdict::Equal => self.equal += 1,
            v if v.is_fault() => self.panics += 1,
            _ => self.mismatches += 1,
        }
        if checked.outcome.expected.as_ref().is_some_and(|e| !e.pass()) {
            self.expected_failures += 1;
        }
    }
}

/// Runs one case file: its outcome, and the keys loading it ignored
/// ([`dv_harness_engine::pair::DynPair::unknown_keys`]), each a bad input
/// naming the file and the key's JSON path.
fn check_file(
    path: &std::path::Path,
    registry: &Registry,
    settings: &EngineSettings,
) -> Result<(Checked, Vec<CaseError>), CaseError> {
    let file = path.display().to_string();
    let text = read_case_text(path)?;
    let header = CaseHeader::peek(&text).map_err(|p| CaseError::new(&file, p))?;
    let pair = registry
        .for_header(&header)
        .map_err(|p| CaseError::new(&file, p))?;
    let checked = pair.check_text(&file, &text, settings)?;
    let unknown = pair
        .unknown_keys(&text)
        .into_iter()
        .map(|p| CaseError::new(&file, p))
        .collect();
    Ok((checked, unknown))
}

/// What a `check` run found: the checked cases (with their file), the bad
/// inputs, and the counts.
#[derive(Debug, Clone, Default)]
pub struct CheckReport {
    /// Each checked case and its file.
    pub checked: Vec<(String, Checked)>,
    /// Inputs that could not be checked.
    pub errors: Vec<CaseError>,
    /// The counts.
    pub summary: Summary,
    /// The case files decoded from a fuzz artifact, with the label their
    /// check carries in [`CheckReport::checked`] (`FILE`, or `FILE#N` when
    /// the artifact stands for several cases).
    pub decoded: Vec<(String, Value)>,
}

impl CheckReport {
    /// The `check --json` document: `{cases: [OUTCOME + file], errors: [{file, message}], summary}`;
    /// a case decoded from a fuzz artifact also carries its `caseFile`.
    ///
    /// ```
    /// let v = dv_harness_cli::check::CheckReport::default().to_json();
    /// assert_eq!(v["summary"]["cases"], 0);
    /// ```
    pub fn to_json(&self) -> Value {
        let cases: Vec<Value> = self
            .checked
            .iter()
            .map(|(file, c)| {
                let mut v = serde_json::to_value(&c.outcome).unwrap_or(Value::Null);
                if let Value::Object(m) = &mut v {
                    m.insert("file".into(), Value::from(file.as_str()));
                    if let Some((_, case)) = self.decoded.iter().find(|(l, _)| l == file) {
                        m.insert("caseFile".into(), case.clone());
                    }
                }
                v
            })
            .collect();
        let errs: Vec<Value> = self
            .errors
            .iter()
            .map(|e| json!({"file": e.file, "message": e.problem.to_string()}))
            .collect();
        json!({"cases": cases, "errors": errs, "summary": self.summary})
    }

    /// 2 when nothing could be checked; else 1 when any input was bad or
    /// any case differs, panics or fails its expectation; else 0.
    ///
    /// ```
    /// use dv_harness_cli::{Exit, check::CheckReport};
    /// assert_eq!(CheckReport::default().exit(), Exit::Input);
    /// ```
    pub fn exit(&self) -> Exit {
        if self.checked.is_empty() {
            Exit::Input
        } else if !self.errors.is_empty()
            || self.summary.mismatches > 0
            || self.summary.panics > 0
            || self.summary.expected_failures > 0
        {
            Exit::Found
        } else {
            Exit::Ok
        }
    }
}

/// Loads and runs every case file named by `paths` (directories searched
/// recursively), collecting bad inputs instead of stopping at them. A key
/// that loading ignores (a case-file key the format does not define, an
/// object key the API type has no field for) is a bad input naming its
/// JSON path; the case still runs as if the key were absent.
///
/// ```
/// use dv_harness_cli::check::evaluate; use dv_harness::{engine::EngineSettings, pair::Registry};
/// let report = evaluate(&[std::path::PathBuf::from("/nonexistent.json")], &Registry::new(), &EngineSettings::default());
/// assert_eq!(report.errors.len(), 1);
/// ```
pub fn evaluate(paths: &[PathBuf], registry: &Registry, settings: &EngineSettings) -> CheckReport {
    let (files, mut errors) = collect_case_files(paths);
    let mut checked: Vec<(String, Checked)> = Vec::new();
    let mut summary = Summary::default();
    for path in &files {
        match check_file(path, registry, settings) {
            Ok((c, unknown)) => {
                summary.add(&c);
                summary.unknown_keys += unknown.len();
                errors.extend(unknown);
                checked.push((path.display().to_string(), c));
            }
            Err(e) => errors.push(e),
        }
    }
    CheckReport {
        checked,
        errors,
        summary,
        decoded: Vec::new(),
    }
}

/// Decodes the fuzz artifact `file` of `target` into case files (see
/// [`artifact_case_files`]; structured artifacts are realised with the
/// seeds of `corpus`) and checks each like a case file, adding them to
/// `report`. An artifact that cannot be read or decoded is a bad input.
///
/// ```
/// use dv_harness_cli::check::{CheckReport, check_artifact};
/// let dir = tempfile::tempdir().unwrap();
/// let file = dir.path().join("crash-1");
/// std::fs::write(&file, r#"{"provisioner": "example.com/x"}"#).unwrap();
/// let registry = dv_harness_kinds::registry().unwrap();
/// let mut report = CheckReport::default();
/// check_artifact(&mut report, "storage_class_json", &file, &registry, &Default::default(),
///     &Default::default());
/// // A JSON artifact is a create and an unchanged update.
/// assert_eq!(report.decoded.len(), 2);
/// assert_eq!(report.summary.cases, 2);
/// assert_eq!(report.decoded[0].1["kind"], "StorageClass");
/// ```
pub fn check_artifact(
    report: &mut CheckReport,
    target: &str,
    file: &Path,
    registry: &Registry,
    settings: &EngineSettings,
    corpus: &Corpus,
) {
    let name = file.display().to_string();
    let bad = |problem: String| CaseError::new(&name, CaseProblem::Unreadable(problem));
    let data = match std::fs::read(file) {
        Ok(d) => d,
        Err(e) => return report.errors.push(bad(e.to_string())),
    };
    let files = match artifact_case_files(registry, settings, corpus, target, &data) {
        Ok(f) => f,
        Err(e) => return report.errors.push(bad(e.to_string())),
    };
    let several = files.len() > 1;
    for (i, case) in files.into_iter().enumerate() {
        let label = if several {
            format!("{name}#{}", i + 1)
        } else {
            name.clone()
        };
        let text = case.to_string();
        let checked = CaseHeader::peek(&text)
            .and_then(|h| registry.for_header(&h))
            .map_err(|p| CaseError::new(&label, p))
            .and_then(|pair| pair.check_text(&label, &text, settings));
        match checked {
            Ok(c) => {
                report.summary.add(&c);
                report.checked.push((label.clone(), c));
            }
            Err(e) => report.errors.push(e),
        }
        report.decoded.push((label, case));
    }
}

/// Runs `check` and returns its exit status: 2 when nothing could be
/// checked, else 1 when any input was bad or any case differs, panics or
/// fails its expectation, else 0. With `--from-fuzz-artifact`, the
/// artifact's case files are printed (pretty JSON on stdout; in the
/// `caseFile` of each case with `--json`) and checked with the others.
///
/// ```
/// use dv_harness_cli::{Exit, Global, check::{CheckArgs, run}};
/// let dir = tempfile::tempdir().unwrap();
/// let mut global = Global { registry: dv_harness_engine::pair::Registry::new(),
///     settings: Default::default(), json: true, recorder: None };
/// // An empty directory: nothing to check.
/// assert_eq!(run(&CheckArgs::paths(vec![dir.path().to_path_buf()]), &mut global), Exit::Input);
/// ```
pub fn run(args: &CheckArgs, global: &mut Global) -> Exit {
    let settings = global.settings.clone().no_prepare(args.no_prepare);
    let mut report = if args.paths.is_empty() {
        CheckReport::default()
    } else {
        evaluate(&args.paths, &global.registry, &settings)
    };
    if let Some((target, file)) = args.artifact() {
        let corpus = Corpus::load(&dv_harness_oracles::fuzz::oracle::corpus_dir());
        check_artifact(
            &mut report,
            target,
            file,
            &global.registry,
            &settings,
            &corpus,
        );
    }
    let mut record_failed = false;
    let mut pipeline = Pipeline::new("check", None, global.recorder.take());
    for (file, c) in &report.checked {
        match pipeline.record(&c.outcome, &c.case_json, &c.case_text) {
            Recorded::New(new) => {
                if let Some(path) = new.reproducer {
                    diagnostic(&format!(
                        "{file}: new mismatch {}, reproducer {}",
                        new.signature,
                        path.display()
                    ));
                }
            }
            Recorded::Failed(e) => {
                diagnostic(&format!("cannot record: {e}"));
                record_failed = true;
            }
            Recorded::Known | Recorded::NotRecorded => {}
        }
    }
    global.recorder = pipeline.into_parts().recorder;
    print_report(&report, global.json);
    if record_failed {
        Exit::Input
    } else {
        report.exit()
    }
}

/// Prints a check report: diagnostics for bad inputs on stderr; on stdout
/// the `check --json` document, or the decoded case files (pretty JSON),
/// a line or a mismatch report per case and the counts.
///
/// ```
/// use dv_harness_cli::check::{CheckReport, print_report};
/// print_report(&CheckReport::default(), true);
/// ```
pub fn print_report(report: &CheckReport, json: bool) {
    for e in &report.errors {
        diagnostic(&e.to_string());
    }
    if report.checked.is_empty() && report.errors.is_empty() {
        diagnostic("no cases to check");
    }
    if json {
        println!("{}", report.to_json());
        return;
    }
    for (_, case) in &report.decoded {
        println!(
            "{}",
            serde_json::to_string_pretty(case).unwrap_or_else(|_| case.to_string())
        );
    }
    let colour = render::use_colour();
    for (file, c) in &report.checked {
        if c.outcome.is_clean() {
            println!(
                "{file}: {}/{} {}: equal",
                c.outcome.api_version,
                c.outcome.kind,
                c.outcome.operation.as_str()
            );
        } else {
            print!("{}", render::outcome_report(file, &c.outcome, colour));
        }
    }
    let s = &report.summary;
    println!(
        "{} cases: {} equal, {} mismatches, {} panics, {} expectation failures; {} bad inputs ({} unknown keys)",
        s.cases,
        s.equal,
        s.mismatches,
        s.panics,
        s.expected_failures,
        report.errors.len(),
        s.unknown_keys
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_pair::registry;
    use dv_harness_engine::case::CaseProblem;

    fn write(dir: &std::path::Path, name: &str, text: &str) -> PathBuf {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p
    }

    fn case(replicas: &str, extra: &str) -> String {
        format!(
            r#"{{"kind":"Widget","apiVersion":"example.com/v1","operation":"create",
"object":{{"spec":{{"replicas":{replicas}}}}}{extra}}}"#
        )
    }

    #[test]
    fn good_bad_and_mismatching_files() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write(d, "equal.json", &case("-1", ""));
        write(d, "stricter.json", &case("101", ""));
        write(d, "typeerr.json", &case("\"three\"", ""));
        write(
            d,
            "gate.json",
            &case("1", r#","gates":{"NoSuchGate":true}"#),
        );
        write(d, "sub.json", &case("1", r#","subresource":"/scale""#));
        write(
            d,
            "expected.json",
            &case(
                "-1",
                r#","expected":[{"type":"FieldValueInvalid","field":"spec.replicas","origin":"maximum"}]"#,
            ),
        );
        write(
            d,
            "bare.json",
            r#"{"kind":"Widget","apiVersion":"example.com/v1","spec":{"replicas":2}}"#,
        );
        write(
            d,
            "explode.json",
            r#"{"kind":"Widget","apiVersion":"example.com/v1","spec":{"explode":true}}"#,
        );
        let report = evaluate(&[d.to_path_buf()], &registry(), &EngineSettings::default());
        assert_eq!(report.summary.cases, 5);
        assert_eq!(report.summary.equal, 3);
        assert_eq!(report.summary.mismatches, 1);
        assert_eq!(report.summary.panics, 1);
        assert_eq!(report.summary.expected_failures, 1);
        assert_eq!(report.errors.len(), 3);
        assert_eq!(report.exit(), Exit::Found);

        let by_file = |suffix: &str| {
            report
                .errors
                .iter()
                .find(|e| e.file.ends_with(suffix))
                .unwrap_or_else(|| panic!("no error for {suffix}"))
        };
        match &by_file("typeerr.json").problem {
            CaseProblem::Type { path, message } => {
                assert_eq!(path, "object.spec.replicas");
                assert!(message.contains("line 2"), "{message}");
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            by_file("gate.json").problem,
            CaseProblem::UnknownGate { .. }
        ));
        assert!(by_file("gate.json").to_string().contains("WidgetFeature"));
        assert!(matches!(
            by_file("sub.json").problem,
            CaseProblem::UnknownSubresource { .. }
        ));

        let v = report.to_json();
        let cases = v["cases"].as_array().unwrap();
        let stricter = cases
            .iter()
            .find(|c| c["file"].as_str().unwrap().ends_with("stricter.json"))
            .unwrap();
        assert_eq!(stricter["comparison"]["verdict"], "declarativeStricter");
        assert_eq!(
            stricter["comparison"]["onlyDeclarative"][0]["origin"],
            "maximum"
        );
        assert_eq!(stricter["returned"][0]["stage"], "beta");
        let expected = cases
            .iter()
            .find(|c| c["file"].as_str().unwrap().ends_with("expected.json"))
            .unwrap();
        assert_eq!(expected["expected"]["handwritten"], "fail");
        assert_eq!(expected["expected"]["declarative"], "fail");
        assert_eq!(
            expected["expected"]["declarativeDifference"]["unexpected"][0]["origin"],
            "minimum"
        );
        assert_eq!(
            expected["expected"]["handwrittenDifference"]["missing"][0]["origin"],
            "maximum"
        );
        assert_eq!(v["errors"].as_array().unwrap().len(), 3);
        assert_eq!(v["summary"]["mismatches"], 1);
    }

    #[test]
    fn unknown_keys_are_bad_inputs_and_the_case_still_runs() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write(
            d,
            "slips.json",
            r#"{"kind":"Widget","apiVersion":"example.com/v1","operation":"create",
"object":{"spec":{"replicas":-1,"replica":2}},"expect":[],
"expected":[{"type":"FieldValueInvalid","field":"spec.replicas","orign":"minimum"}]}"#,
        );
        write(d, "clean.json", &case("-1", ""));
        let report = evaluate(&[d.to_path_buf()], &registry(), &EngineSettings::default());
        assert_eq!(report.summary.cases, 2);
        assert_eq!(report.summary.equal, 2);
        assert_eq!(report.summary.expected_failures, 0);
        assert_eq!(report.summary.unknown_keys, 3);
        assert_eq!(report.exit(), Exit::Found);
        let messages: Vec<String> = report.errors.iter().map(|e| e.to_string()).collect();
        let file = d.join("slips.json").display().to_string();
        assert_eq!(
            messages,
            [
                format!(r#"{file}: unknown key "replica" at object.spec: ignored"#),
                format!(
                    r#"{file}: unknown key "expect" at . (not a case-file key; did you mean "expected"?): ignored"#
                ),
                format!(r#"{file}: unknown key "orign" at expected[0]: ignored"#),
            ]
        );
        let v = report.to_json();
        assert_eq!(v["summary"]["unknownKeys"], 3);
        assert_eq!(v["errors"].as_array().unwrap().len(), 3);
        assert_eq!(v["cases"].as_array().unwrap().len(), 2);
    }

    #[test]
    fn all_equal_exits_zero() {
        let dir = tempfile::tempdir().unwrap();
        let p = write(dir.path(), "a.json", &case("-5", ""));
        let report = evaluate(&[p], &registry(), &EngineSettings::default());
        assert_eq!(report.exit(), Exit::Ok);
    }

    #[test]
    fn only_bad_inputs_exit_two() {
        let dir = tempfile::tempdir().unwrap();
        let p = write(dir.path(), "a.json", &case("true", ""));
        let report = evaluate(&[p], &registry(), &EngineSettings::default());
        assert_eq!(report.exit(), Exit::Input);
    }

    #[test]
    fn beta_gate_off_shadows_the_declarative_error() {
        let dir = tempfile::tempdir().unwrap();
        let p = write(
            dir.path(),
            "a.json",
            &case("101", r#","gates":{"DeclarativeValidationBeta":false}"#),
        );
        let report = evaluate(&[p], &registry(), &EngineSettings::default());
        let outcome = &report.checked[0].1.outcome;
        assert_eq!(outcome.comparison.verdict, Verdict::DeclarativeStricter);
        assert!(outcome.returned.is_empty());
    }
}
