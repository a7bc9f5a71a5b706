//! One battle for one space, by the DPTG's "standard instructions for resolving
//! attacks" (Step 19), which Steps 6, 10, 12, 16 and 17 also use:
//!
//! - only the single strongest attack (the most support to move) survives; when two or
//!   more tie for strongest, all are cancelled, and an empty space is noted as the site
//!   of a stand-off;
//! - an attack never dislodges a countryman;
//! - the single strongest attack advances into an empty space, and dislodges a foreign
//!   defender only when stronger than its defence, not counting support from the
//!   defender's own countrymen (that support counts against rival attackers only).
//!
//! [`judge`] decides without changing the board (Step 10 asks "what if"); [`apply`]
//! carries the verdict out.

use super::board::{Board, Failure};
use crate::ids::ProvinceId;

/// The attacks on one space and who defends it.
#[derive(Clone, Debug)]
pub(super) struct Fight {
    /// The contested space.
    pub space: ProvinceId,
    /// The unresolved attacks on it.
    pub attackers: Vec<u16>,
    /// The unit holding it, if any (it holds without support when it was ordered to move).
    pub defender: Option<u16>,
    /// A head-to-head attacker that may not dislodge the defender: when it is the single
    /// strongest attack, every attack is cancelled and the defender is safe (the weaker
    /// unit of an unbalanced battle, Step 16; either unit of a balanced one, Step 17).
    pub harmless: Option<u16>,
}

/// The outcome of a [`Fight`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// This attack advances (dislodging the defender, if any); all others are cancelled.
    Advance(u16),
    /// Every attack is cancelled. `tie` when no attack was single strongest; `strongest`
    /// the single strongest attack otherwise.
    Repelled {
        /// No single strongest attack.
        tie: bool,
        /// The single strongest attack, when there was one.
        strongest: Option<u16>,
    },
}

impl Fight {
    /// The battle for `space` as the board stands: its unresolved attacks and its
    /// occupant.
    pub fn at(board: &Board, space: ProvinceId) -> Fight {
        Fight {
            space,
            attackers: board.attacks_on(space),
            defender: board.occupant(space),
            harmless: None,
        }
    }
}

/// Decides `fight` on the board as it stands.
pub(super) fn judge(board: &Board, fight: &Fight) -> Verdict {
    let mut best: Option<(u16, u32)> = None;
    let mut tie = false;
    for &a in &fight.attackers {
        let s = board.strength(a as usize, None);
        match best {
            Some((_, b)) if s < b => {}
            Some((_, b)) if s == b => tie = true,
            _ => {
                best = Some((a, s));
                tie = false;
            }
        }
    }
    let Some((strongest, _)) = best else {
        return Verdict::Repelled {
            tie: false,
            strongest: None,
        };
    };
    if tie {
        return Verdict::Repelled {
            tie: true,
            strongest: None,
        };
    }
    let repelled = Verdict::Repelled {
        tie: false,
        strongest: Some(strongest),
    };
    if fight.harmless == Some(strongest) {
        return repelled;
    }
    let Some(defender) = fight.defender else {
        return Verdict::Advance(strongest);
    };
    let defender = defender as usize;
    let country = board.power(defender);
    if board.power(strongest as usize) == country {
        return repelled;
    }
    if board.strength(strongest as usize, Some(country)) > board.defense(defender) {
        Verdict::Advance(strongest)
    } else {
        repelled
    }
}

/// Carries out `verdict` for `fight`: the winner advances, every other attack is
/// cancelled, a stand-off in an empty space is noted.
pub(super) fn apply(board: &mut Board, fight: &Fight, verdict: Verdict) {
    match verdict {
        Verdict::Advance(winner) => {
            let by = board.prov(winner as usize);
            for &a in &fight.attackers {
                if a != winner {
                    board.fail(a as usize, Failure::Beaten { by });
                }
            }
            board.advance(winner as usize);
        }
        Verdict::Repelled { tie, strongest } => {
            for &a in &fight.attackers {
                // Beaten by the single strongest attack, or by the defence or the
                // stand-off in the space itself.
                let by = match strongest {
                    Some(s) if s != a => board.prov(s as usize),
                    _ => fight.space,
                };
                board.fail(a as usize, Failure::Beaten { by });
            }
            if tie && fight.defender.is_none() {
                board.note_standoff(fight.space);
            }
        }
    }
}

/// Decides and carries out the battle for `space`; the unit dislodged there, if any.
pub(super) fn fight_at(board: &mut Board, space: ProvinceId) -> Option<u16> {
    let fight = Fight::at(board, space);
    if fight.attackers.is_empty() {
        return None;
    }
    let verdict = judge(board, &fight);
    apply(board, &fight, verdict);
    match verdict {
        Verdict::Advance(_) => fight.defender,
        Verdict::Repelled { .. } => None,
    }
}
