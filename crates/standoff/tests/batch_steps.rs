//! The batch steps every phase kind exactly as a game does: `step_many` over a random
//! corpus gives, item for item, what `Game::process` gives from a clone of the position.

use standoff::batch::step_many;
use standoff::corpus::random_games;
use standoff::game::Game;
use standoff::{PhaseKind, Variant};

#[test]
fn step_many_matches_processing_each_game() {
    let variant = Variant::standard();
    let corpus = random_games(&variant, 7, 6, 30);
    let items: Vec<_> = corpus
        .iter()
        .map(|p| (p.position.clone(), p.orders.clone()))
        .collect();
    for kind in [
        PhaseKind::Movement,
        PhaseKind::Retreat,
        PhaseKind::Adjustment,
    ] {
        assert!(
            items.iter().any(|(p, _)| p.phase().kind == kind),
            "no {kind:?} phase in the corpus"
        );
    }
    let stepped = step_many(&variant, &items);
    assert_eq!(stepped.len(), items.len());
    for ((position, orders), (processed, next)) in items.iter().zip(&stepped) {
        let mut game = Game::from_position(position.clone());
        let expected = game.process(&variant, orders);
        assert_eq!(next, &game.position, "{:?}", position.phase());
        assert_eq!(
            format!("{processed:?}"),
            format!("{expected:?}"),
            "{:?}",
            position.phase()
        );
        // The game's own position was played, not a placeholder.
        assert_ne!(next.phase(), position.phase());
    }
}
