//! A game with its history: every phase played, with the position before it, the orders
//! given and what happened. What front ends (Python, server, saved games) build on;
//! [`crate::game::Game`] itself keeps only the current position, for speed.

use crate::game::{Game, PhaseResult, Processed};
use crate::order::Order;
use crate::position::Position;
use crate::variant::Variant;
use std::sync::Arc;

/// One played phase.
#[derive(Clone, Debug)]
pub struct PhaseRecord {
    /// The position at the start of the phase.
    pub position: Position,
    /// The orders given (all powers, in submission order).
    pub orders: Vec<Order>,
    /// What happened.
    pub processed: Processed,
}

/// A game and its history.
#[derive(Clone, Debug)]
pub struct RecordedGame {
    /// The game (current position and winner).
    pub game: Game,
    /// Phases played, oldest first. Each is shared (`Arc`): copies of the game, and
    /// front ends handing a played phase out (the Python binding's `PhaseData`), share
    /// it instead of copying it; `Arc::make_mut` edits one.
    pub history: Vec<Arc<PhaseRecord>>,
}

impl RecordedGame {
    /// A new game of `variant` from its start.
    pub fn new(variant: &Variant) -> Self {
        RecordedGame {
            game: Game::new(variant),
            history: Vec::new(),
        }
    }

    /// A game continuing from `position`, with no history.
    pub fn from_position(position: Position) -> Self {
        RecordedGame {
            game: Game::from_position(position),
            history: Vec::new(),
        }
    }

    /// Plays the current phase and records it.
    pub fn process(&mut self, variant: &Variant, orders: &[Order]) -> &PhaseRecord {
        self.process_owned(variant, orders.to_vec())
    }

    /// [`RecordedGame::process`] with orders the record may keep (no copy of them).
    pub fn process_owned(&mut self, variant: &Variant, orders: Vec<Order>) -> &PhaseRecord {
        // The position before the phase moves into the record (the game plays from it
        // and gets the next one): no copy of the board.
        let placeholder = Position::placeholder(self.game.position.phase());
        let position = std::mem::replace(&mut self.game.position, placeholder);
        let processed = self.game.process_from(variant, &position, &orders);
        self.history.push(Arc::new(PhaseRecord {
            position,
            orders,
            processed,
        }));
        let last = self.history.len() - 1;
        &self.history[last]
    }

    /// The movement result of a recorded phase, if it was a movement phase.
    pub fn movement_result(&self, index: usize) -> Option<&crate::adjudicate::MovementResult> {
        match &self.history.get(index)?.processed.result {
            PhaseResult::Movement(r) => Some(r),
            _ => None,
        }
    }
}
