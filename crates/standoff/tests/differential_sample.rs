//! The seeded differential sample: random games played by the `diplomacy` package
//! (`tests/data/mila/random-seed1.jsonl`, made by `scripts/differential/generate.py`)
//! replayed phase by phase. Every disagreement must be one already triaged in
//! `random-seed1.known`; a new one fails the test.

use standoff::mila::{read_games, replay_game, KnownDiffs, ReplaySummary};
use standoff::Variant;
use std::collections::BTreeSet;

#[test]
fn sample_games_agree_except_triaged_phases() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/mila/");
    let text = std::fs::read_to_string(format!("{dir}random-seed1.jsonl")).expect("sample");
    let known_text =
        std::fs::read_to_string(format!("{dir}random-seed1.known")).expect("known list");
    let known: BTreeSet<(String, String)> = KnownDiffs::parse(&known_text)
        .expect("known list reads")
        .iter()
        .map(|(g, p)| (g.to_string(), p.to_string()))
        .collect();
    let variant = Variant::standard();
    let mut summary = ReplaySummary::default();
    for game in read_games(&text) {
        replay_game(&variant, &game.expect("sample game reads"), &mut summary)
            .expect("standard map");
    }
    let differing: BTreeSet<(String, String)> = summary
        .differ
        .iter()
        .map(|d| (d.game.clone(), d.phase.clone()))
        .collect();
    let unexplained: Vec<_> = summary
        .differ
        .iter()
        .filter(|d| !known.contains(&(d.game.clone(), d.phase.clone())))
        .map(|d| format!("{} {}:\n  {}", d.game, d.phase, d.lines.join("\n  ")))
        .collect();
    assert!(
        unexplained.is_empty(),
        "untriaged disagreements:\n{}",
        unexplained.join("\n")
    );
    let stale: Vec<_> = known.difference(&differing).collect();
    assert!(
        stale.is_empty(),
        "known disagreements that no longer occur: {stale:?}"
    );
    assert!(
        summary.movement_phases >= 100 && summary.agree >= 190,
        "{summary:?}"
    );
}
