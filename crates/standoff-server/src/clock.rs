//! Time, passed in: the services ask a [`Clock`]; tests use a [`ManualClock`] and move it
//! forward instead of sleeping.

use chrono::{DateTime, Utc};
use std::sync::{Arc, Mutex};

/// The current time.
pub trait Clock: Send + Sync + 'static {
    /// Now.
    fn now(&self) -> DateTime<Utc>;

    /// Now, in milliseconds since 1970 (as stored).
    fn now_ms(&self) -> i64 {
        self.now().timestamp_millis()
    }
}

/// The system's clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// A clock that only moves when told (tests).
#[derive(Clone, Debug)]
pub struct ManualClock(Arc<Mutex<DateTime<Utc>>>);

impl ManualClock {
    /// A clock standing at `start`.
    pub fn new(start: DateTime<Utc>) -> ManualClock {
        ManualClock(Arc::new(Mutex::new(start)))
    }

    /// Moves the clock forward by `by`.
    pub fn advance(&self, by: chrono::Duration) {
        let mut now = self.0.lock().unwrap_or_else(|p| p.into_inner());
        *now += by;
    }

    /// Sets the clock.
    pub fn set(&self, to: DateTime<Utc>) {
        *self.0.lock().unwrap_or_else(|p| p.into_inner()) = to;
    }
}

impl Clock for ManualClock {
    fn now(&self) -> DateTime<Utc> {
        *self.0.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// Milliseconds since 1970 → a time (out-of-range values read as 1970).
pub fn from_ms(ms: i64) -> DateTime<Utc> {
    DateTime::from_timestamp_millis(ms).unwrap_or_default()
}
