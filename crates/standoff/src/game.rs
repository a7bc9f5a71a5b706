//! Phase flow: which phase follows which, supply-center capture after fall, victory.
//!
//! Victory (checked when a year ends): the one power with the most centers, if it has at
//! least the victory count; when two or more powers share the most, nobody wins yet
//! (docs/rules.md, "Game end").
//!
//! Spring movement → retreats (if any unit can retreat) → fall movement → retreats →
//! center capture → winter adjustments (if any power has something to do) → next spring.
//! Units dislodged with nowhere to go are destroyed at once. A power that submits no
//! orders holds (civil disorder); the adjustment phase applies the civil-disorder rule.

use crate::adjudicate::{
    adjudicate_adjustments_with, adjudicate_movement_with, adjudicate_retreats_with,
    adjustment_counts, AdjustmentResult, MovementResult, RetreatResult,
};
use crate::ids::{PowerId, ProvinceId};
use crate::order::Order;
use crate::phase::{Phase, PhaseKind, Season};
use crate::position::Position;
use crate::rules::{Allowance, Rules};
use crate::submission::{Collected, StandingOrders, SubmissionError, Submissions};
use crate::variant::Variant;

/// The adjudication of one phase.
#[derive(Clone, Debug)]
pub enum PhaseResult {
    /// A movement phase.
    Movement(MovementResult),
    /// A retreat phase.
    Retreat(RetreatResult),
    /// An adjustment phase.
    Adjustment(AdjustmentResult),
}

/// A center that changed hands after a fall phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CenterChange {
    /// The center.
    pub center: ProvinceId,
    /// Previous owner.
    pub from: Option<PowerId>,
    /// New owner.
    pub to: PowerId,
}

/// Everything that happened in one processed phase.
#[derive(Clone, Debug)]
pub struct Processed {
    /// The phase that was played.
    pub phase: Phase,
    /// Its adjudication.
    pub result: PhaseResult,
    /// Centers captured at the end of the year (after fall and its retreats).
    pub captures: Vec<CenterChange>,
    /// Set when the game ended with this phase (victory, draw or end of a short game).
    pub ended: Option<GameEnd>,
}

impl Processed {
    /// The power that won with this phase, if the game ended by victory.
    pub fn winner(&self) -> Option<PowerId> {
        match self.ended {
            Some(GameEnd::Victory { power, .. }) => Some(power),
            _ => None,
        }
    }
}

/// When a game ends by rule (besides victory at the variant's center count).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EndRules {
    /// Centers needed to win; `None`: the variant's number (18 on the standard map).
    pub victory_centers: Option<usize>,
    /// A draw when this many consecutive years end with no center captured (DPTG: 7).
    pub draw_after_quiet_years: Option<u32>,
    /// A draw when this many game years have ended with no victor (DPTG: 35).
    pub draw_after_years: Option<u32>,
    /// A short game: it ends after this year's fall, ranked by centers.
    pub end_after_year: Option<i32>,
}

impl EndRules {
    /// The DPTG's game end (chapter II): draws after 7 quiet years or 35 years.
    pub const DPTG: EndRules = EndRules {
        victory_centers: None,
        draw_after_quiet_years: Some(7),
        draw_after_years: Some(35),
        end_after_year: None,
    };

    /// Refuses end rules that could never apply, or would end every game at once, on
    /// `variant`: a victory count of 0 or above the map's number of centers, a draw
    /// after 0 quiet years or 0 years, a last year before the variant's first.
    pub fn check(&self, variant: &Variant) -> Result<(), EndRulesError> {
        let centers = variant
            .map
            .provinces()
            .iter()
            .filter(|p| p.is_center)
            .count();
        if let Some(n) = self.victory_centers {
            if n == 0 || n > centers {
                return Err(EndRulesError::VictoryCenters { given: n, centers });
            }
        }
        if self.draw_after_quiet_years == Some(0) {
            return Err(EndRulesError::ZeroQuietYears);
        }
        if self.draw_after_years == Some(0) {
            return Err(EndRulesError::ZeroYears);
        }
        if let Some(last) = self.end_after_year.filter(|&y| y < variant.start_year) {
            return Err(EndRulesError::LastYearBeforeStart {
                last,
                start: variant.start_year,
            });
        }
        Ok(())
    }
}

/// End rules refused by [`EndRules::check`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EndRulesError {
    /// A victory count nobody can reach, or everybody holds from the start.
    #[error("a victory needs between 1 and {centers} centers on this map, not {given}")]
    VictoryCenters {
        /// The count asked for.
        given: usize,
        /// The map's centers.
        centers: usize,
    },
    /// A draw after 0 quiet years would end the game at its first year's end.
    #[error("a draw after quiet years needs at least 1 quiet year, not 0")]
    ZeroQuietYears,
    /// A draw after 0 years would end the game at its first year's end.
    #[error("a draw after a number of years needs at least 1 year, not 0")]
    ZeroYears,
    /// A short game ending before the variant's first year.
    #[error("the game cannot end after {last}: it starts in {start}")]
    LastYearBeforeStart {
        /// The last year asked for.
        last: i32,
        /// The variant's first year.
        start: i32,
    },
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// A power controls the requisite number of centers, more than any other power.
    Victory {
        /// The winner.
        power: PowerId,
        /// Its centers when it won.
        centers: usize,
    },
    /// A draw shared by every power still owning centers.
    Draw {
        /// Why the game was drawn.
        reason: DrawReason,
        /// The powers sharing the draw.
        powers: Vec<PowerId>,
    },
    /// A short game reached its last year: powers ranked by centers, most first.
    ShortGameOver {
        /// `(power, centers)`, most centers first.
        ranking: Vec<(PowerId, usize)>,
    },
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawReason {
    /// Consecutive years ended with no center captured.
    QuietYears(u32),
    /// The maximum number of game years ended with no victor.
    YearLimit(u32),
}

/// A game in progress: the position at the start of the next phase to play.
#[derive(Clone, Debug)]
pub struct Game {
    /// The position, including the phase to play next.
    pub position: Position,
    /// The rules the game is played by (checked: see [`Rules`]).
    pub rules: Rules,
    /// The winner, once a power holds the victory number of centers.
    pub winner: Option<PowerId>,
    /// When the game ends by rule besides victory.
    pub end_rules: EndRules,
    /// How the game ended, once it has.
    pub ended: Option<GameEnd>,
    /// Consecutive year ends with no center captured.
    pub quiet_years: u32,
    /// The powers' perpetual orders (DATC 4.E.4 a), used in
    /// [`Game::process_submissions`] when a power submits none. Not part of the saved
    /// game (`json::GameJson`) yet.
    pub standing: StandingOrders,
}

impl Game {
    /// A new game at the variant's starting position.
    pub fn new(variant: &Variant) -> Game {
        Game::from_position(Position::initial(variant))
    }

    /// A game continuing from `position`.
    pub fn from_position(position: Position) -> Game {
        Game {
            position,
            rules: Rules::DATC,
            winner: None,
            end_rules: EndRules::default(),
            ended: None,
            quiet_years: 0,
            standing: StandingOrders::default(),
        }
    }

    /// The same game with these end-of-game rules.
    pub fn with_end_rules(self, end_rules: EndRules) -> Game {
        Game { end_rules, ..self }
    }

    /// Whether the game has ended (no more phases are played).
    pub fn is_over(&self) -> bool {
        self.ended.is_some() || self.winner.is_some()
    }

    /// The same game played by `rules`.
    pub fn with_rules(self, rules: Rules) -> Game {
        Game { rules, ..self }
    }

    /// Registers `power`'s perpetual orders (DATC 4.E.4 a), replacing earlier ones; an
    /// empty list withdraws them. Refused unless the rules allow perpetual orders.
    pub fn set_standing_orders(
        &mut self,
        power: PowerId,
        orders: Vec<Order>,
    ) -> Result<(), SubmissionError> {
        if self.rules.perpetual_orders != Allowance::Allowed && !orders.is_empty() {
            return Err(SubmissionError::PerpetualNotAllowed);
        }
        self.standing.set(power, orders);
        Ok(())
    }

    /// Plays the current phase with what the powers submitted: their order sets merged,
    /// standing orders and proxy notices added, as the rules say ([`Submissions::collect`]).
    pub fn process_submissions(
        &mut self,
        variant: &Variant,
        submissions: &Submissions,
    ) -> SubmittedPhase {
        let collected = submissions.collect(
            variant,
            &self.rules,
            self.position.phase.kind,
            &self.standing,
        );
        let processed = self.process(variant, &collected.orders);
        SubmittedPhase {
            collected,
            processed,
        }
    }

    /// Plays the current phase with `orders` and moves to the next phase.
    pub fn process(&mut self, variant: &Variant, orders: &[Order]) -> Processed {
        let placeholder = Position::placeholder(self.position.phase);
        let position = std::mem::replace(&mut self.position, placeholder);
        self.process_from(variant, &position, orders)
    }

    /// [`Game::process`] from `position` instead of the game's own position (which is
    /// replaced by the next one): the batch steps positions it borrows without
    /// cloning them first.
    pub(crate) fn process_from(
        &mut self,
        variant: &Variant,
        position: &Position,
        orders: &[Order],
    ) -> Processed {
        let phase = position.phase;
        let (result, mut next) = match phase.kind {
            PhaseKind::Movement => {
                let r = adjudicate_movement_with(variant, &self.rules, position, orders);
                let mut next = r.position.clone();
                next.dislodged.retain(|d| !d.retreat_options.is_empty());
                (PhaseResult::Movement(r), next)
            }
            PhaseKind::Retreat => {
                let r = adjudicate_retreats_with(variant, &self.rules, position, orders);
                let next = r.position.clone();
                (PhaseResult::Retreat(r), next)
            }
            PhaseKind::Adjustment => {
                let r = adjudicate_adjustments_with(variant, &self.rules, position, orders);
                let next = r.position.clone();
                (PhaseResult::Adjustment(r), next)
            }
        };
        let mut captures = Vec::new();
        let mut winner = None;
        let mut ended = None;
        next.phase = if !next.dislodged.is_empty() {
            Phase {
                kind: PhaseKind::Retreat,
                ..phase
            }
        } else {
            match (phase.season, phase.kind) {
                (Season::Spring, _) => Phase {
                    season: Season::Fall,
                    year: phase.year,
                    kind: PhaseKind::Movement,
                },
                (Season::Fall, _) => {
                    captures = capture_centers(variant, &mut next);
                    let needed = self
                        .end_rules
                        .victory_centers
                        .unwrap_or(variant.victory_centers);
                    winner = victor(variant, &next, needed);
                    ended = self.year_end(variant, &next, phase.year, winner, captures.is_empty());
                    let anything_to_do = adjustments_possible(variant, &next);
                    // A game that ends skips the last adjustments (DPTG II).
                    if anything_to_do && ended.is_none() {
                        Phase {
                            season: Season::Winter,
                            year: phase.year,
                            kind: PhaseKind::Adjustment,
                        }
                    } else {
                        Phase::spring_movement(phase.year + 1)
                    }
                }
                (Season::Winter, _) => Phase::spring_movement(phase.year + 1),
            }
        };
        self.position = next;
        self.winner = self.winner.or(winner.map(|(w, _)| w));
        if self.ended.is_none() {
            self.ended.clone_from(&ended);
        }
        Processed {
            phase,
            result,
            captures,
            ended,
        }
    }

    /// Whether the year that just ended ends the game.
    fn year_end(
        &mut self,
        variant: &Variant,
        position: &Position,
        year: i32,
        winner: Option<(PowerId, usize)>,
        quiet: bool,
    ) -> Option<GameEnd> {
        if let Some((power, centers)) = winner {
            return Some(GameEnd::Victory { power, centers });
        }
        self.quiet_years = if quiet { self.quiet_years + 1 } else { 0 };
        let owners = || -> Vec<PowerId> {
            (0..variant.powers.len())
                .map(|p| PowerId(p as u8))
                .filter(|&p| position.center_count(p) > 0)
                .collect()
        };
        let rules = self.end_rules;
        if let Some(n) = rules
            .draw_after_quiet_years
            .filter(|&n| self.quiet_years >= n)
        {
            return Some(GameEnd::Draw {
                reason: DrawReason::QuietYears(n),
                powers: owners(),
            });
        }
        let played = u32::try_from(year - variant.start_year + 1).unwrap_or(0);
        if let Some(n) = rules.draw_after_years.filter(|&n| played >= n) {
            return Some(GameEnd::Draw {
                reason: DrawReason::YearLimit(n),
                powers: owners(),
            });
        }
        if rules.end_after_year.is_some_and(|last| year >= last) {
            let mut ranking: Vec<(PowerId, usize)> = owners()
                .into_iter()
                .map(|p| (p, variant.counted_centers(position, p)))
                .collect();
            ranking.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
            return Some(GameEnd::ShortGameOver { ranking });
        }
        None
    }
}

/// The power that wins at this year's end with its centers: the one with the most
/// centers, if it has at least `needed`. Two or more powers sharing the most is no
/// victory, whatever their count.
fn victor(variant: &Variant, position: &Position, needed: usize) -> Option<(PowerId, usize)> {
    let counts: Vec<(PowerId, usize)> = variant
        .counted_centers_of_all(position)
        .into_iter()
        .enumerate()
        .map(|(p, c)| (PowerId(p as u8), c))
        .collect();
    let most = counts.iter().map(|&(_, c)| c).max()?;
    let mut leaders = counts.iter().filter(|&&(_, c)| c == most);
    match (leaders.next(), leaders.next()) {
        (Some(&leader), None) if most >= needed => Some(leader),
        _ => None,
    }
}

/// Whether a winter adjustment phase has anything to decide: a power must remove
/// units, or may build and has somewhere to build.
fn adjustments_possible(variant: &Variant, position: &Position) -> bool {
    // Winters where units are reduced or disbanded at will are always played (Bowen 9,
    // 10).
    let flags = variant.flags();
    if flags.reduced_units || flags.disband_any_turn {
        return true;
    }
    let counts = adjustment_counts(variant, position);
    counts.iter().enumerate().any(|(p, &due)| {
        due < 0
            || due > 0
                && !crate::legal::power_adjustment_orders(variant, position, PowerId(p as u8))
                    .iter()
                    .all(|o| matches!(o.kind, crate::order::OrderKind::Waive))
    })
}

/// Every center occupied by a unit passes to that unit's power; under the spring-capture
/// rule (Bowen 7) an empty center passes to the power whose unit entered it in the
/// Spring and moved out in the Fall. The year's spring entries are then cleared.
pub fn capture_centers(variant: &Variant, position: &mut Position) -> Vec<CenterChange> {
    let mut changes = Vec::new();
    let spring_capture = variant.flags().spring_capture && !position.spring_entrants.is_empty();
    // (On the stack for boards of up to 64 occupied provinces.)
    let occupied: smallvec::SmallVec<[(ProvinceId, PowerId); 64]> = (0..position.province_count())
        .map(|p| ProvinceId(p as u16))
        .filter_map(|p| match position.unit_at(p) {
            Some(u) => Some((p, u.power)),
            None if spring_capture => position.spring_entrants[p.index()].map(|w| (p, w)),
            None => None,
        })
        .collect();
    position.spring_entrants.iter_mut().for_each(|e| *e = None);
    for (p, power) in occupied {
        if !variant.is_center_in(position, p) {
            continue;
        }
        let from = position.owners[p.index()];
        if from != Some(power) {
            position.owners[p.index()] = Some(power);
            changes.push(CenterChange {
                center: p,
                from,
                to: power,
            });
        }
    }
    changes
}

/// A phase played from submissions.
#[derive(Clone, Debug)]
pub struct SubmittedPhase {
    /// The orders adjudicated, where each came from, and what was dropped and why.
    pub collected: Collected,
    /// What happened.
    pub processed: Processed,
}

/// Why a scripted game could not go on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ScriptError {
    /// A section's phase is not the game's next phase and the phases in between cannot
    /// be played without orders (a movement phase is never skipped).
    #[error("line {line}: orders for {found}, but the game is at {expected}")]
    OutOfOrder {
        /// Header line.
        line: usize,
        /// The game's phase.
        expected: Phase,
        /// The section's phase.
        found: Phase,
    },
}

/// One phase played from a script.
#[derive(Clone, Debug)]
pub struct ScriptedPhase {
    /// Orders that were read.
    pub orders: Vec<Order>,
    /// Lines that could not be read (line numbers in the whole file).
    pub errors: Vec<crate::parse::LineError>,
    /// What happened.
    pub processed: Processed,
}

/// A section of an order file that was not played because the game had ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnplayedSection {
    /// The header's phase (`None` for orders before any header).
    pub phase: Option<Phase>,
    /// 1-based line of the header (0 when there is none).
    pub line: usize,
}

impl Game {
    /// Plays the phases of an order file in turn, calling `on_phase` with each played
    /// phase and the position after it. Retreat and adjustment phases the file skips
    /// are played without orders. Stops when the game ends, and returns the sections
    /// holding orders that were therefore not played.
    pub fn play_sections(
        &mut self,
        variant: &Variant,
        sections: &[crate::parse::PhaseSection],
        mut on_phase: impl FnMut(&ScriptedPhase, &Position),
    ) -> Result<Vec<UnplayedSection>, ScriptError> {
        for (index, section) in sections.iter().enumerate() {
            if let Some(target) = section.phase {
                while !self.is_over() && self.position.phase != target {
                    let current = self.position.phase;
                    let skippable = current.kind != PhaseKind::Movement
                        && (current.year, current.season) <= (target.year, target.season);
                    if !skippable {
                        return Err(ScriptError::OutOfOrder {
                            line: section.line,
                            expected: current,
                            found: target,
                        });
                    }
                    let processed = self.process(variant, &[]);
                    let step = ScriptedPhase {
                        orders: Vec::new(),
                        errors: Vec::new(),
                        processed,
                    };
                    on_phase(&step, &self.position);
                }
            }
            if self.is_over() {
                return Ok(unplayed(&sections[index..]));
            }
            let (parsed, mut errors) = crate::parse::parse_orders_with(
                variant,
                &self.position,
                &self.rules,
                &section.orders,
            );
            for e in &mut errors {
                e.line += section.line;
            }
            let orders: Vec<Order> = parsed.into_iter().map(|p| p.order).collect();
            let processed = self.process(variant, &orders);
            let step = ScriptedPhase {
                orders,
                errors,
                processed,
            };
            on_phase(&step, &self.position);
        }
        Ok(Vec::new())
    }
}

/// The sections that hold order lines (a header alone loses nothing).
fn unplayed(sections: &[crate::parse::PhaseSection]) -> Vec<UnplayedSection> {
    sections
        .iter()
        .filter(|s| s.has_orders())
        .map(|s| UnplayedSection {
            phase: s.phase,
            line: s.line,
        })
        .collect()
}
