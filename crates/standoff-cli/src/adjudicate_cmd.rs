//! `standoff adjudicate`: one movement phase from files.

use crate::input::read_text;
use anyhow::{Context, Result};
use standoff::adjudicate::{adjudicate_text_with, OrderStatus};
use standoff::limits::{MAX_JSON_BYTES, MAX_ORDERS_TEXT_BYTES};
use standoff::report::{illegal_text, movement_report, outcome_text, Audience};
use standoff::rules::Rules;
use standoff::{PhaseKind, Position, Variant};
use standoff_api::{AdjudicatedOrder, AdjudicationReport, OrderLineError};
use std::path::PathBuf;

/// Output format.
#[derive(Clone, Copy, clap::ValueEnum)]
enum Format {
    Text,
    Json,
}

/// Arguments of `standoff adjudicate`.
#[derive(clap::Args)]
pub struct Args {
    /// Order file: one order per line (`England: F lon - nth`), or power headers
    /// (`England:`) followed by that power's orders. `-` reads standard input.
    orders: PathBuf,
    /// Position as JSON (see docs/position-json.md); default: the variant's start.
    #[arg(long)]
    position: Option<PathBuf>,
    /// Variant: a built-in name or alias, or a variant file.
    #[arg(long, default_value = "standard")]
    variant: String,
    /// A variant file an `extends` line of the `--variant` file may name (repeat for
    /// several); no other file is read for it.
    #[arg(long = "base", value_name = "FILE")]
    bases: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Rules (`PRESET option=choice ...`, see `standoff rules`).
    #[arg(long, default_value = "datc")]
    rules: String,
}

/// Runs the command; `Ok(false)` when some order lines could not be read.
pub fn run(args: &Args) -> Result<bool> {
    let variant = crate::variant_arg::load_variant(&args.variant, &args.bases)?;
    let position = match &args.position {
        Some(p) => Position::from_json(&variant, &read_text(p, MAX_JSON_BYTES, "a position")?)
            .with_context(|| format!("position {}", p.display()))?,
        None => Position::initial(&variant),
    };
    if position.phase().kind != PhaseKind::Movement {
        anyhow::bail!(
            "the position is at {}: `adjudicate` plays movement phases only (`play` plays retreats and adjustments)",
            position.phase()
        );
    }
    let rules = Rules::parse(&args.rules)?;
    let text = read_text(&args.orders, MAX_ORDERS_TEXT_BYTES, "an order file")?;
    let done = adjudicate_text_with(&variant, &rules, &position, &text);
    let after = position_after(&variant, &done.result.position)?;
    for e in &done.errors {
        eprintln!("{}: line {}: {}", args.orders.display(), e.line, e.error);
    }
    match args.format {
        Format::Text => {
            println!("{}", position.phase());
            print!(
                "{}",
                movement_report(&variant, &done.orders, &done.result, Audience::All)
            );
            println!();
            println!("Position after movement:");
            println!(
                "{}",
                serde_json::to_string_pretty(&after.to_json(&variant))?
            );
        }
        Format::Json => {
            let map = &variant.map;
            let orders = done
                .orders
                .iter()
                .zip(&done.result.orders)
                .map(|(o, s)| {
                    let (result, dislodged_by) = match s {
                        OrderStatus::Applied(p) => {
                            let r = done.result.unit(*p);
                            (
                                r.map(|r| outcome_text(&variant, &r.outcome))
                                    .unwrap_or_default(),
                                r.and_then(|r| r.dislodged_by)
                                    .map(|b| map.province(b).id.clone()),
                            )
                        }
                        OrderStatus::Rejected(why) => {
                            (format!("not applied: {}", illegal_text(*why)), None)
                        }
                    };
                    AdjudicatedOrder {
                        power: variant.power_name(o.power).to_string(),
                        order: o.display_ids(map).with_powers(&variant.powers).to_string(),
                        result,
                        dislodged_by,
                    }
                })
                .collect();
            let errors = done
                .errors
                .iter()
                .map(|e| OrderLineError {
                    line: e.line,
                    error: e.error.kind.to_string(),
                    text: e.error.input.clone(),
                })
                .collect();
            let out = AdjudicationReport {
                orders,
                errors,
                position: serde_json::to_value(after.to_json(&variant))?,
            };
            println!("{}", serde_json::to_string_pretty(&out)?);
        }
    }
    Ok(done.errors.is_empty())
}

/// The board after movement as a position of its own: in the retreat phase that follows
/// when units were dislodged (read back, it is refused with the reason above rather than
/// losing its dislodged units), else as the judge left it.
fn position_after(variant: &Variant, after: &Position) -> Result<Position> {
    if after.dislodged().is_empty() {
        return Ok(after.clone());
    }
    let mut setup = after.to_setup();
    setup.phase.kind = PhaseKind::Retreat;
    Position::from_setup(variant, setup).context("the board after movement")
}
