//! Target `assign`: any text as preference lists (`assign::parse_preferences`) and the
//! assignment made from them (`assign::assign_powers`).

use super::standard;
use standoff::assign::{assign_powers, parse_preferences, AssignError};
use std::collections::BTreeSet;

/// Any text is preference lists or an error, never a panic. An assignment gives every
/// listed player exactly one power, in the order listed, and no power to two players;
/// the same lists and seed give the same assignment.
pub fn assign(data: &[u8]) {
    let variant = standard();
    let text = String::from_utf8_lossy(data);
    let players = match parse_preferences(variant, &text) {
        Ok(p) => p,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    // The variant's seats, exactly as many seats as players (nothing left over), and
    // every other power (as if the rest were dummies).
    let all = variant.seats();
    let exact: Vec<_> = all.iter().copied().take(players.len()).collect();
    let every_other: Vec<_> = all.iter().copied().step_by(2).collect();
    for seats in [all.clone(), exact, every_other] {
        for seed in [0, 1, u64::MAX] {
            let given = match assign_powers(&seats, &players, seed) {
                Ok(g) => g,
                Err(AssignError::TooManyPlayers { .. }) if players.len() > seats.len() => continue,
                Err(e) => panic!("assignment refused: {e}"),
            };
            assert_eq!(
                given.len(),
                players.len(),
                "{} players, {} given a power",
                players.len(),
                given.len()
            );
            let mut taken = BTreeSet::new();
            for ((name, power), (listed, _)) in given.iter().zip(&players) {
                assert_eq!(name, listed, "players out of the listed order");
                assert!(
                    seats.contains(power),
                    "power {} is not a seat",
                    power.index()
                );
                assert!(taken.insert(*power), "power {} given twice", power.index());
            }
            let again = assign_powers(&seats, &players, seed);
            assert_eq!(
                again.ok(),
                Some(given),
                "the same seed assigned differently"
            );
        }
    }
}
