//! Game end by agreement (draw votes, concessions), results and scores.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `POST /api/games/{id}/vote`: a power's vote for the current phase. Votes reset when
/// the phase changes.
#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Vote {
    /// For (true) or against (false) a draw among the surviving powers.
    #[serde(default)]
    pub draw: Option<bool>,
    /// Concede the game to this power (null withdraws a concession).
    #[serde(default)]
    pub concede_to: Option<String>,
}

/// The state of the votes after a vote.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct VoteState {
    /// Surviving powers (owning a supply center) whose votes count.
    pub surviving: Vec<String>,
    /// How many of them vote for a draw (not who).
    pub draw_votes: usize,
    /// Whether the game ended with this vote.
    pub ended: bool,
    /// The result, if it ended.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResultView>,
}

/// How a game ended and what each power scored (DPTG table).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct GameResultView {
    /// `victory`, `concession`, `draw`, `center_ranking`, `abandoned`.
    pub kind: String,
    /// The winner, or the powers sharing the draw.
    pub powers: Vec<String>,
    /// Each power's score, with its player.
    pub scores: Vec<PowerScore>,
}

/// One power's score in one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PowerScore {
    /// The power.
    pub power: String,
    /// Its player at the end (hidden in anonymous games).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// Points (DPTG table: win +360, 2-way draw +150, ..., loss −60).
    pub points: i64,
}

/// One line of `GET /api/leaderboard`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct LeaderboardEntry {
    /// Player.
    pub username: String,
    /// Finished rated games played.
    pub games: i64,
    /// Total points.
    pub points: i64,
}

/// `GET /api/leaderboard` and `GET /api/me/score`.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Leaderboard {
    /// Best first.
    pub entries: Vec<LeaderboardEntry>,
}
