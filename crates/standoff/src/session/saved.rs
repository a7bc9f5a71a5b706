//! A session to and from the saved-game JSON ([`GameJson`]); the session's errors.

use super::Session;
use crate::game::{EndRulesError, Game};
use crate::json::{GameJson, JsonError, PhaseRecordJson};
use crate::position::Position;
use crate::record::RecordedGame;
use crate::rules::{Rules, RulesError};
use crate::variant::{SavedVariant, Variant, VariantError};

/// Why a session could not be made or used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SessionError {
    /// The variant could not be loaded.
    #[error(transparent)]
    Variant(#[from] VariantError),
    /// The rule set uses a choice the judge does not implement.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The end-of-game rules do not fit the variant.
    #[error(transparent)]
    EndRules(#[from] EndRulesError),
    /// The saved winner is not a power of the variant.
    #[error("the saved winner `{0}` is not a power of the variant")]
    UnknownWinner(String),
    /// The saved position could not be read.
    #[error(transparent)]
    Position(#[from] JsonError),
    /// The saved game is not valid JSON of the expected shape.
    #[error("invalid saved game: {0}")]
    Syntax(String),
    /// No power of this name.
    #[error("unknown power `{0}`")]
    UnknownPower(String),
    /// The game has ended: no more orders or phases.
    #[error("the game is over")]
    GameOver,
}

impl Session {
    /// The saved game: variant, current position, every phase played (the ones this
    /// session was loaded with, then its own), rules and end state. Pending
    /// submissions are not part of it (the caller stores them).
    pub fn to_json(&self) -> GameJson {
        let variant = &self.variant;
        let game = &self.record.game;
        let mut history = self.earlier.clone();
        history.extend(
            self.record
                .history
                .iter()
                .map(|h| PhaseRecordJson::of(variant, h.processed.phase, &h.orders)),
        );
        crate::saved_game::game_json(variant, game, history, self.ended())
    }

    /// A session continuing a saved game, with `variant` (e.g. from
    /// [`crate::variant::builtin_arc`] of `saved.variant`). No submissions are pending.
    pub fn from_json(
        saved: GameJson,
        variant: std::sync::Arc<Variant>,
    ) -> Result<Session, SessionError> {
        let rules = Rules::new(saved.rules)?;
        saved.end_rules.check(&variant)?;
        let position = Position::from_position_json(&variant, &saved.position)?;
        let mut game = Game::from_position(position)
            .with_rules(rules)
            .with_end_rules(saved.end_rules);
        game.quiet_years = saved.quiet_years;
        game.winner = match saved.winner.as_deref() {
            None => None,
            Some(w) => Some(
                variant
                    .find_power(w)
                    .ok_or_else(|| SessionError::UnknownWinner(w.to_string()))?,
            ),
        };
        game.ended = match &saved.end {
            None => None,
            Some(end) => Some(end.to_end(&variant).map_err(SessionError::UnknownPower)?),
        };
        let powers = variant.powers.len();
        Ok(Session {
            variant_name: variant.name.clone(),
            variant,
            record: RecordedGame {
                game,
                history: Vec::new(),
            },
            earlier: saved.history,
            ended_text: saved.ended,
            pending: vec![None; powers],
            check_tables: std::sync::OnceLock::new(),
        })
    }

    /// [`Session::from_json`] for a game of a built-in variant, from its JSON text.
    pub fn from_json_text(text: &str) -> Result<Session, SessionError> {
        let saved: GameJson =
            serde_json::from_str(text).map_err(|e| SessionError::Syntax(e.to_string()))?;
        let variant = match &saved.variant {
            SavedVariant::Name(name) => crate::variant::builtin_arc(name)?,
            // Embedded files load without reading any file (no reader is given).
            other => std::sync::Arc::new(other.load(None)?),
        };
        Session::from_json(saved, variant)
    }
}
