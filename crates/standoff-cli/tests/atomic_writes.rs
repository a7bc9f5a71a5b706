//! Every file the CLI writes replaces its target by a rename (issue 14, item 1): the
//! old file is never truncated and rewritten in place, so a killed write cannot leave a
//! half-written or empty save.

use std::path::Path;
use std::process::Command;

fn standoff(args: &[&str], dir: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_standoff"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("runs standoff")
}

fn repo_file(rel: &str) -> String {
    format!("{}/../../{rel}", env!("CARGO_MANIFEST_DIR"))
}

/// The inode of `path`: a file replaced by a rename gets a new one, a file rewritten in
/// place keeps its own.
#[cfg(unix)]
fn inode(path: &Path) -> u64 {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).expect("metadata").ino()
}

fn no_temporary_files(dir: &Path) {
    for e in std::fs::read_dir(dir).expect("read dir") {
        let name = e.expect("entry").file_name().to_string_lossy().into_owned();
        assert!(!name.ends_with(".tmp"), "left behind: {name}");
    }
}

#[cfg(unix)]
#[test]
fn play_save_replaces_the_file_by_rename() {
    let dir = tempfile::tempdir().expect("temp dir");
    let save = dir.path().join("g.json");
    let game = repo_file("examples/spring-1901-orders.txt");
    let out = standoff(&["play", &game, "--save", "g.json"], dir.path());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let before = inode(&save);
    // Continue the game (with no more orders) into the same file.
    let out = standoff(
        &["play", "/dev/null", "--load", "g.json", "--save", "g.json"],
        dir.path(),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_ne!(inode(&save), before, "the save was rewritten in place");
    let again = std::fs::read_to_string(&save).expect("read");
    serde_json::from_str::<serde_json::Value>(&again).expect("the save is JSON");
    no_temporary_files(dir.path());
}

#[cfg(unix)]
#[test]
fn corpus_replaces_the_file_by_rename() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out_file = dir.path().join("corpus.jsonl");
    std::fs::write(&out_file, "old\n").expect("setup");
    let before = inode(&out_file);
    let out = standoff(
        &[
            "corpus",
            "--out",
            "corpus.jsonl",
            "--games",
            "2",
            "--phases",
            "3",
        ],
        dir.path(),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_ne!(
        inode(&out_file),
        before,
        "the corpus was rewritten in place"
    );
    let text = std::fs::read_to_string(&out_file).expect("read");
    assert_eq!(text.lines().count(), 2);
    no_temporary_files(dir.path());
}

#[test]
fn a_save_into_a_missing_directory_fails_and_leaves_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = repo_file("examples/spring-1901-orders.txt");
    let out = standoff(&["play", &game, "--save", "nowhere/g.json"], dir.path());
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("nowhere"), "{err}");
    no_temporary_files(dir.path());
}
