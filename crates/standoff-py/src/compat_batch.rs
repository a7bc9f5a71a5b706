//! `standoff.step_many` for package-compatible games: plays the current phase of many
//! `standoff.Game`s, each exactly as its `process()` does, with the native play of
//! every game spread over two cores.
//!
//! A compatible game's `process()` is Python bookkeeping around a native play
//! (`GameCore::before_process`, `PyGame::play_phase`, `GameCore::after_process`).
//! The bookkeeping needs the GIL and runs on the calling thread, one game at a time, in
//! the games' order; the plays are shared with the helper thread (`shared_steps`). A
//! small call (fewer than [`SHARED_FROM`] games) plays each game's `process()` in turn
//! on the calling thread, as does a call on one core.

use crate::classes::PyGame;
use crate::compat_core::{GameCore, Pending};
use crate::game::PlayOutcome;
use crate::shared_steps::{Stepper, SHARED_FROM};
use pyo3::prelude::*;

/// Sets how long (seconds) the helper thread stays awake after each `step_many` call,
/// spinning and yielding its core, so that the next call finds it running (0, the
/// default: it parks at once); gives the previous setting. A value that is negative,
/// not a number or more than an hour is refused (`ValueError`).
#[pyfunction(name = "set_helper_awake_time")]
pub fn set_helper_awake_time(seconds: f64) -> PyResult<f64> {
    let after_job = std::time::Duration::try_from_secs_f64(seconds)
        .ok()
        .filter(|d| d.as_secs() <= 3600)
        .ok_or_else(|| {
            pyo3::exceptions::PyValueError::new_err(format!(
                "the helper's awake time must be 0 to 3600 seconds, not {seconds}"
            ))
        })?;
    Ok(crate::helper_thread::set_stay_awake(after_job).as_secs_f64())
}

/// Plays the current phase of each `Game` (orders already set), as `process()` on each
/// would: returns each game's `PhaseData` (None for a game that is over). A game may
/// appear only once. The native plays run on the calling thread and the helper thread;
/// the Python side of each game's `process()` overlaps them. Without the helper (fewer
/// than [`SHARED_FROM`] games, one core, or another call has it) each game's
/// `process()` runs in turn.
#[pyfunction(name = "step_compatible_games")]
pub fn step_many<'py>(
    py: Python<'py>,
    games: &Bound<'py, PyAny>,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if games.len().is_ok_and(|n| n < SHARED_FROM) || crate::pool::thread_count() <= 1 {
        return play_in_turn(&crate::batch::distinct_games::<GameCore>(games)?);
    }
    let helper = crate::shared_steps::lend_helper();
    let list = crate::batch::distinct_games::<GameCore>(games)?;
    let Some(helper) = helper else {
        return play_in_turn(&list);
    };
    let live: Vec<usize> = (0..list.len())
        .filter(|&i| !list[i].borrow().is_game_done())
        .collect();
    let mut stepper = CompatSteps {
        py,
        games: &list,
        results: vec![py.None().into_bound(py); list.len()],
    };
    helper.step(py, &mut stepper, live)?;
    Ok(stepper.results)
}

/// Each game's `process()` in turn, as a `process()` loop: each game's data is still in
/// this core's caches from its bookkeeping when it is played.
fn play_in_turn<'py>(list: &[Bound<'py, GameCore>]) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let mut results = Vec::with_capacity(list.len());
    for game in list {
        results.push(GameCore::process(game)?);
    }
    Ok(results)
}

/// The bookkeeping of a compatible `step_many`: each game's `process()` before and
/// after its play.
struct CompatSteps<'a, 'py> {
    py: Python<'py>,
    games: &'a [Bound<'py, GameCore>],
    /// Each game's `PhaseData` (None for a game that is over).
    results: Vec<Bound<'py, PyAny>>,
}

impl<'py> Stepper<'py> for CompatSteps<'_, 'py> {
    /// What `before_process` gave.
    type Prepared = Pending<'py>;

    fn prepare(&mut self, index: usize) -> PyResult<(Pending<'py>, PyRefMut<'py, PyGame>)> {
        let game = &self.games[index];
        let pending = GameCore::before_process(game)?;
        let native = crate::compat_core::native(game)?.try_borrow_mut()?;
        Ok((pending, native))
    }

    /// The rest of a game's `process()` after its play: the warning about orders not
    /// followed, its `PhaseData`, `after_process`.
    fn finish(
        &mut self,
        index: usize,
        pending: Pending<'py>,
        outcome: PlayOutcome,
    ) -> PyResult<()> {
        let data = crate::game::phase_data_object(self.py, outcome)?;
        let data = GameCore::after_process(&self.games[index], pending, data)?;
        self.results[index] = data;
        Ok(())
    }
}
