//! Steps 5 to 11: the convoy loop.
//!
//! Each round identifies subversion (Step 5), resolves the attacks on the fleets of the
//! convoys that are not subverted (Step 6), strikes the disrupted convoys and cancels
//! their armies' moves (Step 7), and lets the armies of convoys neither subverted nor
//! Futile cut the support they attack (Step 8); it goes round again while that disrupts
//! a convoy or cuts a support (Step 9). Convoys still subverted then are in closed
//! circles; Step 10 looks for Futile and Indomitable convoys, which let the loop run
//! again (Step 11) and pry the circles open. What is left goes to Steps 12 and 13.
//!
//! Under DATC 4.A.1 b (a convoy survives while any route survives) an Indomitable
//! convoy's fleets are not fought over in Step 6: the convoy survives either way and its
//! army will cut the support its subversion hung on, so the attacks on those fleets
//! wait for the ordinary battles, after the cut (DATC 6.F.19, 6.F.20). Under the DPTG's
//! own rule (4.A.1 a) an Indomitable convoy's fleets survive either way, and Step 6
//! resolves them as written.

use super::battle::fight_at;
use super::board::{Board, Failure, Mark, SupportFate};
use super::circles::resolve_circles;
use super::convoys::disrupted;
use super::cuts::threatened_support;
use super::subversion::{classify, subversions};
use crate::rules::MultiRouteConvoy;

/// Steps 5 to 13.
pub(super) fn settle_convoys(board: &mut Board) {
    run_loop(board);
    let found = subversions(board);
    if found.is_empty() {
        return;
    }
    // Step 10, then Step 11 if it found a chink; Step 10 is not done again.
    if classify(board, &found) {
        run_loop(board);
    }
    // Steps 12 and 13.
    resolve_circles(board);
}

/// Steps 5 to 9, until a round does nothing.
fn run_loop(board: &mut Board) {
    loop {
        // Step 5 (its finding holds for the whole round).
        let found = subversions(board);
        let subverted: Vec<bool> = (0..board.convoys.len())
            .map(|c| found.iter().any(|s| s.of == c))
            .collect();
        disrupt_convoys(board, &subverted); // Step 6
        let disrupted = cancel_disrupted(board); // Step 7
        let cut = convoyed_attacks_cut(board, &subverted); // Step 8
                                                           // Step 9: again while Steps 7 and 8 changed anything.
        if !disrupted && !cut {
            return;
        }
    }
}

/// Step 6: the attacks on the fleets of convoys not subverted are fought out.
fn disrupt_convoys(board: &mut Board, subverted: &[bool]) {
    for (c, &waits) in subverted.iter().enumerate() {
        if waits || !board.convoys[c].listed || fleets_wait(board, c) {
            continue;
        }
        for i in 0..board.convoys[c].fleets.len() {
            let fleet = board.convoys[c].fleets[i] as usize;
            fight_at(board, board.prov(fleet));
        }
    }
}

/// Step 7: disrupted convoys leave the list and their armies' moves are cancelled;
/// whether any did.
fn cancel_disrupted(board: &mut Board) -> bool {
    let mut any = false;
    for c in 0..board.convoys.len() {
        let convoy = &board.convoys[c];
        let fleet_lost = |f: u16| board.dislodged_by[f as usize].is_some();
        if convoy.listed && disrupted(board, convoy, fleet_lost) {
            let army = convoy.army as usize;
            board.convoys[c].listed = false;
            board.fail(army, Failure::NoConvoy);
            any = true;
        }
    }
    any
}

/// Step 8: the armies of convoys neither subverted nor Futile cut the support they
/// attack; whether any did.
fn convoyed_attacks_cut(board: &mut Board, subverted: &[bool]) -> bool {
    let mut any = false;
    for (c, &waits) in subverted.iter().enumerate() {
        let convoy = &board.convoys[c];
        if waits || !convoy.listed || convoy.mark == Mark::Futile {
            continue;
        }
        let army = convoy.army as usize;
        if let Some(s) = threatened_support(board, army) {
            board.support[s] = SupportFate::Cut {
                by: board.prov(army),
            };
            any = true;
        }
    }
    any
}

/// Whether the attacks on convoy `c`'s fleets wait for the ordinary battles (an
/// Indomitable convoy under DATC 4.A.1 b; see the module documentation).
fn fleets_wait(board: &Board, c: usize) -> bool {
    board.judge.rules.multi_route_convoy == MultiRouteConvoy::AllRoutesDisrupted
        && board.convoys[c].mark == Mark::Indomitable
}
