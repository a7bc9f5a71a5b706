//! Persistence of the DAIDE seats (which bot account plays which power of a game, and
//! the hash of its IAM passcode), as its own trait ([`DaideStorage`], a supertrait of
//! `Storage`) implemented for both databases by one macro with bound parameters only.
//! Kept so a bot can take its seat back with IAM after the server restarts.

use super::StorageError;
use async_trait::async_trait;

/// A power of a game played by a DAIDE bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DaideSeatRow {
    /// Game.
    pub game_id: i64,
    /// The power's name.
    pub power: String,
    /// The bot's account.
    pub account_id: i64,
    /// The stored form of the seat's passcode (never the passcode itself).
    pub passcode_hash: String,
    /// The bot's name (NME).
    pub bot_name: String,
    /// The bot's version (NME).
    pub bot_version: String,
}

/// DAIDE seat persistence.
#[async_trait]
pub trait DaideStorage: Send + Sync {
    /// Stores seats (replacing a game's seat for the same power).
    async fn put_daide_seats(&self, seats: &[DaideSeatRow]) -> Result<(), StorageError>;
    /// The seats of games not finished whose passcode hash is `passcode_hash`.
    async fn daide_seats_by_passcode(
        &self,
        passcode_hash: &str,
    ) -> Result<Vec<DaideSeatRow>, StorageError>;
    /// A game's seats, by power name.
    async fn daide_seats(&self, game_id: i64) -> Result<Vec<DaideSeatRow>, StorageError>;
    /// Started games (active or paused, not finished) with DAIDE seats, oldest first.
    async fn daide_started_games(&self) -> Result<Vec<i64>, StorageError>;
}

/// Implements [`DaideStorage`] for `$store` (with a `pool: sqlx::Pool<$db>` field).
macro_rules! impl_daide_storage {
    ($store:ty, $db:ty, begin = $begin:literal) => {
        #[async_trait::async_trait]
        impl crate::storage::daide::DaideStorage for $store {
            async fn put_daide_seats(
                &self,
                seats: &[crate::storage::daide::DaideSeatRow],
            ) -> Result<(), crate::storage::StorageError> {
                let _writing = self.write_guard().await;
                let mut tx = self.pool.begin_with($begin).await?;
                for s in seats {
                    sqlx::query(
                        "INSERT INTO daide_seats (game_id, power, account_id, passcode_hash, \
                         bot_name, bot_version) VALUES ($1, $2, $3, $4, $5, $6) \
                         ON CONFLICT (game_id, power) DO UPDATE SET account_id = $3, \
                         passcode_hash = $4, bot_name = $5, bot_version = $6",
                    )
                    .bind(s.game_id)
                    .bind(&s.power)
                    .bind(s.account_id)
                    .bind(&s.passcode_hash)
                    .bind(&s.bot_name)
                    .bind(&s.bot_version)
                    .execute(&mut *tx)
                    .await?;
                }
                tx.commit().await?;
                Ok(())
            }

            async fn daide_seats_by_passcode(
                &self,
                passcode_hash: &str,
            ) -> Result<Vec<crate::storage::daide::DaideSeatRow>, crate::storage::StorageError>
            {
                let rows = sqlx::query(
                    "SELECT s.game_id, s.power, s.account_id, s.passcode_hash, s.bot_name, \
                     s.bot_version FROM daide_seats s JOIN games g ON g.id = s.game_id \
                     WHERE s.passcode_hash = $1 AND g.status <> 'finished' \
                     ORDER BY s.game_id, s.power",
                )
                .bind(passcode_hash)
                .fetch_all(&self.pool)
                .await?;
                rows.iter().map(daide_seat_row).collect()
            }

            async fn daide_seats(
                &self,
                game_id: i64,
            ) -> Result<Vec<crate::storage::daide::DaideSeatRow>, crate::storage::StorageError>
            {
                let rows = sqlx::query(
                    "SELECT game_id, power, account_id, passcode_hash, bot_name, bot_version \
                     FROM daide_seats WHERE game_id = $1 ORDER BY power",
                )
                .bind(game_id)
                .fetch_all(&self.pool)
                .await?;
                rows.iter().map(daide_seat_row).collect()
            }

            async fn daide_started_games(&self) -> Result<Vec<i64>, crate::storage::StorageError> {
                use sqlx::Row;
                let rows = sqlx::query(
                    "SELECT DISTINCT s.game_id FROM daide_seats s JOIN games g ON g.id = s.game_id \
                     WHERE g.status IN ('active', 'paused') ORDER BY s.game_id",
                )
                .fetch_all(&self.pool)
                .await?;
                let mut out = Vec::with_capacity(rows.len());
                for r in rows {
                    out.push(r.try_get("game_id")?);
                }
                Ok(out)
            }
        }

        fn daide_seat_row(
            r: &<$db as sqlx::Database>::Row,
        ) -> Result<crate::storage::daide::DaideSeatRow, crate::storage::StorageError> {
            use sqlx::Row;
            Ok(crate::storage::daide::DaideSeatRow {
                game_id: r.try_get("game_id")?,
                power: r.try_get("power")?,
                account_id: r.try_get("account_id")?,
                passcode_hash: r.try_get("passcode_hash")?,
                bot_name: r.try_get("bot_name")?,
                bot_version: r.try_get("bot_version")?,
            })
        }
    };
}
pub(crate) use impl_daide_storage;
