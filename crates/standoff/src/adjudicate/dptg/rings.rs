//! Step 14: rings of attack.
//!
//! A ring is three or more units each attacking the next, in a closed circle — or two,
//! when at least one of them goes by convoy (two direct attacks on each other are a
//! head-to-head battle instead). Where an extra attacker interferes with a ring's target
//! space, only the single strongest attack on that space survives (a tie cancels them
//! all and notes a stand-off). A ring whose attacks all survive advances as a whole;
//! a broken ring is left to the ordinary battles (Steps 18 to 20).

use super::board::{Board, Failure, MoveFate};

/// Step 14 for every ring on the board.
pub(super) fn advance_rings(board: &mut Board) {
    for ring in rings(board) {
        resolve_ring(board, &ring);
    }
}

/// The unit standing in `u`'s target with a move of its own still to resolve.
fn next_in_line(board: &Board, u: usize) -> Option<usize> {
    if !board.pending(u) {
        return None;
    }
    let v = board.occupant(board.target(u)?)? as usize;
    (v != u && board.pending(v)).then_some(v)
}

/// The rings: cycles of unresolved moves, each into the next unit's space.
fn rings(board: &Board) -> Vec<Vec<usize>> {
    const NEW: u8 = 0;
    const ON_PATH: u8 = 1;
    const DONE: u8 = 2;
    let n = board.judge.prov.len();
    let mut state = vec![NEW; n];
    let mut found = Vec::new();
    for start in 0..n {
        let mut path = Vec::new();
        let mut u = Some(start);
        while let Some(at) = u {
            match state[at] {
                DONE => break,
                ON_PATH => {
                    if let Some(i) = path.iter().position(|&p| p == at) {
                        found.push(path[i..].to_vec());
                    }
                    break;
                }
                _ => {
                    state[at] = ON_PATH;
                    path.push(at);
                    u = next_in_line(board, at);
                }
            }
        }
        for p in path {
            state[p] = DONE;
        }
    }
    found.retain(|ring: &Vec<usize>| {
        ring.len() >= 3 || (ring.len() == 2 && ring.iter().any(|&u| board.convoyed(u)))
    });
    found
}

/// Settles the interference on `ring`'s spaces, then advances the ring if it is intact.
fn resolve_ring(board: &mut Board, ring: &[usize]) {
    // Decide every interference space first (they do not affect one another).
    let mut decisions = Vec::new();
    for &u in ring {
        let Some(space) = board.target(u) else {
            return;
        };
        let attackers = board.attacks_on(space);
        if attackers.len() < 2 {
            continue;
        }
        let strengths: Vec<u32> = attackers
            .iter()
            .map(|&a| board.strength(a as usize, None))
            .collect();
        let best = strengths.iter().copied().max().unwrap_or(0);
        let mut strongest = attackers
            .iter()
            .zip(&strengths)
            .filter(|&(_, &s)| s == best)
            .map(|(&a, _)| a);
        let winner = match (strongest.next(), strongest.next()) {
            (Some(a), None) => Some(a),
            _ => None,
        };
        decisions.push((space, attackers, winner));
    }
    let mut intact = true;
    for (space, attackers, winner) in decisions {
        let by = winner.map_or(space, |w| board.prov(w as usize));
        for &a in attackers.iter().filter(|&&a| Some(a) != winner) {
            board.fail(a as usize, Failure::Beaten { by });
            intact &= !ring.contains(&(a as usize));
        }
        if winner.is_none() {
            board.note_standoff(space);
        }
    }
    if intact {
        // Each ring unit's target is vacated by the next: nobody is dislodged.
        for &u in ring {
            board.fate[u] = MoveFate::Advanced;
        }
    }
}
