//! The SQLite storage: one file, WAL journal with `synchronous=FULL` (a committed write
//! survives a crash or power loss), write transactions begun `IMMEDIATE` so writers
//! queue on the busy timeout instead of failing.

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use std::str::FromStr;
use std::time::Duration;

mod aux;

/// SQLite through sqlx.
#[derive(Clone, Debug)]
pub struct SqliteStorage {
    pool: sqlx::SqlitePool,
    /// Writers of this process queue here rather than in SQLite's busy handler (which
    /// polls with growing sleeps and makes latency spiky); other processes on the same
    /// file are still kept out by `BEGIN IMMEDIATE`.
    writes: std::sync::Arc<tokio::sync::Mutex<()>>,
}

impl SqliteStorage {
    /// Opens (creating if missing) the database at `url` (`sqlite://PATH`, or a path).
    pub async fn connect(url: &str) -> Result<SqliteStorage, super::StorageError> {
        let options = if url.starts_with("sqlite:") {
            SqliteConnectOptions::from_str(url)?
        } else {
            SqliteConnectOptions::new().filename(url)
        };
        let options = options
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .busy_timeout(Duration::from_secs(30))
            .foreign_keys(true);
        let pool = SqlitePoolOptions::new()
            .max_connections(8)
            .connect_with(options)
            .await?;
        Ok(SqliteStorage {
            pool,
            writes: Default::default(),
        })
    }

    /// Held for the length of a write transaction.
    async fn write_guard(&self) -> Option<tokio::sync::MutexGuard<'_, ()>> {
        Some(self.writes.lock().await)
    }
}

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");

crate::storage::sql::impl_storage!(
    SqliteStorage,
    sqlx::Sqlite,
    MIGRATOR,
    begin = "BEGIN IMMEDIATE",
    lock = "",
    lock_skip = ""
);
