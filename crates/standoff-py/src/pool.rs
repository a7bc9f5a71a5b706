//! The rayon pool of the batch entry points (`adjudicate_many`, the native
//! `step_many`): one per process, built on first use with rayon's usual size (the cores,
//! or `RAYON_NUM_THREADS`), and built again in a forked child.
//!
//! Why not rayon's global pool: a child forked after the parent used it (Python's
//! `multiprocessing` forks on Linux) inherits the pool without its threads, and a batch
//! called there waited forever for them.
//!
//! Invariant: the lock is only taken with the GIL held, so `os.fork()` (which needs the
//! GIL) never copies it locked.

use pyo3::exceptions::PyRuntimeError;
use pyo3::PyResult;
use rayon::{ThreadPool, ThreadPoolBuilder};
use std::sync::{Arc, Mutex, PoisonError};

/// The pool and the process that built it.
static POOL: Mutex<Option<(u32, Arc<ThreadPool>)>> = Mutex::new(None);

/// This process's pool (built now if this process has none yet). Call it with the GIL
/// held.
pub(crate) fn pool() -> PyResult<Arc<ThreadPool>> {
    let mut slot = POOL.lock().unwrap_or_else(PoisonError::into_inner);
    let pid = std::process::id();
    if let Some((built_by, pool)) = slot.as_ref() {
        if *built_by == pid {
            return Ok(pool.clone());
        }
    }
    let pool = ThreadPoolBuilder::new()
        .thread_name(|i| format!("standoff-batch-{i}"))
        .build()
        .map_err(|e| PyRuntimeError::new_err(format!("could not start the batch threads: {e}")))?;
    let pool = Arc::new(pool);
    if let Some((_, inherited)) = slot.replace((pid, pool.clone())) {
        // A forked parent's pool: its threads are not in this process, so it is not
        // dropped (dropping would signal them).
        std::mem::forget(inherited);
    }
    Ok(pool)
}
