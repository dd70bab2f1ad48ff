//! The `dv-harness` command line.

fn main() -> std::process::ExitCode {
    dv_harness_cli::main()
}
