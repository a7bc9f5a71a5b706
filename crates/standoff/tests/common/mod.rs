//! Shared test helpers: the standard variant loaded once and a random game driver.

#![allow(dead_code)]

use standoff::corpus::{random_orders, Rng};
use standoff::game::{Game, Processed};
use standoff::{Order, Position, Variant};
use std::sync::OnceLock;

/// The standard variant, loaded once.
pub fn standard() -> &'static Variant {
    static V: OnceLock<Variant> = OnceLock::new();
    V.get_or_init(Variant::standard)
}

/// Plays up to `phases` phases of a seeded random game, calling `check` with the
/// position before each phase, its orders, what happened, and the position after.
pub fn random_game(
    seed: u64,
    phases: usize,
    check: impl FnMut(&Position, &[Order], &Processed, &Position),
) {
    random_game_on(standard(), seed, phases, check)
}

/// [`random_game`] on another variant.
pub fn random_game_on(
    variant: &Variant,
    seed: u64,
    phases: usize,
    mut check: impl FnMut(&Position, &[Order], &Processed, &Position),
) {
    let mut rng = Rng::new(seed);
    let mut game = Game::new(variant);
    for _ in 0..phases {
        if game.winner.is_some() {
            break;
        }
        let before = game.position.clone();
        let orders = random_orders(variant, &before, &mut rng);
        let done = game.process(variant, &orders);
        check(&before, &orders, &done, &game.position);
    }
}

/// Adds a unit of `power` at `at` to a setup (test setup; panics on a bad name).
pub fn place(
    variant: &Variant,
    setup: &mut standoff::position::Setup,
    power: &str,
    kind: standoff::UnitKind,
    at: &str,
) {
    let power = variant.find_power(power).expect("power");
    let location = variant.map.find_province(at).expect("province").location();
    setup.units.push(standoff::Unit::new(power, kind, location));
}

/// The checked position of a test setup (panics when it is refused).
pub fn position(variant: &Variant, setup: standoff::position::Setup) -> Position {
    Position::from_setup(variant, setup).expect("a valid position")
}

/// The variant library added from the published maps (issue 21), in the order of
/// `tests/variant_library.rs`; the invariant and legal-order tests play each of them.
pub const LIBRARY: &[&str] = &[
    "ancmed",
    "pure",
    "fleet-rome",
    "france-austria",
    "germany-italy",
    "age-of-empires",
    "age-of-empires-2",
    "ancmed-age-of-empires",
    "modern",
    "world",
    "empire",
    "known-world-901",
    "shift-around",
    "sail-ho",
    "african",
    "south-america",
    "south-east-asia",
    "iberian",
    "chromatic",
    "versailles",
    "south-america-4",
];
