//! How a game ended, in words (what a saved game keeps in its `ended` field).

use crate::game::{DrawReason, GameEnd};
use crate::variant::Variant;

/// `France wins with 18 centers.`, `draw (7 consecutive years without a capture) between …`, or the
/// short game's ranking.
pub fn game_end_text(variant: &Variant, end: &GameEnd) -> String {
    let names = |ps: &[crate::PowerId]| {
        ps.iter()
            .map(|&p| variant.power_name(p))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match end {
        GameEnd::Victory { power, centers } => {
            format!(
                "{} wins with {centers} centers.",
                variant.power_name(*power)
            )
        }
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
