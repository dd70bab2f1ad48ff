//! Resource quantities (Kubernetes' `k8s.io/apimachinery/pkg/api/resource`):
//! parsing, comparison, the integer checks validation uses, and the
//! canonical text Kubernetes prints in error details.
//!
//! A quantity is kept exactly as sign, decimal digits and a power of ten;
//! like Kubernetes, parsing rounds away from zero to nano precision.

use std::cmp::Ordering;

/// How a quantity was written, which decides how it is printed back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuantityFormat {
    /// `Ki`, `Mi`, ... suffixes.
    BinarySI,
    /// `m`, `k`, `M`, ... suffixes (or none).
    DecimalSI,
    /// `e3`, `E-2`, ... exponents.
    DecimalExponent,
}

/// The reason a quantity text cannot be parsed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QuantityError {
    /// Kubernetes' `ErrFormatWrong`.
    #[error(
        "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"
    )]
    Format,
    /// Kubernetes' `ErrSuffix`.
    #[error("unable to parse quantity's suffix")]
    Suffix,
}

/// An exact resource quantity.
///
/// ```
/// use apimachinery::resource::Quantity;
/// let half: Quantity = "0.5".parse().unwrap();
/// let milli: Quantity = "500m".parse().unwrap();
/// assert_eq!(half, milli);
/// assert_eq!(half.to_string(), "500m");
/// assert_eq!("1536Mi".parse::<Quantity>().unwrap().to_string(), "1536Mi");
/// assert!("1.5x".parse::<Quantity>().is_err());
/// ```
#[derive(Debug, Clone)]
pub struct Quantity {
    negative: bool,
    /// Decimal digits of the magnitude, most significant first, no leading zeros (empty: zero).
    digits: Vec<u8>,
    /// The power of ten the digits are scaled by.
    exp10: i32,
    format: QuantityFormat,
}

/// Zero, printed `0` (Go's zero `Quantity`).
///
/// ```
/// assert!(apimachinery::resource::Quantity::default().is_zero());
/// ```
impl Default for Quantity {
    fn default() -> Self {
        Quantity {
            negative: false,
            digits: Vec::new(),
            exp10: 0,
            format: QuantityFormat::DecimalSI,
        }
    }
}

impl PartialEq for Quantity {
    fn eq(&self, other: &Self) -> bool {
        self.cmp_value(other) == Ordering::Equal
    }
}

impl std::str::FromStr for Quantity {
    type Err = QuantityError;

    fn from_str(text: &str) -> Result<Quantity, QuantityError> {
        parse(text)
    }
}

fn strip_leading_zeros(digits: &mut Vec<u8>) {
    let first = digits.iter().position(|d| *d != 0).unwrap_or(digits.len());
    digits.drain(..first);
}

fn multiply_small(digits: &mut Vec<u8>, factor: u32) {
    let mut carry: u64 = 0;
    for d in digits.iter_mut().rev() {
        let v = u64::from(*d) * u64::from(factor) + carry;
        *d = (v % 10) as u8;
        carry = v / 10;
    }
    while carry > 0 {
        digits.insert(0, (carry % 10) as u8);
        carry /= 10;
    }
}

/// `math.MaxInt64`, the cap Kubernetes applies to binary-suffixed quantities.
const MAX_BINARY_MAGNITUDE: &str = "9223372036854775807";

/// Adds one to the magnitude.
fn increment(digits: &mut Vec<u8>) {
    for d in digits.iter_mut().rev() {
        if *d == 9 {
            *d = 0;
        } else {
            *d += 1;
            return;
        }
    }
    digits.insert(0, 1);
}

fn parse(text: &str) -> Result<Quantity, QuantityError> {
    if text.is_empty() {
        return Err(QuantityError::Format);
    }
    let bytes = text.as_bytes();
    let mut pos = 0;
    let mut negative = false;
    match bytes[0] {
        b'-' => {
            negative = true;
            pos += 1;
        }
        b'+' => pos += 1,
        _ => {}
    }
    let int_start = pos;
    while pos < bytes.len() && bytes[pos].is_ascii_digit() {
        pos += 1;
    }
    let int_part = &text[int_start..pos];
    let mut frac_part = "";
    if pos < bytes.len() && bytes[pos] == b'.' {
        pos += 1;
        let frac_start = pos;
        while pos < bytes.len() && bytes[pos].is_ascii_digit() {
            pos += 1;
        }
        frac_part = &text[frac_start..pos];
    }
    let suffix = &text[pos..];
    // The suffix: letters from "eEinumkKMGTP", then an optional sign and digits.
    let letters_end = suffix
        .find(|c: char| !"eEinumkKMGTP".contains(c))
        .unwrap_or(suffix.len());
    let mut rest = &suffix[letters_end..];
    rest = rest
        .strip_prefix('-')
        .or_else(|| rest.strip_prefix('+'))
        .unwrap_or(rest);
    if !rest.bytes().all(|b| b.is_ascii_digit()) {
        return Err(QuantityError::Format);
    }
    let (base_exp, binary_power, format) = parse_suffix(suffix)?;

    let mut digits: Vec<u8> = int_part
        .bytes()
        .chain(frac_part.bytes())
        .map(|b| b - b'0')
        .collect();
    let frac_len = i32::try_from(frac_part.len()).map_err(|_| QuantityError::Format)?;
    let mut exp10 = base_exp
        .checked_sub(frac_len)
        .ok_or(QuantityError::Format)?;
    strip_leading_zeros(&mut digits);
    for _ in 0..binary_power {
        multiply_small(&mut digits, 1024);
    }
    // Round away from zero to nano precision.
    if exp10 < -9 {
        let drop = usize::try_from(-9 - i64::from(exp10)).unwrap_or(usize::MAX);
        let keep = digits.len().saturating_sub(drop);
        let lost_nonzero = digits[keep..].iter().any(|d| *d != 0);
        digits.truncate(keep);
        if lost_nonzero {
            increment(&mut digits);
        }
        exp10 = -9;
    }
    strip_leading_zeros(&mut digits);
    if digits.is_empty() {
        negative = false;
    }
    // Binary quantities are capped at the largest int64 magnitude.
    if format == QuantityFormat::BinarySI {
        let max = Quantity {
            negative: false,
            digits: MAX_BINARY_MAGNITUDE.bytes().map(|b| b - b'0').collect(),
            exp10: 0,
            format,
        };
        let magnitude = Quantity {
            negative: false,
            digits: digits.clone(),
            exp10,
            format,
        };
        if magnitude.cmp_magnitude(&max) == Ordering::Greater {
            digits = max.digits;
            exp10 = 0;
        }
    }
    Ok(Quantity {
        negative,
        digits,
        exp10,
        format,
    })
}

/// `(power of ten, power of 1024, format)` of a suffix.
fn parse_suffix(suffix: &str) -> Result<(i32, u32, QuantityFormat), QuantityError> {
    use QuantityFormat::*;
    let known = match suffix {
        "" => Some((0, 0, DecimalSI)),
        "n" => Some((-9, 0, DecimalSI)),
        "u" => Some((-6, 0, DecimalSI)),
        "m" => Some((-3, 0, DecimalSI)),
        "k" => Some((3, 0, DecimalSI)),
        "M" => Some((6, 0, DecimalSI)),
        "G" => Some((9, 0, DecimalSI)),
        "T" => Some((12, 0, DecimalSI)),
        "P" => Some((15, 0, DecimalSI)),
        "E" => Some((18, 0, DecimalSI)),
        "Ki" => Some((0, 1, BinarySI)),
        "Mi" => Some((0, 2, BinarySI)),
        "Gi" => Some((0, 3, BinarySI)),
        "Ti" => Some((0, 4, BinarySI)),
        "Pi" => Some((0, 5, BinarySI)),
        "Ei" => Some((0, 6, BinarySI)),
        _ => None,
    };
    if let Some(k) = known {
        return Ok(k);
    }
    let exponent = suffix
        .strip_prefix('e')
        .or_else(|| suffix.strip_prefix('E'))
        .ok_or(QuantityError::Suffix)?;
    let value: i32 = exponent.parse().map_err(|_| QuantityError::Suffix)?;
    Ok((value, 0, DecimalExponent))
}

impl Quantity {
    /// Whether the quantity is zero.
    ///
    /// ```
    /// assert!("0Gi".parse::<apimachinery::resource::Quantity>().unwrap().is_zero());
    /// ```
    pub fn is_zero(&self) -> bool {
        self.digits.is_empty()
    }

    /// Whether the quantity is below zero.
    ///
    /// ```
    /// assert!("-1m".parse::<apimachinery::resource::Quantity>().unwrap().is_negative());
    /// ```
    pub fn is_negative(&self) -> bool {
        self.negative && !self.is_zero()
    }

    /// The digits and exponent with trailing zeros moved into the exponent.
    fn normalized(&self) -> (&[u8], i64) {
        let end = self
            .digits
            .iter()
            .rposition(|d| *d != 0)
            .map_or(0, |i| i + 1);
        let zeros = (self.digits.len() - end) as i64;
        (&self.digits[..end], i64::from(self.exp10) + zeros)
    }

    fn cmp_magnitude(&self, other: &Quantity) -> Ordering {
        let (a, ae) = self.normalized();
        let (b, be) = other.normalized();
        match (a.is_empty(), b.is_empty()) {
            (true, true) => return Ordering::Equal,
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            _ => {}
        }
        let a_top = a.len() as i64 + ae;
        let b_top = b.len() as i64 + be;
        if a_top != b_top {
            return a_top.cmp(&b_top);
        }
        let n = a.len().max(b.len());
        for i in 0..n {
            let x = a.get(i).copied().unwrap_or(0);
            let y = b.get(i).copied().unwrap_or(0);
            if x != y {
                return x.cmp(&y);
            }
        }
        Ordering::Equal
    }

    /// Compares the values (`Quantity.Cmp`).
    ///
    /// ```
    /// use apimachinery::resource::Quantity;
    /// use std::cmp::Ordering;
    /// let a: Quantity = "1Ki".parse().unwrap();
    /// let b: Quantity = "1000".parse().unwrap();
    /// assert_eq!(a.cmp_value(&b), Ordering::Greater);
    /// ```
    pub fn cmp_value(&self, other: &Quantity) -> Ordering {
        match (self.is_negative(), other.is_negative()) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (false, false) => self.cmp_magnitude(other),
            (true, true) => other.cmp_magnitude(self),
        }
    }

    /// The integer digits of `value * 10^shift` rounded away from zero
    /// (`Value()` for 0, `MilliValue()` for 3), magnitude only, and its sign.
    fn ceil_scaled(&self, shift: i32) -> (bool, Vec<u8>) {
        let exp = i64::from(self.exp10) + i64::from(shift);
        let mut digits = self.digits.clone();
        if exp >= 0 {
            digits.extend(std::iter::repeat_n(0, exp as usize));
        } else {
            let drop = (-exp) as usize;
            let keep = digits.len().saturating_sub(drop);
            let fraction = digits[keep..].iter().any(|d| *d != 0);
            digits.truncate(keep);
            if fraction {
                increment(&mut digits);
            }
        }
        strip_leading_zeros(&mut digits);
        (self.negative && !digits.is_empty(), digits)
    }

    /// The exact sum (`Quantity.Add`): printed in this quantity's format, or
    /// the other's when this one is zero.
    ///
    /// ```
    /// use apimachinery::resource::Quantity;
    /// let a: Quantity = "100m".parse().unwrap();
    /// assert_eq!(a.add(&"1".parse().unwrap()).to_string(), "1100m");
    /// assert_eq!(a.add(&"-1".parse().unwrap()).to_string(), "-900m");
    /// let zero: Quantity = "0".parse().unwrap();
    /// assert_eq!(zero.add(&"1Gi".parse().unwrap()).to_string(), "1Gi");
    /// ```
    pub fn add(&self, other: &Quantity) -> Quantity {
        let format = if self.is_zero() {
            other.format
        } else {
            self.format
        };
        let exp = self.exp10.min(other.exp10);
        let scaled = |q: &Quantity| {
            let mut d = q.digits.clone();
            d.extend(std::iter::repeat_n(0, (q.exp10 - exp) as usize));
            d
        };
        let (a, b) = (scaled(self), scaled(other));
        let (a_neg, b_neg) = (self.is_negative(), other.is_negative());
        let (negative, mut digits) = if a_neg == b_neg {
            (a_neg, add_digits(&a, &b))
        } else {
            match cmp_digits(&a, &b) {
                Ordering::Less => (b_neg, sub_digits(&b, &a)),
                _ => (a_neg, sub_digits(&a, &b)),
            }
        };
        strip_leading_zeros(&mut digits);
        Quantity {
            negative: negative && !digits.is_empty(),
            digits,
            exp10: exp,
            format,
        }
    }

    /// Whether `MilliValue()` is a multiple of 1000 (the integer-resource check).
    ///
    /// ```
    /// use apimachinery::resource::Quantity;
    /// assert!("2".parse::<Quantity>().unwrap().milli_value_is_whole());
    /// assert!(!"1500m".parse::<Quantity>().unwrap().milli_value_is_whole());
    /// ```
    pub fn milli_value_is_whole(&self) -> bool {
        if self.exp10 >= 0 {
            return true;
        }
        let (_, digits) = self.ceil_scaled(3);
        digits.is_empty()
            || (digits.len() >= 3 && digits[digits.len() - 3..].iter().all(|d| *d == 0))
    }

    /// `Value() % divisor` for a positive divisor (`Value()` rounds away from zero).
    ///
    /// ```
    /// use apimachinery::resource::Quantity;
    /// assert_eq!("4Mi".parse::<Quantity>().unwrap().value_rem(2 * 1024 * 1024), 0);
    /// ```
    pub fn value_rem(&self, divisor: u64) -> u64 {
        let m = u128::from(divisor.max(1));
        let fold = |digits: &[u8]| {
            digits
                .iter()
                .fold(0u128, |acc, d| (acc * 10 + u128::from(*d)) % m)
        };
        if self.exp10 > 0 {
            // digits * 10^exp10 (mod m), without writing the zeros out.
            let mut factor = 1u128 % m;
            let mut ten = 10u128 % m;
            let mut e = self.exp10;
            while e > 0 {
                if e & 1 == 1 {
                    factor = factor * ten % m;
                }
                ten = ten * ten % m;
                e >>= 1;
            }
            return (fold(&self.digits) * factor % m) as u64;
        }
        let (_, digits) = self.ceil_scaled(0);
        fold(&digits) as u64
    }

    /// `Value()` when it fits an `i64` (rounded away from zero, as Kubernetes does).
    ///
    /// ```
    /// use apimachinery::resource::Quantity;
    /// assert_eq!("1.2".parse::<Quantity>().unwrap().value(), Some(2));
    /// ```
    pub fn value(&self) -> Option<i64> {
        if i64::from(self.exp10) + self.digits.len() as i64 > 19 {
            return None;
        }
        let (negative, digits) = self.ceil_scaled(0);
        let mut v: i64 = 0;
        for d in digits {
            v = v.checked_mul(10)?.checked_add(i64::from(d))?;
        }
        Some(if negative { -v } else { v })
    }

    /// Whether the value has no fractional part.
    fn is_integer(&self) -> bool {
        let (_, e) = self.normalized();
        e >= 0
    }

    /// The canonical text (`Quantity.String()`).
    fn canonical(&self) -> String {
        if self.is_zero() {
            return "0".to_string();
        }
        let sign = if self.is_negative() { "-" } else { "" };
        let mut format = self.format;
        if format == QuantityFormat::BinarySI {
            let kibi = Quantity {
                negative: false,
                digits: vec![1, 0, 2, 4],
                exp10: 0,
                format: QuantityFormat::DecimalSI,
            };
            let small = self.cmp_magnitude(&kibi) == Ordering::Less;
            if small || !self.is_integer() {
                format = QuantityFormat::DecimalSI;
            }
        }
        if format == QuantityFormat::BinarySI {
            let (_, mut digits) = self.ceil_scaled(0);
            let mut exponent = 0;
            while exponent < 6 && !digits.is_empty() && rem_small(&digits, 1024) == 0 {
                digits = div_small(&digits, 1024);
                exponent += 1;
            }
            let suffix = ["", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"][exponent];
            return format!("{sign}{}{suffix}", to_text(&digits));
        }
        let (digits, exp) = self.normalized();
        let mut digits = digits.to_vec();
        let mut exp = exp;
        let down = exp.rem_euclid(3);
        digits.extend(std::iter::repeat_n(0, down as usize));
        exp -= down;
        let suffix = match format {
            QuantityFormat::DecimalExponent => {
                if exp == 0 {
                    String::new()
                } else {
                    format!("e{exp}")
                }
            }
            _ => match exp {
                -9 => "n".into(),
                -6 => "u".into(),
                -3 => "m".into(),
                0 => String::new(),
                3 => "k".into(),
                6 => "M".into(),
                9 => "G".into(),
                12 => "T".into(),
                15 => "P".into(),
                18 => "E".into(),
                _ => format!("e{exp}"),
            },
        };
        format!("{sign}{}{suffix}", to_text(&digits))
    }
}

/// Compares two magnitudes written without leading zeros.
fn cmp_digits(a: &[u8], b: &[u8]) -> Ordering {
    let trim = |d: &[u8]| -> usize { d.iter().position(|x| *x != 0).unwrap_or(d.len()) };
    let (a, b) = (&a[trim(a)..], &b[trim(b)..]);
    a.len().cmp(&b.len()).then_with(|| a.cmp(b))
}

/// `a + b` for magnitudes (most significant digit first).
fn add_digits(a: &[u8], b: &[u8]) -> Vec<u8> {
    let n = a.len().max(b.len());
    let mut out = Vec::with_capacity(n + 1);
    let mut carry = 0u8;
    for i in 0..n {
        let x = if i < a.len() { a[a.len() - 1 - i] } else { 0 };
        let y = if i < b.len() { b[b.len() - 1 - i] } else { 0 };
        let v = x + y + carry;
        out.push(v % 10);
        carry = v / 10;
    }
    if carry > 0 {
        out.push(carry);
    }
    out.reverse();
    out
}

/// `a - b` for magnitudes with `a >= b`.
fn sub_digits(a: &[u8], b: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(a.len());
    let mut borrow = 0u8;
    for i in 0..a.len() {
        let x = a[a.len() - 1 - i];
        let y = if i < b.len() { b[b.len() - 1 - i] } else { 0 } + borrow;
        if x >= y {
            out.push(x - y);
            borrow = 0;
        } else {
            out.push(x + 10 - y);
            borrow = 1;
        }
    }
    out.reverse();
    out
}

fn rem_small(digits: &[u8], divisor: u32) -> u32 {
    digits.iter().fold(0u64, |acc, d| {
        (acc * 10 + u64::from(*d)) % u64::from(divisor)
    }) as u32
}

fn div_small(digits: &[u8], divisor: u32) -> Vec<u8> {
    let mut out = Vec::with_capacity(digits.len());
    let mut rem: u64 = 0;
    for d in digits {
        let cur = rem * 10 + u64::from(*d);
        out.push((cur / u64::from(divisor)) as u8);
        rem = cur % u64::from(divisor);
    }
    strip_leading_zeros(&mut out);
    out
}

fn to_text(digits: &[u8]) -> String {
    if digits.is_empty() {
        return "0".to_string();
    }
    digits.iter().map(|d| char::from(b'0' + d)).collect()
}

impl std::fmt::Display for Quantity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.canonical())
    }
}

/// Parses a quantity as Kubernetes' JSON decoder does (surrounding spaces trimmed).
///
/// ```
/// use apimachinery::resource::parse_quantity;
/// assert!(parse_quantity(" 1Gi ").is_ok());
/// ```
pub fn parse_quantity(text: &str) -> Result<Quantity, QuantityError> {
    parse(text.trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(s: &str) -> Quantity {
        s.parse().unwrap()
    }

    #[test]
    fn canonical_forms() {
        for (input, want) in [
            ("1", "1"),
            ("1000m", "1"),
            ("0.5", "500m"),
            ("1.5", "1500m"),
            ("100Mi", "100Mi"),
            ("1024Mi", "1Gi"),
            ("1536Mi", "1536Mi"),
            ("1000", "1k"),
            ("1e3", "1e3"),
            ("12e2", "1200"),
            ("0.1Ki", "102400m"),
            ("-1", "-1"),
            ("1n", "1n"),
            ("0.0000000001", "1n"),
            ("0", "0"),
        ] {
            assert_eq!(q(input).to_string(), want, "{input}");
        }
    }

    #[test]
    fn parse_errors() {
        for bad in ["", "a", "1.5x", "1K", "1 Gi", "--1", "1e", "1ee3"] {
            assert!(bad.parse::<Quantity>().is_err(), "{bad:?} should fail");
        }
        for good in ["+1", ".5", "5.", "1e-3", "1E3", "0.1m"] {
            assert!(good.parse::<Quantity>().is_ok(), "{good:?} should parse");
        }
    }

    #[test]
    fn comparisons() {
        assert_eq!(q("1Gi").cmp_value(&q("1G")), Ordering::Greater);
        assert_eq!(q("-1").cmp_value(&q("0")), Ordering::Less);
        assert_eq!(q("-2").cmp_value(&q("-1")), Ordering::Less);
        assert_eq!(q("100m").cmp_value(&q("0.1")), Ordering::Equal);
        assert!(q("-0").cmp_value(&q("0")) == Ordering::Equal);
    }

    #[test]
    fn integer_and_value_checks() {
        assert!(q("3").milli_value_is_whole());
        assert!(!q("0.5").milli_value_is_whole());
        assert!(!q("1n").milli_value_is_whole());
        assert!(q("0").milli_value_is_whole());
        assert_eq!(q("2Mi").value_rem(1024 * 1024), 0);
        assert_eq!(
            q("3M").value_rem(2 * 1024 * 1024),
            3_000_000 % (2 * 1024 * 1024)
        );
        assert_eq!(q("-1.5").value(), Some(-2));
    }

    #[test]
    fn negative_fractions_round_away_from_zero() {
        // MilliValue() of -0.0001 is -1 and of -1.0001 is -1001: not whole.
        assert!(!q("-0.0001").milli_value_is_whole());
        assert!(!q("-1.0001").milli_value_is_whole());
        // MilliValue() of -0.9991 is -1000: whole.
        assert!(q("-0.9991").milli_value_is_whole());
        assert_eq!(q("-0.1").value(), Some(-1));
        assert_eq!(q("-2.0").value(), Some(-2));
    }

    #[test]
    fn binary_quantities_cap_at_max_int64() {
        let max = q("9223372036854775807");
        assert_eq!(q("16Ei").cmp_value(&max), Ordering::Equal);
        assert_eq!(q("8Ei").cmp_value(&max), Ordering::Equal);
        assert_eq!(q("-9Ei").to_string(), "-9223372036854775807");
        assert_eq!(q("7Ei").to_string(), "7Ei");
        assert_eq!(q("1024Ei").to_string(), "9223372036854775807");
        assert_eq!(
            q("8E").to_string(),
            "8E",
            "decimal quantities are not capped"
        );
        assert_eq!(q("8192.5Pi").to_string(), "9223372036854775807");
    }

    #[test]
    fn huge_exponents_do_not_materialize() {
        let big = q("1e2000000000");
        assert!(big.milli_value_is_whole());
        assert_eq!(big.value(), None);
        assert_eq!(big.value_rem(7), 2, "10^2e9 mod 7");
        assert_eq!(q("1e3").value_rem(7), 1000 % 7);
        assert_eq!(big.to_string(), "100e1999999998");
        assert!("1e-2147483648".parse::<Quantity>().is_ok());
        assert!("0.5e-2147483648".parse::<Quantity>().is_err());
    }
}
