//! `standoff assign PREFS --seed N`: assign powers from preference lists (DPTG I).

use anyhow::{Context, Result};
use standoff::assign::{assign_powers, parse_preferences};
use std::path::PathBuf;

/// Arguments of `standoff assign`.
#[derive(clap::Args)]
pub struct Args {
    /// Preference file: one player per line, `Alice: France; [Germany, Italy or
    /// Austria]; [England or Russia]; Turkey`, `Bob: random`, `Carol:` (no list).
    prefs: PathBuf,
    /// Seed: the same lists and seed give the same assignment.
    #[arg(long)]
    seed: u64,
    /// Variant: a built-in name or alias, or a variant file.
    #[arg(long, default_value = "standard")]
    variant: String,
    /// A variant file an `extends` line of the `--variant` file may name (repeat for
    /// several); no other file is read for it.
    #[arg(long = "base", value_name = "FILE")]
    bases: Vec<PathBuf>,
}

/// Prints `Player: Power` lines.
pub fn run(args: &Args) -> Result<bool> {
    let variant = crate::variant_arg::load_variant(&args.variant, &args.bases)?;
    let text = crate::input::read_text(
        &args.prefs,
        standoff::limits::MAX_PREFERENCES_BYTES,
        "a preference file",
    )?;
    let players =
        parse_preferences(&variant, &text).with_context(|| args.prefs.display().to_string())?;
    for (player, power) in assign_powers(&variant.seats(), &players, args.seed)? {
        println!("{player}: {}", variant.power_name(power));
    }
    Ok(true)
}
