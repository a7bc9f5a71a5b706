//! Turns a scenario JSON (the form of `crates/standoff/tests/data/fuzz/adjudicate/`, and
//! what `cargo fuzz fmt adjudicate <artifact>` prints) into the bytes the `adjudicate`
//! target reads, checking that they decode back to the same scenario.
//!
//! `cargo run --example adjudicate_seed -- scenario.json seeds/adjudicate/name`

use arbitrary::{Arbitrary, Unstructured};
use standoff_fuzz::{standard, AdjudicateInput, Scenario};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output] = args.as_slice() else {
        eprintln!("usage: adjudicate_seed SCENARIO.json OUTPUT");
        return ExitCode::FAILURE;
    };
    let text = match std::fs::read_to_string(input) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{input}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let scenario = match Scenario::from_json(standard(), &text) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{input}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let bytes = AdjudicateInput::to_bytes(&scenario);
    match AdjudicateInput::arbitrary(&mut Unstructured::new(&bytes)) {
        Ok(back) if back.0 == scenario => {}
        _ => {
            eprintln!("{input}: the bytes do not decode to the same scenario");
            return ExitCode::FAILURE;
        }
    }
    if let Err(e) = standoff_io::write_bytes_atomic(std::path::Path::new(output), &bytes) {
        eprintln!("{output}: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
