//! Any text as a DATC case file, read and every case run: an error or a report, never
//! a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| standoff_fuzz::case_file(data));
