//! The README's example game (`examples/game.txt`) plays to its recorded end.

use standoff::adjudicate::Adjustment;
use standoff::game::{Game, PhaseResult};
use standoff::parse::split_phases;
use standoff::{PhaseKind, Variant};

#[test]
fn example_game_replays_to_its_final_centers() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/game.txt");
    let text = std::fs::read_to_string(path).expect("examples/game.txt");
    let variant = Variant::standard();
    let mut game = Game::new(&variant);
    let sections = split_phases(&text).expect("headers read");
    let (mut retreats, mut builds, mut removals, mut convoys, mut errors) = (0, 0, 0, 0, 0);
    game.play_sections(&variant, &sections, |step, _| {
        errors += step.errors.len();
        match &step.processed.result {
            PhaseResult::Retreat(_) => retreats += 1,
            PhaseResult::Adjustment(r) => {
                for c in &r.changes {
                    match c {
                        Adjustment::Built(_) => builds += 1,
                        Adjustment::Removed(_) | Adjustment::RemovedInCivilDisorder(_) => {
                            removals += 1
                        }
                        _ => {}
                    }
                }
            }
            PhaseResult::Movement(r) => {
                convoys += r
                    .units
                    .iter()
                    .filter(|u| u.outcome == standoff::adjudicate::Outcome::Convoyed)
                    .count()
            }
        }
    })
    .expect("phases in order");
    assert_eq!(errors, 0, "every order line reads");
    assert!(retreats >= 1 && builds >= 2 && removals >= 1 && convoys >= 1);
    assert_eq!(game.position.phase().kind, PhaseKind::Movement);
    assert_eq!(game.position.phase().year, 1904);
    let centers: Vec<(String, usize)> = variant
        .powers
        .iter()
        .enumerate()
        .map(|(i, p)| {
            (
                p.name.clone(),
                game.position.center_count(standoff::PowerId(i as u8)),
            )
        })
        .collect();
    let expected = [
        ("Austria", 6),
        ("England", 4),
        ("France", 6),
        ("Germany", 5),
        ("Italy", 4),
        ("Russia", 6),
        ("Turkey", 3),
    ];
    let expected: Vec<(String, usize)> =
        expected.iter().map(|(n, c)| (n.to_string(), *c)).collect();
    assert_eq!(centers, expected);
}
