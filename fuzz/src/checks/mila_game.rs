//! Target `mila_game`: any text as the `diplomacy` package's saved-game JSON, read
//! (`mila::read_games`), replayed against its own records (`mila::replay_game`, the
//! `replay` command) and loaded as a game (`mila::load_recorded`).

use super::standard;
use standoff::mila::{load_recorded, read_games, replay_game, saved_game_json, ReplaySummary};

/// Most games of one input that are replayed.
const MAX_GAMES: usize = 4;

/// Any text is games or errors, never a panic; the replay counts each phase once; a
/// game that loads exports to the package's format, which reads back.
pub fn mila_game(data: &[u8]) {
    let variant = standard();
    let text = String::from_utf8_lossy(data);
    for game in read_games(&text).into_iter().take(MAX_GAMES) {
        let game = match game {
            Ok(g) => g,
            Err(e) => {
                let _ = e.to_string();
                continue;
            }
        };
        let mut summary = ReplaySummary::default();
        if let Err(e) = replay_game(variant, &game, &mut summary) {
            // A game on another map is refused, with its reason.
            let _ = e.to_string();
            continue;
        }
        let pairs = game.phases.len().saturating_sub(1);
        assert!(
            summary.agree + summary.differ.len() <= pairs,
            "{} phases agree and {} differ, of {pairs}",
            summary.agree,
            summary.differ.len()
        );
        assert!(summary.movement_phases <= pairs);
        let Ok((rec, problems)) = load_recorded(variant, &game) else {
            continue;
        };
        for p in &problems {
            let _ = p.to_string();
        }
        let exported = saved_game_json(variant, &rec, "fuzz").to_string();
        let read = read_games(&exported);
        assert!(
            matches!(read.as_slice(), [Ok(_)]),
            "an exported game does not read back as one game\njson: {exported}"
        );
    }
}
