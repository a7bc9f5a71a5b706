//! Canonical text of orders, with the map's names: `F Nth - Pic`, `A Mun S A Ber`.

use super::{Order, OrderKind, StrayCoast, UnitRef};
use crate::map::Map;
use crate::variant::Power;
use std::cell::Cell;
use std::fmt;

/// An order paired with its map, for display.
pub struct OrderDisplay<'a> {
    order: &'a Order,
    map: &'a Map,
    abbreviations: bool,
    powers: Option<&'a [Power]>,
    /// The units as they stood, to mark the graded ones (`1/2A`, Bowen 8-9).
    graded: Option<&'a [crate::unit::Unit]>,
    /// An unknown coast the order was written with (DATC 4.B.6), still to be written:
    /// it goes after the first location written without a coast, so the text reads back
    /// to the same order.
    stray_pending: Cell<bool>,
}

impl Order {
    /// Displays the order with the 2000-rulebook abbreviations (`F StP(nc) - Bar`).
    pub fn display<'a>(&'a self, map: &'a Map) -> OrderDisplay<'a> {
        OrderDisplay {
            order: self,
            map,
            abbreviations: true,
            powers: None,
            graded: None,
            stray_pending: Cell::new(false),
        }
    }

    /// Displays the order with the map's short ids (`F stp/nc - bar`), the form data
    /// files and other tools read.
    pub fn display_ids<'a>(&'a self, map: &'a Map) -> OrderDisplay<'a> {
        OrderDisplay {
            order: self,
            map,
            abbreviations: false,
            powers: None,
            graded: None,
            stray_pending: Cell::new(false),
        }
    }
}

impl<'a> OrderDisplay<'a> {
    /// Names the power a proxy order hands its unit to (without them it is written as
    /// `power N`).
    pub fn with_powers(self, powers: &'a [Power]) -> Self {
        OrderDisplay {
            powers: Some(powers),
            ..self
        }
    }

    /// Marks every unit the order names with its grade as it stands among `units`
    /// (`1/2A Mun S 1/2F Kie`): the Bowen variant's reports "should say '1/2A' and
    /// '1/2F'".
    pub fn with_grades(self, units: &'a [crate::unit::Unit]) -> Self {
        OrderDisplay {
            graded: Some(units),
            ..self
        }
    }

    fn power(&self, p: crate::PowerId) -> String {
        match self.powers.and_then(|ps| ps.get(p.index())) {
            Some(power) => power.name.clone(),
            None => format!("power {}", p.index()),
        }
    }

    fn loc(&self, l: crate::LocationId) -> String {
        let name = if self.abbreviations {
            self.map.location_abbr(l)
        } else {
            self.map.location_id_name(l)
        };
        if self.stray_pending.get() && l.index() < self.map.province_count() {
            self.stray_pending.set(false);
            return if self.abbreviations {
                format!("{name}(xc)")
            } else {
                format!("{name}/xc")
            };
        }
        name
    }

    fn unit(&self, u: &UnitRef) -> String {
        let province = self.map.province_of(u.location);
        let graded = self.graded.and_then(|units| {
            units.iter().find(|g| {
                self.map.province_of(g.location) == province
                    && u.kind.is_none_or(|k| k == g.kind)
                    && g.grade != crate::unit::Grade::Full
            })
        });
        if let Some(g) = graded {
            return format!("{} {}", g.mark(), self.loc(u.location));
        }
        match u.kind {
            Some(k) => format!("{} {}", k.letter(), self.loc(u.location)),
            None => self.loc(u.location),
        }
    }
}

impl fmt::Display for OrderDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.stray_pending
            .set(self.order.stray_coast == Some(StrayCoast::Unknown));
        match &self.order.kind {
            OrderKind::Hold { unit } => write!(f, "{} H", self.unit(unit)),
            OrderKind::Move {
                unit,
                to,
                via_convoy,
                path,
            } => {
                write!(f, "{}", self.unit(unit))?;
                for sea in path.iter() {
                    write!(f, " - {}", self.loc(sea.location()))?;
                }
                write!(f, " - {}", self.loc(*to))?;
                if *via_convoy {
                    write!(f, " via convoy")?;
                }
                Ok(())
            }
            OrderKind::SupportHold { unit, target } => {
                write!(f, "{} S {}", self.unit(unit), self.unit(target))
            }
            OrderKind::SupportMove { unit, target, to } => write!(
                f,
                "{} S {} - {}",
                self.unit(unit),
                self.unit(target),
                self.loc(*to)
            ),
            OrderKind::Convoy { unit, army, to } => {
                write!(
                    f,
                    "{} C {} - {}",
                    self.unit(unit),
                    self.unit(army),
                    self.loc(to.location())
                )?;
                match (army.nationality, self.powers) {
                    (Some(p), Some(powers)) => match powers.get(p.index()) {
                        Some(power) => write!(f, " if {}", power.adjective),
                        None => Ok(()),
                    },
                    _ => Ok(()),
                }
            }
            OrderKind::RailMove { unit, to } => {
                write!(f, "{} - TSR - {}", self.unit(unit), self.loc(to.location()))
            }
            OrderKind::CanalPermission { fleet, to } => {
                write!(f, "SC {} - {}", self.unit(fleet), self.loc(to.location()))
            }
            OrderKind::Retreat { unit, to } => {
                write!(f, "{} R {}", self.unit(unit), self.loc(*to))
            }
            OrderKind::Disband { unit } => write!(f, "{} D", self.unit(unit)),
            OrderKind::Build { unit } => write!(f, "Build {}", self.unit(unit)),
            OrderKind::Remove { unit } => write!(f, "Remove {}", self.unit(unit)),
            OrderKind::Waive => write!(f, "Waive"),
            OrderKind::Proxy { unit, to } => {
                write!(f, "{} proxy to {}", self.unit(unit), self.power(*to))
            }
        }
    }
}
