//! Cost of list uniqueness checks over 1, 100 and 10 000 items: the O(n)
//! hashed checks (`unique_set`, `unique_by_key`) against Kubernetes'
//! pairwise algorithm (`unique_by_match`, only up to 100 items).

use apimachinery::field::Path;
use apimachinery::operation::Context;
use apimachinery::validate::{unique_by_key, unique_by_match, unique_set};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

#[derive(serde::Serialize)]
struct Port {
    name: String,
    protocol: String,
    port: i32,
}

fn ports(n: usize) -> Vec<Port> {
    (0..n)
        .map(|i| Port {
            name: format!("port-{i}"),
            protocol: if i % 2 == 0 { "TCP" } else { "UDP" }.to_string(),
            port: i as i32,
        })
        .collect()
}

fn uniqueness(c: &mut Criterion) {
    let ctx = Context::create();
    let root = Path::root();
    let path = root.child("ports");
    let mut group = c.benchmark_group("uniqueness");
    for n in [1usize, 100, 10_000] {
        let items = ports(n);
        let names: Vec<String> = items.iter().map(|p| p.name.clone()).collect();
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::new("unique_set", n), &names, |b, names| {
            b.iter(|| unique_set(&ctx, &path, black_box(names), None))
        });
        group.bench_with_input(BenchmarkId::new("unique_by_key", n), &items, |b, items| {
            b.iter(|| {
                unique_by_key(&ctx, &path, black_box(items), None, |p| {
                    (p.name.as_str(), p.protocol.as_str())
                })
            })
        });
        if n <= 100 {
            group.bench_with_input(
                BenchmarkId::new("unique_by_match", n),
                &items,
                |b, items| {
                    b.iter(|| {
                        unique_by_match(&ctx, &path, black_box(items), None, |a, b| {
                            a.name == b.name && a.protocol == b.protocol
                        })
                    })
                },
            );
        }
    }
    group.finish();
}

/// The criterion group (in a module: the macro's function has no doc).
mod group {
    use super::*;

    criterion_group!(benches, uniqueness);
}
criterion_main!(group::benches);
