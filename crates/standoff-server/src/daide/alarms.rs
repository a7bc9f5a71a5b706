//! A connection's `TME (seconds)` requests (syntax document, "Deadlines"): which are
//! due when, once per deadline. Pure: the deadline and the time are passed in (the hub
//! reads them from storage and the server's clock).

use std::collections::BTreeSet;

/// One connection's `TME (seconds)` requests: a `TME` notice is sent when that many
/// seconds are left before the deadline, every turn.
#[derive(Clone, Debug, Default)]
pub struct Alarms {
    /// The seconds asked for.
    pub requested: BTreeSet<i32>,
    /// The deadline (ms) they are armed for.
    pub deadline: Option<i64>,
    /// The requests sent for that deadline, or already past when it was armed.
    pub fired: BTreeSet<i32>,
}

impl Alarms {
    /// When request `n` is due before `deadline` (ms).
    fn due_at(deadline: i64, n: i32) -> i64 {
        deadline.saturating_sub(i64::from(n) * 1000)
    }

    /// Arms every request for `deadline`: those already past at `now` wait for the next
    /// turn.
    pub fn arm(&mut self, deadline: Option<i64>, now: i64) {
        self.deadline = deadline;
        self.fired = match deadline {
            Some(d) => self
                .requested
                .iter()
                .copied()
                .filter(|n| Alarms::due_at(d, *n) <= now)
                .collect(),
            None => BTreeSet::new(),
        };
    }

    /// Adds request `n` (armed for `deadline`: past at `now`, it waits for the next turn).
    pub fn request(&mut self, n: i32, deadline: Option<i64>, now: i64) {
        self.requested.insert(n);
        if self.deadline != deadline {
            self.arm(deadline, now);
        } else if deadline.is_some_and(|d| Alarms::due_at(d, n) <= now) {
            self.fired.insert(n);
        }
    }

    /// Whether a request falls due at `now` before `deadline` (each once per deadline;
    /// a new deadline re-arms them all).
    pub fn ring(&mut self, deadline: Option<i64>, now: i64) -> bool {
        if self.deadline != deadline {
            self.arm(deadline, now);
            return false;
        }
        let Some(d) = deadline else {
            return false;
        };
        let due: Vec<i32> = self
            .requested
            .iter()
            .copied()
            .filter(|n| !self.fired.contains(n) && Alarms::due_at(d, *n) <= now)
            .collect();
        self.fired.extend(&due);
        !due.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const D: i64 = 1_000_000;

    #[test]
    fn a_request_rings_once_when_its_time_comes_and_again_next_turn() {
        let mut a = Alarms::default();
        a.request(60, Some(D), D - 100_000);
        assert!(!a.ring(Some(D), D - 61_000));
        assert!(a.ring(Some(D), D - 60_000));
        assert!(!a.ring(Some(D), D - 30_000), "once per deadline");
        // A new deadline re-arms it.
        let next = D + 500_000;
        assert!(!a.ring(Some(next), D + 1));
        assert!(a.ring(Some(next), next - 59_000));
    }

    #[test]
    fn a_request_already_past_waits_for_the_next_turn() {
        let mut a = Alarms::default();
        a.request(60, Some(D), D - 10_000);
        assert!(!a.ring(Some(D), D - 5_000));
        a.arm(Some(D + 300_000), D);
        assert!(a.ring(Some(D + 300_000), D + 240_000));
    }

    #[test]
    fn no_deadline_never_rings() {
        let mut a = Alarms::default();
        a.request(0, None, D);
        assert!(!a.ring(None, D));
        assert!(!a.ring(None, D + 1_000_000));
    }
}
