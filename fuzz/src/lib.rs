//! Shared code of the standoff fuzz targets.
//!
//! The checks themselves live in `checks.rs`, which has no dependency on libFuzzer or
//! `arbitrary` so that `crates/standoff/tests/fuzz_regressions.rs` can compile the very
//! same file and replay saved crash inputs under plain `cargo test`.

mod checks;

pub use checks::{parse_order, position_json, standard, variant_file, Scenario};

use arbitrary::{Arbitrary, Result, Unstructured};
use std::fmt;

/// The input of the `adjudicate` target: a [`Scenario`] built from fuzz bytes.
///
/// Its `Debug` form is the scenario's JSON, the form the regression folder
/// `crates/standoff/tests/data/fuzz/adjudicate/` holds: `cargo fuzz fmt adjudicate
/// <artifact>` prints it.
pub struct AdjudicateInput(pub Scenario);

impl<'a> Arbitrary<'a> for AdjudicateInput {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let initial = u.arbitrary()?;
        let fall = u.arbitrary()?;
        let n = u.int_in_range(0..=40)?;
        let mut units = Vec::with_capacity(n);
        for _ in 0..n {
            units.push(u.arbitrary()?);
        }
        let n = u.int_in_range(0..=34)?;
        let mut owners = Vec::with_capacity(n);
        for _ in 0..n {
            owners.push(u.arbitrary()?);
        }
        // Order texts take what is left, split in three.
        let movement = u.arbitrary()?;
        let retreat = u.arbitrary()?;
        let adjustment = u.arbitrary_take_rest()?;
        Ok(AdjudicateInput(Scenario {
            initial,
            fall,
            units,
            owners,
            movement,
            retreat,
            adjustment,
        }))
    }
}

impl fmt::Debug for AdjudicateInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.to_json(standard()))
    }
}
