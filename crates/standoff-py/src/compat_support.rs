//! Native helpers of the package-compatible `Game` (python/standoff/_compat.py), so it
//! need not read the whole board into its `Power` objects for one number (build counts,
//! the number of phases played).

use crate::classes::PyGame;
use pyo3::prelude::*;

/// A power's supply centers minus its units (not counting dislodged ones) on the
/// current board: the builds it may make (or, negative, the units it must remove) as
/// the package counts them.
#[pyfunction]
pub fn centers_minus_units(game: PyRef<'_, PyGame>, power_name: &str) -> PyResult<i64> {
    centers_less_units(&game, power_name)
}

fn centers_less_units(game: &PyGame, power_name: &str) -> PyResult<i64> {
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

/// The builds a power may make (no more than its build sites) or, negative, the units it
/// must remove, as the package's `need` counts them when it takes adjustment orders
/// (its centers less its units).
pub fn package_need(game: &PyGame, power_name: &str) -> PyResult<i64> {
    let need = centers_less_units(game, power_name)?;
    if need <= 0 {
        return Ok(need);
    }
    let power = game.power_arg(power_name)?;
    let sites = crate::model::build_site_count(&game.variant, &game.rec().game.position, power);
    Ok(need.min(sites as i64))
}
