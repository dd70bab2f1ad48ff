//! The one parser of durations on the command line and in settings:
//! a number (decimals allowed) with `ms`, `s`, `m` or `h`, or a bare number
//! of seconds: `500ms`, `90s`, `1.5m`, `2h`, `30`.

use std::time::Duration;

/// Why a text is no duration.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DurationError {
    /// The number part does not parse.
    #[error("invalid duration {0:?} (use e.g. 500ms, 90s, 1.5m, 2h)")]
    Number(String),
    /// The unit is none of `ms`, `s`, `m`, `h`.
    #[error("invalid duration unit {unit:?} in {text:?} (use ms, s, m, h)")]
    Unit {
        /// The whole text.
        text: String,
        /// The unit found.
        unit: String,
    },
    /// Negative, not finite, or too large.
    #[error("invalid duration {0:?}: out of range")]
    Range(String),
}

/// Parses a duration.
///
/// ```
/// use dv_harness_engine::duration::parse_duration;
/// use std::time::Duration;
/// assert_eq!(parse_duration("90s"), Ok(Duration::from_secs(90)));
/// assert_eq!(parse_duration("1.5m"), Ok(Duration::from_secs(90)));
/// assert_eq!(parse_duration("2h"), Ok(Duration::from_secs(7200)));
/// assert_eq!(parse_duration("250ms"), Ok(Duration::from_millis(250)));
/// assert_eq!(parse_duration(" 5 "), Ok(Duration::from_secs(5)));
/// assert!(parse_duration("soon").is_err());
/// assert!(parse_duration("3d").is_err());
/// assert!(parse_duration("-1s").is_err());
/// ```
pub fn parse_duration(text: &str) -> Result<Duration, DurationError> {
    let t = text.trim();
    let split = t
        .find(|c: char| !c.is_ascii_digit() && c != '.')
        .unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    if num.is_empty() {
        return Err(DurationError::Number(text.to_string()));
    }
    let n: f64 = num
        .parse()
        .map_err(|_| DurationError::Number(text.to_string()))?;
    let secs = match unit.trim() {
        "ms" => n / 1000.0,
        "" | "s" => n,
        "m" => n * 60.0,
        "h" => n * 3600.0,
        other => {
            return Err(DurationError::Unit {
                text: text.to_string(),
                unit: other.to_string(),
            });
        }
    };
    Duration::try_from_secs_f64(secs).map_err(|_| DurationError::Range(text.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_of_every_unit() {
        assert_eq!(parse_duration("0.5s"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("1.5ms"), Ok(Duration::from_micros(1500)));
        assert_eq!(parse_duration("0.25h"), Ok(Duration::from_secs(900)));
    }

    #[test]
    fn malformed_numbers_are_refused() {
        assert!(matches!(
            parse_duration("1.2.3s"),
            Err(DurationError::Number(_))
        ));
        assert!(matches!(
            parse_duration("ms"),
            Err(DurationError::Number(_))
        ));
        assert!(matches!(parse_duration(""), Err(DurationError::Number(_))));
        assert!(matches!(
            parse_duration("10 minutes"),
            Err(DurationError::Unit { .. })
        ));
    }
}
