//! Any text as the `diplomacy` package's saved-game JSON: read, replayed and loaded,
//! an error or a report, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| standoff_fuzz::mila_game(data));
