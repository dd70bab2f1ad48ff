//! `podshelper.VisitContainersWithPath` (`pkg/apis/core/pods/helpers.go`):
//! every container of a pod spec, init containers first, then regular and
//! ephemeral containers, each with its path.

use apimachinery::field::Path;
use declarative::api::core::v1::{PodSpec, SecurityContext};

/// `podshelper.VisitContainersWithPath`: init containers, then regular
/// containers, then ephemeral containers, each with its security context
/// and its path under `path`.
pub(crate) fn for_each_container<'s>(
    spec: &'s PodSpec,
    path: &Path<'_>,
    mut visit: impl FnMut(Option<&'s SecurityContext>, &Path<'_>),
) {
    for_each_container_named(spec, path, |_, sc, p| visit(sc, p));
}

/// [`for_each_container`] with each container's name.
pub(crate) fn for_each_container_named<'s>(
    spec: &'s PodSpec,
    path: &Path<'_>,
    mut visit: impl FnMut(&'s str, Option<&'s SecurityContext>, &Path<'_>),
) {
    let init = path.child("initContainers");
    for (i, c) in spec.init_containers.iter().enumerate() {
        visit(&c.name, c.security_context.as_ref(), &init.index(i));
    }
    let regular = path.child("containers");
    for (i, c) in spec.containers.iter().enumerate() {
        visit(&c.name, c.security_context.as_ref(), &regular.index(i));
    }
    let ephemeral = path.child("ephemeralContainers");
    for (i, c) in spec.ephemeral_containers.iter().enumerate() {
        visit(&c.name, c.security_context.as_ref(), &ephemeral.index(i));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visits_init_regular_then_ephemeral() {
        let spec: PodSpec = serde_json::from_str(
            r#"{"containers":[{"name":"c"}],"initContainers":[{"name":"i"}],"ephemeralContainers":[{"name":"e"}]}"#,
        )
        .unwrap();
        let mut seen = Vec::new();
        for_each_container_named(&spec, &Path::new("spec"), |name, _, path| {
            seen.push(format!("{name}@{path}"));
        });
        assert_eq!(
            seen,
            [
                "i@spec.initContainers[0]",
                "c@spec.containers[0]",
                "e@spec.ephemeralContainers[0]"
            ]
        );
    }
}
