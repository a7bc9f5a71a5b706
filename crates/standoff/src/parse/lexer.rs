//! Splits order text into words and punctuation, keeping byte spans for diagnostics.

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

/// A token with its span and normalised text (words only: lower case, no dots).
#[derive(Clone, Debug)]
pub struct Token {
    /// Kind.
    pub tok: Tok,
    /// Byte range in the input.
    pub span: Range<usize>,
    /// Normalised word text (empty for punctuation).
    pub norm: String,
}

/// Tokenises `input`.
pub fn lex(input: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut chars = input.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        let single = |tok| Token {
            tok,
            span: start..start + c.len_utf8(),
            norm: String::new(),
        };
        match c {
            c if c.is_whitespace() => {}
            c if c.is_alphanumeric() || c == '.' || c == '\'' => {
                let mut end = start + c.len_utf8();
                while let Some(&(i, d)) = chars.peek() {
                    if d.is_alphanumeric() || d == '.' || d == '\'' {
                        end = i + d.len_utf8();
                        chars.next();
                    } else {
                        break;
                    }
                }
                let norm = crate::map::normalize_name(&input[start..end]);
                if !norm.is_empty() {
                    out.push(Token {
                        tok: Tok::Word,
                        span: start..end,
                        norm,
                    });
                }
            }
            '-' | '–' | '—' | '=' => {
                let mut end = start + c.len_utf8();
                if let Some(&(i, '>')) = chars.peek() {
                    end = i + 1;
                    chars.next();
                }
                out.push(Token {
                    tok: Tok::Dash,
                    span: start..end,
                    norm: String::new(),
                });
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
