//! DAIDE tokens for a variant, generated from its data: the standard map gets the
//! protocol's own province and power tokens (and an empty RM); any other variant gets
//! tokens numbered from its provinces and powers, announced in the RM and MDF. Also
//! the translation between tokens and the core's ids (provinces, coasts, powers,
//! units, orders) and the MDF of a variant.

use crate::frame::RmEntry;
use crate::message::{CoastAdjacency, MapDefinition};
use crate::order::{Loc, Order as DOrder, Unit as DUnit, UnitType};
use crate::token::{category, names, ProvinceKind, Token, STANDARD_PROVINCES};
use standoff::map::Terrain;
use standoff::order::{Order, OrderKind, UnitRef};
use standoff::unit::{Unit, UnitKind};
use standoff::{LocationId, PowerId, ProvinceId, Variant};
use std::collections::HashMap;

/// Why a variant cannot be offered over DAIDE.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MappingError {
    /// More than 256 provinces or powers.
    #[error("{what}: {count} is more than DAIDE's 256")]
    TooMany {
        /// Provinces or powers.
        what: &'static str,
        /// How many.
        count: usize,
    },
    /// A coast name with no DAIDE coast token.
    #[error("province `{province}` has coast `{coast}`, which DAIDE cannot name")]
    UnknownCoast {
        /// Province id.
        province: String,
        /// Coast name.
        coast: String,
    },
}

/// Our standard-map ids whose DAIDE name differs from the upper-cased id.
const STANDARD_RENAMES: &[(&str, &str)] = &[("bot", "GOB"), ("eng", "ECH"), ("lyo", "GOL")];
const STANDARD_POWERS: &[&str] = &[
    "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey",
];

/// The coast token of a core coast name.
pub fn coast_token(coast: &str) -> Option<Token> {
    Some(match coast.to_ascii_lowercase().as_str() {
        "nc" | "n" => names::NCS,
        "sc" | "s" => names::SCS,
        "ec" | "e" => names::ECS,
        "wc" | "w" => names::WCS,
        "nec" | "ne" => names::NEC,
        "sec" | "se" => names::SEC,
        "swc" | "sw" => names::SWC,
        "nwc" | "nw" => names::NWC,
        _ => return None,
    })
}

/// The tokens of one variant.
#[derive(Clone, Debug)]
pub struct MapTokens {
    /// Map name for MAP (`standard` for the standard map).
    pub map_name: String,
    standard: bool,
    provinces: Vec<Option<Token>>,
    by_token: HashMap<Token, ProvinceId>,
    powers: Vec<Token>,
    names: HashMap<Token, String>,
}

fn daide_kind(terrain: Terrain, has_coasts: bool) -> Option<ProvinceKind> {
    match terrain {
        Terrain::Land => Some(ProvinceKind::Inland),
        Terrain::Sea => Some(ProvinceKind::Sea),
        Terrain::Coast if has_coasts => Some(ProvinceKind::Bicoastal),
        Terrain::Coast => Some(ProvinceKind::Coastal),
        Terrain::Impassable => None,
    }
}

/// A three-character name from `seed` not in `taken` and not a language token.
fn fresh_name(
    seed: &str,
    taken: &mut std::collections::HashSet<String>,
    may_reuse: bool,
) -> String {
    let clean: String = seed
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_uppercase())
        .collect();
    let mut candidates: Vec<String> = Vec::new();
    if clean.len() >= 3 {
        candidates.push(clean[..3].to_string());
        let first = &clean[..1];
        for i in 1..clean.len() {
            for j in i + 1..clean.len() {
                candidates.push(format!("{first}{}{}", &clean[i..=i], &clean[j..=j]));
            }
        }
    }
    let first = clean.get(..1).unwrap_or("X").to_string();
    candidates.extend((0..100).map(|n| format!("{first}{n:02}")));
    candidates.extend((0..1000).map(|n| format!("{n:03}")));
    for c in candidates {
        let clash = match Token::named(&c) {
            Some(t) => !(may_reuse && (t.is_province() || t.is_power())),
            None => false,
        };
        if !clash && taken.insert(c.clone()) {
            return c;
        }
    }
    String::from("???")
}

impl MapTokens {
    /// The tokens of `variant`.
    pub fn new(variant: &Variant) -> Result<MapTokens, MappingError> {
        let map = &variant.map;
        for p in map.provinces() {
            for &c in &p.coasts {
                let name = map.location(c).coast.clone().unwrap_or_default();
                if coast_token(&name).is_none() {
                    return Err(MappingError::UnknownCoast {
                        province: p.id.clone(),
                        coast: name,
                    });
                }
            }
        }
        let passable: Vec<usize> = (0..map.province_count())
            .filter(|&i| map.provinces()[i].terrain != Terrain::Impassable)
            .collect();
        if passable.len() > 256 {
            return Err(MappingError::TooMany {
                what: "provinces",
                count: passable.len(),
            });
        }
        if variant.powers.len() > 256 {
            return Err(MappingError::TooMany {
                what: "powers",
                count: variant.powers.len(),
            });
        }
        let standard_name = |id: &str| -> String {
            STANDARD_RENAMES
                .iter()
                .find(|(ours, _)| *ours == id)
                .map(|(_, d)| d.to_string())
                .unwrap_or_else(|| id.to_ascii_uppercase())
        };
        let standard = passable.len() == STANDARD_PROVINCES.len()
            && variant.powers.len() == STANDARD_POWERS.len()
            && variant
                .powers
                .iter()
                .zip(STANDARD_POWERS)
                .all(|(p, n)| p.name == *n)
            && passable.iter().all(|&i| {
                let p = &map.provinces()[i];
                let name = standard_name(&p.id);
                STANDARD_PROVINCES.iter().any(|(v, n)| {
                    *n == name
                        && daide_kind(p.terrain, !p.coasts.is_empty())
                            .map(|k| k.category(p.is_center))
                            == Some(Token(*v).category())
                })
            });
        let mut provinces = vec![None; map.province_count()];
        let mut by_token = HashMap::new();
        let mut names_of = HashMap::new();
        let mut powers = Vec::new();
        if standard {
            for &i in &passable {
                let name = standard_name(&map.provinces()[i].id);
                if let Some(t) = Token::named(&name) {
                    provinces[i] = Some(t);
                    by_token.insert(t, ProvinceId(i as u16));
                    names_of.insert(t, name);
                }
            }
            for n in 0..STANDARD_POWERS.len() {
                let t = Token::new(category::POWER, n as u8);
                powers.push(t);
                names_of.insert(t, t.name().unwrap_or("???").to_string());
            }
        } else {
            let mut taken = std::collections::HashSet::new();
            let mut named: Vec<(u8, String, usize)> = passable
                .iter()
                .map(|&i| {
                    let p = &map.provinces()[i];
                    let cat = daide_kind(p.terrain, !p.coasts.is_empty())
                        .map(|k| k.category(p.is_center))
                        .unwrap_or(category::PROVINCE_FIRST);
                    let name = fresh_name(&standard_name(&p.id), &mut taken, true);
                    (cat, name, i)
                })
                .collect();
            named.sort();
            for (number, (cat, name, i)) in named.into_iter().enumerate() {
                let t = Token::new(cat, number as u8);
                provinces[i] = Some(t);
                by_token.insert(t, ProvinceId(i as u16));
                names_of.insert(t, name);
            }
            for (n, p) in variant.powers.iter().enumerate() {
                let t = Token::new(category::POWER, n as u8);
                let name = fresh_name(&p.name, &mut taken, true);
                powers.push(t);
                names_of.insert(t, name);
            }
        }
        let map_name: String = variant
            .name
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        Ok(MapTokens {
            map_name,
            standard,
            provinces,
            by_token,
            powers,
            names: names_of,
        })
    }

    /// Whether this is the standard map (its tokens need no RM).
    pub fn is_standard(&self) -> bool {
        self.standard
    }

    /// The RM's entries: empty for the standard map, every power and province otherwise.
    pub fn representation(&self) -> Vec<RmEntry> {
        if self.standard {
            return Vec::new();
        }
        let mut entries: Vec<RmEntry> = self
            .powers
            .iter()
            .chain(self.provinces.iter().flatten())
            .map(|t| {
                let n = self.names.get(t).map(String::as_bytes).unwrap_or(b"???");
                RmEntry {
                    token: *t,
                    name: [n[0], n[1], n[2]],
                }
            })
            .collect();
        entries.sort_by_key(|e| e.token);
        entries
    }

    /// The three-letter name of a power or province token.
    pub fn name(&self, t: Token) -> Option<&str> {
        self.names.get(&t).map(String::as_str)
    }

    /// A province's token (`None` for an impassable one).
    pub fn province_token(&self, p: ProvinceId) -> Option<Token> {
        self.provinces.get(p.index()).copied().flatten()
    }

    /// The province of a token.
    pub fn province(&self, t: Token) -> Option<ProvinceId> {
        self.by_token.get(&t).copied()
    }

    /// A power's token.
    pub fn power_token(&self, p: PowerId) -> Token {
        self.powers.get(p.index()).copied().unwrap_or(names::UNO)
    }

    /// The power of a token.
    pub fn power(&self, t: Token) -> Option<PowerId> {
        self.powers
            .iter()
            .position(|p| *p == t)
            .map(|i| PowerId(i as u8))
    }

    /// The powers' tokens.
    pub fn powers(&self) -> &[Token] {
        &self.powers
    }

    /// A location as DAIDE writes it (a coast only for named coasts).
    pub fn loc(&self, variant: &Variant, l: LocationId) -> Option<Loc> {
        let map = &variant.map;
        let location = map.location(l);
        let province = self.province_token(location.province)?;
        let coast = match &location.coast {
            Some(c) => Some(coast_token(c)?),
            None => None,
        };
        Some(Loc { province, coast })
    }

    /// The location of a DAIDE location.
    pub fn location(&self, variant: &Variant, loc: Loc) -> Option<LocationId> {
        let p = self.province(loc.province)?;
        match loc.coast {
            None => Some(LocationId(p.0)),
            Some(c) => variant.map.province(p).coasts.iter().copied().find(|&l| {
                variant
                    .map
                    .location(l)
                    .coast
                    .as_deref()
                    .and_then(coast_token)
                    == Some(c)
            }),
        }
    }

    /// A unit as DAIDE writes it.
    pub fn unit(&self, variant: &Variant, u: &Unit) -> Option<DUnit> {
        Some(DUnit {
            power: self.power_token(u.power),
            kind: match u.kind {
                UnitKind::Army => UnitType::Army,
                UnitKind::Fleet => UnitType::Fleet,
            },
            loc: self.loc(variant, u.location)?,
        })
    }

    fn unit_ref(&self, variant: &Variant, u: &DUnit) -> Option<UnitRef> {
        let location = self.location(variant, u.loc)?;
        let kind = match u.kind {
            UnitType::Army => UnitKind::Army,
            UnitType::Fleet => UnitKind::Fleet,
        };
        Some(UnitRef {
            kind: Some(kind),
            location,
            nationality: self.power(u.power),
        })
    }

    /// A DAIDE order as a core order (`None`: a token names nothing on this map).
    pub fn order(&self, variant: &Variant, o: &DOrder) -> Option<Order> {
        let power = self.power(o.power())?;
        let unit = |u: &DUnit| self.unit_ref(variant, u);
        let province = |t: Token| self.province(t);
        let kind = match o {
            DOrder::Hold(u) => OrderKind::Hold { unit: unit(u)? },
            DOrder::Move(u, to) => OrderKind::Move {
                unit: unit(u)?,
                to: self.location(variant, *to)?,
                via_convoy: false,
                path: Default::default(),
            },
            DOrder::SupportHold(u, t) => OrderKind::SupportHold {
                unit: unit(u)?,
                target: unit(t)?,
            },
            DOrder::SupportMove(u, t, to) => OrderKind::SupportMove {
                unit: unit(u)?,
                target: unit(t)?,
                to: LocationId(province(*to)?.0),
            },
            DOrder::Convoy(u, a, to) => OrderKind::Convoy {
                unit: unit(u)?,
                army: unit(a)?,
                to: province(*to)?,
            },
            DOrder::ConvoyMove(u, to, path) => {
                let path: Option<Vec<ProvinceId>> = path.iter().map(|t| province(*t)).collect();
                OrderKind::Move {
                    unit: unit(u)?,
                    to: LocationId(province(*to)?.0),
                    via_convoy: true,
                    path: standoff::order::ConvoyPath::from(path?),
                }
            }
            DOrder::Retreat(u, to) => OrderKind::Retreat {
                unit: unit(u)?,
                to: self.location(variant, *to)?,
            },
            DOrder::Disband(u) => OrderKind::Disband { unit: unit(u)? },
            DOrder::Build(u) => OrderKind::Build { unit: unit(u)? },
            DOrder::Remove(u) => OrderKind::Remove { unit: unit(u)? },
            DOrder::Waive(_) => OrderKind::Waive,
        };
        Some(Order::new(power, kind))
    }

    /// The MDF of `variant`.
    pub fn map_definition(&self, variant: &Variant) -> MapDefinition {
        let map = &variant.map;
        let mut centres: Vec<(Vec<Token>, Vec<Token>)> = Vec::new();
        let mut homes_of: HashMap<ProvinceId, Vec<Token>> = HashMap::new();
        for (i, p) in variant.powers.iter().enumerate() {
            for &h in &p.home_centers {
                homes_of
                    .entry(h)
                    .or_default()
                    .push(self.power_token(PowerId(i as u8)));
            }
        }
        let mut non_centres = Vec::new();
        let mut adjacencies = Vec::new();
        for (i, p) in map.provinces().iter().enumerate() {
            let id = ProvinceId(i as u16);
            let Some(t) = self.province_token(id) else {
                continue;
            };
            if p.is_center {
                let owners = homes_of
                    .get(&id)
                    .cloned()
                    .unwrap_or_else(|| vec![names::UNO]);
                match centres.iter_mut().find(|(o, _)| *o == owners) {
                    Some((_, list)) => list.push(t),
                    None => centres.push((owners, vec![t])),
                }
            } else {
                non_centres.push(t);
            }
            let mut lists = Vec::new();
            if p.terrain == Terrain::Land || p.terrain == Terrain::Coast {
                let to = map
                    .army_neighbours(id)
                    .filter_map(|n| self.province_token(n))
                    .map(|province| Loc {
                        province,
                        coast: None,
                    })
                    .collect();
                lists.push(CoastAdjacency {
                    kind: UnitType::Army,
                    coast: None,
                    to,
                });
            }
            let fleet_from: Vec<LocationId> = if p.coasts.is_empty() {
                if p.terrain == Terrain::Land {
                    Vec::new()
                } else {
                    vec![LocationId(id.0)]
                }
            } else {
                p.coasts.clone()
            };
            for from in fleet_from {
                let to = map
                    .fleet_neighbours(from)
                    .filter_map(|n| self.loc(variant, n))
                    .collect();
                let coast = map.location(from).coast.as_deref().and_then(coast_token);
                lists.push(CoastAdjacency {
                    kind: UnitType::Fleet,
                    coast,
                    to,
                });
            }
            adjacencies.push((t, lists));
        }
        MapDefinition {
            powers: self.powers.clone(),
            centres,
            non_centres,
            adjacencies,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use standoff::variant::builtin_arc;

    #[test]
    fn the_standard_map_uses_the_protocol_tokens() {
        let v = builtin_arc("standard").expect("built in");
        let m = MapTokens::new(&v).expect("mappable");
        assert!(m.is_standard());
        assert!(m.representation().is_empty());
        let stp = v.map.find_province("stp").expect("stp");
        assert_eq!(m.province_token(stp), Token::named("STP"));
        let eng = v.map.find_province("eng").expect("English Channel");
        assert_eq!(m.province_token(eng).and_then(|t| t.name()), Some("ECH"));
        let swi = v.map.find_province("swi").expect("swi");
        assert_eq!(m.province_token(swi), None);
        assert_eq!(m.power_token(PowerId(6)), names::TUR);
    }

    #[test]
    fn every_builtin_variant_gets_tokens() {
        for name in standoff::variant::builtin_names() {
            let v = builtin_arc(name).expect("built in");
            let passable = v
                .map
                .provinces()
                .iter()
                .filter(|p| p.terrain != Terrain::Impassable)
                .count();
            if passable > 256 {
                // Known World 901 (269): refused, as the next test checks.
                assert!(MapTokens::new(&v).is_err(), "{name}");
                continue;
            }
            let m = MapTokens::new(&v).expect("mappable");
            let rm = m.representation();
            if m.is_standard() {
                continue;
            }
            // Provinces numbered 0..n-1, powers 0..k-1, each name three of A-Z0-9.
            let mut provinces: Vec<u8> = rm
                .iter()
                .filter(|e| e.token.is_province())
                .map(|e| e.token.number())
                .collect();
            provinces.sort_unstable();
            assert!(provinces
                .iter()
                .enumerate()
                .all(|(i, n)| usize::from(*n) == i));
            let powers = rm.iter().filter(|e| e.token.is_power()).count();
            assert_eq!(powers, v.powers.len(), "{name}");
            for e in &rm {
                assert!(e.name.iter().all(u8::is_ascii_alphanumeric), "{name}");
            }
            let names: std::collections::HashSet<_> = rm.iter().map(|e| e.name).collect();
            assert_eq!(names.len(), rm.len(), "{name}: names are unique");
        }
    }

    /// DAIDE numbers provinces with one byte: a map of more is refused, saying why.
    #[test]
    fn a_map_of_more_than_256_provinces_is_refused() {
        let v = builtin_arc("known-world-901").expect("built in");
        let err = MapTokens::new(&v).expect_err("269 provinces");
        assert!(
            matches!(
                err,
                MappingError::TooMany {
                    what: "provinces",
                    count: 269
                }
            ),
            "{err:?}"
        );
        assert_eq!(err.to_string(), "provinces: 269 is more than DAIDE's 256");
    }
}
