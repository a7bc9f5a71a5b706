//! `standoff play`: play a game from order files, printing a report per phase; save
//! and load the game as JSON.

use anyhow::{bail, Context, Result};
use standoff::datc::parse_phase;
use standoff::game::Game;
use standoff::json::{GameJson, PhaseRecordJson};
use standoff::parse::parse_orders;
use standoff::report::{center_table, phase_report, Audience};
use standoff::{Phase, PhaseKind, Position, Variant};
use std::path::PathBuf;

/// Arguments of `standoff play`.
#[derive(clap::Args)]
pub struct Args {
    /// Order files, in order. A file holds `[Spring 1901 Movement]` headers each followed
    /// by that phase's orders, or (without headers) the orders of the next phase.
    /// Phases the files skip are played without orders (units hold, dislodged units
    /// disband, missing adjustments by the civil-disorder rule).
    #[arg(required = true)]
    orders: Vec<PathBuf>,
    /// Variant name or alias for a new game.
    #[arg(long, default_value = "standard")]
    variant: String,
    /// Continue a saved game instead of starting a new one.
    #[arg(long)]
    load: Option<PathBuf>,
    /// Save the game here at the end.
    #[arg(long)]
    save: Option<PathBuf>,
    /// Print the reports one power would receive (its orders and units only).
    #[arg(long)]
    power: Option<String>,
}

struct Section {
    phase: Option<Phase>,
    source: String,
    first_line: usize,
    orders: String,
}

fn sections(path: &std::path::Path, text: &str) -> Result<Vec<Section>> {
    let source = path.display().to_string();
    let mut out: Vec<Section> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if let Some(header) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            let phase = parse_phase(header)
                .with_context(|| format!("{source}:{}: cannot read phase `{header}`", i + 1))?;
            out.push(Section {
                phase: Some(phase),
                source: source.clone(),
                first_line: i + 1,
                orders: String::new(),
            });
            continue;
        }
        if out.is_empty() {
            out.push(Section {
                phase: None,
                source: source.clone(),
                first_line: 0,
                orders: String::new(),
            });
        }
        if let Some(s) = out.last_mut() {
            s.orders.push_str(raw);
            s.orders.push('\n');
        }
    }
    Ok(out)
}

fn load(path: &std::path::Path) -> Result<(Variant, Game, Vec<PhaseRecordJson>)> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let saved: GameJson =
        serde_json::from_str(&text).with_context(|| format!("reading {}", path.display()))?;
    let variant = Variant::builtin(&saved.variant)?;
    let position = Position::from_json(&variant, &serde_json::to_string(&saved.position)?)
        .with_context(|| format!("position in {}", path.display()))?;
    let mut game = Game::from_position(position);
    game.winner = saved.winner.as_deref().and_then(|w| variant.find_power(w));
    Ok((variant, game, saved.history))
}

/// Runs the command; `Ok(false)` when some order lines could not be read.
pub fn run(args: &Args) -> Result<bool> {
    let (variant, mut game, mut history) = match &args.load {
        Some(path) => load(path)?,
        None => {
            let variant = Variant::builtin(&args.variant)?;
            let game = Game::new(&variant);
            (variant, game, Vec::new())
        }
    };
    let audience = match &args.power {
        Some(name) => Audience::Power(
            variant
                .find_power(name)
                .with_context(|| format!("unknown power `{name}`"))?,
        ),
        None => Audience::All,
    };
    let mut all_read = true;
    let mut play = |game: &mut Game, text: &str, source: &str, first_line: usize| -> bool {
        let phase = game.position.phase;
        let (parsed, errors) = parse_orders(&variant, phase.kind, text);
        for e in &errors {
            eprintln!("{source}:{}: {}", first_line + e.line, e.error);
        }
        let orders: Vec<_> = parsed.into_iter().map(|p| p.order).collect();
        let done = game.process(&variant, &orders);
        history.push(PhaseRecordJson {
            phase: phase.to_string(),
            orders: orders
                .iter()
                .map(|o| {
                    format!(
                        "{}: {}",
                        variant.power_name(o.power),
                        o.display_ids(&variant.map)
                    )
                })
                .collect(),
        });
        println!("{}", phase_report(&variant, &orders, &done, audience));
        if phase.kind != PhaseKind::Retreat && (phase.season != standoff::Season::Spring) {
            println!("{}", center_table(&variant, &game.position));
        }
        errors.is_empty()
    };
    'files: for path in &args.orders {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        for section in sections(path, &text)? {
            if let Some(target) = section.phase {
                while game.winner.is_none() && game.position.phase != target {
                    let current = game.position.phase;
                    let skippable = current.kind != PhaseKind::Movement
                        && (current.year, current.season) <= (target.year, target.season);
                    if !skippable {
                        bail!(
                            "{}:{}: orders for {target}, but the game is at {current}",
                            section.source,
                            section.first_line
                        );
                    }
                    play(&mut game, "", &section.source, section.first_line);
                }
            }
            if game.winner.is_some() {
                break 'files;
            }
            all_read &= play(
                &mut game,
                &section.orders,
                &section.source,
                section.first_line,
            );
        }
    }
    match game.winner {
        Some(w) => println!("Game over: {} wins.", variant.power_name(w)),
        None => println!("Next phase: {}", game.position.phase),
    }
    if let Some(path) = &args.save {
        let saved = GameJson {
            variant: variant.name.clone(),
            position: game.position.to_json(&variant),
            history,
            winner: game.winner.map(|w| variant.power_name(w).to_string()),
        };
        std::fs::write(path, serde_json::to_string_pretty(&saved)?)
            .with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(all_read)
}
