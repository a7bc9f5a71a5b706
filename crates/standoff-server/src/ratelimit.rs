//! The sign-in rate limit: at most N failed sign-ins per (username, client address)
//! within a window; further attempts are refused (429) until old failures age out.
//! Kept in memory per server process (a restart forgets it; several servers behind a
//! load balancer each count their own).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Duration;

/// Failed sign-ins per (username, address).
#[derive(Debug)]
pub struct SignInLimiter {
    attempts: usize,
    window_ms: i64,
    failures: Mutex<HashMap<(String, IpAddr), Vec<i64>>>,
}

impl SignInLimiter {
    /// `attempts` failures allowed per `window`.
    pub fn new(attempts: usize, window: Duration) -> SignInLimiter {
        SignInLimiter {
            attempts,
            window_ms: i64::try_from(window.as_millis()).unwrap_or(i64::MAX),
            failures: Mutex::new(HashMap::new()),
        }
    }

    /// Whether another attempt is allowed at `now` (ms).
    pub fn allowed(&self, username: &str, ip: IpAddr, now: i64) -> bool {
        let mut map = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        let key = (username.to_lowercase(), ip);
        match map.get_mut(&key) {
            Some(list) => {
                list.retain(|&t| now - t < self.window_ms);
                list.len() < self.attempts
            }
            None => true,
        }
    }

    /// Records a failure.
    pub fn failed(&self, username: &str, ip: IpAddr, now: i64) {
        let mut map = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        if map.len() > 100_000 {
            // Bounded memory: forget everything older than the window.
            let window = self.window_ms;
            map.retain(|_, list| list.iter().any(|&t| now - t < window));
        }
        map.entry((username.to_lowercase(), ip))
            .or_default()
            .push(now);
    }

    /// Forgets the failures after a successful sign-in.
    pub fn succeeded(&self, username: &str, ip: IpAddr) {
        let mut map = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        map.remove(&(username.to_lowercase(), ip));
    }
}
