//! Runs one benchmark workload a fixed number of times, for instruction
//! counting under valgrind (`callgrind`, `cachegrind`): unlike the timed
//! benches, the number of calls is fixed, so counts are comparable between
//! runs and builds.
//!
//! ```sh
//! cargo build --release -p benches --example profile
//! valgrind --tool=callgrind --toggle-collect='*measured*' \
//!     target/release/examples/profile IngressClass invalid shadow 2000
//! valgrind --tool=cachegrind --cache-sim=yes target/release/examples/profile listSet 10000 declarative 20
//! ```
//!
//! Arguments: a kind (or scaling case: `listMap`, `listSet`, `eachVal`,
//! `item`, `csrStatusConditions`), a workload (`valid`, `invalid`,
//! `updateUnchanged`, `updateChanged`, or a list size), a side
//! (`handwritten`, `declarative`, `shadow`, `floor`) and a call count.

use dv_harness_bench::target::{Benchable, Side};
use std::hint::black_box;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [name, workload, side, calls] = args.as_slice() else {
        eprintln!("usage: profile <kind|scaling case> <workload> <side> <calls>");
        return ExitCode::from(2);
    };
    let Some(side) = Side::ALL.into_iter().find(|s| s.id() == side) else {
        eprintln!("unknown side {side}");
        return ExitCode::from(2);
    };
    let Ok(calls) = calls.parse::<u64>() else {
        eprintln!("calls must be a number: {calls}");
        return ExitCode::from(2);
    };
    // Only what the workload needs: a kind's own workloads, or the scaling
    // series up to the requested size (valgrind runs the loading too, and
    // building every kind and every 10 000-item object takes minutes there).
    let loaded = match workload.parse::<usize>() {
        Ok(size) => benches::load(None, Some(size)),
        Err(_) => benches::load(Some(&[name.as_str()]), Some(1)),
    };
    let scaling = loaded
        .scaling
        .iter()
        .find(|(case, _)| case == name)
        .map(|(_, b)| b);
    let kind = loaded.kinds.iter().find(|k| k.kind() == name);
    let Some(bench): Option<&Box<dyn Benchable>> = scaling.or(kind) else {
        eprintln!("no benchmark named {name}");
        return ExitCode::from(2);
    };
    let Some(index) = bench.workloads().iter().position(|w| w == workload) else {
        eprintln!("{name} has workloads {:?}", bench.workloads());
        return ExitCode::from(2);
    };
    // One call first, outside the measured function, so that one-time work
    // (lazy statics, first allocations) is not counted with
    // `--toggle-collect=*measured*`.
    black_box(bench.run(index, side));
    let start = std::time::Instant::now();
    let total = measured(bench.as_ref(), index, side, calls);
    let nanos = start.elapsed().as_nanos() as f64 / calls.max(1) as f64;
    println!(
        "{name} {workload} {}: {calls} calls, {nanos:.1} ns per call, result sum {total}",
        side.id()
    );
    ExitCode::SUCCESS
}

/// The measured loop (a separate function, for `--toggle-collect`).
#[inline(never)]
fn measured(bench: &dyn Benchable, index: usize, side: Side, calls: u64) -> u64 {
    let mut total = 0u64;
    for _ in 0..calls {
        total = total.wrapping_add(black_box(bench.run(black_box(index), side)));
    }
    total
}
