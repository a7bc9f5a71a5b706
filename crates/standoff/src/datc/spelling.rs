//! The spellings of peers' case files that the order parser does not read itself, turned
//! into the ones it reads: phases (`Spring 1901 (Movement)`, `S1901M`, `W1901A`,
//! `1901 Spring Movement`, none at all), jDip's `m` move token, `→`, and coasts written
//! `spa-nc`.

use crate::phase::{parse_phase, Phase, PhaseKind, Season};
use crate::variant::Variant;
use std::borrow::Cow;

/// The phase a case starts in. An empty text is the variant's first phase.
pub fn read_case_phase(variant: &Variant, text: &str) -> Option<Phase> {
    let text = text.trim();
    if text.is_empty() {
        return Some(variant.start_phase);
    }
    if let Some(phase) = short_code(text) {
        return Some(phase);
    }
    // `Spring 1901 (Movement)`, `Spring 1901, Movement`, `1901 Spring Movement`.
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | '(' | ')' | '[' | ']'))
        .filter(|w| !w.is_empty())
        .collect();
    let [a, b, kind] = words.as_slice() else {
        return None;
    };
    let (season, year) = if a.chars().all(|c| c.is_ascii_digit()) {
        (b, a)
    } else {
        (a, b)
    };
    parse_phase(&format!("{season} {year} {kind}"))
}

/// `S1901M`, `F1901R`, `W1901A` (any case).
fn short_code(text: &str) -> Option<Phase> {
    let upper = text.to_ascii_uppercase();
    let bytes = upper.as_bytes();
    if bytes.len() < 3 || !upper.is_ascii() {
        return None;
    }
    let season = match bytes[0] {
        b'S' => Season::Spring,
        b'F' | b'A' => Season::Fall,
        b'W' => Season::Winter,
        _ => return None,
    };
    let kind = match bytes[bytes.len() - 1] {
        b'M' => PhaseKind::Movement,
        b'R' => PhaseKind::Retreat,
        b'A' | b'B' => PhaseKind::Adjustment,
        _ => return None,
    };
    let year = &upper[1..upper.len() - 1];
    if year.is_empty() || !year.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    Some(Phase {
        season,
        year: year.parse().ok()?,
        kind,
    })
}

/// A unit or order line in the order parser's spelling: `→` and a lone `m` (jDip's move
/// token) become `-`, and a coast written after a dash (`spa-nc`) is written `spa/nc`.
pub fn order_spelling(text: &str) -> Cow<'_, str> {
    let needs_work = text.contains('→')
        || text.split_whitespace().any(|w| w.eq_ignore_ascii_case("m"))
        || coast_dash(text).is_some();
    if !needs_work {
        return Cow::Borrowed(text);
    }
    let arrows = text.replace('→', " - ");
    let mut words: Vec<String> = arrows
        .split_whitespace()
        .map(|w| {
            if w.eq_ignore_ascii_case("m") {
                "-".to_string()
            } else {
                w.to_string()
            }
        })
        .collect();
    for w in &mut words {
        while let Some(at) = coast_dash(w) {
            w.replace_range(at..at + 1, "/");
        }
    }
    Cow::Owned(words.join(" "))
}

/// Where a dash stands between a name and a coast (`spa-nc`, `bul-EC`): a letter before
/// it, a two-letter coast after it and nothing alphanumeric after that.
fn coast_dash(text: &str) -> Option<usize> {
    const COASTS: [&str; 4] = ["nc", "sc", "ec", "wc"];
    let bytes = text.as_bytes();
    (1..bytes.len()).find(|&i| {
        bytes[i] == b'-'
            && bytes[i - 1].is_ascii_alphabetic()
            && bytes
                .get(i + 1..i + 3)
                .is_some_and(|c| COASTS.iter().any(|k| k.as_bytes().eq_ignore_ascii_case(c)))
            && !bytes.get(i + 3).is_some_and(|c| c.is_ascii_alphanumeric())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standard() -> Variant {
        Variant::builtin("standard").expect("standard variant")
    }

    #[test]
    fn every_phase_spelling_peers_use() {
        let v = standard();
        let spring = Phase::spring_movement(1901);
        let winter = Phase {
            season: Season::Winter,
            year: 1901,
            kind: PhaseKind::Adjustment,
        };
        let fall_retreat = Phase {
            season: Season::Fall,
            year: 1902,
            kind: PhaseKind::Retreat,
        };
        for text in [
            "Spring 1901, Movement",
            "Spring 1901 (Movement)",
            "S1901M",
            "s1901m",
            "1901 Spring Movement",
        ] {
            assert_eq!(read_case_phase(&v, text), Some(spring), "{text}");
        }
        assert_eq!(read_case_phase(&v, "W1901A"), Some(winter));
        assert_eq!(read_case_phase(&v, "F1902R"), Some(fall_retreat));
        assert_eq!(
            read_case_phase(&v, "Fall 1902 (Retreat)"),
            Some(fall_retreat)
        );
        assert_eq!(read_case_phase(&v, ""), Some(v.start_phase));
        for bad in [
            "S19X1M",
            "Summer 1901, Movement",
            "1901",
            "X1901M",
            "S1901Q",
        ] {
            assert_eq!(read_case_phase(&v, bad), None, "{bad}");
        }
    }

    #[test]
    fn jdip_move_token_arrow_and_dash_coasts() {
        assert_eq!(order_spelling("F mao m spa-nc"), "F mao - spa/nc");
        assert_eq!(order_spelling("A par → bur"), "A par - bur");
        assert_eq!(order_spelling("F bul-EC S A ser"), "F bul/EC S A ser");
        // Nothing to change: borrowed as is; a move written with a dash stays a move.
        assert!(matches!(order_spelling("A par-bur"), Cow::Borrowed(_)));
        assert_eq!(order_spelling("A mos-sev"), "A mos-sev");
        assert_eq!(order_spelling("A lvn-scan"), "A lvn-scan");
    }
}
