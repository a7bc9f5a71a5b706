//! Input limits, in one place. Everything standoff reads may come from a stranger (the
//! judge server will take orders, positions, saved games and variant files over the
//! network), so every reader refuses input beyond these sizes with an error naming the
//! limit, before spending memory or time on it, and no reader reports an unbounded
//! number of errors. The core checks the text it is given; front ends read files with
//! the same caps (`read at most the limit + 1 bytes`) so an oversized file is never
//! loaded whole.
//!
//! The limits are far above anything a real game needs (the longest order is under
//! 100 bytes; a whole game's order file is under 1 MB; the largest built-in variant
//! file is under 100 KB; a saved game of a long game is a few MB).

/// Longest order line, in bytes. A longer line is refused without being read (its
/// error shows only its start).
pub const MAX_ORDER_LINE_BYTES: usize = 1_000;

/// Most order lines read in one block of orders (one phase's orders); the lines after
/// are not read and are reported as one error with their count. A phase needs one line
/// per unit (34 on the standard map), so this only stops garbage from taking minutes.
pub const MAX_ORDER_LINES: usize = 10_000;

/// Largest block of orders (an order file, a request's orders), in bytes.
pub const MAX_ORDERS_TEXT_BYTES: usize = 64 << 20;

/// Most errors kept and reported for one block of orders or one file; the rest are
/// counted and reported as "N more errors suppressed".
pub const MAX_REPORTED_ERRORS: usize = 100;

/// Largest variant file (TOML), in bytes.
pub const MAX_VARIANT_FILE_BYTES: usize = 4 << 20;

/// Largest JSON document: a position or a saved game, or one line of a JSON-lines
/// file of recorded games.
pub const MAX_JSON_BYTES: usize = 64 << 20;

/// Largest DATC case file, in bytes.
pub const MAX_CASE_FILE_BYTES: usize = 16 << 20;

/// Largest preference file for power assignment, in bytes.
pub const MAX_PREFERENCES_BYTES: usize = 1 << 20;

/// How much of an oversized line an error message shows, in bytes (cut at a character
/// boundary).
pub const SHOWN_PREFIX_BYTES: usize = 60;

/// The start of `text` an error shows: at most [`SHOWN_PREFIX_BYTES`], ending on a
/// character boundary, with `…` when cut.
pub fn shown_prefix(text: &str) -> String {
    if text.len() <= SHOWN_PREFIX_BYTES {
        return text.to_string();
    }
    let mut end = SHOWN_PREFIX_BYTES;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}

/// Text larger than a limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{what} is {size} bytes, above the limit of {max} bytes")]
pub struct TooLarge {
    /// What was too large (`"the order file"`).
    pub what: &'static str,
    /// Its size.
    pub size: usize,
    /// The limit.
    pub max: usize,
}

/// Refuses `text` longer than `max` bytes.
pub fn check_size(what: &'static str, text: &str, max: usize) -> Result<(), TooLarge> {
    if text.len() > max {
        Err(TooLarge {
            what,
            size: text.len(),
            max,
        })
    } else {
        Ok(())
    }
}
