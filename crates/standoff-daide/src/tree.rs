//! Bracket structure of a language message: a token sequence read as a tree whose
//! nodes remember where they stood in the sequence (so a syntax error can point at
//! the offending token, as HUH's ERR does), and the helpers that write one.

use crate::token::{names, Token};

/// Deepest bracket nesting accepted (a level-0 message needs fewer than ten).
pub const MAX_DEPTH: usize = 64;

/// One node: a token, or a bracketed group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// A single token at index `at`.
    Leaf {
        /// The token.
        token: Token,
        /// Its index in the message.
        at: usize,
    },
    /// `( ... )` whose opening bracket is at index `at`; `end` is the closing bracket's.
    Group {
        /// What is inside.
        items: Vec<Node>,
        /// Index of `(`.
        at: usize,
        /// Index of `)`.
        end: usize,
    },
}

impl Node {
    /// Index of the node's first token.
    pub fn at(&self) -> usize {
        match self {
            Node::Leaf { at, .. } | Node::Group { at, .. } => *at,
        }
    }

    /// The token, if a leaf.
    pub fn token(&self) -> Option<Token> {
        match self {
            Node::Leaf { token, .. } => Some(*token),
            Node::Group { .. } => None,
        }
    }

    /// The items, if a group.
    pub fn items(&self) -> Option<&[Node]> {
        match self {
            Node::Group { items, .. } => Some(items),
            Node::Leaf { .. } => None,
        }
    }
}

/// Brackets that do not match (answered with PRN).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BracketError {
    /// A `)` with no `(` before it, at this index.
    #[error("unmatched `)` at token {0}")]
    Unopened(usize),
    /// A `(` never closed.
    #[error("{0} bracket(s) never closed")]
    Unclosed(usize),
    /// Nesting deeper than [`MAX_DEPTH`].
    #[error("brackets nested deeper than {MAX_DEPTH}")]
    TooDeep,
}

/// Reads `tokens` as a bracket tree.
pub fn tree(tokens: &[Token]) -> Result<Vec<Node>, BracketError> {
    let mut stack: Vec<(Vec<Node>, usize)> = vec![(Vec::new(), 0)];
    for (i, &t) in tokens.iter().enumerate() {
        if t == names::BRA {
            if stack.len() > MAX_DEPTH {
                return Err(BracketError::TooDeep);
            }
            stack.push((Vec::new(), i));
        } else if t == names::KET {
            if stack.len() < 2 {
                return Err(BracketError::Unopened(i));
            }
            let (items, at) = stack.pop().ok_or(BracketError::Unopened(i))?;
            let group = Node::Group { items, at, end: i };
            if let Some(top) = stack.last_mut() {
                top.0.push(group);
            }
        } else if let Some(top) = stack.last_mut() {
            top.0.push(Node::Leaf { token: t, at: i });
        }
    }
    if stack.len() > 1 {
        return Err(BracketError::Unclosed(stack.len() - 1));
    }
    Ok(stack.pop().map(|(items, _)| items).unwrap_or_default())
}

/// Builds a token sequence.
#[derive(Clone, Debug, Default)]
pub struct Writer {
    /// The tokens so far.
    pub tokens: Vec<Token>,
}

impl Writer {
    /// An empty writer.
    pub fn new() -> Writer {
        Writer::default()
    }

    /// One token.
    pub fn token(&mut self, t: Token) -> &mut Writer {
        self.tokens.push(t);
        self
    }

    /// Several tokens.
    pub fn tokens(&mut self, ts: &[Token]) -> &mut Writer {
        self.tokens.extend_from_slice(ts);
        self
    }

    /// An integer (clamped to the representable range).
    pub fn int(&mut self, v: i32) -> &mut Writer {
        let v = v.clamp(-8192, 8191);
        self.tokens.push(Token::from_integer(v).unwrap_or(Token(0)));
        self
    }

    /// `( ... )` around what `inside` writes.
    pub fn group(&mut self, inside: impl FnOnce(&mut Writer)) -> &mut Writer {
        self.tokens.push(names::BRA);
        inside(self);
        self.tokens.push(names::KET);
        self
    }

    /// `('text')`.
    pub fn text(&mut self, text: &str) -> &mut Writer {
        self.group(|w| {
            w.tokens.extend(crate::token::text_tokens(text));
        })
    }

    /// The tokens.
    pub fn finish(&mut self) -> Vec<Token> {
        std::mem::take(&mut self.tokens)
    }
}

/// `tokens` with ERR inserted before index `at` (HUH's form).
pub fn with_err(tokens: &[Token], at: usize) -> Vec<Token> {
    let at = at.min(tokens.len());
    let mut out = Vec::with_capacity(tokens.len() + 1);
    out.extend_from_slice(&tokens[..at]);
    out.push(names::ERR);
    out.extend_from_slice(&tokens[at..]);
    out
}

/// Tokens as readable text (`HLO ( ENG ) ( 1234 )`), for logs and tests.
pub fn to_text(tokens: &[Token]) -> String {
    let mut out = String::new();
    let mut in_text = false;
    for t in tokens {
        if t.is_text() {
            if !in_text {
                if !out.is_empty() {
                    out.push(' ');
                }
                out.push('\'');
                in_text = true;
            }
            out.push(t.number() as char);
            continue;
        }
        if in_text {
            out.push('\'');
            in_text = false;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&t.to_string());
    }
    if in_text {
        out.push('\'');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::token::names::*;

    #[test]
    fn brackets_build_a_tree_with_positions() {
        let tokens = [NOT, BRA, GOF, KET];
        let t = tree(&tokens).expect("balanced");
        assert_eq!(t.len(), 2);
        assert_eq!(t[1].at(), 1);
        assert_eq!(t[1].items().map(|i| i.len()), Some(1));
        assert_eq!(tree(&[KET]), Err(BracketError::Unopened(0)));
        assert_eq!(tree(&[BRA, BRA, KET]), Err(BracketError::Unclosed(1)));
        let deep: Vec<Token> = std::iter::repeat_n(BRA, MAX_DEPTH + 2).collect();
        assert_eq!(tree(&deep), Err(BracketError::TooDeep));
    }

    #[test]
    fn err_goes_before_the_offending_token() {
        assert_eq!(with_err(&[SUB, BRA], 1), vec![SUB, ERR, BRA]);
        assert_eq!(with_err(&[SUB], 9), vec![SUB, ERR]);
    }
}
