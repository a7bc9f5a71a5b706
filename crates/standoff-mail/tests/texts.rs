//! Notice texts: each recipient gets only what it may see.

use standoff::game::Game;
use standoff::parse::parse_orders;
use standoff::report::Audience;
use standoff::{PhaseKind, PowerId, Variant};
use standoff_mail::texts::{
    deadline_reminder, phase_results, press_digest, Addressed, DeadlineReminder, DigestMessage,
    GameRef, OrdersState, PhaseResults,
};
use standoff_mail::Address;
use std::time::Duration;

const GAME: GameRef<'static> = GameRef {
    name: "friday-game",
    url: Some("https://judge.example.org/games/7"),
};

fn to() -> Address {
    Address::new("player@example.org", None).expect("address")
}

fn power(variant: &Variant, name: &str) -> PowerId {
    let index = variant
        .powers
        .iter()
        .position(|p| p.name == name)
        .expect("power in the standard map");
    PowerId(index as u8)
}

#[test]
fn a_reminder_names_phase_deadline_time_left_and_missing_orders() {
    let notice = deadline_reminder(
        to(),
        GAME,
        &DeadlineReminder {
            power: "France",
            phase: "Spring 1901 movement",
            deadline: "Fri 2026-11-27 00:00 CET",
            remaining: Duration::from_secs(2 * 3600 + 5 * 60),
            orders: OrdersState::Missing,
        },
    );
    assert_eq!(
        notice.subject,
        "[standoff] friday-game: Spring 1901 movement due in 2 hours 5 minutes"
    );
    assert!(notice.body.starts_with(
        "France, the deadline for Spring 1901 movement is Fri 2026-11-27 00:00 CET \
         (2 hours 5 minutes from now)."
    ));
    assert!(notice.body.contains("You have not submitted orders yet"));
    assert!(notice.body.contains("https://judge.example.org/games/7"));
    let ready = deadline_reminder(
        to(),
        GAME,
        &DeadlineReminder {
            power: "France",
            phase: "Fall 1901 retreats",
            deadline: "tomorrow",
            remaining: Duration::from_secs(86400 + 3600),
            orders: OrdersState::Ready,
        },
    );
    assert!(
        ready.subject.ends_with("due in 1 day 1 hour"),
        "{}",
        ready.subject
    );
    assert!(ready.body.contains("marked ready"));
}

#[test]
fn phase_results_for_a_power_hold_its_orders_and_not_the_others() {
    let variant = Variant::standard();
    let mut game = Game::new(&variant);
    let (parsed, errors) = parse_orders(
        &variant,
        PhaseKind::Movement,
        "France: A par - bur\nGermany: A mun - ruh\nEngland: F lon - nth",
    );
    assert!(errors.is_empty(), "{errors:?}");
    let orders: Vec<_> = parsed.into_iter().map(|p| p.order).collect();
    let processed = game.process(&variant, &orders);
    let results = PhaseResults {
        variant: &variant,
        orders: &orders,
        processed: &processed,
        position_after: &game.position,
    };
    let france = phase_results(
        to(),
        GAME,
        &results,
        Audience::Power(power(&variant, "France")),
    );
    assert!(france.subject.contains("results"), "{}", france.subject);
    assert!(france.body.contains("Par - Bur"), "{}", france.body);
    assert!(!france.body.contains("Mun - Ruh"), "{}", france.body);
    assert!(!france.body.contains("Lon - Nth"), "{}", france.body);
    // The center table is public.
    assert!(france.body.contains("Germany"), "{}", france.body);
    let gm = phase_results(to(), GAME, &results, Audience::All);
    for order in ["Par - Bur", "Mun - Ruh", "Lon - Nth"] {
        assert!(gm.body.contains(order), "{order} in {}", gm.body);
    }
}

#[test]
fn a_digest_holds_only_the_press_addressed_to_its_reader() {
    let variant = Variant::standard();
    let (england, france, germany) = (
        power(&variant, "England"),
        power(&variant, "France"),
        power(&variant, "Germany"),
    );
    let to_france = [france];
    let to_france_and_germany = [france, germany];
    let messages = [
        DigestMessage {
            phase: "S1901M",
            sender: "England",
            from_power: Some(england),
            to: Addressed::Powers(&to_france),
            body: "secret for France",
        },
        DigestMessage {
            phase: "S1901M",
            sender: "England",
            from_power: Some(england),
            to: Addressed::Powers(&to_france_and_germany),
            body: "group note",
        },
        DigestMessage {
            phase: "S1901M",
            sender: "Anonymous",
            from_power: Some(germany),
            to: Addressed::Everyone,
            body: "public line one\npublic line two",
        },
        DigestMessage {
            phase: "S1901M",
            sender: "France",
            from_power: Some(france),
            to: Addressed::Gamemaster,
            body: "to the GM",
        },
    ];
    let for_germany =
        press_digest(to(), GAME, &variant, Audience::Power(germany), &messages).expect("some");
    assert!(!for_germany.body.contains("secret for France"));
    assert!(for_germany.body.contains("group note"));
    assert!(!for_germany.body.contains("to the GM"));
    // Germany's own public message is not news to Germany.
    assert!(!for_germany.body.contains("public line one"));
    assert_eq!(for_germany.subject, "[standoff] friday-game: 1 new message");

    let for_france =
        press_digest(to(), GAME, &variant, Audience::Power(france), &messages).expect("some");
    assert!(for_france.body.contains("secret for France"));
    assert!(for_france.body.contains("England to France, Germany:"));
    assert!(for_france
        .body
        .contains("Anonymous to everyone:\n  public line one\n  public line two"));
    assert!(
        !for_france.body.contains("to the GM"),
        "France's own message"
    );

    let for_gm = press_digest(to(), GAME, &variant, Audience::All, &messages).expect("some");
    for text in [
        "secret for France",
        "group note",
        "public line one",
        "to the GM",
    ] {
        assert!(for_gm.body.contains(text), "{text}");
    }
    assert_eq!(for_gm.subject, "[standoff] friday-game: 4 new messages");

    let russia = power(&variant, "Russia");
    assert!(press_digest(
        to(),
        GAME,
        &variant,
        Audience::Power(russia),
        &messages[..2]
    )
    .is_none());
}
