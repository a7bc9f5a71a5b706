//! The map: provinces, coasts, terrain, adjacency and the name table.
//!
//! A [`Map`] is built once from a variant file (see [`crate::variant`]) and is immutable
//! afterwards. It answers the geometric questions the judge asks — can this unit move
//! there, which coasts of that province can it reach — with bit lookups on dense ids.

mod check;
mod full_names;
mod names;

pub use check::MapProblem;
pub use full_names::{gap_matches, MultiWordName, WordEntry};
pub use names::normalize_name;
pub(crate) use names::{is_word_char, push_normalized_char};

use crate::bitset::BitMatrix;
use crate::ids::{LocationId, ProvinceId};
use crate::unit::UnitKind;
use std::collections::HashMap;

/// The hash of the name tables (the map's and the powers'): names are short and looked
/// up for every word of every order, where the standard library's keyed hash costs
/// more than the rest of the lookup. Fixed, so a table iterates the same way every run.
pub(crate) type NameHasher = foldhash::fast::FixedState;

/// What kind of ground a province is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Terrain {
    /// Inland: armies only.
    Land,
    /// Coastal land: armies, and fleets along its coast(s).
    Coast,
    /// Open water: fleets only; fleets here may convoy.
    Sea,
    /// No unit may enter (Switzerland on the standard map).
    Impassable,
}

/// One province of the map.
#[derive(Clone, Debug)]
pub struct Province {
    /// Canonical short id used in data files (`"stp"`).
    pub id: String,
    /// The 2000-rulebook abbreviation used in reports (`"StP"`).
    pub abbr: String,
    /// The full English name (`"St. Petersburg"`).
    pub name: String,
    /// Terrain of the province.
    pub terrain: Terrain,
    /// Whether the province is a supply center.
    pub is_center: bool,
    /// Named coasts (empty unless the province has separately named coasts).
    pub coasts: Vec<LocationId>,
    /// The coast taken when an order needs one and names none, under the rules that
    /// use a default coast (DATC 4.B.1 b, 4.B.2 b, 4.B.4 b, 4.B.7 b); `None` when the
    /// map names none.
    pub default_coast: Option<LocationId>,
}

/// A place a unit can stand: a province or one of its named coasts.
#[derive(Clone, Debug)]
pub struct Location {
    /// The province this location belongs to.
    pub province: ProvinceId,
    /// The coast's short name (`"nc"`), or `None` for the province as a whole.
    pub coast: Option<String>,
}

/// The board geometry of a variant.
#[derive(Clone, Debug)]
pub struct Map {
    provinces: Vec<Province>,
    locations: Vec<Location>,
    /// Per location, its province (`locations[l].province`, packed: the legal-order
    /// generator and the adjudicator ask for it on every unit, and a location record is
    /// a cache line's half).
    province_of: Vec<ProvinceId>,
    /// Province × province: an army may move between them.
    army_adjacent: BitMatrix,
    /// Location × location: a fleet may move between them.
    fleet_adjacent: BitMatrix,
    /// Province × province: some location of one is fleet-adjacent to some location of the other.
    fleet_province_adjacent: BitMatrix,
    /// Location × province: a fleet at the location can move to some location of the province.
    fleet_reach: BitMatrix,
    /// Per location, its name as saved games write it (`STP/NC`, `PAR`; a province's
    /// own location has the province's index, so this names provinces too): order
    /// texts are written from these.
    upper_names: Vec<String>,
    /// Normalised name → province.
    names: HashMap<String, ProvinceId, NameHasher>,
    /// Normalised word → the province it names and the names of several words it
    /// starts (the parser's way in, one lookup a word).
    words: full_names::WordIndex,
}

/// Inputs for [`Map::new`], filled by the variant loader.
#[derive(Clone, Debug, Default)]
pub struct MapBuilder {
    /// Provinces in id order; their `coasts` are filled by `new`.
    pub provinces: Vec<ProvinceSpec>,
    /// Army edges between provinces.
    pub army_edges: Vec<(ProvinceId, ProvinceId)>,
    /// Fleet edges between locations (after coasts have been numbered).
    pub fleet_edges: Vec<(LocationSpec, LocationSpec)>,
}

/// A province as the loader sees it.
#[derive(Clone, Debug)]
pub struct ProvinceSpec {
    /// Canonical id.
    pub id: String,
    /// Report abbreviation.
    pub abbr: String,
    /// Full name.
    pub name: String,
    /// Terrain.
    pub terrain: Terrain,
    /// Supply center?
    pub is_center: bool,
    /// Named coasts (`"nc"`, `"sc"`, ...).
    pub coasts: Vec<String>,
    /// The default coast, one of `coasts` (the loader checks it).
    pub default_coast: Option<String>,
    /// Extra names accepted by the parser.
    pub aliases: Vec<String>,
}

/// A location named by province index and optional coast name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocationSpec {
    /// Province index.
    pub province: ProvinceId,
    /// Coast name, if any.
    pub coast: Option<String>,
}

/// A name that two provinces claim.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the name `{name}` is used by both `{first}` and `{second}`")]
pub struct NameClash {
    /// The clashing (normalised) name.
    pub name: String,
    /// Id of the first province using it.
    pub first: String,
    /// Id of the second province using it.
    pub second: String,
}

impl Map {
    /// Builds the map. Locations of named coasts are numbered after all provinces.
    /// Fails if two provinces share a name; geometric consistency is checked by
    /// [`Map::self_check`].
    pub fn new(spec: MapBuilder) -> Result<Map, NameClash> {
        let province_count = spec.provinces.len();
        let mut locations: Vec<Location> = (0..province_count)
            .map(|p| Location {
                province: ProvinceId(p as u16),
                coast: None,
            })
            .collect();
        let mut provinces = Vec::with_capacity(province_count);
        let mut names: HashMap<String, ProvinceId, NameHasher> = HashMap::default();
        let mut words = full_names::WordIndex::default();
        for (p, ps) in spec.provinces.iter().enumerate() {
            let pid = ProvinceId(p as u16);
            let mut coasts = Vec::new();
            let mut default_coast = None;
            for c in &ps.coasts {
                let id = LocationId(locations.len() as u16);
                if ps.default_coast.as_ref() == Some(c) {
                    default_coast = Some(id);
                }
                coasts.push(id);
                locations.push(Location {
                    province: pid,
                    coast: Some(c.clone()),
                });
            }
            let all_names = [&ps.id, &ps.abbr, &ps.name]
                .into_iter()
                .chain(ps.aliases.iter());
            for n in all_names {
                let key = normalize_name(n);
                if key.is_empty() {
                    continue;
                }
                match names.get(&key) {
                    Some(&other) if other != pid => {
                        return Err(NameClash {
                            name: key,
                            first: spec.provinces[other.index()].id.clone(),
                            second: ps.id.clone(),
                        })
                    }
                    _ => {
                        names.insert(key, pid);
                    }
                }
                full_names::add_name(&mut words, n, pid);
            }
            provinces.push(Province {
                id: ps.id.clone(),
                abbr: ps.abbr.clone(),
                name: ps.name.clone(),
                terrain: ps.terrain,
                is_center: ps.is_center,
                coasts,
                default_coast,
            });
        }
        let mut map = Map {
            army_adjacent: BitMatrix::new(province_count),
            fleet_adjacent: BitMatrix::new(locations.len()),
            fleet_province_adjacent: BitMatrix::new(province_count),
            fleet_reach: BitMatrix::with_size(locations.len(), province_count),
            province_of: locations.iter().map(|l| l.province).collect(),
            upper_names: locations
                .iter()
                .map(|l| {
                    let province = provinces[l.province.index()].id.to_uppercase();
                    match &l.coast {
                        Some(coast) => format!("{province}/{}", coast.to_uppercase()),
                        None => province,
                    }
                })
                .collect(),
            provinces,
            locations,
            names,
            words,
        };
        for &(a, b) in &spec.army_edges {
            map.army_adjacent.set(a.index(), b.index());
            map.army_adjacent.set(b.index(), a.index());
        }
        for (a, b) in &spec.fleet_edges {
            let (Some(la), Some(lb)) = (map.location_of(a), map.location_of(b)) else {
                continue;
            };
            map.fleet_adjacent.set(la.index(), lb.index());
            map.fleet_adjacent.set(lb.index(), la.index());
            map.fleet_province_adjacent
                .set(a.province.index(), b.province.index());
            map.fleet_province_adjacent
                .set(b.province.index(), a.province.index());
            map.fleet_reach.set(la.index(), b.province.index());
            map.fleet_reach.set(lb.index(), a.province.index());
        }
        Ok(map)
    }

    pub(crate) fn location_of(&self, spec: &LocationSpec) -> Option<LocationId> {
        match &spec.coast {
            None => Some(spec.province.location()),
            Some(c) => self.coast(spec.province, c),
        }
    }

    /// Number of provinces.
    pub fn province_count(&self) -> usize {
        self.provinces.len()
    }

    /// Number of locations (provinces plus named coasts).
    pub fn location_count(&self) -> usize {
        self.locations.len()
    }

    /// All provinces in id order.
    pub fn provinces(&self) -> &[Province] {
        &self.provinces
    }

    /// One province.
    pub fn province(&self, p: ProvinceId) -> &Province {
        &self.provinces[p.index()]
    }

    /// One location.
    pub fn location(&self, l: LocationId) -> &Location {
        &self.locations[l.index()]
    }

    /// The province a location belongs to.
    #[inline]
    pub fn province_of(&self, l: LocationId) -> ProvinceId {
        self.province_of[l.index()]
    }

    /// The named coast `coast` (`"nc"`) of province `p`.
    pub fn coast(&self, p: ProvinceId, coast: &str) -> Option<LocationId> {
        self.provinces[p.index()]
            .coasts
            .iter()
            .copied()
            .find(|&l| self.locations[l.index()].coast.as_deref() == Some(coast))
    }

    /// Whether `p` has separately named coasts.
    #[inline]
    pub fn has_coasts(&self, p: ProvinceId) -> bool {
        !self.provinces[p.index()].coasts.is_empty()
    }

    /// The coast of `p` that orders naming none are read as, where the rules take a
    /// default coast (DATC 4.B.1 b, 4.B.2 b, 4.B.4 b, 4.B.7 b), if the map names one.
    #[inline]
    pub fn default_coast(&self, p: ProvinceId) -> Option<LocationId> {
        self.provinces[p.index()].default_coast
    }

    /// Looks a province up by any of its names (case, spaces and punctuation ignored).
    pub fn find_province(&self, name: &str) -> Option<ProvinceId> {
        self.names.get(&normalize_name(name)).copied()
    }

    /// Looks a province up by an already normalised name.
    pub fn find_normalized(&self, key: &str) -> Option<ProvinceId> {
        self.names.get(key).copied()
    }

    /// What the normalised word `key` names on its own and which names of several words
    /// start with it (longest first), in one lookup.
    pub fn word_entry(&self, key: &str) -> Option<&WordEntry> {
        self.words.get(key)
    }

    /// Every (normalised name, province) pair, for fuzzy matching.
    pub fn names(&self) -> impl Iterator<Item = (&str, ProvinceId)> {
        self.names.iter().map(|(k, &v)| (k.as_str(), v))
    }

    /// Whether an army may move from `a` to `b` (provinces, no convoy).
    #[inline]
    pub fn army_adjacent(&self, a: ProvinceId, b: ProvinceId) -> bool {
        self.army_adjacent.get(a.index(), b.index())
    }

    /// Whether a fleet may move from location `a` to location `b`.
    #[inline]
    pub fn fleet_adjacent(&self, a: LocationId, b: LocationId) -> bool {
        self.fleet_adjacent.get(a.index(), b.index())
    }

    /// The named coasts of province `p` a fleet at `from` borders (none when `p` has no
    /// named coasts).
    #[inline]
    pub fn fleet_coasts_reachable(
        &self,
        from: LocationId,
        p: ProvinceId,
    ) -> impl Iterator<Item = LocationId> + '_ {
        self.provinces[p.index()]
            .coasts
            .iter()
            .copied()
            .filter(move |&c| self.fleet_adjacent(from, c))
    }

    /// Whether any coast of `a` is fleet-adjacent to any coast of `b`.
    #[inline]
    pub fn fleet_province_adjacent(&self, a: ProvinceId, b: ProvinceId) -> bool {
        self.fleet_province_adjacent.get(a.index(), b.index())
    }

    /// Provinces an army may move to from `p`.
    pub fn army_neighbours(&self, p: ProvinceId) -> impl Iterator<Item = ProvinceId> + '_ {
        self.army_adjacent
            .row(p.index())
            .map(|i| ProvinceId(i as u16))
    }

    /// Locations a fleet may move to from `l`.
    pub fn fleet_neighbours(&self, l: LocationId) -> impl Iterator<Item = LocationId> + '_ {
        self.fleet_adjacent
            .row(l.index())
            .map(|i| LocationId(i as u16))
    }

    /// Provinces fleet-adjacent to some location of `p`.
    pub fn fleet_province_neighbours(
        &self,
        p: ProvinceId,
    ) -> impl Iterator<Item = ProvinceId> + '_ {
        self.fleet_province_adjacent
            .row(p.index())
            .map(|i| ProvinceId(i as u16))
    }

    /// The locations a unit of `kind` at `from` could move to without convoy (armies:
    /// neighbouring provinces; fleets: neighbouring locations from its coast).
    pub fn unit_neighbours(&self, kind: UnitKind, from: LocationId) -> Vec<LocationId> {
        match kind {
            UnitKind::Army => self
                .army_neighbours(self.province_of(from))
                .map(ProvinceId::location)
                .collect(),
            UnitKind::Fleet => self.fleet_neighbours(from).collect(),
        }
    }

    /// Whether a unit of `kind` standing at `from` could move to `to` ignoring other
    /// units (army: army edge; fleet: fleet edge from its exact coast).
    #[inline]
    pub fn can_move(&self, kind: UnitKind, from: LocationId, to: LocationId) -> bool {
        match kind {
            UnitKind::Army => {
                to.index() < self.provinces.len()
                    && self.army_adjacent(self.province_of(from), self.province_of(to))
            }
            UnitKind::Fleet => self.fleet_adjacent(from, to),
        }
    }

    /// Whether a unit of `kind` at `from` could move into some location of province `to`
    /// (the reach a support needs: coasts do not matter).
    #[inline]
    pub fn can_reach_province(&self, kind: UnitKind, from: LocationId, to: ProvinceId) -> bool {
        match kind {
            UnitKind::Army => self.army_adjacent(self.province_of(from), to),
            UnitKind::Fleet => self.fleet_reach.get(from.index(), to.index()),
        }
    }

    /// The provinces a unit of `kind` at `from` could move into, as bit words (bit `p`
    /// of word `p / 64` is province `p`): the reach of a support.
    #[inline]
    pub fn reach_words(&self, kind: UnitKind, from: LocationId) -> &[u64] {
        match kind {
            UnitKind::Army => self.army_adjacent.row_words(self.province_of(from).index()),
            UnitKind::Fleet => self.fleet_reach.row_words(from.index()),
        }
    }

    /// The locations of `p` a unit of `kind` may stand on: the province itself, or for a
    /// fleet in a multi-coast province, each coast.
    pub fn unit_locations(&self, kind: UnitKind, p: ProvinceId) -> Vec<LocationId> {
        std::iter::once(p.location())
            .chain(self.provinces[p.index()].coasts.iter().copied())
            .filter(|&l| self.can_stand(kind, l))
            .collect()
    }

    /// Whether a unit of `kind` may stand at `l`.
    pub fn can_stand(&self, kind: UnitKind, l: LocationId) -> bool {
        let loc = &self.locations[l.index()];
        let prov = &self.provinces[loc.province.index()];
        match (kind, prov.terrain) {
            (_, Terrain::Impassable) => false,
            (UnitKind::Army, Terrain::Sea) => false,
            (UnitKind::Army, _) => loc.coast.is_none(),
            (UnitKind::Fleet, Terrain::Land) => false,
            (UnitKind::Fleet, _) => loc.coast.is_some() || prov.coasts.is_empty(),
        }
    }

    /// A location's name as saved games write it: `STP/NC`, `LON`.
    #[inline]
    pub fn upper_location_name(&self, l: LocationId) -> &str {
        &self.upper_names[l.index()]
    }

    /// A province's name as saved games write it: `STP`, `LON`.
    #[inline]
    pub fn upper_province_name(&self, p: ProvinceId) -> &str {
        self.upper_location_name(LocationId(p.0))
    }

    /// Short display form of a location: `stp/nc`, `lon`.
    pub fn location_id_name(&self, l: LocationId) -> String {
        let loc = &self.locations[l.index()];
        let prov = &self.provinces[loc.province.index()];
        match &loc.coast {
            Some(c) => format!("{}/{}", prov.id, c),
            None => prov.id.clone(),
        }
    }

    /// Report form of a location with the rulebook abbreviation: `StP(nc)`, `Lon`.
    pub fn location_abbr(&self, l: LocationId) -> String {
        let loc = &self.locations[l.index()];
        let prov = &self.provinces[loc.province.index()];
        match &loc.coast {
            Some(c) => format!("{}({})", prov.abbr, c),
            None => prov.abbr.clone(),
        }
    }
}
