//! The PostgreSQL storage: several servers may share one database; a game's row is
//! held `FOR UPDATE` while it changes, and the scheduler skips rows another server
//! holds (`SKIP LOCKED`).

use sqlx::postgres::PgPoolOptions;

mod aux;

/// PostgreSQL through sqlx.
#[derive(Clone, Debug)]
pub struct PgStorage {
    pool: sqlx::PgPool,
}

impl PgStorage {
    /// Connects to `url` (`postgres://...`).
    pub async fn connect(url: &str) -> Result<PgStorage, super::StorageError> {
        let pool = PgPoolOptions::new()
            .max_connections(16)
            .connect(url)
            .await?;
        Ok(PgStorage { pool })
    }

    /// PostgreSQL queues writers on row locks; nothing to hold here.
    async fn write_guard(&self) -> Option<tokio::sync::MutexGuard<'_, ()>> {
        None
    }
}

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

crate::storage::sql::impl_storage!(
    PgStorage,
    sqlx::Postgres,
    MIGRATOR,
    begin = "BEGIN",
    lock = " FOR UPDATE",
    lock_skip = " FOR UPDATE SKIP LOCKED",
    lock_share = " FOR SHARE"
);
