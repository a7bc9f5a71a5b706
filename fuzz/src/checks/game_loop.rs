//! Target `game_loop`: bytes drive a game on the standard map over many phases (orders
//! picked from the legal-order generator by index, now and then raw order text through
//! the parser), under small end rules so that game end is reached.
//!
//! Byte layout: four header bytes choose the end rules (see [`end_rules`]); then each
//! phase reads a control byte (low six bits: how many orders to pick; bit 6: raw text
//! follows), two bytes per picked order (a little-endian index into
//! `legal::all_orders`, taken modulo its length) and, with bit 6, a length byte and that
//! many bytes of order text (UTF-8, read lossily). The game stops when the input does.

use super::standard;
use crate::checks::saved_game::assert_saves_and_loads;
use standoff::game::EndRules;
use standoff::legal::all_orders;
use standoff::parse::parse_orders_with;
use standoff::record::RecordedGame;
use standoff::{Order, Phase, PhaseKind, Position, PowerId, Season, Variant};

/// Most phases one input plays (a year has at most five).
const MAX_PHASES: usize = 60;

/// Reads bytes from the input; `None` once it is used up.
struct Bytes<'a> {
    data: &'a [u8],
}

impl Bytes<'_> {
    fn byte(&mut self) -> Option<u8> {
        let (&first, rest) = self.data.split_first()?;
        self.data = rest;
        Some(first)
    }

    fn take(&mut self, n: usize) -> &[u8] {
        let n = n.min(self.data.len());
        let (taken, rest) = self.data.split_at(n);
        self.data = rest;
        taken
    }
}

/// The end rules the header bytes choose; a byte of 0 leaves the rule out. Small values,
/// so that a short game reaches its end: a victory at 1 to 19 centers, a draw after 1 to
/// 3 quiet years or 1 to 4 years, a last year 1901 to 1905.
pub fn end_rules(header: [u8; 4]) -> EndRules {
    let pick = |b: u8, n: u8| Some(b % n).filter(|&v| v > 0);
    EndRules {
        victory_centers: pick(header[0], 20).map(usize::from),
        draw_after_quiet_years: pick(header[1], 4).map(u32::from),
        draw_after_years: pick(header[2], 5).map(u32::from),
        end_after_year: pick(header[3], 6).map(|y| 1900 + i32::from(y)),
    }
}

/// The order of phases within the game: year, then season, then kind.
fn sequence(phase: Phase) -> (i32, u8, u8) {
    let season = match phase.season {
        Season::Spring => 0,
        Season::Fall => 1,
        Season::Winter => 2,
    };
    let kind = match phase.kind {
        PhaseKind::Movement => 0,
        PhaseKind::Retreat => 1,
        PhaseKind::Adjustment => 2,
    };
    (phase.year, season, kind)
}

/// Plays the game the bytes describe and checks every phase (see the module docs).
pub fn game_loop(data: &[u8]) {
    let variant = standard();
    let mut input = Bytes { data };
    let mut header = [0u8; 4];
    for b in &mut header {
        *b = input.byte().unwrap_or(0);
    }
    let rules = end_rules(header);
    let mut rec = RecordedGame::new(variant);
    rec.game = rec.game.with_end_rules(rules);
    for _ in 0..MAX_PHASES {
        let Some(control) = input.byte() else {
            break;
        };
        let legal = all_orders(variant, &rec.game.position);
        let mut orders: Vec<Order> = Vec::new();
        for _ in 0..(control & 0x3f) {
            let index = u16::from_le_bytes([input.byte().unwrap_or(0), input.byte().unwrap_or(0)]);
            if !legal.is_empty() {
                orders.push(legal[usize::from(index) % legal.len()].clone());
            }
        }
        if control & 0x40 != 0 {
            let len = usize::from(input.byte().unwrap_or(0));
            let text = String::from_utf8_lossy(input.take(len)).into_owned();
            let (parsed, _errors) =
                parse_orders_with(variant, &rec.game.position, &rec.game.rules, &text);
            orders.extend(parsed.into_iter().map(|p| p.order));
        }
        if rec.game.is_over() {
            // A finished game stays finished as it was, whatever is played after.
            let mut after = rec.game.clone();
            after.process(variant, &orders);
            assert!(after.is_over(), "a finished game is no longer finished");
            assert_eq!(after.ended, rec.game.ended, "a finished game's end changed");
            assert_eq!(
                after.winner, rec.game.winner,
                "a finished game's winner changed"
            );
            break;
        }
        let processed = rec.process(variant, &orders).processed.clone();
        let game = &rec.game;
        check_position(variant, &game.position);
        assert!(
            sequence(game.position.phase()) > sequence(processed.phase),
            "the phase went from {} to {}",
            processed.phase,
            game.position.phase()
        );
        assert!(
            game.position.phase().year <= processed.phase.year + 1,
            "a year was skipped after {}",
            processed.phase
        );
        assert_eq!(
            processed.ended, game.ended,
            "the phase's end and the game's end disagree"
        );
        check_end(variant, &rules, game, &processed);
    }
    // A game played through the API saves and loads as the same game.
    assert_saves_and_loads(variant, &rec);
}

/// A position the judge made: one unit per province, each where it can stand; centers
/// owned only on centers; dislodged units only in a retreat phase, retreating to empty
/// provinces.
fn check_position(variant: &Variant, position: &Position) {
    let map = &variant.map;
    for (p, u) in position.units() {
        assert_eq!(
            map.province_of(u.location),
            p,
            "a unit filed under another province"
        );
        assert!(
            map.can_stand(u.kind, u.location),
            "a {:?} at {}",
            u.kind,
            map.location_id_name(u.location)
        );
    }
    for (i, owner) in position.owners().iter().enumerate() {
        if owner.is_some() {
            assert!(
                map.provinces()[i].is_center,
                "{} is owned but not a center",
                map.provinces()[i].id
            );
        }
    }
    if position.phase().kind != PhaseKind::Retreat {
        assert!(
            position.dislodged().is_empty(),
            "dislodged units in {}",
            position.phase()
        );
    }
    for d in position.dislodged() {
        assert!(
            !d.retreat_options.is_empty(),
            "a dislodged unit with no retreat"
        );
        for &l in &d.retreat_options {
            assert!(
                position.unit_at(map.province_of(l)).is_none(),
                "a retreat into occupied {}",
                map.location_id_name(l)
            );
        }
    }
}

/// The end rules are kept: a winner holds the victory count; a game past its last year,
/// or with the quiet years reached, has ended.
fn check_end(
    variant: &Variant,
    rules: &EndRules,
    game: &standoff::game::Game,
    processed: &standoff::game::Processed,
) {
    let needed = rules.victory_centers.unwrap_or(variant.victory_centers);
    if let Some(w) = game.winner {
        let centers = variant.counted_centers(&game.position, w);
        assert!(
            centers >= needed,
            "{} won with {centers} centers, {needed} needed",
            variant.power_name(w)
        );
    }
    if processed.ended.is_none() && processed.phase.season == Season::Fall {
        // The year ended (unless a retreat phase follows) without ending the game.
        let year_over = game.position.phase().kind != PhaseKind::Retreat;
        if year_over {
            // One power with the most centers, at or above the count, wins (whatever
            // the rule for a tie at the top, this is a victory).
            let counts: Vec<usize> = (0..variant.powers.len())
                .map(|p| variant.counted_centers(&game.position, PowerId(p as u8)))
                .collect();
            let most = counts.iter().copied().max().unwrap_or(0);
            let leaders = counts.iter().filter(|&&c| c == most).count();
            assert!(
                most < needed || leaders > 1,
                "a power holds {most} centers ({needed} win) and the game goes on"
            );
            let played = processed.phase.year - variant.start_year + 1;
            if let Some(n) = rules.draw_after_years {
                assert!(
                    i64::from(played) < i64::from(n),
                    "{played} years played, a draw after {n}, and the game goes on"
                );
            }
            if let Some(n) = rules.draw_after_quiet_years {
                assert!(game.quiet_years < n, "{n} quiet years and the game goes on");
            }
            if let Some(last) = rules.end_after_year {
                assert!(
                    processed.phase.year < last,
                    "the year {} ended, the game ends after {last}, and it goes on",
                    processed.phase.year
                );
            }
        }
    }
}
