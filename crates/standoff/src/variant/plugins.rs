//! Rule plug-ins: the special rules a variant file names in `[[rule]]` tables.
//!
//! Each plug-in is a small type implementing [`Plugin`]; it contributes to the hook
//! points the judge consults (frozen spaces, convoy spaces, difficult borders, build
//! sites), which are combined once per phase into [`PhaseHooks`] so the judge's hot path
//! only reads bit sets. The judge never asks which variant it is playing.
//!
//! Built-in plug-ins: `ice` (DATC 8), `convoyable_coasts` (DATC 9), `difficult_borders`
//! (DATC 10), `build_anywhere` (DATC 11).

use crate::adjudicate::ProvinceSet;
use crate::bitset::BitMatrix;
use crate::ids::ProvinceId;
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
        self.list.iter().map(|p| p.name()).collect()
    }

    /// Whether any plug-in is in use.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The combined hooks for `phase`.
    pub fn hooks(&self, map: &Map, phase: Phase) -> PhaseHooks {
        let n = map.province_count();
        let mut frozen = ProvinceSet::new(n);
        let mut convoy = ProvinceSet::new(n);
        let mut difficult: Option<BitMatrix> = None;
        let mut build_anywhere = false;
        for p in &self.list {
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
        }
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
