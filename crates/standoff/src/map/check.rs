//! The map self-check: geometric consistency that every variant must satisfy.

use super::{Map, Terrain};
use crate::ids::{LocationId, ProvinceId};

/// One inconsistency found by [`Map::self_check`], naming the space.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MapProblem {
    /// An army edge touches a sea or impassable space.
    #[error("army edge {from}-{to}: `{bad}` cannot hold an army")]
    ArmyEdgeIntoWater {
        /// One end.
        from: String,
        /// Other end.
        to: String,
        /// The end that is wrong.
        bad: String,
    },
    /// A fleet edge touches a land-locked or impassable space.
    #[error("fleet edge {from}-{to}: `{bad}` cannot hold a fleet")]
    FleetEdgeIntoLand {
        /// One end.
        from: String,
        /// Other end.
        to: String,
        /// The end that is wrong.
        bad: String,
    },
    /// A fleet edge uses the bare name of a province that has named coasts.
    #[error("fleet edge {from}-{to}: `{bad}` has named coasts; name the coast")]
    FleetEdgeNeedsCoast {
        /// One end.
        from: String,
        /// Other end.
        to: String,
        /// The province missing its coast.
        bad: String,
    },
    /// A province with named coasts is not coastal.
    #[error("`{0}` has named coasts but is not a coastal province")]
    CoastsOnNonCoastal(String),
    /// A coastal or sea space no fleet can reach.
    #[error("`{0}` is coastal or sea but has no fleet edge")]
    UnreachableByFleet(String),
    /// An inland space no army can reach (islands, coastal spaces without army edges,
    /// are fine).
    #[error("`{0}` is inland but has no army edge")]
    UnreachableByArmy(String),
    /// An edge from a space to itself.
    #[error("`{0}` is adjacent to itself")]
    SelfLoop(String),
    /// A supply center on an impassable space.
    #[error("`{0}` is a supply center but impassable")]
    ImpassableCenter(String),
}

impl Map {
    /// Checks that adjacency is symmetric and fits the terrain, coasts are consistent
    /// and centers are real spaces. Returns every problem found.
    pub fn self_check(&self) -> Vec<MapProblem> {
        let mut problems = Vec::new();
        let name = |l: LocationId| self.location_id_name(l);
        for (i, prov) in self.provinces.iter().enumerate() {
            let p = ProvinceId(i as u16);
            if !prov.coasts.is_empty() && prov.terrain != Terrain::Coast {
                problems.push(MapProblem::CoastsOnNonCoastal(prov.id.clone()));
            }
            if prov.is_center && prov.terrain == Terrain::Impassable {
                problems.push(MapProblem::ImpassableCenter(prov.id.clone()));
            }
            if self.army_adjacent(p, p) || self.fleet_province_adjacent(p, p) {
                problems.push(MapProblem::SelfLoop(prov.id.clone()));
            }
            let fleet_ok = matches!(prov.terrain, Terrain::Coast | Terrain::Sea);
            let army_ok = prov.terrain == Terrain::Land;
            if fleet_ok && self.fleet_province_neighbours(p).next().is_none() {
                problems.push(MapProblem::UnreachableByFleet(prov.id.clone()));
            }
            if army_ok && self.army_neighbours(p).next().is_none() {
                problems.push(MapProblem::UnreachableByArmy(prov.id.clone()));
            }
            for q in self.army_neighbours(p).filter(|q| q.index() > i) {
                for end in [p, q] {
                    let t = self.provinces[end.index()].terrain;
                    if matches!(t, Terrain::Sea | Terrain::Impassable) {
                        problems.push(MapProblem::ArmyEdgeIntoWater {
                            from: prov.id.clone(),
                            to: self.provinces[q.index()].id.clone(),
                            bad: self.provinces[end.index()].id.clone(),
                        });
                    }
                }
            }
        }
        for l in 0..self.locations.len() {
            let a = LocationId(l as u16);
            for b in self.fleet_neighbours(a).filter(|b| b.index() > l) {
                for end in [a, b] {
                    let loc = &self.locations[end.index()];
                    let prov = &self.provinces[loc.province.index()];
                    let problem = if matches!(prov.terrain, Terrain::Land | Terrain::Impassable) {
                        Some(MapProblem::FleetEdgeIntoLand {
                            from: name(a),
                            to: name(b),
                            bad: name(end),
                        })
                    } else if loc.coast.is_none() && !prov.coasts.is_empty() {
                        Some(MapProblem::FleetEdgeNeedsCoast {
                            from: name(a),
                            to: name(b),
                            bad: name(end),
                        })
                    } else {
                        None
                    };
                    problems.extend(problem);
                }
            }
        }
        problems
    }
}
