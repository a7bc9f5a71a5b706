//! The SQLite storage: one file, WAL journal, write transactions begun `IMMEDIATE` so
//! writers queue on the busy timeout instead of failing.
//!
//! Durability: by default `synchronous=NORMAL`. In WAL mode a commit is then written to
//! the WAL file before it returns but not fsynced: it survives the server process
//! being killed at any moment (`kill -9`; the operating system still has the write),
//! and the database is never corrupted, but a power cut or an operating-system crash
//! may lose the last commits. `sqlite://PATH?synchronous=full` fsyncs the WAL at every
//! commit instead (survives power loss; each order then waits for the disk, a few
//! milliseconds, and orders are serialized behind it).

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
        let (url, synchronous) = synchronous_option(url)?;
        let options = if url.starts_with("sqlite:") {
            SqliteConnectOptions::from_str(&url)?
        } else {
            SqliteConnectOptions::new().filename(&url)
        };
        let options = options
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(synchronous)
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

/// Takes the judge's own `synchronous=full|normal` parameter out of a SQLite URL (sqlx
/// refuses parameters it does not know); `normal` when it is not given.
fn synchronous_option(url: &str) -> Result<(String, SqliteSynchronous), sqlx::Error> {
    let Some((path, query)) = url.split_once('?') else {
        return Ok((url.to_string(), SqliteSynchronous::Normal));
    };
    let mut synchronous = SqliteSynchronous::Normal;
    let mut kept = Vec::new();
    for pair in query.split('&') {
        match pair.split_once('=') {
            Some(("synchronous", value)) => {
                synchronous = match value.to_ascii_lowercase().as_str() {
                    "full" => SqliteSynchronous::Full,
                    "normal" => SqliteSynchronous::Normal,
                    other => {
                        return Err(sqlx::Error::Configuration(
                            format!("synchronous={other}: use `full` or `normal`").into(),
                        ))
                    }
                }
            }
            _ => kept.push(pair),
        }
    }
    let url = if kept.is_empty() {
        path.to_string()
    } else {
        format!("{path}?{}", kept.join("&"))
    };
    Ok((url, synchronous))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn synchronous_parameter_is_taken_out_of_the_url() {
        let (url, s) = synchronous_option("sqlite://a.db").expect("no parameter");
        assert_eq!(url, "sqlite://a.db");
        assert!(matches!(s, SqliteSynchronous::Normal));
        let (url, s) = synchronous_option("sqlite://a.db?synchronous=full&mode=rwc").expect("full");
        assert_eq!(url, "sqlite://a.db?mode=rwc");
        assert!(matches!(s, SqliteSynchronous::Full));
        assert!(synchronous_option("sqlite://a.db?synchronous=off").is_err());
    }
}

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");

crate::storage::sql::impl_storage!(
    SqliteStorage,
    sqlx::Sqlite,
    MIGRATOR,
    begin = "BEGIN IMMEDIATE",
    lock = "",
    lock_skip = "",
    lock_share = ""
);
