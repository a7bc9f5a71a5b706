//! `standoff play --load` checks the saved game (issue 14, item 3), run on the built
//! binary.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("standoff-cli-play-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

fn play(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_standoff"))
        .current_dir(dir)
        .arg("play")
        .args(args)
        .output()
        .expect("run standoff")
}

const YEAR: &str = "[Spring 1901 Movement]\nEngland: F lon - nth\nFrance: A par - bur\n\
                    [Fall 1901 Movement]\nEngland: F nth - nwy\nFrance: A bur - bel\n";

#[test]
fn a_finished_game_says_it_is_over_instead_of_playing_on() {
    let dir = scratch("over");
    std::fs::write(dir.join("year.txt"), YEAR).expect("write");
    std::fs::write(dir.join("more.txt"), "England: F nwy - swe\n").expect("write");
    let first = play(
        &dir,
        &["year.txt", "--end-after-year", "1901", "--save", "g.json"],
    );
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let again = play(&dir, &["more.txt", "--load", "g.json"]);
    let err = String::from_utf8_lossy(&again.stderr);
    assert!(!again.status.success(), "played on: {err}");
    assert!(err.contains("the game is over"), "{err}");
}

#[test]
fn an_edited_winner_is_refused_on_load() {
    let dir = scratch("winner");
    std::fs::write(dir.join("year.txt"), YEAR).expect("write");
    std::fs::write(dir.join("more.txt"), "England: F nwy - swe\n").expect("write");
    let first = play(&dir, &["year.txt", "--save", "g.json"]);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let text = std::fs::read_to_string(dir.join("g.json")).expect("read save");
    let mut save: serde_json::Value = serde_json::from_str(&text).expect("json");
    save["winner"] = serde_json::json!("France");
    std::fs::write(dir.join("g.json"), save.to_string()).expect("write");
    let again = play(&dir, &["more.txt", "--load", "g.json"]);
    let err = String::from_utf8_lossy(&again.stderr);
    assert!(!again.status.success(), "accepted: {err}");
    assert!(err.contains("winner"), "{err}");
}
