//! Names at the edge: the `diplomacy` package's notation (upper-case ids, `A PAR`,
//! `F STP/SC`, `S1901M`) to and from standoff's ids.

use standoff::mila::{phase_name, write_mila_order};
use standoff::order::Order;
use standoff::{LocationId, Map, Phase, PhaseKind, PowerId, ProvinceId, Unit, UnitKind, Variant};

/// `STP/SC`, `PAR`.
pub fn loc_name(map: &Map, l: LocationId) -> String {
    map.upper_location_name(l).to_owned()
}

/// `STP` for a province.
pub fn prov_name(map: &Map, p: ProvinceId) -> String {
    map.upper_province_name(p).to_owned()
}

/// `A PAR`, `F STP/SC`.
pub fn unit_name(map: &Map, u: &Unit) -> String {
    format!("{} {}", u.kind.letter(), loc_name(map, u.location))
}

/// `FRANCE`; a name of several words is written as one (`FROZENANTARCTICA`), as the
/// `diplomacy` package's map files name their powers.
pub fn power_name(variant: &Variant, p: PowerId) -> String {
    standoff::mila::power_name(variant.power_name(p))
}

/// All powers, in the variant's order.
pub fn powers(variant: &Variant) -> impl Iterator<Item = PowerId> + '_ {
    (0..variant.powers.len()).map(|i| PowerId(i as u8))
}

/// Reads `PAR`, `stp/sc`, `Paris`, `StP/NC`.
pub fn parse_loc(map: &Map, text: &str) -> Option<LocationId> {
    let text = text.trim();
    let (prov, coast) = match text.split_once('/') {
        Some((p, c)) => (p, Some(c.trim().to_lowercase())),
        None => (text, None),
    };
    let p = map.find_province(prov.trim())?;
    match coast {
        Some(c) => map.coast(p, &c),
        None => Some(p.location()),
    }
}

/// Reads `A PAR` / `F STP/SC` (also `Army Paris`).
pub fn parse_unit(variant: &Variant, power: PowerId, text: &str) -> Result<Unit, String> {
    let text = text.trim();
    let (word, rest) = text
        .split_once(char::is_whitespace)
        .ok_or_else(|| format!("unit `{text}`: expected `A XXX` or `F XXX`"))?;
    let kind = match word.to_lowercase().as_str() {
        "a" | "army" => UnitKind::Army,
        "f" | "fleet" => UnitKind::Fleet,
        _ => return Err(format!("unit `{text}`: expected `A XXX` or `F XXX`")),
    };
    let location = parse_loc(&variant.map, rest)
        .ok_or_else(|| format!("unit `{text}`: `{}` is not a location", rest.trim()))?;
    if !variant.map.can_stand(kind, location) {
        return Err(format!("unit `{text}`: that unit cannot stand there"));
    }
    Ok(Unit::new(power, kind, location))
}

/// `S1901M`, or `Spring 1901 Movement`.
pub fn parse_phase(text: &str) -> Option<Phase> {
    phase_name(text.trim()).or_else(|| standoff::phase::parse_phase(text))
}

/// `M`/`R`/`A`, `movement`/`retreat`/`adjustment`, or a phase name.
pub fn parse_kind(text: &str) -> Option<PhaseKind> {
    match text.trim().to_lowercase().as_str() {
        "m" | "movement" | "move" | "moves" => Some(PhaseKind::Movement),
        "r" | "retreat" | "retreats" => Some(PhaseKind::Retreat),
        "a" | "adjustment" | "adjustments" | "build" | "builds" => Some(PhaseKind::Adjustment),
        _ => parse_phase(text).map(|p| p.kind),
    }
}

/// `M`, `R` or `A`.
pub fn kind_letter(kind: PhaseKind) -> String {
    kind.letter().to_string()
}

/// `SPRING 1901 MOVEMENT`, as the package's `Game.phase`.
pub fn long_phase(phase: Phase) -> String {
    phase.to_string().to_uppercase()
}

/// An order in the package's notation; an order without a unit type (`PAR - BUR`) is
/// written without one.
pub fn order_text(map: &Map, order: &Order) -> String {
    write_mila_order(map, order, None)
}
