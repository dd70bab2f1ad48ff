//! `dv-harness validate --kind K [--api-version V] [--op create|update]
//! [--old FILE] [--subresource S] [--gate NAME=true|false]... FILE`: one
//! object through both validators.

use super::{Exit, Global, diagnostic, render};
use crate::case::{CaseError, read_case_text};
use crate::pair::ObjectRequest;
use apimachinery::operation::Operation;
use clap::Args;
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
/// use dv_harness::cli::validate::parse_gate;
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

/// Runs `validate`: prints the OUTCOME (`--json`) or the human report;
/// exit 0 when equal, 1 on a mismatch or panic, 2 on bad input.
///
/// ```
/// // Exercised end to end in harness/tests/cli.rs.
/// ```
pub fn run(args: &ValidateArgs, global: &mut Global) -> Exit {
    let checked = request(args).and_then(|req| {
        let pair = global
            .registry
            .find(&args.kind, args.api_version.as_deref())
            .map_err(|p| CaseError::new(&req.file, p))?;
        pair.check_object(&req, &global.settings)
    });
    let checked = match checked {
        Ok(c) => c,
        Err(e) => {
            diagnostic(&e.to_string());
            return Exit::Input;
        }
    };
    if let Some(rec) = global.recorder.as_mut()
        && let Err(e) = rec.observe(&checked.outcome, &checked.case_json)
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
