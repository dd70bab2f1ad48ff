//! The functions declared in Kubernetes' DRA CEL environment: cel-go's
//! standard library, optional types and the base environment's libraries,
//! per feature set (`FUNCTIONS` lists their names).

use super::*;

/// One overload: member or global, parameter types (the receiver first for
/// a member), result type.
pub(super) struct Overload {
    pub(super) member: bool,
    pub(super) params: Vec<Ty>,
    pub(super) result: Ty,
}

/// The declared functions: name → overloads.
pub(super) struct Functions(pub(super) BTreeMap<&'static str, Vec<Overload>>);

impl Functions {
    pub(super) fn add(&mut self, name: &'static str, member: bool, params: Vec<Ty>, result: Ty) {
        self.0.entry(name).or_default().push(Overload {
            member,
            params,
            result,
        });
    }
    pub(super) fn global(&mut self, name: &'static str, params: Vec<Ty>, result: Ty) {
        self.add(name, false, params, result);
    }
    pub(super) fn member(&mut self, name: &'static str, params: Vec<Ty>, result: Ty) {
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
pub(super) fn functions_for(features: CelFeatures) -> &'static Functions {
    static TABLES: [OnceLock<Functions>; 4] = [const { OnceLock::new() }; 4];
    let index =
        usize::from(features.consumable_capacity) * 2 + usize::from(features.list_type_attributes);
    TABLES[index].get_or_init(|| functions(features))
}

pub(super) fn functions(features: CelFeatures) -> Functions {
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
