//! Field paths, rendered the way Kubernetes' `field.Path` renders them.
//!
//! A [`Path`] is a linked list that lives on the stack: extending it with
//! [`Path::child`], [`Path::index`] or [`Path::key`] borrows the parent and
//! allocates nothing. The string form is only built when an error is
//! produced ([`Path::to_string`]), so validators pay for paths only on the
//! error path.

use std::fmt;

/// One element of a [`Path`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Element<'a> {
    /// The nil path: the root of an object, rendered `<nil>` when it stands alone.
    Root,
    /// A field name (`spec`, `metadata.name`; names may contain dots).
    Name(&'a str),
    /// A list subscript, rendered `[3]`.
    Index(usize),
    /// A map key, rendered `[key]` with no quoting or escaping.
    Key(&'a str),
}

/// A field path such as `spec.template.spec.containers[0].name`.
///
/// The root ([`Path::root`]) is Kubernetes' nil path: an error at the root
/// renders its field as `<nil>`, and children of the root render without a
/// prefix.
///
/// ```
/// use apimachinery::field::Path;
/// let root = Path::root();
/// let spec = root.child("spec");
/// let containers = spec.child("containers");
/// let first = containers.index(0);
/// assert_eq!(first.child("name").to_string(), "spec.containers[0].name");
/// let meta = Path::new("metadata");
/// let labels = meta.child("labels");
/// assert_eq!(labels.key("app.kubernetes.io/name").to_string(),
///            "metadata.labels[app.kubernetes.io/name]");
/// assert_eq!(Path::root().to_string(), "<nil>");
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Path<'a> {
    parent: Option<&'a Path<'a>>,
    element: Element<'a>,
}

impl Default for Path<'_> {
    fn default() -> Self {
        Path::root()
    }
}

impl<'a> Path<'a> {
    /// The nil path (Go's `var p *field.Path`): the root of an object.
    ///
    /// ```
    /// assert_eq!(apimachinery::field::Path::root().to_string(), "<nil>");
    /// ```
    pub const fn root() -> Path<'static> {
        Path {
            parent: None,
            element: Element::Root,
        }
    }

    /// A path of one name, like `field.NewPath(name)`.
    ///
    /// Extending borrows the parent, so bind each level you reuse to a local;
    /// inside one expression a temporary chain is fine:
    /// `Error::required(&Path::new("spec").child("x"), "")`.
    ///
    /// ```
    /// assert_eq!(apimachinery::field::Path::new("metadata").to_string(), "metadata");
    /// ```
    pub const fn new(name: &'a str) -> Path<'a> {
        Path {
            parent: None,
            element: Element::Name(name),
        }
    }

    /// This path extended by a field name.
    ///
    /// ```
    /// let p = apimachinery::field::Path::new("spec");
    /// assert_eq!(p.child("replicas").to_string(), "spec.replicas");
    /// ```
    pub fn child<'b>(&'b self, name: &'b str) -> Path<'b> {
        Path {
            parent: Some(self),
            element: Element::Name(name),
        }
    }

    /// This path extended by a list index.
    ///
    /// ```
    /// let p = apimachinery::field::Path::new("items");
    /// assert_eq!(p.index(2).to_string(), "items[2]");
    /// ```
    pub fn index(&self, index: usize) -> Path<'_> {
        Path {
            parent: Some(self),
            element: Element::Index(index),
        }
    }

    /// This path extended by a map key (rendered unquoted, unescaped).
    ///
    /// ```
    /// let p = apimachinery::field::Path::new("labels");
    /// assert_eq!(p.key("a b").to_string(), "labels[a b]");
    /// ```
    pub fn key<'b>(&'b self, key: &'b str) -> Path<'b> {
        Path {
            parent: Some(self),
            element: Element::Key(key),
        }
    }

    /// Whether this is the nil (root) path with nothing below it.
    ///
    /// ```
    /// use apimachinery::field::Path;
    /// assert!(Path::root().is_root());
    /// assert!(!Path::root().child("spec").is_root());
    /// ```
    pub fn is_root(&self) -> bool {
        self.parent.is_none() && self.element == Element::Root
    }

    /// Renders into `out` and returns how many elements were written, so the
    /// caller knows whether a name needs a leading dot (Go puts a dot before
    /// every non-empty name but the first element, and renders an empty name
    /// as a subscript, `[]`).
    fn render(&self, out: &mut impl fmt::Write) -> Result<usize, fmt::Error> {
        let before = match self.parent {
            Some(parent) => parent.render(out)?,
            None => 0,
        };
        match self.element {
            Element::Root => return Ok(before),
            Element::Name("") => out.write_str("[]")?,
            Element::Name(name) => {
                if before > 0 {
                    out.write_char('.')?;
                }
                out.write_str(name)?;
            }
            Element::Index(i) => write!(out, "[{i}]")?,
            Element::Key(k) => {
                out.write_char('[')?;
                out.write_str(k)?;
                out.write_char(']')?;
            }
        }
        Ok(before + 1)
    }
}

impl Path<'_> {
    /// The rendered path as a string, like [`ToString::to_string`] but
    /// measured first and written into one allocation of the exact length
    /// (no growth, no formatter): errors render their path once each.
    ///
    /// ```
    /// use apimachinery::field::Path;
    /// let spec = Path::new("spec");
    /// let list = spec.child("items");
    /// let item = list.index(12);
    /// let key = item.key("a/b");
    /// let p = key.child("");
    /// assert_eq!(p.rendered(), "spec.items[12][a/b][]");
    /// assert_eq!(p.rendered(), p.to_string());
    /// assert_eq!(Path::root().rendered(), "<nil>");
    /// ```
    pub fn rendered(&self) -> String {
        if self.is_root() {
            return "<nil>".to_string();
        }
        // A field of the root (`Path::new("x")`, `root.child("x")`), the
        // commonest path of an error: the name itself.
        if let Element::Name(name) = self.element
            && !name.is_empty()
            && self.parent.is_none_or(Path::is_root)
        {
            return name.to_owned();
        }
        // The chain from this element up to the root, leaf first, on the
        // stack; deeper paths (rare) collect it in a vector.
        let mut chain: [&Element<'_>; RENDER_DEPTH] = [&self.element; RENDER_DEPTH];
        let mut depth = 0;
        let mut at = Some(self);
        while let Some(p) = at {
            if depth == RENDER_DEPTH {
                return self.rendered_deep();
            }
            chain[depth] = &p.element;
            depth += 1;
            at = p.parent;
        }
        render_chain(&chain[..depth])
    }

    /// [`Path::rendered`] for paths deeper than [`RENDER_DEPTH`].
    fn rendered_deep(&self) -> String {
        let mut chain = Vec::new();
        let mut at = Some(self);
        while let Some(p) = at {
            chain.push(&p.element);
            at = p.parent;
        }
        render_chain(&chain)
    }
}

/// A path's elements rendered, leaf first in `chain`: the length from the
/// root down, then the text into one allocation of that length.
fn render_chain(chain: &[&Element<'_>]) -> String {
    let mut len = 0;
    let mut written = false;
    for element in chain.iter().rev() {
        len += match **element {
            Element::Root => continue,
            Element::Name("") => 2,
            Element::Name(name) => name.len() + usize::from(written),
            Element::Index(i) => decimal_len(i) + 2,
            Element::Key(k) => k.len() + 2,
        };
        written = true;
    }
    let mut out = String::with_capacity(len);
    let mut written = false;
    for element in chain.iter().rev() {
        match **element {
            Element::Root => continue,
            Element::Name("") => out.push_str("[]"),
            Element::Name(name) => {
                if written {
                    out.push('.');
                }
                out.push_str(name);
            }
            Element::Index(i) => {
                out.push('[');
                push_decimal(&mut out, i);
                out.push(']');
            }
            Element::Key(k) => {
                out.push('[');
                out.push_str(k);
                out.push(']');
            }
        }
        written = true;
    }
    debug_assert_eq!(out.len(), len);
    out
}

/// How deep a path [`Path::rendered`] renders from a chain on the stack.
const RENDER_DEPTH: usize = 32;

/// How many decimal digits `n` has.
fn decimal_len(mut n: usize) -> usize {
    let mut digits = 1;
    while n >= 10 {
        n /= 10;
        digits += 1;
    }
    digits
}

/// Appends `n` in decimal.
#[inline]
fn push_decimal(out: &mut String, mut n: usize) {
    let mut buf = [0u8; 20];
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    // Only ASCII digits were written.
    out.extend(buf[at..].iter().map(|&b| char::from(b)));
}

impl fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_root() {
            return f.write_str("<nil>");
        }
        self.render(f).map(|_| ())
    }
}

impl fmt::Debug for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Path({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rendered_equals_display() {
        let root = Path::root();
        let spec = root.child("spec");
        let empty = spec.child("");
        let after_empty = empty.child("x");
        let keyed = after_empty.key("");
        let big = keyed.index(usize::MAX);
        let zero = big.index(0);
        let ten = zero.index(10);
        let first_empty = Path::new("");
        let first_index = root.index(7);
        let first_key = root.key("k");
        let root_child = Path::new("metadata");
        let root_empty = root.child("");
        for p in [
            root,
            root_child,
            root_empty,
            spec,
            empty,
            after_empty,
            keyed,
            big,
            zero,
            ten,
            first_empty,
            first_index,
            first_key,
        ] {
            assert_eq!(p.rendered(), p.to_string());
            let r = p.rendered();
            assert_eq!(r.capacity(), r.len(), "one allocation of the exact length");
        }
        assert_eq!(ten.to_string(), "spec[].x[][18446744073709551615][0][10]");
    }

    #[test]
    fn rendered_deeper_than_the_stack_chain() {
        fn nest(p: &Path<'_>, left: usize, out: &mut Vec<(String, String)>) {
            out.push((p.rendered(), p.to_string()));
            if left > 0 {
                let next = match left % 3 {
                    0 => p.index(left),
                    1 => p.key("k"),
                    _ => p.child(""),
                };
                nest(&next.child("n"), left - 1, out);
            }
        }
        let mut seen = Vec::new();
        nest(&Path::root(), RENDER_DEPTH, &mut seen);
        assert_eq!(seen.len(), RENDER_DEPTH + 1);
        for (rendered, displayed) in seen {
            assert_eq!(rendered, displayed);
            assert_eq!(rendered.capacity(), rendered.len());
        }
    }

    #[test]
    fn renders_like_kubernetes() {
        let root = Path::root();
        assert_eq!(root.to_string(), "<nil>");
        let spec = root.child("spec");
        assert_eq!(spec.to_string(), "spec");
        let tmpl = spec.child("template");
        let pspec = tmpl.child("spec");
        let cs = pspec.child("containers");
        let c0 = cs.index(0);
        assert_eq!(
            c0.child("name").to_string(),
            "spec.template.spec.containers[0].name"
        );
        let meta = Path::new("metadata");
        let labels = meta.child("labels");
        assert_eq!(
            labels.key("app.kubernetes.io/name").to_string(),
            "metadata.labels[app.kubernetes.io/name]"
        );
        // Dotted names render the same as chained children.
        assert_eq!(
            Path::new("metadata.name").to_string(),
            Path::new("metadata").child("name").to_string()
        );
        // A subscript directly on the root has no leading dot or name.
        assert_eq!(root.index(1).to_string(), "[1]");
        assert_eq!(root.key("").to_string(), "[]");
        // An empty name renders as an empty subscript, as Go does.
        let spec = Path::new("spec");
        assert_eq!(spec.child("").to_string(), "spec[]");
        assert_eq!(Path::new("").to_string(), "[]");
        let empty = Path::new("");
        assert_eq!(empty.child("x").to_string(), "[].x");
    }
}
