//! The variant file format (TOML) and its loader.
//!
//! Every error names the file and the space or power that is wrong, with the line of its
//! first mention where one can be found. A file that `extends` another is merged with
//! its base first (see [`super::extends`]); errors then name whichever file mentions
//! the offending name.

use super::check;
use super::extends::{read_chain, ExtendsProblem, ReadBase};
use super::loader::{locate, Loader};
use super::plugins::{
    BuildAnywhere, Canal, CanalRule, ConvoyableCoasts, DifficultBorders, FlagRule, Ice,
    NeutralGround, NotACenterFor, Placement, Plugins, Railway, RailwayRule,
};
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
    /// An `extends` line, or an edge an extending file adds or removes, is wrong.
    #[error("{file}:{line}: {problem}")]
    Extends {
        /// File name.
        file: String,
        /// Line of the `extends` key or of the edge (0 if unknown).
        line: usize,
        /// What is wrong.
        problem: ExtendsProblem,
    },
    /// A variant named by something the caller does not control (a saved game) that the
    /// caller's reader refused or could not read.
    #[error("variant `{name}`: {reason}")]
    Unavailable {
        /// The name as written.
        name: String,
        /// Why (from the caller's reader).
        reason: String,
    },
    /// Several content problems at once.
    #[error("{}", .0.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"))]
    Many(Vec<VariantError>),
}

/// A whole variant file (or the merge of an `extends` chain).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct VariantFile {
    pub(super) variant: Header,
    #[serde(default)]
    pub(super) power: Vec<PowerEntry>,
    #[serde(default)]
    pub(super) province: Vec<ProvinceEntry>,
    pub(super) adjacency: Adjacency,
    #[serde(default)]
    pub(super) rule: Vec<RuleEntry>,
}

/// A `[[rule]]` table.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RuleEntry {
    pub(super) name: String,
    #[serde(default)]
    spaces: Vec<String>,
    #[serde(default)]
    seasons: Vec<String>,
    #[serde(default)]
    borders: Vec<String>,
    /// The power a rule belongs to (`railway`).
    #[serde(default)]
    power: Option<String>,
    /// The powers a rule names (`not_a_center_for`).
    #[serde(default)]
    powers: Vec<String>,
    /// The space whose unit controls a canal (`canal`).
    #[serde(default)]
    gate: Option<String>,
    /// `reduced_units`: what a half-strength unit's support adds, `half` (the default)
    /// or `full`.
    #[serde(default)]
    half_support: Option<String>,
    /// `reduced_units`: when a half-strength unit holding at home is whole again,
    /// `at_once` (the default) or `after_turn`.
    #[serde(default)]
    restore: Option<String>,
    /// `home_guards`: whether a home guard keeps retreating units out (default false).
    #[serde(default)]
    blocks_retreats: Option<bool>,
    /// `spring_capture`: whether a spring entrant disbanded at the start of the Fall
    /// counts as having moved out (default false).
    #[serde(default)]
    disband_counts_as_leaving: Option<bool>,
}

/// The `[variant]` table.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Header {
    pub(super) name: String,
    #[serde(default)]
    pub(super) aliases: Vec<String>,
    #[serde(default)]
    pub(super) title: Option<String>,
    pub(super) start_year: i32,
    /// `spring` (movement, the default), `fall` or `winter` (adjustments first, as in
    /// Chaos).
    #[serde(default)]
    pub(super) start_season: Option<String>,
    pub(super) victory_centers: usize,
    /// Every supply center once, in the order another program's map file lists them
    /// (the `diplomacy` package keeps each power's centers in its map's order); empty:
    /// the powers' home centers as listed, power by power, then the others by id.
    #[serde(default)]
    pub(super) center_order: Vec<String>,
    /// Every location (space or named coast) once, in the order another program's map
    /// file lists them (the `diplomacy` package's `Map.locs`); empty: the map's own
    /// order.
    #[serde(default)]
    pub(super) location_order: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PowerEntry {
    name: String,
    adjective: String,
    #[serde(default)]
    aliases: Vec<String>,
    home_centers: Vec<String>,
    #[serde(default)]
    units: Vec<String>,
    #[serde(default)]
    owned: Option<Vec<String>>,
    #[serde(default)]
    dummy: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ProvinceEntry {
    pub(super) id: String,
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

/// The `[adjacency]` table.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Adjacency {
    #[serde(default)]
    pub(super) army: Vec<String>,
    #[serde(default)]
    pub(super) fleet: Vec<String>,
}

/// `(a, b)` with the smaller first: an edge's key whichever way it is written.
fn unordered<T: Ord>(a: T, b: T) -> (T, T) {
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

impl Variant {
    /// Parses and checks a variant file. `file` names it in error messages. A file may
    /// `extends` a built-in variant; extending a file by path needs
    /// [`Variant::from_toml_with_bases`].
    pub fn from_toml(source: &str, file: &str) -> Result<Variant, VariantError> {
        Self::load(source, file, false, None)
    }

    /// Like [`Variant::from_toml`], and a file may `extends` another file by path:
    /// `read_base(path, extending_file)` reads it (the library does no I/O).
    pub fn from_toml_with_bases(
        source: &str,
        file: &str,
        read_base: ReadBase,
    ) -> Result<Variant, VariantError> {
        Self::load(source, file, false, Some(read_base))
    }

    /// Loads a variant; `builtin` says `source` is a built-in variant's file.
    pub(super) fn load(
        source: &str,
        file: &str,
        builtin: bool,
        read: Option<ReadBase>,
    ) -> Result<Variant, VariantError> {
        use crate::limits::{check_size, MAX_VARIANT_FILE_BYTES};
        check_size("the variant file", source, MAX_VARIANT_FILE_BYTES).map_err(|e| {
            VariantError::Syntax {
                file: file.to_string(),
                message: e.to_string(),
            }
        })?;
        let chain = read_chain(source, file, builtin, read, &mut Vec::new())?;
        let parsed = chain.file;
        let mut loader = Loader {
            sources: &chain.sources,
            ids: HashMap::new(),
            coasts: HashMap::new(),
            errors: chain.errors,
        };
        let locations = parsed.province.len()
            + parsed
                .province
                .iter()
                .map(|p| p.coasts.len())
                .sum::<usize>();
        if check::too_big(&mut loader, parsed.power.len(), locations) {
            return Err(VariantError::Many(loader.errors));
        }
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
        let mut army_keys = Vec::new();
        for e in &parsed.adjacency.army {
            if let Some((a, b)) = loader.edge(e, "army adjacency") {
                if a.coast.is_some() || b.coast.is_some() {
                    loader.error(e, format!("army adjacency: edge `{e}` names a coast"));
                }
                army_keys.push((unordered(a.province, b.province), e.as_str()));
                builder.army_edges.push((a.province, b.province));
            }
        }
        check::duplicate_edges(&mut loader, "army adjacency", army_keys);
        let mut fleet_keys = Vec::new();
        for e in &parsed.adjacency.fleet {
            if let Some(edge) = loader.edge(e, "fleet adjacency") {
                let end = |l: &LocationSpec| (l.province, l.coast.clone());
                fleet_keys.push((unordered(end(&edge.0), end(&edge.1)), e.as_str()));
                builder.fleet_edges.push(edge);
            }
        }
        check::duplicate_edges(&mut loader, "fleet adjacency", fleet_keys);
        let map = match Map::new(builder) {
            Ok(m) => m,
            Err(clash) => {
                loader.error(&clash.second, clash.to_string());
                return Err(VariantError::Many(loader.errors));
            }
        };
        for problem in map.self_check() {
            let needles = check::problem_needles(&problem);
            let needles: Vec<&str> = needles.iter().map(String::as_str).collect();
            loader.error_at(&needles, problem.to_string());
        }
        check::start_year(&mut loader, parsed.variant.start_year);
        check::victory_centers(&mut loader, &map, parsed.variant.victory_centers);
        let center_order = check::center_order(&mut loader, &map, &parsed.variant.center_order);
        let location_order =
            check::location_order(&mut loader, &map, &parsed.variant.location_order);

        let mut powers = Vec::new();
        let mut start_units = Vec::new();
        let mut start_owners: Vec<Option<PowerId>> = vec![None; map.province_count()];
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
                    match start_owners[p.index()] {
                        Some(other) if other != pid => {
                            let quoted = format!("\"{o}\"");
                            let first = &parsed.power[other.index()].name;
                            loader.power_error(
                                i,
                                &[&quoted, o],
                                format!("{ctx}: `{o}` is already owned by {first}"),
                            );
                        }
                        _ => start_owners[p.index()] = Some(pid),
                    }
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
                        Some(l) if map.can_stand(kind, l) => {
                            start_units.push((Unit::new(pid, kind, l), u.clone()))
                        }
                        _ => loader.error(u, format!("{ctx}: a unit cannot stand at `{u}`")),
                    }
                }
            }
            powers.push(Power {
                name: pe.name.clone(),
                adjective: pe.adjective.clone(),
                aliases: pe.aliases.clone(),
                home_centers: homes,
                dummy: pe.dummy,
            });
        }
        check::powers(&mut loader, &powers);
        check::shared_homes(&mut loader, &map, &powers);
        check::start_units(&mut loader, &map, &powers, &start_owners, &start_units);
        let mut start_units: Vec<Unit> = start_units.into_iter().map(|(u, _)| u).collect();
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
                "railway" => {
                    let power = r.power.as_deref().and_then(|name| {
                        let found = super::power_by_name(&powers, name);
                        if found.is_none() {
                            loader.error(name, format!("{ctx}: unknown power `{name}`"));
                        }
                        found
                    });
                    if r.power.is_none() {
                        loader.error(&r.name, format!("{ctx}: needs `power`"));
                    }
                    if spaces.len() < 2 {
                        loader.error(&r.name, format!("{ctx}: the line needs two spaces or more"));
                    }
                    for w in spaces.windows(2) {
                        if !map.army_adjacent(w[0], w[1]) {
                            let (a, b) = (&map.province(w[0]).id, &map.province(w[1]).id);
                            loader.error(a, format!("{ctx}: `{a}` and `{b}` are not army-adjacent"));
                        }
                    }
                    if let Some(power) = power {
                        plugins.push(Arc::new(RailwayRule(Railway { power, line: spaces })));
                    }
                }
                "canal" => {
                    let gate = match r.gate.as_deref() {
                        Some(g) => loader.province(g, &ctx),
                        None => {
                            loader.error(&r.name, format!("{ctx}: needs `gate`"));
                            None
                        }
                    };
                    let seas = match r.borders.as_slice() {
                        [one] => loader.edge(one, &ctx).map(|(a, b)| (a.province, b.province)),
                        _ => {
                            loader.error(&r.name, format!("{ctx}: needs one border `sea-sea`"));
                            None
                        }
                    };
                    if let Some((a, b)) = seas {
                        for s in [a, b] {
                            if map.province(s).terrain != Terrain::Sea {
                                let id = map.province(s).id.clone();
                                loader.error(&id, format!("{ctx}: `{id}` is not a sea"));
                            }
                        }
                    }
                    if let (Some(gate), Some(seas)) = (gate, seas) {
                        plugins.push(Arc::new(CanalRule(Canal { gate, seas })));
                    }
                }
                "not_a_center_for" => {
                    for &p in &spaces {
                        if !map.province(p).is_center {
                            let id = map.province(p).id.clone();
                            loader.error(&id, format!("{ctx}: `{id}` is not a supply center"));
                        }
                    }
                    let mut excluded = Vec::new();
                    for name in &r.powers {
                        match super::power_by_name(&powers, name) {
                            Some(p) => excluded.push(p),
                            None => loader.error(name, format!("{ctx}: unknown power `{name}`")),
                        }
                    }
                    plugins.push(Arc::new(NotACenterFor { spaces, powers: excluded }));
                }
                "placement" => {
                    match r.power.as_deref().map(|name| (name, super::power_by_name(&powers, name))) {
                        Some((_, Some(power))) => {
                            for &p in &spaces {
                                if matches!(map.province(p).terrain, Terrain::Sea | Terrain::Impassable) {
                                    let id = map.province(p).id.clone();
                                    loader.error(&id, format!("{ctx}: `{id}` is not a land space"));
                                }
                            }
                            plugins.push(Arc::new(Placement { power, spaces }));
                        }
                        Some((name, None)) => loader.error(name, format!("{ctx}: unknown power `{name}`")),
                        None => loader.error(&r.name, format!("{ctx}: needs `power`")),
                    }
                }
                "neutral_ground" => plugins.push(Arc::new(NeutralGround { spaces })),
                other => match FlagRule::named(other) {
                    Some(mut rule) => {
                        let flags = rule.flags_mut();
                        match r.half_support.as_deref() {
                            None | Some("half") => {}
                            Some("full") => flags.full_support_from_half_units = true,
                            Some(x) => loader.error(x, format!("{ctx}: half_support is `half` or `full`, not `{x}`")),
                        }
                        match r.restore.as_deref() {
                            None | Some("at_once") => {}
                            Some("after_turn") => flags.restore_after_turn = true,
                            Some(x) => loader.error(x, format!("{ctx}: restore is `at_once` or `after_turn`, not `{x}`")),
                        }
                        flags.guards_block_retreats |= r.blocks_retreats.unwrap_or(false);
                        flags.disband_counts_as_leaving |=
                            r.disband_counts_as_leaving.unwrap_or(false);
                        plugins.push(Arc::new(rule))
                    }
                    None => loader.error(other, format!("unknown rule `{other}` (known: ice, convoyable_coasts, difficult_borders, build_anywhere, railway, canal, not_a_center_for, placement, hop_convoys, home_guards, spring_capture, reduced_units, disband_any_turn, neutral_ground)")),
                },
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
                let message = format!("start_season `{other}` is not spring, fall or winter");
                let (file, line, message) = locate(&chain.sources, &["start_season"], message);
                return Err(VariantError::Content {
                    file,
                    line,
                    message,
                });
            }
        };
        // A placement opens the game instead of starting units and ownership.
        let placement = plugins.placement();
        if !placement.is_empty() {
            start_units.clear();
            start_owners = vec![None; map.province_count()];
        }
        Ok(Variant {
            name: parsed.variant.name.clone(),
            aliases: parsed.variant.aliases,
            title: parsed.variant.title.unwrap_or(parsed.variant.name),
            map,
            power_names: super::PowerNames::of(&powers),
            powers,
            start_units,
            start_owners,
            start_year: parsed.variant.start_year,
            start_phase,
            victory_centers: parsed.variant.victory_centers,
            center_order,
            location_order,
            season_hooks,
            center_exclusions: plugins.center_exclusions(),
            placement,
            plugins,
            files: chain
                .sources
                .iter()
                .take_while(|s| !s.builtin)
                .map(|s| s.text.clone())
                .collect(),
        })
    }
}
