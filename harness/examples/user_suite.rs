//! Equivalence suites for your own type, in a few lines.
//!
//! `Thermostat` is not a bundled kind: it carries `+k8s:` tags (its
//! declarative validator comes from `#[derive(Validate)]`) and has a
//! hand-written twin, `thermostat::validate`. In a test file, one line
//! gives corpus replay, proptest create and update suites and
//! anti-vacuity as four `#[test]`s:
//!
//! ```ignore
//! dv_harness::equivalence_suite!(thermostat, dv_harness::pair!("example.com/v1", "Thermostat", Thermostat, thermostat));
//! ```
//!
//! This example runs the same suites from `main` and prints a campaign
//! summary: `cargo run -p dv-harness --example user_suite`.

use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, Path};
use apimachinery::operation::{Context, Operation};
use dv_harness::engine::EngineSettings;
use dv_harness::generate::campaign::{CampaignConfig, run_kind};
use dv_harness::generate::suite::Suite;
use serde::{Deserialize, Serialize};

/// A thermostat.
#[derive(Validate, Serialize, Deserialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
pub struct Thermostat {
    /// TypeMeta.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub api_version: String,
    /// TypeMeta.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kind: String,
    /// The room it controls.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    /// +k8s:beta(since: "1.37")=+k8s:format=k8s-short-name
    #[serde(default)]
    pub room: String,
    /// The target temperature, in degrees Celsius.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:minimum=5
    /// +k8s:beta(since: "1.37")=+k8s:maximum=30
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<i32>,
    /// The serial number, set once.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:immutable
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub serial: String,
}

/// The hand-written twin, in the pair convention's shape.
pub mod thermostat {
    use super::*;

    /// No subresources.
    pub const SUBRESOURCES: &[&str] = &[];

    /// The hand-written validator: errors the tags now cover are marked so.
    pub fn validate(ctx: &Context, t: &Thermostat, old: Option<&Thermostat>) -> ErrorList {
        let mut errs = ErrorList::new();
        let update = ctx.operation == Operation::Update;
        let room = Path::new("room");
        if !(update && old.is_some_and(|o| o.room == t.room)) {
            if t.room.is_empty() {
                errs.push(Error::required(&room, "").mark_covered_by_declarative());
            } else {
                for msg in apimachinery::content::is_dns1123_label(&t.room) {
                    errs.push(
                        Error::invalid(&room, t.room.as_str(), msg)
                            .with_origin("format=k8s-short-name")
                            .mark_covered_by_declarative(),
                    );
                }
            }
        }
        let target = Path::new("target");
        if let Some(c) = t.target
            && !(update && old.is_some_and(|o| o.target == t.target))
        {
            if c < 5 {
                errs.push(
                    Error::invalid(&target, c, "must be greater than or equal to 5")
                        .with_origin("minimum")
                        .mark_covered_by_declarative(),
                );
            }
            if c > 30 {
                errs.push(
                    Error::invalid(&target, c, "must be less than or equal to 30")
                        .with_origin("maximum")
                        .mark_covered_by_declarative(),
                );
            }
        }
        if let Some(o) = old
            && update
            && o.serial != t.serial
        {
            errs.push(
                Error::invalid(
                    &Path::new("serial"),
                    t.serial.as_str(),
                    "field is immutable",
                )
                .with_origin("immutable")
                .mark_covered_by_declarative(),
            );
        }
        errs
    }

    /// Nothing to reset.
    pub fn prepare(_ctx: &Context, _t: &mut Thermostat, _old: Option<&Thermostat>) {}
}

fn main() -> std::process::ExitCode {
    let pair = dv_harness::pair!("example.com/v1", "Thermostat", Thermostat, thermostat);
    let suite = Suite::new(&pair).no_persistence();
    let mut ok = true;
    for (name, result) in [
        ("create", suite.create()),
        ("update", suite.update()),
        ("anti-vacuity", suite.anti_vacuity()),
    ] {
        match result {
            Ok(()) => println!("{name}: ok"),
            Err(e) => {
                ok = false;
                println!("{name}: FAILED\n{e}");
            }
        }
    }
    match run_kind(
        &pair,
        &EngineSettings::default(),
        &[],
        &CampaignConfig::new(500, 0),
        &mut || {},
    ) {
        Ok(run) => {
            println!(
                "campaign: {} cases, {} mismatches, {:.0} cases/s",
                run.cases,
                run.mismatches,
                run.cases_per_second()
            );
            for (rule, c) in run.coverage.rules() {
                println!(
                    "  {:<40} reached {:>4}  fired {:>4}  mismatches {}",
                    rule.id, c.reached, c.fired, c.mismatches
                );
            }
        }
        Err(e) => {
            ok = false;
            println!("campaign: {e}");
        }
    }
    if ok {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::FAILURE
    }
}
