//! Variants: a map plus powers, home centers, the starting position and victory rule.
//!
//! Variants are data: each is a TOML file (format documented in `docs/variant-format.md`)
//! loaded by [`Variant::from_toml`]. Built-in variants are embedded in the library and
//! found by name or alias with [`Variant::builtin`]. A file may `extends` another
//! variant and change a few edges (`extends.rs`).

mod builtin;
mod check;
mod extends;
mod file;
mod loader;
pub mod plugins;
mod saved;

pub use builtin::{builtin_arc, builtin_names, builtin_origin};
pub use check::START_YEARS;
pub use extends::{BaseFile, ExtendsProblem, ReadBase};
pub use file::VariantError;
pub use saved::{EmbeddedVariant, SavedVariant};

use crate::ids::{LocationId, PowerId, ProvinceId};
use crate::map::{normalize_name, Map};
use crate::unit::Unit;

/// A great power.
#[derive(Clone, Debug)]
pub struct Power {
    /// Full English name (`"England"`).
    pub name: String,
    /// Adjective (`"English"`).
    pub adjective: String,
    /// Extra accepted spellings.
    pub aliases: Vec<String>,
    /// Home supply centers (where it builds).
    pub home_centers: Vec<ProvinceId>,
    /// A dummy power (a map file's `DUMMY`): no player is given it when a game's powers
    /// are assigned; it plays by civil disorder unless a gamemaster gives it to a player.
    /// Otherwise a power like any other (its units and centers count).
    pub dummy: bool,
}

/// A playable variant: map, powers and starting position.
#[derive(Clone, Debug)]
pub struct Variant {
    /// Canonical name (`"standard"`).
    pub name: String,
    /// Other names it is found by.
    pub aliases: Vec<String>,
    /// Human title.
    pub title: String,
    /// The board.
    pub map: Map,
    /// The powers, in file order (reports list them in this order). Their names are
    /// read into a lookup table when the variant is loaded: renaming a power afterwards
    /// does not change what [`Variant::find_power`] finds.
    pub powers: Vec<Power>,
    /// Units on the board at the start.
    pub start_units: Vec<Unit>,
    /// Supply-center owners at the start, per province (`None`: unowned or not a center).
    pub start_owners: Vec<Option<PowerId>>,
    /// First year.
    pub start_year: i32,
    /// The first phase (spring movement of the first year unless the file says
    /// otherwise).
    pub start_phase: crate::phase::Phase,
    /// Centers needed to win.
    pub victory_centers: usize,
    /// Every supply center, in the order the map file of another program lists them
    /// (the `diplomacy` package's, which keeps each power's centers in that order);
    /// empty when the variant file gives none.
    pub center_order: Vec<ProvinceId>,
    /// Every location (space or named coast), in the order the map file of another
    /// program lists them (the `diplomacy` package's `Map.locs`); empty when the variant
    /// file gives none.
    pub location_order: Vec<LocationId>,
    /// The variant's special rules (`[[rule]]` tables).
    pub plugins: plugins::Plugins,
    /// The plug-ins' hooks combined for spring, fall and winter (they depend only on
    /// the season), so the judge reads them without recomputing.
    pub(crate) season_hooks: Vec<plugins::PhaseHooks>,
    /// (center, power) pairs where the center does not count for the power.
    pub(crate) center_exclusions: Vec<(ProvinceId, PowerId)>,
    /// Each power's placement spaces, when the game opens with a placement (Bowen 2).
    pub(crate) placement: Vec<(PowerId, Vec<ProvinceId>)>,
    /// The texts of the files it was loaded from that are not built-ins, the variant's
    /// own file first (empty for a built-in): what a saved game embeds.
    pub(crate) files: std::sync::Arc<[String]>,
    /// Every power name, adjective and alias, normalised, built from `powers` when the
    /// variant is loaded: [`Variant::find_power`] is a hash lookup.
    pub(crate) power_names: PowerNames,
}

/// Normalised power names (full name, adjective, aliases) → power; where two powers
/// share a name the first in file order has it, as [`power_by_name`] reads.
#[derive(Clone, Debug, Default)]
pub(crate) struct PowerNames(std::collections::HashMap<String, PowerId, crate::map::NameHasher>);

impl PowerNames {
    /// The table of `powers`.
    pub(crate) fn of(powers: &[Power]) -> PowerNames {
        let mut names = std::collections::HashMap::default();
        for (i, p) in powers.iter().enumerate() {
            let id = PowerId(i as u8);
            for name in [&p.name, &p.adjective].into_iter().chain(&p.aliases) {
                let key = normalize_name(name);
                if !key.is_empty() {
                    names.entry(key).or_insert(id);
                }
            }
        }
        PowerNames(names)
    }

    /// The power of an already normalised name.
    pub(crate) fn get(&self, key: &str) -> Option<PowerId> {
        self.0.get(key).copied()
    }
}

/// The power named `name` (full name, adjective or alias; case and punctuation ignored).
pub(crate) fn power_by_name(powers: &[Power], name: &str) -> Option<PowerId> {
    let key = normalize_name(name);
    if key.is_empty() {
        return None;
    }
    powers
        .iter()
        .position(|p| {
            normalize_name(&p.name) == key
                || normalize_name(&p.adjective) == key
                || p.aliases.iter().any(|a| normalize_name(a) == key)
        })
        .map(|i| PowerId(i as u8))
}

impl Variant {
    /// The special-rule hooks for `phase`.
    #[inline]
    pub fn hooks(&self, phase: crate::phase::Phase) -> &plugins::PhaseHooks {
        let i = match phase.season {
            crate::phase::Season::Spring => 0,
            crate::phase::Season::Fall => 1,
            crate::phase::Season::Winter => 2,
        };
        &self.season_hooks[i]
    }

    /// The rules without parameters the variant plays by.
    #[inline]
    pub fn flags(&self) -> plugins::RuleFlags {
        self.season_hooks
            .first()
            .map(|h| h.flags)
            .unwrap_or_default()
    }

    /// Whether positions record who last occupied each space (home guards and spring
    /// capture need it).
    #[inline]
    pub fn tracks_occupants(&self) -> bool {
        let f = self.flags();
        f.home_guards || f.spring_capture
    }

    /// Where `power` may place its first units, if the game opens with a placement.
    pub fn placement_spaces(&self, power: PowerId) -> Option<&[ProvinceId]> {
        self.placement
            .iter()
            .find(|(p, _)| *p == power)
            .map(|(_, s)| s.as_slice())
    }

    /// Whether the game opens with a placement instead of starting units (Bowen 2).
    pub fn opens_with_placement(&self) -> bool {
        !self.placement.is_empty()
    }

    /// Whether `position` is still the opening placement (the placement's winter, before
    /// any home centers were set).
    pub fn placing(&self, position: &crate::position::Position) -> bool {
        self.opens_with_placement()
            && position.homes.is_none()
            && position.phase.kind == crate::phase::PhaseKind::Adjustment
    }

    /// The home centers of `power` in `position` (after a placement, the spaces it
    /// placed on; otherwise the variant's).
    pub fn home_centers_in<'a>(
        &'a self,
        position: &'a crate::position::Position,
        power: PowerId,
    ) -> &'a [ProvinceId] {
        match &position.homes {
            Some(homes) => homes.get(power.index()).map_or(&[], |h| h.as_slice()),
            None => &self.power(power).home_centers,
        }
    }

    /// Whether `p` is a supply center in `position`: after a placement the marked home
    /// centers nobody placed on are no longer centers, and the placed spaces are.
    pub fn is_center_in(&self, position: &crate::position::Position, p: ProvinceId) -> bool {
        match &position.homes {
            None => self.map.province(p).is_center,
            Some(homes) => {
                let marked_home = self.powers.iter().any(|w| w.home_centers.contains(&p));
                (self.map.province(p).is_center && !marked_home)
                    || homes.iter().any(|h| h.contains(&p))
            }
        }
    }

    /// The variant's railway, if it has one.
    pub fn railway(&self) -> Option<&plugins::Railway> {
        self.season_hooks.first()?.railway.as_ref()
    }

    /// The variant's canal, if it has one.
    pub fn canal(&self) -> Option<plugins::Canal> {
        self.season_hooks.first()?.canal
    }

    /// The powers players are given when a game starts (every power but the dummies),
    /// in file order.
    pub fn seats(&self) -> Vec<PowerId> {
        (0..self.powers.len())
            .filter(|&i| !self.powers[i].dummy)
            .map(|i| PowerId(i as u8))
            .collect()
    }

    /// The power named `name` (full name, adjective or alias; case and punctuation ignored).
    pub fn find_power(&self, name: &str) -> Option<PowerId> {
        self.power_names.get(&normalize_name(name))
    }

    /// [`Variant::find_power`] of an already normalised name (the parser's words).
    pub(crate) fn find_power_normalized(&self, key: &str) -> Option<PowerId> {
        self.power_names.get(key)
    }

    /// Supply centers of `power` that count for supply and victory: the centers it owns,
    /// less those a rule says do not count for it (Colonial's Hong Kong for China).
    pub fn counted_centers(&self, position: &crate::position::Position, power: PowerId) -> usize {
        let owned = position.center_count(power);
        let excluded = self
            .center_exclusions
            .iter()
            .filter(|&&(p, who)| who == power && position.owners[p.index()] == Some(power))
            .count();
        owned - excluded
    }

    /// [`Variant::counted_centers`] of every power, by power index, in one pass.
    pub fn counted_centers_of_all(&self, position: &crate::position::Position) -> Vec<usize> {
        let mut counted = vec![0usize; self.powers.len()];
        for owner in position.owners().iter().flatten() {
            if let Some(c) = counted.get_mut(owner.index()) {
                *c += 1;
            }
        }
        for &(p, who) in &self.center_exclusions {
            if position.owner(p) == Some(who) {
                if let Some(c) = counted.get_mut(who.index()) {
                    *c = c.saturating_sub(1);
                }
            }
        }
        counted
    }

    /// The power's data.
    pub fn power(&self, p: PowerId) -> &Power {
        &self.powers[p.index()]
    }

    /// Power name for display.
    pub fn power_name(&self, p: PowerId) -> &str {
        &self.powers[p.index()].name
    }

    /// The standard map (a built-in).
    pub fn standard() -> Variant {
        #[allow(clippy::expect_used)]
        Variant::builtin("standard").expect("the built-in standard variant is valid")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Spellings of `name` a player might write, and a few that name nothing.
    fn spellings(name: &str) -> Vec<String> {
        vec![
            name.to_string(),
            name.to_uppercase(),
            name.to_lowercase(),
            format!(" {name}. "),
            name.replace(' ', "-"),
            name.replace(' ', ""),
            format!("{name}x"),
            name.chars().skip(1).collect(),
        ]
    }

    /// The table gives what the scan over the powers (the definition, still used while
    /// a file is loaded) gives, for every name of every power of every built-in variant.
    #[test]
    fn power_names_table_agrees_with_the_scan_on_every_builtin_name() {
        let mut checked = 0;
        for name in builtin_names() {
            let variant = Variant::builtin(name).unwrap_or_else(|e| panic!("{name}: {e}"));
            let mut words: Vec<String> = ["", " ", "a", "f", "xyz", "england", "Turkey:"]
                .into_iter()
                .map(String::from)
                .collect();
            for p in &variant.powers {
                for n in [&p.name, &p.adjective].into_iter().chain(&p.aliases) {
                    words.extend(spellings(n));
                }
            }
            for province in variant.map.provinces() {
                words.push(province.name.clone());
                words.push(province.abbr.clone());
            }
            for w in &words {
                assert_eq!(
                    variant.find_power(w),
                    power_by_name(&variant.powers, w),
                    "{name}: {w:?}"
                );
                let key = normalize_name(w);
                assert_eq!(
                    variant.find_power_normalized(&key),
                    power_by_name(&variant.powers, w),
                    "{name}: {key:?}"
                );
                checked += 1;
            }
        }
        assert!(checked > 1000, "only {checked} names checked");
    }

    /// Where two powers share a name the first has it, as the scan reads.
    #[test]
    fn a_shared_name_belongs_to_the_first_power() {
        let power = |name: &str, adjective: &str, aliases: &[&str]| Power {
            name: name.to_string(),
            adjective: adjective.to_string(),
            aliases: aliases.iter().map(|a| a.to_string()).collect(),
            home_centers: Vec::new(),
            dummy: false,
        };
        let powers = [
            power("North", "Northern", &["Borealis"]),
            power("South", "Northern", &["North", "Austral"]),
        ];
        let table = PowerNames::of(&powers);
        for w in ["north", "northern", "borealis", "south", "austral", "east"] {
            assert_eq!(table.get(w), power_by_name(&powers, w), "{w}");
        }
        assert_eq!(table.get("northern"), Some(PowerId(0)));
    }
}
