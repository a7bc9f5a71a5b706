//! Reading a `--variant` argument: a built-in name or alias, or a path to a variant file.

use anyhow::{Context, Result};
use standoff::Variant;
use std::path::Path;

/// Whether `spec` names a variant file rather than a built-in variant.
pub fn names_file(spec: &str) -> bool {
    spec.ends_with(".toml") || Path::new(spec).is_file()
}

/// The variant named `spec`: a file if `spec` is a path to one (or ends in `.toml`),
/// else a built-in variant.
pub fn load_variant(spec: &str) -> Result<Variant> {
    let path = Path::new(spec);
    if names_file(spec) {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("reading variant file {spec}"))?;
        Ok(Variant::from_toml(&text, spec)?)
    } else {
        Ok(Variant::builtin(spec)?)
    }
}
