//! `standoff variants`: the built-in variants with their powers, centers, victory count
//! and source.

use anyhow::Result;
use standoff::variant::{builtin_names, builtin_origin};
use standoff::Variant;

/// Lists the built-in variants.
pub fn run() -> Result<bool> {
    for name in builtin_names() {
        let v = Variant::builtin(name)?;
        let centers = v.map.provinces().iter().filter(|p| p.is_center).count();
        let rules = v.plugins.names();
        println!(
            "{name}: {} — {} powers, {} spaces, {centers} centers, {} to win, starts {}{}",
            v.title,
            v.powers.len(),
            v.map.province_count(),
            v.victory_centers,
            v.start_phase,
            if rules.is_empty() {
                String::new()
            } else {
                format!("; rules: {}", rules.join(", "))
            }
        );
        if !v.aliases.is_empty() {
            println!("    aliases: {}", v.aliases.join(", "));
        }
        let powers: Vec<String> = v
            .powers
            .iter()
            .map(|p| {
                if p.dummy {
                    format!("{} (dummy: no player's)", p.name)
                } else {
                    p.name.clone()
                }
            })
            .collect();
        println!("    powers: {}", powers.join(", "));
        if let Some(origin) = builtin_origin(name) {
            println!("    source: {origin}");
        }
    }
    Ok(true)
}
