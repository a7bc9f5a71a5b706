//! Game sessions kept between requests, so an order does not rebuild its game's core
//! [`Session`] (and, for an uploaded variant, reload the variant) from the stored JSON.
//!
//! An entry is keyed by game id and holds the exact stored state text it was built
//! from. A lookup compares that text with the state just read from the database (in
//! the request's own transaction when it changes the game), so a cached session is
//! used only when it is the session of the stored row: after another process (a second
//! server on the same PostgreSQL database) processes the phase, the text differs and
//! the session is rebuilt. A stale entry can therefore never accept an order for a
//! phase that has been processed. Comparing a few kilobytes costs far less than
//! parsing them.

use super::session_of;
use crate::http::ApiError;
use crate::storage::GameRow;
use standoff::session::Session;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Most games kept; beyond it the least recently used entry is dropped.
const DEFAULT_CAPACITY: usize = 2048;

struct Entry {
    /// The stored state text the session was built from.
    state: Arc<str>,
    session: Arc<Session>,
    last_used: u64,
}

#[derive(Default)]
struct Entries {
    by_game: HashMap<i64, Entry>,
    uses: u64,
}

/// Sessions by game id, checked against the stored state on every use.
pub struct SessionCache {
    entries: Mutex<Entries>,
    capacity: usize,
}

impl Default for SessionCache {
    fn default() -> Self {
        SessionCache::with_capacity(DEFAULT_CAPACITY)
    }
}

impl SessionCache {
    /// A cache of at most `capacity` games (at least one).
    pub fn with_capacity(capacity: usize) -> SessionCache {
        SessionCache {
            entries: Mutex::new(Entries::default()),
            capacity: capacity.max(1),
        }
    }

    /// The session of `game` as stored (no submissions pending): the cached one when
    /// it was built from exactly `game.state`, else built now and kept.
    pub fn session(&self, game: &GameRow) -> Result<Session, ApiError> {
        if let Some(found) = self.lookup(game.id, &game.state) {
            return Ok((*found).clone());
        }
        let session = session_of(game)?;
        self.keep(game.id, &game.state, &session);
        Ok(session)
    }

    /// A game's variant: the shared built-in, or the one its (cached) session holds.
    pub fn variant(&self, game: &GameRow) -> Result<Arc<standoff::Variant>, ApiError> {
        match standoff::variant::builtin_arc(&game.variant) {
            Ok(variant) => Ok(variant),
            Err(_) => Ok(self.session(game)?.variant().clone()),
        }
    }

    /// Keeps `session`, built from the stored state `state` with no submissions
    /// pending, as the session of game `id`.
    fn keep(&self, id: i64, state: &str, session: &Session) {
        let entry_session = Arc::new(session.clone());
        let Ok(mut entries) = self.entries.lock() else {
            return;
        };
        entries.uses += 1;
        let last_used = entries.uses;
        if entries.by_game.len() >= self.capacity && !entries.by_game.contains_key(&id) {
            let oldest = entries
                .by_game
                .iter()
                .min_by_key(|(_, e)| e.last_used)
                .map(|(&k, _)| k);
            if let Some(k) = oldest {
                entries.by_game.remove(&k);
            }
        }
        entries.by_game.insert(
            id,
            Entry {
                state: Arc::from(state),
                session: entry_session,
                last_used,
            },
        );
    }

    /// Forgets game `id` (e.g. after it changed in a way the state text does not show).
    pub fn forget(&self, id: i64) {
        if let Ok(mut entries) = self.entries.lock() {
            entries.by_game.remove(&id);
        }
    }

    /// How many games are kept.
    pub fn len(&self) -> usize {
        self.entries.lock().map(|e| e.by_game.len()).unwrap_or(0)
    }

    /// Whether no game is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lookup(&self, id: i64, state: &str) -> Option<Arc<Session>> {
        let mut entries = self.entries.lock().ok()?;
        entries.uses += 1;
        let now = entries.uses;
        let entry = entries.by_game.get_mut(&id)?;
        if *entry.state != *state {
            return None;
        }
        entry.last_used = now;
        Some(entry.session.clone())
    }
}
