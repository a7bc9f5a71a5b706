//! The rayon pool of the batch entry points (`adjudicate_many`, the native
//! `step_many` on more than two cores): one per process ([`PerProcess`]), built on first
//! use with rayon's usual size (the cores, or `RAYON_NUM_THREADS` / `RAYON_RS_NUM_CPUS`
//! as rayon reads them), and built again in a forked child; that size without building
//! the pool ([`thread_count`], for the `step_many`s, which on two use the helper thread);
//! and how a batch shares its items between the calling thread and the pool
//! ([`map_shared`]).
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

/// The threads this process's pool has or would have, without starting it: the count
/// rayon (1.13) gives a pool built without one, read once (finding the cores opens and
/// reads files of /proc and the cgroup, 17 us a call on the build machine; read on each
/// call, it took `step_many` from 1.6-1.8x the `process()` loop down to 1.3x there, more
/// than those microseconds alone).
pub(crate) fn thread_count() -> usize {
    static COUNT: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *COUNT.get_or_init(|| {
        let number = |name: &str| {
            std::env::var(name)
                .ok()
                .and_then(|v| v.parse::<usize>().ok())
        };
        let cores = || std::thread::available_parallelism().map_or(1, |n| n.get());
        // As rayon reads them: `RAYON_NUM_THREADS` (0: the cores), else the deprecated
        // `RAYON_RS_NUM_CPUS` when it is a positive number, else the cores.
        match number("RAYON_NUM_THREADS") {
            Some(0) => cores(),
            Some(n) => n,
            None => number("RAYON_RS_NUM_CPUS")
                .filter(|&n| n > 0)
                .unwrap_or_else(cores),
        }
    })
}

/// Items a batch has yet to map, in chunks, each with the slots of its results, handed
/// out one chunk at a time to the threads taking part.
type Queue<'a, T, R> = std::sync::Mutex<
    std::iter::Zip<std::slice::ChunksMut<'a, T>, std::slice::ChunksMut<'a, Option<R>>>,
>;

/// `f` of every item, in the items' order, the calling thread taking part: it and up to
/// `pool.current_num_threads() - 1` of the pool's threads take chunks of `chunk` items
/// from one queue until none is left. The calling thread starts at once, so a pool
/// thread that wakes late (this machine's idle cores take up to milliseconds) costs
/// only its share; a batch of one chunk runs on the calling thread alone (no thread
/// woken). Every slot is `Some` on return.
pub(crate) fn map_shared<T: Send, R: Send>(
    pool: &ThreadPool,
    items: &mut [T],
    chunk: usize,
    f: impl Fn(&mut T) -> R + Sync,
) -> Vec<Option<R>> {
    let chunk = chunk.max(1);
    let mut out: Vec<Option<R>> = Vec::new();
    out.resize_with(items.len(), || None);
    let helpers = pool
        .current_num_threads()
        .saturating_sub(1)
        .min(items.len().div_ceil(chunk).saturating_sub(1));
    let queue: Queue<'_, T, R> =
        std::sync::Mutex::new(items.chunks_mut(chunk).zip(out.chunks_mut(chunk)));
    let drain = || loop {
        let next = queue
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .next();
        let Some((items, slots)) = next else { break };
        for (item, slot) in items.iter_mut().zip(slots) {
            *slot = Some(f(item));
        }
    };
    pool.in_place_scope(|scope| {
        for _ in 0..helpers {
            scope.spawn(|_| drain());
        }
        drain();
    });
    out
}
