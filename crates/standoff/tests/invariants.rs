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
                assert_eq!(
                    before.units().count(),
                    r.position.units().count() + r.position.dislodged.len()
                );
                for d in &r.position.dislodged {
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
                        assert!(
                            !stand_off,
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
                    before.units().count() + before.dislodged.len()
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
                    assert!(built <= d.max(0), "built beyond the allowance");
                    if d < 0 {
                        assert_eq!(
                            r.position.unit_count(PowerId(p as u8)),
                            v.counted_centers(before, PowerId(p as u8))
                        );
                    }
                }
            }
        }
        // Centers change hands only at the end of the year (fall, or its retreats).
        if before.owners != after.owners {
            assert_eq!(before.phase.season, Season::Fall);
            assert_ne!(before.phase.kind, PhaseKind::Adjustment);
        }
    });
}
