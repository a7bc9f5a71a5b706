//! Order files with phase headers: `[Spring 1901 Movement]` followed by that phase's
//! orders. Text before the first header (if it holds orders) belongs to whatever phase
//! the game is at.

use crate::phase::parse_phase;
use crate::phase::Phase;

/// The orders of one phase in an order file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhaseSection {
    /// The header's phase; `None` for orders before any header.
    pub phase: Option<Phase>,
    /// 1-based line of the header (0 when there is none).
    pub line: usize,
    /// The order lines, as text (line numbers count from `line + 1`).
    pub orders: String,
}

impl PhaseSection {
    /// Whether the section holds a line besides blanks and comments.
    pub fn has_orders(&self) -> bool {
        self.orders
            .lines()
            .any(|l| !l.split('#').next().unwrap_or("").trim().is_empty())
    }
}

/// A header that names no phase.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: cannot read phase `{header}` (expected e.g. `[Spring 1901 Movement]`)")]
pub struct HeaderError {
    /// 1-based line.
    pub line: usize,
    /// The header text.
    pub header: String,
}

/// Splits an order file into phase sections.
pub fn split_phases(text: &str) -> Result<Vec<PhaseSection>, HeaderError> {
    let mut out: Vec<PhaseSection> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if let Some(header) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            let phase = parse_phase(header).ok_or_else(|| HeaderError {
                line: i + 1,
                header: header.to_string(),
            })?;
            out.push(PhaseSection {
                phase: Some(phase),
                line: i + 1,
                orders: String::new(),
            });
            continue;
        }
        if out.is_empty() {
            out.push(PhaseSection {
                phase: None,
                line: 0,
                orders: String::new(),
            });
        }
        if let Some(s) = out.last_mut() {
            s.orders.push_str(raw);
            s.orders.push('\n');
        }
    }
    out.retain(|s| s.phase.is_some() || s.has_orders());
    Ok(out)
}
