//! Where a check reports its error: a built [`Path`], or a field whose path
//! is built only when an error is reported and whose errors ratcheting
//! drops.
//!
//! Generated code validates a field whose checks are all cheap comparisons
//! (presence, limits, `neq`, `monotonic`) before it compares the field with
//! its old value, and only the failing field is compared. Handing those
//! checks a [`RatchetedField`] instead of the field's path keeps both the
//! path and the ratcheting decision in the error branch: a valid field
//! builds no path, and nothing the comparison needs stays live across the
//! out-of-line push of an error. An unchanged field of an update reports
//! nothing, as Kubernetes' ratcheting returns no errors for it; the check
//! still returns that it failed, so short-circuiting is the same either way.

use super::Path;

/// Where a check reports an error: [`ErrorSite::report`] calls `push` with
/// the path, or does not call it when the error is not to be reported.
///
/// ```
/// use apimachinery::field::{ErrorSite, Path};
/// let p = Path::new("a");
/// let mut seen = String::new();
/// (&p).report(|path| seen = path.to_string());
/// assert_eq!(seen, "a");
/// ```
pub trait ErrorSite: Copy {
    /// Calls `push` with the error's path when the error is reported.
    fn report(self, push: impl FnOnce(&Path<'_>));
}

impl ErrorSite for &Path<'_> {
    #[inline(always)]
    fn report(self, push: impl FnOnce(&Path<'_>)) {
        push(self)
    }
}

/// A field of `parent` (or, for an embedded struct, `parent` itself) whose
/// errors are dropped when `unchanged` says the field equals its old value:
/// the path is built, and `unchanged` asked, only when a check fails.
///
/// ```
/// use apimachinery::field::{ErrorSite, Path, RatchetedField};
/// let spec = Path::new("spec");
/// let mut seen = Vec::new();
/// RatchetedField::new(&spec, Some("replicas"), || false).report(|p| seen.push(p.to_string()));
/// RatchetedField::new(&spec, None, || false).report(|p| seen.push(p.to_string()));
/// RatchetedField::new(&spec, Some("replicas"), || true).report(|p| seen.push(p.to_string()));
/// assert_eq!(seen, ["spec.replicas", "spec"]);
/// ```
#[derive(Clone, Copy)]
pub struct RatchetedField<'p, U> {
    parent: &'p Path<'p>,
    name: Option<&'static str>,
    unchanged: U,
}

impl<'p, U: Fn() -> bool + Copy> RatchetedField<'p, U> {
    /// The field `name` of `parent` (`None`: `parent` itself), unchanged
    /// when `unchanged` returns true.
    #[inline(always)]
    pub fn new(parent: &'p Path<'p>, name: Option<&'static str>, unchanged: U) -> Self {
        RatchetedField {
            parent,
            name,
            unchanged,
        }
    }
}

impl<U: Fn() -> bool + Copy> ErrorSite for RatchetedField<'_, U> {
    #[inline(always)]
    fn report(self, push: impl FnOnce(&Path<'_>)) {
        if (self.unchanged)() {
            return;
        }
        match self.name {
            Some(name) => push(&self.parent.child(name)),
            None => push(self.parent),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::{Error, ErrorList};

    #[test]
    fn a_ratcheted_field_reports_at_its_path_only_when_changed() {
        let root = Path::root();
        let spec = root.child("spec");
        for (parent, name, changed, want) in [
            (&root, Some("a"), true, Some("a")),
            (&spec, Some("a"), true, Some("spec.a")),
            (&spec, None, true, Some("spec")),
            (&spec, Some("a"), false, None),
            (&root, None, false, None),
        ] {
            let mut errs = ErrorList::new();
            RatchetedField::new(parent, name, || !changed)
                .report(|p| errs.push(Error::required(p, "")));
            assert_eq!(errs.first().map(|e| e.field.as_str()), want);
        }
    }
}
