//! Steps 3, 4 and 8: supports cancelled and cut.
//!
//! - Step 3: the judge has already set aside supports that match no order (a support to
//!   hold a unit ordered to move, a support to a move not made). What is left here is
//!   the support of a move Step 1 cancelled: that army no longer attempts to move.
//! - Step 4: a direct attack cuts a support, except a countryman's, and except the
//!   attack from the very space the support is given into.
//! - Step 8: a convoyed attack cuts a support, except a countryman's. The Step 4
//!   exception for the support's target does not apply (the DPTG: DATC 4.A.4 b); under
//!   DATC 4.A.4 a it does. Whether the convoy may cut now (not subverted, not Futile) is
//!   the convoy loop's business.

use super::super::judge::Eff;
use super::board::{Board, Failure, MoveFate, SupportFate};
use crate::rules::ConvoyedAttackOnSupport;

/// Step 3: cancels supports of moves Step 1 cancelled.
pub(super) fn cancel_inconsistent_supports(board: &mut Board) {
    let judge = board.judge;
    for s in 0..judge.prov.len() {
        if let Eff::SupportMove { target, .. } = judge.eff[s] {
            if board.gives(s) && board.fate[target as usize] == MoveFate::Failed(Failure::NoConvoy)
            {
                board.support[s] = SupportFate::Cancelled;
            }
        }
    }
}

/// Step 4: direct attacks cut support.
pub(super) fn direct_attacks_cut(board: &mut Board) {
    let judge = board.judge;
    for s in 0..judge.prov.len() {
        if !board.gives(s) {
            continue;
        }
        let cutter = board
            .attacks_on(board.prov(s))
            .into_iter()
            .map(|m| m as usize)
            .find(|&m| !board.convoyed(m) && direct_attack_cuts(board, m, s));
        if let Some(m) = cutter {
            board.support[s] = SupportFate::Cut { by: board.prov(m) };
        }
    }
}

/// Whether the direct attack `m` on supporter `s` cuts its support (Step 4).
fn direct_attack_cuts(board: &Board, m: usize, s: usize) -> bool {
    if board.power(m) == board.power(s) || supports_into(board, s, m) {
        return false;
    }
    // Across a difficult passable border (DATC 10) an attack without strength cuts
    // nothing; support from the supporter's own power does not count.
    board.strength(m, Some(board.power(s))) > 0
}

/// Whether the convoyed `army`, attacking supporter `s`, would cut its support (Step 8,
/// exceptions A and, under DATC 4.A.4 a, the support's target).
pub(super) fn convoyed_attack_cuts(board: &Board, army: usize, s: usize) -> bool {
    if !board.gives(s) || board.power(army) == board.power(s) {
        return false;
    }
    let target_spared =
        board.judge.rules.convoyed_attack_on_support == ConvoyedAttackOnSupport::NotCut;
    !(target_spared && supports_into(board, s, army))
}

/// Whether `s` supports a move into the space attacker `m` comes from.
fn supports_into(board: &Board, s: usize, m: usize) -> bool {
    matches!(board.judge.eff[s], Eff::SupportMove { dest, .. } if dest == board.prov(m))
}

/// The supporter a convoyed `army` attacks, if its attack would cut that support.
pub(super) fn threatened_support(board: &Board, army: usize) -> Option<usize> {
    let dest = board.target(army)?;
    let s = board.unit_in(dest)? as usize;
    convoyed_attack_cuts(board, army, s).then_some(s)
}
