//! Colours: one per power (the usual ones for the usual names, a fixed palette for the
//! rest), terrain colours and order colours.

use crate::variant::Variant;

/// Fill of unowned land.
pub const LAND: &str = "#e9dfc4";
/// Fill of sea.
pub const SEA: &str = "#a9cbe3";
/// Fill of impassable spaces and scenery.
pub const IMPASSABLE: &str = "#bdb8ad";
/// Background outside every province.
pub const BACKGROUND: &str = "#8fb4cf";
/// Stroke of an order that succeeded or has no result yet.
pub const ORDER_OK: &str = "#1c1c1c";
/// Stroke of an order that failed.
pub const ORDER_FAILED: &str = "#d11a1a";
/// Stroke of a retreat.
pub const RETREAT: &str = "#e06d00";
/// Convoy lines.
pub const CONVOY: &str = "#1a4f9c";

/// The colour of the `index`th power of `variant`.
pub fn power_colour(variant: &Variant, index: usize) -> &'static str {
    const BY_NAME: &[(&str, &str)] = &[
        ("austria", "#c94040"),
        ("england", "#3a4fc0"),
        ("britain", "#3a4fc0"),
        ("france", "#46a8e0"),
        ("germany", "#6b6b6b"),
        ("italy", "#3fa848"),
        ("russia", "#9a72c8"),
        ("turkey", "#e3c22b"),
        ("china", "#2e8b6a"),
        ("holland", "#f08a24"),
        ("japan", "#d0436f"),
        ("spain", "#e08a1e"),
        ("norway", "#2b9ca0"),
    ];
    const OTHERS: &[&str] = &[
        "#b5651d", "#7f3fbf", "#2b9ca0", "#c0397a", "#808000", "#4b6b8b", "#d2691e", "#2f8f2f",
        "#8b4513", "#5f5fd0",
    ];
    let name = variant
        .powers
        .get(index)
        .map(|p| p.name.to_lowercase())
        .unwrap_or_default();
    BY_NAME
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, c)| *c)
        .unwrap_or(OTHERS[index % OTHERS.len()])
}
