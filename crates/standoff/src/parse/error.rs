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
    /// The line is longer than [`crate::limits::MAX_ORDER_LINE_BYTES`]; it was not
    /// read (the error's input is only its start).
    LineTooLong {
        /// The line's length in bytes.
        bytes: usize,
    },
    /// The block of orders is larger than [`crate::limits::MAX_ORDERS_TEXT_BYTES`]; no
    /// line of it was read.
    TextTooLarge {
        /// The block's size in bytes.
        bytes: usize,
    },
    /// Stands for the lines after the first [`crate::limits::MAX_ORDER_LINES`] of a
    /// block of orders: they were not read. The last error of a block.
    TooManyLines {
        /// How many lines were not read.
        unread: usize,
    },
    /// Stands for the errors beyond [`crate::limits::MAX_REPORTED_ERRORS`] in one
    /// block of orders: they were counted, not kept. After the kept errors.
    TooManyErrors {
        /// How many errors were not kept.
        suppressed: usize,
    },
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
            ParseErrorKind::LineTooLong { bytes } => write!(
                f,
                "the line is {bytes} bytes long, above the limit of {} bytes; not read",
                crate::limits::MAX_ORDER_LINE_BYTES
            ),
            ParseErrorKind::TextTooLarge { bytes } => write!(
                f,
                "the orders are {bytes} bytes, above the limit of {} bytes; none was read",
                crate::limits::MAX_ORDERS_TEXT_BYTES
            ),
            ParseErrorKind::TooManyLines { unread } => write!(
                f,
                "{unread} more lines not read: one block of orders is read up to {} lines",
                crate::limits::MAX_ORDER_LINES
            ),
            ParseErrorKind::TooManyErrors { suppressed } => {
                write!(f, "{suppressed} more errors suppressed")
            }
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
        if let ParseErrorKind::TooManyErrors { .. }
        | ParseErrorKind::TooManyLines { .. }
        | ParseErrorKind::TextTooLarge { .. } = self.kind
        {
            return write!(f, "{}", self.kind);
        }
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
