//! The Bowen example game (`examples/bowen-game.txt`) plays from the Winter 1900
//! placement to Winter 1903, and each rule its comments announce happens.

use standoff::adjudicate::Outcome;
use standoff::game::{Game, PhaseResult, Processed};
use standoff::parse::split_phases;
use standoff::{Phase, PhaseKind, Season, Variant};

struct Played {
    variant: Variant,
    phases: Vec<Processed>,
    game: Game,
}

fn play() -> Played {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/bowen-game.txt");
    let text = std::fs::read_to_string(path).expect("examples/bowen-game.txt");
    let variant = Variant::builtin("bowen").expect("bowen is built in");
    let mut game = Game::new(&variant);
    let sections = split_phases(&text).expect("headers read");
    let mut phases = Vec::new();
    game.play_sections(&variant, &sections, |step, _| {
        assert!(
            step.errors.is_empty(),
            "unreadable orders: {:?}",
            step.errors
        );
        phases.push(step.processed.clone());
    })
    .expect("phases in order");
    Played {
        variant,
        phases,
        game,
    }
}

fn phase(played: &Played, season: Season, year: i32, kind: PhaseKind) -> &Processed {
    let wanted = Phase { season, year, kind };
    played
        .phases
        .iter()
        .find(|p| p.phase == wanted)
        .unwrap_or_else(|| panic!("{wanted} was played"))
}

fn movement(p: &Processed) -> &standoff::adjudicate::MovementResult {
    match &p.result {
        PhaseResult::Movement(r) => r,
        _ => panic!("{} is a movement phase", p.phase),
    }
}

#[test]
fn the_bowen_example_game_shows_each_rule() {
    let played = play();
    let v = &played.variant;
    let id = |name: &str| v.map.find_province(name).expect("a space");
    let power = |name: &str| v.find_power(name).expect("a power");

    // Rule 2: the placement set England's home centers for the rest of the game;
    // Liverpool is no center any more.
    let end = &played.game.position;
    let england_homes = v.home_centers_in(end, power("England"));
    for home in ["Edinburgh", "London", "Yorkshire"] {
        assert!(england_homes.contains(&id(home)), "{home}");
    }
    assert!(!v.is_center_in(end, id("Liverpool")));

    let fall = movement(phase(&played, Season::Fall, 1901, PhaseKind::Movement));
    // Rules 3-4: the army moved onto the North Sea fleet and landed in Norway.
    let yorkshire = fall.unit(id("Yorkshire")).expect("A Yor");
    assert_eq!(yorkshire.outcome, Outcome::LandedAt { at: id("Norway") });
    // Rule 6: the empty Ruhr's home guard stopped the French army.
    assert!(fall.home_guards.contains(&(power("Germany"), id("Ruhr"))));
    let burgundy = fall.unit(id("Burgundy")).expect("A Bur");
    assert!(matches!(burgundy.outcome, Outcome::Bounced { .. }));
    // Rule 11: the French army that stayed in Switzerland was eliminated.
    assert_eq!(fall.eliminated.len(), 1);
    assert_eq!(fall.eliminated[0].power, power("France"));
    // Rule 7: Germany keeps Belgium, entered in spring and left empty in fall.
    let captures = &phase(&played, Season::Fall, 1901, PhaseKind::Movement).captures;
    assert!(captures
        .iter()
        .any(|c| c.center == id("Belgium") && c.to == power("Germany")));

    let spring = movement(phase(&played, Season::Spring, 1902, PhaseKind::Movement));
    // Rule 10: the French army disbanded before the turn; its home guard (rule 6) fell
    // to a supported German attack.
    assert_eq!(
        spring.unit(id("Burgundy")).expect("A Bur").outcome,
        Outcome::Disbanded
    );
    assert!(spring
        .home_guards
        .contains(&(power("France"), id("Burgundy"))));
    assert_eq!(
        spring.position.unit_at(id("Burgundy")).map(|u| u.power),
        Some(power("Germany"))
    );

    // Played through to the winter of 1903.
    assert_eq!(
        played.game.position.phase(),
        Phase {
            season: Season::Winter,
            year: 1903,
            kind: PhaseKind::Adjustment
        }
    );
    let germany_centers = v.counted_centers(&played.game.position, power("Germany"));
    assert_eq!(germany_centers, 6, "Mun, Ruh, Kie, Den, Hol, Bur");
}

/// A saved Bowen position keeps the placed home centers and the last occupants, so a
/// loaded game goes on as it would have.
#[test]
fn a_bowen_position_survives_its_json_form() {
    let played = play();
    let (v, end) = (&played.variant, &played.game.position);
    let json = end.to_json(v);
    assert!(json.home_centers.is_some() && json.last_occupied.is_some());
    let back = standoff::Position::from_position_json(v, &json).expect("reads back");
    assert_eq!(&back, end);
}
