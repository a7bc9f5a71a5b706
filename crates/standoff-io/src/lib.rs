//! File writing for the standoff front ends (the CLI, the Python package, a server
//! later): every file is replaced atomically, so a crash, a kill or a failed serializer
//! leaves either the old file or the new one, never a half-written one.
//!
//! The steps ([`write_atomic`]): a temporary file is created in the target's own
//! directory (a rename is atomic only within one file system), filled, flushed and
//! `fsync`ed; then it is renamed over the target and the directory is `fsync`ed so the
//! rename itself survives a power loss. On any error before the rename the temporary
//! file is removed and the target is untouched.
//!
//! The core crate (`standoff`) does no I/O; this crate is where its callers share the
//! one way of writing.
//!
//! ```
//! use std::io::Write;
//! let dir = tempfile::tempdir()?;
//! let path = dir.path().join("game.json");
//! standoff_io::write_atomic(&path, |w| w.write_all(b"{}"))?;
//! assert_eq!(std::fs::read_to_string(&path)?, "{}");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fs::{File, Permissions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// Why a file could not be written. The target is unchanged in every case.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum WriteError {
    /// The temporary file could not be created beside the target.
    #[error("cannot create a temporary file in {dir}: {source}")]
    CreateTemp {
        /// The target's directory.
        dir: PathBuf,
        /// The cause.
        source: io::Error,
    },
    /// Filling, flushing or syncing the temporary file failed (a serializer error
    /// arrives here too).
    #[error("writing {path}: {source}")]
    Write {
        /// The target.
        path: PathBuf,
        /// The cause.
        source: io::Error,
    },
    /// The temporary file could not be renamed over the target.
    #[error("replacing {path}: {source}")]
    Rename {
        /// The target.
        path: PathBuf,
        /// The cause.
        source: io::Error,
    },
    /// The target exists but could not be read (for [`append_atomic`]).
    #[error("reading {path}: {source}")]
    Read {
        /// The target.
        path: PathBuf,
        /// The cause.
        source: io::Error,
    },
    /// The rename happened but the directory could not be synced: the new file is in
    /// place, but a power loss might still undo the rename.
    #[error("syncing directory {dir}: {source}")]
    SyncDir {
        /// The target's directory.
        dir: PathBuf,
        /// The cause.
        source: io::Error,
    },
}

/// The directory holding `path` (`.` for a bare file name).
fn parent_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Replaces the file at `path` with what `fill` writes, atomically (see the module
/// documentation). `fill` gets a buffered writer; an error it returns (e.g. a
/// serializer's, converted with `io::Error::from`) abandons the write and leaves the
/// old file. A new file gets the permissions `File::create` would give it; an existing
/// one keeps its own.
pub fn write_atomic(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<(), WriteError> {
    let dir = parent_dir(path);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    let existing = std::fs::metadata(path).ok().filter(|m| m.is_file());
    let permissions = existing
        .as_ref()
        .map(|m| m.permissions())
        .or_else(default_permissions);
    if let Some(p) = &permissions {
        builder.permissions(p.clone());
    }
    let temp = builder
        .tempfile_in(dir)
        .map_err(|source| WriteError::CreateTemp {
            dir: dir.to_path_buf(),
            source,
        })?;
    let write_error = |source| WriteError::Write {
        path: path.to_path_buf(),
        source,
    };
    let mut writer = BufWriter::new(temp);
    fill(&mut writer).map_err(write_error)?;
    let temp = writer
        .into_inner()
        .map_err(|e| write_error(e.into_error()))?;
    // The umask narrowed the mode at creation; an existing file's mode is copied exactly.
    if let (Some(_), Some(p)) = (&existing, permissions) {
        temp.as_file().set_permissions(p).map_err(write_error)?;
    }
    temp.as_file().sync_all().map_err(write_error)?;
    // On failure the returned temporary file is dropped, which deletes it.
    temp.persist(path).map_err(|e| WriteError::Rename {
        path: path.to_path_buf(),
        source: e.error,
    })?;
    sync_dir(dir).map_err(|source| WriteError::SyncDir {
        dir: dir.to_path_buf(),
        source,
    })
}

/// Writes `bytes` as the whole new content of `path`, atomically.
pub fn write_bytes_atomic(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    write_atomic(path, |w| w.write_all(bytes))
}

/// Appends `bytes` to `path` (creating it if missing), atomically: the old content and
/// the new bytes are written to a temporary file that replaces the target, so a failed
/// append never leaves a half-written last line.
pub fn append_atomic(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    let old = match std::fs::read(path) {
        Ok(old) => old,
        Err(e) if e.kind() == io::ErrorKind::NotFound => Vec::new(),
        Err(source) => {
            return Err(WriteError::Read {
                path: path.to_path_buf(),
                source,
            })
        }
    };
    write_atomic(path, |w| {
        w.write_all(&old)?;
        w.write_all(bytes)
    })
}

#[cfg(unix)]
fn default_permissions() -> Option<Permissions> {
    use std::os::unix::fs::PermissionsExt;
    // Narrowed by the umask when the file is created, as `File::create` does.
    Some(Permissions::from_mode(0o666))
}

/// Elsewhere the temporary file's own defaults are kept.
#[cfg(not(unix))]
fn default_permissions() -> Option<Permissions> {
    None
}

/// Makes a rename in `dir` durable. Only Unix can open and sync a directory.
#[cfg(unix)]
fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> io::Result<()> {
    Ok(())
}
