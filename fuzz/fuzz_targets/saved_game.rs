//! Any text as a saved game (`GameJson` → `RecordedGame::from_json`, standard map): a
//! game or an error, never a panic; a game that loads saves and loads as the same game.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| standoff_fuzz::saved_game(data));
