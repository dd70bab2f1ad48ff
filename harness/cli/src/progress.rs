//! Progress of a long command (`run`, `fuzz`) on stderr: on a terminal an
//! `indicatif` bar; on a pipe or file (CI logs, `2> log`) occasional
//! complete status lines, at most one per interval (and one at the end),
//! never the carriage-return fragments a bar draws. Lines printed with
//! [`Progress::println`] appear in both cases.
//!
//! ```
//! use dv_harness_cli::progress::Progress;
//! use std::sync::{Arc, Mutex};
//! let log = Arc::new(Mutex::new(Vec::new()));
//! let p = Progress::to_lines(Some(3), std::time::Duration::ZERO, log.clone());
//! p.set_prefix("Pod");
//! p.inc(1);
//! p.println("new mismatch");
//! p.finish_and_clear();
//! let text = String::from_utf8(log.lock().unwrap().clone()).unwrap();
//! assert!(text.lines().any(|l| l == "dv-harness: progress: Pod 1/3"));
//! assert!(text.contains("new mismatch\n"));
//! assert!(!text.contains('\r'));
//! ```

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How often a pipe gets a status line.
pub const LINE_INTERVAL: Duration = Duration::from_secs(10);

/// Where the lines of a non-terminal progress go.
type Sink = Arc<Mutex<dyn Write + Send>>;

struct Lines {
    sink: Sink,
    every: Duration,
    last: Mutex<Option<Instant>>,
    prefix: Mutex<String>,
    message: Mutex<String>,
}

/// A progress display: a bar on a terminal, status lines elsewhere.
pub struct Progress {
    bar: ProgressBar,
    lines: Option<Lines>,
}

impl Progress {
    /// Progress on stderr: a bar with `template` when stderr is a terminal,
    /// else status lines every [`LINE_INTERVAL`].
    ///
    /// ```
    /// let p = dv_harness_cli::progress::Progress::stderr(Some(10), "{pos}/{len}");
    /// p.inc(1);
    /// p.finish_and_clear();
    /// ```
    pub fn stderr(total: Option<u64>, template: &str) -> Progress {
        if std::io::stderr().is_terminal() {
            let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::stderr());
            if let Ok(style) = ProgressStyle::with_template(template) {
                bar.set_style(style);
            }
            Progress { bar, lines: None }
        } else {
            Progress::to_lines(
                total,
                LINE_INTERVAL,
                Arc::new(Mutex::new(std::io::stderr())),
            )
        }
    }

    /// Status lines to `sink`, at most one per `every` (tests, logs).
    pub fn to_lines<W: Write + Send + 'static>(
        total: Option<u64>,
        every: Duration,
        sink: Arc<Mutex<W>>,
    ) -> Progress {
        let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::hidden());
        Progress {
            bar,
            lines: Some(Lines {
                sink,
                every,
                last: Mutex::new(None),
                prefix: Mutex::new(String::new()),
                message: Mutex::new(String::new()),
            }),
        }
    }

    /// No display at all (`--json`).
    ///
    /// ```
    /// dv_harness_cli::progress::Progress::hidden().inc(1);
    /// ```
    pub fn hidden() -> Progress {
        Progress {
            bar: ProgressBar::hidden(),
            lines: None,
        }
    }

    fn write(&self, line: &str) {
        if let Some(l) = &self.lines
            && let Ok(mut sink) = l.sink.lock()
        {
            // A closed or full stderr is no reason to stop a campaign.
            let _ = writeln!(sink, "{line}");
            let _ = sink.flush();
        }
    }

    fn status(&self) -> String {
        let Some(l) = &self.lines else {
            return String::new();
        };
        let prefix = l.prefix.lock().map(|p| p.clone()).unwrap_or_default();
        let message = l.message.lock().map(|m| m.clone()).unwrap_or_default();
        let pos = self.bar.position();
        let mut parts = Vec::new();
        if !prefix.is_empty() {
            parts.push(prefix);
        }
        parts.push(match self.bar.length() {
            Some(len) => format!("{pos}/{len}"),
            None => pos.to_string(),
        });
        if !message.is_empty() {
            parts.push(message);
        }
        format!("dv-harness: progress: {}", parts.join(" "))
    }

    /// Writes a status line if the interval has passed since the last.
    fn tick(&self) {
        let Some(l) = &self.lines else {
            return;
        };
        let due = match l.last.lock() {
            Ok(mut last) => {
                let now = Instant::now();
                let due = last.is_none_or(|t| now.duration_since(t) >= l.every);
                if due {
                    *last = Some(now);
                }
                due
            }
            Err(_) => false,
        };
        if due {
            self.write(&self.status());
        }
    }

    /// Advances by `n`.
    pub fn inc(&self, n: u64) {
        self.bar.inc(n);
        self.tick();
    }

    /// Sets the position.
    ///
    /// ```
    /// dv_harness_cli::progress::Progress::hidden().set_position(3);
    /// ```
    pub fn set_position(&self, pos: u64) {
        self.bar.set_position(pos);
        self.tick();
    }

    /// Sets the prefix (the kind being run).
    ///
    /// ```
    /// dv_harness_cli::progress::Progress::hidden().set_prefix("Pod");
    /// ```
    pub fn set_prefix(&self, prefix: impl Into<String>) {
        let prefix = prefix.into();
        if let Some(l) = &self.lines
            && let Ok(mut p) = l.prefix.lock()
        {
            p.clone_from(&prefix);
        }
        self.bar.set_prefix(prefix);
    }

    /// Sets the message (counters).
    ///
    /// ```
    /// dv_harness_cli::progress::Progress::hidden().set_message("3 cases");
    /// ```
    pub fn set_message(&self, message: impl Into<String>) {
        let message = message.into();
        if let Some(l) = &self.lines
            && let Ok(mut m) = l.message.lock()
        {
            m.clone_from(&message);
        }
        self.bar.set_message(message);
        self.tick();
    }

    /// Prints a line above the bar (or as a line of its own).
    ///
    /// ```
    /// dv_harness_cli::progress::Progress::hidden().println("found");
    /// ```
    pub fn println(&self, line: impl AsRef<str>) {
        if self.lines.is_some() {
            self.write(line.as_ref());
        } else {
            self.bar.println(line.as_ref());
        }
    }

    /// Runs `f` (which prints to stderr) with the bar out of the way.
    ///
    /// ```
    /// dv_harness_cli::progress::Progress::hidden().suspend(|| eprintln!("note"));
    /// ```
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        if self.lines.is_some() {
            f()
        } else {
            self.bar.suspend(f)
        }
    }

    /// Time since the progress began.
    ///
    /// ```
    /// assert!(dv_harness_cli::progress::Progress::hidden().elapsed().as_secs() < 60);
    /// ```
    pub fn elapsed(&self) -> Duration {
        self.bar.elapsed()
    }

    /// Ends the display: the bar is cleared; a pipe gets a last status line.
    ///
    /// ```
    /// dv_harness_cli::progress::Progress::hidden().finish_and_clear();
    /// ```
    pub fn finish_and_clear(&self) {
        if self.lines.is_some() {
            self.write(&format!("{} (done)", self.status()));
        }
        self.bar.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(log: &Arc<Mutex<Vec<u8>>>) -> String {
        String::from_utf8(log.lock().unwrap().clone()).unwrap()
    }

    #[test]
    fn a_pipe_gets_occasional_complete_lines() {
        let log = Arc::new(Mutex::new(Vec::new()));
        let p = Progress::to_lines(Some(1000), Duration::from_secs(3600), log.clone());
        p.set_prefix("ReplicationController");
        for _ in 0..1000 {
            p.inc(1);
        }
        p.println("dv-harness: a finding");
        p.finish_and_clear();
        let t = text(&log);
        // One status line at the start, the finding, one at the end: not
        // one per case.
        assert_eq!(
            t.lines().collect::<Vec<_>>(),
            [
                "dv-harness: progress: ReplicationController 1/1000",
                "dv-harness: a finding",
                "dv-harness: progress: ReplicationController 1000/1000 (done)",
            ]
        );
        assert!(t.ends_with('\n'));
        assert!(!t.contains('\r') && !t.contains('\u{1b}'));
    }

    #[test]
    fn every_interval_a_line() {
        let log = Arc::new(Mutex::new(Vec::new()));
        let p = Progress::to_lines(None, Duration::ZERO, log.clone());
        p.set_message("0 cases");
        p.set_position(5);
        let t = text(&log);
        assert_eq!(
            t.lines().collect::<Vec<_>>(),
            [
                "dv-harness: progress: 0 0 cases",
                "dv-harness: progress: 5 0 cases"
            ]
        );
    }
}
