//! `standoff play` and the end of a game (issue 14, item 2): end options that could
//! never apply are refused, and orders left unplayed by the end are named.

use std::process::{Command, Output};

fn standoff(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_standoff"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .expect("runs standoff")
}

#[test]
fn end_options_that_cannot_apply_are_refused() {
    for (option, value, word) in [
        ("--victory-centers", "0", "victory"),
        ("--victory-centers", "40", "34"),
        ("--draw-after-quiet-years", "0", "quiet"),
        ("--draw-after-years", "0", "year"),
        ("--end-after-year", "1900", "1901"),
    ] {
        let out = standoff(&["play", "examples/game.txt", option, value]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{option} {value}: {err}");
        assert!(err.contains(word), "{option} {value}: {err}");
        assert!(out.stdout.is_empty(), "{option} {value}: nothing is played");
    }
}

#[test]
fn a_short_game_names_the_phases_it_did_not_play() {
    let out = standoff(&["play", "examples/game.txt", "--end-after-year", "1901"]);
    // Played to its end, but not every order given was used: exit status 1.
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("Game over"), "{stdout}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not played"), "{err}");
    for phase in [
        "Winter 1901 Adjustment",
        "Spring 1902 Movement",
        "Fall 1903 Retreat",
    ] {
        assert!(err.contains(phase), "{phase}: {err}");
    }
}
