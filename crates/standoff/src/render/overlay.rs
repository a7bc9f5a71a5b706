//! The orders to draw, each with what became of it, built from a phase's results.

use crate::adjudicate::{
    AdjustmentResult, MovementResult, OrderStatus, Outcome, RetreatOutcome, RetreatResult,
};
use crate::game::PhaseResult;
use crate::ids::ProvinceId;
use crate::order::{Order, OrderKind};

/// What became of an order, as far as the picture tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Verdict {
    /// Not adjudicated yet (orders being written).
    Pending,
    /// It succeeded (a move moved, a support was given, a build was made).
    Succeeded,
    /// It failed (bounced, cut, void, illegal ...).
    Failed,
}

/// One order to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawnOrder {
    /// The order as given.
    pub order: Order,
    /// What became of it.
    pub verdict: Verdict,
    /// Where the unit ended when that is not where it was sent: an army convoyed hop by
    /// hop lands where the fleets take it (Bowen), a railway ride may stop short.
    pub ended_at: Option<ProvinceId>,
}

/// Orders with no results yet.
pub fn plain_overlay(orders: &[Order]) -> Vec<DrawnOrder> {
    orders
        .iter()
        .map(|o| DrawnOrder {
            order: o.clone(),
            verdict: Verdict::Pending,
            ended_at: None,
        })
        .collect()
}

/// A movement phase's orders with their results (`result.orders` follows `orders`).
pub fn movement_overlay(orders: &[Order], result: &MovementResult) -> Vec<DrawnOrder> {
    orders
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let (verdict, ended_at) = match result.orders.get(i) {
                Some(OrderStatus::Applied(p)) => match result.unit(*p).map(|r| r.outcome) {
                    Some(outcome) => judge_outcome(o, outcome),
                    // An order applied without a unit of its own (a canal permission).
                    None => (Verdict::Succeeded, None),
                },
                Some(OrderStatus::Rejected(_)) => (Verdict::Failed, None),
                None => (Verdict::Pending, None),
            };
            DrawnOrder {
                order: o.clone(),
                verdict,
                ended_at,
            }
        })
        .collect()
}

fn judge_outcome(order: &Order, outcome: Outcome) -> (Verdict, Option<ProvinceId>) {
    match outcome {
        Outcome::Moved | Outcome::Supported | Outcome::Convoyed => (Verdict::Succeeded, None),
        Outcome::LandedAt { at } => (Verdict::Succeeded, Some(at)),
        Outcome::Stopped { at } => (Verdict::Failed, Some(at)),
        Outcome::Held => match order.kind {
            OrderKind::Hold { .. } | OrderKind::CanalPermission { .. } => {
                (Verdict::Succeeded, None)
            }
            _ => (Verdict::Failed, None),
        },
        _ => (Verdict::Failed, None),
    }
}

/// A retreat phase's orders with their results.
pub fn retreat_overlay(orders: &[Order], result: &RetreatResult) -> Vec<DrawnOrder> {
    orders
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let verdict = match result.orders.get(i) {
                Some(OrderStatus::Applied(p)) => {
                    match result.units.iter().find(|(q, _)| q == p).map(|(_, r)| r) {
                        Some(RetreatOutcome::Retreated(_)) | Some(RetreatOutcome::Disbanded) => {
                            Verdict::Succeeded
                        }
                        Some(_) => Verdict::Failed,
                        None => Verdict::Succeeded,
                    }
                }
                Some(OrderStatus::Rejected(_)) => Verdict::Failed,
                None => Verdict::Pending,
            };
            DrawnOrder {
                order: o.clone(),
                verdict,
                ended_at: None,
            }
        })
        .collect()
}

/// An adjustment phase's orders with their results.
pub fn adjustment_overlay(orders: &[Order], result: &AdjustmentResult) -> Vec<DrawnOrder> {
    orders
        .iter()
        .enumerate()
        .map(|(i, o)| DrawnOrder {
            order: o.clone(),
            verdict: match result.orders.get(i) {
                Some(OrderStatus::Applied(_)) => Verdict::Succeeded,
                Some(OrderStatus::Rejected(_)) => Verdict::Failed,
                None => Verdict::Pending,
            },
            ended_at: None,
        })
        .collect()
}

/// Any phase's orders with their results.
pub fn phase_overlay(orders: &[Order], result: &PhaseResult) -> Vec<DrawnOrder> {
    match result {
        PhaseResult::Movement(r) => movement_overlay(orders, r),
        PhaseResult::Retreat(r) => retreat_overlay(orders, r),
        PhaseResult::Adjustment(r) => adjustment_overlay(orders, r),
    }
}
