//! `standoff replay --format mila FILE...`: replay recorded games and compare.

use crate::input::{read_line_capped, read_text, Line};
use anyhow::{Context, Result};
use standoff::limits::{MAX_JSON_BYTES, MAX_REPORTED_ERRORS};
use standoff::mila::{read_games, replay_game, KnownDiffs, ReplaySummary};
use standoff::Variant;
use std::path::PathBuf;

/// Recorded-game formats.
#[derive(Clone, Copy, clap::ValueEnum)]
enum Format {
    /// The `diplomacy` Python package's saved-game JSON (one game, or JSON lines).
    Mila,
}

/// Arguments of `standoff replay`.
#[derive(clap::Args)]
pub struct Args {
    /// Game files.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Format of the files.
    #[arg(long, value_enum, default_value = "mila")]
    format: Format,
    /// Print at most this many differing phases (all are counted).
    #[arg(long, default_value_t = 50)]
    show: usize,
    /// Known differences (`<game id> <phase> <reason>` per line, e.g. the `.known` file
    /// beside the shipped sample): these phases may differ; a listed phase that agrees
    /// is reported as stale and fails the run.
    #[arg(long)]
    known: Option<PathBuf>,
    /// The built-in variant the games are played on (name or alias, e.g. `ancmed` or
    /// the package's `standard_fleet_rome`); each game's `map` must name it.
    #[arg(long, default_value = "standard")]
    variant: String,
}

/// Runs the command; `Ok(false)` when some phase differs.
pub fn run(args: &Args) -> Result<bool> {
    let Format::Mila = args.format;
    let variant = Variant::builtin(&args.variant)?;
    let known = match &args.known {
        Some(path) => {
            let text = read_text(path, MAX_JSON_BYTES, "a known-differences file")?;
            KnownDiffs::parse(&text).with_context(|| path.display().to_string())?
        }
        None => KnownDiffs::default(),
    };
    let mut summary = ReplaySummary::default();
    let mut problems = Problems::default();
    for path in &args.files {
        let shown = path.display();
        let size = std::fs::metadata(path)
            .with_context(|| format!("reading {shown}"))?
            .len();
        if size <= MAX_JSON_BYTES as u64 {
            // One game (possibly pretty-printed) or JSON lines.
            let text = read_text(path, MAX_JSON_BYTES, "a saved-game file")?;
            replay_text(
                &variant,
                &text,
                &shown.to_string(),
                &mut summary,
                &mut problems,
            );
            continue;
        }
        // A large file is JSON lines: read one line at a time.
        let file = std::fs::File::open(path).with_context(|| format!("reading {shown}"))?;
        let mut reader = std::io::BufReader::new(file);
        let mut line_no = 0usize;
        while let Some(line) = read_line_capped(&mut reader, MAX_JSON_BYTES)
            .with_context(|| format!("reading {shown}"))?
        {
            line_no += 1;
            let place = format!("{shown}:{line_no}");
            match line {
                Line::Text(text) => {
                    replay_text(&variant, &text, &place, &mut summary, &mut problems)
                }
                Line::TooLong(bytes) => problems.report(format!(
                    "{place}: the line is {bytes} bytes, above the limit of {MAX_JSON_BYTES} bytes"
                )),
                Line::NotUtf8 => problems.report(format!("{place}: the line is not UTF-8")),
            }
        }
    }
    problems.finish();
    let unreadable = problems.count;
    let standoff::mila::Triage {
        expected,
        unexpected,
        stale,
    } = summary.triage(&known);
    for d in unexpected.iter().take(args.show) {
        println!("game {} phase {}:", d.game, d.phase);
        for l in &d.lines {
            println!("    {l}");
        }
    }
    if unexpected.len() > args.show {
        println!(
            "... {} more differing phases not shown",
            unexpected.len() - args.show
        );
    }
    for (game, phase) in &stale {
        println!("known difference that did not occur: {game} {phase}");
    }
    println!("movement phases compared: {}", summary.movement_phases);
    if args.known.is_some() {
        println!(
            "{} phases agree, {} differ ({} known, {} not)",
            summary.agree,
            summary.differ.len(),
            expected.len(),
            unexpected.len()
        );
    } else {
        println!(
            "{} phases agree, {} differ",
            summary.agree,
            summary.differ.len()
        );
    }
    Ok(unexpected.is_empty() && stale.is_empty() && unreadable == 0)
}

/// Games that could not be read or replayed: the first
/// [`MAX_REPORTED_ERRORS`] are printed, the rest counted.
#[derive(Default)]
struct Problems {
    count: usize,
}

impl Problems {
    fn report(&mut self, message: String) {
        if self.count < MAX_REPORTED_ERRORS {
            eprintln!("{message}");
        }
        self.count += 1;
    }

    fn finish(&self) {
        if self.count > MAX_REPORTED_ERRORS {
            eprintln!(
                "{} more errors suppressed",
                self.count - MAX_REPORTED_ERRORS
            );
        }
    }
}

/// Replays the games in `text` (one game, or JSON lines), read from `place`.
fn replay_text(
    variant: &Variant,
    text: &str,
    place: &str,
    summary: &mut ReplaySummary,
    problems: &mut Problems,
) {
    if text.trim().is_empty() {
        return;
    }
    for game in read_games(text) {
        match game {
            Ok(g) => {
                if let Err(e) = replay_game(variant, &g, summary) {
                    let id = g.id.unwrap_or_default();
                    problems.report(format!("{place}: game {id}: {e}"));
                }
            }
            Err(e) => problems.report(format!("{place}: {e}")),
        }
    }
}
