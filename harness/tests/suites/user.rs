//! The user-facing API: a tagged type and its hand-written twin get corpus
//! replay, proptest create/update suites and anti-vacuity in a few lines.

use crate::support as equivalence_support;
use equivalence_support::{corpus_dir, faithful};

dv_harness::equivalence_suite!(gadget, faithful(), corpus(corpus_dir()));
