//! Checking one power's submitted order lines against the current position: how the
//! judge reads each line (canonical text), or why it is unreadable or illegal.

use crate::adjudicate::{retreat_decision, AdjustmentChecker, Illegal, OrderChecker, UnitTables};
use crate::ids::PowerId;
use crate::order::Order;
use crate::parse::parse_orders_with;
use crate::phase::PhaseKind;
use crate::position::Position;
use crate::report::illegal_text;
use crate::rules::Rules;
use crate::variant::Variant;

/// What the judge makes of one submitted line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckOutcome {
    /// Read and allowed: this order goes to the judge.
    Accepted(Order),
    /// Read, but not allowed in this position (it will not be passed on).
    Illegal {
        /// The order as read.
        order: Order,
        /// Why it is not allowed.
        reason: String,
    },
    /// Not readable as an order, or not the submitting power's to give.
    Refused(String),
}

/// One submitted line and what the judge makes of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderCheck {
    /// The line as submitted (trimmed).
    pub text: String,
    /// The order in the judge's canonical notation (`A par - bur`), when it was read.
    pub read_as: Option<String>,
    /// What happens to it.
    pub outcome: CheckOutcome,
}

impl OrderCheck {
    /// The order passed to the judge, if the line was read and is allowed.
    pub fn accepted(&self) -> Option<&Order> {
        match &self.outcome {
            CheckOutcome::Accepted(o) => Some(o),
            _ => None,
        }
    }

    /// Why the line will not be passed to the judge (`None` when it will).
    pub fn problem(&self) -> Option<&str> {
        match &self.outcome {
            CheckOutcome::Accepted(_) => None,
            CheckOutcome::Illegal { reason, .. } => Some(reason),
            CheckOutcome::Refused(reason) => Some(reason),
        }
    }
}

/// The order in canonical notation, without the power.
pub fn canonical(variant: &Variant, order: &Order) -> String {
    order
        .display_ids(&variant.map)
        .with_powers(&variant.powers)
        .to_string()
}

/// Splits submitted entries into order lines: an entry may hold several lines; blank
/// lines and `#` comments are left out.
pub(super) fn order_lines(entries: &[String]) -> Vec<String> {
    entries
        .iter()
        .flat_map(|e| e.lines())
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

/// Checks `lines` (already split by [`order_lines`]) as `power`'s order set.
pub(super) fn check_lines(
    variant: &Variant,
    rules: &Rules,
    position: &Position,
    power: PowerId,
    lines: &[String],
) -> Vec<OrderCheck> {
    // The power header makes every line the power's; the set is read as a whole so the
    // rules on poorly written orders (4.E.2 c, d) see all of it.
    let mut text = format!("{}:\n", variant.power_name(power));
    for line in lines {
        text.push_str(line);
        text.push('\n');
    }
    let (parsed, errors) = parse_orders_with(variant, position, rules, &text);
    let mut outcomes: Vec<Option<CheckOutcome>> = vec![None; lines.len()];
    // Line 1 is the header; submitted line i is text line i + 2.
    let slot = |line: usize| line.checked_sub(2).filter(|&i| i < lines.len());
    for e in errors {
        if let Some(i) = slot(e.line) {
            outcomes[i] = Some(CheckOutcome::Refused(e.error.kind.to_string()));
        }
    }
    let checker = PositionChecker::new(variant, rules, position);
    for p in parsed {
        let Some(i) = slot(p.line) else { continue };
        let order = p.order;
        outcomes[i] = Some(if order.power != power {
            CheckOutcome::Refused(format!(
                "the order is {}'s, not {}'s",
                variant.power_name(order.power),
                variant.power_name(power)
            ))
        } else {
            match checker.check(&order) {
                Ok(()) => CheckOutcome::Accepted(order),
                Err(why @ Illegal::NotYourUnit) => CheckOutcome::Refused(illegal_text(why).into()),
                Err(why) => CheckOutcome::Illegal {
                    order,
                    reason: illegal_text(why).to_string(),
                },
            }
        });
    }
    lines
        .iter()
        .zip(outcomes)
        .map(|(line, outcome)| {
            let outcome = outcome.unwrap_or_else(|| {
                CheckOutcome::Refused("not an order (a power name alone changes nothing)".into())
            });
            let read_as = match &outcome {
                CheckOutcome::Accepted(o) | CheckOutcome::Illegal { order: o, .. } => {
                    Some(canonical(variant, o))
                }
                CheckOutcome::Refused(_) => None,
            };
            OrderCheck {
                text: line.clone(),
                read_as,
                outcome,
            }
        })
        .collect()
}

/// Checks orders one at a time against one position, in any phase: a movement order
/// by the judge's legality (DATC 4.E.1 d), a retreat or adjustment order adjudicated
/// alone (an adjustment allowance shared by several orders is applied when the phase
/// is played). Making one is cheap (the judge's unit tables in a movement phase, the
/// powers' allowances in an adjustment phase).
pub struct PositionChecker<'a> {
    variant: &'a Variant,
    rules: &'a Rules,
    position: &'a Position,
    by_phase: ByPhase<'a>,
}

/// The phase's own checker.
// A short-lived value on the stack, one per `set_orders` call: boxing the judge's tables
// would cost an allocation per call for nothing.
#[allow(clippy::large_enum_variant)]
enum ByPhase<'a> {
    Movement(OrderChecker<'a>),
    Retreat,
    Adjustment(AdjustmentChecker),
    /// An adjustment checker kept by the session ([`CheckTables`]).
    SharedAdjustment(&'a AdjustmentChecker),
}

/// What a checker works out about one position before checking any order (the judge's
/// unit tables in a movement phase, the allowances in an adjustment phase), kept by a
/// game session for the next checkers of the same position.
#[derive(Clone, Debug)]
#[allow(
    clippy::large_enum_variant,
    reason = "one per session, kept in place; its province sets are inline so as not to allocate"
)]
pub(crate) enum CheckTables {
    Movement(UnitTables),
    Adjustment(AdjustmentChecker),
}

impl<'a> PositionChecker<'a> {
    /// [`PositionChecker::new`] from what an earlier checker of `position` under `rules`
    /// worked out ([`PositionChecker::tables`]).
    pub(crate) fn with_tables(
        variant: &'a Variant,
        rules: &'a Rules,
        position: &'a Position,
        tables: &'a CheckTables,
    ) -> Self {
        let by_phase = match (position.phase.kind, tables) {
            (PhaseKind::Movement, CheckTables::Movement(tables)) => {
                ByPhase::Movement(OrderChecker::with_tables(variant, rules, position, tables))
            }
            (PhaseKind::Adjustment, CheckTables::Adjustment(checker)) => {
                ByPhase::SharedAdjustment(checker)
            }
            _ => return PositionChecker::new(variant, rules, position),
        };
        PositionChecker {
            variant,
            rules,
            position,
            by_phase,
        }
    }

    /// What this checker worked out before checking any order, to make more checkers
    /// for the same position and rules cheaply ([`PositionChecker::with_tables`]).
    pub(crate) fn tables(&self) -> Option<CheckTables> {
        match &self.by_phase {
            ByPhase::Movement(checker) => Some(CheckTables::Movement(checker.unit_tables())),
            ByPhase::Adjustment(checker) => Some(CheckTables::Adjustment(checker.clone())),
            ByPhase::Retreat | ByPhase::SharedAdjustment(_) => None,
        }
    }

    /// A checker for `position` under `rules`.
    pub fn new(variant: &'a Variant, rules: &'a Rules, position: &'a Position) -> Self {
        let by_phase = match position.phase.kind {
            PhaseKind::Movement => {
                ByPhase::Movement(OrderChecker::with_rules(variant, rules, position))
            }
            PhaseKind::Retreat => ByPhase::Retreat,
            PhaseKind::Adjustment => ByPhase::Adjustment(AdjustmentChecker::new(variant, position)),
        };
        PositionChecker {
            variant,
            rules,
            position,
            by_phase,
        }
    }

    /// Whether `order` would be followed (the unit is there, is the ordering power's,
    /// and the order could be valid here); why not otherwise. A retreat or adjustment
    /// order is judged as if given alone.
    pub fn check(&self, order: &Order) -> Result<(), Illegal> {
        match &self.by_phase {
            ByPhase::Movement(checker) => checker.check(order),
            ByPhase::Retreat => {
                retreat_decision(self.variant, self.rules, self.position, order).map(drop)
            }
            ByPhase::Adjustment(checker) => {
                checker.check(self.variant, self.rules, self.position, order)
            }
            ByPhase::SharedAdjustment(checker) => {
                checker.check(self.variant, self.rules, self.position, order)
            }
        }
    }
}
