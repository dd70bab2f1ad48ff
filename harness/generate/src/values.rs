//! Structure-aware value strategies: strings over the alphabets Kubernetes'
//! formats care about (lowercase, uppercase, digits, `-`, `.`, `/`, `_`,
//! multibyte text) at the lengths its limits sit on, integers around
//! zero and the integer widths, and zero values by JSON type.

use proptest::prelude::*;
use serde_json::{Map, Value};

/// The characters a generated string is drawn from.
///
/// ```
/// use dv_harness_generate::values::Alphabet;
/// assert!(Alphabet::Label.chars().contains(&'-'));
/// assert!(Alphabet::Multibyte.chars().iter().all(|c| c.len_utf8() > 1));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Alphabet {
    /// `a-z`.
    Lower,
    /// `A-Z`.
    Upper,
    /// `0-9`.
    Digits,
    /// DNS labels: `a-z0-9-`.
    Label,
    /// DNS subdomains: `a-z0-9-.`.
    Subdomain,
    /// Qualified names and paths: `a-zA-Z0-9-._/`.
    Qualified,
    /// Characters of 2, 3 and 4 UTF-8 bytes.
    Multibyte,
    /// Everything above plus space and punctuation.
    Any,
}

const LOWER: &[char] = &[
    'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p', 'q', 'r', 's',
    't', 'u', 'v', 'w', 'x', 'y', 'z',
];
const UPPER: &[char] = &[
    'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O', 'P', 'Q', 'R', 'S',
    'T', 'U', 'V', 'W', 'X', 'Y', 'Z',
];
const DIGITS: &[char] = &['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
const MULTIBYTE: &[char] = &['é', 'ß', 'ж', '日', '本', 'İ', '\u{212A}', '😀'];
const PUNCT: &[char] = &[' ', '%', ':', '@', '~', '+', '='];

impl Alphabet {
    /// The characters.
    ///
    /// ```
    /// assert_eq!(dv_harness_generate::values::Alphabet::Digits.chars().len(), 10);
    /// ```
    pub fn chars(self) -> Vec<char> {
        let mut out: Vec<char> = Vec::new();
        match self {
            Alphabet::Lower => out.extend(LOWER),
            Alphabet::Upper => out.extend(UPPER),
            Alphabet::Digits => out.extend(DIGITS),
            Alphabet::Label => {
                out.extend(LOWER);
                out.extend(DIGITS);
                out.push('-');
            }
            Alphabet::Subdomain => {
                out.extend(LOWER);
                out.extend(DIGITS);
                out.extend(['-', '.']);
            }
            Alphabet::Qualified => {
                out.extend(LOWER);
                out.extend(UPPER);
                out.extend(DIGITS);
                out.extend(['-', '.', '_', '/']);
            }
            Alphabet::Multibyte => out.extend(MULTIBYTE),
            Alphabet::Any => {
                out.extend(LOWER);
                out.extend(UPPER);
                out.extend(DIGITS);
                out.extend(['-', '.', '_', '/']);
                out.extend(MULTIBYTE);
                out.extend(PUNCT);
            }
        }
        out
    }
}

/// Lengths Kubernetes' limits sit on: 0, 1, 2, 62-64 (labels), 252-254
/// (subdomains), 316/317 (qualified names) and small random lengths.
///
/// ```
/// use proptest::strategy::{Strategy, ValueTree};
/// let mut runner = proptest::test_runner::TestRunner::deterministic();
/// let n = dv_harness_generate::values::interesting_length().new_tree(&mut runner).unwrap().current();
/// assert!(n <= 317);
/// ```
pub fn interesting_length() -> impl Strategy<Value = usize> + Clone {
    prop_oneof![
        6 => 0usize..12,
        1 => prop::sample::select(vec![0usize, 1, 2, 62, 63, 64, 252, 253, 254, 316, 317]),
    ]
}

/// Strings over one alphabet with a length from `lengths`.
///
/// ```
/// use proptest::strategy::{Strategy, ValueTree};
/// use dv_harness_generate::values::{string_over, Alphabet};
/// let mut runner = proptest::test_runner::TestRunner::deterministic();
/// let s = string_over(Alphabet::Digits, 3..4usize).new_tree(&mut runner).unwrap().current();
/// assert_eq!(s.len(), 3);
/// assert!(s.chars().all(|c| c.is_ascii_digit()));
/// ```
pub fn string_over(
    alphabet: Alphabet,
    lengths: impl Strategy<Value = usize> + Clone,
) -> impl Strategy<Value = String> + Clone {
    let chars = alphabet.chars();
    lengths.prop_flat_map(move |n| {
        prop::collection::vec(prop::sample::select(chars.clone()), n)
            .prop_map(|cs| cs.into_iter().collect::<String>())
    })
}

/// Strings shaped like Kubernetes names and near misses of them: DNS
/// labels and subdomains (with leading/trailing dashes and dots), qualified
/// names with a prefix, uppercase, underscores, multibyte text and
/// arbitrary characters.
///
/// ```
/// use proptest::strategy::{Strategy, ValueTree};
/// let mut runner = proptest::test_runner::TestRunner::deterministic();
/// let _s: String = dv_harness_generate::values::k8s_string().new_tree(&mut runner).unwrap().current();
/// ```
pub fn k8s_string() -> BoxedStrategy<String> {
    let len = interesting_length;
    prop_oneof![
        4 => string_over(Alphabet::Label, len()),
        2 => string_over(Alphabet::Subdomain, len()),
        2 => (string_over(Alphabet::Subdomain, 1usize..20), string_over(Alphabet::Qualified, 1usize..20))
            .prop_map(|(p, n)| format!("{p}/{n}")),
        1 => string_over(Alphabet::Upper, 1usize..8),
        1 => string_over(Alphabet::Qualified, len()),
        1 => string_over(Alphabet::Multibyte, len()),
        1 => string_over(Alphabet::Any, 0usize..24),
        1 => string_over(Alphabet::Label, 1usize..10).prop_map(|s| format!("-{s}")),
        1 => string_over(Alphabet::Label, 1usize..10).prop_map(|s| format!("{s}-")),
        1 => string_over(Alphabet::Label, 1usize..10).prop_map(|s| format!("{s}.")),
    ]
    .boxed()
}

/// Integers near the boundaries validators care about: small values
/// around zero, the i32 and i64 extremes and arbitrary values.
///
/// ```
/// use proptest::strategy::{Strategy, ValueTree};
/// let mut runner = proptest::test_runner::TestRunner::deterministic();
/// let _n: i64 = dv_harness_generate::values::boundary_int().new_tree(&mut runner).unwrap().current();
/// ```
pub fn boundary_int() -> BoxedStrategy<i64> {
    prop_oneof![
        5 => -3i64..=3,
        2 => prop::sample::select(vec![
            i64::from(i32::MIN), i64::from(i32::MIN) + 1, i64::from(i32::MAX) - 1,
            i64::from(i32::MAX), i64::from(i32::MAX) + 1, i64::MIN, i64::MAX, 59, 60, 599, 600, 65535, 65536,
        ]),
        2 => any::<i32>().prop_map(i64::from),
    ]
    .boxed()
}

/// A bundle of scalars a mutation picks from by the JSON type of the
/// value it replaces.
///
/// ```
/// use dv_harness_generate::values::Scalar;
/// let s = Scalar { text: "x".into(), int: 3, flag: true };
/// assert_eq!(s.like(&serde_json::json!("a")), serde_json::json!("x"));
/// assert_eq!(s.like(&serde_json::json!(1)), serde_json::json!(3));
/// assert_eq!(s.like(&serde_json::json!(false)), serde_json::json!(true));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Scalar {
    /// A string.
    pub text: String,
    /// An integer.
    pub int: i64,
    /// A boolean.
    pub flag: bool,
}

impl Scalar {
    /// The scalar of the same JSON type as `like` (a float for a float; a
    /// string for null, objects and lists).
    pub fn like(&self, like: &Value) -> Value {
        match like {
            Value::Bool(_) => Value::Bool(self.flag),
            Value::Number(n) if n.is_f64() => serde_json::Number::from_f64(self.int as f64 / 4.0)
                .map_or(Value::Null, Value::Number),
            Value::Number(_) => Value::from(self.int),
            _ => Value::String(self.text.clone()),
        }
    }
}

/// Scalars from [`k8s_string`] and [`boundary_int`].
///
/// ```
/// use proptest::strategy::{Strategy, ValueTree};
/// let mut runner = proptest::test_runner::TestRunner::deterministic();
/// let _s = dv_harness_generate::values::scalar().new_tree(&mut runner).unwrap().current();
/// ```
pub fn scalar() -> BoxedStrategy<Scalar> {
    (k8s_string(), boundary_int(), any::<bool>())
        .prop_map(|(text, int, flag)| Scalar { text, int, flag })
        .boxed()
}

/// The zero value of a JSON value's type: `""`, `0`, `false`, `[]`, `{}`,
/// `null`.
///
/// ```
/// use dv_harness_generate::values::zero_like;
/// assert_eq!(zero_like(&serde_json::json!({"a": 1})), serde_json::json!({}));
/// assert_eq!(zero_like(&serde_json::json!(1.5)), serde_json::json!(0));
/// ```
pub fn zero_like(like: &Value) -> Value {
    match like {
        Value::Null => Value::Null,
        Value::Bool(_) => Value::Bool(false),
        Value::Number(_) => Value::from(0),
        Value::String(_) => Value::String(String::new()),
        Value::Array(_) => Value::Array(Vec::new()),
        Value::Object(_) => Value::Object(Map::new()),
    }
}

/// Candidate values for a field known only by its Rust type text (from the
/// rule inventory's `field_type`), most likely first; values that do not
/// deserialise are dropped by the caller.
///
/// ```
/// use dv_harness_generate::values::guesses_for_type;
/// assert_eq!(guesses_for_type("Option<i32>")[0], serde_json::json!(1));
/// assert_eq!(guesses_for_type("String")[0], serde_json::json!("a"));
/// assert_eq!(guesses_for_type("Vec<String>")[0], serde_json::json!(["a"]));
/// ```
pub fn guesses_for_type(field_type: &str) -> Vec<Value> {
    let t = field_type.trim();
    let inner = t
        .strip_prefix("Option<")
        .and_then(|r| r.strip_suffix('>'))
        .unwrap_or(t)
        .trim();
    let int = [
        "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "isize", "usize",
    ];
    if int.contains(&inner) {
        return vec![Value::from(1), Value::from("a"), Value::Bool(true)];
    }
    if inner == "f32" || inner == "f64" {
        return vec![Value::from(1.5), Value::from(1)];
    }
    if inner == "bool" {
        return vec![Value::Bool(true)];
    }
    if inner == "String" || inner == "str" || inner == "&str" {
        return vec![Value::from("a")];
    }
    if let Some(item) = inner.strip_prefix("Vec<").and_then(|r| r.strip_suffix('>')) {
        return guesses_for_type(item)
            .into_iter()
            .map(|v| Value::Array(vec![v]))
            .chain([Value::Array(vec![Value::Object(Map::new())])])
            .collect();
    }
    if inner.starts_with("BTreeMap<") || inner.starts_with("HashMap<") {
        return vec![
            serde_json::json!({"a": "a"}),
            serde_json::json!({"a": 1}),
            serde_json::json!({"a": {}}),
            serde_json::json!({"a": ["a"]}),
        ];
    }
    vec![
        Value::Object(Map::new()),
        Value::from("a"),
        Value::from(1),
        Value::Bool(true),
        Value::Array(vec![]),
    ]
}

/// The proptest [`Index`](proptest::sample::Index) whose raw value is `raw`
/// (what the plans use to pick seeds, rules, sites and subresources; the
/// fuzz inputs decode their indices with it).
///
/// ```
/// use dv_harness_generate::values::index;
/// assert_eq!(index(0).unwrap().index(10), 0);
/// assert_eq!(index(u64::MAX).unwrap().index(10), 9);
/// ```
pub fn index(raw: u64) -> Option<proptest::sample::Index> {
    use proptest::strategy::{Strategy, ValueTree};
    use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
    use std::cell::RefCell;
    thread_local! {
        // One runner per thread whose RNG is replaced for every index: a
        // new runner (its configuration copied, with the default's failure
        // persistence) costs more than the draw (fuzz inputs decode several
        // indexes per execution).
        static RUNNER: RefCell<TestRunner> = RefCell::new(TestRunner::new_with_rng(
            Config {
                failure_persistence: None,
                ..Config::default()
            },
            TestRng::from_seed(RngAlgorithm::PassThrough, &[]),
        ));
    }
    let rng = TestRng::from_seed(RngAlgorithm::PassThrough, &raw.to_le_bytes());
    let draw = |runner: &mut TestRunner| {
        *runner.rng() = rng;
        proptest::arbitrary::any::<proptest::sample::Index>()
            .new_tree(runner)
            .ok()
            .map(|t| t.current())
    };
    RUNNER.with(|r| match r.try_borrow_mut() {
        Ok(mut runner) => draw(&mut runner),
        // Not reentrant, but never fail for that.
        Err(_) => draw(&mut TestRunner::new_with_rng(
            Config::default(),
            TestRng::from_seed(RngAlgorithm::PassThrough, &[]),
        )),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;

    #[test]
    fn index_is_what_a_fresh_runner_draws() {
        use proptest::test_runner::{Config, RngAlgorithm, TestRng};
        let fresh = |raw: u64| {
            let rng = TestRng::from_seed(RngAlgorithm::PassThrough, &raw.to_le_bytes());
            let mut runner = TestRunner::new_with_rng(Config::default(), rng);
            any::<proptest::sample::Index>()
                .new_tree(&mut runner)
                .unwrap()
                .current()
        };
        let mut raws = vec![0, 1, u64::MAX, u64::MAX / 2, u64::MAX / 2 + 1];
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            raws.push(x);
        }
        for raw in raws {
            let (a, b) = (index(raw).unwrap(), fresh(raw));
            for size in [1, 2, 3, 7, 100, usize::MAX] {
                assert_eq!(a.index(size), b.index(size), "{raw} {size}");
            }
        }
    }

    #[test]
    fn strings_cover_the_alphabets_and_lengths() {
        let mut runner = TestRunner::deterministic();
        let strategy = k8s_string();
        let mut saw_upper = false;
        let mut saw_multibyte = false;
        let mut saw_long = false;
        let mut saw_dash_edge = false;
        for _ in 0..2000 {
            let s = strategy.new_tree(&mut runner).unwrap().current();
            saw_upper |= s.chars().any(|c| c.is_ascii_uppercase());
            saw_multibyte |= s.len() != s.chars().count();
            saw_long |= s.chars().count() >= 63;
            saw_dash_edge |= s.starts_with('-') || s.ends_with('-');
        }
        assert!(saw_upper && saw_multibyte && saw_long && saw_dash_edge);
    }

    #[test]
    fn ints_reach_the_extremes() {
        let mut runner = TestRunner::deterministic();
        let strategy = boundary_int();
        let values: Vec<i64> = (0..2000)
            .map(|_| strategy.new_tree(&mut runner).unwrap().current())
            .collect();
        assert!(values.contains(&i64::from(i32::MAX)));
        assert!(values.contains(&-1));
        assert!(values.contains(&0));
    }

    #[test]
    fn guesses_for_maps_and_structs() {
        assert!(guesses_for_type("BTreeMap<String, String>")[0].is_object());
        assert_eq!(guesses_for_type("PodSpec")[0], Value::Object(Map::new()));
        assert_eq!(guesses_for_type("Option<bool>")[0], Value::Bool(true));
    }
}
