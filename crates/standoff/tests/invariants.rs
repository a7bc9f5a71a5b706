//! Property tests over random games: invariants that must hold after every phase.

mod common;

use common::{random_game_on, standard};
use proptest::prelude::*;
use standoff::adjudicate::{adjudicate_movement, adjustment_counts, Adjustment, Outcome};
use standoff::corpus::Rng;
use standoff::game::PhaseResult;
use standoff::{PhaseKind, PowerId, Season, Variant};
use std::collections::BTreeSet;
use std::sync::OnceLock;

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn invariants_hold_in_random_games(seed in any::<u64>()) {
        check_random_game(standard(), seed);
    }

    /// Colonial: railway rides and canal passages among the random orders.
    #[test]
    fn invariants_hold_in_random_colonial_games(seed in any::<u64>()) {
        check_random_game(colonial(), seed);
    }

    /// Bowen: placement, hop-by-hop convoys, home guards, half-strength units, disbands.
    #[test]
    fn invariants_hold_in_random_bowen_games(seed in any::<u64>()) {
        check_random_game(bowen(), seed);
    }
}

fn bowen() -> &'static Variant {
    static V: OnceLock<Variant> = OnceLock::new();
    V.get_or_init(|| Variant::builtin("bowen").expect("bowen is built in"))
}

fn colonial() -> &'static Variant {
    static V: OnceLock<Variant> = OnceLock::new();
    V.get_or_init(|| Variant::builtin("colonial").expect("colonial is built in"))
}

fn check_random_game(v: &Variant, seed: u64) {
    let map = &v.map;
    random_game_on(v, seed, 24, |before, orders, done, after| {
        // One unit per province and every unit accounted for.
        let mut seen = BTreeSet::new();
        for (p, u) in after.units() {
            assert_eq!(map.province_of(u.location), p);
            assert!(seen.insert(p), "two units in {}", map.province(p).id);
        }
        match &done.result {
            PhaseResult::Movement(r) => {
                // Bowen: units disbanded at the start, eliminated on neutral ground.
                let gone = r.eliminated.len()
                    + r.units
                        .iter()
                        .filter(|u| u.outcome == Outcome::Disbanded)
                        .count();
                assert_eq!(
                    before.units().count(),
                    r.position.units().count() + r.position.dislodged().len() + gone
                );
                for d in r.position.dislodged() {
                    let res = r
                        .unit(map.province_of(d.unit.location))
                        .expect("unit result");
                    let from = res.dislodged_by.expect("dislodged units have a dislodger");
                    for &o in &d.retreat_options {
                        let op = map.province_of(o);
                        assert!(
                            r.position.unit_at(op).is_none(),
                            "retreat into an occupied province"
                        );
                        if d.attacker_from.is_some() {
                            assert_ne!(op, from, "retreat to the attacker's origin");
                        }
                        // No retreat into a province left empty by a stand-off: one
                        // a move bounced from (unless its mover lost a head-to-head
                        // battle against the unit that came from there).
                        let stand_off = r.units.iter().any(|u| {
                                matches!(u.outcome, Outcome::Bounced { .. })
                                    && u.dislodged_by != Some(op)
                                    && orders.iter().any(|o| matches!(o.kind, standoff::OrderKind::Move { unit, to, .. }
                                        if map.province_of(unit.location) == u.province && map.province_of(to) == op))
                            });
                        // (A lone bounce off a Bowen home guard is no stand-off.)
                        let guarded = r.home_guards.iter().any(|&(_, g)| g == op);
                        assert!(
                            !stand_off || guarded,
                            "retreat into a stand-off province {}",
                            map.province(op).id
                        );
                    }
                }
                // The same orders in another sequence give the same result.
                let mut shuffled = orders.to_vec();
                let mut rng = Rng::new(seed ^ 0xABCD);
                for i in (1..shuffled.len()).rev() {
                    shuffled.swap(i, rng.below(i + 1));
                }
                let again = adjudicate_movement(v, before, &shuffled);
                assert_eq!(again.position, r.position);
                // And the same orders again give the same result (deterministic).
                let twice = adjudicate_movement(v, before, orders);
                assert_eq!(twice.position, r.position);
            }
            PhaseResult::Retreat(r) => {
                assert_eq!(
                    r.position.units().count()
                        + r.units
                            .iter()
                            .filter(|(_, o)| !matches!(
                                o,
                                standoff::adjudicate::RetreatOutcome::Retreated(_)
                            ))
                            .count(),
                    before.units().count() + before.dislodged().len()
                );
            }
            PhaseResult::Adjustment(r) => {
                let due = adjustment_counts(v, before);
                for (p, &d) in due.iter().enumerate() {
                    let built = r
                        .changes
                        .iter()
                        .filter(
                            |c| matches!(c, Adjustment::Built(u) if u.power == PowerId(p as u8)),
                        )
                        .count() as i32;
                    // Bowen 10: each disband when nothing is due earns a build, and each
                    // unit Bowen 9 eliminates frees one.
                    let flags = v.flags();
                    let disbanded = r
                        .changes
                        .iter()
                        .filter(|c| {
                            matches!(c, Adjustment::Removed(u) | Adjustment::CutOff(u)
                                if u.power == PowerId(p as u8))
                        })
                        .count() as i32;
                    let extra = if flags.disband_any_turn { disbanded } else { 0 };
                    assert!(built <= d.max(0) + extra, "built beyond the allowance");
                    let units = r.position.unit_count(PowerId(p as u8));
                    let centers = v.counted_centers(before, PowerId(p as u8));
                    if d < 0 && !flags.reduced_units {
                        assert_eq!(units, centers);
                    } else if d < 0 {
                        assert!(units <= centers, "removals short of the centers");
                    }
                }
            }
        }
        // Centers change hands only at the end of the year (fall, or its retreats), and
        // at an opening placement.
        if before.owners() != after.owners() && !v.placing(before) {
            assert_eq!(before.phase().season, Season::Fall);
            assert_ne!(before.phase().kind, PhaseKind::Adjustment);
        }
    });
}

/// The variant library (issue 21): a few short random games on each map with the same
/// checks. `STANDOFF_LIBRARY_GAMES=N` plays N games per variant (scripts/variants/long-random.sh).
#[test]
fn invariants_hold_in_random_games_on_the_variant_library() {
    let games: u64 = std::env::var("STANDOFF_LIBRARY_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(2);
    for name in common::LIBRARY {
        let v = Variant::builtin(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        for seed in 0..games {
            check_random_game(&v, 0x5EED ^ seed);
        }
    }
}
