//! Units as positions write them (`A par`, `F stp/sc`), with the strength marks of
//! variants that grade units: `1/2A par` (half strength), `A* par` (provisional, built
//! in an uncontrolled home center; the Bowen variant).

use super::{parse_order, ParseError, ParseErrorKind};
use crate::ids::PowerId;
use crate::order::OrderKind;
use crate::phase::PhaseKind;
use crate::unit::{Grade, Unit};
use crate::variant::Variant;

/// Reads one unit of `power`: `A par`, `F stp/sc`, `1/2A par`, `1/2 F nth`, `A* par`.
pub fn parse_unit(variant: &Variant, power: PowerId, text: &str) -> Result<Unit, ParseError> {
    let trimmed = text.trim();
    let (grade, rest) = match trimmed.strip_prefix("1/2").or(trimmed.strip_prefix('½')) {
        Some(rest) => (Grade::Half, rest.trim_start().to_string()),
        None => match trimmed.split_once(char::is_whitespace) {
            Some((letter, rest)) if letter.len() == 2 && letter.ends_with('*') => {
                (Grade::Provisional, format!("{} {rest}", &letter[..1]))
            }
            _ => (Grade::Full, trimmed.to_string()),
        },
    };
    let expected_unit = || ParseError {
        kind: ParseErrorKind::ExpectedUnit,
        span: 0..text.len(),
        input: text.to_string(),
    };
    let order = parse_order(variant, PhaseKind::Movement, Some(power), &rest)?;
    match order.kind {
        OrderKind::Hold { unit } => Ok(Unit {
            power,
            kind: unit.kind.ok_or_else(expected_unit)?,
            location: unit.location,
            grade,
        }),
        _ => Err(expected_unit()),
    }
}
