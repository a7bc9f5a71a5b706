//! `standoff replay --format mila FILE...`: replay recorded games and compare.

use anyhow::{Context, Result};
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
}

/// Runs the command; `Ok(false)` when some phase differs.
pub fn run(args: &Args) -> Result<bool> {
    let Format::Mila = args.format;
    let variant = Variant::standard();
    let known = match &args.known {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("reading {}", path.display()))?;
            KnownDiffs::parse(&text).with_context(|| path.display().to_string())?
        }
        None => KnownDiffs::default(),
    };
    let mut summary = ReplaySummary::default();
    let mut unreadable = 0;
    for path in &args.files {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        for game in read_games(&text) {
            match game {
                Ok(g) => {
                    if let Err(e) = replay_game(&variant, &g, &mut summary) {
                        unreadable += 1;
                        eprintln!("{}: game {}: {e}", path.display(), g.id.unwrap_or_default());
                    }
                }
                Err(e) => {
                    unreadable += 1;
                    eprintln!("{}: {e}", path.display());
                }
            }
        }
    }
    let (expected, unexpected): (Vec<_>, Vec<_>) = summary
        .differ
        .iter()
        .partition(|d| known.contains(&d.game, &d.phase));
    let stale: Vec<(&str, &str)> = known
        .iter()
        .filter(|(g, p)| !expected.iter().any(|d| d.game == *g && d.phase == *p))
        .collect();
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
