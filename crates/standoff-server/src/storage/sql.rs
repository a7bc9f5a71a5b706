//! The SQL both databases run (PostgreSQL syntax with `$N` parameters, which SQLite
//! reads too), as a macro implementing [`super::Storage`] for a pool type. Only bound
//! parameters: no value is ever pasted into SQL text.

/// The columns of a game row, in [`game_row`]'s order.
macro_rules! game_columns {
    () => {
        "SELECT id, name, variant, gm_id, status, private, invite_code, settings, state, \
         phase_no, phase, deadline_at, grace_used, created_at FROM games"
    };
}
pub(crate) use game_columns;

/// Implements `Storage` for `$store` (with a `pool: sqlx::Pool<$db>` field).
/// `$begin` starts a write transaction; `$lock` / `$lock_skip` / `$lock_share` end the
/// statement that reads the game row in `change_game` / `change_submissions`.
macro_rules! impl_storage {
    ($store:ty, $db:ty, $migrator:expr, begin = $begin:literal, lock = $lock:literal, lock_skip = $lock_skip:literal, lock_share = $lock_share:literal) => {
        use crate::storage::sql::game_columns;
        use crate::storage::{
            AccountRow, ChangeFn, Changed, GameRow, GameSnapshot, NewGame, PhaseRow, PlayerRow,
            Storage, StorageError, SubmissionRow, VariantUploadRow,
        };
        use sqlx::Row;

        type DbRow = <$db as sqlx::Database>::Row;

        fn account_row(r: &DbRow) -> Result<AccountRow, sqlx::Error> {
            Ok(AccountRow {
                id: r.try_get("id")?,
                username: r.try_get("username")?,
                password_hash: r.try_get("password_hash")?,
                email: r.try_get("email")?,
                is_admin: r.try_get("is_admin")?,
            })
        }

        fn game_row(r: &DbRow) -> Result<GameRow, sqlx::Error> {
            Ok(GameRow {
                id: r.try_get("id")?,
                name: r.try_get("name")?,
                variant: r.try_get("variant")?,
                gm_id: r.try_get("gm_id")?,
                status: r.try_get("status")?,
                private: r.try_get("private")?,
                invite_code: r.try_get("invite_code")?,
                settings: r.try_get("settings")?,
                state: r.try_get("state")?,
                phase_no: r.try_get("phase_no")?,
                phase: r.try_get("phase")?,
                deadline_at: r.try_get("deadline_at")?,
                grace_used: r.try_get("grace_used")?,
                created_at: r.try_get("created_at")?,
            })
        }

        fn player_row(r: &DbRow) -> Result<PlayerRow, sqlx::Error> {
            Ok(PlayerRow {
                game_id: r.try_get("game_id")?,
                account_id: r.try_get("account_id")?,
                username: r.try_get("username")?,
                power: r.try_get("power")?,
                preferences: r.try_get("preferences")?,
                joined_at: r.try_get("joined_at")?,
            })
        }

        fn submission_row(r: &DbRow) -> Result<SubmissionRow, sqlx::Error> {
            Ok(SubmissionRow {
                phase_no: r.try_get("phase_no")?,
                power: r.try_get("power")?,
                lines: r.try_get("lines")?,
                ready: r.try_get("ready")?,
                updated_at: r.try_get("updated_at")?,
            })
        }

        fn phase_row(r: &DbRow) -> Result<PhaseRow, sqlx::Error> {
            Ok(PhaseRow {
                phase_no: r.try_get("phase_no")?,
                phase: r.try_get("phase")?,
                position: r.try_get("position")?,
                orders: r.try_get("orders")?,
                submitted: r.try_get("submitted")?,
                report: r.try_get("report")?,
                processed_at: r.try_get("processed_at")?,
            })
        }

        fn duplicate(e: sqlx::Error) -> StorageError {
            match &e {
                sqlx::Error::Database(d) if d.is_unique_violation() => StorageError::Duplicate,
                _ => StorageError::Database(e),
            }
        }

        const PLAYERS: &str = "SELECT p.game_id, p.account_id, a.username, p.power, \
             p.preferences, p.joined_at FROM players p JOIN accounts a ON a.id = p.account_id \
             WHERE p.game_id = $1 ORDER BY p.joined_at, p.account_id";
        const SUBMISSIONS: &str = "SELECT phase_no, power, lines, ready, updated_at \
             FROM submissions WHERE game_id = $1 AND phase_no = $2 ORDER BY power";

        #[async_trait::async_trait]
        impl Storage for $store {
            async fn migrate(&self) -> Result<(), StorageError> {
                $migrator.run(&self.pool).await?;
                Ok(())
            }

            async fn create_account(
                &self,
                username: &str,
                password_hash: &str,
                email: Option<&str>,
                admin_name: Option<&str>,
                now: i64,
            ) -> Result<AccountRow, StorageError> {
                let _writing = self.write_guard().await;
                let mut tx = self.pool.begin_with($begin).await?;
                let named_admin = admin_name == Some(username);
                let row = sqlx::query(
                    "INSERT INTO accounts (username, password_hash, email, is_admin, created_at) \
                     VALUES ($1, $2, $3, $4, $5) \
                     RETURNING id, username, password_hash, email, is_admin",
                )
                .bind(username)
                .bind(password_hash)
                .bind(email)
                .bind(named_admin)
                .bind(now)
                .fetch_one(&mut *tx)
                .await
                .map_err(duplicate)?;
                let mut account = account_row(&row)?;
                // The first account claims the one row of `first_account`; a sign-up
                // racing it waits on that row's key and then claims nothing.
                let claimed = sqlx::query(
                    "INSERT INTO first_account (id, account_id) VALUES (1, $1) \
                     ON CONFLICT (id) DO NOTHING",
                )
                .bind(account.id)
                .execute(&mut *tx)
                .await?
                .rows_affected()
                    == 1;
                if claimed && !account.is_admin {
                    sqlx::query("UPDATE accounts SET is_admin = TRUE WHERE id = $1")
                        .bind(account.id)
                        .execute(&mut *tx)
                        .await?;
                    account.is_admin = true;
                }
                tx.commit().await?;
                Ok(account)
            }

            async fn account_by_name(
                &self,
                username: &str,
            ) -> Result<Option<AccountRow>, StorageError> {
                let q = concat!("SELECT id, username, password_hash, email, is_admin FROM accounts", " WHERE username = $1");
                let row = sqlx::query(q).bind(username).fetch_optional(&self.pool).await?;
                Ok(row.as_ref().map(account_row).transpose()?)
            }

            async fn account_by_id(&self, id: i64) -> Result<Option<AccountRow>, StorageError> {
                let q = concat!("SELECT id, username, password_hash, email, is_admin FROM accounts", " WHERE id = $1");
                let row = sqlx::query(q).bind(id).fetch_optional(&self.pool).await?;
                Ok(row.as_ref().map(account_row).transpose()?)
            }

            async fn create_session(
                &self,
                token_hash: &str,
                account_id: i64,
                csrf_token: &str,
                expires_at: i64,
            ) -> Result<(), StorageError> {
                sqlx::query(
                    "INSERT INTO sessions (token_hash, account_id, csrf_token, expires_at) \
                     VALUES ($1, $2, $3, $4)",
                )
                .bind(token_hash)
                .bind(account_id)
                .bind(csrf_token)
                .bind(expires_at)
                .execute(&self.pool)
                .await?;
                Ok(())
            }

            async fn session(
                &self,
                token_hash: &str,
                now: i64,
            ) -> Result<Option<(AccountRow, String)>, StorageError> {
                let row = sqlx::query(
                    "SELECT a.id, a.username, a.password_hash, a.email, a.is_admin, s.csrf_token \
                     FROM sessions s JOIN accounts a ON a.id = s.account_id \
                     WHERE s.token_hash = $1 AND s.expires_at > $2",
                )
                .bind(token_hash)
                .bind(now)
                .fetch_optional(&self.pool)
                .await?;
                match row {
                    Some(r) => Ok(Some((account_row(&r)?, r.try_get("csrf_token")?))),
                    None => Ok(None),
                }
            }

            async fn delete_expired_sessions(&self, now: i64) -> Result<u64, StorageError> {
                let done = sqlx::query("DELETE FROM sessions WHERE expires_at <= $1")
                    .bind(now)
                    .execute(&self.pool)
                    .await?;
                Ok(done.rows_affected())
            }

            async fn delete_session(&self, token_hash: &str) -> Result<(), StorageError> {
                sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
                    .bind(token_hash)
                    .execute(&self.pool)
                    .await?;
                Ok(())
            }

            async fn create_api_token(
                &self,
                token_hash: &str,
                account_id: i64,
                name: &str,
                now: i64,
            ) -> Result<(), StorageError> {
                sqlx::query(
                    "INSERT INTO api_tokens (token_hash, account_id, name, created_at) \
                     VALUES ($1, $2, $3, $4)",
                )
                .bind(token_hash)
                .bind(account_id)
                .bind(name)
                .bind(now)
                .execute(&self.pool)
                .await?;
                Ok(())
            }

            async fn api_token(&self, token_hash: &str) -> Result<Option<AccountRow>, StorageError> {
                let row = sqlx::query(
                    "SELECT a.id, a.username, a.password_hash, a.email, a.is_admin \
                     FROM api_tokens t JOIN accounts a ON a.id = t.account_id \
                     WHERE t.token_hash = $1",
                )
                .bind(token_hash)
                .fetch_optional(&self.pool)
                .await?;
                Ok(row.as_ref().map(account_row).transpose()?)
            }

            async fn create_variant_upload(
                &self,
                account_id: i64,
                name: &str,
                title: &str,
                source: &str,
                now: i64,
            ) -> Result<i64, StorageError> {
                let row = sqlx::query(
                    "INSERT INTO variant_uploads (account_id, name, title, source, created_at) \
                     VALUES ($1, $2, $3, $4, $5) RETURNING id",
                )
                .bind(account_id)
                .bind(name)
                .bind(title)
                .bind(source)
                .bind(now)
                .fetch_one(&self.pool)
                .await?;
                Ok(row.try_get("id")?)
            }

            async fn variant_upload(
                &self,
                id: i64,
            ) -> Result<Option<VariantUploadRow>, StorageError> {
                let row = sqlx::query(
                    "SELECT id, account_id, name, title, source, created_at \
                     FROM variant_uploads WHERE id = $1",
                )
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
                let Some(r) = row else { return Ok(None) };
                Ok(Some(VariantUploadRow {
                    id: r.try_get("id")?,
                    account_id: r.try_get("account_id")?,
                    name: r.try_get("name")?,
                    title: r.try_get("title")?,
                    source: r.try_get("source")?,
                    created_at: r.try_get("created_at")?,
                }))
            }

            async fn create_game(&self, game: &NewGame) -> Result<i64, StorageError> {
                let row = sqlx::query(
                    "INSERT INTO games (name, variant, gm_id, status, private, invite_code, \
                     settings, state, phase_no, phase, deadline_at, grace_used, created_at) \
                     VALUES ($1, $2, $3, 'forming', $4, $5, $6, $7, 0, $8, NULL, FALSE, $9) \
                     RETURNING id",
                )
                .bind(&game.name)
                .bind(&game.variant)
                .bind(game.gm_id)
                .bind(game.private)
                .bind(&game.invite_code)
                .bind(&game.settings)
                .bind(&game.state)
                .bind(&game.phase)
                .bind(game.created_at)
                .fetch_one(&self.pool)
                .await?;
                Ok(row.try_get("id")?)
            }

            async fn game(&self, id: i64) -> Result<Option<GameRow>, StorageError> {
                let row = sqlx::query(concat!(game_columns!(), " WHERE id = $1"))
                    .bind(id)
                    .fetch_optional(&self.pool)
                    .await?;
                Ok(row.as_ref().map(game_row).transpose()?)
            }

            async fn open_games(&self, limit: i64) -> Result<Vec<GameRow>, StorageError> {
                let rows = sqlx::query(concat!(
                    game_columns!(),
                    " WHERE status = 'forming' AND private = FALSE ORDER BY id DESC LIMIT $1"
                ))
                .bind(limit)
                .fetch_all(&self.pool)
                .await?;
                Ok(rows.iter().map(game_row).collect::<Result<_, _>>()?)
            }

            async fn games_of(&self, account_id: i64) -> Result<Vec<GameRow>, StorageError> {
                let rows = sqlx::query(concat!(
                    game_columns!(),
                    " WHERE gm_id = $1 OR id IN (SELECT game_id FROM players WHERE account_id = $1) \
                     ORDER BY id DESC"
                ))
                .bind(account_id)
                .fetch_all(&self.pool)
                .await?;
                Ok(rows.iter().map(game_row).collect::<Result<_, _>>()?)
            }

            async fn players(&self, game_id: i64) -> Result<Vec<PlayerRow>, StorageError> {
                let rows = sqlx::query(PLAYERS).bind(game_id).fetch_all(&self.pool).await?;
                Ok(rows.iter().map(player_row).collect::<Result<_, _>>()?)
            }

            async fn submissions(
                &self,
                game_id: i64,
                phase_no: i64,
            ) -> Result<Vec<SubmissionRow>, StorageError> {
                let rows = sqlx::query(SUBMISSIONS)
                    .bind(game_id)
                    .bind(phase_no)
                    .fetch_all(&self.pool)
                    .await?;
                Ok(rows.iter().map(submission_row).collect::<Result<_, _>>()?)
            }

            async fn phases(&self, game_id: i64) -> Result<Vec<PhaseRow>, StorageError> {
                let rows = sqlx::query(
                    "SELECT phase_no, phase, position, orders, submitted, report, processed_at \
                     FROM phases WHERE game_id = $1 ORDER BY phase_no",
                )
                .bind(game_id)
                .fetch_all(&self.pool)
                .await?;
                Ok(rows.iter().map(phase_row).collect::<Result<_, _>>()?)
            }

            async fn phase(
                &self,
                game_id: i64,
                phase_no: i64,
            ) -> Result<Option<PhaseRow>, StorageError> {
                let row = sqlx::query(
                    "SELECT phase_no, phase, position, orders, submitted, report, processed_at \
                     FROM phases WHERE game_id = $1 AND phase_no = $2",
                )
                .bind(game_id)
                .bind(phase_no)
                .fetch_optional(&self.pool)
                .await?;
                Ok(row.as_ref().map(phase_row).transpose()?)
            }

            async fn due_games(&self, now: i64, limit: i64) -> Result<Vec<i64>, StorageError> {
                let rows = sqlx::query(
                    "SELECT id FROM games WHERE status = 'active' AND deadline_at <= $1 \
                     ORDER BY deadline_at, id LIMIT $2",
                )
                .bind(now)
                .bind(limit)
                .fetch_all(&self.pool)
                .await?;
                Ok(rows.iter().map(|r| r.try_get("id")).collect::<Result<_, _>>()?)
            }

            async fn change_game(
                &self,
                id: i64,
                skip_locked: bool,
                change: &mut ChangeFn<'_>,
            ) -> Result<Changed, StorageError> {
                let lock = if skip_locked { LockMode::SkipLocked } else { LockMode::Exclusive };
                self.change_game_locked(id, lock, change).await
            }

            async fn change_submissions(
                &self,
                id: i64,
                change: &mut ChangeFn<'_>,
            ) -> Result<Changed, StorageError> {
                self.change_game_locked(id, LockMode::Shared, change).await
            }
        }

        /// How `change_game_locked` holds the game's row.
        #[derive(Clone, Copy, PartialEq, Eq)]
        enum LockMode {
            Exclusive,
            SkipLocked,
            /// Shared with other shared changes, exclusive of the others: only
            /// submissions may be written.
            Shared,
        }

        impl $store {
            async fn change_game_locked(
                &self,
                id: i64,
                lock: LockMode,
                change: &mut ChangeFn<'_>,
            ) -> Result<Changed, StorageError> {
                let skip_locked = lock == LockMode::SkipLocked;
                let _writing = self.write_guard().await;
                let mut tx = self.pool.begin_with($begin).await?;
                let select = match lock {
                    LockMode::SkipLocked => concat!(game_columns!(), " WHERE id = $1", $lock_skip),
                    LockMode::Exclusive => concat!(game_columns!(), " WHERE id = $1", $lock),
                    LockMode::Shared => concat!(game_columns!(), " WHERE id = $1", $lock_share),
                };
                let Some(row) = sqlx::query(select).bind(id).fetch_optional(&mut *tx).await? else {
                    tx.rollback().await?;
                    // Under SKIP LOCKED a held row reads as missing.
                    if skip_locked && self.game(id).await?.is_some() {
                        return Ok(Changed::Busy);
                    }
                    return Ok(Changed::NotFound);
                };
                let game = game_row(&row)?;
                let players = sqlx::query(PLAYERS)
                    .bind(id)
                    .fetch_all(&mut *tx)
                    .await?
                    .iter()
                    .map(player_row)
                    .collect::<Result<Vec<_>, _>>()?;
                let submissions = sqlx::query(SUBMISSIONS)
                    .bind(id)
                    .bind(game.phase_no)
                    .fetch_all(&mut *tx)
                    .await?
                    .iter()
                    .map(submission_row)
                    .collect::<Result<Vec<_>, _>>()?;
                let read_phase = game.phase_no;
                let snapshot = GameSnapshot {
                    game,
                    players,
                    submissions,
                };
                let decided = match change(&snapshot) {
                    Ok(c) => c,
                    Err(e) => {
                        tx.rollback().await?;
                        return Ok(Changed::Refused(e));
                    }
                };
                let only_submissions = decided.game.is_none()
                    && decided.players.is_empty()
                    && decided.removed_players.is_empty()
                    && decided.phases.is_empty();
                if lock == LockMode::Shared && !only_submissions {
                    tx.rollback().await?;
                    return Ok(Changed::Refused(crate::http::ApiError::Internal(
                        "a change under a shared lock may write submissions only".into(),
                    )));
                }
                for p in &decided.players {
                    sqlx::query(
                        "INSERT INTO players (game_id, account_id, power, preferences, joined_at) \
                         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (game_id, account_id) \
                         DO UPDATE SET power = excluded.power, preferences = excluded.preferences",
                    )
                    .bind(id)
                    .bind(p.account_id)
                    .bind(&p.power)
                    .bind(&p.preferences)
                    .bind(p.joined_at)
                    .execute(&mut *tx)
                    .await?;
                }
                for account in &decided.removed_players {
                    sqlx::query("DELETE FROM players WHERE game_id = $1 AND account_id = $2")
                        .bind(id)
                        .bind(account)
                        .execute(&mut *tx)
                        .await?;
                }
                for s in &decided.submissions {
                    sqlx::query(
                        "INSERT INTO submissions (game_id, phase_no, power, lines, ready, updated_at) \
                         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game_id, phase_no, power) \
                         DO UPDATE SET lines = excluded.lines, ready = excluded.ready, \
                         updated_at = excluded.updated_at",
                    )
                    .bind(id)
                    .bind(s.phase_no)
                    .bind(&s.power)
                    .bind(&s.lines)
                    .bind(s.ready)
                    .bind(s.updated_at)
                    .execute(&mut *tx)
                    .await?;
                }
                for ph in &decided.phases {
                    sqlx::query(
                        "INSERT INTO phases (game_id, phase_no, phase, position, orders, submitted, \
                         report, processed_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                    )
                    .bind(id)
                    .bind(ph.phase_no)
                    .bind(&ph.phase)
                    .bind(&ph.position)
                    .bind(&ph.orders)
                    .bind(&ph.submitted)
                    .bind(&ph.report)
                    .bind(ph.processed_at)
                    .execute(&mut *tx)
                    .await?;
                    sqlx::query("DELETE FROM submissions WHERE game_id = $1 AND phase_no <= $2")
                        .bind(id)
                        .bind(ph.phase_no)
                        .execute(&mut *tx)
                        .await?;
                }
                if let Some(g) = &decided.game {
                    let done = sqlx::query(
                        "UPDATE games SET name = $1, status = $2, private = $3, invite_code = $4, \
                         settings = $5, state = $6, phase_no = $7, phase = $8, deadline_at = $9, \
                         grace_used = $10 WHERE id = $11 AND phase_no = $12",
                    )
                    .bind(&g.name)
                    .bind(&g.status)
                    .bind(g.private)
                    .bind(&g.invite_code)
                    .bind(&g.settings)
                    .bind(&g.state)
                    .bind(g.phase_no)
                    .bind(&g.phase)
                    .bind(g.deadline_at)
                    .bind(g.grace_used)
                    .bind(id)
                    .bind(read_phase)
                    .execute(&mut *tx)
                    .await?;
                    if done.rows_affected() != 1 {
                        tx.rollback().await?;
                        return Ok(Changed::Busy);
                    }
                }
                tx.commit().await?;
                Ok(Changed::Done)
            }
        }
    };
}
pub(crate) use impl_storage;
