//! Games: creation (variant, rules, deadlines, press, end rules), listings, the
//! detail view (never anyone's orders), joining with preferences, and the start
//! (power assignment by the core's `assign`, at random, or by the GM).

use super::{power_of, session_of, settings_of, state_of, status_of};
use crate::http::auth::new_token;
use crate::http::ApiError;
use crate::storage::{AccountRow, GameChange, GameRow, GameSnapshot, NewGame, PlayerRow};
use crate::AppState;
use standoff::assign::{assign_powers, Preference};
use standoff::game::EndRules;
use standoff::rules::Rules;
use standoff::session::Session;
use standoff::variant::builtin_arc;
use standoff::{PowerId, Variant};
use standoff_api::{
    Assignment, CreateGame, GameDetail, GameSettings, GameStatus, GameSummary, JoinGame, PowerView,
    Preferences, StartGame,
};

/// The core's end rules from the settings.
pub fn end_rules(end: &standoff_api::EndSettings) -> EndRules {
    let dptg = end.dptg_draws.then_some(EndRules::DPTG);
    EndRules {
        victory_centers: end.victory_centers,
        draw_after_quiet_years: end
            .draw_after_quiet_years
            .or(dptg.and_then(|d| d.draw_after_quiet_years)),
        draw_after_years: end
            .draw_after_years
            .or(dptg.and_then(|d| d.draw_after_years)),
        end_after_year: end.end_after_year,
    }
}

/// Creates a game; the creator is its GM.
pub async fn create(state: &AppState, gm: &AccountRow, req: CreateGame) -> Result<i64, ApiError> {
    let name = req.name.trim();
    if name.is_empty() || name.chars().count() > 100 {
        return Err(ApiError::BadRequest(
            "a game's name has 1 to 100 characters".into(),
        ));
    }
    let variant = match (req.variant_upload, req.variant.as_deref()) {
        (Some(_), Some(_)) => {
            return Err(ApiError::BadRequest(
                "give `variant` (a built-in) or `variant_upload` (an uploaded file), not both"
                    .into(),
            ))
        }
        (Some(upload), None) => super::variants::for_new_game(state, gm, upload).await?,
        (None, name) => builtin_arc(name.unwrap_or("standard"))
            .map_err(|e| ApiError::BadRequest(e.to_string()))?,
    };
    if req.bots.daide {
        // DAIDE names each province with one byte: a bigger map cannot be offered.
        if let Err(e) = standoff_daide::MapTokens::new(&variant) {
            return Err(ApiError::BadRequest(format!(
                "DAIDE bots cannot play {}: {e}",
                variant.name
            )));
        }
    }
    let rules_spec = req.rules.clone().unwrap_or_else(|| "datc".into());
    let rules = Rules::parse(&rules_spec).map_err(|e| ApiError::BadRequest(e.to_string()))?;
    super::deadlines::validate(&req.deadlines)?;
    let ends = end_rules(&req.end);
    let canonical = variant.name.clone();
    let session = Session::new(&canonical, variant, rules, ends)?;
    let settings = GameSettings {
        rules: rules_spec,
        deadlines: req.deadlines,
        press: req.press,
        anonymous: req.anonymous,
        private: req.private,
        end: req.end,
        assignment: req.assignment,
        auto_start: req.auto_start,
        bots: req.bots,
    };
    let game = NewGame {
        name: name.to_string(),
        variant: canonical,
        gm_id: gm.id,
        private: req.private,
        invite_code: req.private.then(|| new_token().chars().take(16).collect()),
        settings: serde_json::to_string(&settings)?,
        state: state_of(&session)?,
        phase: session.record().game.position.phase().to_string(),
        created_at: state.clock.now_ms(),
    };
    Ok(state.storage.create_game(&game).await?)
}

fn summary(game: &GameRow, players: usize, powers: usize) -> Result<GameSummary, ApiError> {
    Ok(GameSummary {
        id: game.id,
        name: game.name.clone(),
        variant: game.variant.clone(),
        status: status_of(game)?,
        phase: game.phase.clone(),
        players,
        powers,
        private: game.private,
    })
}

async fn summaries(state: &AppState, games: Vec<GameRow>) -> Result<Vec<GameSummary>, ApiError> {
    let mut out = Vec::with_capacity(games.len());
    for g in games {
        let players = state.storage.players(g.id).await?.len();
        let powers = state
            .sessions
            .variant(&g)
            .map(|v| v.seats().len())
            .unwrap_or(0);
        out.push(summary(&g, players, powers)?);
    }
    Ok(out)
}

/// The games an account plays in or manages.
pub async fn games_of(
    state: &AppState,
    account: &AccountRow,
) -> Result<Vec<GameSummary>, ApiError> {
    let games = state.storage.games_of(account.id).await?;
    summaries(state, games).await
}

/// Public games waiting for players.
pub async fn open_games(state: &AppState) -> Result<Vec<GameSummary>, ApiError> {
    let games = state.storage.open_games(200).await?;
    summaries(state, games).await
}

/// Whether `account` may see the game at all: a public game, or a member, the GM or
/// the site admin. A private game is "not found" to anyone else.
pub fn may_see(game: &GameRow, players: &[PlayerRow], account: Option<&AccountRow>) -> bool {
    !game.private
        || account.is_some_and(|a| {
            a.is_admin || a.id == game.gm_id || players.iter().any(|p| p.account_id == a.id)
        })
}

/// Whether `account` manages the game (its GM or the site admin).
pub fn is_gm(game: &GameRow, account: &AccountRow) -> bool {
    account.is_admin || account.id == game.gm_id
}

/// A game and its players, if the caller may see it.
pub async fn visible_game(
    state: &AppState,
    id: i64,
    account: Option<&AccountRow>,
) -> Result<(GameRow, Vec<PlayerRow>), ApiError> {
    let game = state
        .storage
        .game(id)
        .await?
        .ok_or_else(|| ApiError::no_game(id))?;
    let players = state.storage.players(id).await?;
    if !may_see(&game, &players, account) {
        return Err(ApiError::no_game(id));
    }
    Ok((game, players))
}

/// The detail view.
pub async fn detail(
    state: &AppState,
    id: i64,
    account: Option<&AccountRow>,
) -> Result<GameDetail, ApiError> {
    let (game, players) = visible_game(state, id, account).await?;
    let settings = settings_of(&game)?;
    let status = status_of(&game)?;
    let session = state.sessions.session(&game)?;
    let variant = session.variant().clone();
    let position = &session.record().game.position;
    let submissions = state.storage.submissions(id, game.phase_no).await?;
    let viewer_is_gm = account.is_some_and(|a| is_gm(&game, a));
    let due = session.powers_with_orders_due();
    let gm_name = state
        .storage
        .account_by_id(game.gm_id)
        .await?
        .map(|a| a.username)
        .unwrap_or_default();
    let powers = if status == GameStatus::Forming {
        Vec::new()
    } else {
        (0..variant.powers.len())
            .map(|i| {
                let power = PowerId(i as u8);
                let name = variant.power_name(power).to_string();
                let sub = submissions.iter().find(|s| s.power == name);
                let player = players
                    .iter()
                    .find(|p| p.power.as_deref() == Some(name.as_str()))
                    .filter(|_| !settings.anonymous || viewer_is_gm)
                    .map(|p| p.username.clone());
                PowerView {
                    player,
                    centers: variant.counted_centers(position, power),
                    units: position.unit_count(power),
                    orders_due: due.contains(&power),
                    submitted: sub.is_some_and(|s| s.lines.is_some()),
                    ready: sub.is_some_and(|s| s.ready),
                    name,
                }
            })
            .collect()
    };
    Ok(GameDetail {
        id: game.id,
        name: game.name.clone(),
        variant: game.variant.clone(),
        status,
        phase: game.phase.clone(),
        phase_number: game.phase_no,
        deadline: game.deadline_at.map(crate::clock::from_ms),
        gm: gm_name,
        players: players.len(),
        my_power: account
            .and_then(|a| power_of(&players, a.id))
            .map(str::to_string),
        invite_code: game.invite_code.clone().filter(|_| viewer_is_gm),
        position: serde_json::to_value(position.to_json(&variant))?,
        result: session.ended(),
        settings,
        powers,
        variant_powers: variant
            .seats()
            .into_iter()
            .map(|p| variant.power_name(p).to_string())
            .collect(),
    })
}

fn check_preferences(variant: &Variant, prefs: &Option<Preferences>) -> Result<(), ApiError> {
    match prefs {
        None => Ok(()),
        Some(Preferences::Word(w)) if w.eq_ignore_ascii_case("random") => Ok(()),
        Some(Preferences::Word(w)) => Err(ApiError::BadRequest(format!(
            "preferences are a list of powers or \"random\", not `{w}`"
        ))),
        Some(Preferences::List(list)) => {
            let seats = variant.seats();
            if list.len() > seats.len() {
                return Err(ApiError::BadRequest("more preferences than powers".into()));
            }
            for name in list {
                match variant.find_power(name) {
                    None => {
                        return Err(ApiError::BadRequest(format!(
                            "`{name}` is not a power of {}",
                            variant.name
                        )))
                    }
                    Some(p) if !seats.contains(&p) => {
                        return Err(ApiError::BadRequest(format!(
                            "`{name}` is a dummy power of {}: no player is given it",
                            variant.name
                        )))
                    }
                    Some(_) => {}
                }
            }
            Ok(())
        }
    }
}

fn preference(variant: &Variant, stored: &str) -> Preference {
    match serde_json::from_str::<Option<Preferences>>(stored) {
        Ok(Some(Preferences::List(list))) => Preference::Ranked(
            list.iter()
                .filter_map(|n| variant.find_power(n))
                .map(|p| vec![p])
                .collect(),
        ),
        Ok(Some(Preferences::Word(_))) => Preference::Random,
        _ => Preference::Ranked(Vec::new()),
    }
}

/// Joins a forming game (starting it when full, if it starts by itself).
pub async fn join(
    state: &AppState,
    account: &AccountRow,
    id: i64,
    req: JoinGame,
) -> Result<(), ApiError> {
    let now = state.clock.now();
    let seed = assignment_seed(state, id);
    let mut decide = |snap: &GameSnapshot| -> Result<GameChange, ApiError> {
        let game = &snap.game;
        if !may_see(game, &snap.players, Some(account)) && req.invite.is_none() {
            return Err(ApiError::no_game(id));
        }
        if game.private && !account.is_admin && req.invite.as_deref() != game.invite_code.as_deref()
        {
            return Err(ApiError::Forbidden(
                "this private game needs its invitation code".into(),
            ));
        }
        if status_of(game)? != GameStatus::Forming {
            return Err(ApiError::Conflict("the game has already started".into()));
        }
        if snap.players.iter().any(|p| p.account_id == account.id) {
            return Err(ApiError::Conflict(
                "you have already joined this game".into(),
            ));
        }
        let variant = super::variant_of(game)?;
        let seats = variant.seats().len();
        if snap.players.len() >= seats {
            return Err(ApiError::Conflict("the game is full".into()));
        }
        check_preferences(&variant, &req.preferences)?;
        let player = PlayerRow {
            game_id: id,
            account_id: account.id,
            username: account.username.clone(),
            power: None,
            preferences: serde_json::to_string(&req.preferences)?,
            joined_at: now.timestamp_millis(),
        };
        let settings = settings_of(game)?;
        if settings.auto_start && snap.players.len() + 1 == seats {
            let mut all = snap.players.clone();
            all.push(player);
            return start_change(
                game,
                &all,
                &settings,
                settings.assignment,
                &Default::default(),
                seed,
                now,
            );
        }
        Ok(GameChange {
            players: vec![player],
            ..GameChange::default()
        })
    };
    state
        .storage
        .change_game(id, false, &mut decide)
        .await?
        .into_reply(id)
}

/// Starts a forming game (GM or admin).
pub async fn start(
    state: &AppState,
    account: &AccountRow,
    id: i64,
    req: StartGame,
) -> Result<(), ApiError> {
    let now = state.clock.now();
    let seed = assignment_seed(state, id);
    let mut decide = |snap: &GameSnapshot| -> Result<GameChange, ApiError> {
        let game = &snap.game;
        if !may_see(game, &snap.players, Some(account)) {
            return Err(ApiError::no_game(id));
        }
        if !is_gm(game, account) {
            return Err(ApiError::Forbidden(
                "only the game's GM can start it".into(),
            ));
        }
        if status_of(game)? != GameStatus::Forming {
            return Err(ApiError::Conflict("the game has already started".into()));
        }
        if snap.players.is_empty() {
            return Err(ApiError::Conflict("nobody has joined yet".into()));
        }
        let settings = settings_of(game)?;
        let how = req.assignment.unwrap_or(settings.assignment);
        start_change(game, &snap.players, &settings, how, &req.powers, seed, now)
    };
    state
        .storage
        .change_game(id, false, &mut decide)
        .await?
        .into_reply(id)
}

/// The seed for game `id`'s random power assignment: the configured one mixed with the
/// id (tests), or a fresh random one.
fn assignment_seed(state: &AppState, id: i64) -> u64 {
    match state.config.assignment_seed {
        Some(seed) => seed ^ (id as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
        None => rand::random(),
    }
}

/// The change that assigns powers and starts the game with its first deadline.
fn start_change(
    game: &GameRow,
    players: &[PlayerRow],
    settings: &GameSettings,
    how: Assignment,
    by_gm: &std::collections::BTreeMap<String, String>,
    seed: u64,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<GameChange, ApiError> {
    let session = session_of(game)?;
    let variant = session.variant().clone();
    let powers: Vec<PowerId> = match how {
        Assignment::Gm => {
            let mut given = Vec::new();
            for p in players {
                let name = by_gm.get(&p.username).ok_or_else(|| {
                    ApiError::BadRequest(format!("no power given for player `{}`", p.username))
                })?;
                let power = session.find_power(name)?;
                if given.contains(&power) {
                    return Err(ApiError::BadRequest(format!("{name} is given twice")));
                }
                given.push(power);
            }
            if let Some(unknown) = by_gm
                .keys()
                .find(|u| !players.iter().any(|p| &&p.username == u))
            {
                return Err(ApiError::BadRequest(format!(
                    "`{unknown}` has not joined this game"
                )));
            }
            given
        }
        Assignment::Random | Assignment::Preferences => {
            let list: Vec<(String, Preference)> = players
                .iter()
                .map(|p| {
                    let pref = if how == Assignment::Random {
                        Preference::Random
                    } else {
                        preference(&variant, &p.preferences)
                    };
                    (p.username.clone(), pref)
                })
                .collect();
            assign_powers(&variant.seats(), &list, seed)
                .map_err(|e| ApiError::BadRequest(e.to_string()))?
                .into_iter()
                .map(|(_, p)| p)
                .collect()
        }
    };
    let players = players
        .iter()
        .zip(powers)
        .map(|(p, power)| PlayerRow {
            power: Some(variant.power_name(power).to_string()),
            ..p.clone()
        })
        .collect();
    let kind = session.record().game.position.phase().kind;
    let deadline = super::deadlines::deadline(&settings.deadlines, kind, now);
    Ok(GameChange {
        game: Some(GameRow {
            status: GameStatus::Active.as_str().to_string(),
            deadline_at: Some(deadline.timestamp_millis()),
            grace_used: false,
            ..game.clone()
        }),
        players,
        ..GameChange::default()
    })
}
