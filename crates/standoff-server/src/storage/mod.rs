//! Persistence: the [`Storage`] trait the services use, its rows, and the two
//! implementations (SQLite, PostgreSQL) sharing one SQL text (`sql.rs`, bound
//! parameters only). A change to a game happens in one transaction that holds the
//! game's row ([`Storage::change_game`]), so a phase is processed exactly once and an
//! acknowledged order is never lost to a concurrent processing.

pub mod daide;
mod postgres;
pub mod press;
pub mod results;
mod sql;
mod sqlite;

pub use postgres::PgStorage;
pub use sqlite::SqliteStorage;

use async_trait::async_trait;

/// What the storage could not do.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StorageError {
    /// A unique key is taken (username, ...).
    #[error("already exists")]
    Duplicate,
    /// The database failed.
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    /// Migrations failed.
    #[error("migrations: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

/// An account row.
#[derive(Clone, Debug)]
pub struct AccountRow {
    /// Id.
    pub id: i64,
    /// Name.
    pub username: String,
    /// argon2 PHC string.
    pub password_hash: String,
    /// E-mail.
    pub email: Option<String>,
    /// Site admin.
    pub is_admin: bool,
}

/// A game row.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// Id.
    pub id: i64,
    /// Name.
    pub name: String,
    /// Variant name.
    pub variant: String,
    /// The GM's account id.
    pub gm_id: i64,
    /// `forming`, `active`, `paused`, `finished`.
    pub status: String,
    /// Private game.
    pub private: bool,
    /// Invitation code of a private game.
    pub invite_code: Option<String>,
    /// `standoff_api::GameSettings` as JSON.
    pub settings: String,
    /// The saved game (`standoff::json::GameJson`, history left out) as JSON.
    pub state: String,
    /// Phases processed so far.
    pub phase_no: i64,
    /// The current phase's name.
    pub phase: String,
    /// When the current phase is processed (ms).
    pub deadline_at: Option<i64>,
    /// Whether the grace period of the current phase has been given.
    pub grace_used: bool,
    /// Created (ms).
    pub created_at: i64,
}

/// A player row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    /// Game.
    pub game_id: i64,
    /// Account.
    pub account_id: i64,
    /// The account's name (read only; joined from `accounts`).
    pub username: String,
    /// The power played, once assigned.
    pub power: Option<String>,
    /// Preferences as JSON (`standoff_api::Preferences` or null).
    pub preferences: String,
    /// Joined (ms).
    pub joined_at: i64,
}

/// A power's submission for one phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubmissionRow {
    /// Phase number.
    pub phase_no: i64,
    /// Power name.
    pub power: String,
    /// The lines as JSON (`null`: no orders submitted, only a ready flag).
    pub lines: Option<String>,
    /// Ready flag.
    pub ready: bool,
    /// Last change (ms).
    pub updated_at: i64,
}

/// One processed phase.
#[derive(Clone, Debug)]
pub struct PhaseRow {
    /// Phase number.
    pub phase_no: i64,
    /// Phase name.
    pub phase: String,
    /// Position at the phase's start (JSON).
    pub position: String,
    /// Orders adjudicated (JSON list of `Power: order`).
    pub orders: String,
    /// What each power submitted (JSON list of `standoff_api::OrdersView`).
    pub submitted: String,
    /// The report text.
    pub report: String,
    /// Processed (ms).
    pub processed_at: i64,
}

/// An uploaded variant file.
#[derive(Clone, Debug)]
pub struct VariantUploadRow {
    /// Id.
    pub id: i64,
    /// The uploader.
    pub account_id: i64,
    /// The variant's name.
    pub name: String,
    /// Its title.
    pub title: String,
    /// The file's text.
    pub source: String,
    /// Uploaded (ms).
    pub created_at: i64,
}

/// A new game.
#[derive(Clone, Debug)]
pub struct NewGame {
    /// Name.
    pub name: String,
    /// Variant.
    pub variant: String,
    /// GM.
    pub gm_id: i64,
    /// Private.
    pub private: bool,
    /// Invite code.
    pub invite_code: Option<String>,
    /// Settings JSON.
    pub settings: String,
    /// Saved game JSON.
    pub state: String,
    /// Phase name.
    pub phase: String,
    /// Created (ms).
    pub created_at: i64,
}

/// Everything about one game read inside its transaction.
#[derive(Clone, Debug)]
pub struct GameSnapshot {
    /// The game.
    pub game: GameRow,
    /// Its players.
    pub players: Vec<PlayerRow>,
    /// The submissions for the current phase.
    pub submissions: Vec<SubmissionRow>,
}

/// What to write for a game, decided from a [`GameSnapshot`].
#[derive(Clone, Debug, Default)]
pub struct GameChange {
    /// New values of the game row (the phase number may only grow by one).
    pub game: Option<GameRow>,
    /// Players to add or update (by account).
    pub players: Vec<PlayerRow>,
    /// Players (account ids) who leave the game (a replaced player).
    pub removed_players: Vec<i64>,
    /// Submissions to add or replace (by phase and power).
    pub submissions: Vec<SubmissionRow>,
    /// Processed phases to record (numbered from the snapshot's `phase_no` on; the
    /// submissions of the phases before the last are removed).
    pub phases: Vec<PhaseRow>,
}

/// Decides a game's change from its snapshot (pure, called inside the transaction);
/// an error rolls the transaction back and is handed back to the caller.
pub type ChangeFn<'a> =
    dyn FnMut(&GameSnapshot) -> Result<GameChange, crate::http::ApiError> + Send + 'a;

/// The outcome of [`Storage::change_game`].
#[derive(Debug)]
pub enum Changed {
    /// Written.
    Done,
    /// No such game.
    NotFound,
    /// Another process holds the game (only with `skip_locked`).
    Busy,
    /// The change function refused.
    Refused(crate::http::ApiError),
}

impl Changed {
    /// What a request that changed game `id` answers: done, or why not.
    pub fn into_reply(self, id: i64) -> Result<(), crate::http::ApiError> {
        use crate::http::ApiError;
        match self {
            Changed::Done => Ok(()),
            Changed::NotFound => Err(ApiError::no_game(id)),
            Changed::Refused(e) => Err(e),
            Changed::Busy => Err(ApiError::Conflict(
                "the game changed meanwhile: try again".into(),
            )),
        }
    }
}

/// The judge's persistence (one implementation per database).
#[async_trait]
pub trait Storage:
    Send + Sync + 'static + press::PressStorage + results::ResultStorage + daide::DaideStorage
{
    /// Runs the migrations (idempotent).
    async fn migrate(&self) -> Result<(), StorageError>;

    /// Adds an account; [`StorageError::Duplicate`] if the name is taken. The first
    /// account, or one named `admin_name`, is the site admin.
    async fn create_account(
        &self,
        username: &str,
        password_hash: &str,
        email: Option<&str>,
        admin_name: Option<&str>,
        now: i64,
    ) -> Result<AccountRow, StorageError>;
    /// The account named `username`.
    async fn account_by_name(&self, username: &str) -> Result<Option<AccountRow>, StorageError>;
    /// The account with id `id`.
    async fn account_by_id(&self, id: i64) -> Result<Option<AccountRow>, StorageError>;

    /// Stores a sign-in session.
    async fn create_session(
        &self,
        token_hash: &str,
        account_id: i64,
        csrf_token: &str,
        expires_at: i64,
    ) -> Result<(), StorageError>;
    /// The account and CSRF token of an unexpired session.
    async fn session(
        &self,
        token_hash: &str,
        now: i64,
    ) -> Result<Option<(AccountRow, String)>, StorageError>;
    /// Deletes the sessions expired at `now`; returns how many.
    async fn delete_expired_sessions(&self, now: i64) -> Result<u64, StorageError>;
    /// Ends a session.
    async fn delete_session(&self, token_hash: &str) -> Result<(), StorageError>;
    /// Stores an API token's hash.
    async fn create_api_token(
        &self,
        token_hash: &str,
        account_id: i64,
        name: &str,
        now: i64,
    ) -> Result<(), StorageError>;
    /// The account of an API token.
    async fn api_token(&self, token_hash: &str) -> Result<Option<AccountRow>, StorageError>;

    /// Keeps an uploaded variant file; returns its id.
    async fn create_variant_upload(
        &self,
        account_id: i64,
        name: &str,
        title: &str,
        source: &str,
        now: i64,
    ) -> Result<i64, StorageError>;
    /// An uploaded variant file.
    async fn variant_upload(&self, id: i64) -> Result<Option<VariantUploadRow>, StorageError>;

    /// Adds a game (status `forming`, phase number 0); returns its id.
    async fn create_game(&self, game: &NewGame) -> Result<i64, StorageError>;
    /// A game.
    async fn game(&self, id: i64) -> Result<Option<GameRow>, StorageError>;
    /// Games that are not private and still forming, newest first.
    async fn open_games(&self, limit: i64) -> Result<Vec<GameRow>, StorageError>;
    /// Games the account plays in or manages, newest first.
    async fn games_of(&self, account_id: i64) -> Result<Vec<GameRow>, StorageError>;
    /// A game's players.
    async fn players(&self, game_id: i64) -> Result<Vec<PlayerRow>, StorageError>;
    /// The submissions of a phase.
    async fn submissions(
        &self,
        game_id: i64,
        phase_no: i64,
    ) -> Result<Vec<SubmissionRow>, StorageError>;
    /// Processed phases, oldest first.
    async fn phases(&self, game_id: i64) -> Result<Vec<PhaseRow>, StorageError>;
    /// One processed phase.
    async fn phase(&self, game_id: i64, phase_no: i64) -> Result<Option<PhaseRow>, StorageError>;
    /// Active games whose deadline is at or before `now` (ms), most overdue first.
    async fn due_games(&self, now: i64, limit: i64) -> Result<Vec<i64>, StorageError>;

    /// Reads the game (holding its row: `FOR UPDATE` on PostgreSQL, `BEGIN IMMEDIATE`
    /// on SQLite), lets `change` decide, writes the change and commits, all in one
    /// transaction. The game row is written only if its phase number is still the
    /// one read. With `skip_locked` a game another transaction holds is skipped
    /// ([`Changed::Busy`]; PostgreSQL `SKIP LOCKED`).
    async fn change_game(
        &self,
        id: i64,
        skip_locked: bool,
        change: &mut ChangeFn<'_>,
    ) -> Result<Changed, StorageError>;

    /// Like [`Storage::change_game`] for a change that writes only submissions (an
    /// order revision): the game's row is held shared (`FOR SHARE` on PostgreSQL), so
    /// the players of one game submit at the same time, while processing, which holds
    /// the row exclusively, still waits for them (and they for it). A change that
    /// writes anything else is refused.
    async fn change_submissions(
        &self,
        id: i64,
        change: &mut ChangeFn<'_>,
    ) -> Result<Changed, StorageError>;
}

/// Opens the storage named by `url`: `sqlite://PATH` (created if missing) or
/// `postgres://...`; runs the migrations.
pub async fn connect(url: &str) -> Result<std::sync::Arc<dyn Storage>, StorageError> {
    let storage: std::sync::Arc<dyn Storage> =
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            std::sync::Arc::new(PgStorage::connect(url).await?)
        } else {
            std::sync::Arc::new(SqliteStorage::connect(url).await?)
        };
    storage.migrate().await?;
    Ok(storage)
}
