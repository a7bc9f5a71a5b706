//! The helper thread: one thread for the process, started on first use and parked
//! between uses, that runs the jobs the batch entry points lend it (the plays of
//! `step_many`'s package-compatible games).
//!
//! Why not the rayon pool: on this project's 2-core VM a task spawned onto rayon's pool
//! from outside it started a median 0.16 ms after the spawn when the process had been
//! busy elsewhere for 3 ms, 1.7 ms after 30 ms and 3.7 ms after 100 ms; a parked thread
//! unparked started after 14-26 us (median) in the same runs. In `step_many`, whose
//! calls last a few milliseconds, its start went from 0.22-0.64 ms to 0.15-0.2 ms after
//! the call began. A rayon pool that a forked child inherits also has no threads, and
//! a job waited for there never ends; the helper is started again in a child.
//!
//! Invariants: at most one job runs on the helper at a time ([`lend`] refuses a second
//! while the first runs, and its caller then works alone, as it must be able to); a
//! job never unwinds into the helper's loop; a caller never waits for the helper (it is
//! told no when the helper is taken); a forked child starts a helper of its own
//! ([`PerProcess`]), with nothing shared with its parent's.

use crate::per_process::PerProcess;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::Thread;

/// Work the helper thread can run. It must return once its caller needs it no more:
/// the caller cannot wait for it.
pub(crate) trait Job: Send + Sync + 'static {
    /// Runs the job on the helper thread.
    fn run(&self);
}

/// What a caller and the helper thread share.
#[derive(Default)]
struct HandOver {
    /// The job handed over and not yet started.
    next: Mutex<Option<Arc<dyn Job>>>,
    /// Set from a job's hand-over until the helper has finished it.
    busy: AtomicBool,
}

/// The helper thread of this process.
#[derive(Clone)]
struct Helper {
    thread: Thread,
    hand_over: Arc<HandOver>,
}

static HELPER: PerProcess<Helper> = PerProcess::new();

/// Hands `job` to the helper thread and wakes it. False (and the job is not run) when
/// the helper could not be started or is running another caller's job. Call it with
/// the GIL held (see [`PerProcess`]).
pub(crate) fn lend(job: Arc<dyn Job>) -> bool {
    let Ok(helper) = HELPER.get_or_start(start) else {
        return false;
    };
    if helper.hand_over.busy.swap(true, Ordering::AcqRel) {
        return false;
    }
    // The helper holds this lock only to take a job out.
    *helper
        .hand_over
        .next
        .lock()
        .unwrap_or_else(PoisonError::into_inner) = Some(job);
    helper.thread.unpark();
    true
}

/// Starts a helper thread: it runs each job handed over, then parks until the next.
fn start() -> std::io::Result<Helper> {
    let hand_over = Arc::new(HandOver::default());
    let shared = hand_over.clone();
    let spawned = std::thread::Builder::new()
        .name("standoff-helper".into())
        .spawn(move || loop {
            let job = shared
                .next
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .take();
            match job {
                Some(job) => {
                    // A job catches its own panics; this keeps the helper alive if one
                    // does not.
                    let _ = catch_unwind(AssertUnwindSafe(|| job.run()));
                    drop(job);
                    shared.busy.store(false, Ordering::Release);
                }
                // An unpark before this park makes it return at once: no hand-over is
                // missed.
                None => std::thread::park(),
            }
        });
    let thread = spawned?.thread().clone();
    Ok(Helper { thread, hand_over })
}
