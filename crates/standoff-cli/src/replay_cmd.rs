//! `standoff replay --format mila FILE...`: replay recorded games and compare.

use anyhow::{Context, Result};
use standoff::mila::{read_games, replay_game, ReplaySummary};
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
}

/// Runs the command; `Ok(false)` when some phase differs.
pub fn run(args: &Args) -> Result<bool> {
    let Format::Mila = args.format;
    let variant = Variant::standard();
    let mut summary = ReplaySummary::default();
    let mut unreadable = 0;
    for path in &args.files {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        for game in read_games(&text) {
            match game {
                Ok(g) => replay_game(&variant, &g, &mut summary),
                Err(e) => {
                    unreadable += 1;
                    eprintln!("{}: {e}", path.display());
                }
            }
        }
    }
    for d in summary.differ.iter().take(args.show) {
        println!("game {} phase {}:", d.game, d.phase);
        for l in &d.lines {
            println!("    {l}");
        }
    }
    if summary.differ.len() > args.show {
        println!(
            "... {} more differing phases not shown",
            summary.differ.len() - args.show
        );
    }
    println!("movement phases compared: {}", summary.movement_phases);
    println!(
        "{} phases agree, {} differ",
        summary.agree,
        summary.differ.len()
    );
    Ok(summary.differ.is_empty() && unreadable == 0)
}
