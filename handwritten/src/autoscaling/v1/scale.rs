//! `ValidateScale` (`pkg/apis/autoscaling/validation`).

use crate::core::v1::object_meta::validate_object_meta;
use apimachinery::content::name_is_dns_subdomain;
use apimachinery::field::{Error, ErrorList, Path};
use declarative::api::autoscaling::v1::Scale;

/// `ValidateScale`: namespaced metadata with a DNS-subdomain name, and
/// `spec.replicas` not negative (`Invalid`, origin `minimum`, covered by
/// the declarative `+k8s:minimum=0` rule on `ScaleSpec.replicas`).
///
/// ```
/// use declarative::api::autoscaling::v1::Scale;
/// use handwritten::autoscaling::v1::scale::validate_scale;
/// let mut s = Scale::default();
/// s.metadata.name = "web".into();
/// s.metadata.namespace = "default".into();
/// s.spec.replicas = -1;
/// let errs = validate_scale(&s);
/// assert_eq!(errs[0].to_string(), "spec.replicas: Invalid value: -1: must be greater than or equal to 0");
/// assert_eq!(errs[0].origin, "minimum");
/// assert!(errs[0].covered_by_declarative);
/// ```
pub fn validate_scale(scale: &Scale) -> ErrorList {
    let mut errs = validate_object_meta(
        &scale.metadata,
        true,
        name_is_dns_subdomain,
        &Path::new("metadata"),
    );
    if scale.spec.replicas < 0 {
        let spec = Path::new("spec");
        errs.push(
            Error::invalid(
                &spec.child("replicas"),
                scale.spec.replicas,
                "must be greater than or equal to 0",
            )
            .with_origin("minimum")
            .mark_covered_by_declarative(),
        );
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_scale_passes_and_metadata_is_checked() {
        let mut s = Scale::default();
        s.metadata.name = "web".into();
        s.metadata.namespace = "default".into();
        assert!(validate_scale(&s).is_empty());
        s.metadata.namespace.clear();
        assert_eq!(validate_scale(&s)[0].field, "metadata.namespace");
    }
}
