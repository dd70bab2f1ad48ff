//! IPAddress: an `Arbitrary`-structured case (operation, subresource, gates, object, old object); panics on a mismatch or validator panic.
#![no_main]
use dv_harness::fuzz::oracle::{Mode, run_target};
use libfuzzer_sys::{Corpus, fuzz_target};

fuzz_target!(|data: &[u8]| -> Corpus {
    if run_target("IPAddress", Mode::Structured, data).is_reject() {
        Corpus::Reject
    } else {
        Corpus::Keep
    }
});
