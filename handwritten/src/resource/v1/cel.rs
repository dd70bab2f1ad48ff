//! DRA CEL selector compilation: the compile-time half of Kubernetes'
//! `k8s.io/dynamic-resource-allocation/cel` (`CompileCELExpression`) as
//! `validateCELSelector` in `pkg/apis/resource/validation` uses it.
//!
//! # What is whose
//!
//! Parsing (syntax, macros `has`/`all`/`exists`/`exists_one`/`map`/`filter`,
//! source positions) is done by the `cel` crate (cel-rust), a port of
//! cel-go's ANTLR grammar. cel-rust has no type checker and no cost
//! estimator, so both are written here, by hand, to behave like cel-go's
//! `checker` package in the environment Kubernetes declares:
//!
//! - the only variable is `device` (`kubernetes.DRADevice`) with the fields
//!   `driver` (string), `attributes` (`map(string, map(string, T))`),
//!   `capacity` (`map(string, map(string, kubernetes.Quantity))`) and, with
//!   consumable capacity (or for stored expressions), `allowMultipleAllocations`
//!   (bool); `T` is `any` (cel-go's well-known `google.protobuf.Any`) unless
//!   list-type attributes are enabled (or the expression is stored), then
//!   `dyn`. `any` behaves as `dyn` everywhere except as the range of a
//!   comprehension, which is why list macros over attributes only compile
//!   with list-type attributes;
//! - `includes` (member, `dyn.(dyn) -> bool`) exists only with list-type
//!   attributes (or stored);
//! - `cel.bind(name, init, body)` (cel-go's `ext.Bindings`);
//! - the functions of cel-go's standard library, optional types (`?.`,
//!   `[?]`, `optional.of`, `orValue`, ...) and the libraries of Kubernetes'
//!   base environment (`k8s.io/apiserver/pkg/cel/environment/base.go`):
//!   semver, quantity, regex `find`/`findAll`, Kubernetes lists, cel-go
//!   lists v3, sets, URL, IP/CIDR, format, the string extensions v2; see
//!   [`FUNCTIONS`];
//! - the AST validators of the base environment, after a clean check:
//!   list and map literal elements of one type except within `format`
//!   calls (`expected type 'int' but found 'string'`), and literal
//!   arguments of `matches` (a regex, compiled with the `regex` crate, RE2
//!   syntax like Go's `regexp`), `duration` (Go's duration grammar) and
//!   `timestamp` (RFC 3339) that parse (`invalid matches argument`, ...);
//! - errors in cel-go's words and layout: `undeclared reference to 'x' (in
//!   container '')`, `found no matching overload for 'f' applied to '(...)'`,
//!   `undefined field 'x'`, `type 'T' does not support field selection`,
//!   `expression of type 'T' cannot be range of a comprehension (must be list,
//!   map, or dynamic)`, each as `ERROR: <input>:L:C: ...` with the source line
//!   and a caret, sorted by position, prefixed `compilation failed: `;
//! - cel-go's parser limit of 250 (`CEL_GO_MAX_RECURSION_DEPTH`): nesting
//!   deeper than that is `expression recursion limit exceeded: 250`, longer
//!   chains of operators, selections, index operations and member calls are
//!   `max recursion depth exceeded` (`visitor_depth`), both at `<input>:-1:0`;
//!   compilation runs on a thread with a large stack, so that an expression
//!   nested as deep as cel-go accepts cannot overflow a small one;
//! - the result must be `bool` or the attribute type (`must evaluate to bool
//!   or the unknown type, not T`);
//! - the worst-case cost of cel-go's `checker.CostEstimator` with
//!   Kubernetes' library estimates and DRA's size estimator: identifiers and
//!   selections 1, literals 0, list/map literals 10/30 plus elements, calls
//!   1 plus arguments, presence tests (`has`) 0 (`PresenceTestHasCost(false)`),
//!   `&&`/`||` and `?:` their operands only, equality and
//!   string ordering the smaller size × 0.1, `in` a map 1 and a list its
//!   size, `matches`/`find` text × regex factors, `split` 0.2 × size,
//!   `includes` 48 (`ResourceSliceMaxAttributeValuesPerDevice`),
//!   comprehensions range size × (condition + step), `cel.bind` as the
//!   comprehension it expands to; sizes: driver 63, attribute and capacity
//!   maps 32, their keys 63 (domain) and 32 (id), attribute values 64. The
//!   expected costs of Kubernetes' `compile_test.go` are reproduced exactly
//!   (unit test `kubernetes_compile_test_cases`). The limit is
//!   `CELSelectorExpressionMaxCost` (1,000,000).
//!
//! The function tables are built once per feature set and the last 256
//! results are cached (parsing dominates: about 0.7 ms per selector in a
//! debug build).
//!
//! # Not matched
//!
//! - Syntax error text comes from cel-rust's ANTLR port of cel-go's grammar;
//!   the position and "Syntax error: ..." are cel-go's, but the wording of
//!   ANTLR's "expecting" sets is not guaranteed identical.
//! - Not declared here: the authz libraries (no `authorizer` variable exists
//!   for selectors anyway), two-variable comprehensions (`all(k, v, ...)`,
//!   `transformList`, ...: cel-rust's parser has no such macros), the
//!   `sortBy` macro, timestamp and duration accessors beyond the common ones;
//!   these report an undeclared reference where Kubernetes may compile.
//! - Rust's `regex` and Go's `regexp` are both RE2 dialects but not
//!   identical (some escapes, Unicode classes and flags differ); a regex
//!   literal on that border is judged by Rust's rules.
//! - Type unification is simpler than cel-go's (type parameters bind once;
//!   mixed literals become `list(dyn)`), so a type shown in a message can
//!   differ for unusual expressions.
//! - Cost estimates of functions not listed above count 1; an expression
//!   near the limit that leans on them can be judged differently.

use cel::common::ast::{CallExpr, ComprehensionExpr, EntryExpr, Expr, IdedExpr, LiteralValue};
use cel::parser::Parser;
use std::collections::BTreeMap;
use std::collections::HashMap;
use std::fmt;
use std::sync::{Mutex, OnceLock};

/// `CELSelectorExpressionMaxCost`.
pub const CEL_SELECTOR_EXPRESSION_MAX_COST: u64 = 1_000_000;
/// `DriverNameMaxLength`.
const DRIVER_MAX_LENGTH: u64 = 63;
/// `ResourceSliceMaxAttributesAndCapacitiesPerDevice`.
const MAX_ATTRIBUTES: u64 = 32;
/// `DeviceAttributeMaxValueLength`.
const ATTRIBUTE_MAX_VALUE_LENGTH: u64 = 64;

/// The features handed to the compiler (`dracel.Features`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CelFeatures {
    /// `EnableConsumableCapacity`: `device.allowMultipleAllocations` exists.
    pub consumable_capacity: bool,
    /// `EnableListTypeAttributes`: attributes are `dyn`, `includes` exists.
    pub list_type_attributes: bool,
}

/// Which environment compiles the expression (`environment.Type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EnvType {
    /// A new expression: the features decide what exists.
    New(CelFeatures),
    /// An already stored expression: everything the newest version knows.
    Stored,
}

impl EnvType {
    fn features(self) -> CelFeatures {
        match self {
            EnvType::New(f) => f,
            EnvType::Stored => CelFeatures {
                consumable_capacity: true,
                list_type_attributes: true,
            },
        }
    }
}

/// A compiled selector: its worst-case cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Compiled {
    /// Estimated maximum cost (saturating at `u64::MAX`).
    pub max_cost: u64,
}

/// Why an expression did not compile: the detail of Kubernetes' `Invalid`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{detail}")]
pub struct CompileError {
    /// `compilation failed: ...` or `must evaluate to bool ...`.
    pub detail: String,
}

/// A CEL type, as far as the checker needs one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ty {
    /// `bool`.
    Bool,
    /// `int`.
    Int,
    /// `uint`.
    Uint,
    /// `double`.
    Double,
    /// `string`.
    String,
    /// `bytes`.
    Bytes,
    /// `null_type`.
    Null,
    /// `dyn`.
    Dyn,
    /// `any` (`google.protobuf.Any`): dynamic, but not a comprehension range.
    Any,
    /// The type of an expression that already failed.
    Error,
    /// `google.protobuf.Duration`.
    Duration,
    /// `google.protobuf.Timestamp`.
    Timestamp,
    /// `list(T)`.
    List(Box<Ty>),
    /// `map(K, V)`.
    Map(Box<Ty>, Box<Ty>),
    /// `type(T)`.
    Type(Box<Ty>),
    /// A named object or opaque type (`kubernetes.DRADevice`, ...).
    Named(&'static str),
    /// `optional_type(T)` (cel-go's optional types, on in Kubernetes).
    Opt(Box<Ty>),
    /// A type parameter of an overload.
    Param(&'static str),
}

const DEVICE: &str = "kubernetes.DRADevice";
const QUANTITY: &str = "kubernetes.Quantity";
const SEMVER: &str = "kubernetes.Semver";

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ty::Bool => f.write_str("bool"),
            Ty::Int => f.write_str("int"),
            Ty::Uint => f.write_str("uint"),
            Ty::Double => f.write_str("double"),
            Ty::String => f.write_str("string"),
            Ty::Bytes => f.write_str("bytes"),
            Ty::Null => f.write_str("null_type"),
            Ty::Dyn => f.write_str("dyn"),
            Ty::Any => f.write_str("any"),
            Ty::Error => f.write_str("*error*"),
            Ty::Duration => f.write_str("google.protobuf.Duration"),
            Ty::Timestamp => f.write_str("google.protobuf.Timestamp"),
            Ty::List(e) => write!(f, "list({e})"),
            Ty::Map(k, v) => write!(f, "map({k}, {v})"),
            Ty::Type(t) => write!(f, "type({t})"),
            Ty::Named(n) => f.write_str(n),
            Ty::Opt(t) => write!(f, "optional_type({t})"),
            Ty::Param(p) => f.write_str(p),
        }
    }
}

fn list(t: Ty) -> Ty {
    Ty::List(Box::new(t))
}
fn map(k: Ty, v: Ty) -> Ty {
    Ty::Map(Box::new(k), Box::new(v))
}
fn opt(t: Ty) -> Ty {
    Ty::Opt(Box::new(t))
}
const A: Ty = Ty::Param("A");
const B: Ty = Ty::Param("B");

/// One overload: member or global, parameter types (the receiver first for
/// a member), result type.
struct Overload {
    member: bool,
    params: Vec<Ty>,
    result: Ty,
}

/// The declared functions: name → overloads.
struct Functions(BTreeMap<&'static str, Vec<Overload>>);

impl Functions {
    fn add(&mut self, name: &'static str, member: bool, params: Vec<Ty>, result: Ty) {
        self.0.entry(name).or_default().push(Overload {
            member,
            params,
            result,
        });
    }
    fn global(&mut self, name: &'static str, params: Vec<Ty>, result: Ty) {
        self.add(name, false, params, result);
    }
    fn member(&mut self, name: &'static str, params: Vec<Ty>, result: Ty) {
        self.add(name, true, params, result);
    }
}

/// The names of the functions declared in every environment (the list is
/// built by `functions`); `includes` comes on top with list-type attributes.
pub const FUNCTIONS: &[&str] = &[
    "!_",
    "-_",
    "_&&_",
    "_||_",
    "_?_:_",
    "_==_",
    "_!=_",
    "_<_",
    "_<=_",
    "_>_",
    "_>=_",
    "_+_",
    "_-_",
    "_*_",
    "_/_",
    "_%_",
    "_[_]",
    "@in",
    "@not_strictly_false",
    "size",
    "contains",
    "startsWith",
    "endsWith",
    "matches",
    "int",
    "uint",
    "double",
    "string",
    "bytes",
    "bool",
    "dyn",
    "type",
    "duration",
    "timestamp",
    "semver",
    "isSemver",
    "major",
    "minor",
    "patch",
    "isGreaterThan",
    "isLessThan",
    "compareTo",
    "quantity",
    "isQuantity",
    "isInteger",
    "asInteger",
    "asApproximateFloat",
    "sign",
    "add",
    "sub",
    "find",
    "findAll",
    "isSorted",
    "sum",
    "min",
    "max",
    "indexOf",
    "lastIndexOf",
    "charAt",
    "lowerAscii",
    "upperAscii",
    "replace",
    "split",
    "substring",
    "trim",
    "join",
    "_[?_]",
    "optional.of",
    "optional.ofNonZeroValue",
    "optional.none",
    "hasValue",
    "value",
    "or",
    "orValue",
    "sets.contains",
    "sets.equivalent",
    "sets.intersects",
    "url",
    "isURL",
    "getScheme",
    "getHost",
    "getHostname",
    "getPort",
    "getEscapedPath",
    "getQuery",
    "ip",
    "isIP",
    "ip.isCanonical",
    "family",
    "isUnspecified",
    "isLoopback",
    "isLinkLocalMulticast",
    "isLinkLocalUnicast",
    "isGlobalUnicast",
    "cidr",
    "isCIDR",
    "containsIP",
    "containsCIDR",
    "masked",
    "prefixLength",
    "format",
    "strings.quote",
];

/// The function table of an environment, built once per feature set.
fn functions_for(features: CelFeatures) -> &'static Functions {
    static TABLES: [OnceLock<Functions>; 4] = [const { OnceLock::new() }; 4];
    let index =
        usize::from(features.consumable_capacity) * 2 + usize::from(features.list_type_attributes);
    TABLES[index].get_or_init(|| functions(features))
}

fn functions(features: CelFeatures) -> Functions {
    use Ty::*;
    let mut f = Functions(BTreeMap::new());
    let q = || Named(QUANTITY);
    let s = || Named(SEMVER);
    f.global("!_", vec![Bool], Bool);
    f.global("-_", vec![Int], Int);
    f.global("-_", vec![Double], Double);
    f.global("-_", vec![Duration], Duration);
    f.global("_&&_", vec![Bool, Bool], Bool);
    f.global("_||_", vec![Bool, Bool], Bool);
    f.global("@not_strictly_false", vec![Bool], Bool);
    f.global("_?_:_", vec![Bool, A, A], A);
    f.global("_==_", vec![A, A], Bool);
    f.global("_!=_", vec![A, A], Bool);
    let ordered = [Int, Uint, Double, String, Bytes, Bool, Timestamp, Duration];
    let numeric = [Int, Uint, Double];
    for op in ["_<_", "_<=_", "_>_", "_>=_"] {
        for t in &ordered {
            f.global(op, vec![t.clone(), t.clone()], Bool);
        }
        for l in &numeric {
            for r in &numeric {
                if l != r {
                    f.global(op, vec![l.clone(), r.clone()], Bool);
                }
            }
        }
    }
    for t in [Int, Uint, Double, String, Bytes, Duration] {
        f.global("_+_", vec![t.clone(), t.clone()], t);
    }
    f.global("_+_", vec![list(A), list(A)], list(A));
    f.global("_+_", vec![Timestamp, Duration], Timestamp);
    f.global("_+_", vec![Duration, Timestamp], Timestamp);
    for t in [Int, Uint, Double, Duration] {
        f.global("_-_", vec![t.clone(), t.clone()], t);
    }
    f.global("_-_", vec![Timestamp, Timestamp], Duration);
    f.global("_-_", vec![Timestamp, Duration], Timestamp);
    for op in ["_*_", "_/_"] {
        for t in &numeric {
            f.global(op, vec![t.clone(), t.clone()], t.clone());
        }
    }
    f.global("_%_", vec![Int, Int], Int);
    f.global("_%_", vec![Uint, Uint], Uint);
    f.global("_[_]", vec![list(A), Int], A);
    f.global("_[_]", vec![map(A, B), A], B);
    f.global("@in", vec![A, list(A)], Bool);
    f.global("@in", vec![A, map(A, B)], Bool);
    for t in [String, Bytes, list(A), map(A, B)] {
        f.global("size", vec![t.clone()], Int);
        f.member("size", vec![t], Int);
    }
    for name in ["contains", "startsWith", "endsWith", "matches"] {
        f.member(name, vec![String, String], Bool);
    }
    f.global("matches", vec![String, String], Bool);
    for t in [Int, Uint, Double, String, Timestamp, Duration] {
        f.global("int", vec![t], Int);
    }
    for t in [Int, Uint, Double, String] {
        f.global("uint", vec![t.clone()], Uint);
        f.global("double", vec![t], Double);
    }
    for t in [Int, Uint, Double, String, Bytes, Bool, Timestamp, Duration] {
        f.global("string", vec![t], String);
    }
    f.global("bytes", vec![Bytes], Bytes);
    f.global("bytes", vec![String], Bytes);
    f.global("bool", vec![Bool], Bool);
    f.global("bool", vec![String], Bool);
    f.global("dyn", vec![A], Dyn);
    f.global("type", vec![A], Type(Box::new(A)));
    f.global("duration", vec![String], Duration);
    f.global("duration", vec![Duration], Duration);
    f.global("timestamp", vec![String], Timestamp);
    f.global("timestamp", vec![Int], Timestamp);
    f.global("timestamp", vec![Timestamp], Timestamp);
    for name in [
        "getFullYear",
        "getMonth",
        "getDayOfYear",
        "getDayOfMonth",
        "getDate",
        "getDayOfWeek",
        "getHours",
        "getMinutes",
        "getSeconds",
        "getMilliseconds",
    ] {
        f.member(name, vec![Timestamp], Int);
        f.member(name, vec![Timestamp, String], Int);
    }
    for name in ["getHours", "getMinutes", "getSeconds", "getMilliseconds"] {
        f.member(name, vec![Duration], Int);
    }
    // Kubernetes' semver library.
    f.global("semver", vec![String], s());
    f.global("semver", vec![String, Bool], s());
    f.global("isSemver", vec![String], Bool);
    f.global("isSemver", vec![String, Bool], Bool);
    for name in ["major", "minor", "patch"] {
        f.member(name, vec![s()], Int);
    }
    f.member("isGreaterThan", vec![s(), s()], Bool);
    f.member("isLessThan", vec![s(), s()], Bool);
    f.member("compareTo", vec![s(), s()], Int);
    // Kubernetes' quantity library.
    f.global("quantity", vec![String], q());
    f.global("isQuantity", vec![String], Bool);
    f.member("isInteger", vec![q()], Bool);
    f.member("asInteger", vec![q()], Int);
    f.member("asApproximateFloat", vec![q()], Double);
    f.member("sign", vec![q()], Int);
    f.member("add", vec![q(), q()], q());
    f.member("add", vec![q(), Int], q());
    f.member("sub", vec![q(), q()], q());
    f.member("sub", vec![q(), Int], q());
    f.member("isGreaterThan", vec![q(), q()], Bool);
    f.member("isLessThan", vec![q(), q()], Bool);
    f.member("compareTo", vec![q(), q()], Int);
    // Kubernetes' regex library.
    f.member("find", vec![String, String], String);
    f.member("findAll", vec![String, String], list(String));
    f.member("findAll", vec![String, String, Int], list(String));
    // Kubernetes' lists library.
    f.member("isSorted", vec![list(A)], Bool);
    for name in ["sum", "min", "max"] {
        f.member(name, vec![list(A)], A);
    }
    f.member("indexOf", vec![list(A), A], Int);
    f.member("lastIndexOf", vec![list(A), A], Int);
    // cel-go's string extensions.
    f.member("charAt", vec![String, Int], String);
    f.member("indexOf", vec![String, String], Int);
    f.member("indexOf", vec![String, String, Int], Int);
    f.member("lastIndexOf", vec![String, String], Int);
    f.member("lastIndexOf", vec![String, String, Int], Int);
    f.member("lowerAscii", vec![String], String);
    f.member("upperAscii", vec![String], String);
    f.member("replace", vec![String, String, String], String);
    f.member("replace", vec![String, String, String, Int], String);
    f.member("split", vec![String, String], list(String));
    f.member("split", vec![String, String, Int], list(String));
    f.member("substring", vec![String, Int], String);
    f.member("substring", vec![String, Int, Int], String);
    f.member("trim", vec![String], String);
    f.member("join", vec![list(String)], String);
    f.member("join", vec![list(String), String], String);
    // cel-go's optional types.
    f.global("_[?_]", vec![list(A), Int], opt(A));
    f.global("_[?_]", vec![map(A, B), A], opt(B));
    f.global("_[?_]", vec![opt(list(A)), Int], opt(A));
    f.global("_[?_]", vec![opt(map(A, B)), A], opt(B));
    f.global("_[_]", vec![opt(list(A)), Int], opt(A));
    f.global("_[_]", vec![opt(map(A, B)), A], opt(B));
    f.global("optional.of", vec![A], opt(A));
    f.global("optional.ofNonZeroValue", vec![A], opt(A));
    f.global("optional.none", vec![], opt(Dyn));
    f.member("hasValue", vec![opt(A)], Bool);
    f.member("value", vec![opt(A)], A);
    f.member("or", vec![opt(A), opt(A)], opt(A));
    f.member("orValue", vec![opt(A), A], A);
    // Kubernetes' sets, URL, IP and CIDR libraries and cel-go's format.
    for name in ["sets.contains", "sets.equivalent", "sets.intersects"] {
        f.global(name, vec![list(A), list(A)], Bool);
    }
    let url = || Named("kubernetes.URL");
    f.global("url", vec![String], url());
    f.global("isURL", vec![String], Bool);
    for name in [
        "getScheme",
        "getHost",
        "getHostname",
        "getPort",
        "getEscapedPath",
    ] {
        f.member(name, vec![url()], String);
    }
    f.member("getQuery", vec![url()], map(String, list(String)));
    let ip = || Named("net.IP");
    let cidr = || Named("net.CIDR");
    f.global("ip", vec![String], ip());
    f.global("isIP", vec![String], Bool);
    f.global("ip.isCanonical", vec![String], Bool);
    f.member("family", vec![ip()], Int);
    for name in [
        "isUnspecified",
        "isLoopback",
        "isLinkLocalMulticast",
        "isLinkLocalUnicast",
        "isGlobalUnicast",
    ] {
        f.member(name, vec![ip()], Bool);
    }
    f.global("cidr", vec![String], cidr());
    f.global("isCIDR", vec![String], Bool);
    f.member("containsIP", vec![cidr(), String], Bool);
    f.member("containsIP", vec![cidr(), ip()], Bool);
    f.member("containsCIDR", vec![cidr(), String], Bool);
    f.member("containsCIDR", vec![cidr(), cidr()], Bool);
    f.member("ip", vec![cidr()], ip());
    f.member("masked", vec![cidr()], cidr());
    f.member("prefixLength", vec![cidr()], Int);
    f.global("string", vec![ip()], String);
    f.global("string", vec![cidr()], String);
    f.member("format", vec![String, list(Dyn)], String);
    f.global("strings.quote", vec![String], String);
    // cel-go's lists extension (version 3).
    f.member("slice", vec![list(A), Int, Int], list(A));
    f.member("flatten", vec![list(A)], list(Dyn));
    f.member("flatten", vec![list(A), Int], list(Dyn));
    f.member("distinct", vec![list(A)], list(A));
    f.member("reverse", vec![list(A)], list(A));
    f.member("sort", vec![list(A)], list(A));
    f.member("first", vec![list(A)], opt(A));
    f.member("last", vec![list(A)], opt(A));
    f.global("lists.range", vec![Int], list(Int));
    // Kubernetes' format library.
    let format = || Named("kubernetes.NamedFormat");
    for name in [
        "format.dns1123Label",
        "format.dns1123Subdomain",
        "format.dns1035Label",
        "format.qualifiedName",
        "format.dns1123LabelPrefix",
        "format.dns1123SubdomainPrefix",
        "format.dns1035LabelPrefix",
        "format.labelValue",
        "format.uri",
        "format.uuid",
        "format.byte",
        "format.date",
        "format.datetime",
    ] {
        f.global(name, vec![], format());
    }
    f.global("format.named", vec![String], opt(format()));
    f.member("validate", vec![format(), String], opt(list(String)));
    if features.list_type_attributes {
        f.member("includes", vec![Dyn, Dyn], Bool);
    }
    f
}

/// Compiles `expression` as Kubernetes' DRA compiler does in `env`: `Err`
/// with the detail of the `Invalid` Kubernetes reports, `Ok` with the
/// estimated worst-case cost otherwise.
///
/// ```
/// use handwritten::resource::v1::cel::{compile, EnvType, CelFeatures};
/// let new = EnvType::New(CelFeatures::default());
/// assert!(compile(r#"device.driver == "dra.example.com""#, new).is_ok());
/// let err = compile("noSuchVar", new).unwrap_err();
/// assert_eq!(err.detail, "compilation failed: ERROR: <input>:1:1: undeclared reference to 'noSuchVar' (in container '')\n | noSuchVar\n | ^");
/// ```
pub fn compile(expression: &str, env: EnvType) -> Result<Compiled, CompileError> {
    type Cache = HashMap<(String, EnvType), Result<Compiled, CompileError>>;
    /// Results of recent compilations: validation sees the same selectors
    /// again and again (updates, fuzzing), and parsing dominates.
    static CACHE: OnceLock<Mutex<Cache>> = OnceLock::new();
    const CACHE_SIZE: usize = 256;
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let key = (expression.to_string(), env);
    if let Ok(map) = cache.lock()
        && let Some(hit) = map.get(&key)
    {
        return hit.clone();
    }
    let result = compile_on_a_large_stack(expression, env);
    if let Ok(mut map) = cache.lock() {
        if map.len() >= CACHE_SIZE {
            map.clear();
        }
        map.insert(key, result.clone());
    }
    result
}

/// [`compile_uncached`] on a thread of its own with [`COMPILE_STACK_BYTES`]
/// of stack: cel-rust's ANTLR parser and this module's checker and cost
/// estimate recurse once per nesting level, and an expression nested as
/// deep as cel-go accepts (250 levels) needs more stack than a test or
/// worker thread has in an unoptimised build. A panic in the compiler is
/// re-raised on the caller's thread, as if it had run there.
fn compile_on_a_large_stack(expression: &str, env: EnvType) -> Result<Compiled, CompileError> {
    let owned = expression.to_string();
    let worker = std::thread::Builder::new()
        .name("dra-cel-compile".to_string())
        .stack_size(COMPILE_STACK_BYTES)
        .spawn(move || compile_uncached(&owned, env));
    match worker {
        Ok(handle) => match handle.join() {
            Ok(result) => result,
            Err(panic) => std::panic::resume_unwind(panic),
        },
        // No thread to be had: compile here (shallow expressions fit).
        Err(_) => compile_uncached(expression, env),
    }
}

/// The stack of the compiling thread (reserved address space; pages are
/// committed only as deep expressions touch them).
const COMPILE_STACK_BYTES: usize = 256 * 1024 * 1024;

fn compile_uncached(expression: &str, env: EnvType) -> Result<Compiled, CompileError> {
    let parser = Parser::new()
        .enable_optional_syntax(true)
        .max_recursion_depth(CEL_GO_MAX_RECURSION_DEPTH - 1);
    let (ast, info) = match parser.parse_with_source_info(expression) {
        Ok(parsed) => parsed,
        Err(errors) => {
            if errors
                .errors
                .iter()
                .any(|e| e.msg.contains(CEL_RUST_RECURSION_ERROR))
            {
                return Err(CompileError {
                    detail: format!(
                        "compilation failed: ERROR: <input>:-1:0: expression recursion limit exceeded: {CEL_GO_MAX_RECURSION_DEPTH}"
                    ),
                });
            }
            let mut issues: Vec<Issue> = errors
                .errors
                .iter()
                // cel-rust's column is 1-based; cel-go's issues are 0-based.
                .map(|e| Issue {
                    line: e.pos.0.max(1) as usize,
                    column: (e.pos.1 - 1).max(0) as usize,
                    message: e.msg.clone(),
                })
                .collect();
            return Err(CompileError {
                detail: format!("compilation failed: {}", render(expression, &mut issues)),
            });
        }
    };
    if visitor_depth(&ast) > usize::from(CEL_GO_MAX_RECURSION_DEPTH) {
        return Err(CompileError {
            detail: "compilation failed: ERROR: <input>:-1:0: max recursion depth exceeded"
                .to_string(),
        });
    }
    let features = env.features();
    let mut checker = Checker {
        functions: functions_for(features),
        features,
        scopes: Vec::new(),
        issues: Vec::new(),
        types: BTreeMap::new(),
        offsets: &info,
        source: expression,
    };
    let ty = checker.check(&ast);
    if checker.issues.is_empty() {
        // The base environment's AST validators run on a checked AST only.
        validate_ast(&ast, false, &mut checker);
    }
    if !checker.issues.is_empty() {
        let mut issues = std::mem::take(&mut checker.issues);
        return Err(CompileError {
            detail: format!("compilation failed: {}", render(expression, &mut issues)),
        });
    }
    let attribute = attribute_type(features);
    if ty != Ty::Bool && ty != attribute {
        return Err(CompileError {
            detail: format!("must evaluate to bool or the unknown type, not {ty}"),
        });
    }
    let mut coster = Coster {
        types: &checker.types,
        vars: Vec::new(),
    };
    let max_cost = coster.cost(&ast);
    Ok(Compiled { max_cost })
}

/// cel-go's parser limit (`maxRecursionDepth`, 250 unless the environment
/// sets `ParserRecursionLimit`, which Kubernetes does not). It bounds two
/// depths: the nesting of each grammar rule while ANTLR parses (cel-go's
/// recursion listener: `expression recursion limit exceeded: 250`; cel-rust
/// has the same listener, counting `expr` rules, which for nesting is the
/// same count, so it is given the limit that stops at the same nesting) and
/// the depth of [`visitor_depth`] while the AST is built (`max recursion
/// depth exceeded`). Both errors have no location (`<input>:-1:0`, no snippet).
const CEL_GO_MAX_RECURSION_DEPTH: u16 = 250;

/// What cel-rust's recursion listener says when the limit is passed.
const CEL_RUST_RECURSION_ERROR: &str = "Recursion limit of";

/// The depth cel-go's parse-tree visitor counts against
/// [`CEL_GO_MAX_RECURSION_DEPTH`]: along any path, the ternaries, relation
/// and arithmetic operators, field selections, index operations and member
/// calls (each of those a context the visitor enters with a depth check;
/// `&&`/`||` chains, unary operators, global calls and literals are not).
/// A comprehension stands for the member-call macro it was expanded from
/// (`x.all(..)`, `x.map(..)`, ...); the nodes a macro synthesises inside it
/// are counted too, so this may exceed cel-go's count by up to two for an
/// expression whose deepest path runs through a `map`/`filter` body.
fn visitor_depth(e: &IdedExpr) -> usize {
    let deepest =
        |es: &mut dyn Iterator<Item = &IdedExpr>| es.map(visitor_depth).max().unwrap_or(0);
    match &e.expr {
        Expr::Select(sel) => 1 + visitor_depth(&sel.operand),
        Expr::Call(call) => {
            let own = usize::from(
                call.target.is_some()
                    || matches!(
                        call.func_name.as_str(),
                        "_?_:_"
                            | "_==_"
                            | "_!=_"
                            | "_<_"
                            | "_<=_"
                            | "_>_"
                            | "_>=_"
                            | "@in"
                            | "_+_"
                            | "_-_"
                            | "_*_"
                            | "_/_"
                            | "_%_"
                            | "_[_]"
                            | "_[?_]"
                            | "_?._"
                    ),
            );
            own + deepest(&mut call.target.iter().map(|t| &**t).chain(call.args.iter()))
        }
        Expr::Comprehension(c) => {
            1 + deepest(
                &mut [
                    &c.iter_range,
                    &c.accu_init,
                    &c.loop_cond,
                    &c.loop_step,
                    &c.result,
                ]
                .into_iter(),
            )
        }
        Expr::List(list) => deepest(&mut list.elements.iter()),
        Expr::Map(map) => deepest(&mut map.entries.iter().flat_map(entry_exprs)),
        Expr::Struct(st) => deepest(&mut st.entries.iter().flat_map(entry_exprs)),
        Expr::Unspecified | Expr::Ident(_) | Expr::Literal(_) => 0,
    }
}

/// The expressions of a map or struct literal entry.
fn entry_exprs(entry: &cel::common::ast::IdedEntryExpr) -> Vec<&IdedExpr> {
    match &entry.expr {
        EntryExpr::MapEntry(m) => vec![&m.key, &m.value],
        EntryExpr::StructField(f) => vec![&f.value],
    }
}

fn attribute_type(features: CelFeatures) -> Ty {
    if features.list_type_attributes {
        Ty::Dyn
    } else {
        Ty::Any
    }
}

fn device_field(features: CelFeatures, name: &str) -> Option<Ty> {
    match name {
        "driver" => Some(Ty::String),
        "attributes" => Some(map(Ty::String, map(Ty::String, attribute_type(features)))),
        "capacity" => Some(map(Ty::String, map(Ty::String, Ty::Named(QUANTITY)))),
        "allowMultipleAllocations" if features.consumable_capacity => Some(Ty::Bool),
        _ => None,
    }
}

/// One checker error at a 1-based line and 0-based column.
struct Issue {
    line: usize,
    column: usize,
    message: String,
}

/// cel-go's `Errors.ToDisplayString`: sorted by position, each with its
/// source line and a caret under the column.
fn render(source: &str, issues: &mut [Issue]) -> String {
    issues.sort_by_key(|i| (i.line, i.column));
    let mut out = Vec::new();
    for issue in issues.iter() {
        let mut s = format!(
            "ERROR: <input>:{}:{}: {}",
            issue.line,
            issue.column + 1,
            issue.message
        );
        // cel-go shows no snippet for an empty source.
        let snippet = if source.is_empty() {
            None
        } else {
            source.split('\n').nth(issue.line.saturating_sub(1))
        };
        if let Some(line) = snippet {
            let line = line.replace('\t', " ");
            s.push_str("\n | ");
            s.push_str(&line);
            s.push_str("\n | ");
            let mut chars = line.chars();
            for _ in 0..issue.column {
                match chars.next() {
                    Some(c) if c.len_utf8() > 1 => s.push('\u{FF0E}'),
                    Some(_) => s.push('.'),
                    None => break,
                }
            }
            match chars.next() {
                Some(c) if c.len_utf8() > 1 => s.push('\u{FF3E}'),
                _ => s.push('^'),
            }
        }
        out.push(s);
    }
    out.join("\n")
}

struct Checker<'a> {
    functions: &'static Functions,
    features: CelFeatures,
    scopes: Vec<(String, Ty)>,
    issues: Vec<Issue>,
    types: BTreeMap<u64, Ty>,
    offsets: &'a cel::common::ast::SourceInfo,
    source: &'a str,
}

/// Whether `t` is dynamic for assignment (`dyn`, `any`, an error).
fn is_dyn_or_error(t: &Ty) -> bool {
    matches!(t, Ty::Dyn | Ty::Any | Ty::Error)
}

/// `arg` can be passed where `param` is expected, binding type parameters.
fn assignable(param: &Ty, arg: &Ty, bound: &mut BTreeMap<&'static str, Ty>) -> bool {
    if let Ty::Param(p) = param {
        return match bound.get(p).cloned() {
            None => {
                bound.insert(p, arg.clone());
                true
            }
            Some(b) => {
                if is_dyn_or_error(&b) && !is_dyn_or_error(arg) {
                    bound.insert(p, arg.clone());
                    true
                } else {
                    assignable(&b, arg, &mut BTreeMap::new())
                }
            }
        };
    }
    if is_dyn_or_error(param) || is_dyn_or_error(arg) {
        return true;
    }
    match (param, arg) {
        (Ty::List(p), Ty::List(a)) => assignable(p, a, bound),
        (Ty::Map(pk, pv), Ty::Map(ak, av)) => {
            assignable(pk, ak, bound) && assignable(pv, av, bound)
        }
        (Ty::Type(p), Ty::Type(a)) => assignable(p, a, bound),
        (Ty::Opt(p), Ty::Opt(a)) => assignable(p, a, bound),
        _ => param == arg,
    }
}

fn substitute(t: &Ty, bound: &BTreeMap<&'static str, Ty>) -> Ty {
    match t {
        Ty::Param(p) => bound.get(p).cloned().unwrap_or(Ty::Dyn),
        Ty::List(e) => list(substitute(e, bound)),
        Ty::Map(k, v) => map(substitute(k, bound), substitute(v, bound)),
        Ty::Type(e) => Ty::Type(Box::new(substitute(e, bound))),
        Ty::Opt(e) => opt(substitute(e, bound)),
        other => other.clone(),
    }
}

/// The result type of several matching overloads: their type when all
/// agree, `dyn` otherwise.
fn join(types: &[Ty]) -> Ty {
    match types.split_first() {
        None => Ty::Dyn,
        Some((first, rest)) if rest.iter().all(|t| t == first) => first.clone(),
        _ => Ty::Dyn,
    }
}

impl Checker<'_> {
    fn location(&self, id: u64) -> (usize, usize) {
        let Some((start, _)) = self.offsets.offset_for(id) else {
            return (1, 0);
        };
        let mut line = 1;
        let mut column = 0;
        for (i, c) in self.source.chars().enumerate() {
            if i as u32 >= start {
                break;
            }
            if c == '\n' {
                line += 1;
                column = 0;
            } else {
                column += 1;
            }
        }
        (line, column)
    }

    fn report(&mut self, id: u64, message: String) {
        let (line, column) = self.location(id);
        self.issues.push(Issue {
            line,
            column,
            message,
        });
    }

    fn undeclared(&mut self, id: u64, name: &str) {
        self.report(
            id,
            format!("undeclared reference to '{name}' (in container '')"),
        );
    }

    fn lookup(&self, name: &str) -> Option<Ty> {
        if let Some((_, t)) = self.scopes.iter().rev().find(|(n, _)| n == name) {
            return Some(t.clone());
        }
        match name {
            "device" => Some(Ty::Named(DEVICE)),
            "bool" => Some(Ty::Type(Box::new(Ty::Bool))),
            "int" => Some(Ty::Type(Box::new(Ty::Int))),
            "uint" => Some(Ty::Type(Box::new(Ty::Uint))),
            "double" => Some(Ty::Type(Box::new(Ty::Double))),
            "string" => Some(Ty::Type(Box::new(Ty::String))),
            "bytes" => Some(Ty::Type(Box::new(Ty::Bytes))),
            "null_type" => Some(Ty::Type(Box::new(Ty::Null))),
            "list" => Some(Ty::Type(Box::new(list(Ty::Dyn)))),
            "map" => Some(Ty::Type(Box::new(map(Ty::Dyn, Ty::Dyn)))),
            "type" => Some(Ty::Type(Box::new(Ty::Type(Box::new(Ty::Dyn))))),
            _ => None,
        }
    }

    fn check(&mut self, e: &IdedExpr) -> Ty {
        let t = self.check_kind(e);
        self.types.insert(e.id, t.clone());
        t
    }

    fn check_kind(&mut self, e: &IdedExpr) -> Ty {
        match &e.expr {
            Expr::Unspecified => Ty::Error,
            Expr::Literal(l) => match l {
                LiteralValue::Boolean(_) => Ty::Bool,
                LiteralValue::Bytes(_) => Ty::Bytes,
                LiteralValue::Double(_) => Ty::Double,
                LiteralValue::Int(_) => Ty::Int,
                LiteralValue::Null => Ty::Null,
                LiteralValue::String(_) => Ty::String,
                LiteralValue::UInt(_) => Ty::Uint,
            },
            Expr::Ident(name) => match self.lookup(name) {
                Some(t) => t,
                None => {
                    self.undeclared(e.id, name);
                    Ty::Error
                }
            },
            Expr::Select(sel) => {
                let operand = self.check(&sel.operand);
                let t = self.select(e.id, &operand, &sel.field);
                if sel.test { Ty::Bool } else { t }
            }
            Expr::List(l) => {
                let mut elements: Option<Ty> = None;
                for x in &l.elements {
                    let t = self.check(x);
                    elements = Some(self.join_literal(x.id, elements, t));
                }
                list(elements.unwrap_or(Ty::Dyn))
            }
            Expr::Map(m) => {
                let mut keys: Option<Ty> = None;
                let mut values: Option<Ty> = None;
                for entry in &m.entries {
                    if let EntryExpr::MapEntry(me) = &entry.expr {
                        let k = self.check(&me.key);
                        keys = Some(self.join_literal(me.key.id, keys, k));
                        let v = self.check(&me.value);
                        values = Some(self.join_literal(me.value.id, values, v));
                    }
                }
                map(keys.unwrap_or(Ty::Dyn), values.unwrap_or(Ty::Dyn))
            }
            Expr::Struct(s) => {
                self.undeclared(e.id, &s.type_name);
                Ty::Error
            }
            Expr::Comprehension(c) => self.comprehension(c),
            Expr::Call(call) => self.call(e.id, call),
        }
    }

    /// cel-go's `joinTypes` with dynamic aggregate literals: the more general
    /// of two assignable types, `dyn` otherwise. Kubernetes' homogeneity
    /// requirement is a validator run after checking ([`validate_ast`]).
    fn join_literal(&mut self, _id: u64, previous: Option<Ty>, current: Ty) -> Ty {
        let Some(previous) = previous else {
            return current;
        };
        if assignable(&previous, &current, &mut BTreeMap::new()) {
            if is_dyn_or_error(&current) && !is_dyn_or_error(&previous) {
                current
            } else {
                previous
            }
        } else {
            Ty::Dyn
        }
    }

    fn select(&mut self, id: u64, operand: &Ty, field: &str) -> Ty {
        if let Ty::Opt(inner) = operand {
            return match self.select(id, inner, field) {
                Ty::Error => Ty::Error,
                t => opt(t),
            };
        }
        match operand {
            Ty::Named(DEVICE) => match device_field(self.features, field) {
                Some(t) => t,
                None => {
                    self.report(id, format!("undefined field '{field}'"));
                    Ty::Error
                }
            },
            Ty::Map(_, v) => (**v).clone(),
            t if is_dyn_or_error(t) => Ty::Dyn,
            t => {
                self.report(id, format!("type '{t}' does not support field selection"));
                Ty::Error
            }
        }
    }

    fn comprehension(&mut self, c: &ComprehensionExpr) -> Ty {
        let range = self.check(&c.iter_range);
        let accu = self.check(&c.accu_init);
        let (var, var2) = match &range {
            Ty::List(e) => (Ty::Int, (**e).clone()),
            Ty::Map(k, v) => ((**k).clone(), (**v).clone()),
            Ty::Dyn | Ty::Error => (Ty::Dyn, Ty::Dyn),
            other => {
                self.report(
                    c.iter_range.id,
                    format!(
                        "expression of type '{other}' cannot be range of a comprehension (must be list, map, or dynamic)"
                    ),
                );
                (Ty::Error, Ty::Error)
            }
        };
        let depth = self.scopes.len();
        self.scopes.push((c.accu_var.clone(), accu));
        match &c.iter_var2 {
            Some(v2) => {
                self.scopes.push((c.iter_var.clone(), var));
                self.scopes.push((v2.clone(), var2));
            }
            None => {
                let single = if matches!(range, Ty::List(_)) {
                    var2
                } else {
                    var
                };
                self.scopes.push((c.iter_var.clone(), single));
            }
        }
        self.check(&c.loop_cond);
        self.check(&c.loop_step);
        self.scopes.truncate(depth + 1);
        let result = self.check(&c.result);
        self.scopes.truncate(depth);
        result
    }

    fn call(&mut self, id: u64, call: &CallExpr) -> Ty {
        let name = call.func_name.as_str();
        if name == "_?._" && call.args.len() == 2 {
            let operand = self.check(&call.args[0]);
            let field = match &call.args[1].expr {
                Expr::Literal(LiteralValue::String(f)) => f.to_string(),
                _ => String::new(),
            };
            return match self.select(id, &operand, &field) {
                Ty::Error => Ty::Error,
                t @ Ty::Opt(_) => t,
                t => opt(t),
            };
        }
        if let Some(target) = &call.target
            && let Expr::Ident(prefix) = &target.expr
            && self.lookup(prefix).is_none()
        {
            let qualified = format!("{prefix}.{name}");
            if let Some(key) = self.functions.0.keys().find(|k| **k == qualified).copied() {
                let types: Vec<Ty> = call.args.iter().map(|a| self.check(a)).collect();
                return self.resolve(id, key, false, &types);
            }
        }
        if let Some(target) = &call.target {
            if name == "bind"
                && matches!(&target.expr, Expr::Ident(t) if t == "cel")
                && self.lookup("cel").is_none()
                && call.args.len() == 3
                && let Expr::Ident(var) = &call.args[0].expr
            {
                let init = self.check(&call.args[1]);
                self.scopes.push((var.clone(), init));
                let body = self.check(&call.args[2]);
                self.scopes.pop();
                return body;
            }
            let target_ty = self.check(target);
            if !self.functions.0.contains_key(name) {
                self.undeclared(id, name);
                return Ty::Error;
            }
            let mut types = vec![target_ty];
            types.extend(call.args.iter().map(|a| self.check(a)));
            return self.resolve(id, name, true, &types);
        }
        if !self.functions.0.contains_key(name) {
            self.undeclared(id, name);
            return Ty::Error;
        }
        let types: Vec<Ty> = call.args.iter().map(|a| self.check(a)).collect();
        self.resolve(id, name, false, &types)
    }

    fn resolve(&mut self, id: u64, name: &str, member: bool, types: &[Ty]) -> Ty {
        let mut results = Vec::new();
        if let Some(overloads) = self.functions.0.get(name) {
            for o in overloads {
                if o.member != member || o.params.len() != types.len() {
                    continue;
                }
                let mut bound = BTreeMap::new();
                if o.params
                    .iter()
                    .zip(types)
                    .all(|(p, a)| assignable(p, a, &mut bound))
                {
                    results.push(substitute(&o.result, &bound));
                }
            }
        }
        if results.is_empty() {
            let shown = if member {
                let (target, rest) = types
                    .split_first()
                    .map_or((String::new(), &[][..]), |(t, r)| (t.to_string(), r));
                format!(
                    "{target}.({})",
                    rest.iter()
                        .map(Ty::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            } else {
                format!(
                    "({})",
                    types
                        .iter()
                        .map(Ty::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            };
            self.report(
                id,
                format!("found no matching overload for '{name}' applied to '{shown}'"),
            );
            return Ty::Error;
        }
        join(&results)
    }
}

/// The AST validators of Kubernetes' base environment (`cel.ASTValidators`
/// and `HomogeneousAggregateLiterals`): list and map literals of one
/// element type (except within `format` calls), and literal arguments of
/// `matches` (a regex), `duration` and `timestamp` that parse. `exempt`:
/// `e` is a literal inside a `format` call.
fn validate_ast(e: &IdedExpr, exempt: bool, checker: &mut Checker<'_>) {
    match &e.expr {
        Expr::List(l) => {
            if !exempt {
                let mut first: Option<Ty> = None;
                for x in &l.elements {
                    let t = checker.types.get(&x.id).cloned().unwrap_or(Ty::Dyn);
                    match &first {
                        None => first = Some(t),
                        Some(f) if *f != t => {
                            checker.report(x.id, format!("expected type '{f}' but found '{t}'"));
                            break;
                        }
                        Some(_) => {}
                    }
                }
            }
            for x in &l.elements {
                validate_ast(x, exempt, checker);
            }
        }
        Expr::Map(m) => {
            let mut first: Option<(Ty, Ty)> = None;
            for entry in &m.entries {
                let EntryExpr::MapEntry(me) = &entry.expr else {
                    continue;
                };
                let k = checker.types.get(&me.key.id).cloned().unwrap_or(Ty::Dyn);
                let v = checker.types.get(&me.value.id).cloned().unwrap_or(Ty::Dyn);
                if exempt {
                    continue;
                }
                match &first {
                    None => first = Some((k, v)),
                    Some((fk, fv)) => {
                        let (fk, fv) = (fk.clone(), fv.clone());
                        if fk != k {
                            checker
                                .report(me.key.id, format!("expected type '{fk}' but found '{k}'"));
                        }
                        if fv != v {
                            checker.report(
                                me.value.id,
                                format!("expected type '{fv}' but found '{v}'"),
                            );
                        }
                    }
                }
            }
            for entry in &m.entries {
                if let EntryExpr::MapEntry(me) = &entry.expr {
                    validate_ast(&me.key, exempt, checker);
                    validate_ast(&me.value, exempt, checker);
                }
            }
        }
        Expr::Call(call) => {
            if let Some(arg) = call.args.first()
                && let Expr::Literal(lit) = &arg.expr
            {
                let valid = match (call.func_name.as_str(), lit) {
                    ("matches", LiteralValue::String(re)) => regex::Regex::new(re).is_ok(),
                    ("duration", LiteralValue::String(d)) => is_go_duration(d),
                    ("timestamp", LiteralValue::String(t)) => is_rfc3339(t),
                    _ => true,
                };
                if !valid {
                    checker.report(arg.id, format!("invalid {} argument", call.func_name));
                }
            }
            let in_format = call.func_name == "format";
            if let Some(t) = &call.target {
                validate_ast(t, in_format, checker);
            }
            for a in &call.args {
                validate_ast(a, in_format, checker);
            }
        }
        Expr::Select(sel) => validate_ast(&sel.operand, false, checker),
        Expr::Comprehension(c) => {
            for x in [
                &c.iter_range,
                &c.accu_init,
                &c.loop_cond,
                &c.loop_step,
                &c.result,
            ] {
                validate_ast(x, false, checker);
            }
        }
        Expr::Struct(s) => {
            for entry in &s.entries {
                if let EntryExpr::StructField(f) = &entry.expr {
                    validate_ast(&f.value, false, checker);
                }
            }
        }
        Expr::Unspecified | Expr::Ident(_) | Expr::Literal(_) => {}
    }
}

/// Go's `time.ParseDuration` grammar: an optional sign, then `0` or a
/// sequence of decimal numbers each with a unit (`ns`, `us`, `µs`, `ms`,
/// `s`, `m`, `h`).
fn is_go_duration(s: &str) -> bool {
    let s = s.strip_prefix(['-', '+']).unwrap_or(s);
    if s == "0" {
        return true;
    }
    if s.is_empty() {
        return false;
    }
    let mut rest = s;
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        let number = &rest[..digits];
        if number.is_empty() || number == "." || number.matches('.').count() > 1 {
            return false;
        }
        rest = &rest[digits..];
        let unit = ["ns", "us", "µs", "μs", "ms", "s", "m", "h"]
            .into_iter()
            .find(|u| rest.starts_with(u) && !(*u == "m" && rest.starts_with("ms")));
        match unit {
            Some(u) => rest = &rest[u.len()..],
            None => return false,
        }
    }
    true
}

/// An RFC 3339 timestamp as Go's `time.Parse(time.RFC3339, ...)` accepts
/// it, within CEL's range (years 1 to 9999).
fn is_rfc3339(s: &str) -> bool {
    let b = s.as_bytes();
    let num = |from: usize, len: usize| -> Option<u32> {
        let part = s.get(from..from + len)?;
        if part.bytes().all(|c| c.is_ascii_digit()) {
            part.parse().ok()
        } else {
            None
        }
    };
    let (Some(year), Some(month), Some(day), Some(hour), Some(minute), Some(second)) = (
        num(0, 4),
        num(5, 2),
        num(8, 2),
        num(11, 2),
        num(14, 2),
        num(17, 2),
    ) else {
        return false;
    };
    if b.len() < 20
        || b[4] != b'-'
        || b[7] != b'-'
        || !matches!(b[10], b'T' | b't')
        || b[13] != b':'
        || b[16] != b':'
    {
        return false;
    }
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    if year == 0 || day == 0 || day > days || hour > 23 || minute > 59 || second > 59 {
        return false;
    }
    let mut rest = &s[19..];
    if let Some(frac) = rest.strip_prefix('.') {
        let n = frac
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(frac.len());
        if n == 0 {
            return false;
        }
        rest = &frac[n..];
    }
    match rest {
        "Z" | "z" => true,
        zone => {
            let zb = zone.as_bytes();
            zb.len() == 6
                && matches!(zb[0], b'+' | b'-')
                && zb[3] == b':'
                && zone[1..3].parse::<u32>().is_ok_and(|h| h < 24)
                && zone[4..6].parse::<u32>().is_ok_and(|m| m < 60)
        }
    }
}

/// The worst-case cost of an expression, after cel-go's estimator with
/// Kubernetes' library estimates and DRA's size estimator.
struct Coster<'a> {
    /// The checked type of every expression, by id.
    types: &'a BTreeMap<u64, Ty>,
    /// Comprehension and binding variables with the size of their values.
    vars: Vec<(String, u64)>,
}

/// `common.StringTraversalCostFactor`.
const STRING_TRAVERSAL_FACTOR: f64 = 0.1;
/// `common.RegexStringLengthCostFactor`.
const REGEX_LENGTH_FACTOR: f64 = 0.25;
/// `ResourceSliceMaxAttributeValuesPerDevice`: the estimate of `includes`.
const MAX_ATTRIBUTE_VALUES: u64 = 48;
/// `DeviceMaxDomainLength`: the size of a key of `device.attributes`.
const DOMAIN_MAX_LENGTH: u64 = 63;
/// `DeviceMaxIDLength`: the size of a key of `device.attributes[domain]`.
const ID_MAX_LENGTH: u64 = 32;

/// `SizeEstimate.MultiplyByCostFactor`: rounded up, saturating.
fn factor(size: u64, f: f64) -> u64 {
    if size == u64::MAX {
        return u64::MAX;
    }
    ((size as f64) * f).ceil() as u64
}

impl Coster<'_> {
    fn ty(&self, e: &IdedExpr) -> Ty {
        self.types.get(&e.id).cloned().unwrap_or(Ty::Dyn)
    }

    /// The maximum size of what `e` evaluates to (elements of a list or map,
    /// characters of a string), `u64::MAX` when unknown.
    fn size(&self, e: &IdedExpr) -> u64 {
        match &e.expr {
            Expr::Literal(LiteralValue::String(s)) => s.chars().count() as u64,
            Expr::Literal(LiteralValue::Bytes(b)) => b.len() as u64,
            Expr::Literal(_) => 1,
            Expr::List(l) => l.elements.len() as u64,
            Expr::Map(m) => m.entries.len() as u64,
            Expr::Ident(name) => self
                .vars
                .iter()
                .rev()
                .find(|(n, _)| n == name)
                .map_or(u64::MAX, |(_, s)| *s),
            Expr::Comprehension(c) => self.size(&c.iter_range),
            _ => match device_path(e).as_deref() {
                Some(["driver"]) => DRIVER_MAX_LENGTH,
                Some(["allowMultipleAllocations"]) => 1,
                Some(["attributes" | "capacity"]) => MAX_ATTRIBUTES,
                Some(["attributes" | "capacity", _]) => MAX_ATTRIBUTES,
                Some(["attributes", _, _]) => ATTRIBUTE_MAX_VALUE_LENGTH,
                _ => u64::MAX,
            },
        }
    }

    /// The size of the elements (list) or keys (map) a comprehension over
    /// `range` iterates.
    fn element_size(&self, range: &IdedExpr) -> u64 {
        match &range.expr {
            Expr::List(l) => l.elements.iter().map(|x| self.size(x)).max().unwrap_or(0),
            _ => match device_path(range).as_deref() {
                Some(["attributes" | "capacity"]) => DOMAIN_MAX_LENGTH,
                Some(["attributes" | "capacity", _]) => ID_MAX_LENGTH,
                _ => u64::MAX,
            },
        }
    }

    fn cost(&mut self, e: &IdedExpr) -> u64 {
        match &e.expr {
            Expr::Unspecified | Expr::Literal(_) => 0,
            Expr::Ident(_) => 1,
            // `PresenceTestHasCost(false)` in Kubernetes' base environment.
            Expr::Select(sel) if sel.test => self.cost(&sel.operand),
            Expr::Select(sel) => self.cost(&sel.operand).saturating_add(1),
            Expr::List(l) => l
                .elements
                .iter()
                .fold(10u64, |acc, x| acc.saturating_add(self.cost(x))),
            Expr::Map(m) => m
                .entries
                .iter()
                .fold(30u64, |acc, entry| match &entry.expr {
                    EntryExpr::MapEntry(me) => acc
                        .saturating_add(self.cost(&me.key))
                        .saturating_add(self.cost(&me.value)),
                    EntryExpr::StructField(sf) => acc.saturating_add(self.cost(&sf.value)),
                }),
            Expr::Struct(s) => s
                .entries
                .iter()
                .fold(40u64, |acc, entry| match &entry.expr {
                    EntryExpr::StructField(sf) => acc.saturating_add(self.cost(&sf.value)),
                    EntryExpr::MapEntry(me) => acc.saturating_add(self.cost(&me.value)),
                }),
            Expr::Comprehension(c) => {
                let mut sum = self
                    .cost(&c.iter_range)
                    .saturating_add(self.cost(&c.accu_init));
                let element = self.element_size(&c.iter_range);
                self.vars.push((c.iter_var.clone(), element));
                let per_iteration = self
                    .cost(&c.loop_cond)
                    .saturating_add(self.cost(&c.loop_step));
                self.vars.pop();
                sum = sum.saturating_add(self.cost(&c.result));
                sum.saturating_add(self.size(&c.iter_range).saturating_mul(per_iteration))
            }
            Expr::Call(call) => self.call_cost(call),
        }
    }

    fn call_cost(&mut self, call: &CallExpr) -> u64 {
        let name = call.func_name.as_str();
        if name == "bind"
            && matches!(call.target.as_deref(), Some(IdedExpr { expr: Expr::Ident(t), .. }) if t == "cel")
            && call.args.len() == 3
        {
            // cel.bind expands to a comprehension over an empty list
            // literal (10) whose accumulator is the bound value.
            let init = self.cost(&call.args[1]);
            let var = match &call.args[0].expr {
                Expr::Ident(v) => v.clone(),
                _ => String::new(),
            };
            let size = self.size(&call.args[1]);
            self.vars.push((var, size));
            let body = self.cost(&call.args[2]);
            self.vars.pop();
            return 10u64.saturating_add(init).saturating_add(body);
        }
        let target_cost = call.target.as_deref().map_or(0, |t| self.cost(t));
        let arg_costs: Vec<u64> = call.args.iter().map(|a| self.cost(a)).collect();
        let args_sum = arg_costs
            .iter()
            .fold(target_cost, |acc, c| acc.saturating_add(*c));
        let receiver = call.target.as_deref().or(call.args.first());
        let argument = |i: usize| {
            if call.target.is_some() {
                call.args.get(i)
            } else {
                call.args.get(i + 1)
            }
        };
        let own = match name {
            "_&&_" | "_||_" => 0,
            "_?_:_" => {
                let cond = arg_costs.first().copied().unwrap_or(0);
                let branch = arg_costs.iter().skip(1).copied().max().unwrap_or(0);
                return cond.saturating_add(branch);
            }
            "_==_" | "_!=_" => self.smaller_size_cost(call),
            "_<_" | "_<=_" | "_>_" | "_>=_"
                if call
                    .args
                    .iter()
                    .all(|a| matches!(self.ty(a), Ty::String | Ty::Bytes)) =>
            {
                self.smaller_size_cost(call)
            }
            "_+_"
                if call
                    .args
                    .iter()
                    .all(|a| matches!(self.ty(a), Ty::String | Ty::Bytes | Ty::List(_))) =>
            {
                let total = call
                    .args
                    .iter()
                    .fold(0u64, |acc, a| acc.saturating_add(self.size(a)));
                factor(total, STRING_TRAVERSAL_FACTOR)
            }
            "@in" => match call.args.get(1) {
                Some(range) => match self.ty(range) {
                    Ty::Map(..) => 1,
                    Ty::List(_) => self.size(range),
                    _ => self.size(range).max(1),
                },
                None => 1,
            },
            "matches" => {
                let text = receiver.map_or(u64::MAX, |t| self.size(t));
                let regex = argument(0).map_or(u64::MAX, |r| self.size(r));
                factor(text, STRING_TRAVERSAL_FACTOR)
                    .saturating_mul(factor(regex, REGEX_LENGTH_FACTOR))
            }
            "find" | "findAll" => {
                let text = receiver.map_or(u64::MAX, |t| self.size(t));
                let regex = argument(0).map_or(u64::MAX, |r| self.size(r));
                factor(text.saturating_add(1), STRING_TRAVERSAL_FACTOR)
                    .saturating_mul(factor(regex, REGEX_LENGTH_FACTOR))
            }
            "contains" => {
                let text = receiver.map_or(u64::MAX, |t| self.size(t));
                let sub = argument(0).map_or(u64::MAX, |r| self.size(r));
                factor(text, STRING_TRAVERSAL_FACTOR)
                    .saturating_mul(factor(sub, STRING_TRAVERSAL_FACTOR))
            }
            "startsWith" | "endsWith" => factor(
                argument(0).map_or(u64::MAX, |r| self.size(r)),
                STRING_TRAVERSAL_FACTOR,
            ),
            "split" => factor(
                receiver.map_or(u64::MAX, |t| self.size(t)),
                2.0 * STRING_TRAVERSAL_FACTOR,
            ),
            "includes" => MAX_ATTRIBUTE_VALUES,
            _ => 1,
        };
        own.saturating_add(args_sum)
    }

    /// Equality and ordering of strings, bytes or lists: the smaller size
    /// times the traversal factor.
    fn smaller_size_cost(&self, call: &CallExpr) -> u64 {
        let smallest = call.args.iter().map(|a| self.size(a)).min().unwrap_or(1);
        factor(smallest, STRING_TRAVERSAL_FACTOR)
    }
}

/// The field path below `device` an expression spells, with constant
/// string indexes as segments (`device.attributes["x"].y` is
/// `["attributes", "x", "y"]`).
fn device_path(e: &IdedExpr) -> Option<Vec<&str>> {
    match &e.expr {
        Expr::Ident(name) if name == "device" => Some(Vec::new()),
        Expr::Select(sel) if !sel.test => {
            let mut p = device_path(&sel.operand)?;
            p.push(sel.field.as_str());
            Some(p)
        }
        Expr::Call(call) if call.func_name == "_[_]" && call.args.len() == 2 => {
            let mut p = device_path(&call.args[0])?;
            match &call.args[1].expr {
                Expr::Literal(LiteralValue::String(s)) => p.push(s.as_ref()),
                _ => p.push("*"),
            }
            Some(p)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NEW: EnvType = EnvType::New(CelFeatures {
        consumable_capacity: false,
        list_type_attributes: false,
    });
    const LISTS: EnvType = EnvType::New(CelFeatures {
        consumable_capacity: false,
        list_type_attributes: true,
    });

    #[test]
    fn valid_selectors_compile() {
        for e in [
            "true",
            r#"device.driver == "dra.example.com""#,
            r#"device.attributes["dra.example.com"].name == "fish""#,
            r#"device.capacity["dra.example.com"].memory.compareTo(quantity("1Gi")) >= 0"#,
            r#"device.attributes["dra.example.com"].version.isGreaterThan(semver("1.0.0"))"#,
            r#"cel.bind(dra, device.attributes["dra.example.com"], dra.a && dra.b)"#,
            r#"has(device.attributes["x"].y)"#,
            r#"device.attributes["dra.example.com"].name"#,
            r#"device.attributes["dra.example.com"].?name.orValue("") == "x""#,
            r#"device.attributes[?"dra.example.com"].hasValue()"#,
            r#"optional.of(1).value() == 1"#,
            r#"sets.contains([1, 2], [1])"#,
            r#"isCIDR("10.0.0.0/8") && cidr("10.0.0.0/8").containsIP("10.1.2.3")"#,
            r#"lists.range(3).reverse().first().orValue(0) == 2"#,
            r#"!format.dns1123Label().validate(device.driver).hasValue()"#,
        ] {
            assert!(compile(e, NEW).is_ok(), "{e}: {:?}", compile(e, NEW));
        }
    }

    #[test]
    fn no_matching_overload_as_kubernetes_words_it() {
        let err = compile("device.attributes[true].someBoolean", NEW).unwrap_err();
        assert_eq!(
            err.detail,
            "compilation failed: ERROR: <input>:1:18: found no matching overload for '_[_]' applied to '(map(string, map(string, any)), bool)'\n | device.attributes[true].someBoolean\n | .................^"
        );
    }

    #[test]
    fn list_macros_need_list_type_attributes() {
        let e = r#"device.attributes["dra.example.com"].ids.exists(id, id == 1)"#;
        let err = compile(e, NEW).unwrap_err();
        assert!(
            err.detail.starts_with("compilation failed: "),
            "{}",
            err.detail
        );
        assert!(err.detail.contains("cannot be range of a comprehension"));
        assert!(compile(e, LISTS).is_ok());
        assert!(compile(e, EnvType::Stored).is_ok());
        let inc = r#"device.attributes["dra.example.com"].ids.includes(1)"#;
        assert!(compile(inc, NEW).is_err());
        assert!(compile(inc, LISTS).is_ok());
    }

    #[test]
    fn aggregate_literals_are_homogeneous() {
        let err = compile(r#"[1, "a"].size() == 2"#, NEW).unwrap_err();
        assert_eq!(
            err.detail,
            "compilation failed: ERROR: <input>:1:5: expected type 'int' but found 'string'\n | [1, \"a\"].size() == 2\n | ....^"
        );
        // Equivalent types, not merely assignable ones.
        let err = compile(r#"[1, device.attributes["a"].b].size() == 2"#, NEW).unwrap_err();
        assert!(
            err.detail.contains("expected type 'int' but found 'any'"),
            "{}",
            err.detail
        );
        assert!(compile(r#"{"a": 1, "b": 2}.size() == 2"#, NEW).is_ok());
        assert!(compile(r#"{"a": 1, "b": "c"}.size() == 2"#, NEW).is_err());
        // Literals inside format calls are exempt.
        assert!(compile(r#""%s %d".format(["a", 1]) == "a 1""#, NEW).is_ok());
    }

    #[test]
    fn literal_arguments_must_parse() {
        let err = compile(r#"device.driver.matches("(")"#, NEW).unwrap_err();
        assert!(
            err.detail.contains("1:23: invalid matches argument"),
            "{}",
            err.detail
        );
        assert!(compile(r#"device.driver.matches("^a+$")"#, NEW).is_ok());
        assert!(compile(r#"duration("1h30m") > duration("0")"#, NEW).is_ok());
        let err = compile(r#"duration("1x") > duration("0")"#, NEW).unwrap_err();
        assert!(
            err.detail.contains("invalid duration argument"),
            "{}",
            err.detail
        );
        assert!(
            compile(
                r#"timestamp("2024-02-29T10:00:00.5+01:00") > timestamp(0)"#,
                NEW
            )
            .is_ok()
        );
        let err = compile(r#"timestamp("2023-02-29T10:00:00Z") > timestamp(0)"#, NEW).unwrap_err();
        assert!(
            err.detail.contains("invalid timestamp argument"),
            "{}",
            err.detail
        );
    }

    #[test]
    fn presence_tests_cost_nothing_themselves() {
        let c = compile(r#"has(device.attributes["a"].b)"#, NEW).unwrap();
        assert_eq!(c.max_cost, 3);
    }

    #[test]
    fn result_must_be_bool() {
        let err = compile("device.driver", NEW).unwrap_err();
        assert_eq!(
            err.detail,
            "must evaluate to bool or the unknown type, not string"
        );
    }

    #[test]
    fn undefined_field_and_syntax_errors() {
        let err = compile("device.nosuch == 1", NEW).unwrap_err();
        assert!(
            err.detail.contains("undefined field 'nosuch'"),
            "{}",
            err.detail
        );
        assert!(compile("device.allowMultipleAllocations", NEW).is_err());
        let cc = EnvType::New(CelFeatures {
            consumable_capacity: true,
            list_type_attributes: false,
        });
        assert!(compile("device.allowMultipleAllocations", cc).is_ok());
        let err = compile("device.driver ==", NEW).unwrap_err();
        assert!(
            err.detail
                .starts_with("compilation failed: ERROR: <input>:1:"),
            "{}",
            err.detail
        );
        assert!(compile("", NEW).is_err());
    }

    #[test]
    fn recursion_limits_are_cel_go_s() {
        let nested = |k: usize| format!("{}true{}", "(".repeat(k), ")".repeat(k));
        assert_eq!(compile(&nested(249), NEW).map(|_| ()), Ok(()));
        let err = compile(&nested(250), NEW).unwrap_err();
        assert_eq!(
            err.detail,
            "compilation failed: ERROR: <input>:-1:0: expression recursion limit exceeded: 250"
        );
        let sum = |k: usize| format!("1{} == 1", " + 1".repeat(k));
        // 249 additions and the comparison: 250 levels.
        assert_eq!(compile(&sum(249), NEW).map(|_| ()), Ok(()));
        let err = compile(&sum(250), NEW).unwrap_err();
        assert_eq!(
            err.detail,
            "compilation failed: ERROR: <input>:-1:0: max recursion depth exceeded"
        );
        // One selection, k index operations and the comparison.
        let indexed = |k: usize| format!("device.attributes{} == 1", "[\"a\"]".repeat(k));
        let not_recursion = |r: Result<Compiled, CompileError>| match r {
            Ok(_) => true,
            Err(e) => !e.detail.contains("recursion"),
        };
        assert!(not_recursion(compile(&indexed(248), NEW)));
        assert_eq!(
            compile(&indexed(249), NEW).unwrap_err().detail,
            "compilation failed: ERROR: <input>:-1:0: max recursion depth exceeded"
        );
    }

    #[test]
    fn cost_limit() {
        let nested = "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(x, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(y, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(z, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(z2, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(z3, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(z4, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(z5, int('1'.find('[0-9]*')) < 100)))))))";
        let c = compile(nested, NEW).unwrap();
        assert!(c.max_cost > CEL_SELECTOR_EXPRESSION_MAX_COST);
        let small = compile(r#"device.driver == "dra.example.com""#, NEW).unwrap();
        assert!(small.max_cost < 10, "{}", small.max_cost);
    }

    /// `TestCEL` of `k8s.io/dynamic-resource-allocation/cel/compile_test.go`
    /// (the compile half: compile errors and `expectCost`). `None` runs
    /// the case with list-type attributes off and on, as the Go test does.
    #[test]
    fn kubernetes_compile_test_cases() {
        const DRA: &str = r#"device.attributes["dra.example.com"]"#;
        let list_macro = 5 + (3 + 3) * 64;
        type Case = (
            &'static str,
            String,
            bool,
            bool,
            Option<bool>,
            Result<u64, &'static str>,
        );
        let cases: Vec<Case> = vec![
            // (name, expression, new expressions, consumable capacity, list types, want)
            ("true", "true".into(), false, false, None, Ok(0)),
            ("false", "false".into(), false, false, None, Ok(0)),
            ("syntax-error", "?!".into(), false, false, None, Err("Syntax error")),
            ("type-error", "1".into(), false, false, None, Err("must evaluate to bool or the unknown type, not int")),
            ("runtime-error-lookup-identifier", r#"device.attributes["no-such-domain"].noSuchAttr.isGreaterThan(quantity("0"))"#.into(), false, false, None, Ok(6)),
            ("runtime-error-lookup-map", r#"device.attributes["no-such-domain"]["noSuchAttr"].isGreaterThan(quantity("0"))"#.into(), false, false, None, Ok(6)),
            ("domain-check-negative", r#""no-such-domain" in device.attributes"#.into(), false, false, None, Ok(3)),
            ("empty-driver-name", r#"device.driver == """#.into(), false, false, None, Ok(2)),
            ("real-driver-name", r#"device.driver == "dra.example.com""#.into(), false, false, None, Ok(4)),
            ("driver-name-qualifier", format!("{DRA}.name"), false, false, None, Ok(4)),
            ("driver-name-qualifier-map-lookup", format!(r#"{DRA}["name"]"#), false, false, None, Ok(4)),
            ("bind", format!("cel.bind(dra, {DRA}, dra.name)"), false, false, None, Ok(15)),
            ("int", format!("{DRA}.name > 0"), false, false, None, Ok(5)),
            ("string", format!(r#"{DRA}.name == "fish""#), false, false, None, Ok(5)),
            ("macro-exists-on-int", format!("{DRA}.name.exists(x, x > 0)"), true, false, Some(true), Ok(list_macro)),
            ("macro-exists-on-bool", format!("{DRA}.name.exists(x, x == true)"), true, false, Some(true), Ok(list_macro)),
            ("attribute-access-causes-match-error", format!("{DRA}.names"), false, false, Some(false), Ok(4)),
            ("list-of-int", format!("{DRA}.names.size() == 2"), true, false, Some(true), Ok(6)),
            ("macro-on-list-of-string", format!(r#"{DRA}.names.all(x, x != "")"#), true, false, Some(true), Ok(5 + (2 + 2) * 64)),
            ("macro-on-list-of-semver", format!(r#"{DRA}.names.all(x, x.isGreaterThan(semver("0.0.1")))"#), true, false, Some(true), Ok(5 + (2 + 4) * 64)),
            ("includes-function-undeclared-error", format!(r#"{DRA}.name.includes("fish")"#), true, false, Some(false), Err("undeclared reference to 'includes'")),
            ("includes-function-on-int-scalar-positive", format!("{DRA}.name.includes(1)"), true, false, Some(true), Ok(4 + 48)),
            ("includes-function-on-semver-scalar-positive", format!(r#"{DRA}.name.includes(semver("1.0.0"))"#), true, false, Some(true), Ok(4 + 48 + 1)),
            ("in-operator-on-list", format!("1 in {DRA}.names"), true, false, Some(true), Ok(4 + 64)),
            ("version", format!(r#"{DRA}.name.isGreaterThan(semver("0.0.1"))"#), false, false, None, Ok(6)),
            ("version_v", format!(r#"{DRA}.name.isGreaterThan(semver("v0.0.1", true)) && isSemver("v1.0.0", true)"#), false, false, None, Ok(7)),
            ("macro-exists-on-version", format!(r#"{DRA}.name.exists(x, x.isGreaterThan(semver("0.0.1")))"#), true, false, Some(true), Ok(5 + (3 + 4) * 64)),
            ("quantity", r#"device.capacity["dra.example.com"].name.isGreaterThan(quantity("1Ki"))"#.into(), false, false, None, Ok(6)),
            ("check-positive", r#""name" in device.capacity["dra.example.com"] && device.capacity["dra.example.com"].name.isGreaterThan(quantity("1Ki"))"#.into(), false, false, None, Ok(10)),
            ("check-negative", r#"!("name" in device.capacity["dra.example.com"]) || device.capacity["dra.example.com"].name.isGreaterThan(quantity("1Ki"))"#.into(), false, false, None, Ok(11)),
            ("all", format!("\ndevice.capacity[\"dra.example.com\"].quantity.isGreaterThan(quantity(\"1Ki\")) &&\n{DRA}.bool &&\n{DRA}.int > 0 &&\n{DRA}.string == \"fish\" &&\n{DRA}.version.isGreaterThan(semver(\"0.0.1\")) &&\ndevice.capacity[\"dra.example.com\"][\"quantity\"].isGreaterThan(quantity(\"1Ki\")) &&\n{DRA}[\"bool\"] &&\n{DRA}[\"int\"] > 0 &&\n{DRA}[\"string\"] == \"fish\" &&\n{DRA}[\"version\"].isGreaterThan(semver(\"0.0.1\"))\n"), false, false, None, Ok(52)),
            ("many", format!("{DRA}.a && {DRA}.b && {DRA}.c"), false, false, None, Ok(12)),
            ("check_attribute_domains", r#"device.attributes.exists_one(x, x == "dra.example.com")"#.into(), false, false, None, Ok(164)),
            ("check_attribute_ids", format!(r#"{DRA}.exists_one(x, x == "services")"#), false, false, None, Ok(133)),
            ("split_attribute", format!(r#"{DRA}.services.split("example").size() >= 2"#), false, false, None, Ok(19)),
            ("regexp_attribute", format!(r#"{DRA}.services.matches("[^a]?sym")"#), false, false, None, Ok(18)),
            ("check_capacity_domains", r#"device.capacity.exists_one(x, x == "dra.example.com")"#.into(), false, false, None, Ok(164)),
            ("expensive", "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(x, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(y, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(z, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(z2, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(z3, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(z4, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(z5, int('1'.find('[0-9]*')) < 100)))))))".into(), false, false, None, Ok(85_555_551)),
            ("allow_multiple_allocations", "device.allowMultipleAllocations == true".into(), false, true, None, Ok(3)),
            ("allow_multiple_allocations_new", "device.allowMultipleAllocations == false".into(), true, true, None, Ok(3)),
            ("allow_multiple_allocations_disabled", "device.allowMultipleAllocations == false".into(), true, false, None, Err("undefined field 'allowMultipleAllocations'")),
            ("interrupt", format!("{DRA}.map(key, {DRA}[key] * 20).filter(e, e > 50).exists(e, e == 60)"), false, false, Some(false), Ok(u64::MAX)),
        ];
        for (name, expression, new, consumable_capacity, lists, want) in cases {
            let modes = match lists {
                None => vec![false, true],
                Some(l) => vec![l],
            };
            for list_type_attributes in modes {
                let env = if new {
                    EnvType::New(CelFeatures {
                        consumable_capacity,
                        list_type_attributes,
                    })
                } else {
                    EnvType::Stored
                };
                let got = compile(&expression, env);
                match (&want, &got) {
                    (Ok(u64::MAX), Ok(_)) => {}
                    (Ok(cost), Ok(c)) => {
                        assert_eq!(c.max_cost, *cost, "{name} ({list_type_attributes})")
                    }
                    (Err(text), Err(e)) => assert!(e.detail.contains(text), "{name}: {}", e.detail),
                    _ => panic!("{name} ({list_type_attributes}): want {want:?}, got {got:?}"),
                }
            }
        }
    }
}
