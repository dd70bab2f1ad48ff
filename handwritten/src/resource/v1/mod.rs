//! `resource.k8s.io/v1` validators, one kind per module (pair convention:
//! `validate`, `prepare`, `SUBRESOURCES`), and the shared device checks.

pub mod cel;
pub mod conditions;
pub mod defaults;
pub mod device_checks;
pub mod device_class;
pub mod drop_disabled;
pub mod node_selector;
pub mod resource_claim;

/// Kubernetes' `ResourceNormalizationRules` (`pkg/apis/resource/validation`):
/// `(regex, replacement)` pairs mapping the field paths of the flattened
/// v1beta1 request shape onto the v1 shape (fields under `exactly`), so that
/// errors of validators of different versions compare equal. Replacements
/// use `$1`/`$2` group references, which Go's `regexp` and Rust's `regex`
/// read alike.
///
/// ```
/// use handwritten::resource::v1::NORMALIZATION_RULES;
/// let (pattern, replacement) = NORMALIZATION_RULES[0];
/// assert!(pattern.starts_with(r"spec\.devices\.requests"));
/// assert_eq!(replacement, "spec.devices.requests[$1].exactly.$2");
/// assert_eq!(NORMALIZATION_RULES.len(), 3);
/// ```
pub const NORMALIZATION_RULES: &[(&str, &str)] = &[
    (
        r"spec\.devices\.requests\[(\d+)\]\.(deviceClassName|selectors|allocationMode|count|adminAccess|tolerations|derivedAttributes)",
        "spec.devices.requests[$1].exactly.$2",
    ),
    (
        r"spec\.spec\.devices\.requests\[(\d+)\]\.(deviceClassName|selectors|allocationMode|count|adminAccess|tolerations|derivedAttributes)",
        "spec.spec.devices.requests[$1].exactly.$2",
    ),
    (r"spec\.devices\[(\d+)\]\.basic\.", "spec.devices[$1]."),
];

#[cfg(test)]
mod tests {
    #[test]
    fn normalization_rules_are_valid_regexes_mapping_v1beta1_paths() {
        for (pattern, replacement) in super::NORMALIZATION_RULES {
            assert!(apimachinery::field::NormalizationRule::new(pattern, *replacement).is_ok());
        }
        let (pattern, replacement) = super::NORMALIZATION_RULES[0];
        let re = apimachinery::field::NormalizationRule::new(pattern, replacement).unwrap();
        assert_eq!(
            re.apply("spec.devices.requests[3].selectors[0].cel"),
            "spec.devices.requests[3].exactly.selectors[0].cel"
        );
    }
}
