//! The one checked way into a [`Position`]: a plain-data [`Setup`] (ids only) that
//! [`Position::from_setup`] checks against the variant, listing every problem it finds.
//!
//! Every loader (position JSON, saved games, the `diplomacy` package's games, DATC case
//! files, the Python binding) only translates names into a `Setup`; the checks live
//! here, once.

use super::{Dislodged, Position};
use crate::ids::{LocationId, PowerId, ProvinceId};
use crate::phase::{Phase, PhaseKind};
use crate::unit::{Unit, UnitKind};
use crate::variant::Variant;
use std::sync::Arc;

/// The earliest year a position may be in.
pub const MIN_YEAR: i32 = 1;
/// The latest year a position may be in (four digits, as every format writes years;
/// far from where `year + 1` could wrap).
pub const MAX_YEAR: i32 = 9999;

/// A position as plain data: ids only, nothing checked. Build a [`Position`] from it
/// with [`Position::from_setup`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The phase about to be played.
    pub phase: Phase,
    /// The units on the board (at most one per province).
    pub units: Vec<Unit>,
    /// Dislodged units with their retreat data (only in a retreat phase). The position
    /// keeps them in board order (by province), as the judge lists them, whatever the
    /// order here.
    pub dislodged: Vec<Dislodged>,
    /// Supply-center owners: `(center, power)`, each center at most once.
    pub owners: Vec<(ProvinceId, PowerId)>,
    /// Each power's home centers (one list per power, in the variant's power order),
    /// once an opening placement has set them; `None`: the variant's.
    pub homes: Option<Vec<Vec<ProvinceId>>>,
    /// Per space, the power whose unit last stood there (only for variants that keep
    /// it, [`Variant::tracks_occupants`]): the record is first assumed from the board
    /// (the unit standing there, else the center's owner), then these entries replace
    /// it space by space. `None` (or an empty list): the assumed record alone.
    pub last_occupants: Option<Vec<(ProvinceId, PowerId)>>,
    /// Per center, the power whose unit entered it in this year's Spring and has not
    /// lost the claim (Bowen 7; only for variants with `spring_capture`). `None`:
    /// assumed from the board (in the Fall, a unit on a center its power does not own
    /// entered it in the Spring); `Some`: exactly these.
    pub spring_entrants: Option<Vec<(ProvinceId, PowerId)>>,
}

impl Setup {
    /// An empty board at `phase`: no units, no owners.
    pub fn empty(phase: Phase) -> Setup {
        Setup {
            phase,
            units: Vec::new(),
            dislodged: Vec::new(),
            owners: Vec::new(),
            homes: None,
            last_occupants: None,
            spring_entrants: None,
        }
    }

    /// The owners of a per-province table as `(center, power)` pairs.
    pub fn owners_from(per_province: &[Option<PowerId>]) -> Vec<(ProvinceId, PowerId)> {
        per_province
            .iter()
            .enumerate()
            .filter_map(|(i, o)| o.map(|w| (ProvinceId(i as u16), w)))
            .collect()
    }
}

/// Checks a format may opt out of, where it genuinely needs to. The default checks
/// everything.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SetupOptions {
    /// Allow dislodged units outside a retreat phase (an editor placing a dislodged
    /// unit by hand, as the `diplomacy` package's `set_units("*A PAR")` does).
    pub dislodged_in_any_phase: bool,
    /// Take dislodged units' retreat options as given, once they name locations of the
    /// map (the `diplomacy` package's recorded states follow its own rulings, which
    /// sometimes list a retreat the DATC does not allow; the differential harness must
    /// still read them to compare).
    pub retreat_options_as_given: bool,
}

impl SetupOptions {
    /// These options, allowing dislodged units outside a retreat phase.
    pub fn dislodged_in_any_phase(self) -> SetupOptions {
        SetupOptions {
            dislodged_in_any_phase: true,
            ..self
        }
    }

    /// These options, taking retreat options as given.
    pub fn retreat_options_as_given(self) -> SetupOptions {
        SetupOptions {
            retreat_options_as_given: true,
            ..self
        }
    }
}

/// One thing wrong with a [`Setup`], with the names the variant gives.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupProblem {
    /// The year is outside [`MIN_YEAR`]`..=`[`MAX_YEAR`].
    #[error("year {0} is outside {MIN_YEAR}..={MAX_YEAR}")]
    Year(i32),
    /// A power number the variant does not have.
    #[error("power number {0} does not exist (the variant has {1} powers)")]
    Power(u8, usize),
    /// A location or province number the map does not have.
    #[error("space number {0} does not exist on the map")]
    Space(u16),
    /// A unit whose kind cannot stand where it is.
    #[error("{unit}: {kind} cannot stand at {location}")]
    CannotStand {
        /// The unit (`England: F mun`).
        unit: String,
        /// `an army` or `a fleet`.
        kind: &'static str,
        /// The location.
        location: String,
    },
    /// A fleet in a province with several coasts, listed without naming one.
    #[error("{unit}: a fleet at {province} must name its coast: {}", coasts.join(" or "))]
    CoastMissing {
        /// The unit (`Russia: F stp`).
        unit: String,
        /// The province (`stp`).
        province: String,
        /// Its coasts (`stp/nc`, `stp/sc`).
        coasts: Vec<String>,
    },
    /// Two units in one province.
    #[error("{second}: {province} already holds {first}")]
    TwoUnits {
        /// The province.
        province: String,
        /// The unit listed first.
        first: String,
        /// The unit listed second.
        second: String,
    },
    /// Two dislodged units in one province.
    #[error("dislodged {second}: {province} already holds dislodged {first}")]
    TwoDislodged {
        /// The province.
        province: String,
        /// The unit listed first.
        first: String,
        /// The unit listed second.
        second: String,
    },
    /// A dislodged unit outside a retreat phase.
    #[error("dislodged {unit}: dislodged units exist only in a retreat phase, not in {phase}")]
    DislodgedOutsideRetreat {
        /// The unit.
        unit: String,
        /// The phase.
        phase: Phase,
    },
    /// A retreat option the dislodged unit cannot have.
    #[error("dislodged {unit} cannot retreat to {to}: {why}")]
    Retreat {
        /// The unit.
        unit: String,
        /// The option.
        to: String,
        /// Why not.
        why: &'static str,
    },
    /// An owner given for a space that is not a supply center.
    #[error("{power}: {space} is not a supply center")]
    NotACenter {
        /// The power.
        power: String,
        /// The space.
        space: String,
    },
    /// A space listed twice in one table (owners, homes, last occupants).
    #[error("{what}: {space} is listed twice ({first}, {second})")]
    Twice {
        /// The table.
        what: &'static str,
        /// The space.
        space: String,
        /// The power listed first.
        first: String,
        /// The power listed second.
        second: String,
    },
    /// The home-center table does not have one list per power.
    #[error("home centers: {found} lists for {expected} powers")]
    HomesSize {
        /// The variant's number of powers.
        expected: usize,
        /// The lists given.
        found: usize,
    },
    /// Last occupants given for a variant that does not keep them.
    #[error("the variant {0} does not keep each space's last occupant")]
    OccupantsNotKept(String),
}

/// Why a [`Setup`] is not a position of the variant: every problem found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", .problems.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"))]
#[non_exhaustive]
pub struct PositionError {
    /// The problems, in the order found.
    pub problems: Vec<SetupProblem>,
}

/// What the checks need to name things, with the ids already known to be in range.
struct Namer<'a> {
    variant: &'a Variant,
}

impl Namer<'_> {
    fn unit(&self, u: &Unit) -> String {
        format!(
            "{}: {} {}",
            self.variant.power_name(u.power),
            u.mark(),
            self.variant.map.location_id_name(u.location)
        )
    }
    fn province(&self, p: ProvinceId) -> String {
        self.variant.map.province(p).id.clone()
    }
    fn power(&self, w: PowerId) -> String {
        self.variant.power_name(w).to_string()
    }
}

fn kind_words(kind: UnitKind) -> &'static str {
    match kind {
        UnitKind::Army => "an army",
        UnitKind::Fleet => "a fleet",
    }
}

/// The range checks: every id names something of the variant. Anything out of range
/// is reported and the rest of the checks skip it (they index with it).
struct Ranges<'a> {
    variant: &'a Variant,
    problems: Vec<SetupProblem>,
}

impl Ranges<'_> {
    fn power(&mut self, w: PowerId) -> bool {
        let ok = w.index() < self.variant.powers.len();
        if !ok {
            self.problems
                .push(SetupProblem::Power(w.0, self.variant.powers.len()));
        }
        ok
    }
    fn province(&mut self, p: ProvinceId) -> bool {
        let ok = p.index() < self.variant.map.province_count();
        if !ok {
            self.problems.push(SetupProblem::Space(p.0));
        }
        ok
    }
    fn location(&mut self, l: LocationId) -> bool {
        let ok = l.index() < self.variant.map.location_count();
        if !ok {
            self.problems.push(SetupProblem::Space(l.0));
        }
        ok
    }
    fn unit(&mut self, u: &Unit) -> bool {
        // Both checked, so both are reported.
        let power = self.power(u.power);
        self.location(u.location) && power
    }
}

impl Position {
    /// The position `setup` describes, after checking it against `variant`: every
    /// problem found is listed (see [`SetupProblem`]).
    pub fn from_setup(variant: &Variant, setup: Setup) -> Result<Position, PositionError> {
        Position::from_setup_with(variant, setup, SetupOptions::default())
    }

    /// [`Position::from_setup`] with some checks relaxed as `options` say.
    pub fn from_setup_with(
        variant: &Variant,
        setup: Setup,
        options: SetupOptions,
    ) -> Result<Position, PositionError> {
        let map = &variant.map;
        let names = Namer { variant };
        let mut ranges = Ranges {
            variant,
            problems: Vec::new(),
        };
        if !(MIN_YEAR..=MAX_YEAR).contains(&setup.phase.year) {
            ranges.problems.push(SetupProblem::Year(setup.phase.year));
        }
        let mut pos = Position::empty(variant, setup.phase);

        for u in &setup.units {
            if !ranges.unit(u) {
                continue;
            }
            if let Some(problem) = stand_problem(map, u, names.unit(u)) {
                ranges.problems.push(problem);
                continue;
            }
            let p = map.province_of(u.location);
            match &pos.units[p.index()] {
                Some(first) => ranges.problems.push(SetupProblem::TwoUnits {
                    province: names.province(p),
                    first: names.unit(first),
                    second: names.unit(u),
                }),
                None => pos.units[p.index()] = Some(*u),
            }
        }

        for d in setup.dislodged {
            if !ranges.unit(&d.unit) {
                continue;
            }
            let unit = names.unit(&d.unit);
            if setup.phase.kind != PhaseKind::Retreat && !options.dislodged_in_any_phase {
                ranges.problems.push(SetupProblem::DislodgedOutsideRetreat {
                    unit: unit.clone(),
                    phase: setup.phase,
                });
            }
            if let Some(problem) = stand_problem(map, &d.unit, unit.clone()) {
                ranges.problems.push(problem);
                continue;
            }
            let here = map.province_of(d.unit.location);
            if let Some(first) = pos
                .dislodged
                .iter()
                .find(|f| map.province_of(f.unit.location) == here)
            {
                ranges.problems.push(SetupProblem::TwoDislodged {
                    province: names.province(here),
                    first: names.unit(&first.unit),
                    second: unit,
                });
                continue;
            }
            if let Some(a) = d.attacker_from {
                ranges.province(a);
            }
            let mut seen: Vec<LocationId> = Vec::new();
            for &to in &d.retreat_options {
                if !ranges.location(to) {
                    continue;
                }
                let dest = map.province_of(to);
                let why = if options.retreat_options_as_given {
                    None
                } else if !map.can_stand(d.unit.kind, to) {
                    Some("it cannot stand there")
                } else if !map.can_move(d.unit.kind, d.unit.location, to) {
                    Some("not a neighbour it can move to")
                } else if pos.units[dest.index()].is_some() {
                    Some("the space is occupied")
                } else if d.attacker_from == Some(dest) {
                    Some("its attacker came from there")
                } else if seen.contains(&to) {
                    Some("listed twice")
                } else {
                    None
                };
                if let Some(why) = why {
                    ranges.problems.push(SetupProblem::Retreat {
                        unit: unit.clone(),
                        to: map.location_id_name(to),
                        why,
                    });
                }
                seen.push(to);
            }
            pos.dislodged.push(d);
        }
        // In board order, as the judge lists them: a position does not depend on the
        // order a format lists them in (the position JSON groups them by power), so it
        // reads back exactly as it was written.
        pos.dislodged
            .sort_by_key(|d| map.province_of(d.unit.location));

        if let Some(homes) = setup.homes {
            if homes.len() == variant.powers.len() {
                let mut home_of: Vec<Option<PowerId>> = vec![None; map.province_count()];
                for (w, list) in homes.iter().enumerate() {
                    let w = PowerId(w as u8);
                    for &p in list {
                        if !ranges.province(p) {
                            continue;
                        }
                        match home_of[p.index()] {
                            Some(first) => ranges.problems.push(SetupProblem::Twice {
                                what: "home centers",
                                space: names.province(p),
                                first: names.power(first),
                                second: names.power(w),
                            }),
                            None => home_of[p.index()] = Some(w),
                        }
                    }
                }
                pos.homes = Some(Arc::new(homes));
            } else {
                ranges.problems.push(SetupProblem::HomesSize {
                    expected: variant.powers.len(),
                    found: homes.len(),
                });
            }
        }

        // The owner table, read after the homes (they decide which spaces are centers).
        let mut listed: Vec<Option<PowerId>> = vec![None; map.province_count()];
        for &(p, w) in &setup.owners {
            let power_ok = ranges.power(w);
            if !ranges.province(p) || !power_ok {
                continue;
            }
            if let Some(first) = listed[p.index()] {
                ranges.problems.push(SetupProblem::Twice {
                    what: "supply-center owners",
                    space: names.province(p),
                    first: names.power(first),
                    second: names.power(w),
                });
                continue;
            }
            listed[p.index()] = Some(w);
            if variant.is_center_in(&pos, p) {
                pos.owners[p.index()] = Some(w);
            } else {
                ranges.problems.push(SetupProblem::NotACenter {
                    power: names.power(w),
                    space: names.province(p),
                });
            }
        }

        match setup.last_occupants {
            None => pos.assume_last_occupants(),
            Some(list) if pos.last_occupant.is_empty() => {
                if !list.is_empty() {
                    ranges
                        .problems
                        .push(SetupProblem::OccupantsNotKept(variant.name.clone()));
                }
            }
            Some(list) => {
                pos.assume_last_occupants();
                let mut listed: Vec<Option<PowerId>> = vec![None; map.province_count()];
                for (p, w) in list {
                    let power_ok = ranges.power(w);
                    if !ranges.province(p) || !power_ok {
                        continue;
                    }
                    match listed[p.index()] {
                        Some(first) => ranges.problems.push(SetupProblem::Twice {
                            what: "last occupants",
                            space: names.province(p),
                            first: names.power(first),
                            second: names.power(w),
                        }),
                        None => {
                            listed[p.index()] = Some(w);
                            pos.last_occupant[p.index()] = Some(w);
                        }
                    }
                }
            }
        }

        match setup.spring_entrants {
            None => pos.assume_spring_entrants(variant),
            Some(list) if pos.spring_entrants.is_empty() => {
                if !list.is_empty() {
                    ranges
                        .problems
                        .push(SetupProblem::OccupantsNotKept(variant.name.clone()));
                }
            }
            Some(list) => {
                for (p, w) in list {
                    if ranges.province(p) && ranges.power(w) {
                        pos.spring_entrants[p.index()] = Some(w);
                    }
                }
            }
        }

        if ranges.problems.is_empty() {
            Ok(pos)
        } else {
            Err(PositionError {
                problems: ranges.problems,
            })
        }
    }

    /// The plain data of this position ([`Position::from_setup`] gives it back).
    pub fn to_setup(&self) -> Setup {
        Setup {
            phase: self.phase,
            units: self.units().map(|(_, u)| *u).collect(),
            dislodged: self.dislodged.clone(),
            owners: Setup::owners_from(&self.owners),
            homes: self.homes.as_ref().map(|h| h.as_ref().clone()),
            last_occupants: (!self.last_occupant.is_empty())
                .then(|| Setup::owners_from(&self.last_occupant)),
            spring_entrants: (!self.spring_entrants.is_empty())
                .then(|| Setup::owners_from(&self.spring_entrants)),
        }
    }
}

/// Why `unit` cannot stand where it is, if it cannot: a fleet in a province with several
/// coasts that names none is told the coast is missing, not that fleets cannot stand there.
fn stand_problem(map: &crate::map::Map, unit: &Unit, name: String) -> Option<SetupProblem> {
    if map.can_stand(unit.kind, unit.location) {
        return None;
    }
    let province = map.province_of(unit.location);
    if unit.kind == UnitKind::Fleet
        && unit.location == province.location()
        && map.has_coasts(province)
    {
        return Some(SetupProblem::CoastMissing {
            unit: name,
            province: map.province(province).id.clone(),
            coasts: map
                .unit_locations(UnitKind::Fleet, province)
                .into_iter()
                .map(|l| map.location_id_name(l))
                .collect(),
        });
    }
    Some(SetupProblem::CannotStand {
        unit: name,
        kind: kind_words(unit.kind),
        location: map.location_id_name(unit.location),
    })
}
