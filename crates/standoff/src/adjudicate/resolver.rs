//! The resolver: DATC decisions (MOVE, SUPPORT, DISLODGE, PATH and the strengths)
//! settled by guess-and-check with cycle detection (DATC 5.C/5.D, Kruijswijk's
//! algorithm). Each active move, support and convoy order has one boolean decision:
//! move succeeds / support is given / convoying fleet is not dislodged. Strengths are
//! computed from those on demand. Cycles with a convoy are paradoxes settled by the
//! Szykman rule; cycles without one are circular movement (all moves succeed).

use super::judge::{Eff, Judge, NONE};
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
    scratch: Vec<u16>,
}

impl<'j, 'a> Resolver<'j, 'a> {
    /// A resolver with nothing decided.
    pub fn new(judge: &'j Judge<'a>) -> Self {
        let n = judge.prov.len();
        Resolver {
            judge,
            state: vec![State::Unresolved; n],
            result: vec![false; n],
            deps: Vec::new(),
            paradox: vec![false; n],
            scratch: Vec::new(),
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
        let is_move = |d: u16| j.move_of(d as usize).is_some();
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
        let mut progress = false;
        if paradox && j.rules.paradox == ParadoxRule::AllHold {
            // DATC 4.A.2 e: every move in the paradox fails, the convoyed armies' moves
            // (whose convoys are in the cycle) included.
            for i in 0..self.scratch.len() {
                let d = self.scratch[i];
                self.state[d as usize] = State::Unresolved;
            }
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
            for i in 0..self.scratch.len() {
                if let Eff::Convoy { army, .. } = j.eff[self.scratch[i] as usize] {
                    progress |= !self.paradox[army as usize];
                    self.paradox[army as usize] = true;
                }
            }
            for i in 0..self.scratch.len() {
                self.state[self.scratch[i] as usize] = State::Unresolved;
            }
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

    /// Drops the guesses recorded since `old_len`: those decisions are unresolved again.
    fn forget_guesses_since(&mut self, old_len: usize) {
        for i in old_len..self.deps.len() {
            let d = self.deps[i] as usize;
            self.state[d] = State::Unresolved;
        }
        self.deps.truncate(old_len);
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
            Eff::Move { .. } => self.move_succeeds(u),
            Eff::SupportHold { .. } | Eff::SupportMove { .. } => self.support_given(u),
            Eff::Convoy { .. } => !self.dislodged(u),
            Eff::Hold => false,
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
        match j.move_of(o as usize) {
            Some((d, false)) if d == j.prov[m] => Some(o as usize),
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
            return true;
        }
        if self.paradox[m] {
            return false;
        }
        // A written convoy path (DATC 4.A.6 b, c) is one route: every fleet on it counts.
        if j.rules.multi_route_convoy == MultiRouteConvoy::AnyRouteDisrupted
            || j.written_paths.get(m).is_some()
        {
            return self.every_route_intact(m, dest);
        }
        let fleets = j.convoyers_of.get(m);
        // Depth-first over the convoying fleets, deciding each fleet when reached.
        let mut reached = 0u64; // fleets are few: indices into `fleets`
        let mut stack: [u16; 64] = [0; 64];
        let mut top = 0;
        let origin = j.prov[m];
        for (i, &f) in fleets.iter().enumerate().take(64) {
            if j.map.fleet_province_adjacent(origin, j.prov[f as usize]) {
                reached |= 1 << i;
                stack[top] = i as u16;
                top += 1;
            }
        }
        while top > 0 {
            top -= 1;
            let i = stack[top] as usize;
            let f = fleets[i] as usize;
            if !self.resolve(f) {
                continue;
            }
            if j.map.fleet_province_adjacent(j.prov[f], dest) {
                return true;
            }
            for (k, &g) in fleets.iter().enumerate().take(64) {
                if reached & (1 << k) == 0
                    && j.map.fleet_province_adjacent(j.prov[f], j.prov[g as usize])
                {
                    reached |= 1 << k;
                    stack[top] = k as u16;
                    top += 1;
                }
            }
        }
        false
    }

    /// DATC 4.A.1 a: a convoy is disrupted when any fleet on any of its routes is
    /// dislodged (fleets ordered to convoy but on no route do not count, DATC 6.F.12).
    fn every_route_intact(&mut self, m: usize, dest: ProvinceId) -> bool {
        let j = self.judge;
        let fleets = j.convoyers_of.get(m);
        let seas: Vec<ProvinceId> = fleets.iter().map(|&f| j.prov[f as usize]).collect();
        let on_route = super::routes::fleets_on_routes(j.map, j.prov[m], dest, &seas);
        if on_route == 0 {
            return false;
        }
        for (i, &f) in fleets.iter().enumerate().take(64) {
            if on_route & (1 << i) != 0 && !self.resolve(f as usize) {
                return false;
            }
        }
        true
    }

    /// A move's own strength before supports: 1, or 0 over land across a difficult
    /// passable border ("one support less", DATC 10).
    fn move_base(&self, m: usize) -> u32 {
        u32::from(!self.crosses_difficult_border(m))
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
                n += 1;
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
            && j.move_of(o as usize).is_some()
            && self.head_to_head(m) != Some(o as usize)
            && self.resolve(o as usize);
        if o == NONE || leaves {
            return self.move_base(m) + self.support_count(m, None);
        }
        let other = j.power[o as usize];
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
            return 0;
        }
        let o = o as usize;
        if j.move_of(o).is_some() {
            return u32::from(!self.resolve(o));
        }
        1 + self.hold_support_count(o)
    }

    fn hold_support_count(&mut self, o: usize) -> u32 {
        // Only hold supports match a non-moving unit, so all its supports count.
        self.support_count(o, None)
    }

    /// PREVENT STRENGTH of move `m`.
    pub fn prevent_strength(&mut self, m: usize) -> u32 {
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
        if j.move_of(u).is_some() && self.resolve(u) {
            return false;
        }
        self.dislodger(u).is_some()
    }

    /// The successful move into unit `u`'s province, if any.
    pub fn dislodger(&mut self, u: usize) -> Option<usize> {
        let j = self.judge;
        let p = j.prov[u];
        for &m in j.moves_into.get(p.index()) {
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
            if j.power[m] == j.power[s] {
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
