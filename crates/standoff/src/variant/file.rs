//! The variant file format (TOML) and its loader.
//!
//! Every error names the file and the space or power that is wrong, with the line of its
//! first mention where one can be found.

use super::plugins::{BuildAnywhere, ConvoyableCoasts, DifficultBorders, Ice, Plugins};
use super::{Power, Variant};
use crate::ids::{PowerId, ProvinceId};
use crate::map::{LocationSpec, Map, MapBuilder, ProvinceSpec, Terrain};
use crate::phase::Season;
use crate::unit::{Unit, UnitKind};
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::Arc;

/// Why a variant could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VariantError {
    /// No built-in variant has this name.
    #[error("unknown variant `{0}`")]
    UnknownVariant(String),
    /// The file is not valid TOML or does not have the expected fields.
    #[error("{file}: {message}")]
    Syntax {
        /// File name.
        file: String,
        /// The TOML parser's message (with line and column).
        message: String,
    },
    /// The file is well-formed but its content is inconsistent.
    #[error("{file}:{line}: {message}")]
    Content {
        /// File name.
        file: String,
        /// Line of the first mention of the offending name (0 if unknown).
        line: usize,
        /// What is wrong, naming the space or power.
        message: String,
    },
    /// Several content problems at once.
    #[error("{}", .0.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"))]
    Many(Vec<VariantError>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VariantFile {
    variant: Header,
    #[serde(default)]
    power: Vec<PowerEntry>,
    #[serde(default)]
    province: Vec<ProvinceEntry>,
    adjacency: Adjacency,
    #[serde(default)]
    rule: Vec<RuleEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RuleEntry {
    name: String,
    #[serde(default)]
    spaces: Vec<String>,
    #[serde(default)]
    seasons: Vec<String>,
    #[serde(default)]
    borders: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    name: String,
    #[serde(default)]
    aliases: Vec<String>,
    #[serde(default)]
    title: Option<String>,
    start_year: i32,
    /// `spring` (movement, the default), `fall` or `winter` (adjustments first, as in
    /// Chaos).
    #[serde(default)]
    start_season: Option<String>,
    victory_centers: usize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PowerEntry {
    name: String,
    adjective: String,
    #[serde(default)]
    aliases: Vec<String>,
    home_centers: Vec<String>,
    #[serde(default)]
    units: Vec<String>,
    #[serde(default)]
    owned: Option<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ProvinceEntry {
    id: String,
    abbr: String,
    name: String,
    terrain: Terrain,
    #[serde(default)]
    center: bool,
    #[serde(default)]
    aliases: Vec<String>,
    #[serde(default)]
    coasts: Vec<String>,
    #[serde(default)]
    default_coast: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Adjacency {
    #[serde(default)]
    army: Vec<String>,
    #[serde(default)]
    fleet: Vec<String>,
}

struct Loader<'a> {
    file: &'a str,
    source: &'a str,
    ids: HashMap<String, ProvinceId>,
    coasts: HashMap<String, Vec<String>>,
    errors: Vec<VariantError>,
}

impl Loader<'_> {
    fn error(&mut self, needle: &str, message: String) {
        let line = self
            .source
            .find(needle)
            .map(|at| self.source[..at].lines().count().max(1))
            .unwrap_or(0);
        self.errors.push(VariantError::Content {
            file: self.file.to_string(),
            line,
            message,
        });
    }

    fn province(&mut self, name: &str, context: &str) -> Option<ProvinceId> {
        let found = self.ids.get(name).copied();
        if found.is_none() {
            self.error(name, format!("{context}: unknown space `{name}`"));
        }
        found
    }

    fn location(&mut self, text: &str, context: &str) -> Option<LocationSpec> {
        let (prov, coast) = match text.split_once('/') {
            Some((p, c)) => (p, Some(c.to_string())),
            None => (text, None),
        };
        let province = self.province(prov, context)?;
        if let Some(c) = &coast {
            let known = self.coasts.get(prov).is_some_and(|cs| cs.contains(c));
            if !known {
                self.error(text, format!("{context}: `{prov}` has no coast `{c}`"));
                return None;
            }
        }
        Some(LocationSpec { province, coast })
    }

    fn edge(&mut self, text: &str, context: &str) -> Option<(LocationSpec, LocationSpec)> {
        let Some((a, b)) = text.split_once('-') else {
            self.error(text, format!("{context}: edge `{text}` is not `a-b`"));
            return None;
        };
        let a = self.location(a.trim(), context);
        let b = self.location(b.trim(), context);
        Some((a?, b?))
    }
}

impl Variant {
    /// Parses and checks a variant file. `file` names it in error messages.
    pub fn from_toml(source: &str, file: &str) -> Result<Variant, VariantError> {
        let parsed: VariantFile = toml::from_str(source).map_err(|e| VariantError::Syntax {
            file: file.to_string(),
            message: e.to_string(),
        })?;
        let mut loader = Loader {
            file,
            source,
            ids: HashMap::new(),
            coasts: HashMap::new(),
            errors: Vec::new(),
        };
        let mut specs = Vec::new();
        for (i, p) in parsed.province.iter().enumerate() {
            if loader
                .ids
                .insert(p.id.clone(), ProvinceId(i as u16))
                .is_some()
            {
                loader.error(&p.id, format!("space `{}` is defined twice", p.id));
            }
            loader.coasts.insert(p.id.clone(), p.coasts.clone());
            if let Some(c) = &p.default_coast {
                if !p.coasts.contains(c) {
                    loader.error(
                        &p.id,
                        format!(
                            "space `{}`: default coast `{c}` is not one of its coasts",
                            p.id
                        ),
                    );
                }
            }
            specs.push(ProvinceSpec {
                id: p.id.clone(),
                abbr: p.abbr.clone(),
                name: p.name.clone(),
                terrain: p.terrain,
                is_center: p.center,
                coasts: p.coasts.clone(),
                default_coast: p.default_coast.clone(),
                aliases: p.aliases.clone(),
            });
        }
        let mut builder = MapBuilder {
            provinces: specs,
            ..MapBuilder::default()
        };
        for e in &parsed.adjacency.army {
            if let Some((a, b)) = loader.edge(e, "army adjacency") {
                if a.coast.is_some() || b.coast.is_some() {
                    loader.error(e, format!("army adjacency: edge `{e}` names a coast"));
                }
                builder.army_edges.push((a.province, b.province));
            }
        }
        for e in &parsed.adjacency.fleet {
            if let Some(edge) = loader.edge(e, "fleet adjacency") {
                builder.fleet_edges.push(edge);
            }
        }
        let map = match Map::new(builder) {
            Ok(m) => m,
            Err(clash) => {
                loader.error(&clash.second, clash.to_string());
                return Err(VariantError::Many(loader.errors));
            }
        };
        for problem in map.self_check() {
            loader.error("[adjacency]", problem.to_string());
        }

        let mut powers = Vec::new();
        let mut start_units = Vec::new();
        let mut start_owners = vec![None; map.province_count()];
        for (i, pe) in parsed.power.iter().enumerate() {
            let pid = PowerId(i as u8);
            let mut homes = Vec::new();
            for h in &pe.home_centers {
                let ctx = format!("power {} home centers", pe.name);
                if let Some(p) = loader.province(h, &ctx) {
                    if !map.province(p).is_center {
                        loader.error(h, format!("{ctx}: `{h}` is not a supply center"));
                    }
                    homes.push(p);
                }
            }
            let owned = pe.owned.clone().unwrap_or_else(|| pe.home_centers.clone());
            for o in &owned {
                let ctx = format!("power {} owned centers", pe.name);
                if let Some(p) = loader.province(o, &ctx) {
                    if !map.province(p).is_center {
                        loader.error(o, format!("{ctx}: `{o}` is not a supply center"));
                    }
                    start_owners[p.index()] = Some(pid);
                }
            }
            for u in &pe.units {
                let ctx = format!("power {} units", pe.name);
                let Some((letter, at)) = u.trim().split_once(' ') else {
                    loader.error(u, format!("{ctx}: `{u}` is not `A xxx` or `F xxx`"));
                    continue;
                };
                let kind = match letter {
                    "A" | "a" => UnitKind::Army,
                    "F" | "f" => UnitKind::Fleet,
                    _ => {
                        loader.error(u, format!("{ctx}: `{u}` is not `A xxx` or `F xxx`"));
                        continue;
                    }
                };
                if let Some(spec) = loader.location(at.trim(), &ctx) {
                    match map.location_of(&spec) {
                        Some(l) if map.can_stand(kind, l) => start_units.push(Unit {
                            power: pid,
                            kind,
                            location: l,
                        }),
                        _ => loader.error(u, format!("{ctx}: a unit cannot stand at `{u}`")),
                    }
                }
            }
            powers.push(Power {
                name: pe.name.clone(),
                adjective: pe.adjective.clone(),
                aliases: pe.aliases.clone(),
                home_centers: homes,
            });
        }
        let mut plugins = Plugins::default();
        for r in &parsed.rule {
            let ctx = format!("rule {}", r.name);
            let mut spaces = Vec::new();
            for sp in &r.spaces {
                spaces.extend(loader.province(sp, &ctx));
            }
            match r.name.as_str() {
                "ice" => {
                    let mut seasons = Vec::new();
                    for season in &r.seasons {
                        match season.to_ascii_lowercase().as_str() {
                            "spring" => seasons.push(Season::Spring),
                            "fall" | "autumn" => seasons.push(Season::Fall),
                            "winter" => seasons.push(Season::Winter),
                            other => loader.error(season, format!("{ctx}: unknown season `{other}`")),
                        }
                    }
                    plugins.push(Arc::new(Ice { spaces, seasons }));
                }
                "convoyable_coasts" => {
                    for &p in &spaces {
                        if map.province(p).terrain != Terrain::Coast {
                            let id = map.province(p).id.clone();
                            loader.error(&id, format!("{ctx}: `{id}` is not a coastal space"));
                        }
                    }
                    plugins.push(Arc::new(ConvoyableCoasts { spaces }));
                }
                "difficult_borders" => {
                    let mut borders = Vec::new();
                    for b in &r.borders {
                        if let Some((x, y)) = loader.edge(b, &ctx) {
                            if !map.army_adjacent(x.province, y.province) {
                                loader.error(b, format!("{ctx}: `{b}` is not an army border"));
                            }
                            borders.push((x.province, y.province));
                        }
                    }
                    plugins.push(Arc::new(DifficultBorders { borders }));
                }
                "build_anywhere" => plugins.push(Arc::new(BuildAnywhere)),
                other => loader.error(other, format!("unknown rule `{other}` (known: ice, convoyable_coasts, difficult_borders, build_anywhere)")),
            }
        }
        if !loader.errors.is_empty() {
            return Err(VariantError::Many(loader.errors));
        }
        let season_hooks = [Season::Spring, Season::Fall, Season::Winter]
            .into_iter()
            .map(|season| {
                let phase = crate::phase::Phase {
                    season,
                    year: 0,
                    kind: crate::phase::PhaseKind::Movement,
                };
                plugins.hooks(&map, phase)
            })
            .collect();
        let start_phase = match parsed
            .variant
            .start_season
            .as_deref()
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            None | Some("spring") => {
                crate::phase::Phase::spring_movement(parsed.variant.start_year)
            }
            Some("fall" | "autumn") => crate::phase::Phase {
                season: Season::Fall,
                year: parsed.variant.start_year,
                kind: crate::phase::PhaseKind::Movement,
            },
            Some("winter") => crate::phase::Phase {
                season: Season::Winter,
                year: parsed.variant.start_year,
                kind: crate::phase::PhaseKind::Adjustment,
            },
            Some(other) => {
                return Err(VariantError::Content {
                    file: file.to_string(),
                    line: 0,
                    message: format!("start_season `{other}` is not spring, fall or winter"),
                })
            }
        };
        Ok(Variant {
            name: parsed.variant.name.clone(),
            aliases: parsed.variant.aliases,
            title: parsed.variant.title.unwrap_or(parsed.variant.name),
            map,
            powers,
            start_units,
            start_owners,
            start_year: parsed.variant.start_year,
            start_phase,
            victory_centers: parsed.variant.victory_centers,
            season_hooks,
            plugins,
        })
    }
}
