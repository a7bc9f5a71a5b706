//! Steps 12 and 13: the circles of subversion nothing could break.
//!
//! After the convoy loop, the convoys still subverted form closed circles (each
//! subverts exactly one other, or itself). A circle with no Confused convoy is resolved
//! by disrupting every convoy in it: the armies' moves are cancelled and the attacks on
//! the fleets are fought out (Step 12). A circle with a Confused convoy is a grand
//! stand-off: the armies' moves and every attack on the fleets are cancelled, so the
//! fleets survive and the supports the circle hung on stand (Step 13). Either way the
//! circle's convoys leave the convoy list.

use super::battle::fight_at;
use super::board::{Board, Failure, Mark};
use super::subversion::subversions;

/// Steps 12 and 13 for every remaining circle.
pub(super) fn resolve_circles(board: &mut Board) {
    let mut circles: Vec<(bool, Vec<usize>)> = circles(board)
        .into_iter()
        .map(|c| (is_confused(board, &c), c))
        .collect();
    // Step 12 first, then Step 13 (the circles are independent; the order is the DPTG's).
    circles.sort_by_key(|(confused, _)| *confused);
    for (confused, circle) in circles {
        for &c in &circle {
            let army = board.convoys[c].army as usize;
            board.fail(army, Failure::Circle);
        }
        for &c in &circle {
            for i in 0..board.convoys[c].fleets.len() {
                let space = board.prov(board.convoys[c].fleets[i] as usize);
                if confused {
                    for m in board.attacks_on(space) {
                        board.fail(m as usize, Failure::Circle);
                    }
                } else {
                    fight_at(board, space);
                }
            }
            board.convoys[c].listed = false;
        }
    }
}

fn is_confused(board: &Board, circle: &[usize]) -> bool {
    circle
        .iter()
        .any(|&c| board.convoys[c].mark == Mark::Confused)
}

/// The subverted convoys, grouped into circles (connected by subversion).
fn circles(board: &Board) -> Vec<Vec<usize>> {
    let found = subversions(board);
    let n = board.convoys.len();
    let mut subverted = vec![false; n];
    for s in &found {
        subverted[s.of] = true;
    }
    // Union-find over the convoys; each circle is one set.
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut c: usize) -> usize {
        while parent[c] != c {
            parent[c] = parent[parent[c]];
            c = parent[c];
        }
        c
    }
    for s in &found {
        if subverted[s.by] {
            let (a, b) = (root(&mut parent, s.by), root(&mut parent, s.of));
            parent[a.max(b)] = a.min(b);
        }
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut group_of = vec![usize::MAX; n];
    for c in (0..n).filter(|&c| subverted[c]) {
        let r = root(&mut parent, c);
        if group_of[r] == usize::MAX {
            group_of[r] = groups.len();
            groups.push(Vec::new());
        }
        groups[group_of[r]].push(c);
    }
    groups
}
