//! The resolver: DATC decisions (MOVE, SUPPORT, DISLODGE, PATH and the strengths)
//! settled by guess-and-check with cycle detection (DATC 5.C/5.D, Kruijswijk's
//! algorithm). Each active move, support and convoy order has one boolean decision:
//! move succeeds / support is given / convoying fleet is not dislodged. Strengths are
//! computed from those on demand. Cycles with a convoy are paradoxes settled by the
//! Szykman rule; cycles without one are circular movement (all moves succeed).

use super::buffers::{emptied, ResolverBuffers};
use super::judge::{Eff, Judge, NONE};
use crate::unit::Grade;
use smallvec::SmallVec;
use std::cell::RefCell;

/// A full unit's strength, in halves (see [`Resolver::unit_strength`]).
const FULL: u32 = 2;
use crate::ids::ProvinceId;
use crate::rules::{ConvoyedAttackOnSupport, DislodgedUnitEffect, MultiRouteConvoy, ParadoxRule};
use crate::unit::UnitKind;

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Unresolved,
    Guessing,
    Resolved,
}

/// Resolution state for one phase.
pub struct Resolver<'j, 'a> {
    pub judge: &'j Judge<'a>,
    state: Vec<State>,
    result: Vec<bool>,
    deps: Vec<u16>,
    /// Convoyed moves failed by the paradox rule: no path, no effect.
    pub paradox: Vec<bool>,
    /// Railway legs failed by the railway's paradox rule: they fail but still bounce
    /// (DATC 7.B.23); empty unless a railway ride was ordered.
    bounce_only: Vec<bool>,
    /// Lengths of `deps` at which the canal's passage was found to rest on a guess: a
    /// cycle beginning at or before such a length involves the canal (DATC 7.C.9).
    canal_marks: Vec<usize>,
    scratch: Vec<u16>,
    /// Per convoyed move asked about under DATC 4.A.1 a: its convoyers on some route
    /// (they depend on the board only, so each is searched once a phase).
    convoy_routes: Vec<(usize, Vec<bool>)>,
}

thread_local! {
    /// The resolver's vectors, kept for the thread's next phase (see `buffers`).
    static RESOLVER: RefCell<Option<ResolverBuffers<State>>> = const { RefCell::new(None) };
}

impl Drop for Resolver<'_, '_> {
    fn drop(&mut self) {
        use std::mem::take;
        let buffers = ResolverBuffers {
            state: take(&mut self.state),
            result: take(&mut self.result),
            deps: take(&mut self.deps),
            paradox: take(&mut self.paradox),
            scratch: take(&mut self.scratch),
        };
        let _ = RESOLVER.try_with(|cell| *cell.borrow_mut() = Some(buffers));
    }
}

impl<'j, 'a> Resolver<'j, 'a> {
    /// A resolver with nothing decided.
    pub fn new(judge: &'j Judge<'a>) -> Self {
        let n = judge.prov.len();
        let b = RESOLVER
            .try_with(|cell| cell.borrow_mut().take())
            .ok()
            .flatten()
            .unwrap_or_default();
        let filled = |mut v: Vec<bool>| {
            v.clear();
            v.resize(n, false);
            v
        };
        let mut state = b.state;
        state.clear();
        state.resize(n, State::Unresolved);
        Resolver {
            judge,
            state,
            result: filled(b.result),
            deps: emptied(b.deps),
            paradox: filled(b.paradox),
            bounce_only: if judge.rail.is_some() {
                vec![false; n]
            } else {
                Vec::new()
            },
            canal_marks: Vec::new(),
            scratch: emptied(b.scratch),
            convoy_routes: Vec::new(),
        }
    }

    /// Settles every decision.
    pub fn resolve_all(&mut self) {
        for u in 0..self.judge.prov.len() {
            if self.judge.active(u) && !matches!(self.judge.eff[u], Eff::Hold) {
                self.resolve(u);
            }
        }
    }

    /// The settled value of unit `u`'s decision.
    #[inline]
    pub fn value(&self, u: usize) -> bool {
        self.result[u]
    }

    /// Kruijswijk's resolve: guess, check, and detect dependency cycles.
    pub fn resolve(&mut self, u: usize) -> bool {
        match self.state[u] {
            State::Resolved => return self.result[u],
            State::Guessing => {
                // Record the dependency even when `u` is already listed, so that the
                // frame reading it knows its value rests on a guess (otherwise it would
                // settle for good on that guess: the differential harness's case DIFF.11).
                self.deps.push(u as u16);
                return self.result[u];
            }
            State::Unresolved => {}
        }
        let old_len = self.deps.len();
        self.result[u] = false;
        self.state[u] = State::Guessing;
        let first = self.adjudicate(u);
        if self.deps.len() == old_len {
            if self.state[u] != State::Resolved {
                self.result[u] = first;
                self.state[u] = State::Resolved;
            }
            return self.result[u];
        }
        if self.deps[old_len] != u as u16 {
            // Part of a cycle that started further up: keep guessing.
            self.deps.push(u as u16);
            self.result[u] = first;
            return first;
        }
        // `u` heads a cycle: try the other guess.
        self.forget_guesses_since(old_len);
        self.result[u] = true;
        self.state[u] = State::Guessing;
        let second = self.adjudicate(u);
        if first == second {
            self.forget_guesses_since(old_len);
            self.result[u] = first;
            self.state[u] = State::Resolved;
            return first;
        }
        // Both guesses consistent (or neither): circular movement or a paradox.
        self.backup_rule(old_len);
        self.resolve(u)
    }

    /// Settles a cycle: with a convoying fleet in it, the Szykman rule (every move
    /// convoyed by a fleet of the cycle fails and has no effect); without, circular
    /// movement (all moves in it succeed).
    fn backup_rule(&mut self, old_len: usize) {
        let j = self.judge;
        self.scratch.clear();
        self.scratch.extend_from_slice(&self.deps[old_len..]);
        self.deps.truncate(old_len);
        let is_move = |d: u16| j.departs(d as usize);
        let is_support = |d: u16| {
            matches!(
                j.eff[d as usize],
                Eff::SupportHold { .. } | Eff::SupportMove { .. }
            )
        };
        // A paradox needs a convoying fleet whose survival is part of the cycle; a
        // cycle of moves (convoyed or not) is circular movement.
        let paradox = self
            .scratch
            .iter()
            .any(|&d| matches!(j.eff[d as usize], Eff::Convoy { .. }));
        // Railway legs and canal moves in the cycle (DATC 7.B, 7.C).
        let canal_involved = self.canal_marks.iter().any(|&k| k >= old_len);
        self.canal_marks.retain(|&k| k < old_len);
        let special = canal_involved
            || (j.special
                && self.scratch.iter().any(|&d| {
                    let d = d as usize;
                    j.leg(d).is_some() || j.is_canal_move(d) || matches!(j.eff[d], Eff::Rail { .. })
                }));
        let mut progress = false;
        if special
            && !(paradox && j.rules.paradox == ParadoxRule::AllHold)
            && !(!paradox
                && self.scratch.iter().all(|&d| is_move(d))
                && self.all_moves_consistent())
        {
            progress = self.variant_paradox_rules(canal_involved, paradox);
        } else if paradox && j.rules.paradox == ParadoxRule::AllHold {
            // DATC 4.A.2 e: every move in the paradox fails, the convoyed armies' moves
            // (whose convoys are in the cycle) included.
            self.unresolve_cycle();
            for i in 0..self.scratch.len() {
                let d = self.scratch[i];
                let failing = match j.eff[d as usize] {
                    Eff::Convoy { army, .. } => Some(army as usize),
                    _ if is_move(d) => Some(d as usize),
                    _ => None,
                };
                if let Some(m) = failing {
                    progress |= self.state[m] != State::Resolved;
                    self.result[m] = false;
                    self.state[m] = State::Resolved;
                }
            }
        } else if paradox {
            progress = self.fail_cycle_convoys();
            self.unresolve_cycle();
        } else if self.scratch.iter().any(|&d| is_support(d)) {
            // Supports that cut each other with no convoy involved (possible across
            // difficult passable borders, DATC 10.F): cut them all, symmetrically.
            progress = self.settle_cycle_members(is_support, false);
        } else {
            // Circular movement: every move in the cycle succeeds.
            progress = self.settle_cycle_members(is_move, true);
        }
        if !progress {
            // Nothing left to settle by rule: keep the current guesses, so resolution
            // always ends.
            for i in 0..self.scratch.len() {
                self.state[self.scratch[i] as usize] = State::Resolved;
            }
        }
    }

    /// The variant's paradox rules for the cycle in `scratch`, applied together with the
    /// convoy one (DATC 7.D): the canal move fails and has no effect (7.C.8); the last
    /// railway leg of the paradox fails but still bounces (7.B.23). Under the Szykman
    /// rule the cycle's convoyed armies fail too; under the 1971/1982/2000 rules they
    /// do only when the variant's rules settle nothing (7.C.13). Whether anything was
    /// settled; the cycle's decisions are unresolved again.
    fn variant_paradox_rules(&mut self, canal_involved: bool, convoy_paradox: bool) -> bool {
        let j = self.judge;
        let mut progress = false;
        let permitted = j.canal_permit as usize;
        let canal_in_cycle =
            canal_involved || self.scratch.iter().any(|&d| d as usize == permitted);
        if canal_in_cycle && permitted < j.units {
            progress |= !self.paradox[permitted];
            self.paradox[permitted] = true;
        }
        if let Some(leg) = self.paradoxical_leg() {
            progress |= !self.bounce_only[leg];
            self.bounce_only[leg] = true;
        }
        if convoy_paradox && (j.rules.paradox == ParadoxRule::Szykman || !progress) {
            progress |= self.fail_cycle_convoys();
        }
        self.unresolve_cycle();
        progress
    }

    /// The Szykman rule for the cycle in `scratch`: every army convoyed by a fleet of the
    /// cycle fails and has no effect. Whether any was not failed yet.
    fn fail_cycle_convoys(&mut self) -> bool {
        let j = self.judge;
        let mut progress = false;
        for i in 0..self.scratch.len() {
            if let Eff::Convoy { army, .. } = j.eff[self.scratch[i] as usize] {
                progress |= !self.paradox[army as usize];
                self.paradox[army as usize] = true;
            }
        }
        progress
    }

    /// Marks every decision of the cycle in `scratch` unresolved again.
    fn unresolve_cycle(&mut self) {
        for i in 0..self.scratch.len() {
            self.state[self.scratch[i] as usize] = State::Unresolved;
        }
    }

    /// Whether letting every move of the cycle in `scratch` succeed is consistent
    /// (circular movement, with a railway ride or through a canal: DATC 7.B.17, 7.C.7).
    /// Leaves the resolution state as it found it.
    fn all_moves_consistent(&mut self) -> bool {
        let (state, result, deps) = (self.state.clone(), self.result.clone(), self.deps.len());
        for &d in &self.scratch {
            self.result[d as usize] = true;
            self.state[d as usize] = State::Resolved;
        }
        let members = self.scratch.clone();
        let consistent = members.iter().all(|&d| self.adjudicate(d as usize));
        self.state = state;
        self.result = result;
        self.deps.truncate(deps);
        consistent
    }

    /// The railway leg the paradox rule fails (DATC 7.B.23-7.B.25): the last leg of the
    /// cycle, or the leg after it when that one's bounce is what the cycle turns on (its
    /// existence is decided by the cycle's last leg while a move of the cycle goes to its
    /// space).
    fn paradoxical_leg(&self) -> Option<usize> {
        let j = self.judge;
        let rail = j.rail.as_ref()?;
        let last = self
            .scratch
            .iter()
            .filter_map(|&d| j.leg(d as usize))
            .max()?;
        let next = last + 1;
        let contested = next < rail.spaces.len()
            && self.scratch.iter().any(|&d| {
                j.leg(d as usize).is_none()
                    && matches!(j.move_of(d as usize), Some((dest, _)) if dest == rail.spaces[next])
            });
        Some(rail.first_leg + if contested { next } else { last })
    }

    /// Drops the guesses recorded since `old_len`: those decisions are unresolved again.
    fn forget_guesses_since(&mut self, old_len: usize) {
        for i in old_len..self.deps.len() {
            let d = self.deps[i] as usize;
            self.state[d] = State::Unresolved;
        }
        self.deps.truncate(old_len);
        self.canal_marks.retain(|&k| k < old_len);
    }

    /// Marks every decision of the cycle in `scratch` unresolved, then settles those
    /// `selected` to `value`; whether any was settled.
    fn settle_cycle_members(&mut self, selected: impl Fn(u16) -> bool, value: bool) -> bool {
        let mut settled = false;
        for i in 0..self.scratch.len() {
            let d = self.scratch[i];
            self.state[d as usize] = State::Unresolved;
            if selected(d) {
                self.result[d as usize] = value;
                self.state[d as usize] = State::Resolved;
                settled = true;
            }
        }
        settled
    }

    fn adjudicate(&mut self, u: usize) -> bool {
        match self.judge.eff[u] {
            Eff::Move { .. } if self.judge.special && self.judge.leg(u).is_some() => {
                self.leg_succeeds(u)
            }
            Eff::Move { .. } => self.move_succeeds(u),
            Eff::Rail { .. } => self.rail_end(u).is_some(),
            Eff::SupportHold { .. } | Eff::SupportMove { .. } => self.support_given(u),
            Eff::Convoy { .. } => !self.dislodged(u),
            Eff::Hold | Eff::HopConvoy { .. } => false,
        }
    }

    /// The head-to-head opponent of move `m`: the unit in its destination moving to
    /// its origin, neither by convoy.
    pub fn head_to_head(&self, m: usize) -> Option<usize> {
        let j = self.judge;
        let (dest, convoy) = j.move_of(m)?;
        if convoy {
            return None;
        }
        let o = j.at[dest.index()];
        if o == NONE {
            return None;
        }
        let mut o = o as usize;
        if j.special {
            // No head-to-head battle through a canal (DATC 7.C.6), nor on a railway leg
            // but the first (whose opponent meets the rider, DATC 7.B.26).
            if j.is_canal_move(m) || j.leg(m).is_some_and(|k| k > 0) {
                return None;
            }
            if let (Some(rail), Eff::Rail { .. }) = (&j.rail, j.eff[o]) {
                o = rail.first_leg;
            }
            if j.is_canal_move(o) {
                return None;
            }
        }
        match j.move_of(o) {
            Some((d, false)) if d == j.prov[m] => Some(o),
            _ => None,
        }
    }

    /// PATH: a convoyed move has a path when a chain of its convoying fleets, none
    /// dislodged, links origin and destination (DATC 4.A.1 b: all routes must fail).
    pub fn has_path(&mut self, m: usize) -> bool {
        let j = self.judge;
        let Some((dest, convoy)) = j.move_of(m) else {
            return false;
        };
        if !convoy {
            return !j.special || self.special_path(m);
        }
        if self.paradox[m] {
            return false;
        }
        if j.hop {
            // Bowen 4: the one chain the fleets' orders laid; every link must hold.
            let chain = j.convoyers_of.get(m);
            return !chain.is_empty() && chain.iter().all(|&f| self.resolve(f as usize));
        }
        // A written convoy path (DATC 4.A.6 b, c) is one route: every fleet on it counts.
        if j.rules.multi_route_convoy == MultiRouteConvoy::AnyRouteDisrupted
            || j.written_paths.get(m).is_some()
        {
            return self.every_route_intact(m, dest);
        }
        let fleets = j.convoyers_of.get(m);
        // Depth-first over the convoying fleets, deciding each fleet when reached.
        // Inline for the fleets of any board in play; a larger convoy spills to the heap.
        let mut reached: SmallVec<[bool; 64]> = smallvec::smallvec![false; fleets.len()];
        let mut stack: SmallVec<[u16; 64]> = SmallVec::new();
        let origin = j.prov[m];
        for (i, &f) in fleets.iter().enumerate() {
            if j.map.fleet_province_adjacent(origin, j.prov[f as usize]) {
                reached[i] = true;
                stack.push(i as u16);
            }
        }
        while let Some(i) = stack.pop() {
            let f = fleets[i as usize] as usize;
            if !self.resolve(f) {
                continue;
            }
            if j.map.fleet_province_adjacent(j.prov[f], dest) {
                return true;
            }
            for (k, &g) in fleets.iter().enumerate() {
                if !reached[k] && j.map.fleet_province_adjacent(j.prov[f], j.prov[g as usize]) {
                    reached[k] = true;
                    stack.push(k as u16);
                }
            }
        }
        false
    }

    /// Whether a move over land or sea that a variant rule governs can be made: a
    /// railway leg exists when the ride got this far and need not stop to recapture a
    /// center (DATC 7.B.11, 7.B.18); a canal move needs the permission and the
    /// permitting unit to stay in the gate (DATC 7.C).
    fn special_path(&mut self, m: usize) -> bool {
        let j = self.judge;
        if let (Some(k), Some(rail)) = (j.leg(m), j.rail.as_ref()) {
            if self.bounce_only[m] {
                return false;
            }
            if k == 0 {
                return true;
            }
            let passed = rail.spaces[k - 1];
            return self.resolve(m - 1) && (!rail.must_stop[k - 1] || self.passes_through(passed));
        }
        if j.is_canal_move(m) {
            if self.paradox[m] || j.canal_permit as usize != m {
                return false;
            }
            let before = self.deps.len();
            let open = self.stays_undislodged(j.gatekeeper as usize);
            if self.deps.len() > before {
                self.canal_marks.push(before);
            }
            return open;
        }
        true
    }

    /// Whether a unit of the rider's power stays in `p` undislodged, so the ride passes
    /// through it (DATC 7.B.3, 7.B.9, 7.B.10).
    fn passes_through(&mut self, p: ProvinceId) -> bool {
        let j = self.judge;
        let (Some(rail), o) = (j.rail.as_ref(), j.at[p.index()]) else {
            return false;
        };
        if o == NONE || j.power[o as usize] != j.power[rail.army] {
            return false;
        }
        self.stays_undislodged(o as usize)
    }

    /// Whether unit `u` ends the phase where it started, not dislodged.
    fn stays_undislodged(&mut self, u: usize) -> bool {
        if self.judge.departs(u) && self.resolve(u) {
            return false;
        }
        self.dislodger(u).is_none()
    }

    /// A railway leg gets the rider into its space: through a unit of its own power that
    /// stays (never at the ride's end), or into a space left empty, beating every other
    /// move there that no third move bounces (DATC 7.B.6, 7.B.7). It never dislodges.
    fn leg_succeeds(&mut self, l: usize) -> bool {
        let j = self.judge;
        let (Some(k), Some(rail)) = (j.leg(l), j.rail.as_ref()) else {
            return false;
        };
        if !self.has_path(l) {
            return false;
        }
        let space = rail.spaces[k];
        let last = k + 1 == rail.spaces.len();
        let o = j.at[space.index()];
        if o != NONE {
            let o = o as usize;
            let meets = self.head_to_head(l) == Some(o);
            let leaves = j.departs(o) && !meets && self.resolve(o);
            if !leaves {
                return !last && !meets && self.passes_through(space);
            }
        }
        let attack = self.attack_strength(l);
        let others = j.moves_into.get(space.index());
        for &other in others {
            let other = other as usize;
            if other == l || attack > self.prevent_strength(other) {
                continue;
            }
            let other_attack = self.attack_strength(other);
            let bounced_by_third = others.iter().any(|&p| {
                let p = p as usize;
                p != l && p != other && other_attack <= self.prevent_strength(p)
            });
            if !bounced_by_third {
                return false;
            }
        }
        true
    }

    /// Where the railway ride of unit `t` ends, if it leaves its space: the last space
    /// its legs reached that it does not share with a unit it passed through (DATC
    /// 7.B.5, 7.B.12).
    pub fn rail_end(&mut self, t: usize) -> Option<ProvinceId> {
        let j = self.judge;
        let rail = j.rail.as_ref().filter(|r| r.army == t)?;
        for k in (0..rail.spaces.len()).rev() {
            if !self.resolve(rail.first_leg + k) {
                continue;
            }
            let space = rail.spaces[k];
            let o = j.at[space.index()];
            if o == NONE || (j.departs(o as usize) && self.resolve(o as usize)) {
                return Some(space);
            }
        }
        None
    }

    /// DATC 4.A.1 a: a convoy is disrupted when any fleet on any of its routes is
    /// dislodged (fleets ordered to convoy but on no route do not count, DATC 6.F.12).
    fn every_route_intact(&mut self, m: usize, dest: ProvinceId) -> bool {
        let j = self.judge;
        let fleets = j.convoyers_of.get(m);
        let at = super::routes::memo_slot(&mut self.convoy_routes, m, || {
            let seas: Vec<ProvinceId> = fleets.iter().map(|&f| j.prov[f as usize]).collect();
            super::routes::fleets_on_routes(j.map, j.prov[m], dest, &seas)
        });
        if !self.convoy_routes[at].1.contains(&true) {
            return false;
        }
        for (i, &f) in fleets.iter().enumerate() {
            if self.convoy_routes[at].1[i] && !self.resolve(f as usize) {
                return false;
            }
        }
        true
    }

    /// A unit's own strength, counted in halves so half-strength units (Bowen 8-9) add
    /// up exactly: 2 for a full unit, 1 for a half one.
    #[inline]
    fn unit_strength(&self, u: usize) -> u32 {
        let j = self.judge;
        if j.graded && j.grade[u] == Grade::Half {
            1
        } else {
            FULL
        }
    }

    /// A move's own strength before supports: the unit's, or one support less over land
    /// across a difficult passable border (DATC 10).
    fn move_base(&self, m: usize) -> u32 {
        if self.crosses_difficult_border(m) {
            self.unit_strength(m).saturating_sub(FULL)
        } else {
            self.unit_strength(m)
        }
    }

    /// Whether move `m` goes over land across a difficult passable border.
    fn crosses_difficult_border(&self, m: usize) -> bool {
        let j = self.judge;
        match j.move_of(m) {
            Some((dest, false)) => j.difficult(j.prov[m], dest),
            _ => false,
        }
    }

    /// Given supports of unit `u`, not counting those from `exclude`'s power.
    fn support_count(&mut self, u: usize, exclude: Option<crate::ids::PowerId>) -> u32 {
        let j = self.judge;
        let mut n = 0;
        for &s in j.supports_of.get(u) {
            let s = s as usize;
            if exclude == Some(j.power[s]) {
                continue;
            }
            if self.resolve(s) {
                n += if j.hooks.flags.full_support_from_half_units {
                    FULL
                } else {
                    self.unit_strength(s)
                };
            }
        }
        n
    }

    /// ATTACK STRENGTH of move `m`.
    pub fn attack_strength(&mut self, m: usize) -> u32 {
        if !self.has_path(m) {
            return 0;
        }
        let j = self.judge;
        let Some((dest, _)) = j.move_of(m) else {
            return 0;
        };
        let o = j.at[dest.index()];
        let leaves = o != NONE
            && j.departs(o as usize)
            && self.head_to_head(m).is_none()
            && self.resolve(o as usize);
        if (o == NONE && j.guard(dest).is_none()) || leaves {
            return self.move_base(m) + self.support_count(m, None);
        }
        // A power's supports do not help dislodge its own unit, nor its home guard.
        let other = match j.guard(dest) {
            Some(home) if o == NONE => home,
            _ => j.power[o as usize],
        };
        if other == j.power[m] {
            return 0;
        }
        self.move_base(m) + self.support_count(m, Some(other))
    }

    /// HOLD STRENGTH of province `p`.
    pub fn hold_strength(&mut self, p: ProvinceId) -> u32 {
        let j = self.judge;
        let o = j.at[p.index()];
        if o == NONE {
            // A home guard holds with a unit's strength and takes no support (Bowen 6).
            return if j.guard(p).is_some() { FULL } else { 0 };
        }
        let o = o as usize;
        if j.departs(o) {
            return if self.resolve(o) {
                0
            } else {
                self.unit_strength(o)
            };
        }
        self.unit_strength(o) + self.hold_support_count(o)
    }

    fn hold_support_count(&mut self, o: usize) -> u32 {
        // Only hold supports match a non-moving unit, so all its supports count.
        self.support_count(o, None)
    }

    /// PREVENT STRENGTH of move `m`.
    pub fn prevent_strength(&mut self, m: usize) -> u32 {
        if self.bounce_only.get(m) == Some(&true) {
            return self.move_base(m) + self.support_count(m, None);
        }
        if !self.has_path(m) {
            return 0;
        }
        // A unit dislodged by the unit from its destination has no effect there: after a
        // head-to-head battle (DATC 4.A.7 b), or always (4.A.7 a).
        let opponent = match self.judge.rules.dislodged_unit_effect {
            DislodgedUnitEffect::NoEffectOnlyHeadToHead => self.head_to_head(m),
            DislodgedUnitEffect::NoEffectOnAttackerOrigin => self.opposite_move(m),
        };
        if let Some(o) = opponent {
            if self.resolve(o) {
                return 0;
            }
        }
        self.move_base(m) + self.support_count(m, None)
    }

    /// The unit in `m`'s destination moving to `m`'s origin, by any route.
    fn opposite_move(&self, m: usize) -> Option<usize> {
        let j = self.judge;
        let (dest, _) = j.move_of(m)?;
        let o = j.at[dest.index()];
        if o == NONE {
            return None;
        }
        match j.move_of(o as usize) {
            Some((d, _)) if d == j.prov[m] => Some(o as usize),
            _ => None,
        }
    }

    /// DEFEND STRENGTH of move `m` (in a head-to-head battle).
    pub fn defend_strength(&mut self, m: usize) -> u32 {
        self.move_base(m) + self.support_count(m, None)
    }

    fn move_succeeds(&mut self, m: usize) -> bool {
        let j = self.judge;
        let Some((dest, _)) = j.move_of(m) else {
            return false;
        };
        let attack = self.attack_strength(m);
        // Over a difficult passable border a move has one support less, so an
        // unsupported one has strength 0: it still enters a province nobody holds or
        // contests (DATC 10.H), but it prevents and cuts nothing (10.C, 10.A).
        let zero_power_entry = attack == 0 && self.crosses_difficult_border(m);
        if attack == 0 && !zero_power_entry {
            return false;
        }
        let resistance = match self.head_to_head(m) {
            Some(o) => self.defend_strength(o),
            None => self.hold_strength(dest),
        };
        if attack <= resistance && !(zero_power_entry && resistance == 0) {
            return false;
        }
        for &other in j.moves_into.get(dest.index()) {
            let other = other as usize;
            if other != m && attack <= self.prevent_strength(other) {
                return false;
            }
        }
        true
    }

    /// DISLODGE: unit `u` is dislodged when a move into its province succeeds and it did
    /// not move away.
    pub fn dislodged(&mut self, u: usize) -> bool {
        let j = self.judge;
        if j.departs(u) && self.resolve(u) {
            return false;
        }
        self.dislodger(u).is_some()
    }

    /// The successful move into unit `u`'s province, if any.
    pub fn dislodger(&mut self, u: usize) -> Option<usize> {
        let j = self.judge;
        let p = j.prov[u];
        for &m in j.moves_into.get(p.index()) {
            // A railway leg never dislodges (DATC 7.B.13).
            if j.special && j.leg(m as usize).is_some() {
                continue;
            }
            if self.resolve(m as usize) {
                return Some(m as usize);
            }
        }
        None
    }

    /// The attack that cuts support `s`, if any (dislodgement is checked separately).
    pub fn cutting_attack(&mut self, s: usize) -> Option<usize> {
        let j = self.judge;
        let into = match j.eff[s] {
            Eff::SupportMove { dest, .. } => Some(dest),
            _ => None,
        };
        for &m in j.moves_into.get(j.prov[s].index()) {
            let m = m as usize;
            // Nor does it cut support (DATC 7.B.14).
            if j.power[m] == j.power[s] || (j.special && j.leg(m).is_some()) {
                continue;
            }
            // An attack from the province the support goes into does not cut it; a
            // convoyed one from there does not either under DATC 4.A.4 a.
            if into == Some(j.prov[m]) {
                let convoyed = matches!(j.move_of(m), Some((_, true)));
                if !(convoyed && j.rules.convoyed_attack_on_support == ConvoyedAttackOnSupport::Cut)
                {
                    continue;
                }
            }
            if matches!(j.move_of(m), Some((_, true))) && self.paradox_rule_spares(s, m) {
                continue;
            }
            // Across a difficult passable border a move without strength cannot cut:
            // supports from the supporter's own power do not count (DATC 10.A, 10.O).
            if self.crosses_difficult_border(m) && self.support_count(m, Some(j.power[s])) == 0 {
                continue;
            }
            if self.has_path(m) {
                return Some(m);
            }
        }
        None
    }

    /// The 1971, 1982 and 2000 paradox rules (DATC 4.A.2 a, b, c): supports that a
    /// convoyed army `m` does not cut, whatever its path.
    fn paradox_rule_spares(&self, s: usize, m: usize) -> bool {
        let j = self.judge;
        let supporter_is_fleet = j.kind[s] == UnitKind::Fleet;
        match j.rules.paradox {
            // A fleet supporting a fleet in an attack on, or (as the DATC reads the rule,
            // 6.F.20) in the defence of, one of the army's convoying fleets.
            ParadoxRule::Rule1971 => {
                let (target, place) = match j.eff[s] {
                    Eff::SupportMove { target, dest, .. } => (target, dest),
                    Eff::SupportHold { target } => (target, j.prov[target as usize]),
                    _ => return false,
                };
                supporter_is_fleet
                    && j.kind[target as usize] == UnitKind::Fleet
                    && j.convoyers_of
                        .get(m)
                        .iter()
                        .any(|&f| j.prov[f as usize] == place)
            }
            ParadoxRule::Rule1982 => {
                let place = match j.eff[s] {
                    Eff::SupportMove { dest, .. } => dest,
                    Eff::SupportHold { target } => j.prov[target as usize],
                    _ => return false,
                };
                let o = j.at[place.index()];
                supporter_is_fleet
                    && j.map.province(place).terrain == crate::map::Terrain::Sea
                    && o != NONE
                    && j.active(o as usize)
                    && matches!(j.eff[o as usize], Eff::Convoy { .. })
            }
            // Any unit supporting an attack on a fleet the army's convoy cannot do without.
            ParadoxRule::Rule2000 => {
                match j.eff[s] {
                    Eff::SupportMove { dest, .. } => j.convoyers_of.get(m).iter().any(|&f| {
                        j.prov[f as usize] == dest && self.necessary_fleet(m, f as usize)
                    }),
                    _ => false,
                }
            }
            ParadoxRule::Szykman | ParadoxRule::AllHold | ParadoxRule::Dptg => false,
        }
    }

    /// Whether every ordered convoy route of army `m` passes through fleet `f`.
    fn necessary_fleet(&self, m: usize, f: usize) -> bool {
        let j = self.judge;
        let Some((dest, _)) = j.move_of(m) else {
            return false;
        };
        let mut carriers = super::routes::ProvinceSet::new(j.map.province_count());
        for &g in j.convoyers_of.get(m) {
            if g as usize != f {
                carriers.insert(j.prov[g as usize]);
            }
        }
        !super::routes::route_exists(j.map, j.prov[m], dest, &carriers, None)
    }

    fn support_given(&mut self, s: usize) -> bool {
        if self.cutting_attack(s).is_some() {
            return false;
        }
        match self.dislodger(s) {
            None => true,
            // The 1971/1982/2000 paradox rules take precedence over the dislodge rule: a
            // support they protect from a convoyed army stands even when that army
            // dislodges the supporter (DATC 6.F.17).
            Some(m) => {
                matches!(self.judge.move_of(m), Some((_, true))) && self.paradox_rule_spares(s, m)
            }
        }
    }
}
