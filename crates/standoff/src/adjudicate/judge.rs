//! The movement judge's working data: units by dense index, their effective orders
//! after legality (DATC 4.E.1 d), convoy intent (DATC 4.A.3 d) and matching, and the
//! lists the resolver walks.

use super::buffers::{self, emptied, JudgeBuffers};
use super::coasts::check_coasts;
use super::csr::Csr;
use super::implicit::implicit_orders;
use super::outcome::Illegal;
use super::paths::{path_possible, written_path, WrittenPaths};
use super::proxy;
use super::routes::{route_exists, ProvinceSet};
use crate::ids::{LocationId, PowerId, ProvinceId};
use crate::map::{Map, Terrain};
use crate::order::{Order, OrderKind, UnitRef};
use crate::position::Position;
use crate::rules::{
    AdjacentConvoy, Allowance, CivilDisorderSupport, ConvoyPathSpecification, Designation,
    ImpossibleCoast, Legality, MissingCoastOnePossible, MissingCoastTwoPossible, MultipleOrders,
    ProxyOrders, RuleSet, SupportCoast, UnknownCoast, UnneededConvoy, WrongCoastOfUnit,
};
use crate::unit::{Grade, Unit, UnitKind};
use crate::variant::plugins::PhaseHooks;
use smallvec::SmallVec;

/// No unit.
pub const NONE: u16 = u16::MAX;

/// A unit's order as the resolver sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eff {
    /// Stays (hold, unordered, illegal, void support or convoy).
    Hold,
    /// Moves.
    Move {
        /// Destination province.
        dest: ProvinceId,
        /// Destination location (coast for fleets).
        dest_loc: LocationId,
        /// Goes by convoy (decided before resolution, DATC 4.A.3 d).
        convoy: bool,
    },
    /// Supports unit `target` in place.
    SupportHold {
        /// Supported unit index.
        target: u16,
    },
    /// Supports unit `target` moving to `dest`.
    SupportMove {
        /// Supported unit index.
        target: u16,
        /// Destination province.
        dest: ProvinceId,
        /// Destination coast when the order named one (DATC 4.B.4 d).
        coast: Option<LocationId>,
    },
    /// A hop-by-hop convoy order (Bowen 3-5): carry an army from `from` to `to` if it
    /// is of nationality `only` (or any). Settled into [`Eff::Convoy`] or a void hold
    /// before resolution; the resolver never sees it.
    HopConvoy {
        /// Where the army comes from (its space, or the previous fleet's sea).
        from: ProvinceId,
        /// Where this fleet takes it.
        to: ProvinceId,
        /// The nationality the order is for; `None`: any (or "otherwise").
        only: Option<PowerId>,
    },
    /// Rides the variant's railway to `dest` (its legs are extra move decisions, see
    /// [`Rail`]).
    Rail {
        /// Where the ride ends if nothing stops it.
        dest: ProvinceId,
    },
    /// Convoys unit `army` to `dest`.
    Convoy {
        /// Convoyed army index.
        army: u16,
        /// Destination province.
        dest: ProvinceId,
    },
}

/// Why a unit's effective order is a hold although it was ordered otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The order stands as given.
    Ok,
    /// Not followed: illegal.
    Illegal(Illegal),
    /// Legal, but the support/convoy matches nothing.
    Void,
}

/// What became of one submitted order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Submitted {
    /// Applied to unit index `u`.
    Used(u16),
    /// Not applied.
    Rejected(Illegal),
}

/// Bowen 3: whether a fleet at `here` may convoy from `from` to `to`: both next to it and
/// different; `from` a coast holding an army or a sea holding a fleet; `to` a coast or a
/// sea holding a fleet. `holds(p, kind)` says whether a unit of that kind stands in `p`.
pub(crate) fn hop_link(
    map: &Map,
    here: ProvinceId,
    from: ProvinceId,
    to: ProvinceId,
    holds: impl Fn(ProvinceId, UnitKind) -> bool,
) -> bool {
    let end = |p: ProvinceId, coast_needs_army: bool| match map.province(p).terrain {
        Terrain::Sea => holds(p, UnitKind::Fleet),
        Terrain::Coast => !coast_needs_army || holds(p, UnitKind::Army),
        _ => false,
    };
    from != to
        && map.fleet_province_adjacent(from, here)
        && map.fleet_province_adjacent(here, to)
        && end(from, true)
        && end(to, false)
}

/// The one railway ride of a phase (DATC 7.B: two riders short-circuit, so there is at
/// most one). Each leg is a move decision of its own, appended after the real units:
/// leg `k` (0-based) is decision `first_leg + k`, a Russian army move from the space
/// before into `spaces[k]`.
#[derive(Clone, Debug)]
pub struct Rail {
    /// The riding army (a real unit index).
    pub army: usize,
    /// Decision index of the first leg.
    pub first_leg: usize,
    /// The spaces entered, in order; the last is the destination.
    pub spaces: Vec<ProvinceId>,
    /// Per space: a supply center the rider's power does not own, where the ride must
    /// stop to recapture it unless one of its own units holds it.
    pub must_stop: Vec<bool>,
}

/// The per-unit tables of one position, as [`Judge::tables`] works them out (who
/// stands where, the seas that count for convoys): kept by a game session so the
/// checkers it makes for one position share them.
#[derive(Clone, Debug, Default)]
pub struct UnitTables {
    prov: Vec<ProvinceId>,
    power: Vec<PowerId>,
    kind: Vec<UnitKind>,
    loc: Vec<LocationId>,
    grade: Vec<Grade>,
    at: Vec<u16>,
    fleets_at_sea: ProvinceSet,
    legal_carriers: ProvinceSet,
    carrier_list: Vec<ProvinceId>,
}

/// The judge's tables for one movement phase.
pub struct Judge<'a> {
    pub map: &'a Map,
    pub rules: &'a RuleSet,
    /// The variant's special-rule hooks for this phase.
    pub hooks: &'a PhaseHooks,
    pub prov: Vec<ProvinceId>,
    pub power: Vec<PowerId>,
    pub kind: Vec<UnitKind>,
    pub loc: Vec<LocationId>,
    /// Strength grades, per unit; empty when every unit is at full strength and the
    /// variant has no reduced units (the standard game allocates nothing for them).
    pub grade: Vec<Grade>,
    /// Province → unit index or `NONE`.
    pub at: Vec<u16>,
    pub eff: Vec<Eff>,
    pub status: Vec<Status>,
    /// Whether the unit was given any order (for reports).
    pub ordered: Vec<bool>,
    /// Per submitted order.
    pub submitted: Vec<Submitted>,
    /// Unit → units giving it a matching support (hold or move).
    pub supports_of: Csr,
    /// Province → units moving there.
    pub moves_into: Csr,
    /// Army → fleets convoying its move.
    pub convoyers_of: Csr,
    /// Provinces with a fleet at sea (possible convoy carriers).
    pub fleets_at_sea: ProvinceSet,
    /// Seas that count for the legality of convoyed moves and convoy orders: the fleets
    /// at sea (DATC 4.E.1 d), or every sea (4.E.1 a, b, c: the geography only).
    pub legal_carriers: ProvinceSet,
    /// The same seas as a list (for route searches).
    carrier_list: Vec<ProvinceId>,
    /// Number of real units; decisions past it are railway legs.
    pub units: usize,
    /// Whether a railway or canal is in play (the resolver's general path).
    pub special: bool,
    /// The railway ride, if one was ordered.
    pub rail: Option<Rail>,
    /// The unit standing in the canal's gate, or `NONE`.
    pub gatekeeper: u16,
    /// The one canal move with permission this phase, or `NONE`.
    pub canal_permit: u16,
    /// Whether units may be at half strength this phase (Bowen 8-9).
    pub graded: bool,
    /// Whether convoys are ordered hop by hop (Bowen 3-5).
    pub hop: bool,
    /// Hop-by-hop convoy orders: (fleet, order), several per fleet when they depend on
    /// the army's nationality.
    hop_orders: Vec<(u16, Eff)>,
    /// Bowen 4-5: illegal convoy lines written for one nationality (fleet, the space the
    /// army comes from, the nationality): that nationality's convoy fails there rather
    /// than taking the `otherwise` line.
    hop_bad_lines: Vec<(u16, ProvinceId, PowerId)>,
    /// Per province, the home power of a home guard standing there (Bowen 6); empty
    /// when the variant has none.
    guards: Vec<Option<PowerId>>,
    /// Convoy paths written in the moves, where they bind (DATC 4.A.6 b, c).
    pub written_paths: WrittenPaths,
    /// The implicit orders followed (DATC 4.E.3 a), as (unit index, order).
    pub implicit: Vec<(u16, Order)>,
}

impl Drop for Judge<'_> {
    /// Hands the per-phase vectors back for the thread's next phase.
    fn drop(&mut self) {
        use std::mem::take;
        buffers::give_judge(JudgeBuffers {
            prov: take(&mut self.prov),
            power: take(&mut self.power),
            kind: take(&mut self.kind),
            loc: take(&mut self.loc),
            at: take(&mut self.at),
            eff: take(&mut self.eff),
            status: take(&mut self.status),
            ordered: take(&mut self.ordered),
            submitted: take(&mut self.submitted),
            supports_of: take(&mut self.supports_of),
            moves_into: take(&mut self.moves_into),
            convoyers_of: take(&mut self.convoyers_of),
            fleets_at_sea: take(&mut self.fleets_at_sea),
            legal_carriers: take(&mut self.legal_carriers),
            carrier_list: take(&mut self.carrier_list),
        });
    }
}

impl<'a> Judge<'a> {
    /// Assigns orders to units, applies legality, convoy intent and matching.
    pub fn new(
        map: &'a Map,
        rules: &'a RuleSet,
        hooks: &'a PhaseHooks,
        position: &Position,
        orders: &[Order],
    ) -> Judge<'a> {
        let mut j = Judge::tables(map, rules, hooks, position);
        let n = j.units;
        j.eff.resize(n, Eff::Hold);
        j.status.resize(n, Status::Ok);
        j.ordered.resize(n, false);
        j.assign(orders);
        if rules.implicit_orders == Allowance::Allowed {
            j.follow_implicit_orders();
        }
        if rules.unneeded_convoy == UnneededConvoy::Illegal {
            j.drop_unneeded_convoys();
        }
        if j.hop {
            j.follow_hop_chains(orders);
        } else {
            j.decide_convoy_intent(orders);
        }
        j.match_orders();
        if j.special {
            j.lay_rail(position);
            j.grant_canal_permission(orders);
        }
        if j.graded {
            // Bowen 8: a unit built in an uncontrolled home center is full strength while
            // it holds in its first spring, half strength once it does anything else.
            for u in 0..n {
                if j.grade[u] == Grade::Provisional {
                    j.grade[u] = if matches!(j.eff[u], Eff::Hold) {
                        Grade::Full
                    } else {
                        Grade::Half
                    };
                }
            }
        }
        j.build_lists();
        j
    }

    /// The unit tables alone (who stands where, the seas that count for convoys), with
    /// no orders assigned: all [`Judge::legality`] reads. Orders checked one by one
    /// ([`super::OrderChecker`]) need no more.
    pub(crate) fn tables(
        map: &'a Map,
        rules: &'a RuleSet,
        hooks: &'a PhaseHooks,
        position: &Position,
    ) -> Judge<'a> {
        let n_prov = map.province_count();
        let mut j = Judge::blank(map, rules, hooks);
        j.at.resize(n_prov, NONE);
        j.fleets_at_sea.reset(n_prov);
        let mut reduced = false;
        for (p, u) in position.units() {
            reduced |= u.grade != Grade::Full;
            j.at[p.index()] = j.prov.len() as u16;
            j.prov.push(p);
            j.power.push(u.power);
            j.kind.push(u.kind);
            j.loc.push(u.location);
            if u.kind == UnitKind::Fleet && hooks.convoy.contains(p) {
                j.fleets_at_sea.insert(p);
            }
        }
        if rules.legality == Legality::CurrentSituation {
            j.legal_carriers.copy_from(&j.fleets_at_sea);
        } else {
            j.legal_carriers.copy_from(&hooks.convoy);
        }
        let carriers = &j.legal_carriers;
        j.carrier_list
            .extend(carriers.iter().filter(|p| p.index() < n_prov));
        let n = j.prov.len();
        j.units = n;
        if j.graded || reduced {
            j.grade = position.units().map(|(_, u)| u.grade).collect();
        }
        j
    }

    /// The unit tables [`Judge::tables`] works out, kept to make judges for the same
    /// position again ([`Judge::from_tables`]) without working them out.
    pub(crate) fn unit_tables(&self) -> UnitTables {
        UnitTables {
            prov: self.prov.clone(),
            power: self.power.clone(),
            kind: self.kind.clone(),
            loc: self.loc.clone(),
            grade: self.grade.clone(),
            at: self.at.clone(),
            fleets_at_sea: self.fleets_at_sea.clone(),
            legal_carriers: self.legal_carriers.clone(),
            carrier_list: self.carrier_list.clone(),
        }
    }

    /// [`Judge::tables`] for the position `tables` were taken from (under the same
    /// map, rules and hooks): copied, not worked out again.
    pub(crate) fn from_tables(
        map: &'a Map,
        rules: &'a RuleSet,
        hooks: &'a PhaseHooks,
        tables: &UnitTables,
    ) -> Judge<'a> {
        let mut j = Judge::blank(map, rules, hooks);
        j.prov.extend_from_slice(&tables.prov);
        j.power.extend_from_slice(&tables.power);
        j.kind.extend_from_slice(&tables.kind);
        j.loc.extend_from_slice(&tables.loc);
        j.grade.clone_from(&tables.grade);
        j.at.extend_from_slice(&tables.at);
        j.fleets_at_sea.copy_from(&tables.fleets_at_sea);
        j.legal_carriers.copy_from(&tables.legal_carriers);
        j.carrier_list.extend_from_slice(&tables.carrier_list);
        j.units = tables.prov.len();
        j
    }

    /// A judge of no units and no orders: every table empty, its storage taken from the
    /// thread's buffers ([`Judge::tables`] and [`Judge::from_tables`] fill it).
    fn blank(map: &'a Map, rules: &'a RuleSet, hooks: &'a PhaseHooks) -> Judge<'a> {
        let b = buffers::take_judge();
        Judge {
            map,
            rules,
            hooks,
            prov: emptied(b.prov),
            power: emptied(b.power),
            kind: emptied(b.kind),
            loc: emptied(b.loc),
            grade: Vec::new(),
            at: emptied(b.at),
            eff: emptied(b.eff),
            status: emptied(b.status),
            ordered: emptied(b.ordered),
            submitted: emptied(b.submitted),
            supports_of: b.supports_of,
            moves_into: b.moves_into,
            convoyers_of: b.convoyers_of,
            fleets_at_sea: b.fleets_at_sea,
            legal_carriers: b.legal_carriers,
            carrier_list: emptied(b.carrier_list),
            units: 0,
            special: hooks.special_moves(),
            rail: None,
            gatekeeper: NONE,
            canal_permit: NONE,
            graded: hooks.flags.reduced_units,
            hop: hooks.flags.hop_convoys,
            hop_orders: Vec::new(),
            hop_bad_lines: Vec::new(),
            guards: Vec::new(),
            written_paths: WrittenPaths::default(),
            implicit: Vec::new(),
        }
    }

    /// Unit `u` as it stood before the phase.
    #[inline]
    pub(crate) fn unit(&self, u: usize) -> Unit {
        Unit {
            power: self.power[u],
            kind: self.kind[u],
            location: self.loc[u],
            grade: self.grade.get(u).copied().unwrap_or_default(),
        }
    }

    pub(crate) fn unit_at(&self, p: ProvinceId) -> Option<u16> {
        self.at.get(p.index()).copied().filter(|&u| u != NONE)
    }

    fn assign(&mut self, orders: &[Order]) {
        // Per unit: the first legal order, whether a different legal one followed, and
        // the first illegal reason.
        let n = self.prov.len();
        // The legal effective order and the index of the order it came from.
        // (On the stack for boards of up to 64 units.)
        let mut legal: SmallVec<[Option<(Eff, usize)>; 64]> = smallvec::smallvec![None; n];
        let mut conflict: SmallVec<[bool; 64]> = smallvec::smallvec![false; n];
        let mut first_illegal: SmallVec<[Option<Illegal>; 64]> = smallvec::smallvec![None; n];
        // DATC 4.E.5 a, b: who orders each unit, by the owners' proxy orders.
        let grants = if self.rules.proxy_orders == ProxyOrders::NotAllowed {
            Vec::new()
        } else {
            proxy::grants(self, orders)
        };
        for (i, order) in orders.iter().enumerate() {
            let Some(unit_ref) = order.kind.unit() else {
                // Orders naming no unit: a canal permission (DATC 7.C), or one that
                // does not belong in this phase.
                self.submitted.push(match order.kind {
                    OrderKind::CanalPermission { .. } => match self.check_permission(order) {
                        Ok(g) => Submitted::Used(g),
                        Err(why) => Submitted::Rejected(why),
                    },
                    _ => Submitted::Rejected(Illegal::WrongPhase),
                });
                continue;
            };
            let p = self.map.province_of(unit_ref.location);
            let Some(u) = self.unit_at(p) else {
                self.submitted.push(Submitted::Rejected(Illegal::NoUnit));
                continue;
            };
            if !grants.is_empty() {
                if let Err(why) = self.proxy_check(u, order, grants[u as usize]) {
                    self.submitted.push(why);
                    continue;
                }
            } else if self.power[u as usize] != order.power {
                self.submitted
                    .push(Submitted::Rejected(Illegal::NotYourUnit));
                continue;
            }
            self.ordered[u as usize] = true;
            self.submitted.push(Submitted::Used(u));
            match self.legality(u, order) {
                // Bowen 5: several convoy orders for one fleet, by nationality (the
                // sets rule 5 forbids are found below, legal lines or not).
                Ok(eff @ Eff::HopConvoy { .. }) => {
                    self.hop_orders.push((u, eff));
                    legal[u as usize].get_or_insert((eff, i));
                }
                Ok(eff) => match legal[u as usize] {
                    None => legal[u as usize] = Some((eff, i)),
                    // DATC 4.D.3: the first, the last, or (c) none of different orders.
                    Some((prev, j))
                        if prev != eff
                            || written_path(self.rules, &orders[j])
                                != written_path(self.rules, order) =>
                    {
                        match self.rules.multiple_orders {
                            MultipleOrders::First => {}
                            MultipleOrders::Last => legal[u as usize] = Some((eff, i)),
                            MultipleOrders::Hold => conflict[u as usize] = true,
                        }
                    }
                    Some(_) => {}
                },
                Err(why) => {
                    if let (true, OrderKind::Convoy { army, .. }) = (self.hop, &order.kind) {
                        if let Some(w) = army.nationality {
                            let from = self.map.province_of(army.location);
                            self.hop_bad_lines.push((u, from, w));
                        }
                    }
                    first_illegal[u as usize].get_or_insert(why);
                }
            }
        }
        if self.hop {
            self.forbidden_convoy_sets(orders, &mut conflict);
        }
        for u in 0..n {
            (self.eff[u], self.status[u]) = match (legal[u], conflict[u], first_illegal[u]) {
                (Some(_), true, _) => (Eff::Hold, Status::Illegal(Illegal::ConflictingOrders)),
                (Some((e, i)), false, _) => {
                    let path = written_path(self.rules, &orders[i]);
                    if let (false, Eff::Move { dest, .. }) = (path.is_empty(), e) {
                        // A path that cannot be taken (legal only under 4.E.1 a, b)
                        // admits no fleet: the move fails.
                        let carriers = &self.legal_carriers;
                        let possible = path_possible(self.map, self.prov[u], path, dest, carriers);
                        self.written_paths
                            .insert(u as u16, if possible { path } else { &[] });
                    }
                    (e, Status::Ok)
                }
                (None, _, Some(why)) => (Eff::Hold, Status::Illegal(why)),
                (None, _, None) => (Eff::Hold, Status::Ok),
            };
        }
    }

    /// DATC 4.E.5 a, b: whether `order` orders unit `u`, which `grant` says who orders.
    /// A proxy order itself is applied (it decides who orders) or refused, and goes no
    /// further; so does any order from a power that does not order the unit.
    fn proxy_check(&self, u: u16, order: &Order, grant: proxy::Grant) -> Result<(), Submitted> {
        let owner = self.power[u as usize];
        if let OrderKind::Proxy { .. } = order.kind {
            return Err(match grant {
                _ if order.power != owner => Submitted::Rejected(Illegal::NotYourUnit),
                proxy::Grant::Conflict => Submitted::Rejected(Illegal::ConflictingOrders),
                proxy::Grant::Owner | proxy::Grant::To(_) => Submitted::Used(u),
            });
        }
        match grant {
            proxy::Grant::To(p) if p == order.power => Ok(()),
            proxy::Grant::To(_) if order.power == owner => {
                Err(Submitted::Rejected(Illegal::UnitProxied))
            }
            _ if order.power == owner => Ok(()),
            _ => Err(Submitted::Rejected(Illegal::NotYourUnit)),
        }
    }

    /// DATC 4.E.3 a: units without orders follow the legal moves their own power's
    /// supports and convoys imply.
    fn follow_implicit_orders(&mut self) {
        for (u, order) in implicit_orders(self) {
            if let Ok(eff) = self.legality(u, &order) {
                self.eff[u as usize] = eff;
                self.status[u as usize] = Status::Ok;
                self.implicit.push((u, order));
            }
        }
    }

    /// DATC 4.E.1 d: an order is legal when it could be valid in the current position.
    pub(crate) fn legality(&self, u: u16, order: &Order) -> Result<Eff, Illegal> {
        let ui = u as usize;
        let here = self.prov[ui];
        let map = self.map;
        let kind = &order.kind;
        if let Some(unit) = kind.unit() {
            self.designation(unit, ui)?;
        }
        // DATC 4.B.6 a: an unknown or irrelevant coast fails the order.
        if self.rules.unknown_coast == UnknownCoast::Fails {
            check_coasts(map, order, |p| {
                self.unit_at(p).map(|t| self.kind[t as usize])
            })?;
        }
        // Ice (DATC 8): a frozen unit may only hold (and be supported).
        if self.hooks.frozen.contains(here) && !matches!(kind, OrderKind::Hold { .. }) {
            return Err(Illegal::Frozen);
        }
        match *kind {
            OrderKind::Hold { .. } => Ok(Eff::Hold),
            OrderKind::Move { to, via_convoy, .. } => {
                if via_convoy && self.kind[ui] == UnitKind::Fleet {
                    return Err(Illegal::FleetCannotBeConvoyed);
                }
                let dest = map.province_of(to);
                if self.hop
                    && self.kind[ui] == UnitKind::Army
                    && map.province(dest).terrain == Terrain::Sea
                {
                    // Bowen 4 d: an army to be convoyed moves onto the first fleet's sea.
                    let fleet_there = self
                        .unit_at(dest)
                        .is_some_and(|f| self.kind[f as usize] == UnitKind::Fleet);
                    if !fleet_there || !map.fleet_province_adjacent(here, dest) {
                        return Err(Illegal::NoFleetToBoard);
                    }
                    return Ok(Eff::Move {
                        dest,
                        dest_loc: dest.location(),
                        convoy: true,
                    });
                }
                let path = written_path(self.rules, order);
                if !path.is_empty() {
                    return self.path_move(ui, to, path);
                }
                let (dest_loc, convoy) = match self.move_target(ui, to, None) {
                    // DATC 4.A.6 c: a convoy needs a written path.
                    Ok((_, true))
                        if self.rules.convoy_path == ConvoyPathSpecification::Required =>
                    {
                        return Err(Illegal::PathMissing)
                    }
                    Ok(target) => target,
                    // DATC 4.E.1 a, b: a move to any place is a move: it cannot succeed
                    // (no route), and the unit gets no hold support.
                    Err(
                        Illegal::NotAdjacent
                        | Illegal::NoPossibleConvoy
                        | Illegal::CoastNotSpecified
                        | Illegal::CoastNotReachable,
                    ) if matches!(
                        self.rules.legality,
                        Legality::AnyFormat | Legality::RealPlaces
                    ) =>
                    {
                        (to, true)
                    }
                    Err(why) => return Err(why),
                };
                Ok(Eff::Move {
                    dest: map.province_of(dest_loc),
                    dest_loc,
                    convoy,
                })
            }
            OrderKind::SupportHold { .. } | OrderKind::SupportMove { .. }
                if self.hooks.neutral_ground.contains(here) =>
            {
                Err(Illegal::NeutralGround)
            }
            OrderKind::SupportHold { target, .. } => {
                let tp = map.province_of(target.location);
                let t = self.unit_at(tp).ok_or(Illegal::NothingToSupport)?;
                self.designation(&target, t as usize)?;
                self.nationality(&target, t as usize, self.power[ui])?;
                if tp == here {
                    return Err(Illegal::SupportOwnProvince);
                }
                if !map.can_reach_province(self.kind[ui], self.loc[ui], tp) {
                    return Err(Illegal::SupporterCannotReach);
                }
                if self.difficult(here, tp) {
                    return Err(Illegal::DifficultBorder);
                }
                Ok(Eff::SupportHold { target: t })
            }
            OrderKind::SupportMove { target, mut to, .. } => {
                let tp = map.province_of(target.location);
                let dest = map.province_of(to);
                let t = self.unit_at(tp).ok_or(Illegal::NothingToSupport)?;
                // DATC 4.B.4 e (DPTG IX): a coast in a support order is information the
                // gamemaster disregards, also one the supported fleet cannot reach.
                if self.rules.support_coast == SupportCoast::Ignored
                    && to.index() >= map.province_count()
                {
                    to = dest.location();
                }
                // DATC 4.B.4 b: a fleet supported into a two-coast province without a
                // coast is supported to the map's default coast (none: the support fails).
                if self.rules.support_coast == SupportCoast::MandatoryDefault
                    && self.kind[t as usize] == UnitKind::Fleet
                    && to.index() < map.province_count()
                    && map.has_coasts(dest)
                {
                    to = map.default_coast(dest).ok_or(Illegal::CoastNotSpecified)?;
                }
                self.designation(&target, t as usize)?;
                self.nationality(&target, t as usize, self.power[ui])?;
                if tp == here || dest == here {
                    return Err(Illegal::SupportOwnProvince);
                }
                if !map.can_reach_province(self.kind[ui], self.loc[ui], dest) {
                    return Err(Illegal::SupporterCannotReach);
                }
                if self.difficult(here, dest) {
                    return Err(Illegal::DifficultBorder);
                }
                // The supported move must be possible; a missing coast is fine in a
                // support (DATC 4.B.4 d), so a fleet only has to reach the province.
                let fleet_without_coast =
                    self.kind[t as usize] == UnitKind::Fleet && to.index() < map.province_count();
                if fleet_without_coast && map.has_coasts(dest) {
                    // DATC 4.B.4 a: the coast is mandatory; c: a missing coast is a poorly
                    // written order, fine when the supported fleet is one's own or can
                    // reach only one coast.
                    let reachable = map
                        .fleet_coasts_reachable(self.loc[t as usize], dest)
                        .count();
                    let readable = self.power[t as usize] == self.power[ui] || reachable == 1;
                    match self.rules.support_coast {
                        SupportCoast::MandatoryFails => return Err(Illegal::CoastNotSpecified),
                        SupportCoast::MandatoryPoorlyWritten if !readable => {
                            return Err(Illegal::CoastNotSpecified)
                        }
                        _ => {}
                    }
                }
                if self.could_ride(t as usize, dest) {
                    // A railway ride (DATC 7.B.15: support counts on its last leg).
                } else if fleet_without_coast {
                    let through_canal = self.hooks.canal.is_some_and(|c| c.joins(tp, dest));
                    if tp == dest
                        || !(through_canal
                            || map.can_reach_province(UnitKind::Fleet, self.loc[t as usize], dest))
                    {
                        return Err(Illegal::SupportedMoveImpossible);
                    }
                } else {
                    self.move_target(t as usize, to, Some(here))
                        .map_err(|_| Illegal::SupportedMoveImpossible)?;
                }
                let coast = (to.index() >= map.province_count()
                    && self.kind[t as usize] == UnitKind::Fleet
                    && self.rules.support_coast != SupportCoast::Ignored)
                    .then_some(to);
                Ok(Eff::SupportMove {
                    target: t,
                    dest,
                    coast,
                })
            }
            OrderKind::Convoy { army, to, .. } if self.hop => {
                if self.kind[ui] != UnitKind::Fleet || !self.hooks.convoy.contains(here) {
                    return Err(Illegal::ConvoyNotAtSea);
                }
                self.hop_convoy(here, &army, to)
            }
            OrderKind::Convoy { army, to, .. } => {
                if self.kind[ui] != UnitKind::Fleet || !self.hooks.convoy.contains(here) {
                    return Err(Illegal::ConvoyNotAtSea);
                }
                if to == here {
                    return Err(Illegal::ConvoyImpossible);
                }
                let ap = map.province_of(army.location);
                let a = self.unit_at(ap).ok_or(Illegal::NoArmyToConvoy)?;
                if self.kind[a as usize] != UnitKind::Army {
                    return Err(Illegal::NoArmyToConvoy);
                }
                self.designation(&army, a as usize)?;
                self.nationality(&army, a as usize, self.power[ui])?;
                if !self.on_possible_route(ap, to, here) {
                    return Err(Illegal::ConvoyImpossible);
                }
                Ok(Eff::Convoy { army: a, dest: to })
            }
            OrderKind::RailMove { to, .. } => {
                let rail = self.hooks.railway.as_ref().ok_or(Illegal::NoRailway)?;
                if rail.power != self.power[ui] {
                    return Err(Illegal::RailwayNotYours);
                }
                if self.kind[ui] != UnitKind::Army || rail.ride(here, to).is_none() {
                    return Err(Illegal::NotOnRailway);
                }
                Ok(Eff::Rail { dest: to })
            }
            // The judge takes proxy orders apart when it assigns orders (DATC 4.E.5).
            OrderKind::Proxy { .. } if self.rules.proxy_orders == ProxyOrders::NotAllowed => {
                Err(Illegal::ProxyNotAllowed)
            }
            OrderKind::Proxy { .. } => Ok(Eff::Hold),
            // Bowen 10: a disband at the start of the turn (carried out before the judge).
            OrderKind::Disband { .. } if self.hooks.flags.disband_any_turn => Ok(Eff::Hold),
            OrderKind::Retreat { .. }
            | OrderKind::Disband { .. }
            | OrderKind::Build { .. }
            | OrderKind::Remove { .. }
            | OrderKind::CanalPermission { .. }
            | OrderKind::Waive => Err(Illegal::WrongPhase),
        }
    }

    /// A canal permission (DATC 7.C) is given by the power whose unit stands in the
    /// gate, to a fleet in one of the canal's seas for the other; the gate unit's index.
    pub(crate) fn check_permission(&self, order: &Order) -> Result<u16, Illegal> {
        let OrderKind::CanalPermission { fleet, to } = order.kind else {
            return Err(Illegal::WrongPhase);
        };
        let canal = self.hooks.canal.ok_or(Illegal::NoCanal)?;
        let g = self.unit_at(canal.gate).ok_or(Illegal::NoUnit)?;
        if self.power[g as usize] != order.power {
            return Err(Illegal::NotYourUnit);
        }
        let from = self.map.province_of(fleet.location);
        if !canal.joins(from, to) {
            return Err(Illegal::NotThroughCanal);
        }
        match self.unit_at(from) {
            Some(f) if self.kind[f as usize] == UnitKind::Fleet => Ok(g),
            _ => Err(Illegal::NoUnit),
        }
    }

    /// Bowen 3: a fleet at `here` convoys from an adjacent coast holding an army, or an
    /// adjacent sea holding a fleet, to another adjacent coast, or an adjacent sea
    /// holding a fleet.
    fn hop_convoy(&self, here: ProvinceId, army: &UnitRef, to: ProvinceId) -> Result<Eff, Illegal> {
        let map = self.map;
        if army.kind == Some(UnitKind::Fleet) {
            return Err(Illegal::NoArmyToConvoy);
        }
        let from = map.province_of(army.location);
        let holds = |p: ProvinceId, kind: UnitKind| {
            self.unit_at(p)
                .is_some_and(|u| self.kind[u as usize] == kind)
        };
        if !hop_link(map, here, from, to, holds) {
            return Err(Illegal::ConvoyImpossible);
        }
        Ok(Eff::HopConvoy {
            from,
            to,
            only: army.nationality,
        })
    }

    /// Bowen 5: a fleet may not have convoy and other orders, nor convoy orders from
    /// different spaces; such a set (legal lines or not) leaves the fleet holding.
    fn forbidden_convoy_sets(&self, orders: &[Order], conflict: &mut [bool]) {
        let mut origin: Vec<Option<ProvinceId>> = vec![None; self.units];
        let mut other = vec![false; self.units];
        let mut mixed = vec![false; self.units];
        for (order, sub) in orders.iter().zip(&self.submitted) {
            let Submitted::Used(u) = *sub else {
                continue;
            };
            let u = u as usize;
            match &order.kind {
                OrderKind::Convoy { army, .. } => {
                    let from = self.map.province_of(army.location);
                    mixed[u] |= origin[u].is_some_and(|o| o != from);
                    origin[u] = Some(from);
                }
                _ => other[u] = true,
            }
        }
        for u in 0..self.units {
            if mixed[u] || (origin[u].is_some() && other[u]) {
                conflict[u] = true;
            }
        }
    }

    /// Bowen 4: follows each army that moved onto a fleet's sea along the fleets'
    /// orders; the last fleet's order names where it lands. A missing or mismatched
    /// link fails the convoy (the army stays). Fleets on a chain convoy that army there;
    /// other convoy orders are void.
    fn follow_hop_chains(&mut self, orders: &[Order]) {
        let map = self.map;
        // The line fleet `f` follows for an army of `power` coming from `from`: its
        // destination and the nationality it was written for.
        let order_for = |j: &Self, f: u16, from: ProvinceId, power: PowerId| {
            let mine = |only: Option<PowerId>| {
                j.hop_orders.iter().find_map(|&(g, e)| match e {
                    Eff::HopConvoy {
                        from: o,
                        to,
                        only: n,
                    } if g == f && o == from && n == only => Some((to, only)),
                    _ => None,
                })
            };
            // A bad line for the army's nationality fails the convoy; it does not fall
            // back to the `otherwise` line (Bowen 4: "until a bad convoy order
            // invalidates the convoy").
            let bad_line = || {
                j.hop_bad_lines
                    .iter()
                    .any(|&(g, o, w)| g == f && o == from && w == power)
            };
            match mine(Some(power)) {
                Some(line) => Some(line),
                None if bad_line() => None,
                None => mine(None),
            }
        };
        // The line each fleet used: (from, to, nationality written).
        let mut used_line: Vec<Option<(ProvinceId, ProvinceId, Option<PowerId>)>> =
            vec![None; self.units];
        let mut used = vec![false; self.units];
        for a in 0..self.units {
            let Eff::Move {
                dest: first,
                convoy: true,
                ..
            } = self.eff[a]
            else {
                continue;
            };
            if !self.active(a) || self.kind[a] != UnitKind::Army {
                continue;
            }
            let (mut from, mut at) = (self.prov[a], first);
            let mut chain: Vec<u16> = Vec::new();
            let landing = loop {
                let Some(f) = self.unit_at(at).filter(|&f| self.active(f as usize)) else {
                    break None;
                };
                if chain.contains(&f) {
                    break None;
                }
                let Some((to, only)) = order_for(self, f, from, self.power[a]) else {
                    break None;
                };
                chain.push(f);
                used_line[f as usize] = Some((from, to, only));
                if map.province(to).terrain != Terrain::Sea {
                    break Some(to);
                }
                (from, at) = (at, to);
            };
            match landing {
                Some(dest) if dest != self.prov[a] => {
                    self.eff[a] = Eff::Move {
                        dest,
                        dest_loc: dest.location(),
                        convoy: true,
                    };
                    for f in chain {
                        used[f as usize] = true;
                        self.eff[f as usize] = Eff::Convoy {
                            army: a as u16,
                            dest,
                        };
                    }
                }
                // The convoy fails: a convoyed move with no fleets carrying it, so the
                // army stays where it started.
                _ => {}
            }
        }
        // The report names the line a fleet followed; its other lines were not applied.
        for (order, sub) in orders.iter().zip(self.submitted.iter_mut()) {
            let (Submitted::Used(f), OrderKind::Convoy { army, to, .. }) = (*sub, &order.kind)
            else {
                continue;
            };
            let Some((from, dest, only)) = used_line.get(f as usize).copied().flatten() else {
                continue;
            };
            let line = (map.province_of(army.location), *to);
            if used[f as usize] && (line != (from, dest) || army.nationality != only) {
                *sub = Submitted::Rejected(Illegal::ConvoyLineNotUsed);
            }
        }
        for (f, used) in used.into_iter().enumerate() {
            if matches!(self.eff[f], Eff::HopConvoy { .. }) && !used {
                self.eff[f] = Eff::Hold;
                if self.status[f] == Status::Ok {
                    self.status[f] = Status::Void;
                }
            }
        }
    }

    /// Every home guard standing this turn: (home power, center).
    pub fn home_guards(&self) -> Vec<(PowerId, ProvinceId)> {
        self.guards
            .iter()
            .enumerate()
            .filter_map(|(p, g)| g.map(|w| (w, ProvinceId(p as u16))))
            .collect()
    }

    /// The home power of the home guard in `p`, if one stands there (Bowen 6).
    #[inline]
    pub fn guard(&self, p: ProvinceId) -> Option<PowerId> {
        self.guards.get(p.index()).copied().flatten()
    }

    /// Bowen 6: each empty home center last occupied by its own power has a home guard,
    /// unless a unit of that power is ordered to move in this turn.
    pub fn post_home_guards(
        &mut self,
        homes: &[(PowerId, &[ProvinceId])],
        last: &[Option<PowerId>],
    ) {
        self.guards = vec![None; self.map.province_count()];
        for &(power, centers) in homes {
            for &h in centers {
                let last_there = last.get(h.index()).copied().flatten().unwrap_or(power);
                let own_move_in = (0..self.units).any(|u| {
                    self.power[u] == power && self.move_of(u).is_some_and(|(d, _)| d == h)
                });
                if self.unit_at(h).is_none() && last_there == power && !own_move_in {
                    self.guards[h.index()] = Some(power);
                }
            }
        }
    }

    /// Whether unit `t` could ride the railway to `dest` (for supports of a ride).
    fn could_ride(&self, t: usize, dest: ProvinceId) -> bool {
        self.hooks.railway.as_ref().is_some_and(|r| {
            r.power == self.power[t]
                && self.kind[t] == UnitKind::Army
                && r.ride(self.prov[t], dest).is_some()
        })
    }

    /// Whether unit `m`'s order is a move through the canal.
    #[inline]
    pub fn is_canal_move(&self, m: usize) -> bool {
        match (self.hooks.canal, self.eff[m]) {
            (
                Some(c),
                Eff::Move {
                    dest,
                    convoy: false,
                    ..
                },
            ) => self.kind[m] == UnitKind::Fleet && c.joins(self.prov[m], dest),
            _ => false,
        }
    }

    /// The railway leg number (0-based) of decision `d`, if it is one.
    #[inline]
    pub fn leg(&self, d: usize) -> Option<usize> {
        match &self.rail {
            Some(r) if d >= r.first_leg => Some(d - r.first_leg),
            _ => None,
        }
    }

    /// Whether unit `u`'s active order takes it away (a move or a railway ride).
    #[inline]
    pub fn departs(&self, u: usize) -> bool {
        matches!(self.eff[u], Eff::Move { .. } | Eff::Rail { .. }) && self.active(u)
    }

    /// DATC 7.B: lays out the one railway ride as leg decisions (two riders
    /// short-circuit: both hold).
    fn lay_rail(&mut self, position: &Position) {
        let riders: Vec<usize> = (0..self.units)
            .filter(|&u| matches!(self.eff[u], Eff::Rail { .. }) && self.active(u))
            .collect();
        let [army] = riders[..] else {
            for u in riders {
                self.eff[u] = Eff::Hold;
                self.status[u] = Status::Illegal(Illegal::RailwayBusy);
            }
            return;
        };
        let (Eff::Rail { dest }, Some(line)) = (self.eff[army], self.hooks.railway.as_ref()) else {
            return;
        };
        let Some(spaces) = line.ride(self.prov[army], dest) else {
            return;
        };
        let power = self.power[army];
        let first_leg = self.prov.len();
        let mut from = self.prov[army];
        for &to in &spaces {
            self.prov.push(from);
            self.power.push(power);
            self.kind.push(UnitKind::Army);
            self.loc.push(from.location());
            if let Some(&g) = self.grade.get(army) {
                self.grade.push(g);
            }
            self.eff.push(Eff::Move {
                dest: to,
                dest_loc: to.location(),
                convoy: false,
            });
            self.status.push(Status::Ok);
            self.ordered.push(true);
            from = to;
        }
        let must_stop = spaces
            .iter()
            .map(|&p| self.map.province(p).is_center && position.owners[p.index()] != Some(power))
            .collect();
        self.rail = Some(Rail {
            army,
            first_leg,
            spaces,
            must_stop,
        });
    }

    /// DATC 7.C: the unit in the gate lets one fleet through: the one it names with an
    /// explicit permission, or else its own power's one canal move. Several candidates
    /// (two permissions, or two own fleets and no permission) let none through.
    fn grant_canal_permission(&mut self, orders: &[Order]) {
        let Some(canal) = self.hooks.canal else {
            return;
        };
        let Some(g) = self.unit_at(canal.gate) else {
            return;
        };
        self.gatekeeper = g;
        let canal_moves: Vec<usize> = (0..self.units)
            .filter(|&m| self.active(m) && self.is_canal_move(m))
            .collect();
        let mut explicit: Vec<(ProvinceId, ProvinceId)> = Vec::new();
        for (order, sub) in orders.iter().zip(&self.submitted) {
            if let (OrderKind::CanalPermission { fleet, to }, Submitted::Used(_)) =
                (&order.kind, sub)
            {
                let to = *to;
                let from = self.map.province_of(fleet.location);
                if !explicit.contains(&(from, to)) {
                    explicit.push((from, to));
                }
            }
        }
        let chosen: Vec<usize> = match explicit.as_slice() {
            [] => canal_moves
                .iter()
                .copied()
                .filter(|&m| self.power[m] == self.power[g as usize])
                .collect(),
            [(from, to)] => canal_moves
                .iter()
                .copied()
                .filter(|&m| {
                    self.prov[m] == *from && self.move_of(m).is_some_and(|(d, _)| d == *to)
                })
                .collect(),
            _ => Vec::new(),
        };
        if let [m] = chosen[..] {
            self.canal_permit = m as u16;
        }
    }

    /// DATC 4.A.6 b, c: an army's move along the convoy path it wrote. It goes by convoy
    /// whatever the distance; a path that cannot be taken makes the order illegal
    /// (under 4.E.1 a and b it is a move that fails).
    fn path_move(&self, ui: usize, to: LocationId, path: &[ProvinceId]) -> Result<Eff, Illegal> {
        let map = self.map;
        let from = self.prov[ui];
        let dest = map.province_of(to);
        if self.kind[ui] == UnitKind::Fleet {
            return Err(Illegal::FleetCannotBeConvoyed);
        }
        if dest == from {
            return Err(Illegal::MoveToOwnProvince);
        }
        if self.hooks.frozen.contains(dest) {
            return Err(Illegal::Frozen);
        }
        if matches!(
            map.province(dest).terrain,
            Terrain::Sea | Terrain::Impassable
        ) {
            return Err(Illegal::NotAdjacent);
        }
        let any_format = matches!(
            self.rules.legality,
            Legality::AnyFormat | Legality::RealPlaces
        );
        if !any_format && !path_possible(map, from, path, dest, &self.legal_carriers) {
            return Err(Illegal::PathImpossible);
        }
        Ok(Eff::Move {
            dest,
            dest_loc: dest.location(),
            convoy: true,
        })
    }

    /// Whether the fleet in `fleet` lies on some route of fleets now at sea from `from`
    /// to `to` (a convoy order it could carry out, DATC 4.E.1 d).
    fn on_possible_route(&self, from: ProvinceId, to: ProvinceId, fleet: ProvinceId) -> bool {
        if !route_exists(self.map, from, to, &self.legal_carriers, Some(fleet)) {
            return false;
        }
        let seas = &self.carrier_list;
        let Some(i) = seas.iter().position(|&p| p == fleet) else {
            return false;
        };
        super::routes::fleet_on_route(self.map, from, to, seas, i)
    }

    /// The 2023 rulebook: a convoy order is illegal unless its fleet lies on a minimal
    /// route through the fleets that could convoy (DATC 3.0 4.E.1, 6.G.6, 6.G.19).
    fn drop_unneeded_convoys(&mut self) {
        // Per army and destination: which carriers lie on a minimal route (one search
        // for all the fleets ordered to convoy that move).
        let mut needed = Vec::new();
        for f in 0..self.prov.len() {
            let Eff::Convoy { army, dest } = self.eff[f] else {
                continue;
            };
            // DATC 3.0 4.E.1: legal is what, "not knowing any orders yet, could be valid",
            // so the routes run through every fleet that could convoy (6.G.6: a fleet on
            // a route through fleets that hold is legal), not only the ones so ordered
            // (6.G.19).
            let seas = &self.carrier_list;
            let from = self.prov[army as usize];
            let at = super::routes::memo_slot(&mut needed, (army, dest), || {
                super::routes::fleets_on_minimal_routes(self.map, from, dest, seas)
            });
            let on_route = seas
                .iter()
                .position(|&p| p == self.prov[f])
                .is_some_and(|i| needed[at].1[i]);
            if !on_route {
                self.eff[f] = Eff::Hold;
                self.status[f] = Status::Illegal(Illegal::ConvoyNotNeeded);
            }
        }
    }

    /// Whether the border between `a` and `b` is difficult to pass (DATC 10).
    #[inline]
    pub fn difficult(&self, a: ProvinceId, b: ProvinceId) -> bool {
        self.hooks
            .difficult
            .as_ref()
            .is_some_and(|d| d.get(a.index(), b.index()))
    }

    /// DATC 4.C.5/4.C.6: the nationality written for a supported or convoyed unit, as
    /// the rules say (ignored under the default rules).
    fn nationality(
        &self,
        target: &UnitRef,
        actual: usize,
        orderer: PowerId,
    ) -> Result<(), Illegal> {
        match target.nationality {
            None if self.power[actual] != orderer
                && self.rules.missing_nationality == Designation::Invalid =>
            {
                Err(Illegal::NationalityMissing)
            }
            Some(p)
                if p != self.power[actual]
                    && self.rules.wrong_nationality == Designation::Invalid =>
            {
                Err(Illegal::WrongNationality)
            }
            _ => Ok(()),
        }
    }

    /// DATC 4.C.1/4.C.2 (unit type) and 4.B.5 (the unit's coast) as the rules say.
    #[inline]
    fn designation(&self, unit: &UnitRef, actual: usize) -> Result<(), Illegal> {
        match unit.kind {
            None if self.rules.missing_unit_type == Designation::Invalid => {
                return Err(Illegal::UnitTypeMissing)
            }
            Some(k)
                if k != self.kind[actual] && self.rules.wrong_unit_type == Designation::Invalid =>
            {
                return Err(Illegal::WrongUnitType)
            }
            _ => {}
        }
        let names_coast = unit.location.index() >= self.map.province_count();
        if names_coast
            && unit.location != self.loc[actual]
            && self.rules.wrong_unit_coast == WrongCoastOfUnit::Fails
        {
            return Err(Illegal::WrongCoast);
        }
        Ok(())
    }

    /// Where unit `ui` would go if ordered to `to`, and whether only a convoy could take
    /// it there. `without` is a fleet that cannot carry it (a supporter cannot also
    /// convoy). Errors say why the move is impossible.
    fn move_target(
        &self,
        ui: usize,
        to: LocationId,
        without: Option<ProvinceId>,
    ) -> Result<(LocationId, bool), Illegal> {
        let map = self.map;
        let from = self.prov[ui];
        let dest = map.province_of(to);
        if dest == from {
            return Err(Illegal::MoveToOwnProvince);
        }
        if self.hooks.frozen.contains(dest) {
            return Err(Illegal::Frozen);
        }
        match self.kind[ui] {
            UnitKind::Army => {
                if matches!(
                    map.province(dest).terrain,
                    Terrain::Sea | Terrain::Impassable
                ) {
                    return Err(Illegal::NotAdjacent);
                }
                if map.army_adjacent(from, dest) {
                    return Ok((dest.location(), false));
                }
                // Bowen 4 d: an army is convoyed only by moving onto the first fleet; a
                // support may still name where the convoy takes it.
                if self.hop && without.is_none() {
                    return Err(Illegal::NotAdjacent);
                }
                let mut carriers = self.legal_carriers.clone();
                if let Some(w) = without {
                    carriers.remove(w);
                }
                if route_exists(map, from, dest, &carriers, None) {
                    Ok((dest.location(), true))
                } else if map.province(from).terrain == Terrain::Coast
                    && map.province(dest).terrain == Terrain::Coast
                {
                    Err(Illegal::NoPossibleConvoy)
                } else {
                    Err(Illegal::NotAdjacent)
                }
            }
            UnitKind::Fleet => {
                let here = self.loc[ui];
                let coasts = &map.province(dest).coasts;
                if coasts.is_empty() {
                    let through_canal = self.hooks.canal.is_some_and(|c| c.joins(from, dest));
                    return if map.fleet_adjacent(here, dest.location()) || through_canal {
                        Ok((dest.location(), false))
                    } else {
                        Err(Illegal::NotAdjacent)
                    };
                }
                let mut reachable = map.fleet_coasts_reachable(here, dest);
                let (first, second) = (reachable.next(), reachable.next());
                if to.index() >= map.province_count() {
                    return match first {
                        _ if map.fleet_adjacent(here, to) => Ok((to, false)),
                        // DATC 4.B.3 a: the coast is corrected when only one is possible.
                        Some(c)
                            if second.is_none()
                                && self.rules.impossible_coast == ImpossibleCoast::Corrected =>
                        {
                            Ok((c, false))
                        }
                        Some(_) => Err(Illegal::CoastNotReachable),
                        None => Err(Illegal::NotAdjacent),
                    };
                }
                // No coast written: DATC 4.B.2 when one coast can be reached, 4.B.1 when
                // both can.
                match (first, second) {
                    (None, _) => Err(Illegal::NotAdjacent),
                    (Some(c), None) => match self.rules.missing_coast_one {
                        MissingCoastOnePossible::OnlyCoast => Ok((c, false)),
                        MissingCoastOnePossible::DefaultCoast => self.default_coast(here, dest),
                        MissingCoastOnePossible::Fails => Err(Illegal::CoastNotSpecified),
                    },
                    (Some(_), Some(_)) => match self.rules.missing_coast_two {
                        MissingCoastTwoPossible::DefaultCoast => self.default_coast(here, dest),
                        MissingCoastTwoPossible::Fails => Err(Illegal::CoastNotSpecified),
                    },
                }
            }
        }
    }

    /// A fleet at `here` moving to `dest` without a coast, where the rules take the
    /// map's default coast (DATC 4.B.1 b, 4.B.2 b): the move goes there if the fleet can
    /// reach it, and fails when it cannot or the map names no default coast.
    fn default_coast(
        &self,
        here: LocationId,
        dest: ProvinceId,
    ) -> Result<(LocationId, bool), Illegal> {
        match self.map.default_coast(dest) {
            Some(c) if self.map.fleet_adjacent(here, c) => Ok((c, false)),
            Some(_) => Err(Illegal::CoastNotReachable),
            None => Err(Illegal::CoastNotSpecified),
        }
    }

    /// DATC 4.A.3 d: an army moving to an adjacent province goes by convoy when the
    /// order says so, or when a fleet of its own power is ordered to convoy it on a
    /// possible route; in both cases only if an ordered route exists (6.G.8).
    fn decide_convoy_intent(&mut self, orders: &[Order]) {
        // DATC 4.A.6 c: only a written path makes a convoy (those moves are convoys
        // already); every other move goes by land.
        if self.rules.convoy_path == ConvoyPathSpecification::Required {
            return;
        }
        let n = self.prov.len();
        let mut explicit = vec![false; n];
        for (order, sub) in orders.iter().zip(&self.submitted) {
            if let (
                OrderKind::Move {
                    via_convoy: true, ..
                },
                Submitted::Used(u),
            ) = (&order.kind, sub)
            {
                explicit[*u as usize] = true;
            }
        }
        let n_prov = self.map.province_count();
        #[allow(clippy::needless_range_loop)] // `u` indexes several parallel tables
        for u in 0..n {
            let Eff::Move {
                dest,
                convoy: false,
                ..
            } = self.eff[u]
            else {
                continue;
            };
            if self.kind[u] != UnitKind::Army {
                continue;
            }
            // Most moves have no convoy order and no "via convoy": nothing to decide.
            let convoyed = (0..n)
                .any(|f| matches!(self.eff[f], Eff::Convoy { army, .. } if army as usize == u));
            if !convoyed && !explicit[u] {
                continue;
            }
            let mut carriers = ProvinceSet::new(n_prov);
            let mut own_fleet_convoys = false;
            for f in 0..n {
                if let Eff::Convoy { army, dest: d } = self.eff[f] {
                    if army as usize == u && d == dest {
                        carriers.insert(self.prov[f]);
                        // Legal convoy orders lie on a possible route (4.E.1 d), which
                        // is enough to show intent (DATC 6.G.6).
                        own_fleet_convoys |= self.power[f] == self.power[u];
                    }
                }
            }
            let route = route_exists(self.map, self.prov[u], dest, &carriers, None);
            let opposite = {
                let o = self.at[dest.index()];
                o != NONE
                    && matches!(self.eff[o as usize], Eff::Move { dest: d, .. } if d == self.prov[u])
            };
            let by_convoy = match self.rules.adjacent_convoy {
                AdjacentConvoy::AlwaysConvoy => route,
                AdjacentConvoy::OppositeMove | AdjacentConvoy::OppositeMoveWithRoute => {
                    route && opposite
                }
                AdjacentConvoy::Rulebook2000 => {
                    let no_fallback = !self.rules.via_convoy_without_route_goes_by_land();
                    (explicit[u] || own_fleet_convoys) && (route || (explicit[u] && no_fallback))
                }
                // DPTG: "via convoy" decides, and such a move never goes by land.
                AdjacentConvoy::ExplicitOnly => explicit[u],
            };
            if let Eff::Move { convoy, .. } = &mut self.eff[u] {
                *convoy = by_convoy;
            }
        }
    }

    /// Supports and convoys that match nothing become void holds.
    fn match_orders(&mut self) {
        // DATC 4.D.9 a: no hold support for a power that gave no orders at all.
        let mut ordering_powers = Vec::new();
        if self.rules.civil_disorder_support == CivilDisorderSupport::Fails {
            for u in 0..self.prov.len() {
                if self.ordered[u] && !ordering_powers.contains(&self.power[u]) {
                    ordering_powers.push(self.power[u]);
                }
            }
        }
        let in_disorder = |j: &Self, t: usize| {
            j.rules.civil_disorder_support == CivilDisorderSupport::Fails
                && !ordering_powers.contains(&j.power[t])
        };
        for u in 0..self.prov.len() {
            let matches = match self.eff[u] {
                Eff::SupportHold { target } => {
                    !matches!(
                        self.eff[target as usize],
                        Eff::Move { .. } | Eff::Rail { .. }
                    ) && !in_disorder(self, target as usize)
                }
                Eff::SupportMove {
                    target,
                    dest,
                    coast,
                } => match self.eff[target as usize] {
                    Eff::Move {
                        dest: d, dest_loc, ..
                    } => d == dest && coast.is_none_or(|c| c == dest_loc),
                    Eff::Rail { dest: d } => d == dest,
                    _ => false,
                },
                Eff::Convoy { army, dest } => {
                    matches!(
                        self.eff[army as usize],
                        Eff::Move { dest: d, convoy: true, .. } if d == dest
                    ) && self.written_paths.allows(army as usize, self.prov[u])
                }
                Eff::Hold | Eff::Move { .. } | Eff::Rail { .. } | Eff::HopConvoy { .. } => true,
            };
            if !matches {
                self.status[u] = match self.eff[u] {
                    Eff::Convoy { .. } if self.rules.unneeded_convoy == UnneededConvoy::Illegal => {
                        Status::Illegal(Illegal::ConvoyNotNeeded)
                    }
                    _ => Status::Void,
                };
            }
        }
    }

    /// DATC 4.A.3 c: the armies in `units` take the land route after all (their convoy
    /// turned out disrupted); convoy orders for them no longer match.
    pub fn force_land_route(&mut self, units: &[usize]) {
        for &u in units {
            if let Eff::Move { convoy, .. } = &mut self.eff[u] {
                *convoy = false;
            }
        }
        self.match_orders();
        self.build_lists();
    }

    /// Adjacent army moves that go by convoy (DATC 4.A.3): the candidates of 4.A.3 c.
    pub fn adjacent_convoyed_moves(&self) -> Vec<usize> {
        (0..self.prov.len())
            .filter(|&u| {
                self.kind[u] == UnitKind::Army
                    && self.written_paths.get(u).is_none()
                    && matches!(self.move_of(u), Some((d, true)) if self.map.army_adjacent(self.prov[u], d))
            })
            .collect()
    }

    /// Whether unit `u`'s effective order takes part in resolution as written.
    #[inline]
    pub fn active(&self, u: usize) -> bool {
        self.status[u] == Status::Ok
    }

    fn build_lists(&mut self) {
        let n = self.prov.len();
        // On the stack for boards of up to 64 units of each kind.
        let mut supports: SmallVec<[(u16, u16); 64]> = SmallVec::new();
        let mut moves: SmallVec<[(u16, u16); 64]> = SmallVec::new();
        let mut convoys: SmallVec<[(u16, u16); 64]> = SmallVec::new();
        for u in 0..n {
            if !self.active(u) {
                continue;
            }
            match self.eff[u] {
                Eff::SupportHold { target } | Eff::SupportMove { target, .. } => {
                    // A ride's support counts on its last leg only.
                    let target = match &self.rail {
                        Some(r) if r.army == target as usize => {
                            (r.first_leg + r.spaces.len() - 1) as u16
                        }
                        _ => target,
                    };
                    supports.push((target, u as u16))
                }
                Eff::Move { dest, .. } => moves.push((dest.0, u as u16)),
                Eff::Convoy { army, .. } => convoys.push((army, u as u16)),
                Eff::Hold | Eff::Rail { .. } | Eff::HopConvoy { .. } => {}
            }
        }
        self.supports_of.rebuild(n, &supports);
        self.moves_into.rebuild(self.map.province_count(), &moves);
        self.convoyers_of.rebuild(n, &convoys);
    }

    /// The move of unit `u`, if its active order is one: (destination, by convoy).
    #[inline]
    pub fn move_of(&self, u: usize) -> Option<(ProvinceId, bool)> {
        match self.eff[u] {
            Eff::Move { dest, convoy, .. } if self.active(u) => Some((dest, convoy)),
            _ => None,
        }
    }
}
