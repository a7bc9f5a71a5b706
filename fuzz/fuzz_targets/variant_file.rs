//! Any text as a variant file: a variant or an error, never a panic; a variant that
//! loads passes `Map::self_check` without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| standoff_fuzz::variant_file(data));
