//! Atomic replacement: a write that fails at any step leaves the old file and no
//! temporary file; the target keeps its old content until the rename.

use standoff_io::{append_atomic, write_atomic, write_bytes_atomic, WriteError};
use std::io;
use std::path::Path;

/// The names of the files in `dir`, sorted.
fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("read dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_new_file_is_written_and_an_old_one_replaced() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("game.json");
    write_bytes_atomic(&path, b"first").expect("writes");
    assert_eq!(std::fs::read(&path).expect("read"), b"first");
    write_bytes_atomic(&path, b"second").expect("replaces");
    assert_eq!(std::fs::read(&path).expect("read"), b"second");
    assert_eq!(files_in(dir.path()), ["game.json"]);
}

#[test]
fn a_failing_serializer_leaves_the_old_file_and_no_temporary_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("game.json");
    std::fs::write(&path, "old game").expect("setup");
    let result = write_atomic(&path, |w| {
        w.write_all(b"{\"half\": ")?;
        w.flush()?;
        Err(io::Error::other("the serializer failed midway"))
    });
    assert!(
        matches!(result, Err(WriteError::Write { .. })),
        "{result:?}"
    );
    assert_eq!(std::fs::read_to_string(&path).expect("read"), "old game");
    assert_eq!(files_in(dir.path()), ["game.json"]);
}

#[test]
fn the_target_keeps_its_old_content_until_the_rename() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("game.json");
    std::fs::write(&path, "old game").expect("setup");
    write_atomic(&path, |w| {
        w.write_all(&vec![b'x'; 100_000])?;
        w.flush()?;
        // Everything written so far went to a temporary file beside the target.
        assert_eq!(std::fs::read_to_string(&path)?, "old game");
        assert_eq!(files_in(dir.path()).len(), 2);
        Ok(())
    })
    .expect("writes");
    assert_eq!(std::fs::read(&path).expect("read").len(), 100_000);
    assert_eq!(files_in(dir.path()), ["game.json"]);
}

#[test]
fn a_target_that_cannot_be_replaced_is_left_alone() {
    let dir = tempfile::tempdir().expect("temp dir");
    // A non-empty directory in the target's place: the rename fails after the temporary
    // file was written and synced.
    let path = dir.path().join("game.json");
    std::fs::create_dir(&path).expect("setup");
    std::fs::write(path.join("inside"), "kept").expect("setup");
    let result = write_bytes_atomic(&path, b"new");
    assert!(
        matches!(result, Err(WriteError::Rename { .. })),
        "{result:?}"
    );
    assert_eq!(
        std::fs::read_to_string(path.join("inside")).expect("read"),
        "kept"
    );
    assert_eq!(files_in(dir.path()), ["game.json"]);
}

#[test]
fn a_missing_directory_is_an_error_naming_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("no-such-dir").join("game.json");
    let err = write_bytes_atomic(&path, b"new").expect_err("refused");
    assert!(err.to_string().contains("no-such-dir"), "{err}");
}

#[cfg(unix)]
#[test]
fn an_existing_file_keeps_its_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("game.json");
    std::fs::write(&path, "old").expect("setup");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    write_bytes_atomic(&path, b"new").expect("writes");
    let mode = std::fs::metadata(&path).expect("meta").permissions().mode();
    assert_eq!(mode & 0o777, 0o640);
}

#[test]
fn append_adds_to_the_old_content_or_creates_the_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("games.jsonl");
    append_atomic(&path, b"one\n").expect("creates");
    append_atomic(&path, b"two\n").expect("appends");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), "one\ntwo\n");
    assert_eq!(files_in(dir.path()), ["games.jsonl"]);
}
