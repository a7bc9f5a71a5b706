//! Persistence of the end of games: draw and concession votes (per phase, so they reset
//! when the phase changes), each finished game's result and per-power scores (kept per
//! player across games: the leaderboard), and the time left of a paused game's deadline.
//! One trait ([`ResultStorage`], a supertrait of `Storage`), one macro for both databases.

use super::StorageError;
use async_trait::async_trait;

/// A power's vote in one phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VoteRow {
    /// Power.
    pub power: String,
    /// For a draw.
    pub draw: bool,
    /// Conceding to this power.
    pub concede_to: Option<String>,
}

/// A finished game's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultRow {
    /// `victory`, `concession`, `draw`, `center_ranking`, `abandoned`.
    pub kind: String,
    /// The winner or the powers sharing the draw (JSON list).
    pub powers: String,
    /// When it was recorded (ms).
    pub finished_at: i64,
}

/// One power's score in a finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreRow {
    /// Power.
    pub power: String,
    /// Its player at the end, if it had one.
    pub account_id: Option<i64>,
    /// The player's name (read only; joined from `accounts`).
    pub username: Option<String>,
    /// Points.
    pub points: i64,
}

/// A leaderboard line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingRow {
    /// Account.
    pub account_id: i64,
    /// Its name.
    pub username: String,
    /// Rated games finished.
    pub games: i64,
    /// Total points.
    pub points: i64,
}

/// Results persistence.
#[async_trait]
pub trait ResultStorage: Send + Sync {
    /// Sets a power's vote for a phase (replacing its earlier vote in that phase).
    async fn set_vote(
        &self,
        game_id: i64,
        phase_no: i64,
        vote: &VoteRow,
    ) -> Result<(), StorageError>;
    /// The votes of a phase.
    async fn votes(&self, game_id: i64, phase_no: i64) -> Result<Vec<VoteRow>, StorageError>;
    /// Records a game's result and scores once: `false` (and nothing written) if the
    /// game already has a result.
    async fn record_result(
        &self,
        game_id: i64,
        result: &ResultRow,
        scores: &[ScoreRow],
    ) -> Result<bool, StorageError>;
    /// A game's result and scores.
    async fn result(
        &self,
        game_id: i64,
    ) -> Result<Option<(ResultRow, Vec<ScoreRow>)>, StorageError>;
    /// Players by total points, best first (rated games: abandoned games score 0 and
    /// are not counted).
    async fn leaderboard(&self, limit: i64) -> Result<Vec<StandingRow>, StorageError>;
    /// One account's line (`None` before its first rated game).
    async fn standing(&self, account_id: i64) -> Result<Option<StandingRow>, StorageError>;
    /// Remembers (or with `None` forgets) the time left of a paused game's deadline.
    async fn set_paused_remaining(
        &self,
        game_id: i64,
        remaining_ms: Option<i64>,
    ) -> Result<(), StorageError>;
    /// The time left remembered at the pause.
    async fn paused_remaining(&self, game_id: i64) -> Result<Option<i64>, StorageError>;
    /// Active games whose deadline falls in `(now, until]` and whose current phase has
    /// had no reminder yet: `(game id, phase number)`.
    async fn reminders_due(
        &self,
        now: i64,
        until: i64,
        limit: i64,
    ) -> Result<Vec<(i64, i64)>, StorageError>;
    /// Claims the reminder of a phase: `true` for exactly one caller (so several servers
    /// send it once).
    async fn claim_reminder(
        &self,
        game_id: i64,
        phase_no: i64,
        now: i64,
    ) -> Result<bool, StorageError>;
}

/// Implements [`ResultStorage`] for `$store` (with a `pool: sqlx::Pool<$db>` field).
macro_rules! impl_result_storage {
    ($store:ty, $db:ty, begin = $begin:literal) => {
        #[async_trait::async_trait]
        impl crate::storage::results::ResultStorage for $store {
            async fn set_vote(
                &self,
                game_id: i64,
                phase_no: i64,
                vote: &crate::storage::results::VoteRow,
            ) -> Result<(), crate::storage::StorageError> {
                sqlx::query(
                    "INSERT INTO votes (game_id, phase_no, power, draw, concede_to) \
                     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (game_id, phase_no, power) \
                     DO UPDATE SET draw = $4, concede_to = $5",
                )
                .bind(game_id)
                .bind(phase_no)
                .bind(&vote.power)
                .bind(vote.draw)
                .bind(&vote.concede_to)
                .execute(&self.pool)
                .await?;
                Ok(())
            }

            async fn votes(
                &self,
                game_id: i64,
                phase_no: i64,
            ) -> Result<Vec<crate::storage::results::VoteRow>, crate::storage::StorageError> {
                use sqlx::Row;
                let rows = sqlx::query(
                    "SELECT power, draw, concede_to FROM votes \
                     WHERE game_id = $1 AND phase_no = $2 ORDER BY power",
                )
                .bind(game_id)
                .bind(phase_no)
                .fetch_all(&self.pool)
                .await?;
                let mut out = Vec::with_capacity(rows.len());
                for r in rows {
                    out.push(crate::storage::results::VoteRow {
                        power: r.try_get("power")?,
                        draw: r.try_get("draw")?,
                        concede_to: r.try_get("concede_to")?,
                    });
                }
                Ok(out)
            }

            async fn record_result(
                &self,
                game_id: i64,
                result: &crate::storage::results::ResultRow,
                scores: &[crate::storage::results::ScoreRow],
            ) -> Result<bool, crate::storage::StorageError> {
                let mut tx = self.pool.begin_with($begin).await?;
                let inserted = sqlx::query(
                    "INSERT INTO game_results (game_id, kind, powers, finished_at) \
                     VALUES ($1, $2, $3, $4) ON CONFLICT (game_id) DO NOTHING",
                )
                .bind(game_id)
                .bind(&result.kind)
                .bind(&result.powers)
                .bind(result.finished_at)
                .execute(&mut *tx)
                .await?
                .rows_affected();
                if inserted == 0 {
                    tx.rollback().await?;
                    return Ok(false);
                }
                for score in scores {
                    sqlx::query(
                        "INSERT INTO scores (game_id, power, account_id, points) \
                         VALUES ($1, $2, $3, $4)",
                    )
                    .bind(game_id)
                    .bind(&score.power)
                    .bind(score.account_id)
                    .bind(score.points)
                    .execute(&mut *tx)
                    .await?;
                }
                tx.commit().await?;
                Ok(true)
            }

            async fn result(
                &self,
                game_id: i64,
            ) -> Result<
                Option<(
                    crate::storage::results::ResultRow,
                    Vec<crate::storage::results::ScoreRow>,
                )>,
                crate::storage::StorageError,
            > {
                use sqlx::Row;
                let Some(r) = sqlx::query(
                    "SELECT kind, powers, finished_at FROM game_results WHERE game_id = $1",
                )
                .bind(game_id)
                .fetch_optional(&self.pool)
                .await?
                else {
                    return Ok(None);
                };
                let result = crate::storage::results::ResultRow {
                    kind: r.try_get("kind")?,
                    powers: r.try_get("powers")?,
                    finished_at: r.try_get("finished_at")?,
                };
                let rows = sqlx::query(
                    "SELECT s.power, s.account_id, a.username, s.points FROM scores s \
                     LEFT JOIN accounts a ON a.id = s.account_id \
                     WHERE s.game_id = $1 ORDER BY s.power",
                )
                .bind(game_id)
                .fetch_all(&self.pool)
                .await?;
                let mut scores = Vec::with_capacity(rows.len());
                for r in rows {
                    scores.push(crate::storage::results::ScoreRow {
                        power: r.try_get("power")?,
                        account_id: r.try_get("account_id")?,
                        username: r.try_get("username")?,
                        points: r.try_get("points")?,
                    });
                }
                Ok(Some((result, scores)))
            }

            async fn leaderboard(
                &self,
                limit: i64,
            ) -> Result<Vec<crate::storage::results::StandingRow>, crate::storage::StorageError>
            {
                use sqlx::Row;
                let rows = sqlx::query(
                    "SELECT s.account_id, a.username, COUNT(*) AS games, CAST(SUM(s.points) AS BIGINT) AS points \
                     FROM scores s JOIN accounts a ON a.id = s.account_id \
                     JOIN game_results r ON r.game_id = s.game_id \
                     WHERE r.kind <> 'abandoned' \
                     GROUP BY s.account_id, a.username \
                     ORDER BY points DESC, games DESC, a.username LIMIT $1",
                )
                .bind(limit)
                .fetch_all(&self.pool)
                .await?;
                let mut out = Vec::with_capacity(rows.len());
                for r in rows {
                    out.push(crate::storage::results::StandingRow {
                        account_id: r.try_get("account_id")?,
                        username: r.try_get("username")?,
                        games: r.try_get("games")?,
                        points: r.try_get("points")?,
                    });
                }
                Ok(out)
            }

            async fn standing(
                &self,
                account_id: i64,
            ) -> Result<Option<crate::storage::results::StandingRow>, crate::storage::StorageError>
            {
                use sqlx::Row;
                let row = sqlx::query(
                    "SELECT s.account_id, a.username, COUNT(*) AS games, CAST(SUM(s.points) AS BIGINT) AS points \
                     FROM scores s JOIN accounts a ON a.id = s.account_id \
                     JOIN game_results r ON r.game_id = s.game_id \
                     WHERE r.kind <> 'abandoned' AND s.account_id = $1 \
                     GROUP BY s.account_id, a.username",
                )
                .bind(account_id)
                .fetch_optional(&self.pool)
                .await?;
                Ok(match row {
                    Some(r) => Some(crate::storage::results::StandingRow {
                        account_id: r.try_get("account_id")?,
                        username: r.try_get("username")?,
                        games: r.try_get("games")?,
                        points: r.try_get("points")?,
                    }),
                    None => None,
                })
            }

            async fn set_paused_remaining(
                &self,
                game_id: i64,
                remaining_ms: Option<i64>,
            ) -> Result<(), crate::storage::StorageError> {
                match remaining_ms {
                    Some(ms) => {
                        sqlx::query(
                            "INSERT INTO game_pauses (game_id, remaining_ms) VALUES ($1, $2) \
                             ON CONFLICT (game_id) DO UPDATE SET remaining_ms = $2",
                        )
                        .bind(game_id)
                        .bind(ms)
                        .execute(&self.pool)
                        .await?;
                    }
                    None => {
                        sqlx::query("DELETE FROM game_pauses WHERE game_id = $1")
                            .bind(game_id)
                            .execute(&self.pool)
                            .await?;
                    }
                }
                Ok(())
            }

            async fn paused_remaining(
                &self,
                game_id: i64,
            ) -> Result<Option<i64>, crate::storage::StorageError> {
                use sqlx::Row;
                let row = sqlx::query("SELECT remaining_ms FROM game_pauses WHERE game_id = $1")
                    .bind(game_id)
                    .fetch_optional(&self.pool)
                    .await?;
                Ok(match row {
                    Some(r) => Some(r.try_get("remaining_ms")?),
                    None => None,
                })
            }

            async fn reminders_due(
                &self,
                now: i64,
                until: i64,
                limit: i64,
            ) -> Result<Vec<(i64, i64)>, crate::storage::StorageError> {
                use sqlx::Row;
                let rows = sqlx::query(
                    "SELECT g.id, g.phase_no FROM games g WHERE g.status = 'active' \
                     AND g.deadline_at > $1 AND g.deadline_at <= $2 AND NOT EXISTS \
                     (SELECT 1 FROM reminders r WHERE r.game_id = g.id AND r.phase_no = g.phase_no) \
                     ORDER BY g.deadline_at LIMIT $3",
                )
                .bind(now)
                .bind(until)
                .bind(limit)
                .fetch_all(&self.pool)
                .await?;
                let mut out = Vec::with_capacity(rows.len());
                for r in rows {
                    out.push((r.try_get("id")?, r.try_get("phase_no")?));
                }
                Ok(out)
            }

            async fn claim_reminder(
                &self,
                game_id: i64,
                phase_no: i64,
                now: i64,
            ) -> Result<bool, crate::storage::StorageError> {
                let inserted = sqlx::query(
                    "INSERT INTO reminders (game_id, phase_no, sent_at) VALUES ($1, $2, $3) \
                     ON CONFLICT (game_id, phase_no) DO NOTHING",
                )
                .bind(game_id)
                .bind(phase_no)
                .bind(now)
                .execute(&self.pool)
                .await?
                .rows_affected();
                Ok(inserted == 1)
            }
        }
    };
}
pub(crate) use impl_result_storage;
