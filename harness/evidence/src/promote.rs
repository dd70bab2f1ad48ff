//! The promotion gate: a policy (`promotion.toml`) stating what moving a
//! rule from `+k8s:alpha` to `+k8s:beta`, and from beta to stable (and
//! deleting its hand-written code), requires; and the verdict per rule —
//! the stage its recorded [`Evidence`] supports, what blocks the next stage,
//! and the exact tag edit when it is ready.
//!
//! KEP-5073's graduation criteria, made measurable: zero mismatches and zero
//! panics over every recorded run, enough cases reaching the rule and making
//! it fire from more than one kind of generator, a soak of at least one
//! release at beta (measured from the wrapper's `since` against
//! `--current-version`), DV no slower than HV, and the hand-written error
//! marked covered by declarative (paired with the DV error).
//!
//! ```
//! use dv_harness_evidence::promote::{Policy, judge, CurrentVersion};
//! use dv_harness_evidence::evidence::Evidence;
//! let current: CurrentVersion = "1.37".parse().unwrap();
//! let verdicts = judge(&Policy::default(), &Evidence::default(), &[], current);
//! assert!(verdicts.is_empty());
//! ```

use crate::evidence::{Evidence, KindEvidence, RuleEvidence};
use apimachinery::{Rule, Stage};
use serde::Serialize;
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// The committed default policy; [`Policy::default`] equals it.
pub const DEFAULT_POLICY_TOML: &str = include_str!("../../../promotion.toml");

/// Why a policy could not be loaded.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum PolicyError {
    /// The file could not be read.
    #[error("{path}: {message}")]
    Io {
        /// The file.
        path: String,
        /// The I/O error.
        message: String,
    },
    /// The file is not TOML.
    #[error("{path}: not valid TOML: {message}")]
    Syntax {
        /// The file.
        path: String,
        /// The parser's message.
        message: String,
    },
    /// A required key is absent.
    #[error("{path}: missing key `{key}`")]
    Missing {
        /// The file.
        path: String,
        /// The dotted key, e.g. `alpha_to_beta.min_reached`.
        key: String,
    },
    /// A key has a value of the wrong type or out of range.
    #[error("{path}: invalid value for `{key}`: {message}")]
    Invalid {
        /// The file.
        path: String,
        /// The dotted key.
        key: String,
        /// What is wrong.
        message: String,
    },
    /// A key the policy does not know (most likely a typo).
    #[error("{path}: unknown key `{key}`")]
    Unknown {
        /// The file.
        path: String,
        /// The dotted key.
        key: String,
    },
}

/// What one transition requires.
///
/// ```
/// let p = dv_harness_evidence::promote::Policy::default();
/// assert_eq!(p.alpha_to_beta.max_mismatches, 0);
/// assert!(p.beta_to_stable.min_soak_releases >= 1);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Requirements {
    /// Cases that reached the rule, over all recorded runs.
    pub min_reached: u64,
    /// Cases in which the rule fired (rules that declare no error are exempt).
    pub min_fired: u64,
    /// Distinct kinds of generator (corpus, proptest, boundary, update, fuzz) that reached it.
    pub min_generators: usize,
    /// Mismatches attributed to the rule allowed over all recorded runs.
    pub max_mismatches: u64,
    /// DV panics of the rule's kind allowed over all recorded runs.
    pub max_panics: u64,
    /// Minor releases between the stage wrapper's `since` and the current version.
    pub min_soak_releases: u32,
    /// DV/HV latency ratio budget of the rule's kind (`None`: not checked).
    pub max_dv_over_hv: Option<f64>,
    /// Whether the hand-written error must have been seen covered by (paired with) DV.
    pub require_hv_covered: bool,
}

/// The promotion policy.
///
/// ```
/// use dv_harness_evidence::promote::Policy;
/// let p = Policy::from_toml_str(dv_harness_evidence::promote::DEFAULT_POLICY_TOML, "promotion.toml").unwrap();
/// assert_eq!(p, Policy::default());
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Policy {
    /// `+k8s:alpha` → `+k8s:beta`.
    pub alpha_to_beta: Requirements,
    /// `+k8s:beta` → unprefixed (stable; hand-written code deleted).
    pub beta_to_stable: Requirements,
    /// Unprefixed tags carry no `since`: take their soak as served (Kubernetes
    /// drops the prefix only after it), instead of blocking on it.
    pub assume_soaked_without_since: bool,
}

impl Default for Policy {
    fn default() -> Policy {
        Policy {
            alpha_to_beta: Requirements {
                min_reached: 100,
                min_fired: 10,
                min_generators: 2,
                max_mismatches: 0,
                max_panics: 0,
                min_soak_releases: 0,
                max_dv_over_hv: None,
                require_hv_covered: false,
            },
            beta_to_stable: Requirements {
                min_reached: 1000,
                min_fired: 50,
                min_generators: 2,
                max_mismatches: 0,
                max_panics: 0,
                min_soak_releases: 1,
                max_dv_over_hv: Some(1.0),
                require_hv_covered: true,
            },
            assume_soaked_without_since: true,
        }
    }
}

struct Reader<'a> {
    path: &'a str,
}

impl Reader<'_> {
    fn table<'t>(&self, t: &'t toml::Table, key: &str) -> Result<&'t toml::Table, PolicyError> {
        match t.get(key) {
            None => Err(PolicyError::Missing {
                path: self.path.into(),
                key: key.into(),
            }),
            Some(toml::Value::Table(x)) => Ok(x),
            Some(_) => Err(self.invalid(key, "expected a table")),
        }
    }

    fn invalid(&self, key: &str, message: &str) -> PolicyError {
        PolicyError::Invalid {
            path: self.path.into(),
            key: key.into(),
            message: message.into(),
        }
    }

    fn get<'t>(
        &self,
        t: &'t toml::Table,
        section: &str,
        key: &str,
    ) -> Result<(&'t toml::Value, String), PolicyError> {
        let full = if section.is_empty() {
            key.to_string()
        } else {
            format!("{section}.{key}")
        };
        match t.get(key) {
            Some(v) => Ok((v, full)),
            None => Err(PolicyError::Missing {
                path: self.path.into(),
                key: full,
            }),
        }
    }

    fn uint(&self, t: &toml::Table, section: &str, key: &str) -> Result<u64, PolicyError> {
        let (v, full) = self.get(t, section, key)?;
        match v.as_integer() {
            Some(n) if n >= 0 => Ok(n.unsigned_abs()),
            Some(_) => Err(self.invalid(&full, "must not be negative")),
            None => Err(self.invalid(&full, "expected a non-negative integer")),
        }
    }

    fn boolean(&self, t: &toml::Table, section: &str, key: &str) -> Result<bool, PolicyError> {
        let (v, full) = self.get(t, section, key)?;
        v.as_bool()
            .ok_or_else(|| self.invalid(&full, "expected true or false"))
    }

    fn ratio(&self, t: &toml::Table, section: &str, key: &str) -> Result<Option<f64>, PolicyError> {
        let (v, full) = self.get(t, section, key)?;
        let x = match v {
            toml::Value::Float(f) => *f,
            toml::Value::Integer(i) => *i as f64,
            _ => return Err(self.invalid(&full, "expected a number (0 disables the check)")),
        };
        if !x.is_finite() || x < 0.0 {
            return Err(self.invalid(&full, "must be a finite number >= 0"));
        }
        Ok((x > 0.0).then_some(x))
    }

    fn requirements(&self, root: &toml::Table, section: &str) -> Result<Requirements, PolicyError> {
        const KEYS: &[&str] = &[
            "min_reached",
            "min_fired",
            "min_generators",
            "max_mismatches",
            "max_panics",
            "min_soak_releases",
            "max_dv_over_hv",
            "require_hv_covered",
        ];
        let t = self.table(root, section)?;
        if let Some(k) = t.keys().find(|k| !KEYS.contains(&k.as_str())) {
            return Err(PolicyError::Unknown {
                path: self.path.into(),
                key: format!("{section}.{k}"),
            });
        }
        let generators = self.uint(t, section, "min_generators")?;
        let soak = self.uint(t, section, "min_soak_releases")?;
        Ok(Requirements {
            min_reached: self.uint(t, section, "min_reached")?,
            min_fired: self.uint(t, section, "min_fired")?,
            min_generators: usize::try_from(generators)
                .map_err(|_| self.invalid(&format!("{section}.min_generators"), "too large"))?,
            max_mismatches: self.uint(t, section, "max_mismatches")?,
            max_panics: self.uint(t, section, "max_panics")?,
            min_soak_releases: u32::try_from(soak)
                .map_err(|_| self.invalid(&format!("{section}.min_soak_releases"), "too large"))?,
            max_dv_over_hv: self.ratio(t, section, "max_dv_over_hv")?,
            require_hv_covered: self.boolean(t, section, "require_hv_covered")?,
        })
    }
}

impl Policy {
    /// Parses a policy; `path` names the source in errors. Every key is
    /// required and unknown keys are rejected.
    ///
    /// ```
    /// use dv_harness_evidence::promote::{Policy, PolicyError};
    /// let text = dv_harness_evidence::promote::DEFAULT_POLICY_TOML.replace("min_fired = 10", "min_fired = -1");
    /// let err = Policy::from_toml_str(&text, "p.toml").unwrap_err();
    /// assert!(matches!(err, PolicyError::Invalid { ref key, .. } if key == "alpha_to_beta.min_fired"));
    /// ```
    pub fn from_toml_str(text: &str, path: &str) -> Result<Policy, PolicyError> {
        let root: toml::Table = text
            .parse()
            .map_err(|e: toml::de::Error| PolicyError::Syntax {
                path: path.into(),
                message: e.message().to_string(),
            })?;
        let r = Reader { path };
        const TOP: &[&str] = &[
            "alpha_to_beta",
            "beta_to_stable",
            "assume_soaked_without_since",
        ];
        if let Some(k) = root.keys().find(|k| !TOP.contains(&k.as_str())) {
            return Err(PolicyError::Unknown {
                path: path.into(),
                key: k.clone(),
            });
        }
        Ok(Policy {
            alpha_to_beta: r.requirements(&root, "alpha_to_beta")?,
            beta_to_stable: r.requirements(&root, "beta_to_stable")?,
            assume_soaked_without_since: r.boolean(&root, "", "assume_soaked_without_since")?,
        })
    }

    /// Loads `path`.
    ///
    /// ```
    /// let err = dv_harness_evidence::promote::Policy::load(std::path::Path::new("/nonexistent/p.toml")).unwrap_err();
    /// assert!(err.to_string().starts_with("/nonexistent/p.toml"));
    /// ```
    pub fn load(path: &Path) -> Result<Policy, PolicyError> {
        let shown = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| PolicyError::Io {
            path: shown.clone(),
            message: e.to_string(),
        })?;
        Policy::from_toml_str(&text, &shown)
    }

    /// `explicit` if given, else `./promotion.toml` if it exists, else the
    /// built-in defaults. Returns the policy and where it came from.
    ///
    /// ```
    /// let dir = tempfile::tempdir().unwrap();
    /// let (p, from) = dv_harness_evidence::promote::Policy::discover(None, dir.path()).unwrap();
    /// assert_eq!((p, from), (dv_harness_evidence::promote::Policy::default(), None));
    /// ```
    pub fn discover(
        explicit: Option<&Path>,
        cwd: &Path,
    ) -> Result<(Policy, Option<PathBuf>), PolicyError> {
        if let Some(p) = explicit {
            return Ok((Policy::load(p)?, Some(p.to_path_buf())));
        }
        let default = cwd.join("promotion.toml");
        if default.is_file() {
            return Ok((Policy::load(&default)?, Some(default)));
        }
        Ok((Policy::default(), None))
    }
}

/// A Kubernetes minor version, `1.37`.
///
/// ```
/// let v: dv_harness_evidence::promote::CurrentVersion = "1.37".parse().unwrap();
/// assert_eq!(v.to_string(), "1.37");
/// assert!("1.x".parse::<dv_harness_evidence::promote::CurrentVersion>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct CurrentVersion {
    /// Major (1).
    pub major: u32,
    /// Minor.
    pub minor: u32,
}

/// A version string that is not `MAJOR.MINOR`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid version {0:?}: expected MAJOR.MINOR, e.g. 1.37")]
pub struct VersionError(pub String);

impl FromStr for CurrentVersion {
    type Err = VersionError;
    fn from_str(s: &str) -> Result<CurrentVersion, VersionError> {
        let t = s.trim().trim_start_matches('v');
        let bad = || VersionError(s.to_string());
        let (a, b) = t.split_once('.').ok_or_else(bad)?;
        Ok(CurrentVersion {
            major: a.parse().map_err(|_| bad())?,
            minor: b.parse().map_err(|_| bad())?,
        })
    }
}

impl fmt::Display for CurrentVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

/// The verdict of one rule.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RuleVerdict {
    /// The rule id.
    pub id: String,
    /// Its kind.
    pub kind: String,
    /// The kind's apiVersion.
    pub api_version: String,
    /// The JSON path pattern.
    pub path: String,
    /// The tag as written now.
    pub tag: String,
    /// The stage the tag declares now.
    pub stage: Stage,
    /// The stage wrapper's `since`, if any.
    pub since: Option<String>,
    /// The highest stage the evidence supports.
    pub eligible: Stage,
    /// What keeps the rule from the stage above `eligible` (empty at stable).
    pub blockers: Vec<String>,
    /// The tag edit that promotes the rule to `eligible`, when `eligible > stage`.
    pub edit: Option<String>,
    /// The rule's evidence, if any was recorded.
    pub evidence: Option<RuleEvidence>,
    /// The DV/HV latency ratio of the rule's kind, if measured.
    pub dv_over_hv: Option<f64>,
}

impl RuleVerdict {
    /// The transition the blockers belong to: the one out of the eligible
    /// stage (`alpha -> beta` or `beta -> stable`); `None` at stable.
    pub fn blocked_transition(&self) -> Option<&'static str> {
        match self.eligible {
            Stage::Alpha => Some("alpha -> beta"),
            Stage::Beta => Some("beta -> stable"),
            Stage::Stable => None,
        }
    }

    /// The blockers labelled with their transition:
    /// `alpha -> beta: reached by 3 cases (need 100); ...` (empty when none).
    pub fn blockers_text(&self) -> String {
        match self.blocked_transition() {
            Some(t) if !self.blockers.is_empty() => {
                format!("{t}: {}", self.blockers.join("; "))
            }
            _ => String::new(),
        }
    }

    /// Whether the rule is staged beyond what its evidence supports.
    pub fn is_violation(&self) -> bool {
        self.stage > self.eligible
    }

    /// Whether the evidence supports a higher stage than the tag declares.
    pub fn is_ready(&self) -> bool {
        self.eligible > self.stage
    }
}

/// The rules of one kind, as `judge` takes them.
#[derive(Debug, Clone, Copy)]
pub struct KindRules<'a> {
    /// The kind.
    pub kind: &'a str,
    /// Its apiVersion.
    pub api_version: &'a str,
    /// The rule inventory (`Pair::rules()`).
    pub rules: &'static [Rule],
}

fn soak_releases(since: Option<&str>, current: CurrentVersion) -> Result<Option<u32>, String> {
    let Some(s) = since else { return Ok(None) };
    let v: CurrentVersion = s.parse().map_err(|e: VersionError| e.to_string())?;
    if v.major != current.major {
        return Err(format!(
            "since {s} and current {current} differ in major version"
        ));
    }
    Ok(Some(current.minor.saturating_sub(v.minor)))
}

/// The failing criteria of one transition (empty: it may be taken).
fn blockers(
    req: &Requirements,
    evidence: Option<&RuleEvidence>,
    kind: Option<&KindEvidence>,
    rule: &Rule,
    since: Option<&str>,
    assume_soaked: bool,
    current: CurrentVersion,
) -> Vec<String> {
    let Some(ev) = evidence else {
        return vec!["no evidence recorded".to_string()];
    };
    let mut out = Vec::new();
    if ev.mismatches > req.max_mismatches {
        out.push(format!(
            "{} mismatches recorded (allowed {})",
            ev.mismatches, req.max_mismatches
        ));
    }
    if ev.panics > req.max_panics {
        out.push(format!(
            "{} panics of the kind recorded (allowed {})",
            ev.panics, req.max_panics
        ));
    }
    if ev.reached < req.min_reached {
        out.push(format!(
            "reached by {} cases (need {})",
            ev.reached, req.min_reached
        ));
    }
    if !rule.errors.is_empty() && ev.fired_declarative < req.min_fired {
        out.push(format!(
            "fired in {} cases (need {})",
            ev.fired_declarative, req.min_fired
        ));
    }
    if ev.generators.len() < req.min_generators {
        let names: Vec<&str> = ev.generators.iter().map(|g| g.as_str()).collect();
        out.push(format!(
            "exercised by {} kind(s) of generator [{}] (need {})",
            ev.generators.len(),
            names.join(", "),
            req.min_generators
        ));
    }
    if req.min_soak_releases > 0 {
        match soak_releases(since, current) {
            Ok(Some(n)) if n < req.min_soak_releases => out.push(format!(
                "soaked {n} release(s) since {} (need {} before {current})",
                since.unwrap_or(""),
                req.min_soak_releases
            )),
            Ok(Some(_)) => {}
            Ok(None) if assume_soaked && rule.stage == Stage::Stable => {}
            Ok(None) => out.push("no since version to measure the soak from".to_string()),
            Err(e) => out.push(e),
        }
    }
    if let Some(budget) = req.max_dv_over_hv {
        match kind.and_then(|k| k.dv_over_hv) {
            None => out.push("no latency measured for the kind".to_string()),
            Some(r) if r > budget => out.push(format!(
                "DV/HV latency ratio {r:.2} over budget {budget:.2}"
            )),
            Some(_) => {}
        }
    }
    if req.require_hv_covered && !rule.errors.is_empty() && ev.fired_handwritten == 0 {
        out.push("hand-written error never seen covered by (paired with) DV".to_string());
    }
    out
}

/// The tag after promotion to `to` (`+k8s:alpha(since: "1.36")=` becomes
/// `+k8s:beta(since: "<current>")=`; `+k8s:beta(...)=` is removed), or
/// `None` if the tag has no such wrapper.
///
/// ```
/// use dv_harness_evidence::promote::promoted_tag;
/// use apimachinery::Stage;
/// let v = "1.37".parse().unwrap();
/// assert_eq!(promoted_tag(r#"+k8s:alpha(since: "1.36")=+k8s:minimum=0"#, Stage::Beta, v).as_deref(),
///            Some(r#"+k8s:beta(since: "1.37")=+k8s:minimum=0"#));
/// assert_eq!(promoted_tag(r#"+k8s:beta(since: "1.36")=+k8s:minimum=0"#, Stage::Stable, v).as_deref(),
///            Some("+k8s:minimum=0"));
/// ```
pub fn promoted_tag(tag: &str, to: Stage, current: CurrentVersion) -> Option<String> {
    let (prefix, replacement) = match to {
        Stage::Alpha => return None,
        Stage::Beta => ("+k8s:alpha", format!("+k8s:beta(since: \"{current}\")=")),
        Stage::Stable => ("+k8s:beta", String::new()),
    };
    let start = tag.find(prefix)?;
    let rest = &tag[start + prefix.len()..];
    let len = if rest.starts_with('=') {
        1
    } else if rest.starts_with('(') {
        rest.find(")=")? + 2
    } else {
        return None;
    };
    let mut out = String::with_capacity(tag.len() + 8);
    out.push_str(&tag[..start]);
    out.push_str(&replacement);
    out.push_str(&rest[len..]);
    Some(out)
}

/// The verdict of every rule of `kinds` under `policy`, at `current`.
///
/// Eligibility goes one stage at a time: alpha → beta needs the
/// `alpha_to_beta` requirements; stable needs the `beta_to_stable` ones and
/// the rule to have served its soak at beta (an alpha rule can be eligible
/// for beta at most). A stable rule's eligibility is judged with the
/// `beta_to_stable` requirements, so a rule already stable upstream is a
/// violation until the evidence supports it.
///
/// ```
/// use dv_harness_evidence::promote::{judge, Policy};
/// use dv_harness_evidence::evidence::Evidence;
/// use apimachinery::{Rule, RuleError, Stage, field::ErrorType};
/// static RULES: [Rule; 1] = [Rule { id: "T/n/minimum", kind: "T", path: "n",
///     tag: "+k8s:beta(since: \"1.36\")=+k8s:minimum=0", validator: "minimum", args: "",
///     payload: "0", stage: Stage::Beta, since: Some("1.36"), field_type: "i32", conditions: &[],
///     errors: &[RuleError { error_type: ErrorType::Invalid, origin: "minimum" }], params: apimachinery::rule::RuleParams::Minimum(0), when: &[] }];
/// let kinds = [dv_harness_evidence::promote::KindRules { kind: "T", api_version: "v1", rules: &RULES }];
/// let v = judge(&Policy::default(), &Evidence::default(), &kinds, "1.37".parse().unwrap());
/// assert_eq!(v[0].eligible, Stage::Alpha);
/// assert!(v[0].is_violation());
/// assert_eq!(v[0].blockers, ["no evidence recorded"]);
/// assert_eq!(v[0].blocked_transition(), Some("alpha -> beta"));
/// assert_eq!(v[0].blockers_text(), "alpha -> beta: no evidence recorded");
/// ```
pub fn judge(
    policy: &Policy,
    evidence: &Evidence,
    kinds: &[KindRules<'_>],
    current: CurrentVersion,
) -> Vec<RuleVerdict> {
    let mut out = Vec::new();
    for k in kinds {
        let kind_ev = evidence.kind(k.api_version, k.kind);
        for rule in k.rules {
            let ev = evidence.rules.get(rule.id);
            let since = rule.since;
            let to_beta = blockers(
                &policy.alpha_to_beta,
                ev,
                kind_ev,
                rule,
                since,
                policy.assume_soaked_without_since,
                current,
            );
            let mut to_stable = blockers(
                &policy.beta_to_stable,
                ev,
                kind_ev,
                rule,
                since,
                policy.assume_soaked_without_since,
                current,
            );
            if rule.stage == Stage::Alpha && ev.is_some() {
                to_stable.push("has not served a beta soak (tag is alpha)".to_string());
            }
            let (eligible, blockers) = if !to_beta.is_empty() {
                (Stage::Alpha, to_beta)
            } else if !to_stable.is_empty() {
                (Stage::Beta, to_stable)
            } else {
                (Stage::Stable, Vec::new())
            };
            let edit = (eligible > rule.stage)
                .then(|| promoted_tag(rule.tag, eligible, current))
                .flatten()
                .map(|new| format!("{} -> {new}", rule.tag));
            out.push(RuleVerdict {
                id: rule.id.to_string(),
                kind: k.kind.to_string(),
                api_version: k.api_version.to_string(),
                path: rule.path.to_string(),
                tag: rule.tag.to_string(),
                stage: rule.stage,
                since: since.map(str::to_string),
                eligible,
                blockers,
                edit,
                evidence: ev.cloned(),
                dv_over_hv: kind_ev.and_then(|k| k.dv_over_hv),
            });
        }
    }
    out
}

/// The `promote --json` document (DESIGN.md section 5):
/// `{ "rules": [ {id, kind, path, stage, eligible, blockers, edit} ], "violations": N }`.
///
/// ```
/// let v = dv_harness_evidence::promote::promote_json(&[]);
/// assert_eq!(v, serde_json::json!({"rules": [], "violations": 0}));
/// ```
pub fn promote_json(verdicts: &[RuleVerdict]) -> serde_json::Value {
    let rules: Vec<serde_json::Value> = verdicts
        .iter()
        .map(|v| {
            serde_json::json!({
                "id": v.id, "kind": v.kind, "path": v.path,
                "stage": v.stage.as_str(), "eligible": v.eligible.as_str(),
                "blockers": v.blockers, "blockedTransition": v.blocked_transition(), "edit": v.edit,
            })
        })
        .collect();
    serde_json::json!({
        "rules": rules,
        "violations": verdicts.iter().filter(|v| v.is_violation()).count(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn committed_file_equals_defaults() {
        assert_eq!(
            Policy::from_toml_str(DEFAULT_POLICY_TOML, "promotion.toml"),
            Ok(Policy::default())
        );
    }

    #[test]
    fn missing_unknown_and_syntax_errors_name_the_key() {
        let missing = DEFAULT_POLICY_TOML.replace("min_generators = 2\n", "");
        assert!(matches!(
            Policy::from_toml_str(&missing, "p"),
            Err(PolicyError::Missing { key, .. }) if key == "alpha_to_beta.min_generators"
        ));
        let unknown = format!("{DEFAULT_POLICY_TOML}\n[extra]\n");
        assert!(matches!(
            Policy::from_toml_str(&unknown, "p"),
            Err(PolicyError::Unknown { key, .. }) if key == "extra"
        ));
        let typo = DEFAULT_POLICY_TOML.replace("max_panics = 0", "max_panic = 0");
        assert!(matches!(
            Policy::from_toml_str(&typo, "p"),
            Err(PolicyError::Unknown { key, .. }) if key == "alpha_to_beta.max_panic"
        ));
        let ratio = DEFAULT_POLICY_TOML.replace("max_dv_over_hv = 1.0", "max_dv_over_hv = \"x\"");
        assert!(matches!(
            Policy::from_toml_str(&ratio, "p"),
            Err(PolicyError::Invalid { key, .. }) if key == "beta_to_stable.max_dv_over_hv"
        ));
        assert!(matches!(
            Policy::from_toml_str("[[", "p"),
            Err(PolicyError::Syntax { .. })
        ));
    }

    #[test]
    fn promoted_tag_handles_bare_and_chained_wrappers() {
        let v: CurrentVersion = "1.37".parse().unwrap_or(CurrentVersion {
            major: 1,
            minor: 37,
        });
        assert_eq!(
            promoted_tag("+k8s:alpha=+k8s:format=k8s-short-name", Stage::Beta, v).as_deref(),
            Some("+k8s:beta(since: \"1.37\")=+k8s:format=k8s-short-name")
        );
        assert_eq!(
            promoted_tag(
                "+k8s:ifEnabled(X)=+k8s:beta(since: \"1.35\")=+k8s:maxItems=4",
                Stage::Stable,
                v
            )
            .as_deref(),
            Some("+k8s:ifEnabled(X)=+k8s:maxItems=4")
        );
        assert_eq!(promoted_tag("+k8s:minimum=0", Stage::Stable, v), None);
    }

    #[test]
    fn soak_is_measured_in_minor_releases() {
        let v = CurrentVersion {
            major: 1,
            minor: 37,
        };
        assert_eq!(soak_releases(Some("1.36"), v), Ok(Some(1)));
        assert_eq!(soak_releases(Some("1.37"), v), Ok(Some(0)));
        assert_eq!(soak_releases(None, v), Ok(None));
        assert!(soak_releases(Some("2.1"), v).is_err());
        assert!(soak_releases(Some("soon"), v).is_err());
    }
}
