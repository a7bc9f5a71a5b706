//! Stepping a list of games on the calling thread and the helper thread together (the
//! two-thread `step_many`s): the calling thread does, with the GIL, what comes before
//! and after each game's play ([`Stepper`]: the package-compatible games' Python
//! bookkeeping, or a native game's `PhaseData` and warning), one game at a time in the
//! list's order; the helper thread (`helper_thread`) plays each prepared game as soon
//! as it is queued; when the calling thread has nothing else to do it plays queued
//! games too, with the GIL released. No thread waits for a group of games: the work
//! with the GIL overlaps the plays from the first game to the last.
//!
//! A game goes to the playing thread by value: its native game (`PyGame`, a box, so
//! moving it moves a pointer) is moved out of its Python object, which meanwhile holds
//! a stand-in and stays mutably borrowed (any other use of it fails as borrowed), and
//! is moved back before the game is finished.
//!
//! Invariants: at most [`AHEAD`] games are out of their Python objects at a time; every
//! game prepared is played and finished (in the list's order) before [`Helper::step`]
//! returns, even after an error, so each is back in its Python object; a play that
//! panics gives its game back all the same; the helper stops playing for a call when
//! the call's [`Helper`] is dropped (at its end, on an error, or in a panic).

use crate::classes::PyGame;
use crate::game::PlayOutcome;
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

/// The most queued games the helper takes at a time (it takes half of those queued).
const HELPER_GROUP: usize = 4;

/// Calls with fewer games than this do without the helper thread (a compatible call
/// plays them one after another on the calling thread, as a `process()` loop does):
/// waking it costs the calling thread tens of microseconds on a virtual machine (the
/// wake-up call alone), and it starts later still, so a small call shared with it ran
/// slower than the loop (0.77x for 8 games, 0.87x for 16, 0.96x for 20 and 24 on our
/// 2-core VM; 1.1-1.3x for 32).
pub(crate) const SHARED_FROM: usize = 32;

/// What is done with the GIL around each game's play, on the calling thread.
pub(crate) trait Stepper<'py> {
    /// What a prepared game keeps until it is finished.
    type Prepared;

    /// Everything before the play of the list's game `index`: what to keep, and the
    /// game's native game, borrowed (it is moved out for the play).
    fn prepare(&mut self, index: usize) -> PyResult<(Self::Prepared, PyRefMut<'py, PyGame>)>;

    /// Everything after the play of game `index`, its native game back in place.
    fn finish(
        &mut self,
        index: usize,
        prepared: Self::Prepared,
        outcome: PlayOutcome,
    ) -> PyResult<()>;
}

/// The helper thread, lent to one call (it stops playing for it when this is dropped).
pub(crate) struct Helper(Arc<Plays>);

/// Wakes the helper thread and lends it to the caller, or None when it is not to be had
/// (it could not be started, or another call has it): the caller then steps its games
/// alone. Called first thing in a call: a parked thread takes from tens of
/// microseconds to a millisecond to start on a virtual machine, time the caller's
/// checks of its games and the first game's preparation then overlap.
pub(crate) fn lend_helper() -> Option<Helper> {
    let plays = Arc::new(Plays::default());
    crate::helper_thread::lend(plays.clone()).then_some(Helper(plays))
}

impl Drop for Helper {
    fn drop(&mut self) {
        self.0.closed.store(true, Ordering::Release);
    }
}

impl Helper {
    /// Steps games `indices` (in that order) with `stepper`, the helper playing beside
    /// the calling thread. After an error no more games are prepared; those prepared
    /// are still played and finished, so each game is played through, left as it was,
    /// or (the one that failed) as its `Stepper` leaves it; the first error is
    /// returned.
    pub(crate) fn step<'py, S: Stepper<'py>>(
        self,
        py: Python<'py>,
        stepper: &mut S,
        indices: impl IntoIterator<Item = usize>,
    ) -> PyResult<()> {
        // Stand-ins for the native games moved out, kept from earlier calls.
        let mut stand_ins = std::mem::take(&mut *spare_stand_ins());
        let mut pipeline = Pipeline {
            py,
            plays: &self.0,
            in_flight: VecDeque::new(),
            stand_ins: &mut stand_ins,
        };
        let done = pipeline.run(stepper, indices.into_iter());
        // It returns only once every game it prepared is finished: each native game is
        // back in its Python object.
        debug_assert!(pipeline.in_flight.is_empty());
        drop(pipeline);
        // The helper stops playing for this call.
        drop(self);
        stand_ins.truncate(AHEAD);
        *spare_stand_ins() = stand_ins;
        done
    }
}

/// A game of the call between its preparation and its finish.
struct InFlight<'py, P> {
    index: usize,
    prepared: P,
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
        self.play_group(1)
    }

    /// Takes half the queued games (at least one, at most `most`) in one go and plays
    /// them, handing their plays back in one go: fewer hand-overs of the shared locks
    /// between the cores. False if none was queued.
    fn play_group(&self, most: usize) -> bool {
        let queued = self.queued.load(Ordering::Acquire);
        if queued == 0 {
            return false;
        }
        let take = queued.div_ceil(2).clamp(1, most);
        let group: Vec<(usize, PyGame)> = {
            let mut queue = self.queue.lock().unwrap_or_else(PoisonError::into_inner);
            let take = take.min(queue.len());
            queue.drain(..take).collect()
        };
        if group.is_empty() {
            return false;
        }
        self.queued.fetch_sub(group.len(), Ordering::AcqRel);
        let played: Vec<(usize, PyGame, Played)> = group
            .into_iter()
            .map(|(index, mut game)| {
                // A play that panics gives its game back (to its Python object) all the
                // same.
                let outcome = catch_unwind(AssertUnwindSafe(|| game.play_phase()));
                (index, game, outcome)
            })
            .collect();
        let count = played.len();
        self.played
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .extend(played);
        self.played_count.fetch_add(count, Ordering::Release);
        true
    }

    /// The helper thread's part: plays queued games until the calling thread is done,
    /// waiting (spinning, then yielding) while it prepares the next.
    fn play_until_closed(&self) {
        let mut idle = 0u32;
        while !self.closed.load(Ordering::Acquire) {
            if self.play_group(HELPER_GROUP) {
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

/// Stand-ins kept between calls (at most [`AHEAD`]): a new one takes about a
/// microsecond of the calling thread for each of the first games of a call. Any native
/// game will do (its Python object is borrowed while it holds one); taken with the GIL
/// held, so `os.fork()` never copies the lock taken.
fn spare_stand_ins() -> std::sync::MutexGuard<'static, Vec<PyGame>> {
    static SPARE: Mutex<Vec<PyGame>> = Mutex::new(Vec::new());
    SPARE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The calling thread's side of [`Helper::step`].
struct Pipeline<'a, 'py, P> {
    py: Python<'py>,
    plays: &'a Plays,
    /// The games prepared and not yet finished, oldest first.
    in_flight: VecDeque<InFlight<'py, P>>,
    stand_ins: &'a mut Vec<PyGame>,
}

impl<'py, P> Pipeline<'_, 'py, P> {
    /// Prepares each game (at most [`AHEAD`] before the oldest not finished) and queues
    /// its native game to be played, finishes the played games in order (first
    /// preparing another when fewer than [`QUEUED_AT_LEAST`] are queued), and plays
    /// queued games itself when there is nothing else to do.
    fn run<S: Stepper<'py, Prepared = P>>(
        &mut self,
        stepper: &mut S,
        mut next: impl Iterator<Item = usize>,
    ) -> PyResult<()> {
        let mut failed: Option<PyErr> = None;
        let mut idle = 0u32;
        let mut looked = None;
        loop {
            // The helper is kept in games to play: with few queued, the next game is
            // prepared before a played one is finished.
            let starving = self.plays.queued.load(Ordering::Acquire) < QUEUED_AT_LEAST;
            let may_prepare = failed.is_none() && self.in_flight.len() < AHEAD;
            let mut to_prepare = match starving && may_prepare {
                true => next.next(),
                false => None,
            };
            if to_prepare.is_none() {
                // Finish the oldest game once it has been played.
                if self.finish_oldest(stepper, &mut looked, &mut failed) {
                    idle = 0;
                    continue;
                }
                // Else prepare the next game.
                if may_prepare && !starving {
                    to_prepare = next.next();
                }
            }
            if let Some(index) = to_prepare {
                if let Err(e) = self.prepare(stepper, index) {
                    failed = Some(e);
                }
                continue;
            }
            if self.in_flight.is_empty() {
                return failed.map_or(Ok(()), Err);
            }
            // Nothing to prepare or finish: play a queued game too, or wait for one.
            if self.py.detach(|| self.plays.play_next()) {
                idle = 0;
            } else {
                wait_a_little(&mut idle);
            }
        }
    }

    /// Prepares game `index` and queues its native game (its Python object holds a
    /// stand-in meanwhile, and stays borrowed).
    fn prepare<S: Stepper<'py, Prepared = P>>(
        &mut self,
        stepper: &mut S,
        index: usize,
    ) -> PyResult<()> {
        let (prepared, mut native) = stepper.prepare(index)?;
        let stand_in = match self.stand_ins.pop() {
            Some(stand_in) => stand_in,
            None => native.stand_in(),
        };
        let moved = std::mem::replace(&mut *native, stand_in);
        self.plays.enqueue(index, moved);
        self.in_flight.push_back(InFlight {
            index,
            prepared,
            native,
        });
        Ok(())
    }

    /// Finishes the oldest game prepared if it has been played (its native game moved
    /// back first); false if it has not. Its error goes into `failed` if none is there.
    fn finish_oldest<S: Stepper<'py, Prepared = P>>(
        &mut self,
        stepper: &mut S,
        looked: &mut Option<usize>,
        failed: &mut Option<PyErr>,
    ) -> bool {
        let Some(oldest) = self.in_flight.front().map(|entry| entry.index) else {
            return false;
        };
        let Some((game, outcome)) = self.plays.take_played(oldest, looked) else {
            return false;
        };
        let Some(mut entry) = self.in_flight.pop_front() else {
            return false;
        };
        self.stand_ins
            .push(std::mem::replace(&mut *entry.native, game));
        drop(entry.native);
        let done = outcome
            .map_err(|payload| {
                let reason = payload
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                PanicException::new_err(format!("a game's play panicked: {reason}"))
            })
            .and_then(|outcome| stepper.finish(entry.index, entry.prepared, outcome));
        if let Err(e) = done {
            failed.get_or_insert(e);
        }
        true
    }
}
