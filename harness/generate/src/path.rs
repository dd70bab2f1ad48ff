//! JSON path patterns of the rule inventory (`spec.conditions[*].type`)
//! applied to objects as `serde_json::Value`: expanding `[*]` over list
//! items and map values, reading, writing (creating missing parents) and
//! removing, and normalising an error's field path back to its pattern.

use dv_harness_engine::field_pattern::{Token, tokens};
use serde_json::{Map, Value};

/// One element of a rule path pattern.
///
/// ```
/// use dv_harness_generate::path::{Pattern, Segment};
/// let p = Pattern::parse("spec.items[*].name");
/// assert_eq!(p.segments(), &[
///     Segment::Field("spec".into()), Segment::Field("items".into()),
///     Segment::Each, Segment::Field("name".into()),
/// ]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Segment {
    /// An object member (struct field) by JSON name.
    Field(String),
    /// Every list item or map value (`[*]`).
    Each,
}

/// A parsed rule path pattern. The empty pattern is the object itself.
///
/// ```
/// use dv_harness_generate::path::Pattern;
/// assert!(Pattern::parse("").segments().is_empty());
/// assert_eq!(Pattern::parse("a[*][*]").segments().len(), 3);
/// assert_eq!(Pattern::parse("a[*].b").to_string(), "a[*].b");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Pattern {
    segments: Vec<Segment>,
}

impl Pattern {
    /// Parses `a.b[*].c`; any bracketed subscript counts as `[*]`.
    ///
    /// ```
    /// use dv_harness_generate::path::Pattern;
    /// assert_eq!(Pattern::parse("a[0].b"), Pattern::parse("a[*].b"));
    /// ```
    pub fn parse(text: &str) -> Pattern {
        let segments = tokens(text)
            .into_iter()
            .map(|t| match t {
                Token::Field { name, .. } => Segment::Field(name.to_string()),
                Token::Index { .. } => Segment::Each,
            })
            .collect();
        Pattern { segments }
    }

    /// A pattern from segments.
    ///
    /// ```
    /// use dv_harness_generate::path::{Pattern, Segment};
    /// assert_eq!(Pattern::from_segments(&[Segment::Field("a".into()), Segment::Each]).to_string(), "a[*]");
    /// ```
    pub fn from_segments(segments: &[Segment]) -> Pattern {
        let mut p = Pattern::default();
        for s in segments {
            p = match s {
                Segment::Field(name) => p.field(name),
                Segment::Each => p.each(),
            };
        }
        p
    }

    /// The segments.
    ///
    /// ```
    /// assert_eq!(dv_harness_generate::path::Pattern::parse("a").segments().len(), 1);
    /// ```
    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    /// The pattern without its last segment (`None` for the root).
    ///
    /// ```
    /// use dv_harness_generate::path::Pattern;
    /// assert_eq!(Pattern::parse("a.b").parent(), Some(Pattern::parse("a")));
    /// assert_eq!(Pattern::parse("").parent(), None);
    /// ```
    pub fn parent(&self) -> Option<Pattern> {
        if self.segments.is_empty() {
            return None;
        }
        Some(Pattern {
            segments: self.segments[..self.segments.len() - 1].to_vec(),
        })
    }

    /// This pattern followed by a field.
    ///
    /// ```
    /// use dv_harness_generate::path::Pattern;
    /// assert_eq!(Pattern::parse("a[*]").field("b").to_string(), "a[*].b");
    /// ```
    pub fn field(&self, name: &str) -> Pattern {
        let mut segments = self.segments.clone();
        segments.push(Segment::Field(name.to_string()));
        Pattern { segments }
    }

    /// This pattern followed by `[*]`.
    ///
    /// ```
    /// use dv_harness_generate::path::Pattern;
    /// assert_eq!(Pattern::parse("a").each().to_string(), "a[*]");
    /// ```
    pub fn each(&self) -> Pattern {
        let mut segments = self.segments.clone();
        segments.push(Segment::Each);
        Pattern { segments }
    }
}

impl std::fmt::Display for Pattern {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut first = true;
        for s in &self.segments {
            match s {
                Segment::Field(name) => {
                    if !first {
                        f.write_str(".")?;
                    }
                    f.write_str(name)?;
                }
                Segment::Each => f.write_str("[*]")?,
            }
            first = false;
        }
        Ok(())
    }
}

/// One step of a concrete location.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Step {
    /// An object member or map key.
    Key(String),
    /// A list index.
    Index(usize),
}

/// A concrete location in a JSON value.
pub type Location = Vec<Step>;

/// The concrete locations of `pattern` in `value` that exist (`[*]`
/// expands over list items and object members).
///
/// ```
/// use dv_harness_generate::path::{Pattern, select, Step};
/// let v = serde_json::json!({"a": [{"b": 1}, {"c": 2}, {"b": 3}]});
/// let locs = select(&v, &Pattern::parse("a[*].b"));
/// assert_eq!(locs.len(), 2);
/// assert_eq!(locs[1], vec![Step::Key("a".into()), Step::Index(2), Step::Key("b".into())]);
/// ```
pub fn select(value: &Value, pattern: &Pattern) -> Vec<Location> {
    let mut out = Vec::new();
    let mut here = Vec::new();
    select_into(value, pattern.segments(), &mut here, &mut out);
    out
}

fn select_into(value: &Value, rest: &[Segment], here: &mut Location, out: &mut Vec<Location>) {
    let Some((first, rest)) = rest.split_first() else {
        out.push(here.clone());
        return;
    };
    match (first, value) {
        (Segment::Field(name), Value::Object(m)) => {
            if let Some(v) = m.get(name) {
                here.push(Step::Key(name.clone()));
                select_into(v, rest, here, out);
                here.pop();
            }
        }
        (Segment::Each, Value::Array(items)) => {
            for (i, v) in items.iter().enumerate() {
                here.push(Step::Index(i));
                select_into(v, rest, here, out);
                here.pop();
            }
        }
        (Segment::Each, Value::Object(m)) => {
            for (k, v) in m {
                here.push(Step::Key(k.clone()));
                select_into(v, rest, here, out);
                here.pop();
            }
        }
        _ => {}
    }
}

/// The parents a rule at `pattern` is evaluated under: the locations of
/// the pattern without its last field (a field rule runs whether or not
/// the field is set, as long as its parent exists); for a pattern ending in
/// `[*]`, the items themselves. Null parents do not count.
///
/// ```
/// use dv_harness_generate::path::{Pattern, evaluation_sites};
/// let v = serde_json::json!({"spec": {}, "list": []});
/// assert_eq!(evaluation_sites(&v, &Pattern::parse("spec.replicas")).len(), 1);
/// assert_eq!(evaluation_sites(&v, &Pattern::parse("status.x")).len(), 0);
/// assert_eq!(evaluation_sites(&v, &Pattern::parse("list[*]")).len(), 0);
/// ```
pub fn evaluation_sites(value: &Value, pattern: &Pattern) -> Vec<Location> {
    match pattern.segments().last() {
        Some(Segment::Field(_)) => {
            let parent = pattern.parent().unwrap_or_default();
            select(value, &parent)
                .into_iter()
                .filter(|loc| get(value, loc).is_some_and(Value::is_object))
                .collect()
        }
        _ => select(value, pattern)
            .into_iter()
            .filter(|loc| get(value, loc).is_some_and(|v| !v.is_null()))
            .collect(),
    }
}

/// The value at a location.
///
/// ```
/// use dv_harness_generate::path::{get, Step};
/// let v = serde_json::json!({"a": [1, 2]});
/// assert_eq!(get(&v, &[Step::Key("a".into()), Step::Index(1)]), Some(&serde_json::json!(2)));
/// assert_eq!(get(&v, &[Step::Key("b".into())]), None);
/// ```
pub fn get<'v>(value: &'v Value, loc: &[Step]) -> Option<&'v Value> {
    let mut cur = value;
    for step in loc {
        cur = match (step, cur) {
            (Step::Key(k), Value::Object(m)) => m.get(k)?,
            (Step::Index(i), Value::Array(a)) => a.get(*i)?,
            _ => return None,
        };
    }
    Some(cur)
}

/// The value at a location, mutably.
///
/// ```
/// use dv_harness_generate::path::{get_mut, Step};
/// let mut v = serde_json::json!({"a": 1});
/// *get_mut(&mut v, &[Step::Key("a".into())]).unwrap() = serde_json::json!(2);
/// assert_eq!(v["a"], 2);
/// ```
pub fn get_mut<'v>(value: &'v mut Value, loc: &[Step]) -> Option<&'v mut Value> {
    let mut cur = value;
    for step in loc {
        cur = match (step, cur) {
            (Step::Key(k), Value::Object(m)) => m.get_mut(k)?,
            (Step::Index(i), Value::Array(a)) => a.get_mut(*i)?,
            _ => return None,
        };
    }
    Some(cur)
}

/// Writes `new` at a location, creating missing (or null) parent objects;
/// returns whether it could (a list index past the end or a scalar in the
/// way cannot be written).
///
/// ```
/// use dv_harness_generate::path::{set, Step};
/// let mut v = serde_json::json!({});
/// assert!(set(&mut v, &[Step::Key("a".into()), Step::Key("b".into())], serde_json::json!(1)));
/// assert_eq!(v, serde_json::json!({"a": {"b": 1}}));
/// ```
pub fn set(value: &mut Value, loc: &[Step], new: Value) -> bool {
    let Some((last, parents)) = loc.split_last() else {
        *value = new;
        return true;
    };
    let mut cur = value;
    for step in parents {
        if cur.is_null() {
            *cur = Value::Object(Map::new());
        }
        cur = match (step, cur) {
            (Step::Key(k), Value::Object(m)) => m.entry(k.clone()).or_insert(Value::Null),
            (Step::Index(i), Value::Array(a)) => match a.get_mut(*i) {
                Some(v) => v,
                None => return false,
            },
            _ => return false,
        };
    }
    if cur.is_null() {
        *cur = Value::Object(Map::new());
    }
    match (last, cur) {
        (Step::Key(k), Value::Object(m)) => {
            m.insert(k.clone(), new);
            true
        }
        (Step::Index(i), Value::Array(a)) if *i < a.len() => {
            a[*i] = new;
            true
        }
        (Step::Index(i), Value::Array(a)) if *i == a.len() => {
            a.push(new);
            true
        }
        _ => false,
    }
}

/// Removes the value at a location (an object member or a list item);
/// returns it.
///
/// ```
/// use dv_harness_generate::path::{remove, Step};
/// let mut v = serde_json::json!({"a": [1, 2, 3]});
/// assert_eq!(remove(&mut v, &[Step::Key("a".into()), Step::Index(0)]), Some(serde_json::json!(1)));
/// assert_eq!(v, serde_json::json!({"a": [2, 3]}));
/// ```
pub fn remove(value: &mut Value, loc: &[Step]) -> Option<Value> {
    let (last, parents) = loc.split_last()?;
    match (last, get_mut(value, parents)?) {
        (Step::Key(k), Value::Object(m)) => m.shift_remove(k),
        (Step::Index(i), Value::Array(a)) if *i < a.len() => Some(a.remove(*i)),
        _ => None,
    }
}

/// Every location in `value` (pre-order, the root first), with the value.
///
/// ```
/// use dv_harness_generate::path::locations;
/// let v = serde_json::json!({"a": [1, {"b": 2}]});
/// assert_eq!(locations(&v).len(), 5); // root, a, a[0], a[1], a[1].b
/// ```
pub fn locations(value: &Value) -> Vec<(Location, &Value)> {
    let mut out = Vec::new();
    let mut here = Vec::new();
    walk(value, &mut here, &mut out);
    out
}

fn walk<'v>(value: &'v Value, here: &mut Location, out: &mut Vec<(Location, &'v Value)>) {
    out.push((here.clone(), value));
    match value {
        Value::Object(m) => {
            for (k, v) in m {
                here.push(Step::Key(k.clone()));
                walk(v, here, out);
                here.pop();
            }
        }
        Value::Array(a) => {
            for (i, v) in a.iter().enumerate() {
                here.push(Step::Index(i));
                walk(v, here, out);
                here.pop();
            }
        }
        _ => {}
    }
}

/// An error's field path with every subscript replaced by `[*]`; Go's nil
/// path `<nil>` becomes `""`, as Kubernetes' declarative-coverage
/// recorder does.
///
/// ```
/// use dv_harness_generate::path::normalize_field;
/// assert_eq!(normalize_field("spec.items[3].name"), "spec.items[*].name");
/// assert_eq!(normalize_field("metadata.labels[a.b/c]"), "metadata.labels[*]");
/// assert_eq!(normalize_field("<nil>"), "");
/// ```
pub fn normalize_field(field: &str) -> String {
    if field == "<nil>" {
        return String::new();
    }
    let mut out = String::with_capacity(field.len());
    let mut depth = 0usize;
    for c in field.chars() {
        match c {
            '[' => {
                if depth == 0 {
                    out.push_str("[*]");
                }
                depth += 1;
            }
            ']' if depth > 0 => depth -= 1,
            _ if depth > 0 => {}
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn select_expands_maps_and_nested_lists() {
        let v = json!({"m": {"x": [1, 2], "y": [3]}});
        assert_eq!(select(&v, &Pattern::parse("m[*][*]")).len(), 3);
        assert!(select(&v, &Pattern::parse("m.z")).is_empty());
        assert_eq!(select(&v, &Pattern::parse("")), vec![Vec::<Step>::new()]);
    }

    #[test]
    fn set_creates_parents_through_null() {
        let mut v = json!({"spec": null});
        let loc = vec![Step::Key("spec".into()), Step::Key("a".into())];
        assert!(set(&mut v, &loc, json!(1)));
        assert_eq!(v, json!({"spec": {"a": 1}}));
        let mut v = json!({"l": [1]});
        assert!(set(
            &mut v,
            &[Step::Key("l".into()), Step::Index(1)],
            json!(2)
        ));
        assert!(!set(
            &mut v,
            &[Step::Key("l".into()), Step::Index(5)],
            json!(2)
        ));
        assert!(!set(
            &mut v,
            &[Step::Key("l".into()), Step::Key("x".into())],
            json!(2)
        ));
        assert_eq!(v, json!({"l": [1, 2]}));
    }

    #[test]
    fn evaluation_sites_need_parents() {
        let v = json!({"spec": {"items": [{"a": 1}, {}]}});
        assert_eq!(
            evaluation_sites(&v, &Pattern::parse("spec.items[*].a")).len(),
            2
        );
        assert_eq!(
            evaluation_sites(&v, &Pattern::parse("spec.items[*]")).len(),
            2
        );
        let v = json!({"spec": null});
        assert!(evaluation_sites(&v, &Pattern::parse("spec.x")).is_empty());
        assert_eq!(evaluation_sites(&v, &Pattern::parse("spec")).len(), 1);
    }

    #[test]
    fn normalize_nested_brackets() {
        assert_eq!(normalize_field("a[[x]]"), "a[*]");
        assert_eq!(normalize_field("a[1][2].b"), "a[*][*].b");
        assert_eq!(normalize_field(""), "");
    }
}
