//! Bearer tokens recently seen, so a bot's every request does not look its token up in
//! the database. An entry lives [`TOKEN_TTL`] at most; the judge never changes an
//! account's row nor revokes a token today, so a cached answer is the stored one (were
//! revocation added, another server would honour a revoked token for up to the TTL).
//! Session cookies are never cached: signing out must end them at once everywhere.

use crate::storage::AccountRow;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long a looked-up token is trusted without asking the database again.
pub const TOKEN_TTL: Duration = Duration::from_secs(10);
/// Most tokens kept (beyond it the cache is emptied and refills).
const CAPACITY: usize = 10_000;

/// Token hash → account, with when it was read.
#[derive(Default)]
pub struct TokenCache {
    entries: Mutex<HashMap<String, (AccountRow, Instant)>>,
}

impl TokenCache {
    /// The account of the token with this hash, if read less than [`TOKEN_TTL`] ago.
    pub fn get(&self, token_hash: &str) -> Option<AccountRow> {
        let entries = self.entries.lock().ok()?;
        let (account, read_at) = entries.get(token_hash)?;
        (read_at.elapsed() < TOKEN_TTL).then(|| account.clone())
    }

    /// Remembers the account of a token just read from the database.
    pub fn put(&self, token_hash: &str, account: &AccountRow) {
        let Ok(mut entries) = self.entries.lock() else {
            return;
        };
        if entries.len() >= CAPACITY {
            entries.retain(|_, (_, read_at)| read_at.elapsed() < TOKEN_TTL);
            if entries.len() >= CAPACITY {
                entries.clear();
            }
        }
        entries.insert(token_hash.to_string(), (account.clone(), Instant::now()));
    }
}
