//! Reading a `--variant` argument: a built-in name or alias, or a path to a variant file.

use anyhow::Result;
use standoff::limits::MAX_VARIANT_FILE_BYTES;
use standoff::variant::BaseFile;
use standoff::Variant;
use std::path::Path;

/// Whether `spec` names a variant file rather than a built-in variant.
pub fn names_file(spec: &str) -> bool {
    spec.ends_with(".toml") || Path::new(spec).is_file()
}

/// The variant named `spec`: a file if `spec` is a path to one (or ends in `.toml`),
/// else a built-in variant. A file may extend a built-in or another file (by a path
/// relative to its own folder).
pub fn load_variant(spec: &str) -> Result<Variant> {
    let path = Path::new(spec);
    if names_file(spec) {
        let text = crate::input::read_text(path, MAX_VARIANT_FILE_BYTES, "a variant file")?;
        Ok(Variant::from_toml_with_bases(&text, spec, &read_base)?)
    } else {
        Ok(Variant::builtin(spec)?)
    }
}

/// Reads the base file an `extends = "path"` names, relative to the extending file.
fn read_base(path: &str, from: &str) -> Result<BaseFile, String> {
    let dir = Path::new(from).parent().unwrap_or_else(|| Path::new(""));
    let full = dir.join(path);
    let text = crate::input::read_text(&full, MAX_VARIANT_FILE_BYTES, "a variant file")
        .map_err(|e| format!("{e:#}"))?;
    // The canonical path names the file, so a file reached twice is seen as one.
    let name = std::fs::canonicalize(&full)
        .map(|p| p.display().to_string())
        .unwrap_or_else(|_| full.display().to_string());
    Ok(BaseFile { name, text })
}
