//! Any bytes (read as UTF-8, lossily) as order text of each phase kind: never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| standoff_fuzz::parse_order(data));
