//! Property tests: the parser and the judge return errors or results on any input and
//! never panic; adjudication does not depend on the order in which orders are given.

use proptest::prelude::*;
use standoff::adjudicate::{adjudicate_movement, adjudicate_text};
use standoff::parse::parse_order;
use standoff::{PhaseKind, Position, Variant};
use std::sync::OnceLock;

fn variant() -> &'static Variant {
    static V: OnceLock<Variant> = OnceLock::new();
    V.get_or_init(Variant::standard)
}

const WORDS: &[&str] = &[
    "England:",
    "France:",
    "Germany:",
    "Russia:",
    "A",
    "F",
    "-",
    "S",
    "C",
    "H",
    "R",
    "D",
    "via",
    "convoy",
    "Build",
    "Remove",
    "Waive",
    "lon",
    "nth",
    "eng",
    "bel",
    "hol",
    "pic",
    "bre",
    "par",
    "bur",
    "mun",
    "ber",
    "kie",
    "spa",
    "spa/nc",
    "stp/sc",
    "(nc)",
    "/",
    "(",
    ")",
    "North",
    "Sea",
    "Mid-Atlantic",
    "to",
    ":",
    "xx",
];

fn order_text() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(WORDS), 0..9).prop_map(|w| w.join(" "))
}

proptest! {
    #[test]
    fn parser_never_panics_on_arbitrary_text(text in "\\PC{0,40}") {
        for kind in [PhaseKind::Movement, PhaseKind::Retreat, PhaseKind::Adjustment] {
            let _ = parse_order(variant(), kind, None, &text);
        }
    }

    #[test]
    fn parser_never_panics_on_order_like_text(text in order_text()) {
        let _ = parse_order(variant(), PhaseKind::Movement, None, &text);
        let _ = parse_order(variant(), PhaseKind::Adjustment, None, &text);
    }

    #[test]
    fn adjudication_never_panics_and_ignores_order_sequence(lines in prop::collection::vec(order_text(), 0..25)) {
        let v = variant();
        let start = Position::initial(v);
        let text = lines.join("\n");
        let done = adjudicate_text(v, &start, &text);
        // Unit count is conserved: every unit is on the board or dislodged.
        let before = start.units().count();
        let after = done.result.position.units().count() + done.result.position.dislodged().len();
        prop_assert_eq!(before, after);
        // Reversing the order list gives the same board.
        let mut reversed = done.orders.clone();
        reversed.reverse();
        let again = adjudicate_movement(v, &start, &reversed);
        prop_assert_eq!(&again.position, &done.result.position);
    }
}
