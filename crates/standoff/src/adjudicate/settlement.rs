//! What a movement judge settled, in the form the result assembly reads: which units
//! moved, who dislodged whom, each unit's outcome with its reason, and where moves stood
//! each other off. Two judges answer these questions: the DATC decision resolver
//! ([`Resolver`], the default) and the DPTG procedure (`dptg`). The assembly in
//! `mod.rs` is generic over this trait, so the default path pays nothing for the choice.

use super::judge::{Eff, Judge, Status};
use super::outcome::Outcome;
use super::resolver::Resolver;
use crate::ids::ProvinceId;

/// The settled facts of one movement phase, asked unit by unit (`u` is the judge's
/// dense unit index) and province by province.
pub(super) trait Settlement {
    /// Whether unit `u` moved.
    fn moved(&mut self, u: usize) -> bool;
    /// The unit that dislodged `u`, if one did; asked only for units that did not move.
    fn dislodger(&mut self, u: usize) -> Option<usize>;
    /// What happened to `u`'s order.
    fn outcome(&mut self, u: usize) -> Outcome;
    /// Whether moves stood each other off in `p` (it matters only when `p` ends empty:
    /// no retreat there).
    fn stood_off(&mut self, p: ProvinceId) -> bool;
    /// Where the railway ride of unit `u` ended, if it left its space (DATC 7.B).
    fn ride_end(&mut self, _u: usize) -> Option<ProvinceId> {
        None
    }
}

impl Settlement for Resolver<'_, '_> {
    #[inline]
    fn moved(&mut self, u: usize) -> bool {
        self.judge.departs(u) && self.value(u)
    }

    fn ride_end(&mut self, u: usize) -> Option<ProvinceId> {
        self.rail_end(u)
    }

    #[inline]
    fn dislodger(&mut self, u: usize) -> Option<usize> {
        Resolver::dislodger(self, u)
    }

    #[inline]
    fn outcome(&mut self, u: usize) -> Outcome {
        resolver_outcome(self.judge, self, u)
    }

    fn stood_off(&mut self, p: ProvinceId) -> bool {
        let judge = self.judge;
        let mut bounced = judge
            .moves_into
            .get(p.index())
            .iter()
            .filter(|&&m| !self.value(m as usize) && self.prevent_strength(m as usize) > 0);
        // A lone move bounced off a home guard (Bowen 6) is no stand-off between moves.
        match judge.guard(p) {
            None => bounced.next().is_some(),
            Some(_) => bounced.nth(1).is_some(),
        }
    }
}

/// A unit's outcome read off the DATC decisions, with the unit or province that
/// stopped it.
#[inline]
fn resolver_outcome(judge: &Judge, r: &mut Resolver, u: usize) -> Outcome {
    match judge.status[u] {
        Status::Illegal(why) => return Outcome::Illegal(why),
        Status::Void => return Outcome::Void,
        Status::Ok => {}
    }
    match judge.eff[u] {
        Eff::Hold | Eff::HopConvoy { .. } => Outcome::Held,
        Eff::Move { dest, convoy, .. } => {
            if r.value(u) {
                // A hop-by-hop convoy lands where the fleets took it (Bowen 4).
                return if judge.hop && convoy {
                    Outcome::LandedAt { at: dest }
                } else {
                    Outcome::Moved
                };
            }
            if !r.has_path(u) {
                return if r.paradox[u] {
                    Outcome::ParadoxFailed
                } else if judge.is_canal_move(u) {
                    Outcome::CanalClosed
                } else {
                    Outcome::NoConvoy
                };
            }
            let attack = r.attack_strength(u);
            let against = match r.head_to_head(u) {
                Some(o) if attack <= r.defend_strength(o) => Some(judge.prov[o]),
                None if attack <= r.hold_strength(dest) => Some(dest),
                _ => judge
                    .moves_into
                    .get(dest.index())
                    .iter()
                    .map(|&m| m as usize)
                    .find(|&m| m != u && attack <= r.prevent_strength(m))
                    .map(|m| judge.prov[m])
                    .or(Some(dest)),
            };
            Outcome::Bounced { against }
        }
        Eff::Rail { dest } => match r.rail_end(u) {
            Some(p) if p == dest => Outcome::Moved,
            Some(p) => Outcome::Stopped { at: p },
            None => Outcome::Bounced {
                against: judge.rail.as_ref().map(|rail| rail.spaces[0]),
            },
        },
        Eff::SupportHold { .. } | Eff::SupportMove { .. } => {
            if r.value(u) {
                Outcome::Supported
            } else {
                let by = r
                    .cutting_attack(u)
                    .or_else(|| Resolver::dislodger(r, u))
                    .map(|m| judge.prov[m])
                    .unwrap_or(judge.prov[u]);
                Outcome::Cut { by }
            }
        }
        // A convoy helps only if the army's move has a complete, undisrupted route.
        Eff::Convoy { army, .. } => {
            if r.has_path(army as usize) {
                Outcome::Convoyed
            } else {
                Outcome::NoConvoy
            }
        }
    }
}
