//! `standoff.step_many` for package-compatible games: plays the current phase of many
//! `standoff.Game`s, each exactly as its `process()` does, with the native play of
//! every game spread over the cores.
//!
//! A compatible game's `process()` is Python bookkeeping around a native play
//! (`GameCore::before_process`, `PyGame::play_phase`, `GameCore::after_process`).
//! The bookkeeping needs the GIL and runs on the calling thread, one game at a time, in
//! the games' order; the plays do not. The helper thread (`helper_thread`) plays the
//! prepared games, in order, as soon as each is prepared, while the calling thread
//! prepares the next ones and finishes those played; when the calling thread has
//! nothing else to do it plays games too (with the GIL released). No thread waits for
//! a group of games: the Python work overlaps the native work from the first game to
//! the last. A small call
//! (fewer than [`SHARED_FROM`] games) plays each game's `process()` in turn on the
//! calling thread, as does a call on one core.
//!
//! A game goes to the playing thread by value: its native game (`PyGame`, a box, so
//! moving it moves a pointer) is moved out of its Python object, which meanwhile holds
//! a stand-in and stays mutably borrowed (any other use of it fails as borrowed), and
//! is moved back before the game is finished.

use crate::batch::PlayOutcome;
use crate::classes::PyGame;
use crate::compat_core::{GameCore, Pending};
use crate::helper_thread::Job;
use pyo3::panic::PanicException;
use pyo3::prelude::*;
use std::collections::VecDeque;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// The most games prepared and not yet finished at a time (each is a native game moved
/// out of its Python object, which holds a stand-in meanwhile). Enough for the calling
/// thread to run ahead through a stretch of retreat and adjustment phases, whose
/// bookkeeping takes longer than their plays, while the helper plays movement phases.
const AHEAD: usize = 16;

/// Fewer games than this queued, and the calling thread prepares the next before it
/// finishes a played one: the helper thread should not run out of games to play.
const QUEUED_AT_LEAST: usize = 2;

/// Calls with fewer games than this play them one after another on the calling thread,
/// as a `process()` loop does, without the helper thread: waking it costs the calling
/// thread tens of microseconds on a virtual machine (the wake-up call alone), and it
/// starts later still, so a small call shared with it ran slower than the loop (0.77x
/// for 8 games, 0.87x for 16, 0.96x for 20 and 24 on our 2-core VM; 1.1-1.3x for 32).
const SHARED_FROM: usize = 32;

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

/// A game of the call between its preparation and its finish.
struct InFlight<'py> {
    /// Where its result goes.
    index: usize,
    game: Bound<'py, GameCore>,
    /// What `before_process` gave.
    pending: Pending<'py>,
    /// Its native game's Python object, borrowed (holding a stand-in) until the native
    /// game comes back.
    native: PyRefMut<'py, PyGame>,
}

/// A play's outcome, or the panic it ended in.
type Played = std::thread::Result<PlayOutcome>;

/// What the calling thread and the helper thread share.
#[derive(Default)]
struct Plays {
    /// Native games to play, with their place in the call, in order.
    queue: Mutex<VecDeque<(usize, PyGame)>>,
    /// How many games `queue` holds (read without its lock).
    queued: AtomicUsize,
    /// Native games played, with their place in the call and their play.
    played: Mutex<Vec<(usize, PyGame, Played)>>,
    /// How many games have been put into `played`: the calling thread looks into it
    /// again only once this has changed (its lock is not taken from the playing thread
    /// for nothing).
    played_count: AtomicUsize,
    /// Set when the calling thread is done (no game is left to play).
    closed: AtomicBool,
}

impl Plays {
    /// Plays the next queued game, if there is one; false if there was none.
    fn play_next(&self) -> bool {
        if self.queued.load(Ordering::Acquire) == 0 {
            return false;
        }
        let next = self
            .queue
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .pop_front();
        let Some((index, mut game)) = next else {
            return false;
        };
        self.queued.fetch_sub(1, Ordering::AcqRel);
        // A play that panics gives its game back (to its Python object) all the same.
        let outcome = catch_unwind(AssertUnwindSafe(|| game.play_phase()));
        self.played
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push((index, game, outcome));
        self.played_count.fetch_add(1, Ordering::Release);
        true
    }

    /// The helper thread's part: plays queued games until the calling thread is done,
    /// waiting (spinning, then yielding) while it prepares the next.
    fn play_until_closed(&self) {
        let mut idle = 0u32;
        while !self.closed.load(Ordering::Acquire) {
            if self.play_next() {
                idle = 0;
            } else {
                wait_a_little(&mut idle);
            }
        }
    }

    /// Game `index`'s native game and play, taken, if it has been played. `looked`
    /// is `played_count` when the caller last looked for a game and did not find it
    /// (None when it found it): until another game is played, it is not there.
    fn take_played(&self, index: usize, looked: &mut Option<usize>) -> Option<(PyGame, Played)> {
        let count = self.played_count.load(Ordering::Acquire);
        if *looked == Some(count) {
            return None;
        }
        *looked = Some(count);
        let mut played = self.played.lock().unwrap_or_else(PoisonError::into_inner);
        let at = played.iter().position(|(i, _, _)| *i == index)?;
        let (_, game, outcome) = played.swap_remove(at);
        *looked = None;
        Some((game, outcome))
    }

    /// Queues a prepared game's native game.
    fn enqueue(&self, index: usize, game: PyGame) {
        self.queue
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push_back((index, game));
        self.queued.fetch_add(1, Ordering::Release);
    }
}

impl Job for Plays {
    fn run(&self) {
        self.play_until_closed();
    }
}

/// One step of waiting for the other thread: spins at first, then yields the core.
fn wait_a_little(idle: &mut u32) {
    *idle = idle.saturating_add(1);
    if *idle < 64 {
        std::hint::spin_loop();
    } else {
        std::thread::yield_now();
    }
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
    let plays = Arc::new(Plays::default());
    // The helper stops playing when this is dropped: on an error below, at the end, or
    // if the pipeline panics.
    let close = CloseOnDrop(&plays.closed);
    // Woken first: a parked thread takes from tens of microseconds to a millisecond to
    // start on a virtual machine, time the checks below and the first game's
    // preparation then overlap.
    let shared = crate::helper_thread::lend(plays.clone());
    let list = crate::batch::distinct_games::<GameCore>(games)?;
    if !shared {
        return play_in_turn(&list);
    }
    let mut results: Vec<Bound<'py, PyAny>> = vec![py.None().into_bound(py); list.len()];
    let live: Vec<(usize, &Bound<'py, GameCore>)> = list
        .iter()
        .enumerate()
        .filter(|(_, game)| !game.borrow().is_game_done())
        .collect();
    // The games prepared and not yet finished, oldest first.
    let mut in_flight: VecDeque<InFlight<'py>> = VecDeque::new();
    // Stand-ins for the native games moved out, kept from earlier calls.
    let mut stand_ins = std::mem::take(&mut *spare_stand_ins());
    let run = pipeline(
        py,
        &live,
        &plays,
        &mut in_flight,
        &mut stand_ins,
        &mut results,
    );
    drop(close);
    stand_ins.truncate(AHEAD);
    *spare_stand_ins() = stand_ins;
    // The pipeline returns only once every game it prepared is finished: each native
    // game is back in its Python object.
    debug_assert!(in_flight.is_empty());
    run?;
    Ok(results)
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

/// Stand-ins kept between calls (at most [`AHEAD`]): a new one takes about a
/// microsecond of the calling thread for each of the first games of a call. Any native
/// game will do (its Python object is borrowed while it holds one); taken with the GIL
/// held, so `os.fork()` never copies the lock taken.
fn spare_stand_ins() -> std::sync::MutexGuard<'static, Vec<PyGame>> {
    static SPARE: Mutex<Vec<PyGame>> = Mutex::new(Vec::new());
    SPARE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Sets its flag when dropped.
struct CloseOnDrop<'a>(&'a AtomicBool);

impl Drop for CloseOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Release);
    }
}

/// The calling thread's part of [`step_many`]: prepares each game (at most [`AHEAD`]
/// before the oldest not finished) and queues its native game to be played, finishes
/// the played games in order (first preparing another when fewer than
/// [`QUEUED_AT_LEAST`] are queued), and plays queued games itself when there is nothing
/// else to do. After an error no more games are prepared; those prepared are still played
/// and finished, so each game is played through, left as it was, or (the one that
/// failed) as its own `process()` would leave it; the first error is returned.
fn pipeline<'py>(
    py: Python<'py>,
    live: &[(usize, &Bound<'py, GameCore>)],
    plays: &Plays,
    in_flight: &mut VecDeque<InFlight<'py>>,
    stand_ins: &mut Vec<PyGame>,
    results: &mut [Bound<'py, PyAny>],
) -> PyResult<()> {
    let mut next = live.iter();
    let mut failed: Option<PyErr> = None;
    let mut idle = 0u32;
    let mut looked = None;
    loop {
        // The helper is kept in games to play: with few queued, the next game is
        // prepared before a played one is finished.
        let starving = plays.queued.load(Ordering::Acquire) < QUEUED_AT_LEAST;
        let may_prepare = failed.is_none() && in_flight.len() < AHEAD;
        let mut to_prepare = match starving && may_prepare {
            true => next.next(),
            false => None,
        };
        if to_prepare.is_none() {
            // Finish the oldest game once it has been played.
            let oldest = in_flight.front().map(|entry| entry.index);
            if let Some((game, outcome)) =
                oldest.and_then(|index| plays.take_played(index, &mut looked))
            {
                if let Some(mut entry) = in_flight.pop_front() {
                    stand_ins.push(std::mem::replace(&mut *entry.native, game));
                    drop(entry.native);
                    let done = finish(
                        py,
                        entry.index,
                        &entry.game,
                        entry.pending,
                        outcome,
                        results,
                    );
                    if let Err(e) = done {
                        failed.get_or_insert(e);
                    }
                }
                idle = 0;
                continue;
            }
            // Else prepare the next game.
            if may_prepare && !starving {
                to_prepare = next.next();
            }
        }
        if let Some(&(index, game)) = to_prepare {
            match prepare(game, index, stand_ins) {
                Ok((entry, moved)) => {
                    plays.enqueue(index, moved);
                    in_flight.push_back(entry);
                }
                Err(e) => failed = Some(e),
            }
            continue;
        }
        if in_flight.is_empty() {
            return failed.map_or(Ok(()), Err);
        }
        // Nothing to prepare or finish: play a queued game too, or wait for one.
        if py.detach(|| plays.play_next()) {
            idle = 0;
        } else {
            wait_a_little(&mut idle);
        }
    }
}

/// A game's `before_process`, then its native game moved out of its Python object
/// (which holds a stand-in meanwhile, and stays borrowed).
fn prepare<'py>(
    game: &Bound<'py, GameCore>,
    index: usize,
    stand_ins: &mut Vec<PyGame>,
) -> PyResult<(InFlight<'py>, PyGame)> {
    let pending = GameCore::before_process(game)?;
    let mut native = crate::compat_core::native(game)?.try_borrow_mut()?;
    let stand_in = match stand_ins.pop() {
        Some(stand_in) => stand_in,
        None => native.stand_in(),
    };
    let moved = std::mem::replace(&mut *native, stand_in);
    let entry = InFlight {
        index,
        game: game.clone(),
        pending,
        native,
    };
    Ok((entry, moved))
}

/// The rest of a game's `process()` after its play: the warning about orders not
/// followed, its `PhaseData`, `after_process`.
fn finish<'py>(
    py: Python<'py>,
    index: usize,
    game: &Bound<'py, GameCore>,
    pending: Pending<'py>,
    outcome: Played,
    results: &mut [Bound<'py, PyAny>],
) -> PyResult<()> {
    let outcome = outcome.map_err(|payload| {
        let reason = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        PanicException::new_err(format!("a game's play panicked: {reason}"))
    })?;
    let data = match crate::game::delivered(py, outcome)? {
        Some(data) => Bound::new(py, data)?.into_any(),
        None => py.None().into_bound(py),
    };
    let data = GameCore::after_process(game, pending, data)?;
    if let Some(slot) = results.get_mut(index) {
        *slot = data;
    }
    Ok(())
}
