//! The rayon pool of the batch entry points (`adjudicate_many`, the native
//! `step_many`): one per process ([`PerProcess`]), built on first use with rayon's usual
//! size (the cores, or `RAYON_NUM_THREADS`), and built again in a forked child.
//!
//! Why not rayon's global pool: a child forked after the parent used it (Python's
//! `multiprocessing` forks on Linux) inherits the pool without its threads, and a batch
//! called there waited forever for them.

use crate::per_process::PerProcess;
use pyo3::exceptions::PyRuntimeError;
use pyo3::PyResult;
use rayon::{ThreadPool, ThreadPoolBuilder};
use std::sync::Arc;

static POOL: PerProcess<Arc<ThreadPool>> = PerProcess::new();

/// This process's pool (built now if this process has none yet). Call it with the GIL
/// held.
pub(crate) fn pool() -> PyResult<Arc<ThreadPool>> {
    POOL.get_or_start(|| {
        ThreadPoolBuilder::new()
            .thread_name(|i| format!("standoff-batch-{i}"))
            .build()
            .map(Arc::new)
            .map_err(|e| PyRuntimeError::new_err(format!("could not start the batch threads: {e}")))
    })
}
