//! `validateSchedulingGates` (Kubernetes' `pkg/apis/core/validation/validation.go`,
//! read at 000f2605): every gate's name is a qualified name, and no name
//! repeats.

use super::qualified_name::validate_qualified_name;
use apimachinery::field::{Error, ErrorList, Path};
use declarative::api::core::v1::PodSchedulingGate;
use std::collections::HashSet;

/// `validateSchedulingGates`: a bad name is `Invalid` and a repeated one
/// `Duplicate`, both at `<path>[i]` (not at `.name`, as in Kubernetes).
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::PodSchedulingGate;
/// use handwritten::core::v1::pod_scheduling_gate::validate_scheduling_gates;
/// let g = vec![PodSchedulingGate { name: "foo".into() }, PodSchedulingGate { name: "foo".into() }];
/// let errs = validate_scheduling_gates(&g, &Path::new("schedulingGates"));
/// assert_eq!(errs[0].field, "schedulingGates[1]");
/// ```
pub fn validate_scheduling_gates(gates: &[PodSchedulingGate], path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut seen = HashSet::new();
    for (i, gate) in gates.iter().enumerate() {
        let idx = path.index(i);
        errs.extend_from(validate_qualified_name(&gate.name, &idx));
        if !seen.insert(gate.name.as_str()) {
            errs.push(Error::duplicate(&idx, gate.name.as_str()));
        }
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::ErrorType;

    fn gates(names: &[&str]) -> Vec<PodSchedulingGate> {
        names
            .iter()
            .map(|n| PodSchedulingGate {
                name: n.to_string(),
            })
            .collect()
    }

    #[test]
    fn bad_and_repeated_names() {
        // An empty name breaks two rules of `IsQualifiedName` (empty, and
        // not matching the name pattern), so it is reported twice.
        let errs = validate_scheduling_gates(&gates(&["a", "", "a", ""]), &Path::new("g"));
        let got: Vec<(ErrorType, &str)> = errs
            .iter()
            .map(|e| (e.error_type, e.field.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                (ErrorType::Invalid, "g[1]"),
                (ErrorType::Invalid, "g[1]"),
                (ErrorType::Duplicate, "g[2]"),
                (ErrorType::Invalid, "g[3]"),
                (ErrorType::Invalid, "g[3]"),
                (ErrorType::Duplicate, "g[3]"),
            ]
        );
    }

    #[test]
    fn distinct_qualified_names_pass() {
        let ok = gates(&["example.com/a", "b"]);
        assert!(validate_scheduling_gates(&ok, &Path::new("g")).is_empty());
    }
}
