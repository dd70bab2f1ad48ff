//! The operation being validated and its context: create or update, the
//! subresource, and the options (feature gates) the strategy defines.

pub use crate::options::Options;

/// Whether an object is being created or updated (PUT, PATCH and apply are all updates).
///
/// ```
/// use apimachinery::operation::Operation;
/// assert_eq!(Operation::Update.as_str(), "update");
/// assert_eq!("create".parse::<Operation>().unwrap(), Operation::Create);
/// ```
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Operation {
    /// A create (`POST`).
    #[default]
    Create,
    /// An update (`PUT`, `PATCH`, apply).
    Update,
}

impl Operation {
    /// `create` or `update`.
    ///
    /// ```
    /// assert_eq!(apimachinery::operation::Operation::Create.as_str(), "create");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Operation::Create => "create",
            Operation::Update => "update",
        }
    }
}

/// The error returned when parsing an operation other than `create` or `update`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown operation {0:?} (expected \"create\" or \"update\")")]
pub struct UnknownOperation(pub String);

impl std::str::FromStr for Operation {
    type Err = UnknownOperation;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "create" => Ok(Operation::Create),
            "update" => Ok(Operation::Update),
            other => Err(UnknownOperation(other.to_string())),
        }
    }
}

/// What a validator knows about the request: the operation, the
/// subresource path, and the options (named booleans) the strategy defines.
///
/// An option a tag refers to but the strategy did not define is *undefined*
/// ([`Context::option_state`] returns `None`); Kubernetes answers that with an
/// `InternalError` "undefined validation option".
///
/// ```
/// use apimachinery::operation::{Context, Operation};
/// let ctx = Context::update().subresource("/status").option("MyFeature", true);
/// assert_eq!(ctx.operation, Operation::Update);
/// assert_eq!(ctx.subresource_path(), "/status");
/// assert_eq!(ctx.option_state("MyFeature"), Some(true));
/// assert_eq!(ctx.option_state("Other"), None);
/// assert!(!ctx.has_option("Other"));
/// assert_eq!(Context::create().subresource_path(), "/");
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Context {
    /// Create or update.
    pub operation: Operation,
    /// The subresources of the request, outermost first (`["status"]` for `/status`).
    pub subresources: Vec<String>,
    /// The options the strategy defines, with their state (a small map
    /// sorted by name: [`Options`]).
    pub options: Options,
}

impl Context {
    /// A create on the root resource, with no options.
    ///
    /// ```
    /// assert!(apimachinery::operation::Context::create().subresources.is_empty());
    /// ```
    pub fn create() -> Context {
        Context::default()
    }

    /// An update on the root resource, with no options.
    ///
    /// ```
    /// use apimachinery::operation::{Context, Operation};
    /// assert_eq!(Context::update().operation, Operation::Update);
    /// ```
    pub fn update() -> Context {
        Context {
            operation: Operation::Update,
            ..Context::default()
        }
    }

    /// A context for the given operation.
    ///
    /// ```
    /// use apimachinery::operation::{Context, Operation};
    /// assert_eq!(Context::new(Operation::Update), Context::update());
    /// ```
    pub fn new(operation: Operation) -> Context {
        Context {
            operation,
            ..Context::default()
        }
    }

    /// This context for a subresource path such as `/status` or `/a/b`
    /// (`""` and `"/"` mean the root).
    ///
    /// ```
    /// use apimachinery::operation::Context;
    /// let ctx = Context::update().subresource("/status");
    /// assert_eq!(ctx.subresources, vec!["status".to_string()]);
    /// assert_eq!(Context::update().subresource("").subresource_path(), "/");
    /// ```
    pub fn subresource(mut self, path: &str) -> Context {
        self.subresources = segments(path).map(str::to_string).collect();
        self
    }

    /// This context with an option defined and set.
    ///
    /// ```
    /// use apimachinery::operation::Context;
    /// assert!(Context::create().option("A", true).has_option("A"));
    /// ```
    pub fn option(mut self, name: &str, enabled: bool) -> Context {
        self.options.set(name, enabled);
        self
    }

    /// `/` for the root, else `/a/b` (Go's `SubresourcePath()`).
    ///
    /// ```
    /// use apimachinery::operation::Context;
    /// assert_eq!(Context::create().subresource("scale").subresource_path(), "/scale");
    /// ```
    pub fn subresource_path(&self) -> String {
        if self.subresources.is_empty() {
            "/".to_string()
        } else {
            format!("/{}", self.subresources.join("/"))
        }
    }

    /// Whether [`Context::subresource_path`] is `path`, without building it.
    ///
    /// ```
    /// use apimachinery::operation::Context;
    /// let ctx = Context::create().subresource("/a/b");
    /// assert!(ctx.subresource_path_is("/a/b"));
    /// assert!(!ctx.subresource_path_is("/a"));
    /// assert!(Context::create().subresource_path_is("/"));
    /// ```
    pub fn subresource_path_is(&self, path: &str) -> bool {
        segments_path_is(self.subresources.iter().map(String::as_str), path)
    }

    /// Whether the request is on the root resource.
    ///
    /// ```
    /// assert!(apimachinery::operation::Context::create().is_root());
    /// ```
    pub fn is_root(&self) -> bool {
        self.subresources.is_empty()
    }

    /// The state of an option: `Some(enabled)` if the strategy defines it, `None` if undefined.
    ///
    /// ```
    /// use apimachinery::operation::Context;
    /// assert_eq!(Context::create().option("A", false).option_state("A"), Some(false));
    /// ```
    #[inline]
    pub fn option_state(&self, name: &str) -> Option<bool> {
        self.options.state(name)
    }

    /// Whether an option is enabled (an undefined option is not).
    ///
    /// ```
    /// use apimachinery::operation::Context;
    /// assert!(!Context::create().has_option("A"));
    /// ```
    pub fn has_option(&self, name: &str) -> bool {
        self.option_state(name).unwrap_or(false)
    }

    /// Whether this is an update.
    ///
    /// ```
    /// assert!(apimachinery::operation::Context::update().is_update());
    /// ```
    pub fn is_update(&self) -> bool {
        self.operation == Operation::Update
    }
}

/// Whether a request for `subresource` (as [`Context::subresource`] takes
/// it: `/status`, `a/b`, `""` for the root) has the subresource path
/// `path`, without building a context or the path.
///
/// ```
/// use apimachinery::operation::subresource_path_is;
/// assert!(subresource_path_is("status", "/status"));
/// assert!(subresource_path_is("", "/"));
/// assert!(!subresource_path_is("/a/b", "/a"));
/// ```
pub fn subresource_path_is(subresource: &str, path: &str) -> bool {
    segments_path_is(segments(subresource), path)
}

/// The segments of a subresource path as [`Context::subresource`] takes
/// it: the non-empty parts between slashes.
fn segments(path: &str) -> impl Iterator<Item = &str> {
    path.split('/').filter(|s| !s.is_empty())
}

/// Whether `/` and the segments joined by `/` (`/` when there are none) is
/// `path`, matched piece by piece.
fn segments_path_is<'a>(segments: impl Iterator<Item = &'a str>, path: &str) -> bool {
    let mut segments = segments.peekable();
    if segments.peek().is_none() {
        return path == "/";
    }
    let mut rest = path;
    for s in segments {
        let Some(after) = rest.strip_prefix('/') else {
            return false;
        };
        let Some(after) = after.strip_prefix(s) else {
            return false;
        };
        rest = after;
    }
    rest.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subresource_path_is_agrees_with_the_built_path() {
        let paths = [
            "/", "/a", "/a/b", "/ab", "/a/", "//a", "a", "", "/a/b/c", "/status",
        ];
        for subs in [
            &[][..],
            &["a"],
            &["a", "b"],
            &["ab"],
            &["status"],
            &[""],
            &["a", ""],
        ] {
            let mut ctx = Context::create();
            ctx.subresources = subs.iter().map(|s| s.to_string()).collect();
            for p in paths {
                assert_eq!(
                    ctx.subresource_path_is(p),
                    ctx.subresource_path() == p,
                    "{subs:?} {p}"
                );
            }
        }
        for request in ["", "/", "a", "/a", "a/b", "/a/b/", "//a", "status", "ab"] {
            let built = Context::create().subresource(request).subresource_path();
            for p in paths {
                assert_eq!(
                    subresource_path_is(request, p),
                    built == p,
                    "{request:?} {p}"
                );
            }
        }
    }

    #[test]
    fn option_state_agrees_with_the_map_at_every_size() {
        for n in 0..40 {
            let mut ctx = Context::create();
            let mut map = std::collections::BTreeMap::new();
            for i in 0..n {
                ctx = ctx.option(&format!("Opt{i}"), i % 2 == 0);
                map.insert(format!("Opt{i}"), i % 2 == 0);
            }
            for probe in ["Opt0", "Opt1", "Opt7", "Opt19", "Opt", "Other", ""] {
                assert_eq!(
                    ctx.option_state(probe),
                    map.get(probe).copied(),
                    "{n} {probe}"
                );
            }
        }
    }
}
