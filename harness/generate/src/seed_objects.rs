//! The seeds as objects of the pair's type, deserialised once: a
//! realisation that needs a seed as it is clones its object instead of
//! deserialising the seed's JSON again (see
//! [`Generator::with_seed_objects`](super::plan::Generator::with_seed_objects)).

use dv_harness_engine::pair::{DynPair, TypedObject};
use serde_json::Value;

/// Objects of one type, the type erased.
trait Objects: Send + Sync {
    /// A copy of object `i`.
    fn object(&self, i: usize) -> Option<TypedObject>;
}

/// The objects of type `T`.
struct Of<T>(Vec<T>);

impl<T: Clone + Send + Sync + 'static> Objects for Of<T> {
    fn object(&self, i: usize) -> Option<TypedObject> {
        self.0.get(i).cloned().map(TypedObject::new)
    }
}

/// The seeds' objects, or none (then every seed is deserialised when used).
///
/// ```
/// use dv_harness_generate::seed_objects::SeedObjects;
/// let registry = dv_harness_kinds::registry().unwrap();
/// let pair = registry.find("ReplicationController", None).unwrap();
/// type Rc = declarative::api::core::v1::ReplicationController;
/// let seeds = vec![serde_json::json!({"spec": {"replicas": 2}})];
/// let objects = SeedObjects::of::<Rc>(pair, &seeds);
/// let rc: Rc = objects.object(0).unwrap().into_inner().unwrap();
/// assert_eq!(rc.spec.replicas, Some(2));
/// assert!(objects.object(1).is_none());
/// // Objects of another type than the pair's: none.
/// assert!(SeedObjects::of::<String>(pair, &seeds).object(0).is_none());
/// assert!(SeedObjects::default().object(0).is_none());
/// ```
#[derive(Default)]
pub struct SeedObjects {
    objects: Option<Box<dyn Objects>>,
}

impl std::fmt::Debug for SeedObjects {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SeedObjects")
            .field("typed", &self.objects.is_some())
            .finish()
    }
}

impl SeedObjects {
    /// Every seed deserialised into `T` once (`pair.typed` of it); none
    /// when a seed does not deserialise or `T` is not the pair's type.
    pub fn of<T: Clone + Send + Sync + 'static>(pair: &dyn DynPair, seeds: &[Value]) -> Self {
        let objects: Option<Vec<T>> = seeds
            .iter()
            .map(|s| pair.typed(s).ok()?.into_inner::<T>().ok())
            .collect();
        SeedObjects {
            objects: objects.map(|o| Box::new(Of(o)) as Box<dyn Objects>),
        }
    }

    /// A copy of seed `i`'s object (what `pair.typed(&seeds[i])` gives),
    /// `None` without objects or seed `i`.
    pub fn object(&self, i: usize) -> Option<TypedObject> {
        self.objects.as_ref()?.object(i)
    }
}
