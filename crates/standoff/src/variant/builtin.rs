//! Variants shipped inside the library.

use super::{Variant, VariantError};
use crate::map::normalize_name;

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
        name: "conv-coasts",
        aliases: &["ConvoyingCoastalArea", "DATC_ConvoyingCoastal"],
        source: include_str!("../../variants/conv-coasts/variant.toml"),
    },
];

/// Names of the built-in variants.
pub fn builtin_names() -> impl Iterator<Item = &'static str> {
    BUILTINS.iter().map(|b| b.name)
}

impl Variant {
    /// Loads a built-in variant by name or alias (`"standard"`, `"classical"`).
    pub fn builtin(name: &str) -> Result<Variant, VariantError> {
        let key = normalize_name(name);
        let found = BUILTINS.iter().find(|b| {
            normalize_name(b.name) == key || b.aliases.iter().any(|a| normalize_name(a) == key)
        });
        match found {
            Some(b) => Variant::from_toml(b.source, &format!("<builtin {}>", b.name)),
            None => Err(VariantError::UnknownVariant(name.to_string())),
        }
    }
}
