//! A game's download: the `diplomacy` package's saved-game JSON (what AI datasets use;
//! written by the core's `mila` module), a DATC case file (one case per phase, the
//! core's `datc::write_case_file`), or standoff's own saved game (what `standoff play
//! --save` writes; an uploaded variant's file is embedded in it).
//!
//! The stored history holds each processed phase's starting position and the orders it
//! was adjudicated with; the export replays those orders from the variant's start under
//! the game's rules and checks that every replayed phase starts where the stored one
//! did, so a download is the game as played or an error, never something else.
//! Whoever may see the game's phases may download it (processed phases only: never a
//! pending order).

use super::games::{end_rules, visible_game};
use super::settings_of;
use crate::http::ApiError;
use crate::storage::AccountRow;
use crate::AppState;
use standoff::datc::{write_case_file, CaseFileHeader};
use standoff::game::Game;
use standoff::parse::parse_orders_at;
use standoff::record::RecordedGame;
use standoff::rules::Rules;

/// The download formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// The `diplomacy` package's saved game (JSON).
    Mila,
    /// A DATC case file (text).
    Case,
    /// standoff's saved game (JSON, the variant by name or embedded).
    Save,
}

impl ExportFormat {
    /// Reads `mila` or `case`.
    pub fn parse(text: &str) -> Result<ExportFormat, ApiError> {
        match text {
            "mila" | "json" => Ok(ExportFormat::Mila),
            "case" | "datc" => Ok(ExportFormat::Case),
            "save" | "standoff" => Ok(ExportFormat::Save),
            other => Err(ApiError::BadRequest(format!(
                "format is `mila` (saved-game JSON), `case` (DATC case file) or `save` \
                 (standoff's saved game), not {other:?}"
            ))),
        }
    }
}

/// A download: its media type, a file name and the content.
#[derive(Clone, Debug)]
pub struct Download {
    /// `application/json` or `text/plain; charset=utf-8`.
    pub content_type: &'static str,
    /// `game-7.json`, `game-7.txt`.
    pub file_name: String,
    /// The file.
    pub body: String,
}

/// Replays the stored history into a recorded game (the replay on a blocking thread:
/// a long game on a large board is milliseconds to seconds of CPU work).
pub async fn recorded_game(
    state: &AppState,
    game: &crate::storage::GameRow,
) -> Result<(std::sync::Arc<standoff::Variant>, RecordedGame), ApiError> {
    let variant = super::variant_of(game)?;
    let settings = settings_of(game)?;
    let rules = Rules::parse(&settings.rules)
        .map_err(|e| ApiError::Internal(format!("game {}: rules: {e}", game.id)))?;
    let start = Game::new(&variant)
        .with_rules(rules)
        .with_end_rules(end_rules(&settings.end));
    let phases = state.storage.phases(game.id).await?;
    let (id, shared) = (game.id, variant.clone());
    let recorded = super::off_the_workers(move || replay(id, &shared, start, &phases)).await?;
    Ok((variant, recorded))
}

/// Plays `phases`' stored orders from `start`, checking that each phase starts where
/// the stored one did.
fn replay(
    game_id: i64,
    variant: &standoff::Variant,
    start: Game,
    phases: &[crate::storage::PhaseRow],
) -> Result<RecordedGame, ApiError> {
    let mut recorded = RecordedGame {
        game: start,
        history: Vec::new(),
    };
    for phase in phases {
        let stored: serde_json::Value = serde_json::from_str(&phase.position)?;
        let replayed = serde_json::to_value(recorded.game.position.to_json(variant))?;
        if stored != replayed {
            return Err(ApiError::Internal(format!(
                "game {game_id}: phase {} does not replay from the stored history",
                phase.phase_no
            )));
        }
        let lines: Vec<String> = serde_json::from_str(&phase.orders)?;
        let (parsed, errors) = parse_orders_at(variant, &recorded.game.position, &lines.join("\n"));
        if let Some(error) = errors.first() {
            return Err(ApiError::Internal(format!(
                "game {game_id}: phase {}: stored order unreadable: {}",
                phase.phase_no, error.error
            )));
        }
        let orders: Vec<standoff::Order> = parsed.into_iter().map(|p| p.order).collect();
        recorded.process(variant, &orders);
    }
    Ok(recorded)
}

/// The game as a download.
pub async fn export(
    state: &AppState,
    account: Option<&AccountRow>,
    id: i64,
    format: ExportFormat,
) -> Result<Download, ApiError> {
    let (game, _players) = visible_game(state, id, account).await?;
    let (variant, recorded) = recorded_game(state, &game).await?;
    let settings = settings_of(&game)?;
    // Writing the file is CPU work too (the package's labels for every phase).
    super::off_the_workers(move || download(id, format, &variant, &recorded, &settings.rules)).await
}

/// The file of `recorded` in `format` (`rules`: the game's rules, named in a case file
/// when they are not the default).
fn download(
    id: i64,
    format: ExportFormat,
    variant: &standoff::Variant,
    recorded: &RecordedGame,
    rules: &str,
) -> Result<Download, ApiError> {
    let game_id = format!("game-{id}");
    Ok(match format {
        ExportFormat::Mila => Download {
            content_type: "application/json",
            file_name: format!("{game_id}.json"),
            body: serde_json::to_string_pretty(&standoff::mila::saved_game_json(
                variant, recorded, &game_id,
            ))?,
        },
        ExportFormat::Save => Download {
            content_type: "application/json",
            file_name: format!("{game_id}.save.json"),
            body: serde_json::to_string_pretty(&recorded.to_json(variant))?,
        },
        ExportFormat::Case => {
            let rules = (rules.trim() != "datc").then_some(rules);
            Download {
                content_type: "text/plain; charset=utf-8",
                file_name: format!("{game_id}.txt"),
                body: write_case_file(
                    variant,
                    &CaseFileHeader {
                        variant_name: &variant.name,
                        rules,
                        game_id: &game_id,
                    },
                    recorded,
                ),
            }
        }
    })
}
