//! Readable reports of adjudication results, with the 2000-rulebook abbreviations.
//!
//! A report is for everyone (`Audience::All`) or for one power (`Audience::Power`):
//! the per-power report shows that power's orders and units and the public sections
//! (center changes, the center/unit table).

mod end;
mod phase;
mod texts;

pub use end::game_end_text;
pub use phase::{center_table, movement_report, phase_report};
pub use texts::{illegal_text, outcome_text};

use crate::ids::PowerId;

/// Who a report is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Audience {
    /// Everything.
    All,
    /// Only this power's orders and units (plus public sections).
    Power(PowerId),
}

impl Audience {
    /// Whether lines about `power` belong in the report.
    pub fn shows(self, power: PowerId) -> bool {
        match self {
            Audience::All => true,
            Audience::Power(p) => p == power,
        }
    }
}
