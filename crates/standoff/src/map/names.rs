//! Name normalisation shared by the map's name table and the parser.

/// Lower-cases `s` and drops everything but letters and digits, so that
/// `"Mid-Atlantic Ocean"`, `"mid atlantic ocean"` and `"MidAtlanticOcean"` are one key.
pub fn normalize_name(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    push_normalized(&mut out, s);
    out
}

/// Whether `c` continues (or starts) a word of order text or of a name: letters,
/// digits, apostrophes and dots (the parser's lexer and the map's index of names of
/// several words split text alike).
pub(crate) fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '.' || c == '\''
}

/// Appends [`normalize_name`]`(s)` to `out`.
fn push_normalized(out: &mut String, s: &str) {
    for c in s.chars() {
        push_normalized_char(out, c);
    }
}

/// Appends the normalised form of one character to `out`: itself lower-cased if it is a
/// letter or digit, nothing otherwise (the parser's lexer normalises words as it scans
/// them). ASCII, the common case, needs no table.
#[inline]
pub fn push_normalized_char(out: &mut String, c: char) {
    if c.is_ascii() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        }
    } else if c.is_alphanumeric() {
        out.extend(c.to_lowercase());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition the fast path must agree with.
    fn by_definition(s: &str) -> String {
        s.chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect()
    }

    #[test]
    fn agrees_with_the_definition_on_ascii_and_beyond() {
        let samples = [
            "Mid-Atlantic Ocean",
            "St. Petersburg (north coast)",
            "  ",
            "ÜBER straße İstanbul ΣΑΣ Ǆ ½ ② 𝔸",
            "Gulf of Bothnia",
            "A1b2-C3'd.",
        ];
        for s in samples {
            assert_eq!(normalize_name(s), by_definition(s), "{s}");
        }
        // Every character in the first planes, one at a time.
        for c in (0u32..0x3_0000).filter_map(char::from_u32) {
            let s = c.to_string();
            assert_eq!(normalize_name(&s), by_definition(&s), "{c:?}");
        }
    }
}
