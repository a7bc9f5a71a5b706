//! A session to and from the saved-game JSON ([`GameJson`]); the session's errors.

use super::Session;
use crate::game::{DrawReason, Game, GameEnd};
use crate::ids::PowerId;
use crate::json::{GameJson, JsonError, PhaseRecordJson};
use crate::position::Position;
use crate::record::RecordedGame;
use crate::rules::RulesError;
use crate::variant::{Variant, VariantError};

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
        history.extend(self.record.history.iter().map(|h| {
            PhaseRecordJson {
                phase: h.processed.phase.to_string(),
                orders: h
                    .orders
                    .iter()
                    .map(|o| {
                        format!(
                            "{}: {}",
                            variant.power_name(o.power),
                            super::canonical(variant, o)
                        )
                    })
                    .collect(),
            }
        }));
        GameJson {
            variant: self.variant_name.clone(),
            position: game.position.to_json(variant),
            history,
            winner: game.winner.map(|w| variant.power_name(w).to_string()),
            rules: game.rules,
            end_rules: game.end_rules,
            quiet_years: game.quiet_years,
            ended: self.ended(),
        }
    }

    /// A session continuing a saved game, with `variant` (e.g. from
    /// [`crate::variant::builtin_arc`] of `saved.variant`). No submissions are pending.
    pub fn from_json(
        saved: GameJson,
        variant: std::sync::Arc<Variant>,
    ) -> Result<Session, SessionError> {
        saved.rules.check_supported()?;
        let position = Position::from_position_json(&variant, &saved.position)?;
        let mut game = Game::from_position(position)
            .with_rules(saved.rules)
            .with_end_rules(saved.end_rules);
        game.quiet_years = saved.quiet_years;
        game.winner = saved.winner.as_deref().and_then(|w| variant.find_power(w));
        let powers = variant.powers.len();
        Ok(Session {
            variant_name: saved.variant,
            variant,
            record: RecordedGame {
                game,
                history: Vec::new(),
            },
            earlier: saved.history,
            ended_text: saved.ended,
            pending: vec![None; powers],
        })
    }

    /// [`Session::from_json`] for a game of a built-in variant, from its JSON text.
    pub fn from_json_text(text: &str) -> Result<Session, SessionError> {
        let saved: GameJson =
            serde_json::from_str(text).map_err(|e| SessionError::Syntax(e.to_string()))?;
        let variant = crate::variant::builtin_arc(&saved.variant)?;
        Session::from_json(saved, variant)
    }
}

/// How a game ended, in words (`France wins.`, `draw (...) between ...`).
pub fn describe_end(variant: &Variant, end: &GameEnd) -> String {
    let names = |ps: &[PowerId]| {
        ps.iter()
            .map(|&p| variant.power_name(p))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match end {
        GameEnd::Victory(p) => format!("{} wins.", variant.power_name(*p)),
        GameEnd::Draw { reason, powers } => {
            let why = match reason {
                DrawReason::QuietYears(n) => format!("{n} consecutive years without a capture"),
                DrawReason::YearLimit(n) => format!("{n} years without a victor"),
            };
            format!("draw ({why}) between {}.", names(powers))
        }
        GameEnd::ShortGameOver { ranking } => {
            let list: Vec<String> = ranking
                .iter()
                .map(|(p, c)| format!("{} {c}", variant.power_name(*p)))
                .collect();
            format!("the short game is over; by centers: {}.", list.join(", "))
        }
    }
}
