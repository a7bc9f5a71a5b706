//! The DPTG's adjudication procedure (Diplomacy Player's Technical Guide, 1998, chapter
//! VIII, Steps 1 to 20), followed step by step. It is the judge under the DPTG paradox
//! rule (DATC 4.A.2 f, the `dptg` preset); it starts from the same order collection and
//! legality as the default judge ([`Judge`]) and produces the same kind of result.
//!
//! | DPTG step | what | where |
//! |---|---|---|
//! | 1, 2 | cancel inconsistent convoys; the convoy list | `convoys` |
//! | 3, 4 | cancel inconsistent supports; direct attacks cut support | `cuts` |
//! | 5 | convoy subversion | `subversion` |
//! | 6, 7, 8, 9 | disrupt convoys, cancel their moves, convoyed attacks cut support; loop | `convoy_loop` |
//! | 10, 11 | Futile, Indomitable and Confused convoys; loop again | `subversion`, `convoy_loop` |
//! | 12, 13 | unconfused and confused circles of subversion | `circles` |
//! | 14 | rings of attack | `rings` |
//! | 15, 16, 17 | head-to-head battles, unbalanced and balanced | `head_to_head` |
//! | 18, 19, 20 | the target list and the ordinary battles | `targets`, `battle` |
//!
//! Where the DPTG and the DATC's own rules part ways, this follows the DPTG: a one-route
//! disruption disrupts the whole convoy (DATC 4.A.1 a, with the DPTG's own-country
//! routes preferred), a convoyed attack cuts a support even from the space the support
//! goes into (4.A.4 b, unless the rules say 4.A.4 a), and a defender's countrymen's
//! support still counts against rival attackers (DATC 6.E.7, where the DATC calls the
//! DPTG wrong). Under DATC 4.A.1 b the steps read "disrupted" as "every route broken".
//! Legality, convoy intent and retreats are the rule set's, as for the default judge.

mod battle;
mod board;
mod circles;
mod convoy_loop;
mod convoys;
mod cuts;
mod head_to_head;
mod rings;
mod settled;
mod subversion;
mod targets;

use super::judge::Judge;
use board::Board;
pub(super) use settled::Settled;

/// Runs Steps 1 to 20 on the judge's orders.
pub(super) fn settle<'j, 'a>(judge: &'j Judge<'a>) -> Settled<'j, 'a> {
    let mut board = Board::new(judge);
    convoys::form_convoys(&mut board);
    cuts::cancel_inconsistent_supports(&mut board);
    cuts::direct_attacks_cut(&mut board);
    convoy_loop::settle_convoys(&mut board);
    rings::advance_rings(&mut board);
    head_to_head::resolve_head_to_head(&mut board);
    targets::fight_ordinary_battles(&mut board);
    Settled { board }
}
