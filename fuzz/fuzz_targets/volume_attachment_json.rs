//! VolumeAttachment: the object's JSON bytes (invalid JSON or wrong types are rejected); panics on a mismatch or validator panic.
#![no_main]
use dv_harness_kinds::volume_attachment;
use dv_harness_oracles::fuzz::oracle::{Mode, run_target};
use libfuzzer_sys::{Corpus, fuzz_target};

fuzz_target!(|data: &[u8]| -> Corpus {
    let keep = run_target("VolumeAttachment", volume_attachment, Mode::Json, data);
    if keep.is_reject() {
        Corpus::Reject
    } else {
        Corpus::Keep
    }
});
