//! Checkpoints of long campaigns (`run --time`, `fuzz`): at least every
//! interval (default [`DEFAULT_INTERVAL`], `--checkpoint`), the campaign's
//! observation so far is recorded into `<reports>/evidence.json` under the
//! run's uid, which *replaces* the run's previous checkpoint
//! ([`dv_harness_evidence::evidence::Evidence::merge`]), and the metrics
//! file is rewritten; both writes are atomic (temporary file and rename).
//! The mismatch log needs no checkpoint: each new mismatch is appended as
//! one flushed line when it is recorded; the findings of a kind still in
//! progress are recorded at its checkpoint. So a campaign killed with
//! `kill -9` loses at most one interval of evidence, and N checkpoints
//! followed by [`Pipeline::finish`](crate::Pipeline::finish) are one run.
//!
//! Checkpoints happen on the campaign's own thread, between cases: the
//! campaign asks [`Checkpoints::due`] after each case (a clock read) and
//! then calls [`Pipeline::checkpoint`](crate::Pipeline::checkpoint).
//! Reports are re-rendered at the end only.
//!
//! ```
//! use dv_harness_pipeline::checkpoint::Checkpoints;
//! use std::time::Duration;
//! let mut every = Checkpoints::new(Duration::from_secs(30));
//! assert!(!every.due());
//! let mut now = Checkpoints::new(Duration::ZERO);
//! assert!(now.due());
//! now.done();
//! assert_eq!(now.count(), 1);
//! ```

use dv_harness_engine::record::{NewMismatch, RecordError};
use dv_harness_evidence::evidence::EvidenceError;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The default interval between checkpoints (`--checkpoint`).
pub const DEFAULT_INTERVAL: Duration = Duration::from_secs(30);

/// When a campaign's next checkpoint is due.
#[derive(Debug, Clone)]
pub struct Checkpoints {
    every: Duration,
    last: Instant,
    count: u64,
}

impl Checkpoints {
    /// Checkpoints every `every`, the first one `every` from now.
    pub fn new(every: Duration) -> Checkpoints {
        Checkpoints {
            every,
            last: Instant::now(),
            count: 0,
        }
    }

    /// Whether the interval has passed since the last checkpoint.
    pub fn due(&self) -> bool {
        self.last.elapsed() >= self.every
    }

    /// Notes a checkpoint written (successfully or not: a failing disk is
    /// retried at the next interval, not after every case).
    pub fn done(&mut self) {
        self.last = Instant::now();
        self.count += 1;
    }

    /// Checkpoints written so far.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The interval.
    pub fn interval(&self) -> Duration {
        self.every
    }
}

/// What a checkpoint wrote.
#[derive(Debug)]
pub struct Checkpointed {
    /// The evidence file.
    pub evidence: PathBuf,
    /// The metrics file, when the pipeline records.
    pub metrics: Option<PathBuf>,
    /// The run's id in the evidence file.
    pub run_id: u64,
    /// New mismatches of the kind in progress, logged by this checkpoint.
    pub new: Vec<NewMismatch>,
    /// Mismatches of the kind in progress that could not be logged.
    pub failed: Vec<RecordError>,
    /// Things to tell the user (a corrupted evidence file moved aside).
    pub warnings: Vec<String>,
}

/// Why a checkpoint could not be written.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    /// The evidence file.
    #[error("checkpoint: {0}")]
    Evidence(#[from] EvidenceError),
    /// The metrics file.
    #[error("checkpoint: {0}")]
    Metrics(#[from] RecordError),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn due_after_the_interval_only() {
        let mut c = Checkpoints::new(Duration::from_millis(30));
        assert!(!c.due());
        std::thread::sleep(Duration::from_millis(40));
        assert!(c.due());
        c.done();
        assert!(!c.due());
        assert_eq!((c.count(), c.interval()), (1, Duration::from_millis(30)));
    }
}
