//! The end of a game by agreement or by the GM, and its score.
//!
//! - **Draw votes**: each surviving power (one that owns a supply center) may vote for a
//!   draw; when every surviving power votes for it, the game ends in a draw shared by
//!   them all. A dummy power no player holds (Known World 901's Neutral State) has no
//!   vote and no share. Votes belong to the phase they were cast in: when the phase changes
//!   they reset, and players vote again.
//! - **Concessions**: when every surviving power but one concedes to that one, the game
//!   ends as its win (the DPTG table scores a concession as a win).
//! - A vote replaces the power's earlier vote in the same phase (`{"draw": false}`
//!   withdraws a draw vote; a vote without `concede_to` withdraws a concession).
//! - **Scores**: every finished game (victory, the DPTG draw rules, a short game's
//!   center ranking, an agreed draw, a concession, a GM's draw) is scored once with the
//!   core's DPTG table (`standoff::scoring`) and kept per power and player; an
//!   abandoned game is recorded unrated. The leaderboard sums each player's rated games.

use super::games::may_see;
use super::{power_of, session_of, status_of};
use crate::http::ApiError;
use crate::storage::results::{ResultRow, ScoreRow, VoteRow};
use crate::storage::{AccountRow, Changed, GameChange, GameRow, PlayerRow};
use crate::AppState;
use standoff::game::GameEnd;
use standoff::scoring::{score, GameResult};
use standoff::{PowerId, Variant};
use standoff_api::{
    GameResultView, GameStatus, Leaderboard, LeaderboardEntry, PowerScore, Vote, VoteState,
};

/// How a game ended, in the variant's powers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A power reached the victory count.
    Victory(PowerId),
    /// Every other surviving power conceded to this one.
    Concession(PowerId),
    /// A draw shared by these powers.
    Draw(Vec<PowerId>),
    /// A short game's end: centers per power.
    CenterRanking(Vec<u32>),
    /// Abandoned by the GM: unrated.
    Abandoned,
}

impl Ending {
    fn kind(&self) -> &'static str {
        match self {
            Ending::Victory(_) => "victory",
            Ending::Concession(_) => "concession",
            Ending::Draw(_) => "draw",
            Ending::CenterRanking(_) => "center_ranking",
            Ending::Abandoned => "abandoned",
        }
    }

    fn scoring(&self) -> GameResult {
        match self {
            Ending::Victory(p) => GameResult::Victory { winner: *p },
            Ending::Concession(p) => GameResult::Concession { to: *p },
            Ending::Draw(powers) => GameResult::Draw {
                participants: powers.clone(),
            },
            Ending::CenterRanking(centers) => GameResult::CenterRanking {
                centers: centers.clone(),
            },
            Ending::Abandoned => GameResult::Abandoned,
        }
    }
}

fn variant_of(game: &GameRow) -> Result<std::sync::Arc<Variant>, ApiError> {
    super::variant_of(game)
}

/// Powers that own a supply center now.
fn surviving(game: &GameRow) -> Result<Vec<PowerId>, ApiError> {
    let session = session_of(game)?;
    let variant = session.variant().clone();
    let position = &session.record().game.position;
    Ok((0..variant.powers.len())
        .map(|i| PowerId(i as u8))
        .filter(|&p| variant.counted_centers(position, p) > 0)
        .collect())
}

/// The surviving powers whose votes count: all but a dummy power no player holds
/// (civil disorder plays it, as Known World 901's Neutral State): it cannot vote, so it
/// neither blocks nor shares an agreed draw, nor need it concede.
fn voting(variant: &Variant, alive: Vec<PowerId>, players: &[PlayerRow]) -> Vec<PowerId> {
    alive
        .into_iter()
        .filter(|&p| {
            let held = || {
                let name = variant.power_name(p);
                players.iter().any(|r| r.power.as_deref() == Some(name))
            };
            !variant.powers.get(p.index()).is_some_and(|q| q.dummy) || held()
        })
        .collect()
}

/// Finishes the game (if it is not over yet and, with `phase_no`, still in that phase)
/// and records its result. Returns whether this call finished it.
pub async fn finish(
    state: &AppState,
    id: i64,
    phase_no: Option<i64>,
    ending: Ending,
) -> Result<bool, ApiError> {
    let mut finished = false;
    let mut decide = |snap: &crate::storage::GameSnapshot| -> Result<GameChange, ApiError> {
        finished = false;
        let status = status_of(&snap.game)?;
        if status == GameStatus::Finished {
            return Err(ApiError::Conflict("the game is already over".into()));
        }
        if phase_no.is_some_and(|n| n != snap.game.phase_no)
            || (phase_no.is_some() && status != GameStatus::Active)
        {
            // The phase moved on (votes reset) or the game was paused: nothing to do.
            return Ok(GameChange::default());
        }
        finished = true;
        Ok(GameChange {
            game: Some(GameRow {
                status: GameStatus::Finished.as_str().to_string(),
                deadline_at: None,
                ..snap.game.clone()
            }),
            ..GameChange::default()
        })
    };
    match state.storage.change_game(id, false, &mut decide).await? {
        Changed::Done => {}
        Changed::NotFound => return Err(ApiError::no_game(id)),
        Changed::Busy => return Err(ApiError::Conflict("the game is busy: try again".into())),
        Changed::Refused(e) => return Err(e),
    }
    if finished {
        record(state, id, &ending).await?;
    }
    Ok(finished)
}

/// Scores and stores a finished game's result (once).
async fn record(state: &AppState, id: i64, ending: &Ending) -> Result<(), ApiError> {
    let game = state
        .storage
        .game(id)
        .await?
        .ok_or_else(|| ApiError::no_game(id))?;
    let variant = variant_of(&game)?;
    let players = state.storage.players(id).await?;
    let points = score(&ending.scoring(), variant.powers.len())
        .map_err(|e| ApiError::BadRequest(format!("cannot score this result: {e}")))?;
    let scores: Vec<ScoreRow> = points
        .iter()
        .enumerate()
        .map(|(i, &points)| {
            let power = variant.powers[i].name.clone();
            let player = players
                .iter()
                .find(|p| p.power.as_deref() == Some(power.as_str()));
            ScoreRow {
                power,
                account_id: player.map(|p| p.account_id),
                username: player.map(|p| p.username.clone()),
                points,
            }
        })
        .collect();
    let named: Vec<String> = match ending {
        Ending::Victory(p) | Ending::Concession(p) => vec![variant.power_name(*p).to_string()],
        Ending::Draw(powers) => powers
            .iter()
            .map(|p| variant.power_name(*p).to_string())
            .collect(),
        Ending::CenterRanking(_) => scores
            .iter()
            .filter(|s| s.points > standoff::scoring::LOSS_POINTS)
            .map(|s| s.power.clone())
            .collect(),
        Ending::Abandoned => Vec::new(),
    };
    let result = ResultRow {
        kind: ending.kind().to_string(),
        powers: serde_json::to_string(&named)?,
        finished_at: state.clock.now_ms(),
    };
    state.storage.record_result(id, &result, &scores).await?;
    Ok(())
}

/// After a phase is processed: if the core ended the game (victory, the DPTG draw
/// rules, a short game's last year), score it. The stored state keeps only the words of
/// the ending, so the history is replayed (once per game) to learn it exactly.
pub async fn record_if_over(state: &AppState, id: i64) -> Result<(), ApiError> {
    let Some(game) = state.storage.game(id).await? else {
        return Ok(());
    };
    if !session_of(&game)?.is_over() || state.storage.result(id).await?.is_some() {
        return Ok(());
    }
    let (variant, recorded) = super::export::recorded_game(state, &game).await?;
    let ending = match recorded.game.ended.clone() {
        Some(GameEnd::Victory { power, .. }) => Ending::Victory(power),
        Some(GameEnd::Draw { powers, .. }) => Ending::Draw(powers),
        Some(GameEnd::ShortGameOver { ranking }) => {
            let mut centers = vec![0u32; variant.powers.len()];
            for (power, owned) in ranking {
                if let Some(slot) = centers.get_mut(power.index()) {
                    *slot = u32::try_from(owned).unwrap_or(u32::MAX);
                }
            }
            Ending::CenterRanking(centers)
        }
        None => match recorded.game.winner {
            Some(w) => Ending::Victory(w),
            None => {
                return Err(ApiError::Internal(format!(
                    "game {id}: over, but its history does not say how"
                )))
            }
        },
    };
    record(state, id, &ending).await
}

/// A power's vote for a draw or a concession in the current phase.
pub async fn vote(
    state: &AppState,
    account: &AccountRow,
    id: i64,
    request: Vote,
) -> Result<VoteState, ApiError> {
    let game = state
        .storage
        .game(id)
        .await?
        .ok_or_else(|| ApiError::no_game(id))?;
    let players = state.storage.players(id).await?;
    let Some(me) = power_of(&players, account.id).map(str::to_string) else {
        if !may_see(&game, &players, Some(account)) {
            return Err(ApiError::no_game(id));
        }
        return Err(ApiError::Forbidden(
            "only the players of the game vote".into(),
        ));
    };
    if status_of(&game)? != GameStatus::Active {
        return Err(ApiError::Conflict(format!(
            "votes are cast in an active game; this one is {}",
            game.status
        )));
    }
    let variant = variant_of(&game)?;
    let alive = voting(&variant, surviving(&game)?, &players);
    let my_power = variant
        .find_power(&me)
        .ok_or_else(|| ApiError::Internal(format!("game {id}: power {me}")))?;
    if !alive.contains(&my_power) {
        return Err(ApiError::Forbidden(
            "a power without supply centers no longer votes".into(),
        ));
    }
    let concede_to = match &request.concede_to {
        None => None,
        Some(name) => {
            let to = variant.find_power(name.trim()).ok_or_else(|| {
                ApiError::BadRequest(format!("{name:?} is not a power of this game"))
            })?;
            if to == my_power {
                return Err(ApiError::BadRequest(
                    "a power cannot concede to itself".into(),
                ));
            }
            if !alive.contains(&to) {
                return Err(ApiError::BadRequest(format!(
                    "{} owns no supply center: concede to a surviving power",
                    variant.power_name(to)
                )));
            }
            Some(variant.power_name(to).to_string())
        }
    };
    let phase_no = game.phase_no;
    state
        .storage
        .set_vote(
            id,
            phase_no,
            &VoteRow {
                power: me.clone(),
                draw: request.draw.unwrap_or(false),
                concede_to,
            },
        )
        .await?;
    let votes = state.storage.votes(id, phase_no).await?;
    let vote_of = |p: PowerId| votes.iter().find(|v| v.power == variant.power_name(p));
    let draw_votes = alive
        .iter()
        .filter(|&&p| vote_of(p).is_some_and(|v| v.draw))
        .count();
    let ending = if draw_votes == alive.len() && !alive.is_empty() {
        Some(Ending::Draw(alive.clone()))
    } else {
        alive.iter().copied().find_map(|winner| {
            let name = variant.power_name(winner);
            let all_concede = alive.len() > 1
                && alive
                    .iter()
                    .filter(|&&p| p != winner)
                    .all(|&p| vote_of(p).is_some_and(|v| v.concede_to.as_deref() == Some(name)));
            all_concede.then_some(Ending::Concession(winner))
        })
    };
    let ended = match ending {
        Some(ending) => finish(state, id, Some(phase_no), ending).await?,
        None => false,
    };
    let result = if ended {
        game_result(state, Some(account), id).await?
    } else {
        None
    };
    Ok(VoteState {
        surviving: alive
            .iter()
            .map(|&p| variant.power_name(p).to_string())
            .collect(),
        draw_votes,
        ended,
        result,
    })
}

/// A finished game's result, as the caller may see it (players' names hidden in
/// anonymous games except to the GM).
pub async fn game_result(
    state: &AppState,
    account: Option<&AccountRow>,
    id: i64,
) -> Result<Option<GameResultView>, ApiError> {
    let (game, _players) = super::games::visible_game(state, id, account).await?;
    let Some((result, scores)) = state.storage.result(id).await? else {
        return Ok(None);
    };
    let gm = account.is_some_and(|a| super::games::is_gm(&game, a));
    let show = gm || !super::settings_of(&game)?.anonymous;
    Ok(Some(GameResultView {
        kind: result.kind,
        powers: serde_json::from_str(&result.powers)?,
        scores: scores
            .into_iter()
            .map(|s| PowerScore {
                power: s.power,
                player: if show { s.username } else { None },
                points: s.points,
            })
            .collect(),
    }))
}

/// The leaderboard: players by total points over their rated games.
pub async fn leaderboard(state: &AppState, limit: i64) -> Result<Leaderboard, ApiError> {
    if !(1..=1000).contains(&limit) {
        return Err(ApiError::BadRequest("`limit` is 1 to 1000".into()));
    }
    let rows = state.storage.leaderboard(limit).await?;
    Ok(Leaderboard {
        entries: rows
            .into_iter()
            .map(|r| LeaderboardEntry {
                username: r.username,
                games: r.games,
                points: r.points,
            })
            .collect(),
    })
}

/// The caller's own line (0 games, 0 points before the first rated game).
pub async fn my_score(
    state: &AppState,
    account: &AccountRow,
) -> Result<LeaderboardEntry, ApiError> {
    let row = state.storage.standing(account.id).await?;
    Ok(match row {
        Some(r) => LeaderboardEntry {
            username: r.username,
            games: r.games,
            points: r.points,
        },
        None => LeaderboardEntry {
            username: account.username.clone(),
            games: 0,
            points: 0,
        },
    })
}
