//! `standoff play`: play a game from an order file with phase headers, printing a
//! report per phase; save and load the game as JSON.

use anyhow::{bail, Context, Result};
use standoff::datc::parse_phase;
use standoff::game::Game;
use standoff::parse::parse_orders;
use standoff::report::{center_table, phase_report};
use standoff::{Phase, PhaseKind, Position, Variant};
use std::path::PathBuf;

/// Arguments of `standoff play`.
#[derive(clap::Args)]
pub struct Args {
    /// Order file: `[Spring 1901 Movement]` headers, each followed by that phase's
    /// orders (`England: F lon - nth`). Phases without a section are played with no
    /// orders (units hold, dislodged units disband, adjustments by civil disorder).
    orders: PathBuf,
    /// Variant name or alias (ignored with --load).
    #[arg(long, default_value = "standard")]
    variant: String,
    /// Continue a saved game instead of starting a new one.
    #[arg(long)]
    load: Option<PathBuf>,
    /// Save the game (variant and position JSON) here at the end.
    #[arg(long)]
    save: Option<PathBuf>,
}

struct Section {
    phase: Phase,
    line: usize,
    orders: String,
}

fn sections(text: &str) -> Result<Vec<Section>> {
    let mut out: Vec<Section> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if let Some(header) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            let phase = parse_phase(header)
                .with_context(|| format!("line {}: cannot read phase `{header}`", i + 1))?;
            out.push(Section {
                phase,
                line: i + 1,
                orders: String::new(),
            });
        } else if let Some(s) = out.last_mut() {
            s.orders.push_str(raw);
            s.orders.push('\n');
        } else if !line.is_empty() && !line.starts_with('#') {
            bail!(
                "line {}: orders before the first `[Season Year Phase]` header",
                i + 1
            );
        }
    }
    Ok(out)
}

/// A saved game.
#[derive(serde::Serialize, serde::Deserialize)]
struct Saved {
    variant: String,
    position: standoff::json::PositionJson,
}

/// Runs the command; `Ok(false)` when some order lines could not be read.
pub fn run(args: &Args) -> Result<bool> {
    let (variant, mut game) = match &args.load {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("reading {}", path.display()))?;
            let saved: Saved = serde_json::from_str(&text)
                .with_context(|| format!("reading {}", path.display()))?;
            let variant = Variant::builtin(&saved.variant)?;
            let json = serde_json::to_string(&saved.position)?;
            let position = Position::from_json(&variant, &json)?;
            (variant, Game::from_position(position))
        }
        None => {
            let variant = Variant::builtin(&args.variant)?;
            let game = Game::new(&variant);
            (variant, game)
        }
    };
    let text = std::fs::read_to_string(&args.orders)
        .with_context(|| format!("reading {}", args.orders.display()))?;
    let mut all_read = true;
    for section in sections(&text)? {
        // Play phases the file skips (retreats, adjustments) with no orders.
        while game.winner.is_none() && game.position.phase != section.phase {
            let skippable = game.position.phase.kind != PhaseKind::Movement
                && (game.position.phase.year, game.position.phase.season)
                    <= (section.phase.year, section.phase.season);
            if !skippable {
                bail!(
                    "line {}: the file has orders for {} but the game is at {}",
                    section.line,
                    section.phase,
                    game.position.phase
                );
            }
            let done = game.process(&variant, &[]);
            println!("{}", phase_report(&variant, &[], &done));
        }
        if game.winner.is_some() {
            break;
        }
        let (parsed, errors) = parse_orders(&variant, section.phase.kind, &section.orders);
        for e in &errors {
            all_read = false;
            eprintln!(
                "{}: line {}: {}",
                args.orders.display(),
                section.line + e.line,
                e.error
            );
        }
        let orders: Vec<_> = parsed.into_iter().map(|p| p.order).collect();
        let done = game.process(&variant, &orders);
        println!("{}", phase_report(&variant, &orders, &done));
        if !done.captures.is_empty() || done.phase.kind == PhaseKind::Adjustment {
            println!("{}", center_table(&variant, &game.position));
        }
    }
    if let Some(w) = game.winner {
        println!(
            "{} wins with {} centers.",
            variant.power_name(w),
            game.position.center_count(w)
        );
    }
    println!("Next phase: {}", game.position.phase);
    println!("{}", center_table(&variant, &game.position));
    if let Some(path) = &args.save {
        let saved = Saved {
            variant: variant.name.clone(),
            position: game.position.to_json(&variant),
        };
        std::fs::write(path, serde_json::to_string_pretty(&saved)?)
            .with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(all_read)
}
