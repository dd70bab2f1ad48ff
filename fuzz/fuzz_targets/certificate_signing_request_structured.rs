//! CertificateSigningRequest: an `Arbitrary`-structured case (operation, subresource, gates, object, old object); panics on a mismatch or validator panic.
#![no_main]
use dv_harness_kinds::certificate_signing_request;
use dv_harness_oracles::fuzz::oracle::{Mode, run_target};
use libfuzzer_sys::{Corpus, fuzz_target};

fuzz_target!(|data: &[u8]| -> Corpus {
    let keep = run_target(
        "CertificateSigningRequest",
        certificate_signing_request,
        Mode::Structured,
        data,
    );
    if keep.is_reject() {
        Corpus::Reject
    } else {
        Corpus::Keep
    }
});
