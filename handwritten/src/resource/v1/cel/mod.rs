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

mod ast_validators;
mod checker;
mod cost;
mod depth;
mod functions;
mod types;

use ast_validators::*;
use checker::*;
use cost::*;
use depth::*;
use functions::*;
use types::*;

pub use functions::FUNCTIONS;
pub use types::Ty;

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
