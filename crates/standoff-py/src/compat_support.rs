//! Native helpers of the package-compatible `Game` (python/standoff/_compat.py), so it
//! need not read the whole board into its `Power` objects for one number or one order.
//!
//! Each power's units in the `diplomacy` package's order: units that stay on the board keep their place,
//! units new on the board (built, or moved: `A BUR` is a new unit text) come last, in
//! board order. The compat layer does not read the board after every phase it plays;
//! when its `Power` objects are next read it asks for the order over every board since
//! it last knew it (each board of the history after that phase, then the current one).

use crate::classes::PyGame;
use crate::model::units_by_power;
use pyo3::prelude::*;
use std::collections::HashSet;

/// A power's supply centers minus its units (not counting dislodged ones) on the
/// current board: the builds it may make (or, negative, the units it must remove) as
/// the package counts them.
#[pyfunction]
pub fn centers_minus_units(game: PyRef<'_, PyGame>, power_name: &str) -> PyResult<i64> {
    let power = game.power_arg(power_name)?;
    let pos = &game.rec().game.position;
    let centers = pos.owners().iter().filter(|o| **o == Some(power)).count();
    let units = pos.units().filter(|(_, u)| u.power == power).count();
    Ok(centers as i64 - units as i64)
}

/// How many phases the game has played (its history's length).
#[pyfunction]
pub fn played_phase_count(game: PyRef<'_, PyGame>) -> usize {
    game.rec().history.len()
}

/// Each power's units (without the dislodged ones), in the package's order, on the
/// current board, given their order `previous` (power by power; an empty list: not
/// known) on an earlier board. With `since`, the boards in between are stepped through
/// too: those of the history after phase number `since` (0-based), then the current
/// one; without it, `previous` is the order just before the current board.
#[pyfunction]
#[pyo3(signature = (game, previous, since = None))]
pub fn units_in_package_order(
    game: PyRef<'_, PyGame>,
    previous: Vec<Vec<String>>,
    since: Option<usize>,
) -> Vec<Vec<String>> {
    let rec = game.rec();
    let variant = &game.variant;
    let history = since
        .map(|i| rec.history.get(i + 1..).unwrap_or_default())
        .unwrap_or_default();
    let mut order = previous;
    order.resize(variant.powers.len(), Vec::new());
    let boards = history
        .iter()
        .map(|r| &r.position)
        .chain(std::iter::once(&rec.game.position));
    for board in boards {
        for (old, (_, units)) in order.iter_mut().zip(units_by_power(variant, board, false)) {
            *old = follow(std::mem::take(old), units);
        }
    }
    order
}

/// The units `now` on the board, in the order of `before` (an earlier board's units in
/// the package's order) for those still there, then the new ones in board order.
fn follow(before: Vec<String>, now: Vec<String>) -> Vec<String> {
    if before.is_empty() || before == now {
        return now;
    }
    let present: HashSet<&str> = now.iter().map(String::as_str).collect();
    let kept: Vec<String> = before
        .into_iter()
        .filter(|u| present.contains(u.as_str()))
        .collect();
    let kept_set: HashSet<&str> = kept.iter().map(String::as_str).collect();
    let new: Vec<String> = now
        .iter()
        .filter(|u| !kept_set.contains(u.as_str()))
        .cloned()
        .collect();
    kept.into_iter().chain(new).collect()
}
