//! Which files the `standoff` command reads for a variant (issue 14, item 6): only the
//! files the user typed. A name from a file — a saved game's `variant`, an `extends`
//! line, a case file's `VARIANT_ALL` — that is not a built-in or a typed file is refused
//! without reading it: a marker line in the file never shows in the output. Saves embed
//! their variant files, so they load from any folder.

use std::path::{Path, PathBuf};
use std::process::Command;

const STANDARD: &str = include_str!("../../standoff/variants/standard/variant.toml");
const MARKER: &str = "SECRET-MARKER-LINE-7f3a";

/// What a run printed, and whether it succeeded.
struct Run {
    ok: bool,
    out: String,
}

fn standoff(dir: &Path, args: &[&str]) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_standoff"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("the standoff binary runs");
    let mut out = String::from_utf8_lossy(&output.stdout).into_owned();
    out.push_str(&String::from_utf8_lossy(&output.stderr));
    Run {
        ok: output.status.success(),
        out,
    }
}

/// A folder with a secret file (its first line the marker, as TOML would quote it in an
/// error) named `secret.toml`; returns the folder and the secret's absolute path.
fn with_secret() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let secret = dir.path().join("secret.toml");
    std::fs::write(&secret, format!("{MARKER} = = =\nroot:x:0:0\n")).expect("write");
    (dir, secret)
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write");
    path
}

/// A minimal saved game on `variant` (JSON), at the standard start.
fn save_naming(variant: &str) -> String {
    serde_json::json!({
        "variant": variant,
        // The standard start: a save's history (here none) must lead to its position.
        "position": {"phase": "Spring 1901 Movement", "units": {
            "Austria": ["A bud", "F tri", "A vie"], "England": ["F edi", "F lon", "A lvp"],
            "France": ["F bre", "A mar", "A par"], "Germany": ["A ber", "F kie", "A mun"],
            "Italy": ["F nap", "A rom", "A ven"],
            "Russia": ["A mos", "F sev", "F stp/sc", "A war"],
            "Turkey": ["F ank", "A con", "A smy"]},
            "centers": {
            "Austria": ["bud", "tri", "vie"], "England": ["edi", "lon", "lvp"],
            "France": ["bre", "mar", "par"], "Germany": ["ber", "kie", "mun"],
            "Italy": ["nap", "rom", "ven"], "Russia": ["mos", "sev", "stp", "war"],
            "Turkey": ["ank", "con", "smy"]}},
    })
    .to_string()
}

#[test]
fn a_save_naming_a_path_is_refused_without_reading_it() {
    let (dir, secret) = with_secret();
    let work = tempfile::tempdir().expect("temp dir");
    write(work.path(), "orders.txt", "");
    write(
        work.path(),
        "game.json",
        &save_naming(&secret.display().to_string()),
    );
    let run = standoff(work.path(), &["play", "orders.txt", "--load", "game.json"]);
    assert!(!run.ok, "{}", run.out);
    assert!(!run.out.contains(MARKER), "{}", run.out);
    assert!(
        run.out
            .contains("not a variant file named on the command line"),
        "{}",
        run.out
    );
    drop(dir);
}

#[test]
fn an_extends_path_is_refused_without_reading_it() {
    let (dir, secret) = with_secret();
    let child = write(
        dir.path(),
        "child.toml",
        &format!(
            "extends = \"{}\"\n[variant]\nname = \"child\"\n",
            secret.display()
        ),
    );
    let run = standoff(dir.path(), &["check-variant", &child.display().to_string()]);
    assert!(!run.ok, "{}", run.out);
    assert!(!run.out.contains(MARKER), "{}", run.out);
    assert!(run.out.contains("child.toml:1: extends"), "{}", run.out);
    // Relative to the file, the same.
    write(
        dir.path(),
        "near.toml",
        "extends = \"secret.toml\"\n[variant]\nname = \"near\"\n",
    );
    let run = standoff(dir.path(), &["check-variant", "near.toml"]);
    assert!(!run.ok && !run.out.contains(MARKER), "{}", run.out);
    // Through the other commands that take --variant.
    write(dir.path(), "orders.txt", "");
    let run = standoff(
        dir.path(),
        &["adjudicate", "orders.txt", "--variant", "near.toml"],
    );
    assert!(!run.ok && !run.out.contains(MARKER), "{}", run.out);
}

#[test]
fn a_case_file_variant_path_is_refused_without_reading_it() {
    let (dir, secret) = with_secret();
    write(
        dir.path(),
        "cases.txt",
        &format!(
            "VARIANT_ALL {}\n\nCASE 1 X\nPRESTATE_SETPHASE Spring 1901, Movement\nPRESTATE\n\
             \tEngland: F nth\nORDERS\n\tEngland: F nth H\nPOSTSTATE\n\tEngland: F nth\n\
             POSTSTATE_DISLODGED\nEND\n",
            secret.display()
        ),
    );
    let run = standoff(dir.path(), &["datc", "cases.txt"]);
    assert!(!run.ok, "{}", run.out);
    assert!(!run.out.contains(MARKER), "{}", run.out);
    assert!(run.out.contains("unknown variant"), "{}", run.out);
}

#[test]
fn extends_may_name_a_file_the_user_typed() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(
        dir.path(),
        "base.toml",
        &STANDARD.replacen("name = \"standard\"", "name = \"base\"", 1),
    );
    write(
        dir.path(),
        "child.toml",
        "extends = \"base.toml\"\n[variant]\nname = \"child\"\n",
    );
    let run = standoff(dir.path(), &["check-variant", "child.toml"]);
    assert!(!run.ok, "base.toml was not typed: {}", run.out);
    let run = standoff(dir.path(), &["check-variant", "base.toml", "child.toml"]);
    assert!(run.ok, "{}", run.out);
    assert!(run.out.contains("child.toml: ok"), "{}", run.out);
}

#[test]
fn a_save_made_in_one_folder_loads_from_another() {
    let here = tempfile::tempdir().expect("temp dir");
    let there = tempfile::tempdir().expect("temp dir");
    // A variant file extending another file: both are embedded in the save.
    write(
        here.path(),
        "base.toml",
        &STANDARD.replacen("name = \"standard\"", "name = \"base\"", 1),
    );
    write(
        here.path(),
        "mine.toml",
        "extends = \"base.toml\"\n[variant]\nname = \"mine\"\nvictory_centers = 20\n",
    );
    write(
        here.path(),
        "spring.txt",
        "England: F lon - nth\nFrance: A par - bur\n",
    );
    let run = standoff(
        here.path(),
        &[
            "play",
            "spring.txt",
            "--variant",
            "mine.toml",
            "--base",
            "base.toml",
            "--save",
            "game.json",
        ],
    );
    assert!(run.ok, "{}", run.out);
    let saved = std::fs::read_to_string(here.path().join("game.json")).expect("saved");
    let json: serde_json::Value = serde_json::from_str(&saved).expect("json");
    assert_eq!(json["variant"]["name"], "mine");
    assert!(json["variant"]["source"]
        .as_str()
        .is_some_and(|s| s.contains("extends = \"base.toml\"")));
    assert_eq!(json["variant"]["bases"].as_array().map(Vec::len), Some(1));
    std::fs::write(there.path().join("game.json"), &saved).expect("copy");
    write(there.path(), "fall.txt", "England: F nth - nwy\n");
    let run = standoff(
        there.path(),
        &[
            "play",
            "fall.txt",
            "--load",
            "game.json",
            "--save",
            "game.json",
        ],
    );
    assert!(run.ok, "{}", run.out);
    assert!(run.out.contains("F Nth - Nwy  -> moves"), "{}", run.out);
    let again = std::fs::read_to_string(there.path().join("game.json")).expect("saved");
    let json: serde_json::Value = serde_json::from_str(&again).expect("json");
    assert_eq!(
        json["variant"]["name"], "mine",
        "the embedded files are kept"
    );
    assert!(json["history"].as_array().is_some_and(|h| h.len() >= 2));
}

#[test]
fn a_built_in_is_saved_by_name_and_old_saves_still_load() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(dir.path(), "spring.txt", "England: F lon - nth\n");
    let run = standoff(dir.path(), &["play", "spring.txt", "--save", "game.json"]);
    assert!(run.ok, "{}", run.out);
    let saved = std::fs::read_to_string(dir.path().join("game.json")).expect("saved");
    let json: serde_json::Value = serde_json::from_str(&saved).expect("json");
    assert_eq!(json["variant"], "standard");
    // An old save: a plain built-in name.
    write(dir.path(), "old.json", &save_naming("classical"));
    write(dir.path(), "hold.txt", "England: F lon H\n");
    let run = standoff(dir.path(), &["play", "hold.txt", "--load", "old.json"]);
    assert!(run.ok, "{}", run.out);
    // An old save naming a variant file by path: read when the user types the file.
    write(
        dir.path(),
        "mine.toml",
        &STANDARD.replacen("name = \"standard\"", "name = \"mine\"", 1),
    );
    write(dir.path(), "old-path.json", &save_naming("mine.toml"));
    let run = standoff(dir.path(), &["play", "hold.txt", "--load", "old-path.json"]);
    assert!(!run.ok, "not typed: {}", run.out);
    let run = standoff(
        dir.path(),
        &[
            "play",
            "hold.txt",
            "--load",
            "old-path.json",
            "--variant",
            "mine.toml",
        ],
    );
    assert!(run.ok, "{}", run.out);
}
