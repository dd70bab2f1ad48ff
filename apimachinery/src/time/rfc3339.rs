//! RFC 3339 text as `metav1.Time` reads and writes it (Go's `time.Parse`
//! with `time.RFC3339`): instants, the zero time, semantic (instant)
//! equality of texts, and "now".

use std::time::{SystemTime, UNIX_EPOCH};

/// Seconds from 0001-01-01T00:00:00Z (Go's zero `time.Time`) to the Unix
/// epoch: the Unix seconds of the zero time.
///
/// ```
/// use apimachinery::time::rfc3339::{ZERO_TIME_UNIX, parse_rfc3339};
/// assert_eq!(parse_rfc3339("0001-01-01T00:00:00Z"), Some((ZERO_TIME_UNIX, 0)));
/// ```
pub const ZERO_TIME_UNIX: i64 = -62_135_596_800;

/// Parses a timestamp as Go's `time.Parse(time.RFC3339, ..)` does (how
/// `metav1.Time` decodes) into Unix seconds and nanoseconds: `T` and `Z`
/// upper-case only; the hour may have one digit; a fraction may follow the
/// seconds after `.` or `,`, with any number of digits of which the first nine
/// count; a numeric offset may be up to `24:60`, as Go tolerates.
///
/// ```
/// use apimachinery::time::rfc3339::parse_rfc3339;
/// assert_eq!(parse_rfc3339("1970-01-01T00:00:01Z"), Some((1, 0)));
/// assert_eq!(parse_rfc3339("1970-01-01T01:00:00.5+01:00"), Some((0, 500_000_000)));
/// assert_eq!(parse_rfc3339("1970-01-02T0:00:00,0000000009+24:00"), Some((0, 0)));
/// assert_eq!(parse_rfc3339("1970-01-01t00:00:00z"), None);
/// assert_eq!(parse_rfc3339("yesterday"), None);
/// ```
pub fn parse_rfc3339(text: &str) -> Option<(i64, u32)> {
    let b = text.as_bytes();
    if b.len() < 11 || b[4] != b'-' || b[7] != b'-' || b[10] != b'T' {
        return None;
    }
    let (year, month, day) = (num(&b[0..4])?, num(&b[5..7])?, num(&b[8..10])?);
    let hour_digits = b[11..]
        .iter()
        .take(2)
        .take_while(|c| c.is_ascii_digit())
        .count();
    if hour_digits == 0 {
        return None;
    }
    let hour = num(&b[11..11 + hour_digits])?;
    let [b':', m1, m2, b':', s1, s2, after_seconds @ ..] = &b[11 + hour_digits..] else {
        return None;
    };
    let (minute, second) = (num(&[*m1, *m2])?, num(&[*s1, *s2])?);
    if !(1..=12).contains(&month)
        || day < 1
        || day > days_in_month(year, month)
        || hour > 23
        || minute > 59
        || second > 59
    {
        return None;
    }
    let mut rest = after_seconds;
    let mut nanos: u32 = 0;
    if let [b'.' | b',', frac @ ..] = rest {
        let digits = frac.iter().take_while(|c| c.is_ascii_digit()).count();
        if digits > 0 {
            let counted = digits.min(9);
            let value = u32::try_from(num(&frac[..counted])?).ok()?;
            nanos = value * 10u32.pow(9 - counted as u32);
            rest = &frac[digits..];
        }
    }
    let offset = match rest {
        [b'Z'] => 0,
        [sign @ (b'+' | b'-'), h1, h2, b':', m1, m2] => {
            let h = num(&[*h1, *h2])?;
            let m = num(&[*m1, *m2])?;
            if h > 24 || m > 60 {
                return None;
            }
            let minutes = h * 60 + m;
            if *sign == b'-' { -minutes } else { minutes }
        }
        _ => return None,
    };
    let days = days_from_civil(year, month, day);
    let secs = days * 86_400 + hour * 3_600 + minute * 60 + second - offset * 60;
    Some((secs, nanos))
}

/// The value of a run of ASCII digits (no sign, nothing else).
fn num(digits: &[u8]) -> Option<i64> {
    if digits.iter().all(u8::is_ascii_digit) {
        std::str::from_utf8(digits).ok()?.parse().ok()
    } else {
        None
    }
}

fn days_in_month(year: i64, month: i64) -> i64 {
    match month {
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date.
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date of a day count since 1970-01-01.
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// Whether a timestamp is Go's zero time: absent, or 0001-01-01T00:00:00Z.
///
/// ```
/// use apimachinery::time::rfc3339::is_zero_time;
/// assert!(is_zero_time(None));
/// assert!(is_zero_time(Some("0001-01-01T00:00:00Z")));
/// assert!(!is_zero_time(Some("2024-01-01T00:00:00Z")));
/// ```
pub fn is_zero_time(t: Option<&str>) -> bool {
    match t {
        None => true,
        Some(text) => parse_rfc3339(text) == Some((ZERO_TIME_UNIX, 0)),
    }
}

/// `apiequality.Semantic` equality of two `metav1.Time`s: the same instant
/// (zero equals absent); unparseable texts compare as text.
///
/// ```
/// use apimachinery::time::rfc3339::same_instant;
/// assert!(same_instant(Some("2024-01-01T00:00:00Z"), Some("2024-01-01T02:00:00+02:00")));
/// assert!(same_instant(None, Some("0001-01-01T00:00:00Z")));
/// assert!(!same_instant(None, Some("2024-01-01T00:00:00Z")));
/// ```
pub fn same_instant(a: Option<&str>, b: Option<&str>) -> bool {
    if is_zero_time(a) || is_zero_time(b) {
        return is_zero_time(a) && is_zero_time(b);
    }
    match (a, b) {
        (Some(x), Some(y)) => match (parse_rfc3339(x), parse_rfc3339(y)) {
            (Some(px), Some(py)) => px == py,
            _ => x == y,
        },
        _ => false,
    }
}

/// The current time as `metav1.Now()` serialises: RFC 3339, UTC, seconds.
///
/// ```
/// let now = apimachinery::time::rfc3339::now_rfc3339();
/// assert!(apimachinery::time::rfc3339::parse_rfc3339(&now).is_some());
/// ```
pub fn now_rfc3339() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0));
    format_rfc3339(secs)
}

/// Formats Unix seconds as `YYYY-MM-DDTHH:MM:SSZ`.
///
/// ```
/// assert_eq!(apimachinery::time::rfc3339::format_rfc3339(86_400), "1970-01-02T00:00:00Z");
/// ```
pub fn format_rfc3339(unix_secs: i64) -> String {
    let days = unix_secs.div_euclid(86_400);
    let rem = unix_secs.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3_600,
        rem % 3_600 / 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_dates() {
        for secs in [0, 951_782_400, 1_700_000_000, ZERO_TIME_UNIX, 4_102_444_800] {
            assert_eq!(parse_rfc3339(&format_rfc3339(secs)), Some((secs, 0)));
        }
    }

    #[test]
    fn rejects_invalid_dates() {
        for t in [
            "2023-02-29T00:00:00Z",
            "2024-13-01T00:00:00Z",
            "2024-01-01T24:00:00Z",
            "2024-01-01 00:00:00Z",
            "2024-01-01T00:00:00",
            "2024-01-01t00:00:00Z",
            "2024-01-01T00:00:00z",
            "2024-01-01T:00:00Z",
            "2024-01-01T00:00:00.Z",
            "2024-01-01T00:00:00+25:00",
            "2024-01-01T00:00:00+00:61",
            "2024-01-01T00:00:00+0100",
            "2024-01-01T00:00:00Z ",
        ] {
            assert_eq!(parse_rfc3339(t), None, "{t}");
        }
        assert!(parse_rfc3339("2024-02-29T00:00:00Z").is_some());
    }

    #[test]
    fn accepts_what_go_time_parse_tolerates() {
        let utc = parse_rfc3339("2024-01-01T09:00:00Z");
        for t in [
            "2024-01-01T9:00:00Z",
            "2024-01-01T09:00:00,0Z",
            "2024-01-01T09:00:00.0000000000001Z",
            "2024-01-02T09:00:00+24:00",
            "2024-01-01T10:00:00+00:60",
            "2024-01-01T08:00:00-01:00",
        ] {
            assert_eq!(parse_rfc3339(t), utc, "{t}");
        }
        assert_eq!(
            parse_rfc3339("2024-01-01T09:00:00.1234567891Z"),
            utc.map(|(s, _)| (s, 123_456_789))
        );
        assert!(is_zero_time(Some("0001-01-01T0:00:00.0000000009Z")));
    }

    #[test]
    fn unparseable_times_compare_as_text() {
        assert!(same_instant(Some("x"), Some("x")));
        assert!(!same_instant(Some("x"), Some("y")));
    }
}
