//! Any text as preference lists: an assignment or an error, never a panic; one power
//! per player, one player per power.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| standoff_fuzz::assign(data));
