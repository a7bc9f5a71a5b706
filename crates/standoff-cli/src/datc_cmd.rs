//! `standoff datc FILE...`

use anyhow::{Context, Result};
use standoff::datc::{parse_case_file, run_case_file};
use standoff::rules::Rules;
use std::path::PathBuf;

/// Arguments of `standoff datc`.
#[derive(clap::Args)]
pub struct Args {
    /// Case files to run.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Only run cases whose id starts with this prefix (e.g. `6.F`).
    #[arg(long)]
    filter: Option<String>,
    /// Print every case, not only failures.
    #[arg(long, short)]
    verbose: bool,
    /// Rules to adjudicate by (`PRESET option=choice ...`); overrides a file's `RULES`
    /// line. Default: the file's `RULES` line, else `datc`.
    #[arg(long)]
    rules: Option<String>,
}

/// Runs the files; `Ok(false)` when a case failed.
pub fn run(args: &Args) -> Result<bool> {
    let (mut passed, mut failed) = (0usize, 0usize);
    let mut matched = 0usize;
    let mut outside = 0usize;
    for path in &args.files {
        let text =
            crate::input::read_text(path, standoff::limits::MAX_CASE_FILE_BYTES, "a case file")?;
        let (file, errors) = parse_case_file(&text);
        // A case file names a built-in variant; it never chooses a file to read.
        let name = file.variant.as_deref().unwrap_or("standard");
        let variant = standoff::Variant::builtin(name)
            .with_context(|| format!("{}: VARIANT_ALL", path.display()))?;
        let spec = args
            .rules
            .as_deref()
            .or(file.rules.as_deref())
            .unwrap_or("datc");
        let rules =
            Rules::parse(spec).with_context(|| format!("{}: rules `{spec}`", path.display()))?;
        let filter = args.filter.as_deref().unwrap_or("");
        let report = run_case_file(&variant, &rules, &file, &errors, filter);
        outside += report.file_errors.len();
        for e in &report.file_errors {
            eprintln!("{}: {e}", path.display());
        }
        passed += report.passed();
        failed += report.failed();
        let cases = file.cases.iter().filter(|c| c.id.starts_with(filter));
        for (case, outcome) in cases.zip(&report.cases) {
            matched += 1;
            if outcome.passed {
                if args.verbose {
                    println!("PASS {} {}", case.id, case.title);
                }
            } else {
                println!(
                    "FAIL {} {} ({}:{})",
                    case.id,
                    case.title,
                    path.display(),
                    case.line
                );
                for p in &outcome.problems {
                    println!("     {p}");
                }
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    if outside > 0 {
        println!("{outside} error(s) outside any case");
    }
    if let (Some(filter), 0) = (&args.filter, matched) {
        anyhow::bail!("no case id starts with `{filter}`");
    }
    Ok(failed == 0 && outside == 0)
}
