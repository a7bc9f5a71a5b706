//! Steps 18 to 20: the ordinary battles.
//!
//! Each round lists the spaces under unresolved attack, leaving out for now any space
//! whose unit still has a move of its own to resolve (it gets its fair chance to move
//! out first), and fights the battle for each listed space (Step 19); rounds repeat
//! until no move is left (Step 20).
//!
//! The battles of one round concern different spaces and do not depend on one another,
//! with one exception the DPTG states as a principle: a dislodged unit gives no support.
//! So within a round the battles that dislodge a supporter are carried out first, and
//! the others are decided after them; the result does not depend on the order in which
//! the spaces are listed.

use super::battle::{apply, judge, Fight, Verdict};
use super::board::{Board, Failure};
use crate::ids::ProvinceId;

/// Steps 18 to 20.
pub(super) fn fight_ordinary_battles(board: &mut Board) {
    loop {
        let mut listed = target_list(board);
        if listed.is_empty() {
            // Steps 14 to 17 leave no circle of unresolved moves, so nothing is left
            // here; cancel anything that is, so the procedure always ends.
            for u in 0..board.judge.prov.len() {
                if let Some(by) = board.target(u).filter(|_| board.pending(u)) {
                    board.fail(u, Failure::Beaten { by });
                }
            }
            return;
        }
        while !listed.is_empty() {
            let fights: Vec<(Fight, Verdict)> = listed
                .iter()
                .map(|&p| {
                    let fight = Fight::at(board, p);
                    let verdict = judge(board, &fight);
                    (fight, verdict)
                })
                .collect();
            let dislodges_supporter = |(fight, verdict): &(Fight, Verdict)| {
                matches!(verdict, Verdict::Advance(_))
                    && fight.defender.is_some_and(|d| board.gives(d as usize))
            };
            let first: Vec<bool> = fights.iter().map(dislodges_supporter).collect();
            let all = !first.contains(&true) || !first.contains(&false);
            let mut rest = Vec::new();
            for ((fight, verdict), now) in fights.into_iter().zip(first) {
                if all || now {
                    apply(board, &fight, verdict);
                } else {
                    rest.push(fight.space);
                }
            }
            listed = rest;
        }
    }
}

/// Step 18: the spaces under unresolved attack whose unit, if any, has no move left to
/// resolve.
fn target_list(board: &Board) -> Vec<ProvinceId> {
    (0..board.judge.map.province_count())
        .map(|p| ProvinceId(p as u16))
        .filter(|&p| {
            let attacked = board.judge.moves_into.get(p.index()).iter();
            attacked.copied().any(|m| board.pending(m as usize))
                && board.occupant(p).is_none_or(|o| !board.pending(o as usize))
        })
        .collect()
}
