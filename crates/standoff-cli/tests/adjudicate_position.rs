//! `standoff adjudicate --position` refuses what it cannot do, with the reason
//! (issue 14, item 5), run on the built binary.

use std::path::PathBuf;
use std::process::{Command, Output};

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("standoff-cli-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

fn adjudicate(dir: &std::path::Path, position: &str, orders: &str, json: bool) -> Output {
    let pos = dir.join("position.json");
    let ord = dir.join("orders.txt");
    std::fs::write(&pos, position).expect("write position");
    std::fs::write(&ord, orders).expect("write orders");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_standoff"));
    cmd.arg("adjudicate").arg(&ord).arg("--position").arg(&pos);
    if json {
        cmd.args(["--format", "json"]);
    }
    cmd.output().expect("run standoff")
}

fn refused(out: &Output, reason: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "accepted; stderr: {err}");
    assert!(err.contains(reason), "expected `{reason}` in: {err}");
}

#[test]
fn winter_and_retreat_positions_are_refused_with_the_reason() {
    let dir = scratch("phases");
    for phase in ["Winter 1901 Adjustment", "Fall 1901 Retreat"] {
        let out = adjudicate(
            &dir,
            &format!(r#"{{"phase": "{phase}", "units": {{"France": ["A par"]}}}}"#),
            "",
            false,
        );
        refused(&out, "plays movement phases only");
    }
}

#[test]
fn a_center_listed_twice_a_negative_year_and_unknown_last_occupants_are_refused() {
    let dir = scratch("bad");
    let out = adjudicate(
        &dir,
        r#"{"phase": "Spring 1901 Movement", "units": {},
            "centers": {"England": ["lon"], "France": ["lon"]}}"#,
        "",
        false,
    );
    refused(&out, "lon is listed twice (England, France)");
    let out = adjudicate(
        &dir,
        r#"{"phase": "Spring -5 Movement", "units": {}}"#,
        "",
        false,
    );
    refused(&out, "year -5");
    let out = adjudicate(
        &dir,
        r#"{"phase": "Spring 1901 Movement", "units": {},
            "last_occupied": {"England": ["narnia"]}}"#,
        "",
        false,
    );
    refused(&out, "unknown space `narnia`");
    let out = adjudicate(
        &dir,
        r#"{"phase": "Spring 1901 Movement", "units": {"France": ["A mun"]},
            "dislodged": {"Germany": [{"unit": "A mun", "retreats": ["kie"]}]}}"#,
        "",
        false,
    );
    refused(&out, "only in a retreat phase");
}

#[test]
fn its_own_output_with_dislodged_units_is_refused_not_dropped() {
    let dir = scratch("roundtrip");
    let position = r#"{"phase": "Spring 1901 Movement",
        "units": {"Germany": ["A mun"], "France": ["A bur", "A ruh"]}}"#;
    let orders = "France: A bur - mun\nFrance: A ruh S A bur - mun\nGermany: A mun H\n";
    let out = adjudicate(&dir, position, orders, true);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json output");
    let after = &json["position"];
    assert_eq!(after["phase"], "Spring 1901 Retreat");
    assert_eq!(after["dislodged"]["Germany"][0]["unit"], "A mun");
    let again = adjudicate(&dir, &after.to_string(), "", false);
    refused(&again, "plays movement phases only");
}

#[test]
fn its_own_output_without_dislodged_units_reads_back() {
    let dir = scratch("plain");
    let out = adjudicate(
        &dir,
        r#"{"phase": "Spring 1901 Movement", "units": {"France": ["A par"]}}"#,
        "France: A par - bur\n",
        true,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json output");
    let again = adjudicate(&dir, &json["position"].to_string(), "", true);
    assert!(
        again.status.success(),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
}
