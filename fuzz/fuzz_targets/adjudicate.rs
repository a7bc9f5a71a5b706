//! A random board (units placed with `Position::place`, centers owned at random) and
//! random order texts, played through a movement, a retreat and an adjustment phase:
//! never panics, and no unit appears or vanishes except as the rules say.
#![no_main]

use libfuzzer_sys::fuzz_target;
use standoff_fuzz::AdjudicateInput;

fuzz_target!(|input: AdjudicateInput| input.0.run());
