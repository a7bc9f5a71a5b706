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

/// The usual colours of the usual power names.
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

/// Colours for the other powers, in order of preference.
const OTHERS: &[&str] = &[
    "#b5651d", "#7f3fbf", "#2b9ca0", "#c0397a", "#808000", "#4b6b8b", "#d2691e", "#2f8f2f",
    "#8b4513", "#5f5fd0", "#e6194b", "#1f3f8f", "#9acd32", "#ff7f50", "#00a0a0", "#b03060",
    "#6b8e23", "#483d8b", "#daa520", "#20b2aa", "#a0522d", "#ff1493",
];

/// The colour of a variant's (first) dummy power, one no player holds (Known World
/// 901's Neutral State): a muted stone, so that what it holds reads as neutral ground,
/// apart from the unowned land and the impassable spaces.
const DUMMY: &str = "#a39a86";

/// How far apart two colours of one map must be to be told apart at a glance (a
/// weighted RGB distance; 765 is black to white).
const DISTINCT: f64 = 120.0;

fn rgb(colour: &str) -> [f64; 3] {
    let channel = |i: usize| {
        colour
            .get(i..i + 2)
            .and_then(|h| u8::from_str_radix(h, 16).ok())
            .map_or(0.0, f64::from)
    };
    [channel(1), channel(3), channel(5)]
}

/// The "redmean" weighted distance between two `#rrggbb` colours.
fn distance(a: &str, b: &str) -> f64 {
    let ([r1, g1, b1], [r2, g2, b2]) = (rgb(a), rgb(b));
    let mean_red = (r1 + r2) / 2.0;
    ((2.0 + mean_red / 256.0) * (r1 - r2).powi(2)
        + 4.0 * (g1 - g2).powi(2)
        + (2.0 + (255.0 - mean_red) / 256.0) * (b1 - b2).powi(2))
    .sqrt()
}

/// One colour per power of `variant`: the usual one for a usual name, [`DUMMY`] for its
/// first dummy power without one; for the others
/// the first colour of [`OTHERS`] far enough from every colour already given (and
/// from land and sea), else the unused one farthest from them.
pub(super) fn power_colours(variant: &Variant) -> Vec<&'static str> {
    let mut colours: Vec<Option<&'static str>> = variant
        .powers
        .iter()
        .map(|p| {
            let name = p.name.to_lowercase();
            BY_NAME.iter().find(|(n, _)| *n == name).map(|(_, c)| *c)
        })
        .collect();
    // No usual colour is DUMMY, and the loop below gives none of OTHERS twice.
    if let Some(first_dummy) = variant.powers.iter().position(|p| p.dummy) {
        colours[first_dummy].get_or_insert(DUMMY);
    }
    for i in 0..colours.len() {
        if colours[i].is_some() {
            continue;
        }
        let used: Vec<&str> = colours.iter().flatten().copied().collect();
        let nearest = |c: &str| {
            used.iter()
                .map(|u| distance(c, u))
                .chain([1.5 * distance(c, LAND), 1.5 * distance(c, SEA)])
                .fold(f64::INFINITY, f64::min)
        };
        let unused: Vec<&'static str> = OTHERS
            .iter()
            .copied()
            .filter(|c| !used.contains(c))
            .collect();
        let chosen = unused
            .iter()
            .copied()
            .find(|c| nearest(c) >= DISTINCT)
            .or_else(|| {
                unused
                    .iter()
                    .copied()
                    .max_by(|a, b| nearest(a).total_cmp(&nearest(b)))
            })
            .unwrap_or(OTHERS[i % OTHERS.len()]);
        colours[i] = Some(chosen);
    }
    colours
        .into_iter()
        .map(|c| c.unwrap_or(OTHERS[0]))
        .collect()
}

/// The colour of the `index`th power of `variant`.
pub fn power_colour(variant: &Variant, index: usize) -> &'static str {
    power_colours(variant)
        .get(index)
        .copied()
        .unwrap_or(OTHERS[index % OTHERS.len()])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dummy_power_is_drawn_in_stone() {
        let variant = Variant::builtin("known-world-901").expect("built-in");
        let colours = power_colours(&variant);
        let neutral = variant
            .powers
            .iter()
            .position(|p| p.name == "Neutral State")
            .expect("the Neutral State");
        assert_eq!(colours[neutral], DUMMY);
        assert_eq!(colours.iter().filter(|c| **c == DUMMY).count(), 1);
        for ground in [LAND, SEA, IMPASSABLE] {
            assert!(distance(DUMMY, ground) > 80.0, "{ground}");
        }
    }

    #[test]
    fn powers_of_one_map_get_colours_told_apart() {
        // Modern: Britain (a usual name) and Ukraine were two blues; World has 17 powers.
        for name in ["modern", "world", "empire", "ancmed", "known-world-901"] {
            let variant = Variant::builtin(name).expect("built-in");
            let colours = power_colours(&variant);
            assert_eq!(colours.len(), variant.powers.len());
            for (i, a) in colours.iter().enumerate() {
                for b in &colours[i + 1..] {
                    assert!(distance(a, b) > 80.0, "{name}: {a} and {b} too close");
                }
            }
        }
    }

    #[test]
    fn usual_names_keep_their_usual_colours() {
        let standard = Variant::standard();
        let england = standard
            .powers
            .iter()
            .position(|p| p.name == "England")
            .expect("England");
        assert_eq!(power_colour(&standard, england), "#3a4fc0");
    }
}
