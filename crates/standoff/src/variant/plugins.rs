//! Rule plug-ins: the special rules a variant file names in `[[rule]]` tables.
//!
//! Each plug-in is a small type implementing [`Plugin`]; it contributes to the hook
//! points the judge consults (frozen spaces, convoy spaces, difficult borders, build
//! sites), which are combined once per phase into [`PhaseHooks`] so the judge's hot path
//! only reads bit sets. The judge never asks which variant it is playing.
//!
//! Built-in plug-ins: `ice` (DATC 8), `convoyable_coasts` (DATC 9), `difficult_borders`
//! (DATC 10), `build_anywhere` (DATC 11), and Colonial's `railway` (the Trans-Siberian
//! Railroad, DATC 7.B), `canal` (the Suez Canal, DATC 7.C) and `not_a_center_for`
//! (Hong Kong, DATC 7.A).

use crate::adjudicate::ProvinceSet;
use crate::bitset::BitMatrix;
use crate::ids::{PowerId, ProvinceId};
use crate::map::{Map, Terrain};
use crate::phase::{Phase, Season};
use std::fmt::Debug;
use std::sync::Arc;

/// A special rule. Every hook has a neutral default, so a plug-in overrides only what
/// it changes.
pub trait Plugin: Debug + Send + Sync {
    /// The name used in variant files.
    fn name(&self) -> &'static str;
    /// Adds the spaces no unit may enter, leave, support from, convoy through or retreat
    /// into during `phase` (ice).
    fn frozen(&self, _phase: Phase, _out: &mut ProvinceSet) {}
    /// Adds the non-sea spaces from which a fleet may convoy (convoyable coasts).
    fn convoy_spaces(&self, _out: &mut ProvinceSet) {}
    /// Marks the borders that are difficult to pass (one support less; no support
    /// across; cannot cut support without support).
    fn difficult_borders(&self, _out: &mut BitMatrix) {}
    /// Whether powers build in any owned supply center rather than in home centers (and
    /// civil-disorder distance is measured to owned centers).
    fn build_anywhere(&self) -> bool {
        false
    }
    /// A railway line one power's armies may ride in one move (`A Mos - TSR - Vla`).
    fn railway(&self) -> Option<Railway> {
        None
    }
    /// A canal: a fleet passage between two seas open only with the permission of the
    /// unit in a gate space.
    fn canal(&self) -> Option<Canal> {
        None
    }
    /// Adds the (center, power) pairs where a supply center does not count for a power
    /// (supply and victory), although the power may own it.
    fn center_exclusions(&self, _out: &mut Vec<(ProvinceId, PowerId)>) {}
    /// Adds a power's placement spaces: the game opens with a placement instead of
    /// starting units (Bowen rule 2).
    fn placement(&self, _out: &mut Vec<(PowerId, Vec<ProvinceId>)>) {}
    /// Switches on rules that need no parameters (Bowen rules 3-10).
    fn flags(&self, _out: &mut RuleFlags) {}
    /// Adds spaces where units cannot support and are eliminated unless they leave by
    /// the end of the next movement phase (Bowen rule 11: Switzerland).
    fn neutral_ground(&self, _out: &mut ProvinceSet) {}
}

/// Rules without parameters, each switched on by a plug-in of the same name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RuleFlags {
    /// Convoys ordered hop by hop (Bowen 3-5): the army moves to the first fleet's sea,
    /// each fleet convoys from one adjacent space to the next.
    pub hop_convoys: bool,
    /// An empty home center last occupied by its own power holds with strength 1
    /// (Bowen 6).
    pub home_guards: bool,
    /// A center entered in spring and left empty through fall goes to the spring
    /// occupant (Bowen 7).
    pub spring_capture: bool,
    /// Half-strength units (Bowen 8-9).
    pub reduced_units: bool,
    /// Disbands at the start of any turn; a winter disband earns a build (Bowen 10).
    pub disband_any_turn: bool,
    /// Option of `reduced_units`: a half-strength unit's support adds a full 1 (the
    /// default: 1/2).
    pub full_support_from_half_units: bool,
    /// Option of `reduced_units`: a half-strength unit holding at home is whole again
    /// only after the turn (the default: at once, for that turn's defence).
    pub restore_after_turn: bool,
    /// Option of `home_guards`: a home guard keeps retreating units out (the default:
    /// retreats may enter).
    pub guards_block_retreats: bool,
    /// Option of `spring_capture`: a spring entrant disbanded at the start of the Fall
    /// counts as having moved out (the default: it did not move out, so no capture).
    pub disband_counts_as_leaving: bool,
}

impl RuleFlags {
    fn or(&mut self, other: RuleFlags) {
        self.hop_convoys |= other.hop_convoys;
        self.home_guards |= other.home_guards;
        self.spring_capture |= other.spring_capture;
        self.reduced_units |= other.reduced_units;
        self.disband_any_turn |= other.disband_any_turn;
        self.full_support_from_half_units |= other.full_support_from_half_units;
        self.restore_after_turn |= other.restore_after_turn;
        self.guards_block_retreats |= other.guards_block_retreats;
        self.disband_counts_as_leaving |= other.disband_counts_as_leaving;
    }
}

/// A railway line (Colonial's Trans-Siberian Railroad, DATC 7.B).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Railway {
    /// The only power whose armies may use it.
    pub power: PowerId,
    /// The spaces of the line, in order; each is army-adjacent to the next.
    pub line: Vec<ProvinceId>,
}

impl Railway {
    /// The spaces a ride from `from` to `to` enters, in order (`to` last); `None` when
    /// either is off the line or they are the same space.
    pub fn ride(&self, from: ProvinceId, to: ProvinceId) -> Option<Vec<ProvinceId>> {
        let a = self.line.iter().position(|&p| p == from)?;
        let b = self.line.iter().position(|&p| p == to)?;
        match a.cmp(&b) {
            std::cmp::Ordering::Less => Some(self.line[a + 1..=b].to_vec()),
            std::cmp::Ordering::Greater => Some(self.line[b..a].iter().rev().copied().collect()),
            std::cmp::Ordering::Equal => None,
        }
    }
}

/// A canal (Colonial's Suez Canal, DATC 7.C): fleets pass between `seas` only with the
/// permission of the unit in `gate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Canal {
    /// The space whose unit grants passage.
    pub gate: ProvinceId,
    /// The two seas the canal joins.
    pub seas: (ProvinceId, ProvinceId),
}

impl Canal {
    /// Whether a move from `from` to `to` goes through the canal.
    #[inline]
    pub fn joins(&self, from: ProvinceId, to: ProvinceId) -> bool {
        (from, to) == self.seas || (to, from) == self.seas
    }
}

/// The hooks of all of a variant's plug-ins, combined for one phase.
#[derive(Clone, Debug)]
pub struct PhaseHooks {
    /// Spaces frozen this phase.
    pub frozen: ProvinceSet,
    /// Spaces a fleet may convoy from (sea, plus convoyable coasts, minus frozen).
    pub convoy: ProvinceSet,
    /// Difficult borders, if any plug-in has them.
    pub difficult: Option<BitMatrix>,
    /// Build in any owned center.
    pub build_anywhere: bool,
    /// The railway, if the variant has one.
    pub railway: Option<Railway>,
    /// The canal, if the variant has one.
    pub canal: Option<Canal>,
    /// Rules without parameters.
    pub flags: RuleFlags,
    /// Spaces units must leave by the end of the next movement phase, and cannot
    /// support from.
    pub neutral_ground: ProvinceSet,
}

impl PhaseHooks {
    /// Whether a plug-in changes how moves resolve (railway, canal): the judge takes its
    /// general path only then.
    #[inline]
    pub fn special_moves(&self) -> bool {
        self.railway.is_some() || self.canal.is_some()
    }
}

/// The plug-ins of a variant.
#[derive(Clone, Debug, Default)]
pub struct Plugins {
    list: Vec<Arc<dyn Plugin>>,
}

impl Plugins {
    /// Adds a plug-in.
    pub fn push(&mut self, plugin: Arc<dyn Plugin>) {
        self.list.push(plugin);
    }

    /// Names of the plug-ins in use.
    pub fn names(&self) -> Vec<&'static str> {
        let mut names: Vec<&'static str> = self.list.iter().map(|p| p.name()).collect();
        names.dedup();
        names
    }

    /// The combined hooks for `phase`.
    pub fn hooks(&self, map: &Map, phase: Phase) -> PhaseHooks {
        let n = map.province_count();
        let mut frozen = ProvinceSet::new(n);
        let mut convoy = ProvinceSet::new(n);
        let mut difficult: Option<BitMatrix> = None;
        let mut build_anywhere = false;
        let mut railway = None;
        let mut canal = None;
        let mut flags = RuleFlags::default();
        let mut neutral_ground = ProvinceSet::new(n);
        for p in &self.list {
            let mut f = RuleFlags::default();
            p.flags(&mut f);
            flags.or(f);
            p.neutral_ground(&mut neutral_ground);
            railway = railway.or_else(|| p.railway());
            canal = canal.or_else(|| p.canal());
            p.frozen(phase, &mut frozen);
            p.convoy_spaces(&mut convoy);
            let mut borders = BitMatrix::new(n);
            p.difficult_borders(&mut borders);
            if borders != BitMatrix::new(n) {
                match &mut difficult {
                    Some(d) => {
                        for a in 0..n {
                            d.or_row(a, borders.row_words(a));
                        }
                    }
                    None => difficult = Some(borders),
                }
            }
            build_anywhere |= p.build_anywhere();
        }
        for i in 0..n {
            let q = ProvinceId(i as u16);
            if map.province(q).terrain == Terrain::Sea {
                convoy.insert(q);
            }
            if frozen.contains(q) {
                convoy.remove(q);
            }
        }
        PhaseHooks {
            frozen,
            convoy,
            difficult,
            build_anywhere,
            railway,
            canal,
            flags,
            neutral_ground,
        }
    }

    /// Each power's placement spaces, if the game opens with a placement.
    pub fn placement(&self) -> Vec<(PowerId, Vec<ProvinceId>)> {
        let mut out = Vec::new();
        for p in &self.list {
            p.placement(&mut out);
        }
        out
    }

    /// The (center, power) pairs where a center does not count for that power.
    pub fn center_exclusions(&self) -> Vec<(ProvinceId, PowerId)> {
        let mut out = Vec::new();
        for p in &self.list {
            p.center_exclusions(&mut out);
        }
        out
    }
}

/// DATC 8: ice spaces, frozen in some seasons.
#[derive(Debug)]
pub struct Ice {
    /// The ice spaces.
    pub spaces: Vec<ProvinceId>,
    /// Seasons in which they are frozen.
    pub seasons: Vec<Season>,
}

impl Plugin for Ice {
    fn name(&self) -> &'static str {
        "ice"
    }
    fn frozen(&self, phase: Phase, out: &mut ProvinceSet) {
        if self.seasons.contains(&phase.season) {
            for &p in &self.spaces {
                out.insert(p);
            }
        }
    }
}

/// DATC 9: coastal spaces from which fleets may convoy.
#[derive(Debug)]
pub struct ConvoyableCoasts {
    /// The spaces.
    pub spaces: Vec<ProvinceId>,
}

impl Plugin for ConvoyableCoasts {
    fn name(&self) -> &'static str {
        "convoyable_coasts"
    }
    fn convoy_spaces(&self, out: &mut ProvinceSet) {
        for &p in &self.spaces {
            out.insert(p);
        }
    }
}

/// DATC 10: difficult passable borders.
#[derive(Debug)]
pub struct DifficultBorders {
    /// The borders, each once.
    pub borders: Vec<(ProvinceId, ProvinceId)>,
}

impl Plugin for DifficultBorders {
    fn name(&self) -> &'static str {
        "difficult_borders"
    }
    fn difficult_borders(&self, out: &mut BitMatrix) {
        for &(a, b) in &self.borders {
            out.set(a.index(), b.index());
            out.set(b.index(), a.index());
        }
    }
}

/// DATC 11: build in any owned supply center.
#[derive(Debug)]
pub struct BuildAnywhere;

impl Plugin for BuildAnywhere {
    fn name(&self) -> &'static str {
        "build_anywhere"
    }
    fn build_anywhere(&self) -> bool {
        true
    }
}

/// DATC 7.B: Colonial's Trans-Siberian Railroad.
#[derive(Debug)]
pub struct RailwayRule(pub Railway);

impl Plugin for RailwayRule {
    fn name(&self) -> &'static str {
        "railway"
    }
    fn railway(&self) -> Option<Railway> {
        Some(self.0.clone())
    }
}

/// DATC 7.C: Colonial's Suez Canal.
#[derive(Debug)]
pub struct CanalRule(pub Canal);

impl Plugin for CanalRule {
    fn name(&self) -> &'static str {
        "canal"
    }
    fn canal(&self) -> Option<Canal> {
        Some(self.0)
    }
}

/// DATC 7.A: centers that do not count for some powers (Hong Kong is no center for
/// China).
#[derive(Debug)]
pub struct NotACenterFor {
    /// The centers.
    pub spaces: Vec<ProvinceId>,
    /// The powers they do not count for.
    pub powers: Vec<PowerId>,
}

impl Plugin for NotACenterFor {
    fn name(&self) -> &'static str {
        "not_a_center_for"
    }
    fn center_exclusions(&self, out: &mut Vec<(ProvinceId, PowerId)>) {
        for &s in &self.spaces {
            for &p in &self.powers {
                out.push((s, p));
            }
        }
    }
}

/// Bowen rule 2: a power places its first units in its home country's land spaces.
#[derive(Debug)]
pub struct Placement {
    /// The power.
    pub power: PowerId,
    /// Where it may place.
    pub spaces: Vec<ProvinceId>,
}

impl Plugin for Placement {
    fn name(&self) -> &'static str {
        "placement"
    }
    fn placement(&self, out: &mut Vec<(PowerId, Vec<ProvinceId>)>) {
        out.push((self.power, self.spaces.clone()));
    }
}

/// A rule without parameters (Bowen 3-10), named after its [`RuleFlags`] field.
#[derive(Debug)]
pub struct FlagRule {
    name: &'static str,
    flags: RuleFlags,
}

impl FlagRule {
    /// The flag rule called `name`, if there is one.
    pub fn named(name: &str) -> Option<FlagRule> {
        let mut flags = RuleFlags::default();
        let name = match name {
            "hop_convoys" => {
                flags.hop_convoys = true;
                "hop_convoys"
            }
            "home_guards" => {
                flags.home_guards = true;
                "home_guards"
            }
            "spring_capture" => {
                flags.spring_capture = true;
                "spring_capture"
            }
            "reduced_units" => {
                flags.reduced_units = true;
                "reduced_units"
            }
            "disband_any_turn" => {
                flags.disband_any_turn = true;
                "disband_any_turn"
            }
            _ => return None,
        };
        Some(FlagRule { name, flags })
    }
}

impl FlagRule {
    /// The flags it switches on, for the options its table gives.
    pub fn flags_mut(&mut self) -> &mut RuleFlags {
        &mut self.flags
    }
}

impl Plugin for FlagRule {
    fn name(&self) -> &'static str {
        self.name
    }
    fn flags(&self, out: &mut RuleFlags) {
        *out = self.flags;
    }
}

/// Bowen rule 11: Switzerland.
#[derive(Debug)]
pub struct NeutralGround {
    /// The spaces.
    pub spaces: Vec<ProvinceId>,
}

impl Plugin for NeutralGround {
    fn name(&self) -> &'static str {
        "neutral_ground"
    }
    fn neutral_ground(&self, out: &mut ProvinceSet) {
        for &p in &self.spaces {
            out.insert(p);
        }
    }
}
