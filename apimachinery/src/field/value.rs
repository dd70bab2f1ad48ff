//! Bad values carried by errors, and their rendering as Go's `ErrorBody()` prints them.

use serde::Serialize;
use serde_json::Value;

/// The offending value of an error: a JSON value, or Kubernetes' omit marker.
///
/// ```
/// use apimachinery::field::BadValue;
/// assert_eq!(BadValue::from(-1).render(), "-1");
/// assert_eq!(BadValue::from("a\"b").render(), r#""a\"b""#);
/// assert_eq!(BadValue::Omitted.render(), "");
/// ```
#[derive(Debug, Clone, Default)]
pub enum BadValue {
    /// Kubernetes' omit sentinel: the value is not printed nor serialised.
    #[default]
    Omitted,
    /// A value, as JSON.
    Value(Value),
}

/// `==`, which already compares strings with [`crate::text_eq::str_eq`].
impl crate::text_eq::TextEq for BadValue {
    #[inline]
    fn text_eq(&self, other: &BadValue) -> bool {
        self == other
    }
}

/// Equality of the JSON values; strings (the common case, and often empty)
/// compare through [`str_eq`](crate::text_eq::str_eq).
///
/// ```
/// use apimachinery::field::BadValue;
/// assert_eq!(BadValue::from(""), BadValue::from(String::new()));
/// assert_ne!(BadValue::from(""), BadValue::Omitted);
/// assert_ne!(BadValue::from("1"), BadValue::from(1));
/// assert_eq!(BadValue::from(serde_json::json!({"a": ""})), BadValue::from(serde_json::json!({"a": ""})));
/// ```
impl PartialEq for BadValue {
    fn eq(&self, other: &BadValue) -> bool {
        match (self, other) {
            (BadValue::Omitted, BadValue::Omitted) => true,
            (BadValue::Value(Value::String(a)), BadValue::Value(Value::String(b))) => {
                crate::text_eq::str_eq(a, b)
            }
            (BadValue::Value(a), BadValue::Value(b)) => a == b,
            _ => false,
        }
    }
}

impl BadValue {
    /// The bad value of any serialisable Rust value (`null` if it cannot be serialised).
    ///
    /// ```
    /// use apimachinery::field::BadValue;
    /// assert_eq!(BadValue::of(&vec!["a", "b"]).render(), r#"["a","b"]"#);
    /// ```
    pub fn of<T: Serialize + ?Sized>(value: &T) -> BadValue {
        BadValue::Value(serde_json::to_value(value).unwrap_or(Value::Null))
    }

    /// Whether this is the omit marker.
    ///
    /// ```
    /// assert!(apimachinery::field::BadValue::Omitted.is_omitted());
    /// ```
    pub fn is_omitted(&self) -> bool {
        matches!(self, BadValue::Omitted)
    }

    /// Whether values equal to this one (`==`) always render the same:
    /// true for null, booleans, strings and numbers other than a float
    /// zero (`0` and `-0` are equal but render apart); false for arrays and
    /// objects (object equality ignores key order, rendering does not) and
    /// for the omit marker.
    ///
    /// ```
    /// use apimachinery::field::BadValue;
    /// assert!(BadValue::from("x").renders_uniquely());
    /// assert!(BadValue::from(-1).renders_uniquely());
    /// assert!(!BadValue::from(-0.0).renders_uniquely());
    /// assert!(!BadValue::from(serde_json::json!({"a": 1})).renders_uniquely());
    /// ```
    pub fn renders_uniquely(&self) -> bool {
        match self {
            BadValue::Omitted => false,
            BadValue::Value(Value::Null | Value::Bool(_) | Value::String(_)) => true,
            BadValue::Value(Value::Number(n)) => {
                n.as_f64().is_some_and(|f| f != 0.0) || !n.is_f64()
            }
            BadValue::Value(Value::Array(_) | Value::Object(_)) => false,
        }
    }

    /// The JSON value, if not omitted.
    ///
    /// ```
    /// use apimachinery::field::BadValue;
    /// assert_eq!(BadValue::from(true).as_json(), Some(&serde_json::json!(true)));
    /// ```
    pub fn as_json(&self) -> Option<&Value> {
        match self {
            BadValue::Omitted => None,
            BadValue::Value(v) => Some(v),
        }
    }

    /// The value as Go's `ErrorBody()` prints it: numbers and booleans with
    /// `%v`, strings with `%q`, everything else JSON-encoded (HTML-escaped as
    /// Go's encoder does); the omit marker renders as the empty string.
    ///
    /// ```
    /// use apimachinery::field::BadValue;
    /// use serde_json::json;
    /// assert_eq!(BadValue::from(json!({"a": "<b>"})).render(), r#"{"a":"\u003cb\u003e"}"#);
    /// assert_eq!(BadValue::from(json!(null)).render(), "null");
    /// assert_eq!(BadValue::from(1e6).render(), "1e+06");
    /// ```
    pub fn render(&self) -> String {
        match self {
            BadValue::Omitted => String::new(),
            BadValue::Value(v) => render_value(v),
        }
    }
}

macro_rules! bad_value_from {
    ($($t:ty),*) => {$(
        impl From<$t> for BadValue {
            fn from(v: $t) -> BadValue {
                BadValue::Value(Value::from(v))
            }
        }
    )*};
}
bad_value_from!(
    i8, i16, i32, i64, isize, u8, u16, u32, u64, usize, f64, bool, String, &str
);

impl From<f32> for BadValue {
    /// Keeps the float32's own shortest digits, as Go prints a `float32`
    /// (`0.1`, not the widened `0.10000000149011612`).
    fn from(v: f32) -> BadValue {
        let widened: f64 = v.to_string().parse().unwrap_or(f64::from(v));
        BadValue::Value(Value::from(widened))
    }
}

impl From<Value> for BadValue {
    fn from(v: Value) -> BadValue {
        BadValue::Value(v)
    }
}

impl<T: Into<BadValue>> From<Option<T>> for BadValue {
    /// `None` is Go's nil: rendered `null`.
    fn from(v: Option<T>) -> BadValue {
        match v {
            Some(v) => v.into(),
            None => BadValue::Value(Value::Null),
        }
    }
}

impl Serialize for BadValue {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            BadValue::Omitted => s.serialize_none(),
            BadValue::Value(v) => v.serialize(s),
        }
    }
}

fn render_value(v: &Value) -> String {
    match v {
        Value::Null => "null".to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.to_string()
            } else if let Some(u) = n.as_u64() {
                u.to_string()
            } else {
                go_float_v(n.as_f64().unwrap_or(f64::NAN))
            }
        }
        Value::String(s) => go_quote(s),
        Value::Array(_) | Value::Object(_) => go_json(v),
    }
}

/// JSON encoding as Go's `encoding/json` produces it: `<`, `>`, `&`, U+2028
/// and U+2029 are escaped, and floats are written as Go writes them.
pub(crate) fn go_json(v: &Value) -> String {
    let mut buf = Vec::new();
    let mut ser = serde_json::Serializer::with_formatter(&mut buf, GoFloatFormatter);
    let raw = match v.serialize(&mut ser) {
        Ok(()) => String::from_utf8(buf).unwrap_or_else(|_| "null".to_string()),
        Err(_) => "null".to_string(),
    };
    let mut out = String::with_capacity(raw.len());
    for c in raw.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// Compact JSON whose floats follow `encoding/json` rather than serde_json
/// (which writes `1000000.0` and `1e21` where Go writes `1000000` and `1e+21`).
struct GoFloatFormatter;

impl serde_json::ser::Formatter for GoFloatFormatter {
    fn write_f64<W: ?Sized + std::io::Write>(&mut self, w: &mut W, f: f64) -> std::io::Result<()> {
        w.write_all(go_json_float(f).as_bytes())
    }
}

/// A float64 as `encoding/json` writes it: `strconv` 'f' formatting with the
/// shortest precision, or 'e' formatting below 1e-6 and from 1e21, with the
/// negative exponent's leading zero dropped (`1e-7`, `1e+21`).
fn go_json_float(f: f64) -> String {
    if f == 0.0 || !f.is_finite() {
        return go_float_v(f);
    }
    let sci = format!("{f:e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let sign = if mantissa.starts_with('-') { "-" } else { "" };
    let digits: String = mantissa.chars().filter(|c| c.is_ascii_digit()).collect();
    let abs = f.abs();
    if !(1e-6..1e21).contains(&abs) {
        let (first, rest) = digits.split_at(1);
        let mant = if rest.is_empty() {
            first.to_string()
        } else {
            format!("{first}.{rest}")
        };
        if exp < 0 {
            format!("{sign}{mant}e-{}", -exp)
        } else {
            format!("{sign}{mant}e+{exp:02}")
        }
    } else if exp < 0 {
        format!("{sign}0.{}{}", "0".repeat((-exp - 1) as usize), digits)
    } else {
        let int_len = exp as usize + 1;
        if digits.len() <= int_len {
            format!("{sign}{digits}{}", "0".repeat(int_len - digits.len()))
        } else {
            format!("{sign}{}.{}", &digits[..int_len], &digits[int_len..])
        }
    }
}

/// Go's `%v` for a float64: the shortest representation, in `%e` form when the
/// decimal exponent is below -4 or at least 6, as `strconv.FormatFloat(f, 'g', -1, 64)`.
fn go_float_v(f: f64) -> String {
    if f.is_nan() {
        return "NaN".to_string();
    }
    if f.is_infinite() {
        return if f > 0.0 { "+Inf" } else { "-Inf" }.to_string();
    }
    if f == 0.0 {
        return if f.is_sign_negative() { "-0" } else { "0" }.to_string();
    }
    // Rust's `{:e}` is the shortest round-tripping form, e.g. `1.234567e6`.
    let sci = format!("{f:e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let negative = mantissa.starts_with('-');
    let digits: String = mantissa.chars().filter(|c| c.is_ascii_digit()).collect();
    // strconv's shortest %g switches to exponent form when the exponent is
    // below -4 or at least 6 (the precision it uses for shortest output).
    let eprec: i32 = 6;
    let sign = if negative { "-" } else { "" };
    if exp < -4 || exp >= eprec {
        let (first, rest) = digits.split_at(1);
        let mant = if rest.is_empty() {
            first.to_string()
        } else {
            format!("{first}.{rest}")
        };
        let esign = if exp < 0 { '-' } else { '+' };
        format!("{sign}{mant}e{esign}{:02}", exp.abs())
    } else if exp < 0 {
        format!("{sign}0.{}{}", "0".repeat((-exp - 1) as usize), digits)
    } else {
        let int_len = exp as usize + 1;
        if digits.len() <= int_len {
            format!("{sign}{digits}{}", "0".repeat(int_len - digits.len()))
        } else {
            format!("{sign}{}.{}", &digits[..int_len], &digits[int_len..])
        }
    }
}

/// Go's `strconv.Quote`: a double-quoted string with Go escapes for
/// quotes, backslashes, control and non-printable characters.
///
/// ```
/// use apimachinery::field::go_quote;
/// assert_eq!(go_quote("a\nb\u{7f}é"), "\"a\\nb\\x7fé\"");
/// ```
pub fn go_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    go_quote_into(s, &mut out);
    out
}

/// [`go_quote`] appended to `out` (no string of its own).
///
/// ```
/// use apimachinery::field::go_quote_into;
/// let mut out = String::from("Field=");
/// go_quote_into("a\"b", &mut out);
/// assert_eq!(out, r#"Field="a\"b""#);
/// ```
pub fn go_quote_into(s: &str, out: &mut String) {
    out.reserve(s.len() + 2);
    out.push('"');
    // Most strings (field paths, origins, type names) need no escape: one
    // branch-free pass over the bytes (the compiler vectorises it) decides,
    // and the string is copied whole.
    if !s.bytes().fold(false, |any, b| any | needs_escape(b)) {
        out.push_str(s);
        out.push('"');
        return;
    }
    let mut rest = s;
    loop {
        // A run of printable ASCII other than `"` and `\\` is copied as is.
        let plain = rest.bytes().position(needs_escape).unwrap_or(rest.len());
        out.push_str(&rest[..plain]);
        rest = &rest[plain..];
        let Some(c) = rest.chars().next() else {
            break;
        };
        rest = &rest[c.len_utf8()..];
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{07}' => out.push_str("\\a"),
            '\u{08}' => out.push_str("\\b"),
            '\u{0c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{0b}' => out.push_str("\\v"),
            c if is_go_printable(c) => out.push(c),
            c if (c as u32) < 0x80 => out.push_str(&format!("\\x{:02x}", c as u32)),
            c if (c as u32) < 0x10000 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push_str(&format!("\\U{:08x}", c as u32)),
        }
    }
    out.push('"');
}

/// Whether a byte is not copied as is by [`go_quote`]: outside printable
/// ASCII (control bytes, DEL, any byte of a multi-byte character), `"` or `\\`.
fn needs_escape(b: u8) -> bool {
    !(0x20..0x7f).contains(&b) || b == b'"' || b == b'\\'
}

/// An approximation of Go's `strconv.IsPrint` / `unicode.IsPrint` (letters,
/// marks, numbers, punctuation, symbols and the ASCII space), from what
/// Rust's standard library can tell: control characters, non-ASCII spaces,
/// format characters, private-use and non-characters are not printable.
///
/// ```
/// use apimachinery::field::is_go_printable;
/// assert!(is_go_printable('a') && is_go_printable(' ') && is_go_printable('é'));
/// assert!(!is_go_printable('\t') && !is_go_printable('\u{200b}'));
/// ```
pub fn is_go_printable(c: char) -> bool {
    if c == ' ' {
        return true;
    }
    if c.is_control() || c.is_whitespace() {
        return false;
    }
    let u = c as u32;
    let format_or_private = matches!(u,
        0x00AD | 0x0600..=0x0605 | 0x061C | 0x06DD | 0x070F | 0x180E
        | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x2064 | 0x2066..=0x206F
        | 0xFEFF | 0xFFF9..=0xFFFB | 0xE000..=0xF8FF | 0xFFFE | 0xFFFF
        | 0xF0000..=0x10FFFF | 0xE0000..=0xE007F);
    !format_or_private
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn floats_render_like_go_percent_v() {
        let cases = [
            (1.5, "1.5"),
            (100000.0, "100000"),
            (1e6, "1e+06"),
            (1234567.0, "1.234567e+06"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (-2.25, "-2.25"),
            (123456789.5, "1.234567895e+08"),
        ];
        for (f, want) in cases {
            assert_eq!(go_float_v(f), want, "{f}");
        }
    }

    #[test]
    fn floats_inside_json_render_like_go_encoding_json() {
        let cases = [
            (1e6, "1000000"),
            (2.0, "2"),
            (-0.5, "-0.5"),
            (1e21, "1e+21"),
            (1e20, "100000000000000000000"),
            (1e-6, "0.000001"),
            (1e-7, "1e-7"),
            (-1.25e-10, "-1.25e-10"),
            (1.5e300, "1.5e+300"),
            (0.0, "0"),
        ];
        for (f, want) in cases {
            assert_eq!(go_json_float(f), want, "{f}");
        }
        assert_eq!(go_json(&json!({"a": [1.0, 0.1]})), r#"{"a":[1,0.1]}"#);
        assert_eq!(BadValue::from(0.1f32).render(), "0.1");
        assert_eq!(BadValue::from(1e6f32).render(), "1e+06");
        assert_eq!(BadValue::from(Some(2.5f32)).render(), "2.5");
    }

    #[test]
    fn values_render_like_go() {
        assert_eq!(BadValue::from(json!("x")).render(), "\"x\"");
        assert_eq!(BadValue::from(json!(5)).render(), "5");
        assert_eq!(BadValue::from(json!(false)).render(), "false");
        assert_eq!(BadValue::from(json!([1, "a"])).render(), "[1,\"a\"]");
        assert_eq!(BadValue::from(json!("a&b")).render(), "\"a&b\"");
        assert_eq!(BadValue::from(json!(["a&b"])).render(), "[\"a\\u0026b\"]");
        assert_eq!(BadValue::from(None::<i32>).render(), "null");
        assert_eq!(go_quote("\u{00a0}"), "\"\\u00a0\"");
        assert_eq!(go_quote("\u{1}"), "\"\\x01\"");
        assert_eq!(go_quote("日本"), "\"日本\"");
    }

    #[test]
    fn go_quote_plain_strings_and_every_escape_position() {
        assert_eq!(go_quote(""), "\"\"");
        assert_eq!(go_quote(" ~plain.path[0]"), "\" ~plain.path[0]\"");
        // One byte needing an escape at the start, the middle and the end
        // of strings long enough for the vectorised check.
        let plain = "abcdefghijklmnopqrstuvwxyz0123456789";
        for (c, quoted) in [
            ('"', "\\\""),
            ('\\', "\\\\"),
            ('\n', "\\n"),
            ('\u{7f}', "\\x7f"),
            ('é', "é"),
        ] {
            for at in [0, plain.len() / 2, plain.len()] {
                let mut s = plain.to_string();
                s.insert(at, c);
                let mut want = String::from("\"");
                want.push_str(&plain[..at]);
                want.push_str(quoted);
                want.push_str(&plain[at..]);
                want.push('"');
                assert_eq!(go_quote(&s), want, "{c:?} at {at}");
            }
        }
        let mut out = String::from("x=");
        go_quote_into("a", &mut out);
        go_quote_into("b\tc", &mut out);
        assert_eq!(out, "x=\"a\"\"b\\tc\"");
    }
}
