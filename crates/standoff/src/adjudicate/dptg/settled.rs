//! What the DPTG procedure settled, read by the result assembly: each unit's move,
//! dislodgement and outcome (with the reason a report prints), and the stand-off notes.

use super::super::judge::{Eff, Status};
use super::super::outcome::Outcome;
use super::super::settlement::Settlement;
use super::board::{Board, Failure, MoveFate, SupportFate};
use crate::ids::ProvinceId;

/// The finished board of one DPTG adjudication.
pub(in crate::adjudicate) struct Settled<'j, 'a> {
    pub(super) board: Board<'j, 'a>,
}

impl Settled<'_, '_> {
    /// Whether army `u`'s convoy carried it: its convoy survived Steps 1 to 13.
    pub fn convoy_carried(&self, u: usize) -> bool {
        self.board
            .convoys
            .iter()
            .any(|c| c.listed && c.army as usize == u)
    }
}

impl Settlement for Settled<'_, '_> {
    fn moved(&mut self, u: usize) -> bool {
        self.board.fate[u] == MoveFate::Advanced
    }

    fn dislodger(&mut self, u: usize) -> Option<usize> {
        self.board.dislodged_by[u].map(usize::from)
    }

    fn outcome(&mut self, u: usize) -> Outcome {
        let board = &self.board;
        let judge = board.judge;
        match judge.status[u] {
            Status::Illegal(why) => return Outcome::Illegal(why),
            Status::Void => return Outcome::Void,
            Status::Ok => {}
        }
        match judge.eff[u] {
            // Railway rides and hop-by-hop convoys never reach the DPTG procedure.
            Eff::Hold | Eff::Rail { .. } | Eff::HopConvoy { .. } => Outcome::Held,
            Eff::Move { .. } => match board.fate[u] {
                MoveFate::Advanced => Outcome::Moved,
                MoveFate::Failed(Failure::NoConvoy) => Outcome::NoConvoy,
                MoveFate::Failed(Failure::Circle) => Outcome::ParadoxFailed,
                MoveFate::Failed(Failure::Beaten { by }) => Outcome::Bounced { against: Some(by) },
                MoveFate::Pending => Outcome::Bounced { against: None },
            },
            Eff::SupportHold { .. } | Eff::SupportMove { .. } => match board.support[u] {
                SupportFate::Given => Outcome::Supported,
                SupportFate::Cut { by } => Outcome::Cut { by },
                SupportFate::Cancelled => Outcome::Void,
            },
            Eff::Convoy { .. } => match board.convoy_of[u] {
                Some(c) if board.convoys[c].listed => Outcome::Convoyed,
                _ => Outcome::NoConvoy,
            },
        }
    }

    fn stood_off(&mut self, p: ProvinceId) -> bool {
        self.board.standoff.contains(p)
    }
}
