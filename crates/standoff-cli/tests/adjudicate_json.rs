//! `standoff adjudicate --format json` prints the `standoff-api` type
//! `AdjudicationReport`: it is read back with that type, run on the built binary.

use standoff_api::AdjudicationReport;
use std::process::Command;

#[test]
fn json_output_reads_back_as_the_api_type() {
    let dir = std::env::temp_dir().join(format!("standoff-cli-json-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let orders = dir.join("orders.txt");
    std::fs::write(
        &orders,
        "England: F lon - nth\nFrance: A par - bur\nGermany: A mun - bur\nItaly: A ven fly\n",
    )
    .expect("write orders");
    let out = Command::new(env!("CARGO_BIN_EXE_standoff"))
        .arg("adjudicate")
        .arg(&orders)
        .args(["--format", "json"])
        .output()
        .expect("run standoff");
    let text = String::from_utf8_lossy(&out.stdout);
    let report: AdjudicationReport = serde_json::from_str(&text).expect("an AdjudicationReport");
    // The unreadable line is reported with its number; the others are adjudicated.
    assert!(!out.status.success(), "a line was unreadable");
    assert_eq!(report.errors.len(), 1, "{report:?}");
    assert_eq!(report.errors[0].line, 4);
    assert_eq!(report.errors[0].text.trim(), "Italy: A ven fly");
    let find = |order: &str| {
        report
            .orders
            .iter()
            .find(|o| o.order == order)
            .unwrap_or_else(|| panic!("{order} in {report:?}"))
    };
    let london = find("F lon - nth");
    assert_eq!(london.power, "England");
    assert_eq!(london.dislodged_by, None);
    assert_eq!(london.result, "moves");
    // Paris and Munich bounce in Burgundy (equal strength), each naming the other.
    assert_eq!(find("A par - bur").result, "bounces (Mun)");
    assert_eq!(find("A mun - bur").result, "bounces (Par)");
    // Every unit not ordered holds: 22 units, 3 orders read.
    assert_eq!(report.orders.len(), 3, "{report:?}");
    let england = report.position["units"]["England"].to_string();
    assert!(england.contains("F nth"), "{england}");
    let _ = std::fs::remove_dir_all(&dir);
}
