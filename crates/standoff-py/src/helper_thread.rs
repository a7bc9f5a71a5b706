//! The helper thread: one thread for the process, started on first use and parked
//! between uses, that runs the jobs the batch entry points lend it (the plays of
//! `step_many`'s games on two cores, `shared_steps`). It may be told to stay awake a while after
//! each job ([`set_stay_awake`]), spinning and yielding its core, so that a call soon
//! after finds it running: on a virtual machine a parked thread starts 0.1-0.2 ms after
//! it is woken, and waking it costs the caller 30-50 us, a tenth of a 203-game call.
//! It parks at once by default: the core it would spin on is often one the caller needs
//! for its own work between calls (agents' networks).
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
//! ([`PerProcess`]), with nothing shared with its parent's; a job handed over is
//! never left waiting while the helper parks (the helper says it parks before it looks
//! for a job a last time, and a caller that finds it parked wakes it).

use crate::per_process::PerProcess;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::Thread;
use std::time::{Duration, Instant};

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
    /// Set when a job is put into `next`, cleared when the helper takes it out: the
    /// helper looks at this, not the lock, while it stays awake.
    handed_over: AtomicBool,
    /// Set from a job's hand-over until the helper has finished it.
    busy: AtomicBool,
    /// Set while the helper is parked or about to park: a caller then wakes it.
    parked: AtomicBool,
}

/// The helper thread of this process.
#[derive(Clone)]
struct Helper {
    thread: Thread,
    hand_over: Arc<HandOver>,
}

static HELPER: PerProcess<Helper> = PerProcess::new();

/// How long, in microseconds, the helper stays awake after a job before it parks.
static STAY_AWAKE_US: AtomicU64 = AtomicU64::new(0);

/// Sets how long the helper thread stays awake after each job, waiting for the next,
/// before it parks (0: it parks at once, the default); gives the previous setting. The
/// helper already parked is not woken by this.
pub(crate) fn set_stay_awake(after_job: Duration) -> Duration {
    let micros = u64::try_from(after_job.as_micros()).unwrap_or(u64::MAX);
    Duration::from_micros(STAY_AWAKE_US.swap(micros, Ordering::Relaxed))
}

/// Hands `job` to the helper thread and wakes it if it is parked. False (and the job is
/// not run) when the helper could not be started or is running another caller's job.
/// Call it with the GIL held (see [`PerProcess`]).
pub(crate) fn lend(job: Arc<dyn Job>) -> bool {
    let Ok(helper) = HELPER.get_or_start(start) else {
        return false;
    };
    let hand_over = &helper.hand_over;
    if hand_over.busy.swap(true, Ordering::AcqRel) {
        return false;
    }
    // The helper holds this lock only to take a job out.
    *hand_over
        .next
        .lock()
        .unwrap_or_else(PoisonError::into_inner) = Some(job);
    // Sequentially consistent with the helper's `parked` store and `handed_over` load:
    // either the helper sees this job before it parks, or this sees it parked.
    hand_over.handed_over.store(true, Ordering::SeqCst);
    if hand_over.parked.load(Ordering::SeqCst) {
        helper.thread.unpark();
    }
    true
}

impl HandOver {
    /// The job handed over, taken out, if there is one.
    fn take(&self) -> Option<Arc<dyn Job>> {
        if !self.handed_over.load(Ordering::SeqCst) {
            return None;
        }
        let job = self
            .next
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        self.handed_over.store(false, Ordering::SeqCst);
        job
    }

    /// The helper's loop: runs each job handed over, stays awake as long as it is told
    /// to after each, then parks until the next.
    fn serve(&self) {
        let mut awake_until = Instant::now();
        loop {
            if let Some(job) = self.take() {
                // A job catches its own panics; this keeps the helper alive if one does
                // not.
                let _ = catch_unwind(AssertUnwindSafe(|| job.run()));
                drop(job);
                self.busy.store(false, Ordering::Release);
                let stay = STAY_AWAKE_US.load(Ordering::Relaxed);
                awake_until = Instant::now() + Duration::from_micros(stay);
                continue;
            }
            if Instant::now() < awake_until {
                std::thread::yield_now();
                continue;
            }
            self.parked.store(true, Ordering::SeqCst);
            // A job handed over before `parked` was set is taken now; one handed over
            // after it comes with an unpark. An unpark before this park makes it return
            // at once; a spurious return only goes round the loop.
            if !self.handed_over.load(Ordering::SeqCst) {
                std::thread::park();
            }
            self.parked.store(false, Ordering::SeqCst);
        }
    }
}

/// Starts a helper thread (it serves until the process ends).
fn start() -> std::io::Result<Helper> {
    let hand_over = Arc::new(HandOver {
        parked: AtomicBool::new(true),
        ..HandOver::default()
    });
    let shared = hand_over.clone();
    let spawned = std::thread::Builder::new()
        .name("standoff-helper".into())
        .spawn(move || shared.serve());
    let thread = spawned?.thread().clone();
    Ok(Helper { thread, hand_over })
}
