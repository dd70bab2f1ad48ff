//! `podshelper.VisitContainersWithPath` (`pkg/apis/core/pods/helpers.go`):
//! every container of a pod spec, init containers first, then regular and
//! ephemeral containers, each with the list it is in and its index, seen
//! through the one view of a container's fields ([`Common`]). The option
//! derivations of a pod spec (`podLifecycleSleepActionZeroValueInUse`,
//! `usesIndivisibleHugePagesValues`, `gatherPodEnvVarNames`, ...) and the
//! checks that walk all containers read them through [`all_containers`].

use super::container::Common;
use apimachinery::field::Path;
use declarative::api::core::v1::{Container, EphemeralContainer, PodSpec, SecurityContext};

/// The three container lists of a pod spec.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ContainerList {
    /// `initContainers`.
    Init,
    /// `containers`.
    Regular,
    /// `ephemeralContainers`.
    Ephemeral,
}

impl ContainerList {
    /// The order `VisitContainers` walks the lists in.
    pub(crate) const VISIT_ORDER: [ContainerList; 3] = [
        ContainerList::Init,
        ContainerList::Regular,
        ContainerList::Ephemeral,
    ];

    /// The order `ValidatePodSpec` validates the lists in.
    pub(crate) const VALIDATION_ORDER: [ContainerList; 3] = [
        ContainerList::Regular,
        ContainerList::Init,
        ContainerList::Ephemeral,
    ];

    /// The list's JSON field name.
    pub(crate) fn field(self) -> &'static str {
        match self {
            ContainerList::Init => "initContainers",
            ContainerList::Regular => "containers",
            ContainerList::Ephemeral => "ephemeralContainers",
        }
    }

    /// The containers of this list of `spec`, each with its index.
    pub(crate) fn containers(self, spec: &PodSpec) -> impl Iterator<Item = PodContainer<'_>> + '_ {
        let (containers, ephemeral): (&[Container], &[EphemeralContainer]) = match self {
            ContainerList::Init => (&spec.init_containers, &[]),
            ContainerList::Regular => (&spec.containers, &[]),
            ContainerList::Ephemeral => (&[], &spec.ephemeral_containers),
        };
        let views = containers
            .iter()
            .map(Common::from)
            .chain(ephemeral.iter().map(Common::from));
        views.enumerate().map(move |(index, view)| PodContainer {
            list: self,
            index,
            view,
        })
    }
}

/// One container of a pod spec: its list, its index in it and its fields.
#[derive(Clone, Copy)]
pub(crate) struct PodContainer<'s> {
    /// The list it is in.
    pub(crate) list: ContainerList,
    /// Its index in that list.
    pub(crate) index: usize,
    /// Its fields.
    pub(crate) view: Common<'s>,
}

/// `VisitContainers` over all containers: init containers, then regular
/// containers, then ephemeral containers.
pub(crate) fn all_containers(spec: &PodSpec) -> impl Iterator<Item = PodContainer<'_>> + '_ {
    ContainerList::VISIT_ORDER
        .into_iter()
        .flat_map(move |list| list.containers(spec))
}

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
    for c in all_containers(spec) {
        let list = path.child(c.list.field());
        visit(c.view.name, c.view.security_context, &list.index(c.index));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec() -> PodSpec {
        serde_json::from_str(
            r#"{"containers":[{"name":"c"},{"name":"d"}],"initContainers":[{"name":"i"}],"ephemeralContainers":[{"name":"e"}]}"#,
        )
        .unwrap()
    }

    #[test]
    fn visits_init_regular_then_ephemeral() {
        let spec = spec();
        let mut seen = Vec::new();
        for_each_container_named(&spec, &Path::new("spec"), |name, _, path| {
            seen.push(format!("{name}@{path}"));
        });
        assert_eq!(
            seen,
            [
                "i@spec.initContainers[0]",
                "c@spec.containers[0]",
                "d@spec.containers[1]",
                "e@spec.ephemeralContainers[0]"
            ]
        );
    }

    #[test]
    fn each_list_indexes_its_own_containers() {
        let spec = spec();
        let regular: Vec<(usize, &str)> = ContainerList::Regular
            .containers(&spec)
            .map(|c| (c.index, c.view.name))
            .collect();
        assert_eq!(regular, [(0, "c"), (1, "d")]);
        let lists: Vec<ContainerList> = all_containers(&spec).map(|c| c.list).collect();
        assert_eq!(
            lists,
            [
                ContainerList::Init,
                ContainerList::Regular,
                ContainerList::Regular,
                ContainerList::Ephemeral
            ]
        );
        assert_eq!(ContainerList::Ephemeral.field(), "ephemeralContainers");
    }
}
