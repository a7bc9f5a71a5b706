//! Reading a `--variant` argument (a built-in name or alias, or a path to a variant
//! file) and the variant a saved game names, reading only the files the user named.
//!
//! The CLI reads a variant file only when the user typed its path on the command line
//! (`--variant FILE`, `--base FILE`, `check-variant FILE...`). A name that comes from a
//! file — an `extends` line, a saved game's `variant`, a case file's `VARIANT_ALL` —
//! is a built-in, or one of those typed files; any other path is refused without
//! reading it (so no error can show a line of it).

use anyhow::Result;
use standoff::limits::MAX_VARIANT_FILE_BYTES;
use standoff::variant::{BaseFile, SavedVariant};
use standoff::Variant;
use std::path::{Path, PathBuf};

/// Whether `spec` names a variant file rather than a built-in variant.
pub fn names_file(spec: &str) -> bool {
    spec.ends_with(".toml") || Path::new(spec).is_file()
}

/// The variant files the user named on the command line: the only files a name read
/// from a file may resolve to.
pub struct TypedFiles {
    /// Canonical paths.
    allowed: Vec<PathBuf>,
}

impl TypedFiles {
    /// The files among `paths` (as typed; names of built-ins and missing files are
    /// left out).
    pub fn new<'a>(paths: impl IntoIterator<Item = &'a Path>) -> TypedFiles {
        let allowed = paths
            .into_iter()
            .filter_map(|p| std::fs::canonicalize(p).ok())
            .filter(|p| p.is_file())
            .collect();
        TypedFiles { allowed }
    }

    /// Reads the file `spec` names, relative to the folder of the file `from` (the
    /// current folder when `from` is empty), if the user typed it.
    pub fn read(&self, spec: &str, from: &str) -> Result<BaseFile, String> {
        let dir = Path::new(from).parent().unwrap_or_else(|| Path::new(""));
        let full = dir.join(spec);
        let refused = || {
            "not a variant file named on the command line (only built-ins and the files \
             given with --variant, --base or to check-variant are read)"
                .to_string()
        };
        let canonical = std::fs::canonicalize(&full).map_err(|_| refused())?;
        if !self.allowed.contains(&canonical) {
            return Err(refused());
        }
        let text = crate::input::read_text(&canonical, MAX_VARIANT_FILE_BYTES, "a variant file")
            .map_err(|e| format!("{}: {e:#}", full.display()))?;
        // The canonical path names the file, so a file reached twice is seen as one.
        Ok(BaseFile {
            name: canonical.display().to_string(),
            text,
        })
    }

    /// The variant `spec` (typed by the user) names: a file if `spec` is a path to one
    /// (or ends in `.toml`), else a built-in variant. Its `extends` lines may name
    /// built-ins and the typed files.
    pub fn load(&self, spec: &str) -> Result<Variant> {
        if names_file(spec) {
            let text =
                crate::input::read_text(Path::new(spec), MAX_VARIANT_FILE_BYTES, "a variant file")?;
            let read = |path: &str, from: &str| self.read(path, from);
            Ok(Variant::from_toml_with_bases(&text, spec, &read)?)
        } else {
            Ok(Variant::builtin(spec)?)
        }
    }

    /// The variant a saved game names: a built-in, the embedded files, or (an old
    /// save's path) a typed file.
    pub fn load_saved(&self, saved: &SavedVariant) -> Result<Variant> {
        let read = |path: &str, from: &str| self.read(path, from);
        Ok(saved.load(Some(&read))?)
    }
}

/// The variant named `spec` (typed by the user); `bases` are the other files the user
/// typed, which `extends` lines may name.
pub fn load_variant(spec: &str, bases: &[PathBuf]) -> Result<Variant> {
    let typed = std::iter::once(Path::new(spec)).chain(bases.iter().map(PathBuf::as_path));
    TypedFiles::new(typed).load(spec)
}
