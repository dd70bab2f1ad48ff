//! The one row model of a rule in every report format: the terminal
//! table ([`super::table`]), Markdown ([`super::markdown`]), HTML
//! ([`super::html`]) and the JSON report (which serialises the
//! [`RuleVerdict`]s these rows are read from, field for field) show the
//! same values, computed once here.

use crate::evidence::MismatchSide;
use crate::promote::RuleVerdict;

/// How a rule's eligible stage relates to its declared stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// Staged beyond its evidence (a gate violation).
    Violation,
    /// Its evidence supports a higher stage.
    Ready,
    /// Neither.
    Steady,
}

/// One rule as every report format shows it.
///
/// ```
/// use dv_harness_evidence::report::row::{RuleRow, Standing};
/// let rows: Vec<RuleRow> = Vec::new();
/// assert!(rows.iter().all(|r| r.standing != Standing::Violation));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct RuleRow<'v> {
    /// The rule id (`Kind/path/tag`).
    pub id: &'v str,
    /// The kind.
    pub kind: &'v str,
    /// The tag as written.
    pub tag: &'v str,
    /// The stage its tag declares.
    pub stage: &'static str,
    /// The stage its evidence supports.
    pub eligible: &'static str,
    /// Violation, ready or neither.
    pub standing: Standing,
    /// Cases that reached it.
    pub reached: u64,
    /// Cases where DV fired it.
    pub fired_declarative: u64,
    /// Cases where the paired HV error fired.
    pub fired_handwritten: u64,
    /// Mismatches attributed to it.
    pub mismatches: u64,
    /// Panics of its kind.
    pub panics: u64,
    /// The generators whose cases reached it.
    pub generators: Vec<&'static str>,
    /// Its attributed mismatches, one line each
    /// (`DV-only FieldValueInvalid spec.x (minimum) #sig`).
    pub attributed: Vec<String>,
    /// What blocks the next stage, labelled with that transition
    /// (`alpha -> beta: ...`; empty when nothing does).
    pub blockers: String,
    /// The tag edit that promotes it, if ready.
    pub edit: Option<&'v str>,
}

impl<'v> RuleRow<'v> {
    /// The row of a judged rule (zeros when it has no evidence).
    pub fn of(v: &'v RuleVerdict) -> RuleRow<'v> {
        let ev = v.evidence.as_ref();
        RuleRow {
            id: &v.id,
            kind: &v.kind,
            tag: &v.tag,
            stage: v.stage.as_str(),
            eligible: v.eligible.as_str(),
            standing: if v.is_violation() {
                Standing::Violation
            } else if v.is_ready() {
                Standing::Ready
            } else {
                Standing::Steady
            },
            reached: ev.map_or(0, |e| e.reached),
            fired_declarative: ev.map_or(0, |e| e.fired_declarative),
            fired_handwritten: ev.map_or(0, |e| e.fired_handwritten),
            mismatches: ev.map_or(0, |e| e.mismatches),
            panics: ev.map_or(0, |e| e.panics),
            generators: ev.map_or_else(Vec::new, |e| {
                e.generators.iter().map(|g| g.as_str()).collect()
            }),
            attributed: ev.map_or_else(Vec::new, |e| {
                e.attributed
                    .iter()
                    .map(|a| {
                        format!(
                            "{} {} {} ({}) #{}",
                            match a.side {
                                MismatchSide::Handwritten => "HV-only",
                                MismatchSide::Declarative => "DV-only",
                            },
                            a.error_type,
                            a.field,
                            a.origin,
                            a.signature
                        )
                    })
                    .collect()
            }),
            blockers: v.blockers_text(),
            edit: v.edit.as_deref(),
        }
    }

    /// The id without its `Kind/` prefix.
    pub fn short_id(&self) -> &'v str {
        self.id
            .strip_prefix(self.kind)
            .and_then(|s| s.strip_prefix('/'))
            .unwrap_or(self.id)
    }
}
