//! `dv-harness validate --kind K [--api-version V] [--op create|update]
//! [--old FILE] [--subresource S] [--gate NAME=true|false]... FILE`: one
//! object through both validators.

use super::{Exit, Global, diagnostic, render};
use apimachinery::operation::Operation;
use clap::Args;
use dv_harness_engine::case::{CaseError, read_case_text};
use dv_harness_engine::engine::EngineSettings;
use dv_harness_engine::pair::{Checked, ObjectRequest, Registry};
use std::path::PathBuf;

/// Arguments of `validate`.
#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// The kind, e.g. ReplicationController.
    #[arg(long)]
    pub kind: String,
    /// The apiVersion, needed only when the kind is registered under several.
    #[arg(long)]
    pub api_version: Option<String>,
    /// create or update (default: update with --old, else create).
    #[arg(long, value_parser = parse_operation)]
    pub op: Option<Operation>,
    /// The stored object, for an update.
    #[arg(long, value_name = "FILE")]
    pub old: Option<PathBuf>,
    /// The subresource, e.g. /status.
    #[arg(long, default_value = "")]
    pub subresource: String,
    /// A gate or strategy option, NAME=true|false (repeatable).
    #[arg(long = "gate", value_name = "NAME=BOOL", value_parser = parse_gate)]
    pub gates: Vec<(String, bool)>,
    /// Validate as written, without the strategy's PrepareForCreate /
    /// PrepareForUpdate (as Kubernetes' own tests call the validators).
    #[arg(long)]
    pub no_prepare: bool,
    /// The object (JSON).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}

fn parse_operation(s: &str) -> Result<Operation, String> {
    s.parse::<Operation>().map_err(|e| e.to_string())
}

/// Parses `NAME=true|false`.
///
/// ```
/// use dv_harness_cli::validate::parse_gate;
/// assert_eq!(parse_gate("DeclarativeValidationBeta=false"), Ok(("DeclarativeValidationBeta".to_string(), false)));
/// assert!(parse_gate("X").is_err());
/// assert!(parse_gate("X=maybe").is_err());
/// ```
pub fn parse_gate(s: &str) -> Result<(String, bool), String> {
    let (name, value) = s
        .split_once('=')
        .ok_or_else(|| format!("gate {s:?} is not NAME=true|false"))?;
    if name.is_empty() {
        return Err(format!("gate {s:?} has no name"));
    }
    let value = match value {
        "true" => true,
        "false" => false,
        other => return Err(format!("gate {name}: {other:?} is not true or false")),
    };
    Ok((name.to_string(), value))
}

fn request(args: &ValidateArgs) -> Result<ObjectRequest, CaseError> {
    let file = args.file.display().to_string();
    let object = read_case_text(&args.file)?;
    let old = match &args.old {
        Some(path) => Some((path.display().to_string(), read_case_text(path)?)),
        None => None,
    };
    let operation = args.op.unwrap_or(if old.is_some() {
        Operation::Update
    } else {
        Operation::Create
    });
    Ok(ObjectRequest {
        file,
        object,
        old,
        operation,
        subresource: args.subresource.clone(),
        gates: args.gates.iter().cloned().collect(),
    })
}

/// Runs one object (and `--old`) through the pair `--kind` names.
///
/// ```
/// use clap::Parser;
/// use dv_harness_cli::{Cli, Command, validate::evaluate}; use dv_harness::{engine::EngineSettings, pair::Registry};
/// let cli = Cli::parse_from(["dv-harness", "validate", "--kind", "X", "/nonexistent.json"]);
/// let Command::Validate(args) = cli.command else { unreachable!() };
/// assert!(evaluate(&args, &Registry::new(), &EngineSettings::default()).is_err());
/// ```
pub fn evaluate(
    args: &ValidateArgs,
    registry: &Registry,
    settings: &EngineSettings,
) -> Result<Checked, CaseError> {
    let req = request(args)?;
    let pair = registry
        .find(&args.kind, args.api_version.as_deref())
        .map_err(|p| CaseError::new(&req.file, p))?;
    pair.check_object(&req, settings)
}

/// Runs `validate`: prints the OUTCOME (`--json`) or the human report;
/// exit 0 when equal, 1 on a mismatch or panic, 2 on bad input.
///
/// ```
/// use clap::Parser;
/// use dv_harness_cli::{Cli, Command, Exit, Global, validate::run};
/// let cli = Cli::parse_from(["dv-harness", "validate", "--kind", "X", "/nonexistent.json"]);
/// let Command::Validate(args) = cli.command else { unreachable!() };
/// let mut global = Global { registry: dv_harness_engine::pair::Registry::new(),
///     settings: Default::default(), json: true, recorder: None };
/// assert_eq!(run(&args, &mut global), Exit::Input);
/// ```
pub fn run(args: &ValidateArgs, global: &mut Global) -> Exit {
    let settings = global.settings.clone().no_prepare(args.no_prepare);
    let checked = evaluate(args, &global.registry, &settings);
    let checked = match checked {
        Ok(c) => c,
        Err(e) => {
            diagnostic(&e.to_string());
            return Exit::Input;
        }
    };
    if let Some(rec) = global.recorder.as_mut()
        && let Err(e) = rec.observe(
            &checked.outcome,
            &checked.case_json,
            Some(&checked.case_text),
        )
    {
        diagnostic(&format!("cannot record: {e}"));
        return Exit::Input;
    }
    if global.json {
        println!(
            "{}",
            serde_json::to_value(&checked.outcome).unwrap_or(serde_json::Value::Null)
        );
    } else {
        print!(
            "{}",
            render::outcome_report(
                &args.file.display().to_string(),
                &checked.outcome,
                render::use_colour()
            )
        );
    }
    if checked.outcome.is_clean() {
        Exit::Ok
    } else {
        Exit::Found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_pair::registry;
    use crate::{Cli, Command};
    use clap::Parser;
    use dv_harness_engine::compare::Verdict;
    use dv_harness_engine::lifecycle::Semantics;

    fn args(dir: &std::path::Path, extra: &[&str]) -> ValidateArgs {
        let mut argv = vec!["dv-harness", "validate", "--kind", "Widget"];
        argv.extend_from_slice(extra);
        let file = dir.join("obj.json");
        let file = file.to_str().unwrap().to_string();
        let mut argv: Vec<String> = argv.into_iter().map(String::from).collect();
        argv.push(file);
        match Cli::parse_from(argv).command {
            Command::Validate(a) => a,
            other => panic!("{other:?}"),
        }
    }

    fn setup(obj: &str, old: Option<&str>) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("obj.json"), obj).unwrap();
        if let Some(old) = old {
            std::fs::write(dir.path().join("old.json"), old).unwrap();
        }
        dir
    }

    #[test]
    fn create_outcome() {
        let dir = setup(r#"{"spec":{"replicas":-1}}"#, None);
        let c = evaluate(
            &args(dir.path(), &[]),
            &registry(),
            &EngineSettings::default(),
        )
        .unwrap();
        assert_eq!(c.outcome.comparison.verdict, Verdict::Equal);
        assert_eq!(c.outcome.validation_identifier, "widget_create");
        let v = serde_json::to_value(&c.outcome).unwrap();
        for key in [
            "kind",
            "operation",
            "subresource",
            "handwritten",
            "declarative",
            "comparison",
            "returned",
        ] {
            assert!(v.get(key).is_some(), "{key}");
        }
        assert!(v.get("expected").is_none());
    }

    #[test]
    fn update_with_old_on_status() {
        let dir = setup(
            r#"{"spec":{"replicas":1}}"#,
            Some(r#"{"spec":{"replicas":2}}"#),
        );
        let old = dir.path().join("old.json");
        let a = args(
            dir.path(),
            &["--old", old.to_str().unwrap(), "--subresource", "/status"],
        );
        let c = evaluate(&a, &registry(), &EngineSettings::default()).unwrap();
        assert_eq!(
            c.outcome.operation,
            apimachinery::operation::Operation::Update
        );
        assert_eq!(c.outcome.validation_identifier, "widget_status_update");
        assert_eq!(c.case_json["oldObject"]["spec"]["replicas"], 2);
    }

    #[test]
    fn bad_inputs() {
        let dir = setup(r#"{"spec":{"replicas":"x"}}"#, None);
        let e = evaluate(
            &args(dir.path(), &[]),
            &registry(),
            &EngineSettings::default(),
        )
        .unwrap_err();
        assert!(
            e.to_string().contains("at spec.replicas: invalid type"),
            "{e}"
        );

        let dir = setup(r#"{"spec":{}}"#, None);
        let e = evaluate(
            &args(dir.path(), &["--op", "update"]),
            &registry(),
            &EngineSettings::default(),
        )
        .unwrap_err();
        assert!(
            e.to_string().contains("--op update needs --old FILE"),
            "{e}"
        );
        let e = evaluate(
            &args(dir.path(), &["--gate", "Nope=true"]),
            &registry(),
            &EngineSettings::default(),
        )
        .unwrap_err();
        assert!(e.to_string().contains("unknown gate \"Nope\""), "{e}");
        let e = evaluate(
            &args(dir.path(), &["--subresource", "/scale"]),
            &registry(),
            &EngineSettings::default(),
        )
        .unwrap_err();
        assert!(e.to_string().contains("not served by Widget"), "{e}");
        let e = evaluate(
            &args(dir.path(), &["--api-version", "v2"]),
            &registry(),
            &EngineSettings::default(),
        )
        .unwrap_err();
        assert!(e.to_string().contains("unknown kind \"Widget\""), "{e}");
    }

    #[test]
    fn panics_per_semantics() {
        let dir = setup(r#"{"spec":{"explode":true}}"#, None);
        for sem in Semantics::ALL {
            let c = evaluate(
                &args(dir.path(), &[]),
                &registry(),
                &EngineSettings::default().semantics(sem),
            )
            .unwrap();
            assert_eq!(c.outcome.comparison.verdict, Verdict::Panic);
            assert_eq!(
                c.outcome.declarative.panic.as_deref(),
                Some("widget exploded")
            );
        }
    }
}
