//! The board as the DPTG procedure works on it: the judge's orders plus what each step
//! has decided so far — which moves advanced or were cancelled, which supports were
//! cancelled or cut, who dislodged whom, the convoy list and each fleet's convoy (Step 2) and the stand-off
//! notes (Steps 14 and 19). Every step reads and changes this one record.

use super::super::judge::{Eff, Judge, NONE};
use super::super::routes::ProvinceSet;
use crate::ids::{PowerId, ProvinceId};

/// Where a unit's move stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum MoveFate {
    /// Not resolved yet (or the unit has no move).
    Pending,
    /// The unit advanced into its target.
    Advanced,
    /// The move was cancelled; the unit stays and holds without hold support.
    Failed(Failure),
}

/// Why a move was cancelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Failure {
    /// No convoy carried the army: cancelled in Step 1, or disrupted (Step 7).
    NoConvoy,
    /// Cancelled to resolve a circle of subversion (Steps 12 and 13).
    Circle,
    /// Cancelled in a battle; `by` is where the unit that stopped it stood, or the
    /// contested province.
    Beaten {
        /// The province of the stronger attacker or the defender.
        by: ProvinceId,
    },
}

/// Where a unit's support stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SupportFate {
    /// The support is (still) given.
    Given,
    /// Cancelled (Step 3: it supports a move that is not attempted).
    Cancelled,
    /// Cut by an attack from `by`, or by the supporter's dislodgement by a unit from `by`.
    Cut {
        /// Where the cutting attack came from.
        by: ProvinceId,
    },
}

/// What Step 10 found out about a convoy that remained subverted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mark {
    /// Not classified, or neither Futile, Indomitable nor Confused.
    Plain,
    /// Disrupted whether or not the support survives: cuts nothing, cannot be subverted.
    Futile,
    /// Disrupted in neither case: cannot be subverted.
    Indomitable,
    /// Survives only if the support survives.
    Confused,
}

/// One convoy of the convoy list (Step 2), named after its army.
#[derive(Clone, Debug)]
pub(super) struct Convoy {
    /// The convoyed army.
    pub army: u16,
    /// The convoying fleets (every one on some route of the convoy).
    pub fleets: Vec<u16>,
    /// Still on the list (not struck by Steps 7, 12 or 13).
    pub listed: bool,
    /// Step 10's finding.
    pub mark: Mark,
}

/// The working record of one adjudication.
pub(super) struct Board<'j, 'a> {
    pub judge: &'j Judge<'a>,
    pub fate: Vec<MoveFate>,
    pub support: Vec<SupportFate>,
    pub dislodged_by: Vec<Option<u16>>,
    /// For each convoying fleet, its convoy (an index into `convoys`); `None` for every
    /// other unit, and for fleets whose convoy order Step 1 cancelled.
    pub convoy_of: Vec<Option<usize>>,
    pub convoys: Vec<Convoy>,
    /// Provinces noted as the site of a stand-off.
    pub standoff: ProvinceSet,
}

impl<'j, 'a> Board<'j, 'a> {
    /// The board before Step 1: every active support given, every move pending.
    pub fn new(judge: &'j Judge<'a>) -> Self {
        let n = judge.prov.len();
        let support = (0..n)
            .map(|u| {
                let supports = matches!(
                    judge.eff[u],
                    Eff::SupportHold { .. } | Eff::SupportMove { .. }
                );
                if supports && judge.active(u) {
                    SupportFate::Given
                } else {
                    SupportFate::Cancelled
                }
            })
            .collect();
        Board {
            judge,
            fate: vec![MoveFate::Pending; n],
            support,
            dislodged_by: vec![None; n],
            convoy_of: vec![None; n],
            convoys: Vec::new(),
            standoff: ProvinceSet::new(judge.map.province_count()),
        }
    }

    /// Whether unit `u` has a move that is not resolved yet.
    #[inline]
    pub fn pending(&self, u: usize) -> bool {
        self.fate[u] == MoveFate::Pending && self.judge.move_of(u).is_some()
    }

    /// Whether unit `u`'s move goes by convoy.
    #[inline]
    pub fn convoyed(&self, u: usize) -> bool {
        matches!(self.judge.move_of(u), Some((_, true)))
    }

    /// The target province of `u`'s move, if it has one.
    #[inline]
    pub fn target(&self, u: usize) -> Option<ProvinceId> {
        self.judge.move_of(u).map(|(dest, _)| dest)
    }

    /// The unresolved moves into `p`.
    pub fn attacks_on(&self, p: ProvinceId) -> Vec<u16> {
        self.judge
            .moves_into
            .get(p.index())
            .iter()
            .copied()
            .filter(|&m| self.pending(m as usize))
            .collect()
    }

    /// The unit that stood in `p` at the start of the phase, whatever became of it.
    #[inline]
    pub fn unit_in(&self, p: ProvinceId) -> Option<u16> {
        self.judge.at.get(p.index()).copied().filter(|&u| u != NONE)
    }

    /// The unit in `p` now: the unit that started there, unless it advanced away.
    pub fn occupant(&self, p: ProvinceId) -> Option<u16> {
        self.unit_in(p)
            .filter(|&u| self.fate[u as usize] != MoveFate::Advanced)
    }

    #[inline]
    pub fn power(&self, u: usize) -> PowerId {
        self.judge.power[u]
    }

    #[inline]
    pub fn prov(&self, u: usize) -> ProvinceId {
        self.judge.prov[u]
    }

    /// Whether `s` still gives its support.
    #[inline]
    pub fn gives(&self, s: usize) -> bool {
        self.support[s] == SupportFate::Given
    }

    /// A move's own strength before support: 1, or 0 over land across a difficult
    /// passable border (DATC 10: one support less; the DPTG knows no such borders).
    pub fn base(&self, m: usize) -> u32 {
        match self.judge.move_of(m) {
            Some((dest, false)) if self.judge.difficult(self.prov(m), dest) => 0,
            _ => 1,
        }
    }

    /// The strength of move `m`: its base plus the support to move it has, not
    /// counting supports from `excluding`'s units (DPTG Step 19: a defender's
    /// countrymen do not help to dislodge it).
    pub fn strength(&self, m: usize, excluding: Option<PowerId>) -> u32 {
        let given = self
            .judge
            .supports_of
            .get(m)
            .iter()
            .filter(|&&s| self.gives(s as usize) && Some(self.power(s as usize)) != excluding)
            .count();
        self.base(m) + given as u32
    }

    /// The defence of unit `u` holding its space: 1 plus its support to hold (a unit
    /// ordered to move receives none, even when its move failed or was cancelled).
    pub fn defense(&self, u: usize) -> u32 {
        if self.judge.move_of(u).is_some() {
            return 1;
        }
        let given = self
            .judge
            .supports_of
            .get(u)
            .iter()
            .filter(|&&s| self.gives(s as usize))
            .count();
        1 + given as u32
    }

    /// Cancels `m`'s move.
    pub fn fail(&mut self, m: usize, why: Failure) {
        if self.fate[m] == MoveFate::Pending {
            self.fate[m] = MoveFate::Failed(why);
        }
    }

    /// `m` advances into its target, dislodging the unit there (if it has not left). A
    /// dislodged unit gives no support (Step 19); its own move, if any, is left to the
    /// caller (a dislodged head-to-head unit may still fight, Steps 16 and 17).
    pub fn advance(&mut self, m: usize) {
        self.fate[m] = MoveFate::Advanced;
        let Some(dest) = self.target(m) else {
            return;
        };
        if let Some(d) = self.occupant(dest).filter(|&d| d as usize != m) {
            let d = d as usize;
            self.dislodged_by[d] = Some(m as u16);
            if self.support[d] == SupportFate::Given {
                self.support[d] = SupportFate::Cut { by: self.prov(m) };
            }
        }
    }

    /// Notes `p` as the site of a stand-off.
    pub fn note_standoff(&mut self, p: ProvinceId) {
        self.standoff.insert(p);
    }
}
