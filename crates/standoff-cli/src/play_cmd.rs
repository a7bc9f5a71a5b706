//! `standoff play`: play a game from order files, printing a report per phase; save
//! and load the game as JSON.

use crate::variant_arg::{load_variant, names_file};
use anyhow::{Context, Result};
use standoff::game::{DrawReason, EndRules, Game, GameEnd};
use standoff::json::{GameJson, PhaseRecordJson};
use standoff::parse::split_phases;
use standoff::report::{center_table, phase_report, Audience};
use standoff::rules::RuleSet;
use standoff::{PhaseKind, Position, Season, Variant};
use std::path::{Path, PathBuf};

/// Arguments of `standoff play`.
#[derive(clap::Args)]
pub struct Args {
    /// Order files, in order. A file holds `[Spring 1901 Movement]` headers each followed
    /// by that phase's orders, or (without headers) the orders of the next phase.
    /// Retreat and adjustment phases the files skip are played without orders
    /// (dislodged units disband, missing removals follow the civil-disorder rule).
    #[arg(required = true)]
    orders: Vec<PathBuf>,
    /// Variant for a new game: a built-in name or alias, or a variant file.
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
    /// Rules for a new game (`PRESET option=choice ...`, see `standoff rules`); a loaded
    /// game keeps the rules it was saved with.
    #[arg(long, default_value = "datc")]
    rules: String,
    /// Centers needed to win (default: the variant's).
    #[arg(long)]
    victory_centers: Option<usize>,
    /// Draw after this many consecutive years without a capture (DPTG: 7).
    #[arg(long)]
    draw_after_quiet_years: Option<u32>,
    /// Draw after this many game years without a victor (DPTG: 35).
    #[arg(long)]
    draw_after_years: Option<u32>,
    /// Short game: end after this year's fall, ranked by centers.
    #[arg(long)]
    end_after_year: Option<i32>,
    /// Write a picture of every phase played into this folder (`S1901M.svg`, ...; PNG
    /// with `--render-format png`), and one of the position reached.
    #[arg(long)]
    render: Option<PathBuf>,
    /// Picture format for `--render`.
    #[arg(long, value_enum, default_value = "svg")]
    render_format: crate::render_cmd::PictureFormat,
}

/// A loaded game: its variant as named in the save file, the variant, the game and its
/// history.
type Loaded = (String, Variant, Game, Vec<PhaseRecordJson>);

fn load(path: &Path) -> Result<Loaded> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let saved: GameJson =
        serde_json::from_str(&text).with_context(|| format!("reading {}", path.display()))?;
    let variant = load_variant(&saved.variant)?;
    let position = Position::from_position_json(&variant, &saved.position)
        .with_context(|| format!("position in {}", path.display()))?;
    saved.rules.check_supported()?;
    let mut game = Game::from_position(position)
        .with_rules(saved.rules)
        .with_end_rules(saved.end_rules);
    game.quiet_years = saved.quiet_years;
    game.winner = saved.winner.as_deref().and_then(|w| variant.find_power(w));
    Ok((saved.variant, variant, game, saved.history))
}

/// Runs the command; `Ok(false)` when some order lines could not be read.
pub fn run(args: &Args) -> Result<bool> {
    let (variant_spec, variant, mut game, mut history) = match &args.load {
        Some(path) => load(path)?,
        None => {
            let variant = load_variant(&args.variant)?;
            let rules = RuleSet::parse(&args.rules)?;
            rules.check_supported()?;
            let end_rules = EndRules {
                victory_centers: args.victory_centers,
                draw_after_quiet_years: args.draw_after_quiet_years,
                draw_after_years: args.draw_after_years,
                end_after_year: args.end_after_year,
            };
            let game = Game::new(&variant)
                .with_rules(rules)
                .with_end_rules(end_rules);
            // A save names a variant file by its path, a built-in by its name.
            let spec = if names_file(&args.variant) {
                args.variant.clone()
            } else {
                variant.name.clone()
            };
            (spec, variant, game, Vec::new())
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
    let mut pictures = match &args.render {
        Some(dir) => Some(crate::render_cmd::PhasePictures::new(
            dir,
            args.render_format,
            &variant,
            &variant_spec,
            &game.position,
        )?),
        None => None,
    };
    let mut picture_error = None;
    let mut all_read = true;
    for path in &args.orders {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        let sections = split_phases(&text).with_context(|| path.display().to_string())?;
        game.play_sections(&variant, &sections, |step, after| {
            for e in &step.errors {
                all_read = false;
                eprintln!("{}:{}", path.display(), e);
            }
            let phase = step.processed.phase;
            history.push(PhaseRecordJson {
                phase: phase.to_string(),
                orders: step
                    .orders
                    .iter()
                    .map(|o| {
                        format!(
                            "{}: {}",
                            variant.power_name(o.power),
                            o.display_ids(&variant.map).with_powers(&variant.powers)
                        )
                    })
                    .collect(),
            });
            println!(
                "{}",
                phase_report(&variant, &step.orders, &step.processed, audience)
            );
            if let Some(p) = pictures.as_mut() {
                if let Err(e) = p.phase(&variant, &step.orders, &step.processed, after) {
                    picture_error.get_or_insert(e);
                }
            }
            let year_done =
                phase.kind == PhaseKind::Adjustment || !step.processed.captures.is_empty();
            if year_done && phase.season != Season::Spring {
                println!("{}", center_table(&variant, after));
            }
        })
        .with_context(|| path.display().to_string())?;
    }
    if let Some(e) = picture_error {
        return Err(e);
    }
    if let Some(p) = pictures.as_mut() {
        p.current(&variant, &game.position)?;
    }
    let ended = game.ended.as_ref().map(|e| describe_end(&variant, e));
    match &ended {
        Some(text) => println!("Game over: {text}"),
        None => println!("Next phase: {}", game.position.phase),
    }
    println!("{}", center_table(&variant, &game.position));
    if let Some(path) = &args.save {
        let saved = GameJson {
            variant: variant_spec,
            position: game.position.to_json(&variant),
            history,
            winner: game.winner.map(|w| variant.power_name(w).to_string()),
            rules: game.rules,
            end_rules: game.end_rules,
            quiet_years: game.quiet_years,
            ended,
        };
        std::fs::write(path, serde_json::to_string_pretty(&saved)?)
            .with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(all_read)
}

fn describe_end(variant: &Variant, end: &GameEnd) -> String {
    let names = |ps: &[standoff::PowerId]| {
        ps.iter()
            .map(|&p| variant.power_name(p))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match end {
        GameEnd::Victory(p) => format!("{} wins.", variant.power_name(*p)),
        GameEnd::Draw { reason, powers } => {
            let why = match reason {
                DrawReason::QuietYears(n) => format!("{n} consecutive years without a capture"),
                DrawReason::YearLimit(n) => format!("{n} years without a victor"),
            };
            format!("draw ({why}) between {}.", names(powers))
        }
        GameEnd::ShortGameOver { ranking } => {
            let list: Vec<String> = ranking
                .iter()
                .map(|(p, c)| format!("{} {c}", variant.power_name(*p)))
                .collect();
            format!("the short game is over; by centers: {}.", list.join(", "))
        }
    }
}
