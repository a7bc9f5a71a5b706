//! Persistence of press (messages and what each account has read), as its own trait
//! ([`PressStorage`], a supertrait of `Storage`) implemented for both databases by one
//! macro with bound parameters only.

use super::StorageError;
use async_trait::async_trait;

/// A message to store.
#[derive(Clone, Debug)]
pub struct NewMessage {
    /// Game.
    pub game_id: i64,
    /// The phase number it is sent in.
    pub phase_no: i64,
    /// The phase's name.
    pub phase: String,
    /// The sending account.
    pub sender_id: i64,
    /// The sending power (`None`: the gamemaster).
    pub sender_power: Option<String>,
    /// A public announcement (or GM notice to everyone).
    pub to_all: bool,
    /// To the gamemaster only.
    pub to_gm: bool,
    /// The powers it is for (JSON list; empty when `to_all` or `to_gm`).
    pub recipients: String,
    /// The text.
    pub body: String,
    /// Sent (ms).
    pub sent_at: i64,
}

/// A stored message.
#[derive(Clone, Debug)]
pub struct MessageRow {
    /// Id (increasing).
    pub id: i64,
    /// Everything else as sent.
    pub message: NewMessage,
    /// The sender's name (joined from `accounts`).
    pub sender_name: String,
}

/// Press persistence.
#[async_trait]
pub trait PressStorage: Send + Sync {
    /// Stores a message; returns its id.
    async fn add_message(&self, message: &NewMessage) -> Result<i64, StorageError>;
    /// A game's messages with id greater than `after`, oldest first, at most `limit`.
    async fn messages_after(
        &self,
        game_id: i64,
        after: i64,
        limit: i64,
    ) -> Result<Vec<MessageRow>, StorageError>;
    /// The last message id the account has read in the game (0 if none).
    async fn last_read(&self, game_id: i64, account_id: i64) -> Result<i64, StorageError>;
    /// Records that the account has read up to `message_id` (never moves back).
    async fn mark_read(
        &self,
        game_id: i64,
        account_id: i64,
        message_id: i64,
    ) -> Result<(), StorageError>;
}

/// Implements [`PressStorage`] for `$store` (with a `pool: sqlx::Pool<$db>` field).
macro_rules! impl_press_storage {
    ($store:ty, $db:ty) => {
        #[async_trait::async_trait]
        impl crate::storage::press::PressStorage for $store {
            async fn add_message(
                &self,
                m: &crate::storage::press::NewMessage,
            ) -> Result<i64, crate::storage::StorageError> {
                use sqlx::Row;
                let row = sqlx::query(
                    "INSERT INTO messages (game_id, phase_no, phase, sender_id, sender_power, \
                     to_all, to_gm, recipients, body, sent_at) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
                )
                .bind(m.game_id)
                .bind(m.phase_no)
                .bind(&m.phase)
                .bind(m.sender_id)
                .bind(&m.sender_power)
                .bind(m.to_all)
                .bind(m.to_gm)
                .bind(&m.recipients)
                .bind(&m.body)
                .bind(m.sent_at)
                .fetch_one(&self.pool)
                .await?;
                Ok(row.try_get("id")?)
            }

            async fn messages_after(
                &self,
                game_id: i64,
                after: i64,
                limit: i64,
            ) -> Result<Vec<crate::storage::press::MessageRow>, crate::storage::StorageError> {
                use sqlx::Row;
                let rows = sqlx::query(
                    "SELECT m.id, m.game_id, m.phase_no, m.phase, m.sender_id, m.sender_power, \
                     m.to_all, m.to_gm, m.recipients, m.body, m.sent_at, a.username \
                     FROM messages m JOIN accounts a ON a.id = m.sender_id \
                     WHERE m.game_id = $1 AND m.id > $2 ORDER BY m.id LIMIT $3",
                )
                .bind(game_id)
                .bind(after)
                .bind(limit)
                .fetch_all(&self.pool)
                .await?;
                let mut out = Vec::with_capacity(rows.len());
                for r in rows {
                    out.push(crate::storage::press::MessageRow {
                        id: r.try_get("id")?,
                        sender_name: r.try_get("username")?,
                        message: crate::storage::press::NewMessage {
                            game_id: r.try_get("game_id")?,
                            phase_no: r.try_get("phase_no")?,
                            phase: r.try_get("phase")?,
                            sender_id: r.try_get("sender_id")?,
                            sender_power: r.try_get("sender_power")?,
                            to_all: r.try_get("to_all")?,
                            to_gm: r.try_get("to_gm")?,
                            recipients: r.try_get("recipients")?,
                            body: r.try_get("body")?,
                            sent_at: r.try_get("sent_at")?,
                        },
                    });
                }
                Ok(out)
            }

            async fn last_read(
                &self,
                game_id: i64,
                account_id: i64,
            ) -> Result<i64, crate::storage::StorageError> {
                use sqlx::Row;
                let row = sqlx::query(
                    "SELECT last_read FROM message_reads WHERE game_id = $1 AND account_id = $2",
                )
                .bind(game_id)
                .bind(account_id)
                .fetch_optional(&self.pool)
                .await?;
                Ok(match row {
                    Some(r) => r.try_get("last_read")?,
                    None => 0,
                })
            }

            async fn mark_read(
                &self,
                game_id: i64,
                account_id: i64,
                message_id: i64,
            ) -> Result<(), crate::storage::StorageError> {
                sqlx::query(
                    "INSERT INTO message_reads (game_id, account_id, last_read) VALUES ($1, $2, $3) \
                     ON CONFLICT (game_id, account_id) DO UPDATE SET last_read = $3 \
                     WHERE message_reads.last_read < $3",
                )
                .bind(game_id)
                .bind(account_id)
                .bind(message_id)
                .execute(&self.pool)
                .await?;
                Ok(())
            }
        }
    };
}
pub(crate) use impl_press_storage;
