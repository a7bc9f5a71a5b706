//! `standoff check-variant FILE...`: report every inconsistency in variant files.

use crate::variant_arg::load_variant;
use anyhow::Result;
use std::path::PathBuf;

/// Arguments of `standoff check-variant`.
#[derive(clap::Args)]
pub struct Args {
    /// Variant files (or built-in names).
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// Checks each file; `Ok(false)` if any has problems.
pub fn run(args: &Args) -> Result<bool> {
    let mut all_ok = true;
    for f in &args.files {
        let spec = f.display().to_string();
        match load_variant(&spec) {
            Ok(v) => {
                // An artwork.toml beside a variant file must fit it (docs: "Artwork").
                if let Err(e) = crate::render_cmd::layout_for(&v, &spec, None) {
                    all_ok = false;
                    eprintln!("{spec}: {e:#}");
                    continue;
                }
                let centers = v.map.provinces().iter().filter(|p| p.is_center).count();
                let rules = v.plugins.names();
                println!(
                    "{spec}: ok — {} ({} spaces, {centers} centers, {} powers, {} units, {} to win{})",
                    v.title,
                    v.map.province_count(),
                    v.powers.len(),
                    v.start_units.len(),
                    v.victory_centers,
                    if rules.is_empty() { String::new() } else { format!(", rules: {}", rules.join(", ")) }
                );
            }
            Err(e) => {
                all_ok = false;
                eprintln!("{e:#}");
            }
        }
    }
    Ok(all_ok)
}
