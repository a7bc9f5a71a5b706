//! Command-line inputs that were accepted or misreported (issue 14, item 8).

use std::process::{Command, Output};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

fn standoff(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_standoff"))
        .args(args)
        .current_dir(ROOT)
        .output()
        .expect("runs standoff")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn bench_refuses_zero_repetitions() {
    let out = standoff(&["bench", "--repeat", "0", "--games", "1", "--phases", "1"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("repeat"), "{}", stderr(&out));
    assert!(!String::from_utf8_lossy(&out.stdout).contains("inf"));
}

#[test]
fn replay_of_the_shipped_sample_passes_with_its_known_file() {
    let sample = "crates/standoff/tests/data/mila/random-seed1.jsonl";
    let known = "crates/standoff/tests/data/mila/random-seed1.known";
    let without = standoff(&["replay", sample]);
    assert_eq!(without.status.code(), Some(1));
    let with = standoff(&["replay", sample, "--known", known]);
    let stdout = String::from_utf8_lossy(&with.stdout);
    assert!(with.status.success(), "{stdout}{}", stderr(&with));
    assert!(stdout.contains("3 known"), "{stdout}");
}

#[test]
fn replay_known_file_entries_that_do_not_occur_fail() {
    let dir = tempfile::tempdir().expect("temp dir");
    let known = dir.path().join("extra.known");
    std::fs::write(&known, "standoff-s1-g1 S1901M not a real difference\n").expect("write");
    let out = standoff(&[
        "replay",
        "crates/standoff/tests/data/mila/random-seed1.jsonl",
        "--known",
        known.to_str().expect("utf-8 path"),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("standoff-s1-g1 S1901M"), "{stdout}");
}

#[test]
fn replay_refuses_another_map_and_a_bad_phase_name() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = |first: &str, map: &str| {
        format!(
            r#"{{"id": "g", "map": "{map}", "phases": [
            {{"name": "{first}", "state": {{"units": {{"ENGLAND": ["F LON"]}}}}}},
            {{"name": "F1901M", "state": {{"units": {{"ENGLAND": ["F LON"]}}}}}}]}}"#
        )
    };
    let narnia = dir.path().join("narnia.json");
    std::fs::write(&narnia, game("S1901M", "narnia")).expect("write");
    let out = standoff(&["replay", narnia.to_str().expect("utf-8")]);
    assert_ne!(out.status.code(), Some(0));
    assert!(stderr(&out).contains("narnia"), "{}", stderr(&out));
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, game("X9999Q", "standard")).expect("write");
    let out = standoff(&["replay", bad.to_str().expect("utf-8")]);
    assert_ne!(out.status.code(), Some(0));
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("X9999Q"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn datc_filter_matching_nothing_fails() {
    let out = standoff(&[
        "datc",
        "crates/standoff/tests/data/datc/6A-6B.txt",
        "--filter",
        "6.Z",
    ]);
    assert_ne!(out.status.code(), Some(0));
    assert!(stderr(&out).contains("6.Z"), "{}", stderr(&out));
}

#[test]
fn assign_refuses_a_player_twice_and_a_power_twice() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (text, word) in [
        ("Ann: France\nAnn: Italy\n", "Ann"),
        ("Ann: France; France; France\n", "France"),
    ] {
        let prefs = dir.path().join("prefs.txt");
        std::fs::write(&prefs, text).expect("write");
        let out = standoff(&["assign", prefs.to_str().expect("utf-8"), "--seed", "1"]);
        assert_eq!(out.status.code(), Some(2), "{text}");
        assert!(stderr(&out).contains(word), "{}", stderr(&out));
        assert!(out.stdout.is_empty());
    }
}
