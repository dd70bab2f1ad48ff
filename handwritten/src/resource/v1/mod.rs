//! `resource.k8s.io/v1` validators, one kind per module (pair convention:
//! `validate`, `prepare`, `SUBRESOURCES`), and the shared device checks.

pub mod conditions;
pub mod defaults;
pub mod device_checks;
pub mod device_class;
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
mod seed_tests {
    use crate::networking::seed_corpus::{
        Runner, check_dir, differing_cases, dv_coverage, runner, seed_dir,
    };
    use declarative::api::resource::v1::{DeviceClass, ResourceClaim};

    fn check(kind: &str, run: &Runner) {
        let (failures, count) = check_dir(&seed_dir("resource.k8s.io", "v1", kind), run);
        assert!(count >= 30, "{kind}: only {count} seed cases");
        assert!(failures.is_empty(), "{kind}:\n{}", failures.join("\n"));
    }

    #[test]
    fn device_class_seed_cases_match_expected() {
        check(
            "DeviceClass",
            &runner!(DeviceClass, crate::resource::v1::device_class),
        );
    }

    #[test]
    fn resource_claim_seed_cases_match_expected() {
        check(
            "ResourceClaim",
            &runner!(ResourceClaim, crate::resource::v1::resource_claim),
        );
    }

    #[test]
    fn covered_hv_errors_equal_dv_errors() {
        let dir = |k| seed_dir("resource.k8s.io", "v1", k);
        let dc = differing_cases(
            &dir("DeviceClass"),
            &dv_coverage!(DeviceClass, crate::resource::v1::device_class),
        );
        let names = |lines: Vec<String>| -> Vec<String> {
            lines
                .into_iter()
                .map(|l| l.split(':').next().unwrap_or_default().to_string())
                .collect()
        };
        // Kubernetes' own divergence: DV ratchets the unchanged (invalid)
        // name on update, HV reports it (covered) in both passes.
        assert_eq!(names(dc), ["update-invalid-name-kept"]);
        let rc = differing_cases(
            &dir("ResourceClaim"),
            &dv_coverage!(ResourceClaim, crate::resource::v1::resource_claim),
        );
        // Defaulting (`prepare`), the subrequest class-name origin and the
        // lastTransitionTime custom validation now agree; what remains is
        // the DV-only `+k8s:enum` of SkipNodeOperation, which has no HV twin.
        assert_eq!(
            names(rc),
            [
                // Kubernetes' own divergence without defaulting (equivalence.toml):
                // HV's NotSupported on an empty allocationMode, which DV's
                // `+k8s:optional` skips.
                "k8s-testvalidateclaim-prioritized-list-invalid-nested-request",
                // DV-only rule: the `+k8s:enum` of SkipNodeOperation has no HV twin.
                "status-result-skip-unknown-operation",
            ]
        );
    }

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
