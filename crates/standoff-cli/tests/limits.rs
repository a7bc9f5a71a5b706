//! Bounded resources at the command line (issue 14, item 7): oversized lines and files
//! are refused quickly with a clear error, and garbage prints at most
//! `MAX_REPORTED_ERRORS` errors and a count of the others.

use standoff::limits::{
    MAX_JSON_BYTES, MAX_ORDER_LINES, MAX_REPORTED_ERRORS, MAX_VARIANT_FILE_BYTES,
};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn standoff(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_standoff"))
        .args(args)
        .output()
        .expect("runs standoff")
}

fn path_str(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

#[test]
fn a_16_mb_order_line_is_refused_quickly() {
    let dir = tempfile::tempdir().expect("temp dir");
    let orders = dir.path().join("orders.txt");
    let mut text = String::from("England: F lon - nth\nEngland: ");
    text.push_str(&"a ".repeat(8 << 20));
    text.push('\n');
    std::fs::write(&orders, &text).expect("write");
    let start = Instant::now();
    let out = standoff(&["adjudicate", path_str(&orders)]);
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 2: the line is"), "{err}");
    assert!(err.contains("above the limit"), "{err}");
    assert!(
        err.len() < 1_000,
        "the line is not echoed: {} bytes",
        err.len()
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("F Lon - Nth"),
        "the other order is adjudicated"
    );
}

#[test]
fn fifty_mb_of_garbage_orders_print_the_cap_and_a_count() {
    let dir = tempfile::tempdir().expect("temp dir");
    let orders = dir.path().join("garbage.txt");
    let line = "England: zork plugh xyzzy frobozz gnusto rezrov\n";
    let lines = (50 << 20) / line.len();
    let mut file = std::io::BufWriter::new(std::fs::File::create(&orders).expect("create"));
    for _ in 0..lines {
        file.write_all(line.as_bytes()).expect("write");
    }
    file.flush().expect("flush");
    drop(file);
    let start = Instant::now();
    let out = standoff(&["adjudicate", path_str(&orders)]);
    assert!(
        start.elapsed() < Duration::from_secs(120),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    let tail = &err[err.len().saturating_sub(400)..];
    // The kept errors, the count of the others, the count of the lines not read.
    let reported = err.lines().filter(|l| l.contains(": line ")).count();
    assert_eq!(reported, MAX_REPORTED_ERRORS + 2, "{tail}");
    let suppressed = format!(
        "{} more errors suppressed",
        MAX_ORDER_LINES - MAX_REPORTED_ERRORS
    );
    assert!(err.contains(&suppressed), "{tail}");
    let unread = format!("{} more lines not read", lines - MAX_ORDER_LINES);
    assert!(err.contains(&unread), "{tail}");
    assert!(err.len() < 100_000, "{} bytes of errors", err.len());
}

#[test]
fn files_over_their_limit_are_refused_unread() {
    let dir = tempfile::tempdir().expect("temp dir");
    let variant = dir.path().join("big.toml");
    std::fs::write(
        &variant,
        format!("# {}\n", "x".repeat(MAX_VARIANT_FILE_BYTES)),
    )
    .expect("write");
    let out = standoff(&["check-variant", path_str(&variant)]);
    assert_ne!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("limit"), "{err}");
    assert!(err.len() < 1_000);
    let orders = dir.path().join("o.txt");
    std::fs::write(&orders, "England: F lon - nth\n").expect("write");
    let out = standoff(&[
        "adjudicate",
        path_str(&orders),
        "--variant",
        path_str(&variant),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("limit"));
}

#[test]
fn a_large_replay_file_is_streamed_and_its_errors_capped() {
    let dir = tempfile::tempdir().expect("temp dir");
    let games = dir.path().join("games.jsonl");
    let mut file = std::io::BufWriter::new(std::fs::File::create(&games).expect("create"));
    // One line over the JSON limit, then enough garbage lines to pass the file limit.
    file.write_all(&vec![b'x'; MAX_JSON_BYTES + 10])
        .expect("write");
    file.write_all(b"\n").expect("write");
    let garbage = format!("{{\"not\": \"{}\"}}\n", "y".repeat(1_000));
    for _ in 0..(2 * MAX_REPORTED_ERRORS) {
        file.write_all(garbage.as_bytes()).expect("write");
    }
    file.flush().expect("flush");
    drop(file);
    let out = standoff(&["replay", path_str(&games)]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(":1: the line is"),
        "{}",
        &err[..err.len().min(500)]
    );
    assert_eq!(
        err.lines().count(),
        MAX_REPORTED_ERRORS + 1,
        "{}",
        &err[err.len() - 300..]
    );
    assert!(
        err.contains(&format!(
            "{} more errors suppressed",
            MAX_REPORTED_ERRORS + 1
        )),
        "{}",
        &err[err.len() - 300..]
    );
}
