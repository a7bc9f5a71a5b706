//! Games: creation settings, listings, joining and starting.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `GET /api/variants`: one built-in variant.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct VariantInfo {
    /// Name (use it in `CreateGame.variant`).
    pub name: String,
    /// Its powers.
    pub powers: Vec<String>,
    /// Those of its powers that no player takes (civil disorder plays them, as Known
    /// World 901's Neutral State): a game's seats are the other powers.
    #[serde(default)]
    pub dummy_powers: Vec<String>,
    /// Centers needed to win.
    pub victory_centers: usize,
}

/// How long players have for each phase.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Deadlines {
    /// Minutes for a movement phase (default 1440 = 24 h) — unless `fixed` is given.
    #[serde(default)]
    pub movement_minutes: Option<u32>,
    /// Movement phases end at a fixed weekday and hour instead.
    #[serde(default)]
    pub fixed: Option<FixedDeadline>,
    /// Minutes for a retreat phase (default 1440 = 24 h).
    #[serde(default)]
    pub retreat_minutes: Option<u32>,
    /// Minutes for an adjustment phase (default 2880 = 48 h).
    #[serde(default)]
    pub adjustment_minutes: Option<u32>,
    /// Extra minutes given once when a deadline passes with orders missing (default 0).
    #[serde(default)]
    pub grace_minutes: Option<u32>,
}

/// "Midnight Friday, Paris time": `{weekday: "fri", hour: 0, time_zone: "Europe/Paris"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FixedDeadline {
    /// `mon` .. `sun` (or the full English name).
    pub weekday: String,
    /// 0 to 23.
    pub hour: u32,
    /// An IANA time zone (`Europe/Paris`); default `UTC`.
    #[serde(default)]
    pub time_zone: Option<String>,
}

/// Who may talk to whom.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PressSetting {
    /// Private, group and public messages.
    #[default]
    Full,
    /// Public announcements only.
    PublicOnly,
    /// No press ("gunboat").
    None,
}

/// How powers are given to the players at the start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Assignment {
    /// From the players' preference lists (DPTG chapter I).
    #[default]
    Preferences,
    /// At random.
    Random,
    /// The GM says who plays what (`StartGame.powers`).
    Gm,
}

/// When the game ends besides victory (the core's end rules).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EndSettings {
    /// Centers needed to win (default: the variant's).
    #[serde(default)]
    pub victory_centers: Option<usize>,
    /// The DPTG's draw rules: 7 years without a capture, or 35 years.
    #[serde(default)]
    pub dptg_draws: bool,
    /// A draw after this many consecutive years without a capture.
    #[serde(default)]
    pub draw_after_quiet_years: Option<u32>,
    /// A draw after this many game years.
    #[serde(default)]
    pub draw_after_years: Option<u32>,
    /// "Most centers after Fall YEAR": the game ends after this year's fall.
    #[serde(default)]
    pub end_after_year: Option<i32>,
}

/// `POST /api/games`.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    /// A name for the game.
    pub name: String,
    /// A built-in variant (`GET /api/variants`); default `standard`.
    #[serde(default)]
    pub variant: Option<String>,
    /// Instead of `variant`: a variant file the creator uploaded (`POST
    /// /api/variants` answers its id).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant_upload: Option<i64>,
    /// Rules: a preset and per-issue options, as `standoff rules` lists them
    /// (`dptg`, `datc 4.A.2=d`); default `datc`.
    #[serde(default)]
    pub rules: Option<String>,
    /// Phase lengths.
    #[serde(default)]
    pub deadlines: Deadlines,
    /// Press.
    #[serde(default)]
    pub press: PressSetting,
    /// Players are not named to each other.
    #[serde(default)]
    pub anonymous: bool,
    /// Joined only with the invitation code.
    #[serde(default)]
    pub private: bool,
    /// End rules.
    #[serde(default)]
    pub end: EndSettings,
    /// How powers are assigned.
    #[serde(default)]
    pub assignment: Assignment,
    /// Start as soon as every power has a player.
    #[serde(default)]
    pub auto_start: bool,
    /// DAIDE bots: open seats they may take, machine speed.
    #[serde(default)]
    pub bots: BotSettings,
}

/// How DAIDE bots (AI clients speaking the DAIDE protocol) take part in a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BotSettings {
    /// Seats not taken by people are open for DAIDE bots (the game is offered on the
    /// server's DAIDE port while it is forming).
    #[serde(default)]
    pub daide: bool,
    /// Machine speed: a bot that disconnects is ready at once every phase (civil
    /// disorder), so the game never waits for a deadline on it.
    #[serde(default)]
    pub machine_speed: bool,
}

/// A game's settings as stored and shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct GameSettings {
    /// Rules spec (`datc`, `dptg 4.A.2=d`).
    pub rules: String,
    /// Phase lengths.
    pub deadlines: Deadlines,
    /// Press.
    pub press: PressSetting,
    /// Anonymous players.
    pub anonymous: bool,
    /// Private game.
    pub private: bool,
    /// End rules.
    pub end: EndSettings,
    /// Assignment of powers.
    pub assignment: Assignment,
    /// Auto start when full.
    pub auto_start: bool,
    /// DAIDE bots.
    #[serde(default)]
    pub bots: BotSettings,
}

/// `forming`, `active`, `paused`, `finished`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum GameStatus {
    /// Waiting for players.
    Forming,
    /// Being played.
    Active,
    /// Stopped by the GM (no deadlines run).
    Paused,
    /// Over.
    Finished,
}

impl GameStatus {
    /// The stored form.
    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Forming => "forming",
            GameStatus::Active => "active",
            GameStatus::Paused => "paused",
            GameStatus::Finished => "finished",
        }
    }

    /// Reads the stored form.
    pub fn parse(text: &str) -> Option<GameStatus> {
        Some(match text {
            "forming" => GameStatus::Forming,
            "active" => GameStatus::Active,
            "paused" => GameStatus::Paused,
            "finished" => GameStatus::Finished,
            _ => return None,
        })
    }
}

/// A game in a list.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct GameSummary {
    /// Game id.
    pub id: i64,
    /// Name.
    pub name: String,
    /// Variant.
    pub variant: String,
    /// Status.
    pub status: GameStatus,
    /// Current phase (`Spring 1901 Movement`).
    pub phase: String,
    /// Players joined.
    pub players: usize,
    /// Powers players are given (the variant's, but its dummies): the game is full when
    /// this many have joined.
    pub powers: usize,
    /// Private game.
    pub private: bool,
}

/// One power in a game.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct PowerView {
    /// Power name.
    pub name: String,
    /// Who plays it (hidden in anonymous games, except to the GM).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// Supply centers.
    pub centers: usize,
    /// Units.
    pub units: usize,
    /// Whether it must submit orders this phase.
    pub orders_due: bool,
    /// Whether it has submitted orders this phase (never which).
    pub submitted: bool,
    /// Whether it said it is ready.
    pub ready: bool,
}

/// `GET /api/games/{id}`.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct GameDetail {
    /// Game id.
    pub id: i64,
    /// Name.
    pub name: String,
    /// Variant.
    pub variant: String,
    /// Status.
    pub status: GameStatus,
    /// Current phase.
    pub phase: String,
    /// The phase's number (0 for the first).
    pub phase_number: i64,
    /// When the current phase is processed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deadline: Option<chrono::DateTime<chrono::Utc>>,
    /// The gamemaster.
    pub gm: String,
    /// Settings.
    pub settings: GameSettings,
    /// Powers (once the game started) with their counts.
    pub powers: Vec<PowerView>,
    /// The variant's power names in its order, but its dummies (which no player is
    /// given), in every status: what a joining player may put in a preference list (the
    /// variant may be an upload, not in `GET /api/variants`).
    pub variant_powers: Vec<String>,
    /// Players joined (names hidden in anonymous games).
    pub players: usize,
    /// The caller's power, if they play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub my_power: Option<String>,
    /// The invitation code (shown to the GM of a private game).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invite_code: Option<String>,
    /// The current position (the core's position JSON).
    #[schema(value_type = Object)]
    pub position: serde_json::Value,
    /// How the game ended.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
}

/// Power preferences: a list of power names, best first, or `"random"`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum Preferences {
    /// `"random"`.
    Word(String),
    /// `["France", "Germany"]`.
    List(Vec<String>),
}

/// `POST /api/games/{id}/join`.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct JoinGame {
    /// Preferences (default: none, any power).
    #[serde(default)]
    pub preferences: Option<Preferences>,
    /// The invitation code of a private game.
    #[serde(default)]
    pub invite: Option<String>,
}

/// `POST /api/games/{id}/start`.
#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StartGame {
    /// Overrides the game's assignment setting.
    #[serde(default)]
    pub assignment: Option<Assignment>,
    /// With `gm` assignment: username → power name.
    #[serde(default)]
    pub powers: std::collections::BTreeMap<String, String>,
}
