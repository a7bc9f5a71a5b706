//! Variants shipped inside the library.

use super::{Variant, VariantError};
use crate::map::normalize_name;
use std::sync::{Arc, OnceLock};

struct Builtin {
    name: &'static str,
    aliases: &'static [&'static str],
    source: &'static str,
}

const BUILTINS: &[Builtin] = &[
    Builtin {
        name: "standard",
        aliases: &["classical", "std"],
        source: include_str!("../../variants/standard/variant.toml"),
    },
    Builtin {
        name: "1898",
        aliases: &["DATC_1898", "v1898"],
        source: include_str!("../../variants/1898/variant.toml"),
    },
    Builtin {
        name: "chaos",
        aliases: &["DATC_Chaos"],
        source: include_str!("../../variants/chaos/variant.toml"),
    },
    Builtin {
        name: "loeb9",
        aliases: &["datc_loeb9"],
        source: include_str!("../../variants/loeb9/variant.toml"),
    },
    Builtin {
        name: "loeb9-10d",
        aliases: &["loeb9-tc14d", "datc_loeb9_tc14d"],
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
        source: include_str!("../../variants/loeb9-tc14fgl/variant.toml"),
    },
    Builtin {
        name: "colonial",
        aliases: &["colonial-datc", "colonial-hawes"],
        source: include_str!("../../variants/colonial/variant.toml"),
    },
    Builtin {
        name: "colonial-errata",
        aliases: &["colonial-second-print", "colonial-ah-errata"],
        source: include_str!("../../variants/colonial-errata/variant.toml"),
    },
    Builtin {
        name: "colonial-moulmein",
        aliases: &["moulmein", "colonial-moulmein-convention"],
        source: include_str!("../../variants/colonial-moulmein/variant.toml"),
    },
    Builtin {
        name: "colonial-1994",
        aliases: &["colonial-first-print"],
        source: include_str!("../../variants/colonial-1994/variant.toml"),
    },
    Builtin {
        name: "conv-coasts",
        aliases: &["ConvoyingCoastalArea", "DATC_ConvoyingCoastal"],
        source: include_str!("../../variants/conv-coasts/variant.toml"),
    },
    Builtin {
        name: "bowen",
        aliases: &["utterly-ruthless", "utterly-ruthless-diplomacy"],
        source: include_str!("../../variants/bowen/variant.toml"),
    },
    Builtin {
        name: "ancmed",
        aliases: &["ancient-mediterranean", "ancient_med", "ancientmed"],
        source: include_str!("../../variants/ancmed/variant.toml"),
    },
    Builtin {
        name: "pure",
        aliases: &["pure-diplomacy"],
        source: include_str!("../../variants/pure/variant.toml"),
    },
    Builtin {
        name: "fleet-rome",
        aliases: &["standard_fleet_rome", "fleet_rome", "fleetrome"],
        source: include_str!("../../variants/fleet-rome/variant.toml"),
    },
    Builtin {
        name: "france-austria",
        aliases: &[
            "standard_france_austria",
            "france_austria",
            "classic-france-austria",
        ],
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
        source: include_str!("../../variants/germany-italy/variant.toml"),
    },
    Builtin {
        name: "age-of-empires",
        aliases: &["standard_age_of_empires"],
        source: include_str!("../../variants/age-of-empires/variant.toml"),
    },
    Builtin {
        name: "age-of-empires-2",
        aliases: &["standard_age_of_empires_2"],
        source: include_str!("../../variants/age-of-empires-2/variant.toml"),
    },
    Builtin {
        name: "ancmed-age-of-empires",
        aliases: &["ancmed_age_of_empires"],
        source: include_str!("../../variants/ancmed-age-of-empires/variant.toml"),
    },
    Builtin {
        name: "modern",
        aliases: &["modern-diplomacy"],
        source: include_str!("../../variants/modern/variant.toml"),
    },
    Builtin {
        name: "world",
        aliases: &["world-diplomacy"],
        source: include_str!("../../variants/world/variant.toml"),
    },
    Builtin {
        name: "empire",
        aliases: &["empire-diplomacy"],
        source: include_str!("../../variants/empire/variant.toml"),
    },
    Builtin {
        name: "shift-around",
        aliases: &["shift_around", "shiftaround"],
        source: include_str!("../../variants/shift-around/variant.toml"),
    },
    Builtin {
        name: "sail-ho",
        aliases: &["sailho", "sail_ho"],
        source: include_str!("../../variants/sail-ho/variant.toml"),
    },
    Builtin {
        name: "african",
        aliases: &["african2", "african-diplomacy"],
        source: include_str!("../../variants/african/variant.toml"),
    },
    Builtin {
        name: "south-america",
        aliases: &["south_america51", "south-america-5", "south_america"],
        source: include_str!("../../variants/south-america/variant.toml"),
    },
    Builtin {
        name: "south-east-asia",
        aliases: &["south_east_asia3", "seasia", "south-east-asia-3"],
        source: include_str!("../../variants/south-east-asia/variant.toml"),
    },
    Builtin {
        name: "iberian",
        aliases: &["iberian2", "iberian-diplomacy"],
        source: include_str!("../../variants/iberian/variant.toml"),
    },
];

/// Names of the built-in variants.
pub fn builtin_names() -> impl Iterator<Item = &'static str> {
    BUILTINS.iter().map(|b| b.name)
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
