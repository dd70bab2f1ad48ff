//! Cost per list item: list-map and set uniqueness, eachVal and item on
//! lists of 1, 10, 100, 1 000 and 10 000 items, hand-written vs
//! declarative vs the floor (a do-nothing traversal of the same objects,
//! which shows what merely visiting the items costs). Throughput is the item count, so criterion's report shows
//! time per item: flat from 100 to 10 000 means linear cost.
//!
//! Group = `scaling/<case>`; ID = `<side>/<items>`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use dv_harness_bench::target::Side;
use std::hint::black_box;
use std::time::Duration;

fn scaling(c: &mut Criterion) {
    let loaded = benches::load(None, None);
    for (case, s) in &loaded.scaling {
        let mut group = c.benchmark_group(format!("scaling/{case}"));
        for (i, size) in s.workloads().into_iter().enumerate() {
            let items: u64 = size.parse().unwrap_or(1);
            group.throughput(Throughput::Elements(items));
            for side in [Side::Handwritten, Side::Declarative, Side::Floor] {
                group.bench_with_input(BenchmarkId::new(side.id(), size), &i, |b, &i| {
                    b.iter(|| s.run(black_box(i), side))
                });
            }
        }
        group.finish();
    }
}

/// The criterion group (in a module: the macro's function has no doc).
mod group {
    use super::*;

    criterion_group! {
        name = lists;
        config = Criterion::default()
            .warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_secs(1))
            .sample_size(10);
        targets = scaling
    }
}
criterion_main!(group::lists);
