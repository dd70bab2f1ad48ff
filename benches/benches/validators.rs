//! Per kind (and per list fixture): the hand-written validator, the
//! declarative one, shadow mode (both plus the engine's comparison, as an
//! API server in mismatch mode) and the floor (a do-nothing traversal), on
//! a valid object, an invalid one, an unchanged update and a changed update.
//!
//! Group = kind; ID = `<side>/<scenario>`, e.g. `ReplicationController/declarative/valid`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use dv_harness_bench::target::Side;
use std::hint::black_box;
use std::time::Duration;

fn validators(c: &mut Criterion) {
    let loaded = benches::load(None, None);
    for k in &loaded.kinds {
        let mut group = c.benchmark_group(k.kind());
        group.throughput(Throughput::Elements(1));
        for (i, scenario) in k.workloads().into_iter().enumerate() {
            for side in Side::ALL {
                group.bench_with_input(BenchmarkId::new(side.id(), scenario), &i, |b, &i| {
                    b.iter(|| k.run(black_box(i), side))
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
        name = kinds;
        // Short defaults so the whole suite runs in minutes; override with
        // --warm-up-time / --measurement-time.
        config = Criterion::default()
            .warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_millis(800))
            .sample_size(30);
        targets = validators
    }
}
criterion_main!(group::kinds);
