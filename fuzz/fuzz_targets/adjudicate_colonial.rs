//! The `adjudicate` scenario on the Colonial map: a random board and random order texts
//! (railway rides and canal permissions among them) played through a movement, a retreat
//! and an adjustment phase, with the same invariants.
#![no_main]

use libfuzzer_sys::fuzz_target;
use standoff_fuzz::{colonial, AdjudicateInput};

fuzz_target!(|input: AdjudicateInput| input.0.run_on(colonial()));
