//! The words of every notice. Each text is built for one recipient from what that
//! recipient may see: a power's phase results hold its own orders and units plus the
//! public sections (the core's per-power report), a press digest holds only messages
//! addressed to the reader.

use crate::notice::{Address, Notice};
use standoff::game::Processed;
use standoff::report::{center_table, phase_report, Audience};
use standoff::{Order, Position, PowerId, Variant};
use std::fmt::Write;
use std::time::Duration;

/// The game a notice is about.
#[derive(Clone, Copy, Debug)]
pub struct GameRef<'a> {
    /// The game's name as players know it.
    pub name: &'a str,
    /// A link to the game, when the server knows its public URL.
    pub url: Option<&'a str>,
}

impl GameRef<'_> {
    fn subject(&self, what: &str) -> String {
        format!("[standoff] {}: {what}", self.name)
    }

    fn footer(&self, out: &mut String) {
        out.push_str("\n-- \n");
        match self.url {
            Some(url) => {
                let _ = writeln!(out, "{}: {url}", self.name);
            }
            None => {
                let _ = writeln!(out, "Game: {}", self.name);
            }
        }
        out.push_str("You receive this because you play in this game on a standoff judge.\n");
    }
}

/// Where a power's orders stand when a reminder goes out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OrdersState {
    /// No orders submitted yet.
    Missing,
    /// Orders submitted, not marked ready.
    Submitted,
    /// Orders submitted and marked ready.
    Ready,
}

/// What a deadline reminder says.
#[derive(Clone, Copy, Debug)]
pub struct DeadlineReminder<'a> {
    /// The recipient's power.
    pub power: &'a str,
    /// The phase, as shown to players (e.g. "Spring 1901 movement").
    pub phase: &'a str,
    /// The deadline, already written in the recipient's time zone.
    pub deadline: &'a str,
    /// Time left until the deadline.
    pub remaining: Duration,
    pub orders: OrdersState,
}

/// A reminder that a deadline is near.
pub fn deadline_reminder(
    to: Address,
    game: GameRef<'_>,
    reminder: &DeadlineReminder<'_>,
) -> Notice {
    let left = remaining_text(reminder.remaining);
    let mut body = format!(
        "{}, the deadline for {} is {} ({left} from now).\n\n",
        reminder.power, reminder.phase, reminder.deadline
    );
    body.push_str(match reminder.orders {
        OrdersState::Missing => {
            "You have not submitted orders yet. If none arrive in time, the rules for missed \
             orders apply: units hold in movement, are disbanded in retreats, and civil \
             disorder decides adjustments.\n"
        }
        OrdersState::Submitted => {
            "Your orders are in. You can revise them until the deadline, or mark them ready.\n"
        }
        OrdersState::Ready => "Your orders are in and marked ready.\n",
    });
    game.footer(&mut body);
    Notice {
        to,
        subject: game.subject(&format!("{} due in {left}", reminder.phase)),
        body,
    }
}

/// "2 hours 5 minutes", "40 minutes", "1 day 3 hours": the two largest units.
fn remaining_text(remaining: Duration) -> String {
    let minutes = remaining.as_secs() / 60;
    let (days, hours, minutes) = (minutes / 1440, minutes / 60 % 24, minutes % 60);
    let unit = |n: u64, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    match (days, hours) {
        (0, 0) => unit(minutes, "minute"),
        (0, h) if minutes == 0 => unit(h, "hour"),
        (0, h) => format!("{} {}", unit(h, "hour"), unit(minutes, "minute")),
        (d, 0) => unit(d, "day"),
        (d, h) => format!("{} {}", unit(d, "day"), unit(h, "hour")),
    }
}

/// What a phase-results notice reports.
#[derive(Clone, Copy, Debug)]
pub struct PhaseResults<'a> {
    pub variant: &'a Variant,
    /// The orders the phase was adjudicated with (all powers').
    pub orders: &'a [Order],
    pub processed: &'a Processed,
    /// The position after the phase (for the center table).
    pub position_after: &'a Position,
}

/// The results of a processed phase, as `reader` may see them: the core's per-power
/// report for a power (its own orders and units, the center changes), everything for
/// `Audience::All` (the GM, or every player of a game whose orders are public once
/// processed). The center table is public and always included.
pub fn phase_results(
    to: Address,
    game: GameRef<'_>,
    results: &PhaseResults<'_>,
    reader: Audience,
) -> Notice {
    let mut body = phase_report(results.variant, results.orders, results.processed, reader);
    body.push('\n');
    body.push_str(&center_table(results.variant, results.position_after));
    if results.processed.ended.is_some() {
        body.push_str("\nThe game is over.\n");
    }
    game.footer(&mut body);
    Notice {
        to,
        subject: game.subject(&format!("{} results", results.processed.phase)),
        body,
    }
}

/// Who a press message was sent to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Addressed<'a> {
    /// A public announcement (or a GM notice to all).
    Everyone,
    /// A private or group message to these powers.
    Powers(&'a [PowerId]),
    /// A message to the gamemaster only.
    Gamemaster,
}

/// One message in a press digest.
#[derive(Clone, Copy, Debug)]
pub struct DigestMessage<'a> {
    /// The phase it was sent in, as shown to players.
    pub phase: &'a str,
    /// The sender as readers may see it (a power name, "Gamemaster", or "Anonymous").
    pub sender: &'a str,
    /// The sending power, if a power sent it (never shown; used to leave a reader's own
    /// messages out of their digest).
    pub from_power: Option<PowerId>,
    pub to: Addressed<'a>,
    pub body: &'a str,
}

impl DigestMessage<'_> {
    /// Whether `reader` may read this message (and has not written it).
    pub fn readable_by(&self, reader: Audience) -> bool {
        match reader {
            Audience::All => true,
            Audience::Power(power) => {
                self.from_power != Some(power)
                    && match self.to {
                        Addressed::Everyone => true,
                        Addressed::Powers(powers) => powers.contains(&power),
                        Addressed::Gamemaster => false,
                    }
            }
        }
    }
}

/// A digest of the press `reader` may read among `messages`; `None` when there is none.
pub fn press_digest(
    to: Address,
    game: GameRef<'_>,
    variant: &Variant,
    reader: Audience,
    messages: &[DigestMessage<'_>],
) -> Option<Notice> {
    let readable: Vec<&DigestMessage<'_>> =
        messages.iter().filter(|m| m.readable_by(reader)).collect();
    if readable.is_empty() {
        return None;
    }
    let mut body = format!(
        "{} new message{} in {}.\n",
        readable.len(),
        if readable.len() == 1 { "" } else { "s" },
        game.name
    );
    for message in &readable {
        let recipients = match message.to {
            Addressed::Everyone => "everyone".to_string(),
            Addressed::Gamemaster => "the gamemaster".to_string(),
            Addressed::Powers(powers) => powers
                .iter()
                .filter(|p| p.index() < variant.powers.len())
                .map(|&p| variant.power_name(p))
                .collect::<Vec<_>>()
                .join(", "),
        };
        let _ = writeln!(
            body,
            "\n[{}] {} to {}:",
            message.phase, message.sender, recipients
        );
        for line in message.body.lines() {
            let _ = writeln!(body, "  {line}");
        }
    }
    game.footer(&mut body);
    Some(Notice {
        to,
        subject: game.subject(&format!(
            "{} new message{}",
            readable.len(),
            if readable.len() == 1 { "" } else { "s" }
        )),
        body,
    })
}
