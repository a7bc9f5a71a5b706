//! Loading a saved game ([`GameJson`]) without trusting it: the rules are checked, the
//! position goes through [`Position::from_setup`], the history is read against the
//! variant and replayed from the variant's start, and the replay must reach the saved
//! position, winner, end and quiet-year count. Anything else is refused with the phase
//! and order (or field) that was wrong.

use crate::json::{GameEndJson, GameJson, JsonError, PhaseRecordJson, PositionJson};
use crate::order::Order;
use crate::parse::parse_orders_with;
use crate::phase::{parse_phase, Phase};
use crate::position::Position;
use crate::record::RecordedGame;
use crate::report::game_end_text;
use crate::rules::{Rules, RulesError};
use crate::variant::{SavedVariant, Variant};

/// Why a saved game was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SavedGameError {
    /// The rules use a choice that is not implemented.
    #[error("rules: {0}")]
    Rules(#[from] RulesError),
    /// The saved position is not a position of the variant.
    #[error("position: {0}")]
    Position(JsonError),
    /// A history entry's phase cannot be read.
    #[error("history entry {index}: cannot read phase `{phase}`")]
    Phase {
        /// 1-based entry number.
        index: usize,
        /// The text.
        phase: String,
    },
    /// A history entry is not the phase the replay is at.
    #[error("history entry {index}: {recorded}, but the game is at {expected} there")]
    OutOfOrder {
        /// 1-based entry number.
        index: usize,
        /// The recorded phase.
        recorded: Phase,
        /// The replay's phase.
        expected: Phase,
    },
    /// A recorded order that cannot be read against the variant.
    #[error("{phase}: order `{order}`: {message}")]
    Order {
        /// The phase.
        phase: Phase,
        /// The order as saved.
        order: String,
        /// What is wrong.
        message: String,
    },
    /// History recorded after the game had ended.
    #[error("history entry {index} ({phase}) comes after the game ended")]
    AfterEnd {
        /// 1-based entry number.
        index: usize,
        /// Its phase.
        phase: Phase,
    },
    /// The replayed history does not reach the saved position.
    #[error("the history does not reach the saved position: {0}")]
    Diverges(String),
    /// A winner name the variant does not have.
    #[error("winner: unknown power `{0}`")]
    UnknownWinner(String),
    /// A saved field that disagrees with the replay.
    #[error("{field}: saved {saved}, but the history gives {replayed}")]
    Disagrees {
        /// `winner`, `ended`, `end` or `quiet_years`.
        field: &'static str,
        /// The saved value.
        saved: String,
        /// The replay's value.
        replayed: String,
    },
}

fn shown(value: Option<&str>) -> String {
    value.map_or_else(|| "none".to_string(), |v| format!("`{v}`"))
}

/// The first difference between two canonical position forms, in words.
fn first_difference(saved: &PositionJson, replayed: &PositionJson) -> String {
    if saved.phase != replayed.phase {
        return format!("saved at {}, replay at {}", saved.phase, replayed.phase);
    }
    let tables = [
        ("units", to_value(&saved.units), to_value(&replayed.units)),
        (
            "centers",
            to_value(&saved.centers),
            to_value(&replayed.centers),
        ),
        (
            "dislodged units",
            to_value(&saved.dislodged),
            to_value(&replayed.dislodged),
        ),
        (
            "home centers",
            to_value(&saved.home_centers),
            to_value(&replayed.home_centers),
        ),
        (
            "last occupants",
            to_value(&saved.last_occupied),
            to_value(&replayed.last_occupied),
        ),
    ];
    for (what, s, r) in tables {
        if s != r {
            return format!("{what}: saved {s}, replay {r}");
        }
    }
    "the positions differ".to_string()
}

fn to_value<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

impl RecordedGame {
    /// A saved game, checked against `variant` (see the module docs). The `variant`
    /// field itself is the caller's to resolve.
    pub fn from_json(variant: &Variant, saved: &GameJson) -> Result<RecordedGame, SavedGameError> {
        let rules = Rules::new(saved.rules)?;
        let position = Position::from_position_json(variant, &saved.position)
            .map_err(SavedGameError::Position)?;
        let winner = match saved.winner.as_deref() {
            None => None,
            Some(name) => Some(
                variant
                    .find_power(name)
                    .ok_or_else(|| SavedGameError::UnknownWinner(name.to_string()))?,
            ),
        };
        let mut rec = RecordedGame::new(variant);
        rec.game = rec.game.with_rules(rules).with_end_rules(saved.end_rules);
        for (i, entry) in saved.history.iter().enumerate() {
            let index = i + 1;
            let recorded = parse_phase(&entry.phase).ok_or_else(|| SavedGameError::Phase {
                index,
                phase: entry.phase.clone(),
            })?;
            if rec.game.is_over() {
                return Err(SavedGameError::AfterEnd {
                    index,
                    phase: recorded,
                });
            }
            let expected = rec.game.position.phase();
            if recorded != expected {
                return Err(SavedGameError::OutOfOrder {
                    index,
                    recorded,
                    expected,
                });
            }
            let orders = read_orders(variant, &rec, recorded, &entry.orders)?;
            rec.process(variant, &orders);
        }
        let replayed = rec.game.position.to_json(variant);
        let saved_form = position.to_json(variant);
        if replayed != saved_form {
            return Err(SavedGameError::Diverges(first_difference(
                &saved_form,
                &replayed,
            )));
        }
        if winner != rec.game.winner {
            return Err(SavedGameError::Disagrees {
                field: "winner",
                saved: shown(saved.winner.as_deref()),
                replayed: shown(rec.game.winner.map(|w| variant.power_name(w))),
            });
        }
        let ended = rec.game.ended.as_ref().map(|e| game_end_text(variant, e));
        if saved.ended != ended {
            return Err(SavedGameError::Disagrees {
                field: "ended",
                saved: shown(saved.ended.as_deref()),
                replayed: shown(ended.as_deref()),
            });
        }
        let end = rec.game.ended.as_ref().map(|e| GameEndJson::of(variant, e));
        if saved.end.is_some() && saved.end != end {
            return Err(SavedGameError::Disagrees {
                field: "end",
                saved: format!("{:?}", saved.end),
                replayed: format!("{end:?}"),
            });
        }
        if saved.quiet_years != rec.game.quiet_years {
            return Err(SavedGameError::Disagrees {
                field: "quiet_years",
                saved: saved.quiet_years.to_string(),
                replayed: rec.game.quiet_years.to_string(),
            });
        }
        Ok(rec)
    }

    /// The game as a save (what `play --save` writes): the variant by name or embedded,
    /// the position, every recorded phase with its orders in the canonical notation
    /// (`England: F lon - nth`), the rules, end rules and end state. Read back with
    /// [`RecordedGame::from_json`], it gives the same game.
    pub fn to_json(&self, variant: &Variant) -> GameJson {
        let history = self
            .history
            .iter()
            .map(|record| PhaseRecordJson::of(variant, record.position.phase(), &record.orders))
            .collect();
        GameJson::of_game(variant, &self.game, history)
    }
}

impl GameJson {
    /// The save of `game` with the given history (the variant by name or embedded, the
    /// position, rules, end rules and end state).
    pub fn of_game(
        variant: &Variant,
        game: &crate::game::Game,
        history: Vec<PhaseRecordJson>,
    ) -> GameJson {
        let ended = game.ended.as_ref().map(|e| game_end_text(variant, e));
        game_json(variant, game, history, ended)
    }
}

/// A game's save: its variant embedded, its position, the given history and end text,
/// and its rules (shared by [`RecordedGame::to_json`] and the session's save).
pub(crate) fn game_json(
    variant: &Variant,
    game: &crate::game::Game,
    history: Vec<PhaseRecordJson>,
    ended: Option<String>,
) -> GameJson {
    GameJson {
        variant: SavedVariant::of(variant),
        position: game.position.to_json(variant),
        history,
        winner: game.winner.map(|w| variant.power_name(w).to_string()),
        rules: *game.rules.rule_set(),
        end_rules: game.end_rules,
        quiet_years: game.quiet_years,
        ended,
        end: game.ended.as_ref().map(|e| GameEndJson::of(variant, e)),
    }
}

/// One recorded phase's orders, read against the replay's position; the first that
/// cannot be read is named.
fn read_orders(
    variant: &Variant,
    rec: &RecordedGame,
    phase: Phase,
    lines: &[String],
) -> Result<Vec<Order>, SavedGameError> {
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let (parsed, errors) = parse_orders_with(variant, &rec.game.position, &rec.game.rules, &text);
    if let Some(e) = errors.first() {
        return Err(SavedGameError::Order {
            phase,
            order: lines
                .get(e.line.saturating_sub(1))
                .cloned()
                .unwrap_or_default(),
            message: e.error.kind.to_string(),
        });
    }
    if parsed.len() != lines.iter().filter(|l| !l.trim().is_empty()).count() {
        return Err(SavedGameError::Order {
            phase,
            order: lines.join(" / "),
            message: "not every line reads as one order".to_string(),
        });
    }
    Ok(parsed.into_iter().map(|p| p.order).collect())
}
