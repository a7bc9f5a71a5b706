//! A game session: one game being played by people, the thing a server or the Python
//! binding keeps per game. It holds the variant (a shared `Arc`), the game with its
//! history, and each power's pending submission for the current phase, with how every
//! line is read. Pure: no I/O, no clock; deadlines are the caller's business.
//!
//! `submit` replaces a power's orders for the phase and answers per line; `process`
//! plays the phase with what was submitted (a power that sent nothing is in civil
//! disorder: its units hold, its dislodged units are disbanded, its adjustments follow
//! the civil-disorder rule) and clears the submissions.

mod check;
mod saved;

use check::CheckTables;
pub use check::{canonical, CheckOutcome, OrderCheck, PositionChecker};
pub use saved::SessionError;

use crate::game::{EndRules, SubmittedPhase};
use crate::ids::PowerId;
use crate::json::PhaseRecordJson;
use crate::order::{Order, OrderKind};
use crate::phase::PhaseKind;
use crate::record::RecordedGame;
use crate::rules::Rules;
use crate::submission::{Arrival, Collected, OrderSet, Submissions};
use crate::variant::Variant;
use std::sync::{Arc, OnceLock};

/// One game in play: variant, record, pending submissions.
#[derive(Clone, Debug)]
pub struct Session {
    variant_name: String,
    variant: Arc<Variant>,
    record: RecordedGame,
    /// Phases played before this session was loaded (text form, from the saved game).
    earlier: Vec<PhaseRecordJson>,
    /// How the game ended, in words, when it ended before this session was loaded.
    ended_text: Option<String>,
    /// Per power: what it submitted for the current phase (`None`: nothing).
    pending: Vec<Option<Pending>>,
    /// What the first [`Session::checker`] of the current position worked out (the
    /// judge's unit tables, the adjustment allowances), shared by the next; emptied
    /// whenever the record may change.
    check_tables: OnceLock<CheckTables>,
}

/// One power's submission for the current phase.
#[derive(Clone, Debug)]
enum Pending {
    /// Lines read by the session ([`Session::submit`]), each with how it is read.
    Lines(Vec<OrderCheck>),
    /// Orders read and checked by the caller ([`Session::submit_checked`]); their lines
    /// in canonical notation are written only if asked for ([`Session::orders`]).
    Checked {
        orders: Vec<Order>,
        lines: OnceLock<Vec<OrderCheck>>,
    },
}

impl Pending {
    /// The submitted lines and how each is read.
    fn lines(&self, variant: &Variant) -> &[OrderCheck] {
        match self {
            Pending::Lines(lines) => lines,
            Pending::Checked { orders, lines } => lines.get_or_init(|| {
                orders
                    .iter()
                    .map(|order| {
                        let text = canonical(variant, order);
                        OrderCheck {
                            read_as: Some(text.clone()),
                            text,
                            outcome: CheckOutcome::Accepted(order.clone()),
                        }
                    })
                    .collect()
            }),
        }
    }

    /// The orders that go to the judge, in submission order.
    fn accepted(&self) -> impl Iterator<Item = &Order> + '_ {
        let (lines, orders) = match self {
            Pending::Lines(lines) => (lines.as_slice(), &[][..]),
            Pending::Checked { orders, .. } => (&[][..], orders.as_slice()),
        };
        lines.iter().filter_map(OrderCheck::accepted).chain(orders)
    }

    /// The orders that go to the judge, taken out of the submission.
    fn into_accepted(self) -> Vec<Order> {
        match self {
            Pending::Lines(lines) => lines
                .into_iter()
                .filter_map(|c| match c.outcome {
                    CheckOutcome::Accepted(o) => Some(o),
                    _ => None,
                })
                .collect(),
            Pending::Checked { orders, .. } => orders,
        }
    }
}

impl Session {
    /// A new game of `variant` (named `variant_name` in saved games) under `rules` and
    /// `end_rules`. Refuses rule choices the judge does not implement.
    pub fn new(
        variant_name: &str,
        variant: Arc<Variant>,
        rules: Rules,
        end_rules: EndRules,
    ) -> Result<Session, SessionError> {
        end_rules.check(&variant)?;
        let mut record = RecordedGame::new(&variant);
        record.game = record.game.with_rules(rules).with_end_rules(end_rules);
        let powers = variant.powers.len();
        Ok(Session {
            variant_name: variant_name.to_string(),
            variant,
            record,
            earlier: Vec::new(),
            ended_text: None,
            pending: vec![None; powers],
            check_tables: OnceLock::new(),
        })
    }

    /// A new game of the built-in variant `name` (the shared copy).
    pub fn new_builtin(
        name: &str,
        rules: Rules,
        end_rules: EndRules,
    ) -> Result<Session, SessionError> {
        let variant = crate::variant::builtin_arc(name)?;
        let canonical = variant.name.clone();
        Session::new(&canonical, variant, rules, end_rules)
    }

    /// The variant.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// The variant's name as saved games give it.
    pub fn variant_name(&self) -> &str {
        &self.variant_name
    }

    /// The game and the phases played in this session.
    pub fn record(&self) -> &RecordedGame {
        &self.record
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.record.game.is_over() || self.ended_text.is_some()
    }

    /// How the game ended, in words.
    pub fn ended(&self) -> Option<String> {
        match &self.record.game.ended {
            Some(end) => Some(crate::report::game_end_text(&self.variant, end)),
            None => self.ended_text.clone(),
        }
    }

    /// The power named `name`.
    pub fn find_power(&self, name: &str) -> Result<PowerId, SessionError> {
        self.variant
            .find_power(name)
            .ok_or_else(|| SessionError::UnknownPower(name.to_string()))
    }

    /// Replaces `power`'s orders for the current phase with `entries` (one order per
    /// line; an entry may hold several lines) and says how each line is read. Lines that
    /// are unreadable, illegal, or order another power's units are kept with the reason
    /// and not passed to the judge.
    pub fn submit(
        &mut self,
        power: PowerId,
        entries: &[String],
    ) -> Result<Vec<OrderCheck>, SessionError> {
        if self.is_over() {
            return Err(SessionError::GameOver);
        }
        if power.index() >= self.pending.len() {
            return Err(SessionError::UnknownPower(format!("power {}", power.0)));
        }
        let lines = check::order_lines(entries);
        let game = &self.record.game;
        let checks = check::check_lines(&self.variant, &game.rules, &game.position, power, &lines);
        self.pending[power.index()] = Some(Pending::Lines(checks.clone()));
        Ok(checks)
    }

    /// A session around a game record made elsewhere (a game built or loaded by the
    /// Python binding); nothing is submitted yet.
    pub fn from_record(variant_name: &str, variant: Arc<Variant>, record: RecordedGame) -> Session {
        let powers = variant.powers.len();
        Session {
            variant_name: variant_name.to_string(),
            variant,
            record,
            earlier: Vec::new(),
            ended_text: None,
            pending: vec![None; powers],
            check_tables: OnceLock::new(),
        }
    }

    /// The game record, to edit the board between phases (the binding's `set_units`,
    /// `set_state`, ...). Submissions are kept: the caller clears them
    /// ([`Session::clear_submissions`]) when an edit makes them stale.
    pub fn record_mut(&mut self) -> &mut RecordedGame {
        self.check_tables = OnceLock::new();
        &mut self.record
    }

    /// Replaces `power`'s submission with orders the caller has already read and checked
    /// against the current position (the binding reads the `diplomacy` package's
    /// notation itself; [`Session::checker`] checks them). Each is kept as an accepted
    /// line in canonical notation (written when [`Session::orders`] first asks).
    pub fn submit_checked(
        &mut self,
        power: PowerId,
        orders: Vec<Order>,
    ) -> Result<(), SessionError> {
        if self.is_over() {
            return Err(SessionError::GameOver);
        }
        let slot = self
            .pending
            .get_mut(power.index())
            .ok_or_else(|| SessionError::UnknownPower(format!("power {}", power.0)))?;
        *slot = Some(Pending::Checked {
            orders,
            lines: OnceLock::new(),
        });
        Ok(())
    }

    /// A checker for orders in the current position under the game's rules (what
    /// [`Session::submit`] applies to each line), for callers that read orders
    /// themselves before [`Session::submit_checked`].
    pub fn checker(&self) -> PositionChecker<'_> {
        let game = &self.record.game;
        let (variant, rules, position) = (&*self.variant, &game.rules, &game.position);
        if let Some(tables) = self.check_tables.get() {
            return PositionChecker::with_tables(variant, rules, position, tables);
        }
        let checker = PositionChecker::new(variant, rules, position);
        if let Some(tables) = checker.tables() {
            let _ = self.check_tables.set(tables);
        }
        checker
    }

    /// Withdraws `power`'s submission (every power's with `None`).
    pub fn clear_submissions(&mut self, power: Option<PowerId>) {
        for (p, slot) in self.pending.iter_mut().enumerate() {
            if power.is_none_or(|q| q.index() == p) {
                *slot = None;
            }
        }
    }

    /// The orders of `power`'s submission that go to the judge (empty when it submitted
    /// nothing).
    pub fn accepted_orders(&self, power: PowerId) -> impl Iterator<Item = &Order> + '_ {
        self.pending
            .get(power.index())
            .and_then(Option::as_ref)
            .into_iter()
            .flat_map(Pending::accepted)
    }

    /// `power`'s submission for the current phase (`None`: nothing submitted).
    pub fn orders(&self, power: PowerId) -> Option<&[OrderCheck]> {
        let pending = self.pending.get(power.index())?.as_ref()?;
        Some(pending.lines(&self.variant))
    }

    /// The powers that must act in the current phase: in a movement phase every power
    /// with units; in a retreat phase every power with a dislodged unit that can
    /// retreat; in an adjustment phase every power with a build or removal to make.
    pub fn powers_with_orders_due(&self) -> Vec<PowerId> {
        if self.is_over() {
            return Vec::new();
        }
        let variant = &self.variant;
        let position = &self.record.game.position;
        let mut due = vec![false; variant.powers.len()];
        match position.phase.kind {
            PhaseKind::Movement => {
                for (_, unit) in position.units() {
                    due[unit.power.index()] = true;
                }
            }
            PhaseKind::Retreat => {
                for d in position.dislodged.iter() {
                    if !d.retreat_options.is_empty() {
                        due[d.unit.power.index()] = true;
                    }
                }
            }
            PhaseKind::Adjustment => {
                for (p, slot) in due.iter_mut().enumerate() {
                    let power = PowerId(p as u8);
                    *slot = crate::legal::power_adjustment_orders(variant, position, power)
                        .iter()
                        .any(|o| !matches!(o.kind, OrderKind::Waive));
                }
            }
        }
        due.iter()
            .enumerate()
            .filter(|(_, &d)| d)
            .map(|(p, _)| PowerId(p as u8))
            .collect()
    }

    /// Plays the current phase with the submitted orders and clears the submissions.
    pub fn process(&mut self) -> Result<SubmittedPhase, SessionError> {
        let mut collected = self.play_collected()?;
        let Some(record) = self.record.history.last() else {
            return Err(SessionError::GameOver);
        };
        collected.orders = record.orders.clone();
        Ok(SubmittedPhase {
            collected,
            processed: record.processed.clone(),
        })
    }

    /// [`Session::process`] without handing the phase back: the played phase is the
    /// record's last ([`RecordedGame::history`]), nothing of it is copied.
    pub fn play(&mut self) -> Result<(), SessionError> {
        self.play_collected().map(drop)
    }

    /// Plays the phase; how the orders were collected, without the orders themselves
    /// (they moved into the record).
    fn play_collected(&mut self) -> Result<Collected, SessionError> {
        if self.is_over() {
            return Err(SessionError::GameOver);
        }
        let mut submissions = Submissions::new(Arrival::Known);
        for (p, pending) in self.pending.iter_mut().enumerate() {
            if let Some(pending) = pending.take() {
                submissions.submit(PowerId(p as u8), OrderSet::new(pending.into_accepted()));
            }
        }
        let game = &self.record.game;
        let mut collected = submissions.collect(
            &self.variant,
            &game.rules,
            game.position.phase.kind,
            &game.standing,
        );
        let orders = std::mem::take(&mut collected.orders);
        self.check_tables = OnceLock::new();
        self.record.process_owned(&self.variant, orders);
        Ok(collected)
    }
}
