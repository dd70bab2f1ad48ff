//! ReplicationController: an `Arbitrary`-structured case (operation, subresource, gates, object, old object); panics on a mismatch or validator panic.
#![no_main]
use dv_harness_kinds::replication_controller;
use dv_harness_oracles::fuzz::oracle::{Mode, run_target};
use libfuzzer_sys::{Corpus, fuzz_target};

fuzz_target!(|data: &[u8]| -> Corpus {
    let keep = run_target(
        "ReplicationController",
        replication_controller,
        Mode::Structured,
        data,
    );
    if keep.is_reject() {
        Corpus::Reject
    } else {
        Corpus::Keep
    }
});
