//! The list of known differences of a replay (`random-seed1.known` beside the sample):
//! phases where standoff and the recorded game disagree for a reason already triaged.
//! One `<game id> <phase> <reason>` per line; `#` starts a comment.

use std::collections::BTreeSet;

/// A known-differences list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KnownDiffs {
    phases: BTreeSet<(String, String)>,
}

/// A line of a known-differences list that names no game and phase.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: expected `<game id> <phase> <reason>`")]
pub struct KnownDiffsError {
    /// 1-based line.
    pub line: usize,
}

impl KnownDiffs {
    /// Reads a list; a line with fewer than two words is refused.
    pub fn parse(text: &str) -> Result<KnownDiffs, KnownDiffsError> {
        let mut phases = BTreeSet::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let mut words = line.split_whitespace();
            match (words.next(), words.next()) {
                (Some(game), Some(phase)) => {
                    phases.insert((game.to_string(), phase.to_string()));
                }
                _ => return Err(KnownDiffsError { line: i + 1 }),
            }
        }
        Ok(KnownDiffs { phases })
    }

    /// Whether `phase` of `game` is a known difference.
    pub fn contains(&self, game: &str, phase: &str) -> bool {
        self.phases.contains(&(game.to_string(), phase.to_string()))
    }

    /// The number of known differences.
    pub fn len(&self) -> usize {
        self.phases.len()
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.phases.is_empty()
    }

    /// The `(game, phase)` pairs, sorted.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.phases.iter().map(|(g, p)| (g.as_str(), p.as_str()))
    }
}
