//! The options (named booleans: feature gates) a strategy defines, as
//! [`crate::operation::Context`] holds them: a small map from name to
//! state, stored as a vector sorted by name so that a look-up is a scan of
//! a few adjacent entries (or a binary search for many), not a walk of
//! tree nodes.

use std::collections::BTreeMap;

/// Up to this many options, every look-up by name (`state`, `get`,
/// `contains_key`, `set`, `insert`, `remove`) scans them (comparing
/// lengths first, then the bytes inline) instead of searching; only a new
/// name's insertion point is found by binary search. A strategy defines a few dozen (ReplicationController's
/// prepare step reads 18 per request). A binary search compares with
/// `memcmp`, which a fuzz build intercepts and traces on every call (about
/// 1 200 instructions per look-up there).
const SCAN: usize = 64;

/// Named boolean options, sorted by name (byte order, as a `BTreeMap` of
/// `String`s), each name once. Reads like a `BTreeMap<String, bool>`
/// (`get`, `contains_key`, `iter`, `keys`, `len`) and converts to and from one.
///
/// ```
/// use apimachinery::options::Options;
/// let mut opts = Options::new();
/// opts.insert("B".to_string(), false);
/// opts.insert("A".to_string(), true);
/// assert_eq!(opts.state("A"), Some(true));
/// assert_eq!(opts.get("B"), Some(&false));
/// assert_eq!(opts.state("C"), None);
/// assert_eq!(opts.keys().collect::<Vec<_>>(), ["A", "B"]);
/// let map: std::collections::BTreeMap<String, bool> = opts.to_map();
/// assert_eq!(Options::from(map), opts);
/// ```
#[derive(Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Options {
    entries: Vec<(String, bool)>,
}

impl Options {
    /// No options.
    ///
    /// ```
    /// assert!(apimachinery::options::Options::new().is_empty());
    /// ```
    pub const fn new() -> Options {
        Options {
            entries: Vec::new(),
        }
    }

    /// The state of `name`: `Some(enabled)` if defined, `None` if not.
    ///
    /// ```
    /// use apimachinery::options::Options;
    /// let opts: Options = [("A".to_string(), false)].into_iter().collect();
    /// assert_eq!(opts.state("A"), Some(false));
    /// assert_eq!(opts.state("a"), None);
    /// ```
    #[inline]
    pub fn state(&self, name: &str) -> Option<bool> {
        self.find(name).map(|i| self.entries[i].1)
    }

    /// The state of `name` by reference, as `BTreeMap::get`.
    ///
    /// ```
    /// use apimachinery::options::Options;
    /// let opts: Options = [("A".to_string(), true)].into_iter().collect();
    /// assert_eq!(opts.get("A").copied(), Some(true));
    /// ```
    pub fn get(&self, name: &str) -> Option<&bool> {
        self.find(name).map(|i| &self.entries[i].1)
    }

    /// Whether `name` is defined.
    ///
    /// ```
    /// use apimachinery::options::Options;
    /// let opts: Options = [("A".to_string(), false)].into_iter().collect();
    /// assert!(opts.contains_key("A") && !opts.contains_key("B"));
    /// ```
    pub fn contains_key(&self, name: &str) -> bool {
        self.find(name).is_some()
    }

    /// Defines `name` (or sets its state); the previous state, if any.
    ///
    /// ```
    /// use apimachinery::options::Options;
    /// let mut opts = Options::new();
    /// assert_eq!(opts.insert("A".to_string(), true), None);
    /// assert_eq!(opts.insert("A".to_string(), false), Some(true));
    /// assert_eq!(opts.len(), 1);
    /// ```
    pub fn insert(&mut self, name: String, enabled: bool) -> Option<bool> {
        if let Some(i) = self.find(&name) {
            return Some(std::mem::replace(&mut self.entries[i].1, enabled));
        }
        self.define(name, enabled);
        None
    }

    /// [`Options::insert`] with a borrowed name: an option already defined
    /// is set in place, and the name is copied only to define a new one.
    ///
    /// ```
    /// use apimachinery::options::Options;
    /// let mut opts = Options::new();
    /// assert_eq!(opts.set("A", true), None);
    /// assert_eq!(opts.set("A", false), Some(true));
    /// assert_eq!((opts.len(), opts.state("A")), (1, Some(false)));
    /// ```
    pub fn set(&mut self, name: &str, enabled: bool) -> Option<bool> {
        match self.find(name) {
            Some(i) => Some(std::mem::replace(&mut self.entries[i].1, enabled)),
            None => {
                self.define(name.to_string(), enabled);
                None
            }
        }
    }

    /// Undefines `name`; its state, if it was defined.
    ///
    /// ```
    /// use apimachinery::options::Options;
    /// let mut opts: Options = [("A".to_string(), true)].into_iter().collect();
    /// assert_eq!(opts.remove("A"), Some(true));
    /// assert!(opts.is_empty());
    /// ```
    pub fn remove(&mut self, name: &str) -> Option<bool> {
        self.find(name).map(|i| self.entries.remove(i).1)
    }

    /// How many options are defined.
    ///
    /// ```
    /// assert_eq!(apimachinery::options::Options::new().len(), 0);
    /// ```
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no option is defined.
    ///
    /// ```
    /// assert!(apimachinery::options::Options::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The options and their states, by name.
    ///
    /// ```
    /// use apimachinery::options::Options;
    /// let opts: Options = [("B".to_string(), true), ("A".to_string(), false)].into_iter().collect();
    /// let v: Vec<(&String, &bool)> = opts.iter().collect();
    /// assert_eq!(v, [(&"A".to_string(), &false), (&"B".to_string(), &true)]);
    /// ```
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&String, &bool)> + ExactSizeIterator {
        self.entries.iter().map(|(k, v)| (k, v))
    }

    /// The names, sorted.
    ///
    /// ```
    /// use apimachinery::options::Options;
    /// let opts: Options = [("B".to_string(), true), ("A".to_string(), false)].into_iter().collect();
    /// assert_eq!(opts.keys().collect::<Vec<_>>(), ["A", "B"]);
    /// ```
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &String> + ExactSizeIterator {
        self.entries.iter().map(|(k, _)| k)
    }

    /// The options as a `BTreeMap`.
    ///
    /// ```
    /// use apimachinery::options::Options;
    /// let opts: Options = [("A".to_string(), true)].into_iter().collect();
    /// assert_eq!(opts.to_map().get("A"), Some(&true));
    /// ```
    pub fn to_map(&self) -> BTreeMap<String, bool> {
        self.entries.iter().cloned().collect()
    }

    /// The index of `name`, if defined: a scan up to [`SCAN`] options (the
    /// names are unique, so the first equal one is the only one), else
    /// [`Options::position`].
    #[inline]
    fn find(&self, name: &str) -> Option<usize> {
        if self.entries.len() <= SCAN {
            return self
                .entries
                .iter()
                .position(|(k, _)| crate::text_eq::str_eq(k, name));
        }
        self.position(name).ok()
    }

    /// Adds `name`, which is not defined, where the byte order puts it.
    fn define(&mut self, name: String, enabled: bool) {
        let at = self.position(&name).unwrap_or_else(|at| at);
        self.entries.insert(at, (name, enabled));
    }

    /// Where `name` is (`Ok`) or would go (`Err`) in the sorted entries.
    fn position(&self, name: &str) -> Result<usize, usize> {
        self.entries.binary_search_by(|(k, _)| k.as_str().cmp(name))
    }
}

impl std::fmt::Debug for Options {
    /// As the map it stands for: `{"A": true}`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl FromIterator<(String, bool)> for Options {
    /// Later states of a repeated name win, as in a map.
    fn from_iter<I: IntoIterator<Item = (String, bool)>>(iter: I) -> Options {
        let mut opts = Options::new();
        opts.extend(iter);
        opts
    }
}

impl Extend<(String, bool)> for Options {
    fn extend<I: IntoIterator<Item = (String, bool)>>(&mut self, iter: I) {
        for (name, enabled) in iter {
            self.insert(name, enabled);
        }
    }
}

impl From<BTreeMap<String, bool>> for Options {
    fn from(map: BTreeMap<String, bool>) -> Options {
        // Already sorted and unique.
        Options {
            entries: map.into_iter().collect(),
        }
    }
}

impl From<Options> for BTreeMap<String, bool> {
    fn from(opts: Options) -> BTreeMap<String, bool> {
        opts.entries.into_iter().collect()
    }
}

impl<'a> IntoIterator for &'a Options {
    type Item = (&'a String, &'a bool);
    type IntoIter = std::iter::Map<
        std::slice::Iter<'a, (String, bool)>,
        fn(&'a (String, bool)) -> (&'a String, &'a bool),
    >;
    fn into_iter(self) -> Self::IntoIter {
        self.entries.iter().map(|(k, v)| (k, v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_a_btree_map_at_every_size() {
        for n in 0..(2 * SCAN + 2) {
            let mut opts = Options::new();
            let mut map = BTreeMap::new();
            // Inserted out of order, some twice.
            for i in (0..n).rev().chain(0..n / 2) {
                let (name, on) = (format!("Opt{i}"), (i * 7) % 3 == 0);
                assert_eq!(opts.insert(name.clone(), on), map.insert(name, on));
            }
            assert_eq!(opts.len(), map.len());
            assert_eq!(opts.to_map(), map);
            assert!(opts.iter().eq(map.iter()));
            for probe in [
                "Opt0", "Opt1", "Opt7", "Opt19", "Opt33", "Opt70", "Opt", "Other", "",
            ] {
                assert_eq!(opts.state(probe), map.get(probe).copied(), "{n} {probe}");
                let (mut set, mut set_map) = (opts.clone(), map.clone());
                assert_eq!(
                    set.set(probe, true),
                    set_map.insert(probe.to_string(), true)
                );
                assert_eq!(set.to_map(), set_map, "{n} {probe}");
                assert_eq!(opts.get(probe), map.get(probe), "{n} {probe}");
                assert_eq!(opts.contains_key(probe), map.contains_key(probe));
                let (mut removed, mut removed_map) = (opts.clone(), map.clone());
                assert_eq!(removed.remove(probe), removed_map.remove(probe));
                assert_eq!(removed.to_map(), removed_map, "{n} {probe}");
            }
            assert_eq!(format!("{opts:?}"), format!("{map:?}"));
            assert_eq!(Options::from(map.clone()), opts);
            assert_eq!(BTreeMap::from(opts.clone()), map);
            if n > 0 {
                assert_eq!(opts.remove("Opt0"), map.remove("Opt0"));
                assert_eq!(opts.to_map(), map);
            }
        }
    }

    #[test]
    fn order_and_equality_follow_the_map() {
        let a: Options = [("A".to_string(), true), ("B".to_string(), false)]
            .into_iter()
            .collect();
        let b: Options = [("B".to_string(), false), ("A".to_string(), true)]
            .into_iter()
            .collect();
        assert_eq!(a, b);
        let c: Options = [("A".to_string(), false)].into_iter().collect();
        assert_eq!(a.cmp(&c), a.to_map().cmp(&c.to_map()));
    }
}
