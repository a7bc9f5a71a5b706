//! Scoring a finished game with the DPTG results table.
//!
//! The Diplomacy Players' Technical Guide (chapter II, "Object of the game") gives one
//! zero-sum scoring format for the standard seven-power game:
//!
//! | result | points |
//! |---|---|
//! | win | +360 |
//! | 2-way draw | +150 |
//! | 3-way draw | +80 |
//! | 4-way draw | +45 |
//! | 5-way draw | +24 |
//! | 6-way draw | +10 |
//! | 7-way draw | 0 |
//! | loss | −60 |
//!
//! This module owns turning a [`GameResult`] into one score per power. It is pure: the
//! caller says how the game ended and how many powers the variant has.
//!
//! ## How the table is read
//! - A **win** (a power reached the victory count) scores +360 for the winner and −60 for
//!   every other power.
//! - A **concession** is a win for the power conceded to.
//! - A **draw** (by the DPTG rules, or agreed by vote) is shared equally by its
//!   participants; every other power scores a loss.
//! - A **center ranking** ends a short game (a time limit such as "most centers after
//!   Fall 1910"): the DPTG gives no short game for the standard game, so we score it as the
//!   natural reading of "most centers": a single leader wins; powers tied for the most
//!   centers share a draw. A ranking where nobody owns a center is refused.
//! - An **abandoned** game (ended by the GM without a result) is unrated: every power
//!   scores 0.
//!
//! ## Variants with other numbers of powers
//! The table is zero-sum: each loser pays 60, and the winner or drawers share what the
//! losers paid (6 × 60 = 360 for a win, 5 × 60 / 2 = 150 for a 2-way draw, down to
//! 0 × 60 / 7 = 0 for a 7-way draw). The guide gives no table for other sizes, so for a
//! variant with `n` powers we apply the same rule: a loss is −60 and a `k`-way result
//! gives each participant `60 × (n − k) / k`. For `n = 7` this is exactly the table. When
//! the share is not a whole number (e.g. 9 powers, 7-way draw: 120 / 7) it is rounded to
//! the nearest point (halves away from zero), so the total of such a game may differ
//! from zero by less than `k` points.

use crate::PowerId;
use thiserror::Error;

/// What a loser scores (the table's "Loss −60").
pub const LOSS_POINTS: i64 = -60;

/// How a game ended, as far as scoring is concerned.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GameResult {
    /// One power reached the victory count.
    Victory { winner: PowerId },
    /// The other players conceded the game to one power: a win for it.
    Concession { to: PowerId },
    /// A draw shared by the listed powers (any order; each listed once).
    Draw { participants: Vec<PowerId> },
    /// A short game ended on a time limit: supply centers owned, indexed by power.
    CenterRanking { centers: Vec<u32> },
    /// Ended without a result (abandoned by the GM): unrated.
    Abandoned,
}

/// Why a result could not be scored.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ScoringError {
    #[error("a scored game needs at least 2 powers, this one has {0}")]
    TooFewPowers(usize),
    #[error("power {power} is not in the game (it has {power_count} powers)")]
    UnknownPower { power: usize, power_count: usize },
    #[error("a draw needs at least one participant")]
    EmptyDraw,
    #[error("power {0} is listed twice in the draw")]
    DuplicateParticipant(usize),
    #[error("the center ranking lists {given} powers, the game has {power_count}")]
    RankingSize { given: usize, power_count: usize },
    #[error("no power owns a supply center, so the ranking names no leader")]
    NoLeader,
}

/// The points each participant of a `k`-way result scores in an `n`-power game (a win is
/// a 1-way result).
pub fn share_points(power_count: usize, participants: usize) -> i64 {
    if participants == 0 || participants > power_count {
        return 0;
    }
    let pot = -LOSS_POINTS * (power_count - participants) as i64;
    let k = participants as i64;
    // Round half away from zero; the pot is never negative.
    (2 * pot + k) / (2 * k)
}

/// Scores one finished game: one score per power, indexed by `PowerId`.
pub fn score(result: &GameResult, power_count: usize) -> Result<Vec<i64>, ScoringError> {
    if power_count < 2 {
        return Err(ScoringError::TooFewPowers(power_count));
    }
    let check = |power: PowerId| {
        if power.index() < power_count {
            Ok(power.index())
        } else {
            Err(ScoringError::UnknownPower {
                power: power.index(),
                power_count,
            })
        }
    };
    let mut shared_by = vec![false; power_count];
    match result {
        GameResult::Abandoned => return Ok(vec![0; power_count]),
        GameResult::Victory { winner: power } | GameResult::Concession { to: power } => {
            shared_by[check(*power)?] = true;
        }
        GameResult::Draw { participants } => {
            if participants.is_empty() {
                return Err(ScoringError::EmptyDraw);
            }
            for &power in participants {
                let index = check(power)?;
                if shared_by[index] {
                    return Err(ScoringError::DuplicateParticipant(index));
                }
                shared_by[index] = true;
            }
        }
        GameResult::CenterRanking { centers } => {
            if centers.len() != power_count {
                return Err(ScoringError::RankingSize {
                    given: centers.len(),
                    power_count,
                });
            }
            let most = centers.iter().copied().max().unwrap_or(0);
            if most == 0 {
                return Err(ScoringError::NoLeader);
            }
            for (index, &owned) in centers.iter().enumerate() {
                shared_by[index] = owned == most;
            }
        }
    }
    let participants = shared_by.iter().filter(|&&shares| shares).count();
    let share = share_points(power_count, participants);
    Ok(shared_by
        .iter()
        .map(|&shares| if shares { share } else { LOSS_POINTS })
        .collect())
}
