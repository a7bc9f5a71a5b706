//! Steps 5 and 10: convoy subversion, and the Futile, Indomitable and Confused convoys.
//!
//! A convoy is vulnerable at a supporter that supports one of its fleets to hold (P) or
//! supports an attack on one of its fleets (Q). Another convoy — or the same one —
//! whose army attacks such a supporter, and could cut it, subverts the convoy: the
//! subverted convoy must wait, since its fleets' fate hangs on that support. Futile
//! convoys subvert nothing; Futile and Indomitable convoys cannot be subverted.
//!
//! Step 10 asks, for each convoy still subverted, whether it would be disrupted if the
//! support through which it is subverted survived (A), and if it were cut (B): yes and
//! yes makes it Futile, no and no Indomitable, no and yes Confused.

use super::super::judge::Eff;
use super::battle::{judge, Fight, Verdict};
use super::board::{Board, Mark, SupportFate};
use super::convoys::disrupted;
use super::cuts::threatened_support;

/// Convoy `by` subverts convoy `of` by attacking the supporter `via`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Subversion {
    pub by: usize,
    pub of: usize,
    pub via: u16,
}

/// Step 5: which listed convoys subvert which, as the board stands.
pub(super) fn subversions(board: &Board) -> Vec<Subversion> {
    let mut found = Vec::new();
    for (by, attacker) in board.convoys.iter().enumerate() {
        if !attacker.listed || attacker.mark == Mark::Futile {
            continue;
        }
        let Some(via) = threatened_support(board, attacker.army as usize) else {
            continue;
        };
        for (of, target) in board.convoys.iter().enumerate() {
            let immune = matches!(target.mark, Mark::Futile | Mark::Indomitable);
            if target.listed && !immune && vulnerable_at(board, of, via) {
                found.push(Subversion {
                    by,
                    of,
                    via: via as u16,
                });
            }
        }
    }
    found
}

/// Whether convoy `c` is vulnerable at supporter `s`: `s` supports one of its fleets to
/// hold, or supports an unresolved attack on one of them.
fn vulnerable_at(board: &Board, c: usize, s: usize) -> bool {
    let fleets = &board.convoys[c].fleets;
    match board.judge.eff[s] {
        Eff::SupportHold { target } => fleets.contains(&target),
        Eff::SupportMove { target, dest, .. } => {
            board.pending(target as usize) && fleets.iter().any(|&f| board.prov(f as usize) == dest)
        }
        _ => false,
    }
}

/// Step 10: marks each convoy subverted in `found` as Futile, Indomitable or Confused
/// (or none of these); whether any was found Futile or Indomitable.
pub(super) fn classify(board: &mut Board, found: &[Subversion]) -> bool {
    let mut chink = false;
    for c in 0..board.convoys.len() {
        let vias: Vec<u16> = found.iter().filter(|s| s.of == c).map(|s| s.via).collect();
        if vias.is_empty() {
            continue;
        }
        let if_survives = disrupted_if(board, c, &vias, SupportFate::Given);
        let if_cut = disrupted_if(board, c, &vias, SupportFate::Cancelled);
        let mark = match (if_survives, if_cut) {
            (true, true) => Mark::Futile,
            (false, false) => Mark::Indomitable,
            (false, true) => Mark::Confused,
            (true, false) => Mark::Plain,
        };
        chink |= matches!(mark, Mark::Futile | Mark::Indomitable);
        board.convoys[c].mark = mark;
    }
    chink
}

/// Whether convoy `c` would be disrupted by the attacks on its fleets if the supports
/// `vias` stood as `fate` (the board is left as it was).
fn disrupted_if(board: &mut Board, c: usize, vias: &[u16], fate: SupportFate) -> bool {
    let saved: Vec<SupportFate> = vias.iter().map(|&v| board.support[v as usize]).collect();
    for &v in vias {
        board.support[v as usize] = fate;
    }
    let mut dislodged = Vec::new();
    for &f in &board.convoys[c].fleets {
        let fight = Fight::at(board, board.prov(f as usize));
        if !fight.attackers.is_empty() && matches!(judge(board, &fight), Verdict::Advance(_)) {
            dislodged.push(f);
        }
    }
    for (&v, fate) in vias.iter().zip(saved) {
        board.support[v as usize] = fate;
    }
    disrupted(board, &board.convoys[c], |f| dislodged.contains(&f))
}
