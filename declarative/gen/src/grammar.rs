//! The tag grammar of Kubernetes' `k8s.io/gengo/v2/codetags`:
//!
//! ```text
//! <tag>       ::= <tagName> [ "(" [ <args> ] ")" ] [ ( "=" <value> | "=+" <tag> ) ] [ "#" comment ]
//! <args>      ::= <value> | <namedArgs>
//! <namedArgs> ::= <identifier> ":" <value> [ "," <identifier> ":" <value> ]*
//! <value>     ::= <identifier> | <string> | <int> | <bool>
//! <tagName>   ::= [a-zA-Z_][a-zA-Z0-9_-.:]*
//! <identifier>::= [a-zA-Z_][a-zA-Z0-9_-.]*
//! ```
//!
//! Strings are Go strings (double-quoted with Go escapes, or back-quoted raw)
//! or bare identifiers other than `true`/`false`; ints are Go integer
//! literals (decimal, `0x`, `0o`, `0b`, leading-`0` octal, `_` separators,
//! optional sign).

use std::fmt;

/// A literal argument or payload value.
///
/// ```text
/// +k8s:item(name: "a", port: 0x10, enabled: true)  // String, Int, Bool
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Literal {
    /// A quoted string or a bare identifier.
    String(String),
    /// A Go integer literal.
    Int(i64),
    /// `true` or `false`.
    Bool(bool),
}

impl Literal {
    /// The type name used in Kubernetes' messages: `string`, `int`, `bool`.
    ///
    /// ```text
    /// Literal::Int(1).type_name() == "int"
    /// ```
    pub fn type_name(&self) -> &'static str {
        match self {
            Literal::String(_) => "string",
            Literal::Int(_) => "int",
            Literal::Bool(_) => "bool",
        }
    }

    /// The value as it is rendered in a canonical tag (strings double-quoted).
    ///
    /// ```text
    /// Literal::String("a".into()).canonical() == "\"a\""
    /// ```
    pub fn canonical(&self) -> String {
        match self {
            Literal::String(s) => format!("{s:?}"),
            Literal::Int(i) => i.to_string(),
            Literal::Bool(b) => b.to_string(),
        }
    }

    /// The value as plain text (strings unquoted).
    ///
    /// ```text
    /// Literal::String("a".into()).text() == "a"
    /// ```
    pub fn text(&self) -> String {
        match self {
            Literal::String(s) => s.clone(),
            other => other.canonical(),
        }
    }
}

/// One argument: positional (`name` is `None`) or named.
///
/// ```text
/// +k8s:ifEnabled(MyFeature)        // positional
/// +k8s:alpha(since: "1.36")        // named
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arg {
    /// The argument name, for named arguments.
    pub name: Option<String>,
    /// The argument value.
    pub value: Literal,
}

/// The payload after `=`.
///
/// ```text
/// +k8s:minimum=0                 // Literal(Int(0))
/// +k8s:eachVal=+k8s:minimum=0    // Tag(minimum)
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// A scalar payload.
    Literal(Literal),
    /// A chained tag (`=+k8s:...`).
    Tag(Box<Tag>),
}

impl Value {
    /// `string`, `int`, `bool` or `tag`.
    ///
    /// ```text
    /// Value::Literal(Literal::Bool(true)).type_name() == "bool"
    /// ```
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Literal(l) => l.type_name(),
            Value::Tag(_) => "tag",
        }
    }
}

/// A parsed tag.
///
/// ```text
/// parse("k8s:alpha(since: \"1.36\")=+k8s:minimum=1")
///   == Tag { name: "k8s:alpha", args: [since: "1.36"], value: Tag(k8s:minimum=1) }
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    /// The full name, e.g. `k8s:minimum`.
    pub name: String,
    /// The arguments, in source order.
    pub args: Vec<Arg>,
    /// The payload, if any.
    pub value: Option<Value>,
}

impl Tag {
    /// The name without the `k8s:` prefix.
    ///
    /// ```text
    /// parse("k8s:minimum=1").short_name() == "minimum"
    /// ```
    pub fn short_name(&self) -> &str {
        self.name.strip_prefix("k8s:").unwrap_or(&self.name)
    }

    /// The positional argument, if any.
    ///
    /// ```text
    /// parse("k8s:ifEnabled(X)=+k8s:required").positional_arg() == Some(String("X"))
    /// ```
    pub fn positional_arg(&self) -> Option<&Literal> {
        self.args
            .iter()
            .find(|a| a.name.is_none())
            .map(|a| &a.value)
    }

    /// The named argument `name`, if given.
    ///
    /// ```text
    /// parse("k8s:alpha(since: \"1.36\")").named_arg("since") == Some(String("1.36"))
    /// ```
    pub fn named_arg(&self, name: &str) -> Option<&Literal> {
        self.args
            .iter()
            .find(|a| a.name.as_deref() == Some(name))
            .map(|a| &a.value)
    }

    /// The chained payload tag, if the payload is a tag.
    ///
    /// ```text
    /// parse("k8s:eachVal=+k8s:minimum=1").value_tag().unwrap().name == "k8s:minimum"
    /// ```
    pub fn value_tag(&self) -> Option<&Tag> {
        match &self.value {
            Some(Value::Tag(t)) => Some(t),
            _ => None,
        }
    }

    /// The scalar payload, if the payload is a literal.
    ///
    /// ```text
    /// parse("k8s:minimum=1").value_literal() == Some(Int(1))
    /// ```
    pub fn value_literal(&self) -> Option<&Literal> {
        match &self.value {
            Some(Value::Literal(l)) => Some(l),
            _ => None,
        }
    }

    /// The arguments rendered canonically (`a: "x", b: 1`), empty if none.
    ///
    /// ```text
    /// parse("k8s:item(type:`A`)").args_text() == "type: \"A\""
    /// ```
    pub fn args_text(&self) -> String {
        self.args
            .iter()
            .map(|a| match &a.name {
                Some(n) => format!("{n}: {}", a.value.canonical()),
                None => a.value.canonical(),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl fmt::Display for Tag {
    /// Canonical rendering (Kubernetes' `Tag.String()`), without the leading `+`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        if !self.args.is_empty() {
            write!(f, "({})", self.args_text())?;
        }
        match &self.value {
            None => Ok(()),
            Some(Value::Literal(l)) => write!(f, "={}", l.canonical()),
            Some(Value::Tag(t)) => write!(f, "=+{t}"),
        }
    }
}

/// A parse error: what was found, where (a character position in the tag
/// text), and what was expected.
///
/// ```text
/// parse("k8s:minimum=") -> "unexpected end of input: expected a value or +tag after '='"
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// The message.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

fn is_ident_begin(c: char) -> bool {
    c.is_alphabetic() || c == '_'
}

fn is_ident_interior(c: char) -> bool {
    c.is_alphabetic() || c.is_numeric() || c == '_' || c == '.' || c == '-'
}

fn is_tag_name_interior(c: char) -> bool {
    is_ident_interior(c) || c == ':'
}

struct Parser {
    chars: Vec<char>,
    pos: usize,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, n: usize) -> Option<char> {
        self.chars.get(self.pos + n).copied()
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn unexpected(&self, expected: &str) -> ParseError {
        match self.peek() {
            Some(c) => ParseError {
                message: format!(
                    "unexpected character {c:?} at position {}: expected {expected}",
                    self.pos
                ),
            },
            None => ParseError {
                message: format!("unexpected end of input: expected {expected}"),
            },
        }
    }

    fn ident(&mut self, interior: fn(char) -> bool, what: &str) -> Result<String, ParseError> {
        match self.peek() {
            Some(c) if is_ident_begin(c) => {}
            _ => return Err(self.unexpected(what)),
        }
        let start = self.pos;
        self.pos += 1;
        while self.peek().is_some_and(interior) {
            self.pos += 1;
        }
        Ok(self.chars[start..self.pos].iter().collect())
    }

    fn tag(&mut self) -> Result<Tag, ParseError> {
        let name = self.ident(is_tag_name_interior, "a tag name")?;
        let mut args = Vec::new();
        if self.peek() == Some('(') {
            self.pos += 1;
            args = self.args()?;
        }
        let mut value = None;
        if self.peek() == Some('=') {
            self.pos += 1;
            value = Some(self.value()?);
        }
        Ok(Tag { name, args, value })
    }

    fn args(&mut self) -> Result<Vec<Arg>, ParseError> {
        let mut args = Vec::new();
        self.skip_ws();
        if self.peek() == Some(')') {
            self.pos += 1;
            return Ok(args);
        }
        loop {
            self.skip_ws();
            let arg = self.arg()?;
            args.push(arg);
            self.skip_ws();
            match self.peek() {
                Some(',') => self.pos += 1,
                Some(')') => {
                    self.pos += 1;
                    break;
                }
                _ => return Err(self.unexpected("',' or ')'")),
            }
        }
        let named = args.iter().filter(|a| a.name.is_some()).count();
        if named != 0 && named != args.len() {
            return Err(ParseError {
                message: "can't mix named and positional arguments".into(),
            });
        }
        if named == 0 && args.len() > 1 {
            return Err(ParseError {
                message: "multiple arguments must use 'name: value' syntax".into(),
            });
        }
        Ok(args)
    }

    fn arg(&mut self) -> Result<Arg, ParseError> {
        match self.peek() {
            Some(c) if is_ident_begin(c) => {
                let word = self.ident(is_ident_interior, "an argument")?;
                if self.peek() == Some(':') {
                    self.pos += 1;
                    self.skip_ws();
                    let value = self.literal("an argument value")?;
                    Ok(Arg {
                        name: Some(word),
                        value,
                    })
                } else {
                    Ok(Arg {
                        name: None,
                        value: word_literal(word),
                    })
                }
            }
            _ => Ok(Arg {
                name: None,
                value: self.literal("an argument (identifier, string, int or bool) or ')'")?,
            }),
        }
    }

    fn literal(&mut self, expected: &str) -> Result<Literal, ParseError> {
        match self.peek() {
            Some('"') => self.quoted().map(Literal::String),
            Some('`') => self.raw().map(Literal::String),
            Some(c) if c == '+' || c == '-' || c.is_ascii_digit() => self.number(),
            Some(c) if is_ident_begin(c) => {
                let word = self.ident(is_ident_interior, expected)?;
                Ok(word_literal(word))
            }
            _ => Err(self.unexpected(expected)),
        }
    }

    fn value(&mut self) -> Result<Value, ParseError> {
        if self.peek() == Some('+') && self.peek_at(1).is_some_and(is_ident_begin) {
            self.pos += 1;
            return Ok(Value::Tag(Box::new(self.tag()?)));
        }
        Ok(Value::Literal(self.literal(
            "a value (identifier, string, int, bool) or +tag after '='",
        )?))
    }

    fn number(&mut self) -> Result<Literal, ParseError> {
        let start = self.pos;
        if matches!(self.peek(), Some('+' | '-')) {
            self.pos += 1;
        }
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            self.pos += 1;
        }
        let text: String = self.chars[start..self.pos].iter().collect();
        parse_go_int(&text).map(Literal::Int).ok_or(ParseError {
            message: format!("invalid number {text:?} at position {start}"),
        })
    }

    fn raw(&mut self) -> Result<String, ParseError> {
        let start = self.pos;
        self.pos += 1;
        let mut out = String::new();
        loop {
            match self.peek() {
                Some('`') => {
                    self.pos += 1;
                    return Ok(out);
                }
                Some(c) => {
                    out.push(c);
                    self.pos += 1;
                }
                None => {
                    return Err(ParseError {
                        message: format!(
                            "unterminated string starting at position {start}: expected '`'"
                        ),
                    });
                }
            }
        }
    }

    fn quoted(&mut self) -> Result<String, ParseError> {
        let start = self.pos;
        self.pos += 1;
        let mut bytes: Vec<u8> = Vec::new();
        let unterminated = || ParseError {
            message: format!("unterminated string starting at position {start}: expected '\"'"),
        };
        loop {
            let c = self.peek().ok_or_else(unterminated)?;
            self.pos += 1;
            match c {
                '"' => break,
                '\n' => return Err(unterminated()),
                '\\' => {
                    let e = self.peek().ok_or_else(unterminated)?;
                    let at = self.pos;
                    self.pos += 1;
                    let simple = match e {
                        'a' => Some(0x07),
                        'b' => Some(0x08),
                        'f' => Some(0x0c),
                        'n' => Some(b'\n'),
                        'r' => Some(b'\r'),
                        't' => Some(b'\t'),
                        'v' => Some(0x0b),
                        '\\' => Some(b'\\'),
                        '"' => Some(b'"'),
                        _ => None,
                    };
                    if let Some(b) = simple {
                        bytes.push(b);
                        continue;
                    }
                    let bad = || ParseError {
                        message: format!("invalid escape sequence '\\{e}' at position {at}"),
                    };
                    match e {
                        'x' => {
                            let v = self.hex_digits(2).ok_or_else(bad)?;
                            bytes.push(v as u8);
                        }
                        'u' | 'U' => {
                            let n = if e == 'u' { 4 } else { 8 };
                            let v = self.hex_digits(n).ok_or_else(bad)?;
                            let ch = char::from_u32(v).ok_or_else(bad)?;
                            let mut buf = [0u8; 4];
                            bytes.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                        }
                        '0'..='7' => {
                            let mut v = e.to_digit(8).unwrap_or(0);
                            for _ in 0..2 {
                                let d = self.peek().and_then(|c| c.to_digit(8)).ok_or_else(bad)?;
                                v = v * 8 + d;
                                self.pos += 1;
                            }
                            if v > 255 {
                                return Err(bad());
                            }
                            bytes.push(v as u8);
                        }
                        _ => return Err(bad()),
                    }
                }
                other => {
                    let mut buf = [0u8; 4];
                    bytes.extend_from_slice(other.encode_utf8(&mut buf).as_bytes());
                }
            }
        }
        String::from_utf8(bytes).map_err(|_| ParseError {
            message: format!("string starting at position {start} is not valid UTF-8"),
        })
    }

    fn hex_digits(&mut self, n: usize) -> Option<u32> {
        let mut v: u32 = 0;
        for _ in 0..n {
            let d = self.peek()?.to_digit(16)?;
            v = v * 16 + d;
            self.pos += 1;
        }
        Some(v)
    }

    fn end(&mut self) -> Result<(), ParseError> {
        let before = self.pos;
        self.skip_ws();
        match self.peek() {
            None => Ok(()),
            Some('#') if self.pos > before => Ok(()),
            _ => Err(self.unexpected("end of tag or ' # comment'")),
        }
    }
}

fn word_literal(word: String) -> Literal {
    match word.as_str() {
        "true" => Literal::Bool(true),
        "false" => Literal::Bool(false),
        _ => Literal::String(word),
    }
}

/// Parses a Go integer literal as `strconv.ParseInt(s, 0, 64)` does: optional
/// sign, `0x`/`0o`/`0b` prefixes, leading-`0` octal, `_` between digits.
///
/// ```text
/// parse_go_int("0x_1F") == Some(31); parse_go_int("017") == Some(15)
/// ```
pub fn parse_go_int(text: &str) -> Option<i64> {
    let (neg, body) = match text.as_bytes().first()? {
        b'+' => (false, &text[1..]),
        b'-' => (true, &text[1..]),
        _ => (false, text),
    };
    let lower = body.to_ascii_lowercase();
    let (radix, digits, prefixed) = if let Some(d) = lower.strip_prefix("0x") {
        (16, d, true)
    } else if let Some(d) = lower.strip_prefix("0o") {
        (8, d, true)
    } else if let Some(d) = lower.strip_prefix("0b") {
        (2, d, true)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, &lower[1..], true)
    } else {
        (10, lower.as_str(), false)
    };
    // Underscores only between digits, or right after a base prefix.
    if digits.is_empty() || digits.ends_with('_') || digits.contains("__") {
        return None;
    }
    if digits.starts_with('_') && !prefixed {
        return None;
    }
    let clean: String = digits.chars().filter(|c| *c != '_').collect();
    if clean.is_empty() {
        return None;
    }
    let magnitude = u64::from_str_radix(&clean, radix).ok()?;
    if neg {
        if magnitude == 1u64 << 63 {
            Some(i64::MIN)
        } else {
            i64::try_from(magnitude).ok().map(|v| -v)
        }
    } else {
        i64::try_from(magnitude).ok()
    }
}

/// Parses one tag (the text after the leading `+`).
///
/// ```text
/// parse("k8s:ifEnabled(X)=+k8s:eachVal=+k8s:minimum=1 # note")
/// ```
pub fn parse(text: &str) -> Result<Tag, ParseError> {
    let mut p = Parser {
        chars: text.trim().chars().collect(),
        pos: 0,
    };
    let tag = p.tag()?;
    p.end()?;
    Ok(tag)
}

/// The name of a comment line that is a tag (`+name...`), as codetags'
/// `Extract` finds it: the longest prefix matching `[a-zA-Z_][a-zA-Z0-9_.\-:]*`.
///
/// ```text
/// tag_name_of("  +k8s:minimum=1") == Some("k8s:minimum"); tag_name_of("text") == None
/// ```
pub fn tag_name_of(line: &str) -> Option<&str> {
    let rest = line.trim_start_matches([' ', '\t']).strip_prefix('+')?;
    let mut end = 0;
    for (i, c) in rest.char_indices() {
        let ok = if i == 0 {
            is_ident_begin(c)
        } else {
            is_tag_name_interior(c)
        };
        if !ok {
            break;
        }
        end = i + c.len_utf8();
    }
    (end > 0).then(|| &rest[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(s: &str) -> Option<i64> {
        match parse(&format!("k8s:minimum={s}")) {
            Ok(t) => match t.value_literal() {
                Some(Literal::Int(i)) => Some(*i),
                _ => None,
            },
            Err(_) => None,
        }
    }

    fn err(s: &str) -> String {
        match parse(s) {
            Ok(t) => panic!("parsed {s:?} as {t:?}"),
            Err(e) => e.message,
        }
    }

    #[test]
    fn bare_tag() {
        let t = parse("k8s:required").unwrap();
        assert_eq!(t.name, "k8s:required");
        assert!(t.args.is_empty());
        assert_eq!(t.value, None);
        assert_eq!(t.short_name(), "required");
    }

    #[test]
    fn int_literal_forms() {
        assert_eq!(int("0"), Some(0));
        assert_eq!(int("10"), Some(10));
        assert_eq!(int("-10"), Some(-10));
        assert_eq!(int("+7"), Some(7));
        assert_eq!(int("0x1F"), Some(31));
        assert_eq!(int("0X1f"), Some(31));
        assert_eq!(int("0o17"), Some(15));
        assert_eq!(int("0O17"), Some(15));
        assert_eq!(int("017"), Some(15));
        assert_eq!(int("0b101"), Some(5));
        assert_eq!(int("1_000_000"), Some(1_000_000));
        assert_eq!(int("0x_ff"), Some(255));
        assert_eq!(int("-0x10"), Some(-16));
        assert_eq!(int("9223372036854775807"), Some(i64::MAX));
        assert_eq!(int("-9223372036854775808"), Some(i64::MIN));
    }

    #[test]
    fn invalid_ints() {
        for bad in [
            "08",
            "0x",
            "1__0",
            "1_",
            "0b2",
            "9223372036854775808",
            "12abc",
        ] {
            let msg = match parse(&format!("k8s:minimum={bad}")) {
                Ok(t) => panic!("{bad} parsed as {t:?}"),
                Err(e) => e.message,
            };
            assert!(msg.starts_with("invalid number"), "{bad}: {msg}");
        }
    }

    #[test]
    fn strings_and_identifiers() {
        let t = parse(r#"k8s:neq="a\"b\\c\n\t\x41\u00e9\U0001F600\101""#).unwrap();
        assert_eq!(
            t.value_literal(),
            Some(&Literal::String("a\"b\\c\n\tAé😀A".into()))
        );
        let t = parse(r"k8s:neq=`raw \n text`").unwrap();
        assert_eq!(
            t.value_literal(),
            Some(&Literal::String(r"raw \n text".into()))
        );
        let t = parse("k8s:format=k8s-short-name").unwrap();
        assert_eq!(
            t.value_literal(),
            Some(&Literal::String("k8s-short-name".into()))
        );
        let t = parse("k8s:neq=true").unwrap();
        assert_eq!(t.value_literal(), Some(&Literal::Bool(true)));
        let t = parse("k8s:neq=false").unwrap();
        assert_eq!(t.value_literal(), Some(&Literal::Bool(false)));
        let t = parse(r#"k8s:neq="true""#).unwrap();
        assert_eq!(t.value_literal(), Some(&Literal::String("true".into())));
    }

    #[test]
    fn bad_strings() {
        assert!(err(r#"k8s:neq="abc"#).starts_with("unterminated string"));
        assert!(err("k8s:neq=`abc").starts_with("unterminated string"));
        assert!(err(r#"k8s:neq="\q""#).starts_with("invalid escape sequence"));
        assert!(err(r#"k8s:neq="\xZZ""#).starts_with("invalid escape sequence"));
        assert!(err(r#"k8s:neq="\777""#).starts_with("invalid escape sequence"));
        assert!(err(r#"k8s:neq="\xff""#).contains("not valid UTF-8"));
    }

    #[test]
    fn positional_and_named_args() {
        let t = parse("k8s:ifEnabled(MyFeature)=+k8s:required").unwrap();
        assert_eq!(
            t.positional_arg(),
            Some(&Literal::String("MyFeature".into()))
        );
        assert_eq!(t.value_tag().map(|t| t.name.as_str()), Some("k8s:required"));
        let t = parse(r#"k8s:item(name: "a", port: 10, enabled: true)=+k8s:required"#).unwrap();
        assert_eq!(t.named_arg("name"), Some(&Literal::String("a".into())));
        assert_eq!(t.named_arg("port"), Some(&Literal::Int(10)));
        assert_eq!(t.named_arg("enabled"), Some(&Literal::Bool(true)));
        assert_eq!(t.args_text(), r#"name: "a", port: 10, enabled: true"#);
        let t = parse("k8s:validateFalse()").unwrap();
        assert!(t.args.is_empty());
        let t = parse("k8s:x( 5 )").unwrap();
        assert_eq!(t.positional_arg(), Some(&Literal::Int(5)));
        let t = parse("k8s:x(a:`q`,b:x.y-z)").unwrap();
        assert_eq!(t.named_arg("b"), Some(&Literal::String("x.y-z".into())));
    }

    #[test]
    fn arg_errors() {
        assert_eq!(
            err("k8s:x(a: 1, 2)"),
            "can't mix named and positional arguments"
        );
        assert_eq!(
            err("k8s:x(1, a: 2)"),
            "can't mix named and positional arguments"
        );
        assert_eq!(
            err("k8s:x(1, 2)"),
            "multiple arguments must use 'name: value' syntax"
        );
        assert_eq!(
            err("k8s:x(a"),
            "unexpected end of input: expected ',' or ')'"
        );
        assert!(err("k8s:x(=)").starts_with("unexpected character '=' at position 6"));
    }

    #[test]
    fn chaining_to_any_depth() {
        let t = parse(r#"k8s:ifEnabled(X)=+k8s:alpha(since: "1.36")=+k8s:eachVal=+k8s:minimum=1"#)
            .unwrap();
        let alpha = t.value_tag().unwrap();
        assert_eq!(alpha.name, "k8s:alpha");
        let each = alpha.value_tag().unwrap();
        let min = each.value_tag().unwrap();
        assert_eq!(min.value_literal(), Some(&Literal::Int(1)));
        assert_eq!(
            t.to_string(),
            r#"k8s:ifEnabled("X")=+k8s:alpha(since: "1.36")=+k8s:eachVal=+k8s:minimum=1"#
        );
    }

    #[test]
    fn payload_plus_number_is_a_number() {
        assert_eq!(int("+5"), Some(5));
    }

    #[test]
    fn trailing_comments() {
        let t = parse("k8s:maximum=1000000000 # HighestUserDefinablePriority").unwrap();
        assert_eq!(t.value_literal(), Some(&Literal::Int(1_000_000_000)));
        let t = parse("k8s:required   # comment").unwrap();
        assert_eq!(t.name, "k8s:required");
        let t = parse("k8s:eachVal=+k8s:minimum=1 # c").unwrap();
        assert!(t.value_tag().is_some());
        assert!(err("k8s:required#x").starts_with("unexpected character '#'"));
        assert!(err("k8s:maximum=1 x").contains("expected end of tag"));
    }

    #[test]
    fn value_errors() {
        assert_eq!(
            err("k8s:minimum="),
            "unexpected end of input: expected a value (identifier, string, int, bool) or +tag after '='"
        );
        assert!(err("k8s:minimum=)").starts_with("unexpected character ')'"));
        assert!(err("=1").contains("expected a tag name"));
    }

    #[test]
    fn tag_names_of_lines() {
        assert_eq!(tag_name_of("  +k8s:minimum=1"), Some("k8s:minimum"));
        assert_eq!(tag_name_of("\t+optional"), Some("optional"));
        assert_eq!(tag_name_of("+k8s:item(a: 1)"), Some("k8s:item"));
        assert_eq!(tag_name_of("text"), None);
        assert_eq!(tag_name_of("+ 1"), None);
    }
}
