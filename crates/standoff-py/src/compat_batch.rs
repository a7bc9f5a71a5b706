//! `standoff.step_many` for package-compatible games: plays the current phase of many
//! `standoff.Game`s, each exactly as its `process()` does, with the native play of
//! every game spread over the cores.
//!
//! A compatible game's `process()` is Python bookkeeping around a native play
//! (`GameCore::_before_process`, `PyGame::play_phase`, `GameCore::_after_process`).
//! The bookkeeping needs the GIL and runs on the calling thread, one game at a time;
//! the plays do not. So the games go in chunks, and while a pool thread plays one chunk
//! the calling thread finishes the chunk before it and prepares the chunk after it,
//! then helps with what is left of the plays: the Python work overlaps the native work
//! instead of adding to it.

use crate::batch::{play_alongside, PlayOutcome};
use crate::classes::PyGame;
use crate::compat_core::GameCore;
use crate::errors::standoff_err;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// Where each chunk of a call's `games` ends. A chunk is half as large as the smaller of
/// the part of the call before it and the part after it (at least [`MIN_CHUNK`], so that
/// its plays outlast waking a thread; at most [`MAX_CHUNK`], so that its Python objects
/// stay in the cache from its preparation to its finish): the first chunk's preparation
/// and the last one's finish, which overlap no plays, are small, and each chunk is about
/// as large as its neighbours, whose Python work its plays overlap.
fn chunk_ends(games: usize) -> Vec<usize> {
    let mut ends = Vec::new();
    let mut start = 0;
    while start < games {
        let left = games - start;
        start += (start.min(left) / 2).clamp(MIN_CHUNK, MAX_CHUNK).min(left);
        ends.push(start);
    }
    ends
}

/// The fewest games per chunk.
const MIN_CHUNK: usize = 4;

/// The most games per chunk.
const MAX_CHUNK: usize = 32;

/// What one game's play gave (None: not played).
type Played = Option<PlayOutcome>;

/// A game of the call with what `_before_process` gave for it.
struct Entry<'py> {
    /// Where its result goes.
    index: usize,
    game: Bound<'py, GameCore>,
    native: Bound<'py, PyGame>,
    pending: Bound<'py, PyTuple>,
}

/// Plays the current phase of each `Game` (orders already set), as `process()` on each
/// would: returns each game's `PhaseData` (None for a game that is over). A game may
/// appear only once. The native plays run on every core; the Python side of each
/// game's `process()` overlaps them.
#[pyfunction(name = "step_compatible_games")]
pub fn step_many<'py>(
    py: Python<'py>,
    games: &Bound<'py, PyAny>,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let mut list: Vec<Bound<'py, GameCore>> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for game in games.try_iter()? {
        let game = game?
            .cast_into::<GameCore>()
            .map_err(|_| PyTypeError::new_err("step_many takes standoff.Game objects"))?;
        if !seen.insert(game.as_ptr() as usize) {
            return Err(standoff_err("the same game appears twice in step_many"));
        }
        list.push(game);
    }
    let mut results: Vec<Bound<'py, PyAny>> = vec![py.None().into_bound(py); list.len()];
    let live: Vec<(usize, &Bound<'py, GameCore>)> = list
        .iter()
        .enumerate()
        .filter(|(_, game)| !game.borrow().is_game_done())
        .collect();
    let mut start = 0;
    let chunks: Vec<&[(usize, &Bound<'py, GameCore>)]> = chunk_ends(live.len())
        .into_iter()
        .map(|end| {
            let chunk = &live[start..end];
            start = end;
            chunk
        })
        .collect();
    let Some(first) = chunks.first() else {
        return Ok(results);
    };
    let mut next = prepare(first)?;
    // The chunk played last, with what its plays gave.
    let mut played: Option<(Vec<Entry<'py>>, Vec<Played>)> = None;
    for k in 0..chunks.len() {
        let current = std::mem::take(&mut next);
        let mut borrowed = current
            .iter()
            .map(|e| e.native.try_borrow_mut())
            .collect::<Result<Vec<PyRefMut<'_, PyGame>>, _>>()?;
        let mut natives: Vec<&mut PyGame> = borrowed.iter_mut().map(|g| &mut **g).collect();
        // While a pool thread plays this chunk, this thread finishes the chunk before
        // it and prepares the one after it (their games are not borrowed by the
        // plays), then joins the plays.
        let (plays, done) = play_alongside(py, &mut natives, || -> PyResult<()> {
            if let Some((entries, outcomes)) = played.take() {
                finish(py, entries, outcomes, &mut results)?;
            }
            if let Some(after) = chunks.get(k + 1) {
                next = prepare(after)?;
            }
            Ok(())
        });
        drop(natives);
        drop(borrowed);
        done?;
        played = Some((current, plays));
    }
    if let Some((entries, outcomes)) = played {
        finish(py, entries, outcomes, &mut results)?;
    }
    Ok(results)
}

/// `_before_process` of each game of a chunk.
fn prepare<'py>(chunk: &[(usize, &Bound<'py, GameCore>)]) -> PyResult<Vec<Entry<'py>>> {
    chunk
        .iter()
        .map(|(index, game)| {
            let pending = GameCore::_before_process(game)?;
            Ok(Entry {
                index: *index,
                game: (*game).clone(),
                native: crate::compat_core::native(game)?,
                pending,
            })
        })
        .collect()
}

/// The rest of each game's `process()` after its play: the warning about orders not
/// followed, its `PhaseData`, `_after_process`.
fn finish<'py>(
    py: Python<'py>,
    entries: Vec<Entry<'py>>,
    outcomes: Vec<Played>,
    results: &mut [Bound<'py, PyAny>],
) -> PyResult<()> {
    for (entry, outcome) in entries.into_iter().zip(outcomes) {
        let outcome = outcome.ok_or_else(|| standoff_err("step_many: a game was not played"))?;
        let data = match outcome.map_err(|e| standoff_err(e.to_string()))? {
            None => py.None().into_bound(py),
            Some(played) => {
                played.settled.warn(py)?;
                match played.data {
                    Some(data) => Bound::new(py, data)?.into_any(),
                    None => py.None().into_bound(py),
                }
            }
        };
        let data = GameCore::_after_process(&entry.game, entry.pending, data)?;
        if let Some(slot) = results.get_mut(entry.index) {
            *slot = data;
        }
    }
    Ok(())
}
