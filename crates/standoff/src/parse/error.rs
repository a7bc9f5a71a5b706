//! Parse errors: what was wrong and where, printable with a caret under the bad word.

use std::fmt;
use std::ops::Range;

/// What went wrong while reading an order.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// Nothing to read.
    Empty,
    /// No power was named and none applies from context.
    MissingPower,
    /// A word where a power name was expected that names no power.
    UnknownPower(String),
    /// A power name was expected here (after `proxy to`).
    ExpectedPower,
    /// A word that names no space on the map.
    UnknownLocation(String),
    /// A misspelled name that could be several spaces.
    AmbiguousLocation(String, Vec<String>),
    /// A location was expected here.
    ExpectedLocation,
    /// An order word (`-`, `S`, `C`, `H`, ...) was expected here.
    ExpectedAction,
    /// The order was complete but more text followed.
    TrailingInput,
    /// A coast name that is not a coast.
    BadCoast(String),
    /// A unit (`A par`, `F stp/sc`, `1/2A par`) was expected.
    ExpectedUnit,
}

/// An order that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct ParseError {
    /// What was wrong.
    pub kind: ParseErrorKind,
    /// Byte range of the offending word in `input`.
    pub span: Range<usize>,
    /// The order text.
    pub input: String,
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseErrorKind::Empty => write!(f, "empty order"),
            ParseErrorKind::MissingPower => write!(f, "no power given for this order"),
            ParseErrorKind::UnknownPower(w) => write!(f, "`{w}` is not a power"),
            ParseErrorKind::ExpectedPower => write!(f, "expected a power name here"),
            ParseErrorKind::UnknownLocation(w) => write!(f, "`{w}` is not a space on this map"),
            ParseErrorKind::AmbiguousLocation(w, c) => {
                write!(f, "`{w}` could be any of: {}", c.join(", "))
            }
            ParseErrorKind::ExpectedLocation => write!(f, "expected a space name here"),
            ParseErrorKind::ExpectedAction => write!(
                f,
                "expected an order here (`-`, `S`, `C`, `H`, `R`, `D`, `Build`, `Remove`)"
            ),
            ParseErrorKind::TrailingInput => write!(f, "unexpected text after the order"),
            ParseErrorKind::BadCoast(w) => write!(f, "`{w}` is not a coast"),
            ParseErrorKind::ExpectedUnit => {
                write!(
                    f,
                    "expected a unit: `A xxx` or `F xxx` (`1/2A xxx` at half strength)"
                )
            }
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let col = self.input[..self.span.start.min(self.input.len())]
            .chars()
            .count();
        writeln!(f, "{} (column {})", self.kind, col + 1)?;
        writeln!(f, "  {}", self.input)?;
        let width = self.input
            [self.span.start.min(self.input.len())..self.span.end.min(self.input.len())]
            .chars()
            .count()
            .max(1);
        write!(f, "  {}{}", " ".repeat(col), "^".repeat(width))
    }
}
