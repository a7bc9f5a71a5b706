//! `standoff play`: play a game from order files, printing a report per phase; save
//! and load the game as JSON.

use crate::input::read_text;
use crate::variant_arg::TypedFiles;
use anyhow::{Context, Result};
use standoff::game::{EndRules, Game};
use standoff::json::{GameJson, PhaseRecordJson};
use standoff::limits::{MAX_JSON_BYTES, MAX_ORDERS_TEXT_BYTES};
use standoff::parse::split_phases;
use standoff::record::RecordedGame;
use standoff::report::{center_table, game_end_text, phase_report, Audience};
use standoff::rules::Rules;
use standoff::{PhaseKind, Season, Variant};
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
    /// Variant for a new game: a built-in name or alias, or a variant file. A loaded
    /// game's variant is the one its save names (a save from before variants were
    /// embedded names a variant file by path: give that file here).
    #[arg(long, default_value = "standard")]
    variant: String,
    /// A variant file an `extends` line of the `--variant` file may name (repeat for
    /// several); no other file is read for it.
    #[arg(long = "base", value_name = "FILE")]
    bases: Vec<PathBuf>,
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

/// A loaded game: the variant, the game and its history.
type Loaded = (Variant, Game, Vec<PhaseRecordJson>);

/// The files the user typed for the variant (`--variant`, `--base`).
fn typed_files(args: &Args) -> TypedFiles {
    let variant = std::iter::once(Path::new(&args.variant));
    TypedFiles::new(variant.chain(args.bases.iter().map(PathBuf::as_path)))
}

fn load(path: &Path, typed: &TypedFiles) -> Result<Loaded> {
    let text = read_text(path, MAX_JSON_BYTES, "a saved game")?;
    let saved: GameJson =
        serde_json::from_str(&text).with_context(|| format!("reading {}", path.display()))?;
    let variant = typed
        .load_saved(&saved.variant)
        .with_context(|| format!("variant in {}", path.display()))?;
    // Checked and replayed by the core: a save that does not add up is refused.
    saved
        .end_rules
        .check(&variant)
        .with_context(|| format!("end rules in {}", path.display()))?;
    let game = RecordedGame::from_json(&variant, &saved)
        .with_context(|| format!("saved game {}", path.display()))?
        .game;
    if let Some(end) = &game.ended {
        anyhow::bail!(
            "{}: the game is over ({}); no more orders can be played",
            path.display(),
            game_end_text(&variant, end)
        );
    }
    Ok((variant, game, saved.history))
}

/// Runs the command; `Ok(false)` (exit status 1, after the report and the save) when
/// some order lines could not be read or were not played because the game had ended.
pub fn run(args: &Args) -> Result<bool> {
    let typed = typed_files(args);
    let (variant, mut game, mut history) = match &args.load {
        Some(path) => load(path, &typed)?,
        None => {
            let variant = typed.load(&args.variant)?;
            let rules = Rules::parse(&args.rules)?;
            let end_rules = EndRules {
                victory_centers: args.victory_centers,
                draw_after_quiet_years: args.draw_after_quiet_years,
                draw_after_years: args.draw_after_years,
                end_after_year: args.end_after_year,
            };
            end_rules.check(&variant)?;
            let game = Game::new(&variant)
                .with_rules(rules)
                .with_end_rules(end_rules);
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
    let mut pictures = match &args.render {
        Some(dir) => Some(crate::render_cmd::PhasePictures::new(
            dir,
            args.render_format,
            &variant,
            &args.variant,
            &game.position,
        )?),
        None => None,
    };
    let mut picture_error = None;
    let mut all_used = true;
    for path in &args.orders {
        let text = read_text(path, MAX_ORDERS_TEXT_BYTES, "an order file")?;
        let sections = split_phases(&text).with_context(|| path.display().to_string())?;
        let unplayed = game
            .play_sections(&variant, &sections, |step, after| {
                for e in &step.errors {
                    all_used = false;
                    eprintln!("{}:{}", path.display(), e);
                }
                let phase = step.processed.phase;
                history.push(PhaseRecordJson::of(&variant, phase, &step.orders));
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
        if !unplayed.is_empty() {
            all_used = false;
            let list: Vec<String> = unplayed
                .iter()
                .map(|u| match u.phase {
                    Some(phase) => format!("{phase} (line {})", u.line),
                    None => "the orders before the first header".to_string(),
                })
                .collect();
            eprintln!(
                "{}: the game has ended; these orders were not played: {}",
                path.display(),
                list.join(", ")
            );
        }
    }
    if let Some(e) = picture_error {
        return Err(e);
    }
    if let Some(p) = pictures.as_mut() {
        p.current(&variant, &game.position)?;
    }
    let ended = game.ended.as_ref().map(|e| game_end_text(&variant, e));
    match &ended {
        Some(text) => println!("Game over: {text}"),
        None => println!("Next phase: {}", game.position.phase()),
    }
    println!("{}", center_table(&variant, &game.position));
    if let Some(path) = &args.save {
        // A built-in by its name, a variant file's text embedded.
        let saved = GameJson::of_game(&variant, &game, history);
        standoff_io::write_atomic(path, |w| {
            serde_json::to_writer_pretty(&mut *w, &saved)?;
            Ok(())
        })?;
    }
    Ok(all_used)
}
