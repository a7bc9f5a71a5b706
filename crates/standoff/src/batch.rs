//! Batch processing: many independent (position, orders) pairs at once, over all cores
//! when the `parallel` feature is on (the default). Each item is processed on its own;
//! nothing is shared but the read-only variant, so there are no locks on the hot path.

use crate::adjudicate::{adjudicate_movement_with, MovementResult};
use crate::game::{Game, Processed};
use crate::order::Order;
use crate::position::Position;
use crate::rules::Rules;
use crate::variant::Variant;

/// Adjudicates movement phases under the default rules, one result per input, in input
/// order.
pub fn adjudicate_many(variant: &Variant, items: &[(Position, Vec<Order>)]) -> Vec<MovementResult> {
    adjudicate_many_with(variant, &Rules::DATC, items)
}

/// [`adjudicate_many`] under `rules` (checked when they were built: [`Rules`]).
pub fn adjudicate_many_with(
    variant: &Variant,
    rules: &Rules,
    items: &[(Position, Vec<Order>)],
) -> Vec<MovementResult> {
    map_items(items, |(position, orders)| {
        adjudicate_movement_with(variant, rules, position, orders)
    })
}

/// Plays one phase of each game (any phase kind) under the default rules and returns
/// what happened with the position after it, in input order.
pub fn step_many(
    variant: &Variant,
    items: &[(Position, Vec<Order>)],
) -> Vec<(Processed, Position)> {
    step_many_with(variant, &Rules::DATC, items)
}

/// [`step_many`] under `rules`.
pub fn step_many_with(
    variant: &Variant,
    rules: &Rules,
    items: &[(Position, Vec<Order>)],
) -> Vec<(Processed, Position)> {
    map_items(items, |(position, orders)| {
        // The game borrows the item's position instead of cloning it to start from.
        let mut game =
            Game::from_position(Position::placeholder(position.phase)).with_rules(*rules);
        let processed = game.process_from(variant, position, orders);
        (processed, game.position)
    })
}

#[cfg(feature = "parallel")]
fn map_items<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync + Send) -> Vec<R> {
    use rayon::prelude::*;
    items.par_iter().map(f).collect()
}

#[cfg(not(feature = "parallel"))]
fn map_items<T, R>(items: &[T], f: impl Fn(&T) -> R) -> Vec<R> {
    items.iter().map(f).collect()
}
