//! The writers' lock of a reports directory: every read-merge-write of
//! `evidence.json` ([`crate::evidence::record_run`], the bench recorders)
//! holds an exclusive advisory lock on `<dir>/.evidence.lock` from before
//! it reads the file until after it has renamed the new one into place.
//!
//! Without it, two processes recording into the same directory at once
//! (a `run` and a `fuzz` campaign, two shards sharing a reports
//! directory) would each read the same old file and the later rename
//! would drop the other's run. With it, the second writer waits and then
//! merges into what the first wrote, so no recorded run is lost.
//!
//! The lock is `std::fs::File::lock` (`flock` on Unix, `LockFileEx` on
//! Windows): released when the guard is dropped or the process exits, so
//! a crashed writer never leaves the directory locked. The lock file
//! itself stays, empty.
//!
//! ```
//! use dv_harness_evidence::evidence_lock::EvidenceLock;
//! let dir = tempfile::tempdir().unwrap();
//! let guard = EvidenceLock::acquire(dir.path()).unwrap();
//! assert!(dir.path().join(".evidence.lock").exists());
//! drop(guard);
//! ```

use crate::evidence::EvidenceError;
use std::fs::{File, OpenOptions};
use std::path::Path;

/// The lock file's name under the reports directory.
pub const LOCK_FILE: &str = ".evidence.lock";

/// An exclusive hold on a reports directory's evidence; released on drop.
#[derive(Debug)]
pub struct EvidenceLock {
    _file: File,
}

impl EvidenceLock {
    /// Creates `dir` (and the lock file) if needed and waits until no
    /// other writer holds the lock.
    ///
    /// # Errors
    /// [`EvidenceError::Io`] naming the lock file when the directory or the
    /// file cannot be created or the lock cannot be taken.
    pub fn acquire(dir: &Path) -> Result<EvidenceLock, EvidenceError> {
        let path = dir.join(LOCK_FILE);
        let io = |e: std::io::Error| EvidenceError::Io {
            path: path.display().to_string(),
            message: e.to_string(),
        };
        std::fs::create_dir_all(dir).map_err(io)?;
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(io)?;
        file.lock().map_err(io)?;
        Ok(EvidenceLock { _file: file })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::time::Duration;

    #[test]
    fn a_second_writer_waits_until_the_first_releases() {
        let dir = tempfile::tempdir().unwrap();
        let first = EvidenceLock::acquire(dir.path()).unwrap();
        let (tx, rx) = mpsc::channel();
        let path = dir.path().to_path_buf();
        let waiter = std::thread::spawn(move || {
            let _second = EvidenceLock::acquire(&path).unwrap();
            tx.send(()).unwrap();
        });
        // Still held: the second writer cannot have got it.
        assert!(rx.recv_timeout(Duration::from_millis(200)).is_err());
        drop(first);
        rx.recv_timeout(Duration::from_secs(30)).unwrap();
        waiter.join().unwrap();
    }

    #[test]
    fn a_directory_that_cannot_be_created_names_the_lock_file() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("plain-file");
        std::fs::write(&file, "").unwrap();
        let err = EvidenceLock::acquire(&file.join("reports")).unwrap_err();
        assert!(err.to_string().contains(".evidence.lock"), "{err}");
    }
}
