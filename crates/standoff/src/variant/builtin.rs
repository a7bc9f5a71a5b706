//! Variants shipped inside the library.

use super::{Variant, VariantError};
use crate::map::normalize_name;
use std::sync::{Arc, OnceLock};

struct Builtin {
    name: &'static str,
    aliases: &'static [&'static str],
    /// Where the facts come from, in a few words (the file's header has the details).
    origin: &'static str,
    source: &'static str,
}

const BUILTINS: &[Builtin] = &[
    Builtin {
        name: "standard",
        aliases: &["classical", "std"],
        origin: "the 2000 rulebook (Avalon Hill); DATC 2.4",
        source: include_str!("../../variants/standard/variant.toml"),
    },
    Builtin {
        name: "1898",
        aliases: &["DATC_1898", "v1898"],
        origin: "njudge 1898 and jDip DATC_1898 (DATC chapter 12)",
        source: include_str!("../../variants/1898/variant.toml"),
    },
    Builtin {
        name: "chaos",
        aliases: &["DATC_Chaos"],
        origin: "DPjudge chaos.map, njudge, jDip DATC_Chaos (DATC chapter 11)",
        source: include_str!("../../variants/chaos/variant.toml"),
    },
    Builtin {
        name: "loeb9",
        aliases: &["datc_loeb9"],
        origin: "jDip's DATC test map (DATC chapters 8 and 10)",
        source: include_str!("../../variants/loeb9/variant.toml"),
    },
    Builtin {
        name: "loeb9-10d",
        aliases: &["loeb9-tc14d", "datc_loeb9_tc14d"],
        origin: "jDip's DATC test map (DATC 10.D)",
        source: include_str!("../../variants/loeb9-tc14d/variant.toml"),
    },
    Builtin {
        name: "loeb9-10fgl",
        aliases: &[
            "loeb9-tc14fgl",
            "datc_loeb9_tc14fgl",
            "loeb9-10f",
            "loeb9-10g",
            "loeb9-10l",
        ],
        origin: "jDip's DATC test map (DATC 10.F, 10.G, 10.L)",
        source: include_str!("../../variants/loeb9-tc14fgl/variant.toml"),
    },
    Builtin {
        name: "colonial",
        aliases: &["colonial-datc", "colonial-hawes"],
        origin:
            "Avalon Hill's Colonial Diplomacy; DATC chapter 7; njudge, jDip, the diplomacy package",
        source: include_str!("../../variants/colonial/variant.toml"),
    },
    Builtin {
        name: "colonial-errata",
        aliases: &["colonial-second-print", "colonial-ah-errata"],
        origin: "Avalon Hill errata (The General 30/4) as quoted in DATC chapter 7",
        source: include_str!("../../variants/colonial-errata/variant.toml"),
    },
    Builtin {
        name: "colonial-moulmein",
        aliases: &["moulmein", "colonial-moulmein-convention"],
        origin: "the Moulmein Convention (DATC chapter 7)",
        source: include_str!("../../variants/colonial-moulmein/variant.toml"),
    },
    Builtin {
        name: "colonial-dpjudge",
        aliases: &["colonial-package", "colonial_dpjudge"],
        origin:
            "DPjudge's and the diplomacy package's colonial map (Moulmein board, no special rules)",
        source: include_str!("../../variants/colonial-dpjudge/variant.toml"),
    },
    Builtin {
        name: "colonial-1994",
        aliases: &["colonial-first-print"],
        origin: "Colonial Diplomacy, first print (DATC chapter 7)",
        source: include_str!("../../variants/colonial-1994/variant.toml"),
    },
    Builtin {
        name: "conv-coasts",
        aliases: &["ConvoyingCoastalArea", "DATC_ConvoyingCoastal"],
        origin: "DATC chapter 9; jDip DATC_ConvoyingCoastal",
        source: include_str!("../../variants/conv-coasts/variant.toml"),
    },
    Builtin {
        name: "bowen",
        aliases: &["utterly-ruthless", "utterly-ruthless-diplomacy"],
        origin: "Derwood Bowen's variant text (docs/bowen.md)",
        source: include_str!("../../variants/bowen/variant.toml"),
    },
    Builtin {
        name: "ancmed",
        aliases: &["ancient-mediterranean", "ancient_med", "ancientmed"],
        origin: "DPjudge ancmed.map (MIT); the diplomacy package's ancmed",
        source: include_str!("../../variants/ancmed/variant.toml"),
    },
    Builtin {
        name: "pure",
        aliases: &["pure-diplomacy"],
        origin: "the diplomacy package's pure map",
        source: include_str!("../../variants/pure/variant.toml"),
    },
    Builtin {
        name: "fleet-rome",
        aliases: &["standard_fleet_rome", "fleet_rome", "fleetrome"],
        origin: "the diplomacy package's standard_fleet_rome",
        source: include_str!("../../variants/fleet-rome/variant.toml"),
    },
    Builtin {
        name: "france-austria",
        aliases: &[
            "standard_france_austria",
            "france_austria",
            "classic-france-austria",
        ],
        origin: "the diplomacy package's standard_france_austria (webDiplomacy)",
        source: include_str!("../../variants/france-austria/variant.toml"),
    },
    Builtin {
        name: "germany-italy",
        aliases: &[
            "standard_germany_italy",
            "germany_italy",
            "italy-germany",
            "classic-germany-italy",
        ],
        origin: "the diplomacy package's standard_germany_italy (webDiplomacy)",
        source: include_str!("../../variants/germany-italy/variant.toml"),
    },
    Builtin {
        name: "age-of-empires",
        aliases: &["standard_age_of_empires"],
        origin: "the diplomacy package's standard_age_of_empires",
        source: include_str!("../../variants/age-of-empires/variant.toml"),
    },
    Builtin {
        name: "age-of-empires-2",
        aliases: &["standard_age_of_empires_2"],
        origin: "the diplomacy package's standard_age_of_empires_2",
        source: include_str!("../../variants/age-of-empires-2/variant.toml"),
    },
    Builtin {
        name: "ancmed-age-of-empires",
        aliases: &["ancmed_age_of_empires"],
        origin: "the diplomacy package's ancmed_age_of_empires",
        source: include_str!("../../variants/ancmed-age-of-empires/variant.toml"),
    },
    Builtin {
        name: "modern",
        aliases: &["modern-diplomacy"],
        origin: "the diplomacy package's modern; Parterre modern.cfg",
        source: include_str!("../../variants/modern/variant.toml"),
    },
    Builtin {
        name: "world",
        aliases: &["world-diplomacy"],
        origin: "the diplomacy package's world",
        source: include_str!("../../variants/world/variant.toml"),
    },
    Builtin {
        name: "empire",
        aliases: &["empire-diplomacy"],
        origin: "the diplomacy package's empire",
        source: include_str!("../../variants/empire/variant.toml"),
    },
    Builtin {
        name: "known-world-901",
        aliases: &["known_world_901", "known-world", "knownworld901"],
        origin: "the diplomacy package's known_world_901",
        source: include_str!("../../variants/known-world-901/variant.toml"),
    },
    Builtin {
        name: "shift-around",
        aliases: &["shift_around", "shiftaround"],
        origin: "Parterre shift_around.cfg (Parlance)",
        source: include_str!("../../variants/shift-around/variant.toml"),
    },
    Builtin {
        name: "sail-ho",
        aliases: &["sailho", "sail_ho"],
        origin: "Parterre sailho.cfg (Parlance)",
        source: include_str!("../../variants/sail-ho/variant.toml"),
    },
    Builtin {
        name: "african",
        aliases: &["african2", "african-diplomacy"],
        origin: "Parterre african2.cfg (Parlance)",
        source: include_str!("../../variants/african/variant.toml"),
    },
    Builtin {
        name: "south-america",
        aliases: &["south_america51", "south-america-5", "south_america"],
        origin: "Parterre south_america51.cfg (Parlance)",
        source: include_str!("../../variants/south-america/variant.toml"),
    },
    Builtin {
        name: "south-east-asia",
        aliases: &["south_east_asia3", "seasia", "south-east-asia-3"],
        origin: "Parterre south_east_asia3.cfg (Parlance)",
        source: include_str!("../../variants/south-east-asia/variant.toml"),
    },
    Builtin {
        name: "iberian",
        aliases: &["iberian2", "iberian-diplomacy"],
        origin: "Parterre iberian2.cfg (Parlance)",
        source: include_str!("../../variants/iberian/variant.toml"),
    },
    Builtin {
        name: "chromatic",
        aliases: &["five-italies-chromatic"],
        origin: "Parterre chromatic.cfg (Parlance)",
        source: include_str!("../../variants/chromatic/variant.toml"),
    },
    Builtin {
        name: "versailles",
        aliases: &["versailles3"],
        origin: "Parterre versailles3.cfg (Parlance)",
        source: include_str!("../../variants/versailles/variant.toml"),
    },
    Builtin {
        name: "south-america-4",
        aliases: &["south_america32", "south-america-32"],
        origin: "Parterre south_america32.cfg (Parlance)",
        source: include_str!("../../variants/south-america-4/variant.toml"),
    },
];

/// Names of the built-in variants.
pub fn builtin_names() -> impl Iterator<Item = &'static str> {
    BUILTINS.iter().map(|b| b.name)
}

/// Where the built-in variant `name` (name or alias) comes from, in a few words: what
/// `standoff variants` shows (the variant file's header names every source checked).
pub fn builtin_origin(name: &str) -> Option<&'static str> {
    find(name).map(|b| b.origin)
}

fn find(name: &str) -> Option<&'static Builtin> {
    let key = normalize_name(name);
    BUILTINS.iter().find(|b| {
        normalize_name(b.name) == key || b.aliases.iter().any(|a| normalize_name(a) == key)
    })
}

/// The canonical name and the file text of the built-in variant `name` (name or alias).
pub(super) fn builtin_source(name: &str) -> Option<(&'static str, &'static str)> {
    find(name).map(|b| (b.name, b.source))
}

/// How errors name a built-in variant's file.
pub(super) fn builtin_file_name(name: &str) -> String {
    format!("<builtin {name}>")
}

impl Variant {
    /// Loads a built-in variant by name or alias (`"standard"`, `"classical"`).
    pub fn builtin(name: &str) -> Result<Variant, VariantError> {
        match find(name) {
            Some(b) => Variant::load(b.source, &builtin_file_name(b.name), true, None),
            None => Err(VariantError::UnknownVariant(name.to_string())),
        }
    }
}

/// One shared copy per built-in variant (same order as `BUILTINS`), loaded on first use.
type SharedSlot = OnceLock<Result<Arc<Variant>, VariantError>>;
static SHARED: OnceLock<Vec<SharedSlot>> = OnceLock::new();

/// The built-in variant `name` (name or alias), loaded once per process and shared: every
/// caller gets the same `Arc` (a server hosting many games keeps one copy of each map).
pub fn builtin_arc(name: &str) -> Result<Arc<Variant>, VariantError> {
    let key = normalize_name(name);
    let found = BUILTINS.iter().position(|b| {
        normalize_name(b.name) == key || b.aliases.iter().any(|a| normalize_name(a) == key)
    });
    let slots = SHARED.get_or_init(|| BUILTINS.iter().map(|_| OnceLock::new()).collect());
    let (Some(b), Some(slot)) = (
        found.and_then(|i| BUILTINS.get(i)),
        found.and_then(|i| slots.get(i)),
    ) else {
        return Err(VariantError::UnknownVariant(name.to_string()));
    };
    slot.get_or_init(|| Variant::from_toml(b.source, &builtin_file_name(b.name)).map(Arc::new))
        .clone()
}
