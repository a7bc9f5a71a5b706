//! Any text as position JSON on the standard map: a position or an error, never a panic;
//! a position that reads survives `to_json` → `from_json` unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| standoff_fuzz::position_json(data));
