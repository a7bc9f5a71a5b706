//! Splits order text into words and punctuation, keeping byte spans for diagnostics.
//!
//! Lexing allocates twice per line whatever its length: the token list and one buffer
//! holding every word's normalised text, which tokens point into by range.

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

/// Whether `c` continues (or starts) a word.
fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '.' || c == '\''
}

/// Tokenises `input`.
pub fn lex(input: &str) -> Lexed {
    let mut tokens = Vec::with_capacity(8);
    let mut norms = String::with_capacity(input.len());
    let mut chars = input.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        let single = |tok| Token {
            tok,
            span: start..start + c.len_utf8(),
            norm: 0..0,
        };
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
                let from = norms.len();
                crate::map::push_normalized(&mut norms, &input[start..end]);
                if norms.len() > from {
                    tokens.push(Token {
                        tok: Tok::Word,
                        span: start..end,
                        norm: from..norms.len(),
                    });
                }
            }
            '-' | '–' | '—' | '=' => {
                let mut end = start + c.len_utf8();
                if let Some(&(i, '>')) = chars.peek() {
                    end = i + 1;
                    chars.next();
                }
                tokens.push(Token {
                    tok: Tok::Dash,
                    span: start..end,
                    norm: 0..0,
                });
            }
            '>' => tokens.push(single(Tok::Dash)),
            '/' => tokens.push(single(Tok::Slash)),
            '(' | '[' => tokens.push(single(Tok::Open)),
            ')' | ']' => tokens.push(single(Tok::Close)),
            ':' => tokens.push(single(Tok::Colon)),
            ',' | ';' => tokens.push(single(Tok::Comma)),
            _ => tokens.push(single(Tok::Other)),
        }
    }
    Lexed { tokens, norms }
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

    #[test]
    fn a_word_of_only_dots_is_no_token() {
        let lexed = lex("A ... Lon");
        let norms: Vec<&str> = lexed.tokens.iter().map(|t| lexed.norm(t)).collect();
        assert_eq!(norms, vec!["a", "lon"]);
    }
}
