//! Steps 15 to 17: head-to-head battles.
//!
//! Two units attacking each other directly (neither by convoy) fight a head-to-head
//! battle, together with any outside attacks on their two spaces. The battle is
//! balanced when the two attack with equal strength, or are countrymen; support from the
//! weaker unit's own countrymen cannot unbalance it (the DPTG: nobody helps to dislodge
//! his own unit).
//!
//! - Unbalanced (Step 16): first the battle for the weaker unit's space, its defender
//!   holding without support; if the stronger wins there, it advances and the weaker's
//!   attack is void. Otherwise the battle for the stronger unit's space follows, the
//!   weaker fighting in it even if dislodged meanwhile — but never able to dislodge the
//!   stronger: when the weaker is the single strongest attack there, all are cancelled.
//! - Balanced (Step 17): each half is fought on its own, each defender holding without
//!   support; a head-to-head attack that is single strongest in its half is cancelled
//!   too. Neither unit moves, but either may save the other's space from outside
//!   attackers, even when dislodged.

use super::battle::{apply, judge, Fight, Verdict};
use super::board::{Board, Failure};

/// Steps 15 to 17 for every head-to-head battle on the board.
pub(super) fn resolve_head_to_head(board: &mut Board) {
    // Step 15: the list, each battle marked balanced or unbalanced (stronger first).
    let mut unbalanced = Vec::new();
    let mut balanced = Vec::new();
    for a in 0..board.judge.prov.len() {
        let Some(b) = opponent(board, a) else {
            continue;
        };
        if b < a {
            continue;
        }
        match stronger(board, a, b) {
            Some(first) => unbalanced.push(if first == a { (a, b) } else { (b, a) }),
            None => balanced.push((a, b)),
        }
    }
    for (strong, weak) in unbalanced {
        fight_unbalanced(board, strong, weak);
    }
    for (a, b) in balanced {
        fight_balanced(board, a, b);
    }
}

/// The unit `a` fights head to head: it attacks `a`'s space directly as `a` attacks its.
fn opponent(board: &Board, a: usize) -> Option<usize> {
    if !board.pending(a) || board.convoyed(a) {
        return None;
    }
    let b = board.occupant(board.target(a)?)? as usize;
    let direct_back = board.pending(b) && !board.convoyed(b);
    (b != a && direct_back && board.target(b) == Some(board.prov(a))).then_some(b)
}

/// The stronger of two head-to-head units when the battle is unbalanced.
fn stronger(board: &Board, a: usize, b: usize) -> Option<usize> {
    if board.power(a) == board.power(b) {
        return None;
    }
    let (sa, sb) = (board.strength(a, None), board.strength(b, None));
    let (strong, weak, weak_strength) = if sa > sb {
        (a, b, sb)
    } else if sb > sa {
        (b, a, sa)
    } else {
        return None;
    };
    let unaided = board.strength(strong, Some(board.power(weak)));
    (unaided > weak_strength).then_some(strong)
}

/// Step 16.
fn fight_unbalanced(board: &mut Board, strong: usize, weak: usize) {
    let weak_space = board.prov(weak);
    let fight = Fight::at(board, weak_space);
    let verdict = judge(board, &fight);
    apply(board, &fight, verdict);
    if verdict == Verdict::Advance(strong as u16) {
        // Dislodged by the unit it fought: its attack has no effect at all.
        board.fail(
            weak,
            Failure::Beaten {
                by: board.prov(strong),
            },
        );
        return;
    }
    let mut fight = Fight::at(board, board.prov(strong));
    fight.harmless = Some(weak as u16);
    let verdict = judge(board, &fight);
    apply(board, &fight, verdict);
}

/// Step 17.
fn fight_balanced(board: &mut Board, a: usize, b: usize) {
    let mut half_a = Fight::at(board, board.prov(a));
    half_a.harmless = Some(b as u16);
    let mut half_b = Fight::at(board, board.prov(b));
    half_b.harmless = Some(a as u16);
    let (verdict_a, verdict_b) = (judge(board, &half_a), judge(board, &half_b));
    apply(board, &half_a, verdict_a);
    apply(board, &half_b, verdict_b);
}
