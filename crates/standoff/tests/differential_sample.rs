//! The seeded differential sample: random games played by the `diplomacy` package
//! (`tests/data/mila/random-seed1.jsonl`, made by `scripts/differential/generate.py`)
//! replayed phase by phase. Every disagreement must be one already triaged in
//! `random-seed1.known`; a new one fails the test.

use standoff::mila::{read_games, replay_game, KnownDiffs, ReplaySummary};
use standoff::Variant;

#[test]
fn sample_games_agree_except_triaged_phases() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/mila/");
    let text = std::fs::read_to_string(format!("{dir}random-seed1.jsonl")).expect("sample");
    let known_text =
        std::fs::read_to_string(format!("{dir}random-seed1.known")).expect("known list");
    let known = KnownDiffs::parse(&known_text).expect("known list reads");
    let variant = Variant::standard();
    let mut summary = ReplaySummary::default();
    for game in read_games(&text) {
        replay_game(&variant, &game.expect("sample game reads"), &mut summary)
            .expect("standard map");
    }
    let triage = summary.triage(&known);
    let unexplained: Vec<_> = triage.unexpected.iter().map(|d| d.describe()).collect();
    assert!(
        unexplained.is_empty(),
        "untriaged disagreements:\n{}",
        unexplained.join("\n")
    );
    let stale = &triage.stale;
    assert!(
        stale.is_empty(),
        "known disagreements that no longer occur: {stale:?}"
    );
    assert!(
        summary.movement_phases >= 100 && summary.agree >= 190,
        "{summary:?}"
    );
}
