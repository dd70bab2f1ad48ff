//! Isolation: a validator that hangs, aborts, overflows its stack or runs
//! out of memory never stops a campaign (DESIGN.md sections 4 and 9.2).
//!
//! An [`Isolator`] set in [`EngineSettings::isolator`] runs each case a
//! type-erased pair is given under a per-case time limit:
//!
//! - [`Isolation::Thread`]: on a worker thread (pairs from the bundled
//!   registry, or the caller's: [`Isolator::with_shared_registry`]); the caller waits at most the time limit. A Rust thread
//!   cannot be killed: a hung worker is abandoned (leaked, still spinning)
//!   and the next case gets a fresh one. An abort or stack overflow still
//!   ends the process.
//! - [`Isolation::Process`]: first in a worker process (`dv-harness worker`,
//!   JSON lines over stdin/stdout, its address space capped with
//!   `setrlimit(RLIMIT_AS)`), which is killed on a hang and restarted after
//!   a crash; a case the worker survived is then run in place for its
//!   outcome (validators are deterministic), so a process-isolated case
//!   costs about two runs plus the round trip.
//! - [`Isolation::None`]: in place, as without an isolator.
//!
//! What is isolated: [`crate::pair::DynPair::check_text`], `check_object`,
//! `check_json` and a JSON engine's `check_json_outcome` /
//! `check_json_verdict` (so `check`, `validate`, `run`, `fuzz`, and the
//! suites of [`dv_harness_generate::suite`] given such settings, as the
//! `equivalence` test suite is: [`Isolator::suite_default`]); `check_typed_verdict` (the
//! in-process fuzz targets' hot path) and a typed [`crate::engine::Engine`]
//! still run in place.
//!
//! A case that does not finish gets an [`Outcome::fault`] outcome: verdict
//! `hang` or `crash`, the side that was running (the engine reports each
//! side before it runs, [`crate::engine::set_side_sink`]) with the reason in
//! its `panic`.

use crate::case::{Case, CaseError, CaseProblem, parse_case};
use crate::compare::Verdict;
use crate::engine::{EngineSettings, Fault, Outcome, set_side_sink};
use crate::normalize::Side;
use crate::pair::{Checked, Registry};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::VecDeque;
use std::ffi::OsString;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The default per-case time limit.
pub const DEFAULT_CASE_TIMEOUT: Duration = Duration::from_secs(10);

/// The default address-space limit of a worker process, in MiB.
pub const DEFAULT_WORKER_MEMORY_MIB: u64 = 4096;

/// How long a worker process may take to start.
const WORKER_START_LIMIT: Duration = Duration::from_secs(60);

/// The environment variable that carries the worker's memory limit (MiB).
pub const WORKER_MEMORY_ENV: &str = "DV_HARNESS_WORKER_MEMORY_MIB";

/// Where cases run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Isolation {
    /// In place: no time limit, a crash ends the process.
    #[default]
    None,
    /// On a watchdog-supervised worker thread: hangs are findings.
    Thread,
    /// In a restartable worker process: hangs and crashes are findings.
    Process,
}

impl std::str::FromStr for Isolation {
    type Err = String;

    /// ```
    /// use dv_harness_engine::isolate::Isolation;
    /// assert_eq!("process".parse::<Isolation>(), Ok(Isolation::Process));
    /// assert!("fork".parse::<Isolation>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Isolation, String> {
        match s {
            "none" => Ok(Isolation::None),
            "thread" => Ok(Isolation::Thread),
            "process" => Ok(Isolation::Process),
            other => Err(format!(
                "unknown isolation {other:?} (process, thread or none)"
            )),
        }
    }
}

/// One case for a worker (a line of the worker protocol).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Request {
    /// The pair's kind.
    pub kind: String,
    /// The pair's apiVersion.
    pub api_version: String,
    /// The case's file name (for messages).
    pub file: String,
    /// The case file's text.
    pub text: String,
    /// Validate without the prepare step.
    pub no_prepare: bool,
}

/// A line a worker answers with: the side about to run, then `done`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Reply {
    /// The worker has started and built its registry (its first line).
    Ready,
    /// This side is about to run.
    Side(Side),
    /// The case finished with this verdict (or could not be read).
    Done(Option<Verdict>),
}

/// How to start a worker process.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkerCommand {
    /// The `dv-harness` binary.
    pub program: PathBuf,
    /// Global options before the `worker` subcommand (`--semantics`, `--equivalence`).
    pub args: Vec<OsString>,
    /// The worker's address-space limit in MiB.
    pub memory_mib: u64,
}

impl WorkerCommand {
    /// This very binary, with `args`.
    ///
    /// ```
    /// let w = dv_harness_engine::isolate::WorkerCommand::current(vec![]);
    /// assert!(w.memory_mib > 0);
    /// ```
    pub fn current(args: Vec<OsString>) -> WorkerCommand {
        WorkerCommand {
            program: std::env::current_exe().unwrap_or_else(|_| PathBuf::from("dv-harness")),
            args,
            memory_mib: DEFAULT_WORKER_MEMORY_MIB,
        }
    }
}

/// Whether the running executable is the `dv-harness` binary (which has
/// the hidden `worker` subcommand). `DV_HARNESS_WORKER_OK=1` says so for a
/// program that embeds the CLI and serves `worker` itself.
///
/// ```
/// // A doctest is not the dv-harness binary.
/// assert!(!dv_harness_engine::isolate::current_exe_is_harness());
/// ```
pub fn current_exe_is_harness() -> bool {
    if std::env::var_os("DV_HARNESS_WORKER_OK").is_some_and(|v| v == "1") {
        return true;
    }
    std::env::current_exe()
        .ok()
        .and_then(|p| p.file_stem().map(|s| s == "dv-harness"))
        .unwrap_or(false)
}

const NO_SIDE: u8 = 0;
const HANDWRITTEN: u8 = 1;
const DECLARATIVE: u8 = 2;

fn side_code(side: Side) -> u8 {
    match side {
        Side::Handwritten => HANDWRITTEN,
        Side::Declarative => DECLARATIVE,
    }
}

fn side_of(code: u8) -> Option<Side> {
    match code {
        HANDWRITTEN => Some(Side::Handwritten),
        DECLARATIVE => Some(Side::Declarative),
        _ => None,
    }
}

/// Where a worker thread finds its pairs.
#[derive(Clone)]
enum RegistrySource {
    /// A registry it builds for itself.
    Build(fn() -> Option<Registry>),
    /// The caller's registry.
    Shared(Arc<Registry>),
}

impl RegistrySource {
    fn get(&self) -> Option<Arc<Registry>> {
        match self {
            RegistrySource::Build(f) => f().map(Arc::new),
            RegistrySource::Shared(r) => Some(Arc::clone(r)),
        }
    }
}

/// A job for a worker thread.
struct Job {
    request: Request,
    /// A generated case, run as it is (then `request.text` is empty).
    case: Option<Case<Value>>,
    settings: EngineSettings,
    reply: Sender<Option<Result<Checked, CaseError>>>,
}

/// A worker thread: its job queue and the side it is running.
struct ThreadWorker {
    jobs: Sender<Job>,
    side: Arc<AtomicU8>,
}

impl ThreadWorker {
    fn spawn(registry: RegistrySource) -> Result<ThreadWorker, String> {
        let (jobs, queue) = channel::<Job>();
        let side = Arc::new(AtomicU8::new(NO_SIDE));
        let running = side.clone();
        std::thread::Builder::new()
            .name("dv-harness-case".into())
            .spawn(move || {
                let registry = registry.get();
                let sink = running.clone();
                set_side_sink(Some(Box::new(move |s| {
                    sink.store(side_code(s), Ordering::SeqCst)
                })));
                for job in queue {
                    running.store(NO_SIDE, Ordering::SeqCst);
                    let r = &job.request;
                    let result = registry
                        .as_ref()
                        .and_then(|reg| reg.find(&r.kind, Some(&r.api_version)).ok())
                        .map(|pair| match &job.case {
                            Some(case) => pair
                                .check_json(case, &job.settings)
                                .map_err(|p| CaseError::new(&r.file, p)),
                            None => pair.check_text(&r.file, &r.text, &job.settings),
                        });
                    if job.reply.send(result).is_err() {
                        break;
                    }
                }
            })
            .map_err(|e| format!("cannot start a worker thread: {e}"))?;
        Ok(ThreadWorker { jobs, side })
    }
}

/// A worker process: its stdin, its stdout lines and its last stderr lines.
struct ProcessWorker {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    /// The stderr reader: it ends when the worker's stderr closes.
    stderr_reader: std::thread::JoinHandle<()>,
}

impl ProcessWorker {
    fn spawn(command: &WorkerCommand) -> Result<ProcessWorker, String> {
        let mut child = Command::new(&command.program)
            .args(&command.args)
            .arg("worker")
            .env(WORKER_MEMORY_ENV, command.memory_mib.to_string())
            // The reason of a crash is the last stderr lines: no backtraces.
            .env("RUST_BACKTRACE", "0")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", command.program.display()))?;
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            let _ = child.wait();
            return Err("worker started without pipes".to_string());
        };
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let tail = Arc::new(Mutex::new(VecDeque::new()));
        let keep = tail.clone();
        let stderr_reader = std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                if line.trim().is_empty() {
                    continue;
                }
                if let Ok(mut t) = keep.lock() {
                    if t.len() == 4 {
                        t.pop_front();
                    }
                    t.push_back(line);
                }
            }
        });
        let mut worker = ProcessWorker {
            child,
            stdin,
            lines,
            stderr: tail,
            stderr_reader,
        };
        // Start-up (a loaded machine, a debug build) is not the first case's time.
        match worker.lines.recv_timeout(WORKER_START_LIMIT) {
            Ok(line) if serde_json::from_str::<Reply>(&line).ok() == Some(Reply::Ready) => {
                Ok(worker)
            }
            _ => {
                let _ = worker.child.kill();
                Err(format!("the worker did not start: {}", worker.reap()))
            }
        }
    }

    /// Why the (dead or killed) worker ended, with its last stderr lines.
    fn reap(mut self) -> String {
        let status = self.child.wait();
        // What the worker wrote before dying: its stderr is closed now.
        let _ = self.stderr_reader.join();
        let tail = self
            .stderr
            .lock()
            .map(|t| t.iter().cloned().collect::<Vec<_>>().join(" | "))
            .unwrap_or_default();
        let mut reason = match status {
            Ok(s) => exit_reason(&s),
            Err(e) => format!("worker lost: {e}"),
        };
        if !tail.is_empty() {
            reason.push_str(": ");
            reason.push_str(&tail);
        }
        reason
    }
}

/// `killed by signal 6 (SIGABRT)` or `exited with status 3`.
fn exit_reason(status: &std::process::ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(sig) = status.signal() {
            let name = match sig {
                libc::SIGABRT => "SIGABRT",
                libc::SIGSEGV => "SIGSEGV",
                libc::SIGBUS => "SIGBUS",
                libc::SIGKILL => "SIGKILL",
                libc::SIGILL => "SIGILL",
                libc::SIGTRAP => "SIGTRAP",
                _ => "signal",
            };
            return format!("worker killed by signal {sig} ({name})");
        }
    }
    match status.code() {
        Some(code) => format!("worker exited with status {code}"),
        None => "worker ended".to_string(),
    }
}

/// Runs cases under a per-case time limit, isolated as configured; shared
/// by every thread of a campaign (each concurrent case gets its own worker).
pub struct Isolator {
    mode: Isolation,
    timeout: Duration,
    command: WorkerCommand,
    registry: RegistrySource,
    threads: Mutex<Vec<ThreadWorker>>,
    processes: Mutex<Vec<ProcessWorker>>,
    restarts: AtomicU64,
}

impl std::fmt::Debug for Isolator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Isolator")
            .field("mode", &self.mode)
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

impl Isolator {
    /// An isolator running cases as `mode` says, each within `timeout`;
    /// worker processes are started with `command`, worker threads look
    /// pairs up in the registry `registry` builds (the engine bundles no
    /// kinds: the binary passes its registry, a suite its own with
    /// [`Isolator::with_shared_registry`]).
    ///
    /// ```
    /// use dv_harness_engine::isolate::{Isolation, Isolator, WorkerCommand};
    /// let i = Isolator::new(Isolation::Thread, std::time::Duration::from_secs(1), WorkerCommand::current(vec![]), || dv_harness_kinds::registry().ok());
    /// assert_eq!(i.mode(), Isolation::Thread);
    /// ```
    pub fn new(
        mode: Isolation,
        timeout: Duration,
        command: WorkerCommand,
        registry: fn() -> Option<Registry>,
    ) -> Isolator {
        Isolator {
            mode,
            timeout,
            command,
            registry: RegistrySource::Build(registry),
            threads: Mutex::new(Vec::new()),
            processes: Mutex::new(Vec::new()),
            restarts: AtomicU64::new(0),
        }
    }

    /// This isolator with worker threads that look pairs up in the registry
    /// `registry` builds (replacing the one given to [`Isolator::new`]).
    pub fn with_registry(mut self, registry: fn() -> Option<Registry>) -> Isolator {
        self.registry = RegistrySource::Build(registry);
        self
    }

    /// This isolator with worker threads that look pairs up in `registry`,
    /// the caller's own (so that a case runs the very pair it was given).
    ///
    /// ```
    /// use dv_harness_engine::isolate::{Isolation, Isolator, WorkerCommand};
    /// let registry = std::sync::Arc::new(dv_harness_kinds::registry().unwrap());
    /// let i = Isolator::new(Isolation::Thread, std::time::Duration::from_secs(1), WorkerCommand::current(vec![]), || dv_harness_kinds::registry().ok())
    ///     .with_shared_registry(registry);
    /// assert_eq!(i.restarts(), 0);
    /// ```
    pub fn with_shared_registry(mut self, registry: Arc<Registry>) -> Isolator {
        self.registry = RegistrySource::Shared(registry);
        self
    }

    /// A thread isolator with the default time limit over the caller's
    /// `registry`: what a test suite uses so that a hung validator is a
    /// `hang` finding instead of a test run that never ends.
    pub fn suite_default(registry: Arc<Registry>) -> Isolator {
        Isolator::new(
            Isolation::Thread,
            DEFAULT_CASE_TIMEOUT,
            WorkerCommand::current(Vec::new()),
            || None,
        )
        .with_shared_registry(registry)
    }

    /// Where cases run.
    pub fn mode(&self) -> Isolation {
        self.mode
    }

    /// The per-case time limit.
    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    /// Workers abandoned (hung thread) or replaced (killed or dead process) so far.
    pub fn restarts(&self) -> u64 {
        self.restarts.load(Ordering::Relaxed)
    }

    /// Runs a case file's `text` for the pair `kind`/`api_version`, isolated;
    /// `local` runs it in place (with settings that have no isolator).
    ///
    /// ```
    /// use dv_harness_engine::{compare::Verdict, engine::EngineSettings, isolate::*, pair::Registry};
    /// use std::{sync::Arc, time::Duration};
    /// let iso = Arc::new(Isolator::new(Isolation::Thread, Duration::from_secs(30), WorkerCommand::current(vec![]), || dv_harness_kinds::registry().ok()));
    /// let settings = EngineSettings { isolator: Some(iso), ..Default::default() };
    /// let registry = dv_harness_kinds::registry().unwrap();
    /// let rc = registry.find("ReplicationController", None).unwrap();
    /// let text = r#"{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"a","namespace":"d"},"spec":{"replicas":1,"selector":{"a":"b"}}}"#;
    /// let checked = rc.check_text("rc.json", text, &settings).unwrap();
    /// assert_ne!(checked.outcome.comparison.verdict, Verdict::Hang);
    /// ```
    pub fn check_text(
        &self,
        request: Request,
        settings: &EngineSettings,
        local: impl FnOnce(&EngineSettings) -> Result<Checked, CaseError>,
    ) -> Result<Checked, CaseError> {
        let mut settings = settings.clone();
        settings.isolator = None;
        match self.mode {
            Isolation::None => local(&settings),
            Isolation::Thread => self.on_thread(request, None, settings, local),
            Isolation::Process => self.in_process(request, settings, local),
        }
    }

    /// Runs a generated case (objects as JSON) for the pair
    /// `kind`/`api_version`, isolated; `local` runs it in place. A worker
    /// thread takes the case as it is; a worker process, its case file.
    ///
    /// ```
    /// use dv_harness_engine::{case::Case, compare::Verdict, engine::EngineSettings, isolate::*, pair::Registry};
    /// use std::{sync::Arc, time::Duration};
    /// let registry = Arc::new(dv_harness_kinds::registry().unwrap());
    /// let iso = Arc::new(Isolator::suite_default(registry.clone()));
    /// let settings = EngineSettings { isolator: Some(iso), ..Default::default() };
    /// let rc = registry.find("ReplicationController", None).unwrap();
    /// let case = Case::create(serde_json::json!({"metadata": {"name": "a", "namespace": "d"},
    ///     "spec": {"replicas": -1, "selector": {"a": "b"}}}));
    /// let isolated = rc.check_json(&case, &settings).unwrap();
    /// let in_place = rc.check_json(&case, &EngineSettings::default()).unwrap();
    /// let (a, b) = (&isolated.outcome, &in_place.outcome);
    /// assert_eq!(a.comparison, b.comparison);
    /// assert_eq!((&a.handwritten.errors, &a.returned), (&b.handwritten.errors, &b.returned));
    /// assert_eq!(isolated.case_json, in_place.case_json);
    /// ```
    pub fn check_case(
        &self,
        kind: &str,
        api_version: &str,
        case: &Case<Value>,
        settings: &EngineSettings,
        local: impl FnOnce(&EngineSettings) -> Result<Checked, CaseProblem>,
    ) -> Result<Checked, CaseProblem> {
        let mut settings = settings.clone();
        settings.isolator = None;
        let file = "(generated)";
        let local = |s: &EngineSettings| local(s).map_err(|p| CaseError::new(file, p));
        let mut request = Request {
            kind: kind.to_string(),
            api_version: api_version.to_string(),
            file: file.to_string(),
            text: String::new(),
            no_prepare: settings.no_prepare,
        };
        let result = match self.mode {
            Isolation::None => local(&settings),
            Isolation::Thread => self.on_thread(request, Some(case.clone()), settings, local),
            Isolation::Process => {
                request.text = case.to_file_json(api_version, kind).to_string();
                self.in_process(request, settings, local)
            }
        };
        result.map_err(|e| e.problem)
    }

    fn on_thread(
        &self,
        request: Request,
        case: Option<Case<Value>>,
        settings: EngineSettings,
        local: impl FnOnce(&EngineSettings) -> Result<Checked, CaseError>,
    ) -> Result<Checked, CaseError> {
        let pooled = self.threads.lock().ok().and_then(|mut p| p.pop());
        let worker = match pooled {
            Some(w) => w,
            None => match ThreadWorker::spawn(self.registry.clone()) {
                Ok(w) => w,
                Err(_) => return local(&settings),
            },
        };
        let (reply, answer) = channel();
        let start = Instant::now();
        let job = Job {
            request: request.clone(),
            case: case.clone(),
            settings: settings.clone(),
            reply,
        };
        if worker.jobs.send(job).is_err() {
            return local(&settings);
        }
        match answer.recv_timeout(self.timeout) {
            Ok(Some(Ok(checked))) => {
                if let Ok(mut p) = self.threads.lock() {
                    p.push(worker);
                }
                Ok(checked)
            }
            // An input error (found before any validator runs) is the
            // caller's to word: run it here. So is a pair the worker's
            // registry does not hold.
            Ok(Some(Err(_)) | None) => {
                if let Ok(mut p) = self.threads.lock() {
                    p.push(worker);
                }
                local(&settings)
            }
            Err(RecvTimeoutError::Timeout) => {
                // Abandoned: the hung thread keeps its own registry and job.
                self.restarts.fetch_add(1, Ordering::Relaxed);
                let side = side_of(worker.side.load(Ordering::SeqCst));
                let case = case.unwrap_or_else(|| case_of(&request));
                let reason = self.hang_reason();
                Ok(fault(
                    &request,
                    case,
                    &settings,
                    Verdict::Hang,
                    side,
                    reason,
                    start,
                ))
            }
            Err(RecvTimeoutError::Disconnected) => {
                self.restarts.fetch_add(1, Ordering::Relaxed);
                let side = side_of(worker.side.load(Ordering::SeqCst));
                let reason = "the worker thread ended".to_string();
                let case = case.unwrap_or_else(|| case_of(&request));
                Ok(fault(
                    &request,
                    case,
                    &settings,
                    Verdict::Crash,
                    side,
                    reason,
                    start,
                ))
            }
        }
    }

    fn hang_reason(&self) -> String {
        format!("ran past the {} case time limit", humanize(self.timeout))
    }

    fn in_process(
        &self,
        request: Request,
        settings: EngineSettings,
        local: impl FnOnce(&EngineSettings) -> Result<Checked, CaseError>,
    ) -> Result<Checked, CaseError> {
        let pooled = self.processes.lock().ok().and_then(|mut p| p.pop());
        let mut worker = match pooled {
            Some(w) => w,
            None => match ProcessWorker::spawn(&self.command) {
                Ok(w) => w,
                Err(e) => {
                    return Err(CaseError::new(&request.file, CaseProblem::Unreadable(e)));
                }
            },
        };
        let start = Instant::now();
        let line = serde_json::to_string(&request).unwrap_or_default();
        let sent = writeln!(worker.stdin, "{line}").and_then(|()| worker.stdin.flush());
        if sent.is_err() {
            // The pooled worker died between cases: start over with a new one.
            self.restarts.fetch_add(1, Ordering::Relaxed);
            let _ = worker.reap();
            return self.in_process(request, settings, local);
        }
        let deadline = start + self.timeout;
        let mut side = None;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match worker.lines.recv_timeout(left) {
                Ok(line) => match serde_json::from_str::<Reply>(&line) {
                    Ok(Reply::Side(s)) => side = Some(s),
                    Ok(Reply::Done(_)) => break,
                    Ok(Reply::Ready) => {}
                    Err(_) => {}
                },
                Err(RecvTimeoutError::Timeout) => {
                    self.restarts.fetch_add(1, Ordering::Relaxed);
                    let _ = worker.child.kill();
                    let _ = worker.reap();
                    let reason = self.hang_reason();
                    let case = case_of(&request);
                    return Ok(fault(
                        &request,
                        case,
                        &settings,
                        Verdict::Hang,
                        side,
                        reason,
                        start,
                    ));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    self.restarts.fetch_add(1, Ordering::Relaxed);
                    let reason = worker.reap();
                    let case = case_of(&request);
                    return Ok(fault(
                        &request,
                        case,
                        &settings,
                        Verdict::Crash,
                        side,
                        reason,
                        start,
                    ));
                }
            }
        }
        if let Ok(mut p) = self.processes.lock() {
            p.push(worker);
        }
        local(&settings)
    }
}

/// The case of a request's text (an unreadable one as an empty create).
fn case_of(request: &Request) -> Case<Value> {
    parse_case::<Value>(&request.text).unwrap_or_else(|_| Case::create(Value::Null))
}

/// The checked case of a request that did not finish. Its case is read
/// again from the request's text as JSON values, so its text form keeps no
/// raw member's whitespace (the validators' own reading is lost with the
/// worker).
fn fault(
    request: &Request,
    mut case: Case<Value>,
    settings: &EngineSettings,
    verdict: Verdict,
    side: Option<Side>,
    reason: String,
    start: Instant,
) -> Checked {
    if settings.no_prepare {
        case.prepare = false;
    }
    let fault = Fault {
        verdict,
        side,
        reason,
        nanos: u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX),
    };
    Checked {
        outcome: Outcome::fault(
            &request.kind,
            &request.api_version,
            &case,
            settings.semantics,
            &fault,
        ),
        case_json: case.to_file_json(&request.api_version, &request.kind),
        case_text: case.to_file_text(&request.api_version, &request.kind),
    }
}

impl Drop for Isolator {
    fn drop(&mut self) {
        if let Ok(workers) = self.processes.get_mut() {
            for mut w in workers.drain(..) {
                let _ = w.child.kill();
                let _ = w.child.wait();
            }
        }
    }
}

/// `10s`, `1500ms`.
fn humanize(d: Duration) -> String {
    if d.subsec_millis() == 0 {
        format!("{}s", d.as_secs())
    } else {
        format!("{}ms", d.as_millis())
    }
}

/// Caps this process' address space at `mib` MiB (`setrlimit(RLIMIT_AS)`),
/// so that a runaway allocation fails (and aborts the process) instead of
/// exhausting the machine. A no-op off unix.
pub fn limit_memory(mib: u64) -> Result<(), String> {
    #[cfg(unix)]
    {
        let bytes = mib.saturating_mul(1 << 20);
        let limit = libc::rlimit {
            rlim_cur: bytes as libc::rlim_t,
            rlim_max: bytes as libc::rlim_t,
        };
        // SAFETY: setrlimit reads the struct we pass and changes only this process' limit.
        let rc = unsafe { libc::setrlimit(libc::RLIMIT_AS, &limit) };
        if rc != 0 {
            return Err(format!(
                "setrlimit(RLIMIT_AS, {mib} MiB): {}",
                std::io::Error::last_os_error()
            ));
        }
    }
    #[cfg(not(unix))]
    let _ = mib;
    Ok(())
}

/// The worker loop (`dv-harness worker`): reads [`Request`] lines from
/// `input`, runs each with `registry` and `settings`, and writes the
/// [`Reply`] lines to stdout (each side before it runs, then `done`).
pub fn serve(registry: &Registry, settings: &EngineSettings, input: impl BufRead) {
    set_side_sink(Some(Box::new(|side| {
        reply(&Reply::Side(side));
    })));
    if !reply(&Reply::Ready) {
        return;
    }
    for line in input.lines() {
        let Ok(line) = line else { break };
        let verdict = serde_json::from_str::<Request>(&line).ok().and_then(|r| {
            let pair = registry.find(&r.kind, Some(&r.api_version)).ok()?;
            let settings = EngineSettings {
                no_prepare: r.no_prepare,
                ..settings.clone()
            };
            let checked = pair.check_text(&r.file, &r.text, &settings).ok()?;
            Some(checked.outcome.comparison.verdict)
        });
        if !reply(&Reply::Done(verdict)) {
            break;
        }
    }
    set_side_sink(None);
}

/// Writes one reply line; false when stdout is gone.
fn reply(r: &Reply) -> bool {
    let mut out = std::io::stdout().lock();
    let line = serde_json::to_string(r).unwrap_or_default();
    writeln!(out, "{line}").and_then(|()| out.flush()).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reply_lines_round_trip() {
        for r in [
            Reply::Ready,
            Reply::Side(Side::Declarative),
            Reply::Done(Some(Verdict::Equal)),
            Reply::Done(None),
        ] {
            let line = serde_json::to_string(&r).unwrap();
            assert_eq!(serde_json::from_str::<Reply>(&line).unwrap(), r);
        }
        assert_eq!(
            serde_json::to_string(&Reply::Side(Side::Handwritten)).unwrap(),
            r#"{"side":"handwritten"}"#
        );
    }

    #[test]
    fn humanized_limits() {
        assert_eq!(humanize(Duration::from_secs(10)), "10s");
        assert_eq!(humanize(Duration::from_millis(1500)), "1500ms");
    }

    #[test]
    fn a_pair_the_worker_does_not_know_runs_in_place() {
        let iso = Isolator::new(
            Isolation::Thread,
            Duration::from_secs(30),
            WorkerCommand::current(vec![]),
            || None,
        );
        let request = Request {
            kind: "NoSuchKind".into(),
            api_version: "v1".into(),
            file: "x.json".into(),
            text: "{}".into(),
            no_prepare: false,
        };
        let err = iso
            .check_text(request, &EngineSettings::default(), |_| {
                Err(CaseError::new("x.json", CaseProblem::NoCases))
            })
            .unwrap_err();
        assert_eq!(err.file, "x.json");
        assert!(matches!(err.problem, CaseProblem::NoCases));
    }
}
