//! Target `saved_game`: any text as a saved game (`json::GameJson`), loaded with
//! `RecordedGame::from_json` against the standard variant.

use super::standard;
use standoff::json::GameJson;
use standoff::record::RecordedGame;
use standoff::Variant;

/// Any text is a saved game or an error, never a panic; a game that loads saves
/// (`RecordedGame::to_json`) to JSON that loads again as the same game.
pub fn saved_game(data: &[u8]) {
    let variant = standard();
    let text = String::from_utf8_lossy(data);
    let Ok(saved) = serde_json::from_str::<GameJson>(&text) else {
        return;
    };
    // The variant field is the caller's to resolve; only built-in names and embedded
    // texts load without a reader (nothing is ever read from a path).
    if matches!(saved.variant, standoff::variant::SavedVariant::Embedded(_)) {
        let _ = saved.variant.load(None).map_err(|e| e.to_string());
    }
    match RecordedGame::from_json(variant, &saved) {
        Ok(game) => assert_saves_and_loads(variant, &game),
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

/// `game` saved and loaded again is the same game: position, history, end state.
pub fn assert_saves_and_loads(variant: &Variant, game: &RecordedGame) {
    let saved = game.to_json(variant);
    let json = match serde_json::to_string(&saved) {
        Ok(j) => j,
        Err(e) => panic!("a save does not serialise: {e}"),
    };
    let reread: GameJson = match serde_json::from_str(&json) {
        Ok(s) => s,
        Err(e) => panic!("a save does not read back as JSON: {e}\njson: {json}"),
    };
    assert_eq!(reread, saved, "the save changed in JSON\njson: {json}");
    let again = match RecordedGame::from_json(variant, &reread) {
        Ok(g) => g,
        Err(e) => panic!("a saved game does not load again: {e}\njson: {json}"),
    };
    assert_eq!(
        again.game.position, game.game.position,
        "save and load changed the position\njson: {json}"
    );
    assert_eq!(
        again.history.len(),
        game.history.len(),
        "save and load changed the history's length\njson: {json}"
    );
    for (a, b) in again.history.iter().zip(&game.history) {
        assert_eq!(
            a.orders,
            b.orders,
            "save and load changed the orders of {}\njson: {json}",
            b.position.phase()
        );
    }
    assert_eq!(
        again.game.winner, game.game.winner,
        "winner changed\njson: {json}"
    );
    assert_eq!(
        again.game.ended, game.game.ended,
        "end changed\njson: {json}"
    );
    assert_eq!(
        again.game.quiet_years, game.game.quiet_years,
        "quiet years changed\njson: {json}"
    );
    assert_eq!(again.game.end_rules, game.game.end_rules);
    assert_eq!(again.game.rules, game.game.rules);
}
