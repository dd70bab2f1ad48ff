//! The `dv-harness` command line (DESIGN.md section 5): global options,
//! subcommand dispatch and exit codes. One file per subcommand.

pub mod bench;
pub mod check;
pub mod corpus;
pub mod evidence;
pub mod export;
pub mod fuzz;
pub mod gates;
pub mod kinds;
pub mod progress;
pub mod promote;
pub mod render;
pub mod report;
pub mod run;
pub mod selftest;
pub mod tags;
#[cfg(test)]
mod test_pair;
pub mod validate;

use clap::{Parser, Subcommand};
use dv_harness_engine::engine::EngineSettings;
use dv_harness_engine::lifecycle::Semantics;
use dv_harness_engine::normalize::Equivalence;
use dv_harness_engine::pair::Registry;
use dv_harness_engine::record::{Recorder, RecorderConfig};
use std::path::PathBuf;
use std::process::ExitCode;

/// Exit status of the binary.
///
/// ```
/// use dv_harness_cli::Exit;
/// assert_eq!(Exit::Found.code(), 1);
/// assert_eq!(Exit::Ok.max(Exit::Input), Exit::Input);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Exit {
    /// 0: everything checked is equivalent.
    Ok,
    /// 1: mismatches, panics or failed expectations found (or some inputs were bad).
    Found,
    /// 2: usage or input error; nothing could be checked.
    Input,
}

impl Exit {
    /// The numeric status.
    ///
    /// ```
    /// assert_eq!(dv_harness_cli::Exit::Input.code(), 2);
    /// ```
    pub const fn code(self) -> u8 {
        match self {
            Exit::Ok => 0,
            Exit::Found => 1,
            Exit::Input => 2,
        }
    }
}

impl From<Exit> for ExitCode {
    fn from(e: Exit) -> ExitCode {
        ExitCode::from(e.code())
    }
}

/// The command line.
#[derive(Debug, Parser)]
#[command(
    name = "dv-harness",
    version,
    about = "Runs hand-written and declarative Kubernetes validators side by side and compares them"
)]
pub struct Cli {
    /// Kubernetes release whose declarative-validation semantics apply.
    #[arg(long, global = true, default_value = "1.37", value_parser = parse_semantics)]
    pub semantics: Semantics,
    /// Print machine-readable JSON on stdout.
    #[arg(long, global = true)]
    pub json: bool,
    /// Equivalence file (normalisation rules, reviewed exceptions); default `./equivalence.toml` if present.
    #[arg(long, global = true, value_name = "FILE")]
    pub equivalence: Option<PathBuf>,
    /// Record metrics, the mismatch log and reproducers.
    #[arg(long, global = true)]
    pub record: bool,
    /// Where `--record` writes metrics.prom and mismatches.jsonl.
    #[arg(long, global = true, value_name = "DIR", default_value = "reports")]
    pub reports_dir: PathBuf,
    /// Where `--record` writes reproducer case files.
    #[arg(long, global = true, value_name = "DIR", default_value = "corpus")]
    pub corpus_dir: PathBuf,
    /// The per-case time limit of `check`, `validate`, `run` and `fuzz`: a
    /// side that runs longer is a `hang` finding and the run goes on.
    #[arg(long, global = true, value_name = "DURATION", default_value = "10s", value_parser = dv_harness_engine::duration::parse_duration)]
    pub case_timeout: std::time::Duration,
    /// Where cases run: `process` (a restartable worker process: hangs and
    /// crashes such as abort, stack overflow or out of memory are findings),
    /// `thread` (a watchdog-supervised thread: hangs are findings) or `none`.
    /// Default: `process` for `run`, `fuzz` and a `check` of directories or
    /// more than 8 files; `thread` otherwise.
    #[arg(long, global = true, value_name = "MODE")]
    pub isolate: Option<dv_harness_engine::isolate::Isolation>,
    /// The address-space limit of a worker process, in MiB (`--isolate process`).
    #[arg(long, global = true, value_name = "MIB", default_value_t = dv_harness_engine::isolate::DEFAULT_WORKER_MEMORY_MIB)]
    pub worker_memory: u64,
    /// The subcommand.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run case files (and directories of them); check `expected` where present.
    Check(check::CheckArgs),
    /// Validate one object with both validators and print the outcome.
    Validate(validate::ValidateArgs),
    /// List the registered pairs.
    Kinds(kinds::KindsArgs),
    /// The `+k8s:` tag catalog this build supports, with stability level and docs.
    Tags(tags::TagsArgs),
    /// The feature gates of the selected Kubernetes release (any may be set with `--gate` or a case's `gates`).
    Gates(gates::GatesArgs),
    /// Corpus plus generated create and update cases for every registered pair.
    Run(run::RunArgs),
    /// Quick latency comparison HV vs DV vs shadow mode, as ratios.
    Bench(bench::BenchArgs),
    /// Per-rule evidence and eligible stage; `--check` exits 1 if any rule is staged beyond its evidence.
    Promote(promote::PromoteArgs),
    /// Render reports/ (tables, report.json, report.md, report.html) from recorded results.
    Report(report::ReportArgs),
    /// Stable, coverage-blind fuzzing campaign over the bundled kinds (structured generators).
    Fuzz(fuzz::FuzzArgs),
    /// Fuzz corpus and artifacts: import-artifacts, seed-fuzz, show-artifact.
    Corpus(corpus::CorpusArgs),
    /// Evidence files: `merge OUT IN...` combines those of several machines or shards.
    Evidence(evidence::EvidenceArgs),
    /// A case or recorded mismatch as a Kubernetes test-table entry (`--format k8s-go-test`).
    Export(export::ExportArgs),
    /// Plant known divergences and measure how fast the generators find them, against a random-fill baseline.
    Selftest(selftest::SelftestArgs),
    /// Internal: the case worker of `--isolate process` (JSON lines on stdin/stdout).
    #[command(hide = true)]
    Worker,
}

fn parse_semantics(s: &str) -> Result<Semantics, String> {
    s.parse::<Semantics>().map_err(|e| e.to_string())
}

/// What every subcommand receives: the registry, the engine settings and
/// the output switches.
pub struct Global {
    /// The registered pairs.
    pub registry: Registry,
    /// Release semantics and equivalence settings.
    pub settings: EngineSettings,
    /// `--json`.
    pub json: bool,
    /// The recorder, with `--record`.
    pub recorder: Option<Recorder>,
}

/// Prints one diagnostic line on stderr.
///
/// ```
/// dv_harness_cli::diagnostic("a.json: malformed JSON");
/// ```
pub fn diagnostic(line: &str) {
    eprintln!("dv-harness: {line}");
}

fn build_global(cli: &Cli) -> Result<Global, String> {
    let registry = dv_harness_kinds::registry().map_err(|e| e.to_string())?;
    let equivalence = match &cli.equivalence {
        Some(path) => Equivalence::load(path).map_err(|e| e.to_string())?,
        None => {
            let default = PathBuf::from("equivalence.toml");
            if default.is_file() {
                Equivalence::load(&default).map_err(|e| e.to_string())?
            } else {
                Equivalence::default()
            }
        }
    };
    let recorder = if cli.record {
        Some(
            Recorder::open(RecorderConfig::new(&cli.reports_dir, &cli.corpus_dir))
                .map_err(|e| e.to_string())?,
        )
    } else {
        None
    };
    Ok(Global {
        registry,
        settings: EngineSettings::default()
            .semantics(cli.semantics)
            .equivalence(equivalence),
        json: cli.json,
        recorder,
    })
}

/// The isolation of the command's cases: `--isolate`, else the command's
/// default; `None` for commands that do not check cases one by one (and
/// for the worker itself).
fn isolator_for(cli: &Cli) -> Option<dv_harness_engine::isolate::Isolator> {
    use dv_harness_engine::isolate::{Isolation, Isolator, WorkerCommand};
    let default = match &cli.command {
        Command::Check(args) => {
            if args.paths.len() > 8 || args.paths.iter().any(|p| p.is_dir()) {
                Isolation::Process
            } else {
                Isolation::Thread
            }
        }
        Command::Validate(_) => Isolation::Thread,
        Command::Run(_) | Command::Fuzz(_) => Isolation::Process,
        // `export` runs a case file to learn each error's stage.
        Command::Export(_) => Isolation::Process,
        _ => return None,
    };
    let mut mode = cli.isolate.unwrap_or(default);
    // Only the `dv-harness` binary can serve as its own worker: run from a
    // library (a test, a doctest, a user's program) the current executable
    // is something else, and re-executing it would run that program again.
    if mode == Isolation::Process && !dv_harness_engine::isolate::current_exe_is_harness() {
        mode = Isolation::Thread;
    }
    if mode == Isolation::None {
        return None;
    }
    let mut args: Vec<std::ffi::OsString> =
        vec!["--semantics".into(), cli.semantics.as_str().into()];
    if let Some(path) = &cli.equivalence {
        args.push("--equivalence".into());
        args.push(path.into());
    }
    let mut command = WorkerCommand::current(args);
    command.memory_mib = cli.worker_memory;
    Some(Isolator::new(mode, cli.case_timeout, command, || {
        dv_harness_kinds::registry().ok()
    }))
}

/// `dv-harness worker`: caps its memory, then serves case requests from
/// stdin until it closes ([`dv_harness_engine::isolate::serve`]).
fn worker(global: &Global) -> Exit {
    let mib = std::env::var(dv_harness_engine::isolate::WORKER_MEMORY_ENV)
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(dv_harness_engine::isolate::DEFAULT_WORKER_MEMORY_MIB);
    if let Err(e) = dv_harness_engine::isolate::limit_memory(mib) {
        diagnostic(&e);
    }
    dv_harness_engine::isolate::serve(&global.registry, &global.settings, std::io::stdin().lock());
    Exit::Ok
}

/// Makes a closed stdout (`dv-harness tags | head`) end the process
/// quietly, as it ends a Unix tool: Rust ignores SIGPIPE, so printing to a
/// closed pipe panics with "failed printing to stdout"; this panic hook
/// turns that one panic into the default SIGPIPE death (off unix, exit 0)
/// and leaves every other panic to the previous hook. Writes to a worker's
/// pipe return their error as before: SIGPIPE stays ignored until then.
fn quiet_on_closed_stdout() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or_default();
        if message.starts_with("failed printing to stdout") && message.contains("Broken pipe") {
            #[cfg(unix)]
            // SAFETY: restoring the default action of SIGPIPE and raising it
            // ends the process, as a closed pipe ends any Unix tool.
            unsafe {
                libc::signal(libc::SIGPIPE, libc::SIG_DFL);
                libc::raise(libc::SIGPIPE);
            }
            std::process::exit(0);
        }
        previous(info);
    }));
}

/// Runs a parsed command line and returns its exit status.
///
/// ```
/// use clap::Parser;
/// let cli = dv_harness_cli::Cli::parse_from(["dv-harness", "kinds", "--json"]);
/// assert_eq!(dv_harness_cli::run(cli), dv_harness_cli::Exit::Ok);
/// ```
pub fn run(cli: Cli) -> Exit {
    let mut global = match build_global(&cli) {
        Ok(g) => g,
        Err(msg) => {
            diagnostic(&msg);
            return Exit::Input;
        }
    };
    if let Some(isolator) = isolator_for(&cli) {
        global.settings.isolator = Some(std::sync::Arc::new(isolator));
    }
    let exit = match &cli.command {
        Command::Check(args) => check::run(args, &mut global),
        Command::Validate(args) => validate::run(args, &mut global),
        Command::Kinds(args) => kinds::run(args, &global),
        Command::Tags(args) => tags::run(args, &global),
        Command::Gates(args) => gates::run(args, &global),
        Command::Bench(args) => bench::run(
            args,
            &global,
            &cli.corpus_dir,
            cli.record.then_some(cli.reports_dir.as_path()),
        ),
        Command::Run(args) => run::run(
            args,
            &mut global,
            &run::RunPaths {
                corpus: cli.corpus_dir.clone(),
                reports: cli.reports_dir.clone(),
            },
        ),
        Command::Promote(args) => promote::run(args, &global, &cli.reports_dir),
        Command::Report(args) => report::run(args, &global, &cli.reports_dir),
        Command::Fuzz(args) => fuzz::run(
            args,
            &mut global,
            &fuzz::FuzzPaths {
                corpus: cli.corpus_dir.clone(),
                reports: cli.reports_dir.clone(),
            },
        ),
        Command::Corpus(args) => corpus::run(args, &global, &cli.corpus_dir),
        Command::Evidence(args) => evidence::run(args, &global),
        Command::Export(args) => export::run(args, &global, &cli.corpus_dir, &cli.reports_dir),
        Command::Selftest(args) => selftest::run(args, &global, &cli.corpus_dir),
        Command::Worker => worker(&global),
    };
    match global.recorder.as_ref().map(Recorder::write_metrics) {
        Some(Err(e)) => {
            diagnostic(&format!("cannot write metrics: {e}"));
            exit.max(Exit::Input)
        }
        _ => exit,
    }
}

/// The binary's entry point: parses the arguments (usage errors exit 2),
/// runs, and returns the exit code.
///
/// ```no_run
/// fn main() -> std::process::ExitCode { dv_harness_cli::main() }
/// ```
pub fn main() -> ExitCode {
    quiet_on_closed_stdout();
    match Cli::try_parse() {
        Ok(cli) => run(cli).into(),
        Err(e) => {
            let code = if e.use_stderr() {
                Exit::Input
            } else {
                Exit::Ok
            };
            // Printing help or a usage error; nothing else to do if stdout is gone.
            let _ = e.print();
            code.into()
        }
    }
}
