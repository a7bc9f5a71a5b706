//! The `diplomacy` Python package's saved-game JSON ("mila" format, after its
//! authors' lab): reading games, writing orders in its notation, and replaying a
//! recorded game phase by phase to compare its outcomes with standoff's.
//!
//! The format: `{"id", "map", "rules", "phases": [{"name": "S1901M", "state": {"units":
//! {"FRANCE": ["A PAR", "*F BRE"]}, "centers": {...}, "retreats": {"FRANCE": {"F BRE":
//! ["MAO"]}}, ...}, "orders": {"FRANCE": ["A PAR - BUR", ...]}, "results": {"A PAR":
//! ["bounce"]}}]}`. A `*` marks a dislodged unit. Unknown fields are ignored.

mod export;
mod format;
mod known;
pub mod labels;
mod replay;

pub use export::{load_recorded, movement_result_codes, saved_game_json, state_json, LoadProblem};
pub use format::{
    order_to_mila, phase_name, power_name, read_games, write_mila_order, MilaError, MilaGame,
    MilaPhase, MilaState,
};
pub use known::{KnownDiffs, KnownDiffsError};
pub use replay::{replay_game, PhaseDiff, ReplaySummary, Triage};
