//! A value started once per process and started again in a forked child: the batches'
//! threads (`pool`, `helper_thread`). A child forked from a process inherits the value
//! but not the threads behind it, so each value is tagged with the process that started
//! it.
//!
//! Invariants: an inherited value is forgotten, not dropped (dropping it could signal
//! or join threads this process does not have); the lock is taken only with the GIL
//! held, so `os.fork()` (which needs the GIL) never copies it locked.

use std::sync::{Mutex, PoisonError};

/// A `T` per process.
pub(crate) struct PerProcess<T>(Mutex<Option<(u32, T)>>);

impl<T: Clone> PerProcess<T> {
    /// None started yet.
    pub(crate) const fn new() -> Self {
        PerProcess(Mutex::new(None))
    }

    /// This process's value, started now by `start` if this process has none yet (a
    /// failed start is tried again on the next call). Call it with the GIL held.
    pub(crate) fn get_or_start<E>(&self, start: impl FnOnce() -> Result<T, E>) -> Result<T, E> {
        let mut slot = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let pid = std::process::id();
        if let Some((started_by, value)) = slot.as_ref() {
            if *started_by == pid {
                return Ok(value.clone());
            }
        }
        let value = start()?;
        if let Some((_, inherited)) = slot.replace((pid, value.clone())) {
            std::mem::forget(inherited);
        }
        Ok(value)
    }
}
