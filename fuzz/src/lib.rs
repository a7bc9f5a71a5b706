//! Shared code of the standoff fuzz targets.
//!
//! The checks themselves live in `checks.rs`, which has no dependency on libFuzzer or
//! `arbitrary` so that `crates/standoff/tests/fuzz_regressions.rs` can compile the very
//! same file and replay saved crash inputs under plain `cargo test`.

mod checks;

pub use checks::{
    assign, case_file, colonial, game_loop, mila_game, parse_order, position_json, saved_game,
    standard, variant_file, Scenario,
};

use arbitrary::{Arbitrary, Result, Unstructured};
use std::fmt;

/// The input of the `adjudicate` target: a [`Scenario`] built from fuzz bytes.
///
/// Its `Debug` form is the scenario's JSON, the form the regression folder
/// `crates/standoff/tests/data/fuzz/adjudicate/` holds: `cargo fuzz fmt adjudicate
/// <artifact>` prints it.
pub struct AdjudicateInput(pub Scenario);

/// Most units and owned centers one input places (a full standard board has 34 of each).
const MAX_UNITS: u8 = 40;
const MAX_OWNERS: u8 = 34;

/// Byte layout (what [`AdjudicateInput::to_bytes`] writes): `initial` and `fall` flags
/// (bit 0 of a byte each); a unit count byte (mod 41), then per unit a little-endian `u16`
/// location, a power byte and a fleet flag byte; an owner count byte (mod 35), then per
/// owner a little-endian `u16` center number and a power byte; the rest is the order text
/// (UTF-8, read lossily), the three phases separated by NUL bytes.
impl<'a> Arbitrary<'a> for AdjudicateInput {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let initial = u.arbitrary()?;
        let fall = u.arbitrary()?;
        let n = u.int_in_range(0..=MAX_UNITS)?;
        let mut units = Vec::with_capacity(n as usize);
        for _ in 0..n {
            units.push(u.arbitrary()?);
        }
        let n = u.int_in_range(0..=MAX_OWNERS)?;
        let mut owners = Vec::with_capacity(n as usize);
        for _ in 0..n {
            owners.push(u.arbitrary()?);
        }
        let rest = u.bytes(u.len())?;
        let text = String::from_utf8_lossy(rest);
        let mut parts = text.splitn(3, '\0').map(str::to_string);
        Ok(AdjudicateInput(Scenario {
            initial,
            fall,
            units,
            owners,
            movement: parts.next().unwrap_or_default(),
            retreat: parts.next().unwrap_or_default(),
            adjustment: parts.next().unwrap_or_default(),
        }))
    }
}

impl AdjudicateInput {
    /// The fuzz bytes that decode to `scenario` (for hand-written seeds). Lists longer
    /// than the decoder reads are cut; order texts must not contain NUL.
    pub fn to_bytes(scenario: &Scenario) -> Vec<u8> {
        let mut out = vec![u8::from(scenario.initial), u8::from(scenario.fall)];
        let units = &scenario.units[..scenario.units.len().min(MAX_UNITS as usize)];
        out.push(units.len() as u8);
        for &(loc, pow, fleet) in units {
            out.extend(loc.to_le_bytes());
            out.push(pow);
            out.push(u8::from(fleet));
        }
        let owners = &scenario.owners[..scenario.owners.len().min(MAX_OWNERS as usize)];
        out.push(owners.len() as u8);
        for &(c, pow) in owners {
            out.extend(c.to_le_bytes());
            out.push(pow);
        }
        let text = format!(
            "{}\0{}\0{}",
            scenario.movement, scenario.retreat, scenario.adjustment
        );
        out.extend(text.as_bytes());
        out
    }
}

impl fmt::Debug for AdjudicateInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.to_json(standard()))
    }
}
