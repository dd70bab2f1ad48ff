//! `validateReadinessGates` (Kubernetes' `pkg/apis/core/validation/validation.go`,
//! read at 000f2605): every gate's `conditionType` is a qualified name.

use super::qualified_name::validate_qualified_name;
use apimachinery::field::{ErrorList, Path};
use declarative::api::core::v1::PodReadinessGate;

/// `validateReadinessGates`: errors at `<path>[i].conditionType`.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::PodReadinessGate;
/// use handwritten::core::v1::pod_readiness_gate::validate_readiness_gates;
/// let g = PodReadinessGate { condition_type: "invalid/condition/type".into() };
/// let errs = validate_readiness_gates(&[g], &Path::new("readinessGates"));
/// assert_eq!(errs[0].field, "readinessGates[0].conditionType");
/// ```
pub fn validate_readiness_gates(gates: &[PodReadinessGate], path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    for (i, gate) in gates.iter().enumerate() {
        errs.extend_from(validate_qualified_name(
            &gate.condition_type,
            &path.index(i).child("conditionType"),
        ));
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gates(types: &[&str]) -> Vec<PodReadinessGate> {
        types
            .iter()
            .map(|t| PodReadinessGate {
                condition_type: t.to_string(),
            })
            .collect()
    }

    #[test]
    fn qualified_condition_types_pass() {
        let ok = gates(&["example.com/condition1", "example.com/condition2"]);
        assert!(validate_readiness_gates(&ok, &Path::new("g")).is_empty());
    }

    #[test]
    fn each_bad_condition_type_is_reported() {
        let bad = gates(&["ok", "invalid/condition/type", ""]);
        let fields: Vec<String> = validate_readiness_gates(&bad, &Path::new("g"))
            .iter()
            .map(|e| e.field.clone())
            .collect();
        // An empty name breaks two rules of `IsQualifiedName`: it is empty,
        // and it does not match the name pattern.
        assert_eq!(
            fields,
            [
                "g[1].conditionType",
                "g[2].conditionType",
                "g[2].conditionType"
            ]
        );
    }
}
