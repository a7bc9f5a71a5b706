//! Splits order text into words and punctuation, keeping byte spans for diagnostics.
//!
//! A lexed line is two buffers whatever its length: the token list and one buffer
//! holding every word's normalised text, which tokens point into by range.
//! [`lex_into`] reuses them from line to line.

use crate::map::{is_word_char, push_normalized_char};
use std::ops::Range;

/// A token kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok {
    /// Letters, digits, apostrophes and dots.
    Word,
    /// `-`, `–`, `—`, `->`, `=>`.
    Dash,
    /// `/`.
    Slash,
    /// `(`.
    Open,
    /// `)`.
    Close,
    /// `:`.
    Colon,
    /// `,` or `;`.
    Comma,
    /// Anything else (reported as unexpected).
    Other,
}

/// A token with its span and where its normalised text is (words only: lower case, no
/// dots; see [`crate::map::normalize_name`]).
#[derive(Clone, Debug)]
pub struct Token {
    /// Kind.
    pub tok: Tok,
    /// Byte range in the input.
    pub span: Range<usize>,
    /// Byte range of the normalised word text in [`Lexed::norms`] (empty for
    /// punctuation).
    norm: Range<usize>,
}

/// A lexed line: its tokens and their normalised texts.
#[derive(Debug, Default)]
pub struct Lexed {
    /// The tokens, in order.
    pub tokens: Vec<Token>,
    /// The normalised texts of all words, one after the other.
    norms: String,
}

impl Lexed {
    /// The normalised text of `token` (empty for punctuation).
    pub fn norm(&self, token: &Token) -> &str {
        self.norms.get(token.norm.clone()).unwrap_or("")
    }
}

/// The character at byte `at` of `input` (a char boundary) and its length, decoding
/// only what is not ASCII.
#[inline]
fn char_at(input: &str, at: usize) -> Option<(char, usize)> {
    match *input.as_bytes().get(at)? {
        b if b.is_ascii() => Some((char::from(b), 1)),
        _ => {
            let c = input.get(at..)?.chars().next()?;
            Some((c, c.len_utf8()))
        }
    }
}

/// Tokenises `input`, normalising each word as it is scanned.
pub fn lex(input: &str) -> Lexed {
    let mut lexed = Lexed::default();
    lex_into(input, &mut lexed);
    lexed
}

/// [`lex`] into `lexed`, whose earlier contents are dropped and whose buffers are
/// reused (a parser reading many lines allocates nothing per line).
pub fn lex_into(input: &str, lexed: &mut Lexed) {
    let Lexed { tokens, norms } = lexed;
    tokens.clear();
    norms.clear();
    norms.reserve(input.len());
    let bytes = input.as_bytes();
    let mut at = 0;
    while let Some((c, len)) = char_at(input, at) {
        let start = at;
        at += len;
        let mut punctuation = |tok, end| {
            tokens.push(Token {
                tok,
                span: start..end,
                norm: 0..0,
            })
        };
        match c {
            c if c.is_whitespace() => {}
            c if is_word_char(c) => {
                let from = norms.len();
                // The word is read again from its first character on.
                at = start;
                loop {
                    match bytes.get(at) {
                        // ASCII, the common case: no decoding, no table.
                        Some(&b) if b.is_ascii_alphanumeric() => {
                            norms.push(char::from(b.to_ascii_lowercase()));
                            at += 1;
                        }
                        Some(b'.' | b'\'') => at += 1,
                        Some(b) if b.is_ascii() => break,
                        Some(_) => match char_at(input, at).filter(|&(d, _)| is_word_char(d)) {
                            Some((d, len)) => {
                                push_normalized_char(norms, d);
                                at += len;
                            }
                            None => break,
                        },
                        None => break,
                    }
                }
                if norms.len() > from {
                    tokens.push(Token {
                        tok: Tok::Word,
                        span: start..at,
                        norm: from..norms.len(),
                    });
                }
            }
            '-' | '–' | '—' | '=' => {
                if bytes.get(at) == Some(&b'>') {
                    at += 1;
                }
                punctuation(Tok::Dash, at);
            }
            '>' => punctuation(Tok::Dash, at),
            '/' => punctuation(Tok::Slash, at),
            '(' | '[' => punctuation(Tok::Open, at),
            ')' | ']' => punctuation(Tok::Close, at),
            ':' => punctuation(Tok::Colon, at),
            ',' | ';' => punctuation(Tok::Comma, at),
            _ => punctuation(Tok::Other, at),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_carry_their_normalised_text_and_punctuation_none() {
        let lexed = lex("England: A St. Petersburg(NC) -> Mid-Atlantic, ÜBER");
        let seen: Vec<(Tok, &str, &str)> = lexed
            .tokens
            .iter()
            .map(|t| {
                (
                    t.tok,
                    &"England: A St. Petersburg(NC) -> Mid-Atlantic, ÜBER"[t.span.clone()],
                    lexed.norm(t),
                )
            })
            .collect();
        assert_eq!(
            seen,
            vec![
                (Tok::Word, "England", "england"),
                (Tok::Colon, ":", ""),
                (Tok::Word, "A", "a"),
                (Tok::Word, "St.", "st"),
                (Tok::Word, "Petersburg", "petersburg"),
                (Tok::Open, "(", ""),
                (Tok::Word, "NC", "nc"),
                (Tok::Close, ")", ""),
                (Tok::Dash, "->", ""),
                (Tok::Word, "Mid", "mid"),
                (Tok::Dash, "-", ""),
                (Tok::Word, "Atlantic", "atlantic"),
                (Tok::Comma, ",", ""),
                (Tok::Word, "ÜBER", "über"),
            ]
        );
    }

    /// The lexer as first written (a char at a time, each word normalised after it is
    /// scanned): the byte-level one must give the same tokens.
    fn reference(input: &str) -> Vec<(Tok, Range<usize>, String)> {
        let mut out = Vec::new();
        let mut chars = input.char_indices().peekable();
        while let Some((start, c)) = chars.next() {
            let single = |tok| (tok, start..start + c.len_utf8(), String::new());
            match c {
                c if c.is_whitespace() => {}
                c if is_word_char(c) => {
                    let mut end = start + c.len_utf8();
                    while let Some(&(i, d)) = chars.peek() {
                        if is_word_char(d) {
                            end = i + d.len_utf8();
                            chars.next();
                        } else {
                            break;
                        }
                    }
                    let norm = crate::map::normalize_name(&input[start..end]);
                    if !norm.is_empty() {
                        out.push((Tok::Word, start..end, norm));
                    }
                }
                '-' | '–' | '—' | '=' => {
                    let mut end = start + c.len_utf8();
                    if let Some(&(i, '>')) = chars.peek() {
                        end = i + 1;
                        chars.next();
                    }
                    out.push((Tok::Dash, start..end, String::new()));
                }
                '>' => out.push(single(Tok::Dash)),
                '/' => out.push(single(Tok::Slash)),
                '(' | '[' => out.push(single(Tok::Open)),
                ')' | ']' => out.push(single(Tok::Close)),
                ':' => out.push(single(Tok::Colon)),
                ',' | ';' => out.push(single(Tok::Comma)),
                _ => out.push(single(Tok::Other)),
            }
        }
        out
    }

    fn tokens(input: &str) -> Vec<(Tok, Range<usize>, String)> {
        let lexed = lex(input);
        lexed
            .tokens
            .iter()
            .map(|t| (t.tok, t.span.clone(), lexed.norm(t).to_string()))
            .collect()
    }

    #[test]
    fn agrees_with_the_char_at_a_time_lexer() {
        let samples = [
            "England: F North Sea - Picardy",
            "A Lvp-Edi via Convoy",
            "F stp(nc) –> bot ; A mun=>ber, A par — bur",
            "\u{b}A\u{a0}Par\u{85}H\t\r\n",
            "1/2A par, A* par, ½ F nth",
            "Österreich: A Wien → Böhmen",
            "",
            "   ",
            "-",
            "->",
            "=",
            "A 'Hol' ... Bel.",
        ];
        for s in samples {
            assert_eq!(tokens(s), reference(s), "{s:?}");
        }
        // Every character of the first planes, alone and between words and dashes.
        for c in (0u32..0x3_0000).filter_map(char::from_u32) {
            for s in [c.to_string(), format!("Ab{c}Cd -{c}> x{c}")] {
                assert_eq!(tokens(&s), reference(&s), "{c:?}");
            }
        }
    }

    #[test]
    fn a_word_of_only_dots_is_no_token() {
        let lexed = lex("A ... Lon");
        let norms: Vec<&str> = lexed.tokens.iter().map(|t| lexed.norm(t)).collect();
        assert_eq!(norms, vec!["a", "lon"]);
    }
}
