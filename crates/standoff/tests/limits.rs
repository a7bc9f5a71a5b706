//! Bounded resources (issue 14, item 7): oversized input is refused before it is read,
//! and a block of orders reports at most `MAX_REPORTED_ERRORS` errors and a count of
//! the others.

use standoff::datc::parse_case_file;
use standoff::limits::{
    MAX_CASE_FILE_BYTES, MAX_JSON_BYTES, MAX_ORDERS_TEXT_BYTES, MAX_ORDER_LINES,
    MAX_ORDER_LINE_BYTES, MAX_REPORTED_ERRORS, MAX_VARIANT_FILE_BYTES,
};
use standoff::parse::{parse_orders, parse_orders_with, ParseErrorKind};
use standoff::rules::Rules;
use standoff::{PhaseKind, Position, Variant};
use std::time::{Duration, Instant};

#[test]
fn a_16_mb_line_is_refused_unread() {
    let v = Variant::standard();
    // Many short words: the shape that made the lexer allocate ~50x the line.
    let line = format!("England: {}", "a ".repeat(8 << 20));
    let text = format!("England: F lon - nth\n{line}\nFrance: A par - bur\n");
    let start = Instant::now();
    let (orders, errors) = parse_orders(&v, PhaseKind::Movement, &text);
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(orders.len(), 2, "the other lines are read");
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].line, 2);
    assert_eq!(
        errors[0].error.kind,
        ParseErrorKind::LineTooLong {
            bytes: line.trim_end().len()
        }
    );
    // The error carries the line's start only.
    assert!(errors[0].error.input.len() < 100);
    let shown = errors[0].to_string();
    assert!(shown.contains(&MAX_ORDER_LINE_BYTES.to_string()), "{shown}");
    assert!(shown.len() < 400, "{shown}");
}

#[test]
fn garbage_reports_the_cap_and_counts_the_rest() {
    let v = Variant::standard();
    let lines = 5 * MAX_REPORTED_ERRORS;
    let text = "xyzzy plugh\n".repeat(lines);
    for rules in [
        Rules::DATC,
        Rules::parse("datc poorly_written=d").expect("rules"),
    ] {
        let position = Position::initial(&v);
        let (orders, errors) = parse_orders_with(&v, &position, &rules, &text);
        assert!(orders.is_empty());
        assert_eq!(errors.len(), MAX_REPORTED_ERRORS + 1);
        let last = errors.last().expect("errors");
        assert_eq!(
            last.error.kind,
            ParseErrorKind::TooManyErrors {
                suppressed: lines - MAX_REPORTED_ERRORS
            }
        );
        assert_eq!(last.line, MAX_REPORTED_ERRORS + 1);
        assert_eq!(
            last.error.to_string(),
            format!("{} more errors suppressed", lines - MAX_REPORTED_ERRORS)
        );
    }
}

#[test]
fn lines_beyond_the_line_count_limit_are_counted_not_read() {
    let v = Variant::standard();
    let extra = 500;
    let mut text = "xyzzy\n".repeat(MAX_ORDER_LINES);
    text.push_str("# a comment\n\n");
    text.push_str(&"England: F lon - nth\n".repeat(extra));
    let (orders, errors) = parse_orders(&v, PhaseKind::Movement, &text);
    assert!(orders.is_empty(), "the lines after the limit are not read");
    assert_eq!(errors.len(), MAX_REPORTED_ERRORS + 2);
    let last = errors.last().expect("errors");
    assert_eq!(
        last.error.kind,
        ParseErrorKind::TooManyLines { unread: extra }
    );
    assert_eq!(last.line, MAX_ORDER_LINES + 3);
    assert!(last.to_string().contains("not read"), "{last}");
}

#[test]
fn an_orders_text_over_the_limit_is_not_read() {
    let v = Variant::standard();
    let text = "England: F lon - nth\n".repeat(MAX_ORDERS_TEXT_BYTES / 20);
    assert!(text.len() > MAX_ORDERS_TEXT_BYTES);
    let (orders, errors) = parse_orders(&v, PhaseKind::Movement, &text);
    assert!(orders.is_empty());
    assert_eq!(
        errors[0].error.kind,
        ParseErrorKind::TextTooLarge { bytes: text.len() }
    );
}

#[test]
fn oversized_json_variant_and_case_files_are_refused() {
    let v = Variant::standard();
    let json = format!(
        "{{\"phase\": \"Spring 1901 Movement\", \"pad\": \"{}\"}}",
        "x".repeat(MAX_JSON_BYTES)
    );
    let err = Position::from_json(&v, &json).expect_err("refused");
    assert!(err.to_string().contains("limit"), "{err}");
    let toml = format!("# {}\n", "x".repeat(MAX_VARIANT_FILE_BYTES));
    let err = Variant::from_toml(&toml, "big.toml").expect_err("refused");
    assert!(err.to_string().contains("limit"), "{err}");
    let cases = format!("# {}\n", "x".repeat(MAX_CASE_FILE_BYTES));
    let (file, errors) = parse_case_file(&cases);
    assert!(file.cases.is_empty());
    assert!(errors[0].message.contains("limit"), "{errors:?}");
}

#[test]
fn a_position_reports_at_most_the_cap() {
    let v = Variant::standard();
    let bad = 3 * MAX_REPORTED_ERRORS;
    let units: Vec<String> = (0..bad).map(|i| format!("\"A nowhere{i}\"")).collect();
    let long = "x".repeat(10_000);
    let json = format!(
        r#"{{"phase": "Spring 1901 Movement", "units": {{"England": ["A {long}", {}]}}}}"#,
        units.join(", ")
    );
    let err = Position::from_json(&v, &json)
        .expect_err("refused")
        .to_string();
    assert_eq!(err.lines().count(), MAX_REPORTED_ERRORS + 1, "{err}");
    assert!(
        err.ends_with(&format!(
            "{} more errors suppressed",
            bad + 1 - MAX_REPORTED_ERRORS
        )),
        "{err}"
    );
    assert!(err.len() < 20_000, "the long unit is not echoed whole");
}

#[test]
fn a_case_file_reports_at_most_the_cap() {
    let text = "junk\n".repeat(3 * MAX_REPORTED_ERRORS);
    let (_, errors) = parse_case_file(&text);
    assert_eq!(errors.len(), MAX_REPORTED_ERRORS + 1);
    let last = errors.last().expect("errors");
    assert!(
        last.message.contains(&format!(
            "{} more errors suppressed",
            2 * MAX_REPORTED_ERRORS
        )),
        "{last:?}"
    );
}
