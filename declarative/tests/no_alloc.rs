//! Generated validators allocate nothing on the valid path: a counting
//! global allocator observes `validate_at` on valid objects, on create and
//! on update (ratcheting included).

use apimachinery::Validate;
use apimachinery::field::Path;
use apimachinery::operation::Context;
use declarative::fixtures;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static ALLOCS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: defers to the system allocator; only counts calls.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCS.with(|c| c.set(c.get() + 1));
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations<T: Validate>(v: &T, ctx: &Context, old: Option<&T>) -> usize {
    let before = ALLOCS.with(Cell::get);
    let errs = v.validate_at(ctx, &Path::root(), old);
    let after = ALLOCS.with(Cell::get);
    assert!(errs.is_empty(), "{errs}");
    after - before
}

fn check<T: Validate>(v: &T) {
    // A type's rule inventory is built once, lazily, on first use (the
    // guard of a field whose type has no validation consults it): a static
    // initialisation, not the valid path, so it is done before counting.
    let _ = T::rules();
    let create = Context::create().option("Retries", true);
    let update = Context::update().option("Retries", true);
    assert_eq!(
        allocations(v, &create, None),
        0,
        "create {}",
        std::any::type_name::<T>()
    );
    assert_eq!(
        allocations(v, &update, Some(v)),
        0,
        "update {}",
        std::any::type_name::<T>()
    );
}

#[test]
fn valid_objects_allocate_nothing() {
    check(&fixtures::minimum::MinimumFixture {
        count: 3,
        replicas: Some(1),
    });
    check(&fixtures::required::RequiredFixture {
        name: "a".into(),
        replicas: Some(1),
        items: vec!["x".into()],
        labels: [("k".to_string(), "v".to_string())].into(),
    });
    check(&fixtures::list_map::ListMapFixture {
        ports: (0..8)
            .map(|i| fixtures::list_map::ListMapPort {
                name: format!("p{i}"),
                protocol: "TCP".into(),
                port: 1,
            })
            .collect(),
    });
    check(&fixtures::enum_::EnumFixture {
        policy: fixtures::enum_::FixturePolicy::Always,
        fallback: None,
    });
    check(&fixtures::each_val::EachValFixture {
        names: vec!["abc".into()],
        weights: [("a".to_string(), 1)].into(),
    });
    check(&fixtures::union::UnionFixture {
        basic: Some("x".into()),
        ..Default::default()
    });
    check(&fixtures::subfield::SubfieldFixture {
        metadata: fixtures::subfield::SubfieldMeta {
            name: "a.b".into(),
            ..Default::default()
        },
    });
    check(&fixtures::optional::OptionalFixture::default());
    check(&fixtures::levels::LevelsFixture::default());
    check(&fixtures::forbidden::ForbiddenFixture::default());
    check(&fixtures::format::FormatFixture {
        short_name: "my-name".into(),
        ..Default::default()
    });
}
